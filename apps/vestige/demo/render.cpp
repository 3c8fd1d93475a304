// Demo stage: render. Draws the built-in test card headless (EGL surfaceless, llvmpipe without a GPU)
// from two cameras (render/testcard.png, render/testcard_high.png), then the synthetic MSH tank, built
// with our own MSH builder, from three angles (render/tank_a.png, _b, _c), then a Source map built with
// our MapBuilder (room, stairs, ramps, pool, hill, door; lightmapped, fogged) from the info_player_start
// view and from above (render/map_spawn.png, render/map_top.png).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "../src/app.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/test_card.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/scene/scene.hpp"

namespace vestige::app {

DemoStage demoStageRender() {
    return {
        "render", "headless OpenGL 4.5: test card (lightmap, fog, checkerboard, Iron3D face side) to PNG",
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
                demo.notes.push_back(
                    fmt::format("{}: {} triangles in {} draw calls, Iron3D side test dropped {} "
                                "of the mirrored piece's 12 faces",
                                shot.file, s.trianglesSubmitted, s.drawCalls, s.ironFacesDropped));
            }
            demo.notes.push_back(fmt::format("{}x{} via {}", kWidth, kHeight, r.describeDriver()));

            // The tank: static pose, state 0, LOD 0; every Batch20 record under the Iron3D side test.
            VESTIGE_TRY(auto tankBytes, iron3d::msh::build(iron3d::msh::sampleTank()));
            // Through the format's scene hook, as `vestige render tank.msh` draws it.
            const auto* mshFormat = demo.app.formats.find("msh");
            if (!mshFormat || !mshFormat->toScene) return Error("demo.render", "no scene hook for msh");
            VESTIGE_TRY(auto tankView, mshFormat->toScene(tankBytes, "tank.msh", {}));
            const scene::Scene& tank = tankView.scene;
            constexpr std::uint32_t kTankW = 640, kTankH = 360;
            VESTIGE_CHECK(r.resize(kTankW, kTankH));
            VESTIGE_CHECK(r.setScene(tank));
            const struct {
                float heading, pitch;
                const char* file;
            } angles[] = {
                {45, -25, "render/tank_a.png"}, {160, -15, "render/tank_b.png"}, {270, -60, "render/tank_c.png"}};
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
            demo.notes.push_back(
                fmt::format("tank: {} triangles in {} node meshes; side test dropped {} faces "
                            "from the three angles",
                            tank.triangleCount(), tank.meshes.size(), dropped));

            // The map: engines/source/scene on the world builder; spawn view and a view from under the ceiling.
            VESTIGE_TRY(auto mapBytes, source::bsp::demoMap().write());
            VESTIGE_TRY(auto map, source::scene::toScene(mapBytes));
            if (!map.spawnCamera) return Error("demo.render", "the demo map has no info_player_start");
            constexpr std::uint32_t kMapW = 640, kMapH = 360;
            VESTIGE_CHECK(r.setScene(map.scene));
            const Aabb box = map.scene.bounds();
            const Vec3 c = box.center();
            // Straight down from just under the ceiling (image up = +X): a wide square view shows the whole room.
            const scene::Camera top =
                scene::lookAtCamera({c.x, c.y, box.max.z - 24}, {c.x, c.y, box.min.z}, degToRad(128));
            const struct {
                scene::Camera camera;
                std::uint32_t w, h;
                const char* file;
            } views[] = {{*map.spawnCamera, kMapW, kMapH, "render/map_spawn.png"},
                         {top, kMapH, kMapH, "render/map_top.png"}};
            for (const auto& v : views) {
                VESTIGE_CHECK(r.resize(v.w, v.h));
                VESTIGE_CHECK(r.draw(v.camera));
                VESTIGE_TRY(auto img, r.readColor());
                VESTIGE_TRY(auto png, image::encodePng(img));
                VESTIGE_CHECK(demo.write(v.file, png));
            }
            demo.notes.push_back(fmt::format(
                "demo map: {} triangles ({} displacement), {} materials, {}x{} "
                "lightmap atlas, fog {}..{}; spawn eye at ({}, {}, {})",
                map.scene.triangleCount(), map.stats.displacementTriangles, map.scene.materials.size(),
                map.scene.textures.empty() ? 0u : map.scene.textures[0].width,
                map.scene.textures.empty() ? 0u : map.scene.textures[0].height, map.scene.fog.start, map.scene.fog.end,
                map.spawnCamera->position.x, map.spawnCamera->position.y, map.spawnCamera->position.z));
            return {};
        }};
}

}  // namespace vestige::app
