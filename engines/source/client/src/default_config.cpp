// GMod's default key layout (default_config.hpp). Commands Vestige does not have yet (+menu, gmod_undo, ...) stay
// bound as GMod binds them: pressing one prints "Unknown command" and is counted, rather than the key silently
// doing nothing.
#include "vestige/source/client/default_config.hpp"

namespace vestige::source::client {

std::string_view defaultConfig() {
    return "unbindall\n"
           // movement
           "bind w +forward\nbind s +back\nbind a +moveleft\nbind d +moveright\n"
           "bind SPACE +jump\nbind CTRL +duck\nbind SHIFT +speed\nbind ALT +walk\n"
           "bind UPARROW +lookup\nbind DOWNARROW +lookdown\nbind LEFTARROW +left\nbind RIGHTARROW +right\n"
           // actions
           "bind MOUSE1 +attack\nbind ENTER +attack\nbind MOUSE2 +attack2\nbind e +use\nbind r +reload\n"
           "bind TAB +showscores\nbind b +zoom\nbind f \"impulse 100\"\nbind t \"impulse 201\"\n"
           // weapons
           "bind 1 slot1\nbind 2 slot2\nbind 3 slot3\nbind 4 slot4\nbind 5 slot5\nbind 6 slot6\n"
           "bind MWHEELUP invprev\nbind MWHEELDOWN invnext\n"
           // GMod
           "bind q +menu\nbind c +menu_context\nbind z gmod_undo\nbind v noclip\nbind y messagemode\n"
           "bind u messagemode2\nbind F5 jpeg\nbind ` toggleconsole\nbind F10 toggleconsole\n"
           "sensitivity 3\n";
}

}  // namespace vestige::source::client
