#include "view_loop.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "vestige/image/image.hpp"
#include "vestige/platform_sdl/window.hpp"
#include "vestige/render_gl/renderer.hpp"

namespace vestige::app {

Result<ViewResult> runView(const scene::Scene& scene, viewer::CameraController& controller, const ViewRun& run) {
    platform_sdl::WindowOptions wo;
    wo.title = run.title;
    wo.width = run.width;
    wo.height = run.height;
    wo.allowOffscreen = run.script != nullptr;
    wo.vsync = run.script == nullptr;  // a script runs on frame time, as fast as it can draw
    VESTIGE_TRY(auto window, platform_sdl::Window::open(wo));
    std::uint32_t w = 1, h = 1;
    window->drawableSize(w, h);
    // Declared after the window: its GL objects go first, while the context still exists.
    VESTIGE_TRY(auto renderer, render_gl::Renderer::create(w, h));
    VESTIGE_CHECK(renderer->setScene(scene));
    std::optional<viewer::ScriptPlayer> player;
    if (run.script) player.emplace(*run.script, run.fps);
    ViewResult out;
    out.driver = window->driver();
    for (std::uint64_t frame = 0; run.frames == 0 || frame < run.frames; ++frame) {
        const viewer::FrameInput platform = window->pump();
        const viewer::FrameInput input = player ? player->next() : platform;
        // The quitting frame still reaches the controller, so a script ends at its quit time at every rate.
        VESTIGE_CHECK(controller.update(input).in("frame", std::to_string(frame)));
        if (platform.quit || input.quit) break;
        window->drawableSize(w, h);
        VESTIGE_CHECK(renderer->resize(w, h));
        VESTIGE_CHECK(renderer->draw(controller.camera()));
        out.frames = frame + 1;
        const bool wanted =
            std::find(run.screenshotAt.begin(), run.screenshotAt.end(), frame) != run.screenshotAt.end();
        if (wanted || input.wasPressed(viewer::Key::F12)) {
            VESTIGE_TRY(auto img, renderer->readColor());
            const auto path = run.screenshotDir / fmt::format("vestige-shot-{:03}.png", out.screenshots.size());
            VESTIGE_CHECK(image::writePng(path, img));
            if (!run.script) std::fprintf(stderr, "screenshot: %s\n", path.string().c_str());
            out.screenshots.push_back(path);
        }
        renderer->blitToScreen(w, h);
        window->swap();
    }
    return out;
}

}  // namespace vestige::app
