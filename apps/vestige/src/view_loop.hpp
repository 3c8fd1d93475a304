// The loop of `vestige view`: a platform window (platform_sdl) and the renderer (render_gl) composed here, a camera
// controller in between. Each frame: pump the platform (or play the script), update the controller, draw its
// camera, blit, swap.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/scene/scene.hpp"
#include "vestige/viewer/controller.hpp"
#include "vestige/viewer/input_script.hpp"

namespace vestige::app {

struct ViewRun {
    std::string title;
    std::uint32_t width = 1280, height = 720;
    std::filesystem::path screenshotDir = ".";
    // Scripted: input from the script at `fps` frames per second of frame time (not the wall clock), `frames`
    // frames, screenshots after drawing the frames listed; the offscreen video driver is accepted.
    const viewer::InputScript* script = nullptr;
    std::uint32_t fps = 60;
    std::uint64_t frames = 0;
    std::vector<std::uint64_t> screenshotAt;
};

struct ViewResult {
    std::uint64_t frames = 0;
    std::string driver;
    std::vector<std::filesystem::path> screenshots;
};

[[nodiscard]] Result<ViewResult> runView(const scene::Scene& scene, viewer::CameraController& controller,
                                         const ViewRun& run);

}  // namespace vestige::app
