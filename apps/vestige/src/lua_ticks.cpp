// `vestige lua`'s tick loop: the player driven by an input script (the `vestige move` format, as `vestige game`
// reads it) inside the Lua session, and one JSON line per tick with --trace.
#include <string>

#include "app.hpp"
#include "lua_report.hpp"
#include "vestige/source/game/headless.hpp"

namespace vestige::app {

void runLuaTicks(source::glua::Runtime& rt, std::span<const source::movement::ScriptCommand> script,
                 std::uint64_t ticks, bool trace) {
    using namespace vestige::source;
    game::ScriptCursor cursor(script);
    // The first tick's command needs the player before that tick: it joins now rather than on the tick.
    const game::EntityHandle player = script.empty() ? game::EntityHandle{} : rt.joinPlayer().handle;
    for (std::uint64_t t = 0; t < ticks; ++t) {
        game::World& world = rt.world();
        if (game::Entity* p = world.get(player)) world.setCommand(*p, cursor.next());
        rt.tick();
        if (trace) printOut(game::tickJson(world, world.player(1)));
    }
}

}  // namespace vestige::app
