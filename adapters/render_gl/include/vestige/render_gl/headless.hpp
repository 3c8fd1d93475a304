#pragma once
// A headless OpenGL 4.5 core context through EGL's surfaceless platform (EGL_PLATFORM_SURFACELESS_MESA);
// on machines without a GPU Mesa's llvmpipe draws. No window system is needed.
#include <cstdint>
#include <memory>
#include <string>

#include "vestige/render_gl/renderer.hpp"

namespace vestige::render_gl {

class HeadlessContext {
public:
    // Fails with "render.no_egl" (with the reason) when no EGL display or GL 4.5 core context can be made.
    [[nodiscard]] static Result<std::unique_ptr<HeadlessContext>> create();
    ~HeadlessContext();
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;
    [[nodiscard]] Status makeCurrent();

private:
    HeadlessContext() = default;
    void* mDisplay = nullptr;
    void* mContext = nullptr;
};

// A context plus a renderer, destroyed in the right order (the renderer's GL objects go first).
struct Offscreen {
    std::unique_ptr<HeadlessContext> context;
    std::unique_ptr<Renderer> renderer;
    [[nodiscard]] static Result<Offscreen> create(std::uint32_t width, std::uint32_t height);
    Offscreen() = default;
    Offscreen(Offscreen&&) = default;
    Offscreen& operator=(Offscreen&& other) noexcept;
    ~Offscreen();
};

// One-shot: context, upload, draw, read back.
[[nodiscard]] Result<image::Image> renderToImage(const scene::Scene& scene, const scene::Camera& camera,
                                                 std::uint32_t width, std::uint32_t height);

}  // namespace vestige::render_gl
