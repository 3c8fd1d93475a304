#pragma once
// The local player's console and input in `vestige play`: the client console (source/client) with CInput's buttons,
// wired to the session as a listen server's host console is:
//
//   unknown to the console  ->  the server realm (lua_run, kill, noclip, ent_fire, its Lua commands and variables)
//                           ->  the client realm (lua_run_cl, its Lua commands and variables)
//   exec NAME               ->  --cfg-dir, then <gmod-dir>/cfg (read only: Vestige never writes into an install)
//   at start                ->  config.cfg if one is found (else GMod's default binds), autoexec.cfg when present,
//                               --exec FILE, then the command line's +commands (Source's stuffcmds)
//   quit / exit, screenshot / jpeg, host_writeconfig (config.cfg into --cfg-dir)
//   slot1..slot10, invnext, invprev, lastinv  ->  the next command's weapon choice (fast switch, no menu)
//
// Each tick: the console's buffer runs (Cbuf_Execute), then CInput builds the player's command.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lua_session.hpp"
#include "vestige/font/face.hpp"
#include "vestige/scene/draw2d.hpp"
#include "vestige/source/client/console.hpp"
#include "vestige/source/client/console_panel.hpp"
#include "vestige/source/client/input.hpp"
#include "vestige/source/client/weapon_selection.hpp"
#include "vestige/viewer/frame_input.hpp"

namespace vestige::app {

struct PlayConsoleOptions {
    std::filesystem::path cfgDir;          // read and written; empty: nothing is written
    std::filesystem::path gmodCfg;         // <gmod-dir>/cfg, read only; empty without --gmod-dir
    std::string execFile;                  // --exec: a host file run after autoexec.cfg
    std::vector<std::string> commandLine;  // "+map", "x", "+sv_cheats", "1" ... as given after MAP
    // --playback: the recording brings every command and console line; the start-up does not run and what the
    // console would send a realm is dropped (counted as unknown never; listed in the report).
    bool playback = false;
};

class PlayConsole {
public:
    // Builds the console and input over the session (its realms must outlive this object) and queues the start-up
    // sequence; nothing runs before the first frame. Fails when --exec names a file that cannot be read.
    [[nodiscard]] static Result<std::unique_ptr<PlayConsole>> create(LuaSession& session,
                                                                     const PlayConsoleOptions& options);

    // A platform frame's keys, buttons and wheel as Key_Event calls (edges in a fixed order: releases after
    // presses for keys tapped inside the frame), the mouse into CInput. While the on-screen console is open the
    // frame is its typing instead (every held button is let go when it opens); Escape with it closed quits (there
    // is no game menu).
    void frameInput(const viewer::FrameInput& f);
    // The on-screen console over the frame's 2D list (nothing while it is closed).
    void drawPanel(scene::DrawList2D& out, std::uint32_t width, std::uint32_t height) const;
    // Runs the buffer (once per frame).
    void execute() { mConsole.execute(); }
    // The next command of the player (CInput::CreateMove over one tick, then the client realm's CreateMove).
    [[nodiscard]] source::game::UserCmd createMove(float tickInterval);
    // The console lines a realm ran since the last call (what a recording keeps).
    [[nodiscard]] std::vector<std::string> takeForwarded() { return std::exchange(mForwarded, {}); }
    // A recorded console line, sent to the realms as the console sent it.
    void replay(std::string_view line);
    // After a tick: the server snapped the player's view (spawn, teleport, SetEyeAngles).
    void followServer(source::game::World& world);

    [[nodiscard]] source::client::Console& console() { return mConsole; }
    [[nodiscard]] source::client::Input& input() { return mInput; }
    [[nodiscard]] bool quitRequested() const { return mQuit; }
    // A screenshot asked for by `screenshot`/`jpeg` since the last call.
    [[nodiscard]] bool takeScreenshotRequest();
    // host_writeconfig: config.cfg into cfgDir (an error when there is none or it cannot be written).
    [[nodiscard]] Status writeConfig();
    // What the report shows: commands run, unknown ones by name, lines dropped, the console's printed text.
    [[nodiscard]] nlohmann::json reportJson() const;

private:
    PlayConsole(LuaSession& session, PlayConsoleOptions options);
    std::optional<std::string> readCfg(const std::string& name) const;

    LuaSession& mSession;
    PlayConsoleOptions mOptions;
    source::client::Console mConsole;
    source::client::Input mInput{mConsole};
    source::client::ConsolePanel mPanel{mConsole};
    std::unique_ptr<source::client::WeaponSelection> mWeapons;  // slot1..10, invnext/invprev, lastinv
    std::unique_ptr<font::Face> mFont;  // the panel's text (DejaVu Sans Mono, or the fallback face); may be null
    std::string mFontNote;
    bool mPanelWasOpen = false;
    std::vector<std::string> mForwarded;
    std::uint64_t mDroppedInPlayback = 0;
    bool mQuit = false, mShot = false;
    std::string mOutput;  // what the console printed (kept for the report, also sent to the session's output)
};

}  // namespace vestige::app
