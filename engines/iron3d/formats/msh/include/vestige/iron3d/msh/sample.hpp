#pragma once
// Synthetic MSH content built with our own builder types (no game bytes): used by the demo, the
// tests, the fuzz seed and the benchmark.
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::msh {

// A small tank: body (root, two batches, LOD 1 and a "collapsed" state 1 slot), left and right
// tracks, a geometry-less turret socket with a 4-frame turn. Every stream type of the entry map is
// present: 1-8, 10, 13, 18, 19 decoded; 9, 15, 16, 17, 20 opaque.
[[nodiscard]] ModelData sampleTank();

// A flat grid of at least `triangles` triangles in batches of <= 65535 vertices; one node, one slot.
// With `descriptors`, a type-7 record per triangle.
[[nodiscard]] ModelData sampleGrid(std::size_t triangles, bool descriptors = true);

}  // namespace vestige::iron3d::msh
