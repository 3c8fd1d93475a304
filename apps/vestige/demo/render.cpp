// Demo stage: render. Draws the built-in test card headless (EGL surfaceless, llvmpipe without a GPU)
// from two cameras and writes render/testcard.png and render/testcard_high.png.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/image/image.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::app {

DemoStage demoStageRender() {
    return {"render", "headless OpenGL 4.5: test card (lightmap, fog, checkerboard, Iron3D face side) to PNG",
            [](DemoContext& demo) -> Status {
                constexpr std::uint32_t kWidth = 1280, kHeight = 720;
                VESTIGE_TRY(auto off, render_gl::Offscreen::create(kWidth, kHeight));
                auto& r = *off.renderer;
                const scene::Scene card = scene::makeTestCard();
                VESTIGE_CHECK(r.setScene(card));
                const struct {
                    int view;
                    const char* file;
                } shots[] = {{0, "render/testcard.png"}, {1, "render/testcard_high.png"}};
                for (const auto& shot : shots) {
                    VESTIGE_CHECK(r.draw(scene::testCardCamera(shot.view)));
                    VESTIGE_TRY(auto img, r.readColor());
                    VESTIGE_TRY(auto png, image::encodePng(img));
                    VESTIGE_CHECK(demo.write(shot.file, png));
                    const auto& s = r.lastFrame();
                    demo.notes.push_back(fmt::format("{}: {} triangles in {} draw calls, Iron3D side test dropped {} "
                                                     "of the mirrored piece's 12 faces",
                                                     shot.file, s.trianglesSubmitted, s.drawCalls, s.ironFacesDropped));
                }
                demo.notes.push_back(fmt::format("{}x{} via {}", kWidth, kHeight, r.describeDriver()));
                return {};
            }};
}

}  // namespace vestige::app
