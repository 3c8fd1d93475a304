// Demo stage: materials. Builds the material demo with Vestige's writers (engines/source/scene/demo_content):
// VTF textures (brick, grass, dirt, water normal, glass, six sky faces), a VMT per shader family, a GMA addon
// holding them and a map using them; lays them out as a GMod folder (materials/garrysmod/addons/*.gma,
// maps/demo_materials.bsp), mounts it the way GMod does (the map's pakfile first), and renders the spawn view
// textured (materials/map_textured.png) and untextured (materials/map_flat.png), a close view of the studio model
// placed as two static props and a prop_dynamic (materials/map_props.png), with the material and prop report.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/image/image.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/source/scene/demo_content.hpp"
#include "vestige/source/scene/scene.hpp"

namespace vestige::app {

DemoStage demoStageMaterials() {
    return {
        "materials", "Source materials: VTF/VMT/GMA from our writers, GMod mounts, textured map render",
        [](DemoContext& demo) -> Status {
            VESTIGE_TRY(auto content, source::scene::buildMaterialDemo());
            VESTIGE_CHECK(demo.write("materials/garrysmod/addons/vestige_material_demo.gma", content.gma));
            VESTIGE_CHECK(demo.write("materials/garrysmod/maps/demo_materials.bsp", content.map));
            source::content::GmodOptions mounts;
            mounts.gmodDir = demo.outDir / "materials" / "garrysmod";
            VESTIGE_TRY(auto textured,
                        source::scene::toSceneWithContent(content.map, "maps/demo_materials.bsp", mounts));
            VESTIGE_TRY(auto flat, source::scene::toScene(ByteView(content.map)));
            if (!textured.spawnCamera) return Error("demo.materials", "the demo map has no info_player_start");
            constexpr std::uint32_t kW = 960, kH = 540;
            VESTIGE_TRY(auto off, render_gl::Offscreen::create(kW, kH));
            auto& r = *off.renderer;
            // The props from a few steps in front of them, looking slightly down.
            const vestige::scene::Camera propView = vestige::scene::sourceCamera({-400, -215, 56}, {18, 0, 0}, 75);
            const struct {
                const vestige::scene::Scene* scene;
                vestige::scene::Camera camera;
                const char* file;
            } shots[] = {{&textured.scene, *textured.spawnCamera, "materials/map_textured.png"},
                         {&flat.scene, *textured.spawnCamera, "materials/map_flat.png"},
                         {&textured.scene, propView, "materials/map_props.png"}};
            for (const auto& shot : shots) {
                VESTIGE_CHECK(r.setScene(*shot.scene));
                VESTIGE_CHECK(r.draw(shot.camera));
                VESTIGE_TRY(auto img, r.readColor());
                VESTIGE_TRY(auto png, image::encodePng(img));
                VESTIGE_CHECK(demo.write(shot.file, png));
                demo.notes.push_back(fmt::format("{}: {} draw calls ({} blended), {} triangles", shot.file,
                                                 r.lastFrame().drawCalls, r.lastFrame().blendedDraws,
                                                 r.lastFrame().trianglesSubmitted));
            }
            VESTIGE_CHECK(demo.write("materials/report.json", source::scene::materialReportJson(textured)));
            const auto& report = *textured.materials;
            demo.notes.push_back(fmt::format(
                "{} files in the addon; {} materials resolved, {} missing materials, {} missing textures, {} errors, "
                "sky box {}",
                content.files.size(), report.materials, report.missingMaterials.size(), report.missingTextures.size(),
                report.errors.size(), textured.skyBox ? "loaded" : "missing"));
            const auto& props = *textured.props;
            demo.notes.push_back(fmt::format(
                "props: {} static + {} entity, {} drawn from {} model(s) ({} triangles), {} missing models, lit by "
                "the sun",
                props.staticProps, props.entityProps, props.drawn, props.modelsLoaded, props.triangles,
                props.missingModels.size()));
            if (!report.missingMaterials.empty() || !report.missingTextures.empty() || !report.errors.empty() ||
                !textured.skyBox || props.drawn != 3 || !props.missingModels.empty())
                return Error("demo.materials", "the demo's own content did not resolve completely")
                    .actual(source::scene::materialReportJson(textured));
            return okStatus();
        }};
}

}  // namespace vestige::app
