// The windowed client of `vestige play` (play_session.hpp): platform frames in, fixed game ticks from the frame
// time, the view drawn between ticks.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "play_session.hpp"
#include "vestige/platform_sdl/window.hpp"
#include "vestige/render_gl/renderer.hpp"

namespace vestige::app {
namespace {

// A frame longer than this runs only this much game time (a stall, a debugger): the game slows down rather than
// running hundreds of ticks to catch up.
constexpr std::uint64_t kMaxFrameMicros = 250'000;

}  // namespace

std::string frameJson(const PlayFrame& f) {
    nlohmann::json j{{"frame", f.frame}, {"eye", f.fromPlayer ? "player" : "map"}};
    j["ticks"] = f.firstTick <= f.lastTick ? nlohmann::json{f.firstTick, f.lastTick} : nlohmann::json::array();
    j["lerp"] = f.lerp;
    j["position"] = {f.eye.x, f.eye.y, f.eye.z};
    return j.dump();
}

Result<PlayWindowResult> playWindow(LuaSession& session, PlayConsole& console, const LoadedScene& scene,
                                    const PlayWindowRun& run, const TraceLine& line, const PlayTape& tape) {
    platform_sdl::WindowOptions wo;
    wo.title = run.title;
    wo.width = run.width;
    wo.height = run.height;
    wo.allowOffscreen = run.script != nullptr;
    wo.vsync = run.script == nullptr;
    wo.escapeQuits = false;  // Escape closes the console first (PlayConsole::frameInput)
    VESTIGE_TRY(auto window, platform_sdl::Window::open(wo));
    std::uint32_t w = 1, h = 1;
    window->drawableSize(w, h);
    // Declared after the window: its GL objects go first, while the context still exists.
    VESTIGE_TRY(auto renderer, render_gl::Renderer::create(w, h));
    VESTIGE_CHECK(renderer->setScene(scene.view.scene));
    VESTIGE_CHECK(openClientRealm(session, w, h));
    source::glua::Runtime* client = session.client.get();
    const float aspect = static_cast<float>(w) / static_cast<float>(h);
    const scene::Camera mapCamera = chooseCamera(SceneArgs{}, scene, aspect);
    std::optional<viewer::ScriptPlayer> scripted;
    if (run.script) scripted.emplace(*run.script, run.fps);

    PlayWindowResult out;
    out.driver = window->driver();
    PlayTicker ticker(session, console, line);
    ticker.record(tape.record);
    ticker.playback(tape.playback);
    ticker.sound(tape.sound);
    const auto tickMicros =
        std::max<std::uint64_t>(1, static_cast<std::uint64_t>(session.runtime->interval() * 1e6 + 0.5));
    std::uint64_t accumulated = 0;
    scene::DrawList2D hud;
    for (std::uint64_t frame = 0; run.frames == 0 || frame < run.frames; ++frame) {
        const viewer::FrameInput platform = window->pump();
        const viewer::FrameInput input = scripted ? scripted->next() : platform;
        if (platform.quit || input.quit) break;
        console.frameInput(input);
        console.execute();
        accumulated += std::min(input.elapsedMicros, kMaxFrameMicros);
        PlayFrame drawn;
        drawn.frame = frame;
        drawn.firstTick = session.runtime->currentTick() + 1;
        while (accumulated >= tickMicros && (run.ticks == 0 || ticker.ticks() < run.ticks)) {
            VESTIGE_CHECK(ticker.tick());
            accumulated -= tickMicros;
        }
        if (console.quitRequested() || (run.ticks != 0 && ticker.ticks() >= run.ticks)) break;

        window->drawableSize(w, h);
        VESTIGE_CHECK(renderer->resize(w, h));
        Vec3 previous, current;
        scene::Camera camera = mapCamera;
        if (ticker.eye(&previous, &current)) {
            const float t = static_cast<float>(accumulated) / static_cast<float>(tickMicros);
            camera = scene::sourceCamera(vestige::lerp(previous, current, t), console.input().viewAngles());
            drawn.lerp = t;
            drawn.fromPlayer = true;
        }
        drawn.lastTick = session.runtime->currentTick();
        drawn.eye = camera.position;
        if (client) {
            client->paintHud(hud);
        } else {
            hud.clear();
        }
        console.drawPanel(hud, w, h);
        VESTIGE_CHECK(renderer->draw(camera));
        VESTIGE_CHECK(renderer->drawOverlay(hud));
        out.frames = frame + 1;
        if (run.frameSink) run.frameSink(drawn);
        if (console.takeScreenshotRequest() || input.wasPressed(viewer::Key::F12)) {
            VESTIGE_TRY(auto img, renderer->readColor());
            const auto path = run.screenshotDir / fmt::format("vestige-play-{:03}.png", out.screenshots.size());
            VESTIGE_CHECK(image::writePng(path, img));
            if (!run.script) std::fprintf(stderr, "screenshot: %s\n", path.string().c_str());
            out.screenshots.push_back(path);
        }
        renderer->blitToScreen(w, h);
        window->swap();
    }
    out.ticks = ticker.ticks();
    ticker.finishRecording();
    if (run.writeConfigOnQuit) {
        if (auto st = console.writeConfig(); !st && st.error().code() != "play.no_cfg_dir") return st.error();
    }
    return out;
}

}  // namespace vestige::app
