#include "vestige/source/bsp/sample.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace vestige::source::bsp {

MapBuilder demoMap() {
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

}  // namespace vestige::source::bsp
