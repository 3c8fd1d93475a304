#pragma once
// The 2D pass (Renderer::drawOverlay): a scene::DrawList2D drawn over the frame in list order with alpha blending, in
// screen pixels (origin top-left). One small program: a vertex colour times, for text, the bitmap's ink.
#include <memory>

#include "vestige/core/result.hpp"
#include "vestige/scene/draw2d.hpp"

namespace vestige::render_gl {

class OverlayPass {
public:
    // Compiles the program; the GL context must be current.
    [[nodiscard]] static Result<std::unique_ptr<OverlayPass>> create();
    ~OverlayPass();
    OverlayPass(const OverlayPass&) = delete;
    OverlayPass& operator=(const OverlayPass&) = delete;
    // Draws into framebuffer `fbo` of width x height pixels.
    [[nodiscard]] Status draw(const scene::DrawList2D& list, unsigned fbo, unsigned width, unsigned height);

private:
    OverlayPass() = default;
    unsigned mProgram = 0, mVao = 0, mVbo = 0;
    int mScreen = -1, mTextured = -1, mInk = -1;
};

}  // namespace vestige::render_gl
