#pragma once
// Headless play (`vestige play --headless`, the demo's play stage): the GLua session of `vestige lua` ticked
// exactly as that verb ticks it, and every K ticks the map drawn from the player's eye into an image. The scene is
// uploaded once; only the camera moves between shots.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "lua_report.hpp"
#include "lua_session.hpp"
#include "play_console.hpp"
#include "play_sound.hpp"
#include "scene_input.hpp"
#include "vestige/image/image.hpp"
#include "vestige/source/client/recording.hpp"
#include "vestige/source/game/headless.hpp"
#include "vestige/viewer/input_script.hpp"

namespace vestige::app {

struct PlayView {
    std::uint32_t width = 1280, height = 720;
    std::uint64_t every = 66;  // a shot every this many ticks, and one on the last tick
};

struct PlayShot {
    std::uint64_t tick = 0;
    std::string file;         // tick_000123.png
    bool fromPlayer = false;  // false: no player yet, the map's own camera
    Vec3 eye, angles;         // Source setpos / setang
};

// Takes the image of one shot (writes it to disk, or into the demo's folder).
using ShotSink = std::function<Status(const PlayShot& shot, const image::Image& image)>;

// One tick of play, for both front ends: the player's command (the --input script's, as `vestige lua --input` gives
// it, or the console's CInput), the world's tick, the trace line, the view the server snapped, the client realm's
// frame. The player joins before the first tick.
class PlayTicker {
public:
    PlayTicker(LuaSession& session, PlayConsole& console, TraceLine line);
    // --record: each tick's command and console lines go to `out` (the header first; finishRecording the end).
    void record(std::ostream* out);
    void finishRecording();
    // --playback: the commands and console lines come from `recording` (after its last tick: empty commands).
    void playback(const source::client::Recording* recording) { mPlayback = recording; }
    // Sound (play_sound.hpp): fed before each tick (what the console's commands emitted) and after it.
    void sound(PlaySound* sound) { mSound = sound; }
    [[nodiscard]] Status tick();
    [[nodiscard]] std::uint64_t ticks() const { return mTicks; }
    // The player's eye after the last two ticks (for drawing between them); false before it has spawned.
    [[nodiscard]] bool eye(Vec3* previous, Vec3* current) const;

private:
    LuaSession& mSession;
    PlayConsole& mConsole;
    TraceLine mLine;
    source::game::ScriptCursor mCursor;
    source::game::EntityHandle mPlayer;
    std::ostream* mRecord = nullptr;
    const source::client::Recording* mPlayback = nullptr;
    PlaySound* mSound = nullptr;
    std::uint64_t mTicks = 0;
    bool mHaveEye = false;
    Vec3 mPrevEye, mEye;
};

// What rides along a run of either front end: --record, --playback, the sound output.
struct PlayTape {
    std::ostream* record = nullptr;
    const source::client::Recording* playback = nullptr;
    PlaySound* sound = nullptr;
};

// Runs the session's ticks (the console's buffer before each, `line` gets each tick's trace line) and the shots.
// Fails before the first tick when no GL context can be made ("render.no_egl").
[[nodiscard]] Result<std::vector<PlayShot>> playHeadless(LuaSession& session, PlayConsole& console,
                                                         const LoadedScene& scene, const PlayView& view,
                                                         const TraceLine& line, const ShotSink& sink,
                                                         const PlayTape& tape = {});

// One drawn frame of the window (`-o DIR`'s frames.jsonl): the world ticks it ran before drawing and the eye it drew
// from. It is how input-to-photon latency is measured: a key's command goes into the ticks of the frame it arrived in.
struct PlayFrame {
    std::uint64_t frame = 0;
    std::uint64_t firstTick = 0, lastTick = 0;  // the world ticks run in this frame; none when firstTick > lastTick
    float lerp = 0;                             // where the drawn eye lies between the last two ticks
    bool fromPlayer = false;                    // false: the map's camera (no player yet)
    Vec3 eye;                                   // the camera's position as drawn
};
using FrameSink = std::function<void(const PlayFrame& frame)>;
[[nodiscard]] std::string frameJson(const PlayFrame& frame);

// The windowed client: a platform window, frames at the display's rate (or a --script's --fps), game ticks at the
// session's fixed rate from the frame time, the eye drawn between the last two ticks, the view angles of this
// frame's mouse, the HUD over it. Ends on quit (window closed, Escape, `quit`), after `frames` frames or `ticks`
// ticks (0: unlimited). config.cfg is written on the way out when there is a --cfg-dir.
struct PlayWindowRun {
    std::string title = "Vestige";
    std::uint32_t width = 1280, height = 720;
    const viewer::InputScript* script = nullptr;  // scripted frames (the offscreen video driver is accepted)
    std::uint32_t fps = 60;
    std::uint64_t frames = 0, ticks = 0;
    std::filesystem::path screenshotDir = ".";
    bool writeConfigOnQuit = true;
    FrameSink frameSink;  // each drawn frame, when set
};
struct PlayWindowResult {
    std::uint64_t frames = 0, ticks = 0;
    std::string driver;
    std::vector<std::filesystem::path> screenshots;
};
[[nodiscard]] Result<PlayWindowResult> playWindow(LuaSession& session, PlayConsole& console, const LoadedScene& scene,
                                                  const PlayWindowRun& run, const TraceLine& line,
                                                  const PlayTape& tape = {});

// `vestige lua`'s report of the session (luaReport + traceHash) with the view and the shots (tick, file, camera).
[[nodiscard]] nlohmann::json playReport(LuaSession& session, const std::string& mapFile, const PlayView& view,
                                        std::span<const PlayShot> shots);

// The demo's play stage (demo/play.cpp).
DemoStage demoStagePlay();
// The demo's play_sound stage (demo/play_sound.cpp) and its map: a room, a use button with a press sound, the
// soundscript and the wave in the pakfile.
DemoStage demoStagePlaySound();
[[nodiscard]] Result<Bytes> buttonSoundMap();

}  // namespace vestige::app
