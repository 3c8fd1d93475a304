#include "vestige/iron3d/prototype/sample.hpp"

namespace vestige::iron3d::prototype {
namespace {

ObjectRef ref(std::string_view archive, std::string_view resource) { return *makeRef(archive, resource); }

}  // namespace

std::vector<RegistryEntry> sampleRegistry() {
    return {
        {"tank_base", {ref("units.rlb", "tank.msh"), ref("units.rlb", "tank.wea"), ref("units.rlb", "tank.ctl")}},
        {"s_tank", {ref("objects.rlb", "tank_base"), ref("units.rlb", "tank_turret.cpt")}},
        {"sun_01", {}},
        {"fort_wall", {ref("fortif.rlb", "wall.bas")}},
    };
}

UnitDat sampleUnitDat() {
    auto dat = makeUnitDat({{"objects.rlb", "s_tank", 1, -1, "12345678901234567890123456789012"},
                            {"objects.rlb", "sun_01", 1, 0, "light"}},
                           0x80000002u);
    dat->records[0].tail0 = 0x11223344u;
    dat->records[1].tail1 = 0x55667788u;
    return *dat;
}

}  // namespace vestige::iron3d::prototype
