// Fuzz the terrain queries with a whole Land.msh as input. For every terrain the reader accepts, TerrainWorld
// builds, and height queries at its vertices, edge midpoints and points taken from the input's tail give the same
// answer through the XY grid as through the BVH walk; raycasts straight down never crash.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "vestige/iron3d/land/land.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"

using namespace vestige;
using namespace vestige::iron3d;

namespace {

void check(const terrain::TerrainWorld& w, float x, float y) {
    const auto g = w.heightHitAt(x, y), t = w.heightHitAtTree(x, y);
    if (g.has_value() != t.has_value()) std::abort();
    if (g && (std::memcmp(&g->z, &t->z, sizeof(float)) != 0 || g->face != t->face)) std::abort();
    (void)w.raycast({x, y, 1e6f}, {0, 0, -1});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto terrain = land::Terrain::read(ByteView(data, size));
    if (!terrain) return 0;
    const auto& d = terrain->data();
    auto world = terrain::TerrainWorld::build(d);
    if (!world) return 0;
    std::size_t budget = 4096;  // queries per input, so a large mesh stays fast
    for (const auto& p : d.positions) {
        if (budget-- == 0) break;
        check(*world, p.x, p.y);
    }
    for (const auto& f : d.faces) {
        if (budget-- == 0) break;
        const Vec3 a = d.positions[f.v[0]], b = d.positions[f.v[1]];
        check(*world, (a.x + b.x) / 2, (a.y + b.y) / 2);
    }
    // The last bytes of the input as raw query points (any float, NaN and inf included).
    for (std::size_t at = size >= 64 ? size - 64 : 0; at + 8 <= size; at += 8) {
        float x = 0, y = 0;
        std::memcpy(&x, data + at, 4);
        std::memcpy(&y, data + at + 4, 4);
        check(*world, x, y);
    }
    return 0;
}
