#pragma once
// Small in-memory registries and unit DATs for tests, fuzz seeds and the demo (no game bytes).
#include "vestige/iron3d/prototype/registry.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"

namespace vestige::iron3d::prototype {

// "tank_base" (units.rlb: tank.msh, tank.wea, tank.ctl), "s_tank" (parent tank_base, then a .cpt of its own),
// "sun_01" (no references: non-geometric) and "fort_wall" (a .bas only: non-geometric).
[[nodiscard]] std::vector<RegistryEntry> sampleRegistry();
// Two components in file order (s_tank, sun_01) with class word 0x80000002, a description filling all 32 bytes
// and non-zero tails.
[[nodiscard]] UnitDat sampleUnitDat();

}  // namespace vestige::iron3d::prototype
