// Demo stage: render. Draws the built-in test card headless (EGL surfaceless, llvmpipe without a GPU)
// from two cameras (render/testcard.png, render/testcard_high.png), then the synthetic MSH tank, built
// with our own MSH builder, from three angles (render/tank_a.png, _b, _c).
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::app {

// In cmd_render.cpp: the MSH -> scene conversion `vestige render file.msh` uses.
Result<scene::Scene> mshScene(ByteView data, std::string_view label, const formats::ExportOptions& options);

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

                // The tank: static pose, state 0, LOD 0; every Batch20 record under the Iron3D side test.
                VESTIGE_TRY(auto tankBytes, iron3d::msh::build(iron3d::msh::sampleTank()));
                VESTIGE_TRY(auto tank, mshScene(tankBytes, "tank.msh", {}));
                constexpr std::uint32_t kTankW = 640, kTankH = 360;
                VESTIGE_CHECK(r.resize(kTankW, kTankH));
                VESTIGE_CHECK(r.setScene(tank));
                const struct {
                    float heading, pitch;
                    const char* file;
                } angles[] = {{45, -25, "render/tank_a.png"}, {160, -15, "render/tank_b.png"}, {270, -60, "render/tank_c.png"}};
                std::string dropped;
                for (const auto& a : angles) {
                    const auto cam = scene::frameBox(tank.bounds(), degToRad(a.heading), degToRad(a.pitch),
                                                     scene::sourceFovToVertical(90), float(kTankW) / float(kTankH));
                    VESTIGE_CHECK(r.draw(cam));
                    VESTIGE_TRY(auto img, r.readColor());
                    VESTIGE_TRY(auto png, image::encodePng(img));
                    VESTIGE_CHECK(demo.write(a.file, png));
                    dropped += fmt::format("{}{}", dropped.empty() ? "" : "/", r.lastFrame().ironFacesDropped);
                }
                demo.notes.push_back(fmt::format("tank: {} triangles in {} node meshes; side test dropped {} faces "
                                                 "from the three angles",
                                                 tank.triangleCount(), tank.meshes.size(), dropped));
                return {};
            }};
}

}  // namespace vestige::app
