#pragma once
// Small builder maps shared by the BSP tests.
#include "vestige/source/bsp/builder.hpp"

namespace vestige::source::bsp::test {

// A 512x512x256 room, a 30-degree ramp, 4 stairs, a pool, a door (model *1 with an origin), a power-2 hill,
// three point entities and lightmaps.
inline MapBuilder sampleMap() {
    MapBuilder map;
    map.addRoom({0, 0, 0}, {512, 512, 256}, 16, "dev/dev_measuregeneric01");
    map.addRamp({64, 64, 0}, 128, 64, 30.0f, RampDirection::PosX, "dev/dev_measurewall01a");
    map.addStairs({64, 256, 0}, 4, 16, 8, 64, RampDirection::PosX, "dev/dev_measurestairs01a");
    map.addWater({320, 320, 0}, {448, 448, 48}, "nature/water_canals_water2");
    map.addBrushEntity({{"classname", "func_door"}, {"targetname", "door1"}},
                       {MapBuilder::box({250, 500, 0}, {262, 512, 128}, "dev/dev_measuredoor01")},
                       Vec3{256, 506, 64});
    DisplacementDesc hill;
    hill.min = {0, 0, 200};
    hill.size = {128, 128};
    hill.power = 2;
    hill.height = [](float x, float y) { return (x + y) * 0.125f; };
    map.addDisplacement(hill);
    map.addEntity({{"classname", "info_player_start"}, {"origin", "256 256 8"}});
    map.addEntity({{"classname", "light_environment"}, {"angles", "0 306 0"}, {"pitch", "-56"},
                   {"_light", "242 234 218 560"}, {"_ambient", "114 136 148 420"}});
    map.addEntity({{"classname", "env_fog_controller"}, {"fogenable", "1"}, {"fogstart", "1024"}, {"fogend", "4000"}});
    map.setLighting({});
    return map;
}

}  // namespace vestige::source::bsp::test
