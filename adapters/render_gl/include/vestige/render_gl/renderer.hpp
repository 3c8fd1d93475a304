#pragma once
// OpenGL 4.5 core renderer for a scene::Scene. Engines never call GL: they build a Scene and hand it here.
//
// Every frame is drawn into an off-screen framebuffer (RGBA8 colour + 32-bit float depth) of the
// renderer's size; headless callers read it back, a windowed view blits it to the screen.
// A Renderer needs a current GL context (HeadlessContext or a platform window's, made current by the caller) for
// its whole life; it never makes one itself.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/image/image.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/scene/draw2d.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::render_gl {

struct FrameStats {
    std::uint64_t drawCalls = 0;
    std::uint64_t trianglesSubmitted = 0;
    std::uint64_t ironFacesDropped = 0;    // faces removed by the Iron3D face-side test this frame
    std::uint64_t ironRecordsDropped = 0;  // records whose index count went to 0 this frame
    std::uint64_t blendedDraws = 0;        // translucent/additive ranges, drawn after the opaque ones
};

class Renderer {
public:
    // Compiles the shaders and creates the framebuffer; the GL context must be current.
    [[nodiscard]] static Result<std::unique_ptr<Renderer>> create(std::uint32_t width, std::uint32_t height);
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    [[nodiscard]] Status resize(std::uint32_t width, std::uint32_t height);
    // Validates the scene and uploads it (replacing any previous one).
    [[nodiscard]] Status setScene(const scene::Scene& scene);
    // Clears to the sky colour and draws every range; Iron3D face-side ranges are re-filtered for this eye.
    [[nodiscard]] Status draw(const scene::Camera& camera);
    // Draws a 2D overlay (a HUD) over the current frame, in list order, screen pixels from the top-left.
    [[nodiscard]] Status drawOverlay(const scene::DrawList2D& list);
    // Clears to the sky colour only (the benchmark baseline).
    [[nodiscard]] Status clearOnly();
    // Waits for the GPU (or llvmpipe) to finish the frame.
    void finish();
    // The colour buffer as RGBA8, top row first.
    [[nodiscard]] Result<image::Image> readColor();
    // Window-space depth (0 = near, 1 = far/cleared), width*height floats, top row first.
    [[nodiscard]] Result<std::vector<float>> readDepth();
    // Copies the frame to the default framebuffer of the current (window) context.
    void blitToScreen(std::uint32_t screenWidth, std::uint32_t screenHeight);

    [[nodiscard]] std::uint32_t width() const;
    [[nodiscard]] std::uint32_t height() const;
    [[nodiscard]] const FrameStats& lastFrame() const;
    // GL_VENDOR / GL_RENDERER / GL_VERSION in one line.
    [[nodiscard]] std::string describeDriver() const;

private:
    struct Impl;
    explicit Renderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> mImpl;
};

}  // namespace vestige::render_gl
