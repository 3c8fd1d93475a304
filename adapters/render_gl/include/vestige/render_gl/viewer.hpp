#pragma once
// Interactive window (SDL2): free-fly camera (WASD + mouse, Space/Ctrl up/down, Shift faster), F12 writes a
// PNG screenshot, Esc or closing the window quits.
#include <cstdint>
#include <filesystem>
#include <string>

#include "vestige/core/result.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::render_gl {

struct ViewerOptions {
    std::string title = "Vestige";
    std::uint32_t width = 1280;
    std::uint32_t height = 720;
    float speed = 400.0f;  // world units per second
    std::filesystem::path screenshotDir = ".";
};

// Runs until the user quits. Fails with "render.no_display" when no window can be opened (no display, no SDL
// video driver).
[[nodiscard]] Status runViewer(const scene::Scene& scene, const scene::Camera& start, const ViewerOptions& options);

}  // namespace vestige::render_gl
