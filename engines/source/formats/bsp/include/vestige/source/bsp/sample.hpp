#pragma once
// The demo map every Source demo stage, benchmark and screenshot uses: a walled 2048x2048 room with stairs,
// ramps of 20/30/45 degrees, a thin wall, a pool, a power-3 displacement hill, a door brush entity at an
// origin, a sun + ambient light_environment, fog and one static prop. Built with our MapBuilder only.
#include "vestige/source/bsp/builder.hpp"

namespace vestige::source::bsp {

[[nodiscard]] MapBuilder demoMap();

}  // namespace vestige::source::bsp
