#pragma once
// A tiny in-memory mission for tests, fuzz seeds and the demo (no game bytes).
#include "vestige/iron3d/tma/tma.hpp"

namespace vestige::iron3d::tma {

// One path (id -7, two points), a mode-1 and a mode-0 clan related to each other, three objects (a generator
// turned 90 degrees about Z, a unit at double scale, a plant with duplicate properties), land_path
// "DATA\MAPS\Demo\land", a description holding a NUL, and one extra record.
[[nodiscard]] Mission sampleMission();

}  // namespace vestige::iron3d::tma
