// Demo stage: bsp. Builds a map with the MapBuilder (a room with stairs, ramps of 20/30/45 degrees, a pool, a
// displacement hill and a door brush entity), reads it back, and writes bsp/demo.bsp, bsp/info.json and
// bsp/entities.json and bsp/demo.glb.
#include <fmt/format.h>

#include <cmath>

#include "../src/app.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/bsp/describe.hpp"

namespace vestige::app {

namespace {

source::bsp::MapBuilder demoMap() {
    using namespace source::bsp;
    MapBuilder map;
    const std::string wall = "dev/dev_measuregeneric01", floor = "dev/dev_measuregeneric01b";
    map.addRoom({-1024, -1024, 0}, {1024, 1024, 512}, 16, wall);
    map.addStairs({-896, -768, 0}, 8, 16, 8, 128, RampDirection::PosX, floor);
    map.addRamp({-896, -384, 0}, 256, 128, 20.0f, RampDirection::PosX, floor);
    map.addRamp({-896, -128, 0}, 192, 128, 30.0f, RampDirection::PosX, floor);
    map.addRamp({-896, 128, 0}, 128, 128, 45.0f, RampDirection::PosX, floor);
    map.addBox({-256, -1024, 0}, {-248, 0, 128}, wall);  // a thin wall
    map.addBox({128, 128, 0}, {640, 640, 16}, "dev/dev_measurehole01");  // pool floor
    map.addWater({128, 128, 16}, {640, 640, 64}, "nature/water_canals_water2");
    map.addBrushEntity({{"classname", "func_door"}, {"targetname", "demo_door"}, {"speed", "100"}},
                       {MapBuilder::box({-252, 0, 0}, {-244, 128, 128}, "dev/dev_measuredoor01")},
                       Vec3{-248, 64, 64});
    DisplacementDesc hill;
    hill.min = {256, -896, 0};
    hill.size = {512, 512};
    hill.power = 3;
    hill.height = [](float x, float y) {
        const float dx = (x - 512) / 256, dy = (y + 640) / 256;
        return 160.0f * std::max(0.0f, 1.0f - (dx * dx + dy * dy));
    };
    hill.alpha = [](float x, float) { return std::clamp((x - 256) / 2, 0.0f, 255.0f); };
    map.addDisplacement(hill);
    map.setWorldspawnKey("skyname", "sky_day01_01");
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-960 -960 8"}, {"angles", "0 45 0"}});
    map.addEntity({{"classname", "light_environment"}, {"angles", "0 306 0"}, {"pitch", "-56"},
                   {"_light", "242 234 218 560"}, {"_ambient", "114 136 148 420"}});
    map.addEntity({{"classname", "env_fog_controller"}, {"fogenable", "1"}, {"fogcolor", "142 164 178"},
                   {"fogstart", "1024"}, {"fogend", "8000"}, {"fogmaxdensity", "1"}});
    map.addStaticProp("models/props_junk/wood_crate001a.mdl", {0, 0, 0}, {0, 30, 0});
    LightingDesc light;
    light.sunDirection = {0.329f, -0.452f, -0.829f};
    map.setLighting(light);
    return map;
}

}  // namespace

DemoStage demoStageBsp() {
    return {"bsp", "Source BSP: build a map (room, stairs, ramps, pool, hill, door), inspect it, list entities, export glTF",
            [](DemoContext& demo) -> Status {
                const auto map = demoMap();
                VESTIGE_TRY(auto bytes, map.write());
                VESTIGE_TRY(auto bsp, source::bsp::readBsp(bytes));
                VESTIGE_CHECK(demo.write("bsp/demo.bsp", bytes));
                const auto desc = source::bsp::describe(bsp, bytes.size());
                VESTIGE_CHECK(demo.write("bsp/info.json", desc.json));
                VESTIGE_CHECK(demo.write("bsp/entities.json", source::bsp::entitiesJson(bsp)));
                // glTF through the registry entry (world meshes + lightmap atlas from engines/source/world).
                const auto* format = demo.app.formats.find("bsp");
                if (!format || !format->exportGlb) return Error("demo.bsp", "the bsp format has no glTF exporter");
                VESTIGE_TRY(auto glb, format->exportGlb(bytes, "bsp/demo.bsp", {}));
                VESTIGE_CHECK(demo.write("bsp/demo.glb", glb));
                demo.notes.push_back(fmt::format(
                    "demo.bsp: {} bytes, {} brushes, {} faces, {} triangles, {} displacement ({} verts), {} entities",
                    bytes.size(), bsp.brushes.size(), bsp.faces.size(), bsp.totalTriangleCount(), bsp.dispInfos.size(),
                    bsp.dispVerts.size(), bsp.entities.size()));
                demo.notes.push_back(fmt::format("demo.glb: {} bytes (TEXCOORD_0 texture UV, TEXCOORD_1 lightmap atlas)", glb.size()));
                return {};
            }};
}

}  // namespace vestige::app
