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
#include "scene_input.hpp"
#include "vestige/image/image.hpp"

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

// Runs the session's ticks (runLuaTicks: `line` gets each tick's trace line) and the shots. Fails before the first
// tick when no GL context can be made ("render.no_egl").
[[nodiscard]] Result<std::vector<PlayShot>> playHeadless(LuaSession& session, const LoadedScene& scene,
                                                         const PlayView& view, const TraceLine& line,
                                                         const ShotSink& sink);

// `vestige lua`'s report of the session (luaReport + traceHash) with the view and the shots (tick, file, camera).
[[nodiscard]] nlohmann::json playReport(LuaSession& session, const std::string& mapFile, const PlayView& view,
                                        std::span<const PlayShot> shots);

// The demo's play stage (demo/play.cpp).
DemoStage demoStagePlay();

}  // namespace vestige::app
