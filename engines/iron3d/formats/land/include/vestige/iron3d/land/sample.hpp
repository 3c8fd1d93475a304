#pragma once
// Tiny in-memory terrain content for tests, fuzz seeds and the demo (no game bytes).
#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/build_list.hpp"
#include "vestige/iron3d/land/land.hpp"

namespace vestige::iron3d::land {

// A cellsX x cellsY grid of 8-unit cells (two faces per cell), heights z = 0.5 * vertex index, one node, one slot
// over two material pairs, neighbours computed from shared edges, the left half of the cells tagged 0x0102
// (Land1 row 1, Land2 row 2) and the right half 0xFF03 (Land2 row 3 only), non-zero face tails, and a Res3 name
// field with bytes after its NUL. 2 x 2 cells -> 9 vertices, 8 faces.
[[nodiscard]] TerrainData sampleTerrain(unsigned cellsX = 2, unsigned cellsY = 2);
// Two triangular areals splitting a 16 x 16 square along its diagonal (linked through that edge) and a
// 2 x 2 candidate grid.
[[nodiscard]] ArealMapData sampleArealMap();
// Generator (1 path) and Plant (2 paths).
[[nodiscard]] std::vector<BuildCategory> sampleBuildList();

}  // namespace vestige::iron3d::land
