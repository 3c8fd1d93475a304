// Not a fuzz target: writes a seed map for fuzz_collision_map (floor, brush entity, water, displacement).
#include <cstdio>

#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/builder.hpp"

int main(int argc, char** argv) {
    using namespace vestige;
    if (argc < 2) return 2;
    source::bsp::MapBuilder mb;
    const std::string tex = "dev/dev_measuregeneric01";
    mb.addBox({-512, -512, -64}, {512, 512, 0}, tex);
    mb.addWater({-512, 256, -64}, {-256, 512, 0}, "nature/water");
    mb.addBrushEntity({{"classname", "func_brush"}}, {source::bsp::MapBuilder::box({100, -32, 0}, {164, 32, 64}, tex)},
                      Vec3{132, 0, 32});
    source::bsp::DisplacementDesc d;
    d.min = {0, 0, 0};
    d.size = {256, 256};
    d.power = 2;
    d.height = [](float x, float y) { return 0.1f * x + 0.1f * y; };
    mb.addDisplacement(d);
    mb.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 1"}});
    auto bytes = mb.write();
    if (!bytes) return 1;
    return writeFileAtomic(argv[1], ByteView(bytes->data(), bytes->size())).ok() ? 0 : 1;
}
