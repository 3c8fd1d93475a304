#pragma once
// Ready-made collision models built with ModelBuilder: the movement demo map (flat floor, stairs, ramps of
// 5..44 degrees, a pool with a ledge, a displacement hill, a brush entity at an origin) and a random
// brush field for benchmarks. Deterministic: same arguments, same model.
#include <cstdint>
#include <vector>

#include "vestige/source/collision/builder.hpp"

namespace vestige::source::collision {

struct DemoModelLayout {
    Vec3 spawn{0, 0, 1};
    // Ramps along +x, one lane per angle; each starts at (rampStartX, laneY) on the floor.
    std::vector<float> rampAngles;
    std::vector<float> rampLaneY;
    float rampStartX = 256;
    float rampLength = 512;
    // Stairs: 18-unit steps along +x in a lane at stairsLaneY starting at stairsX.
    float stairsX = 256;
    float stairsLaneY = -512;
    // Pool: water from z = poolBottom to 0 over [poolMin, poolMax] in XY; ledge beyond poolMax.x at z = ledgeTop.
    Vec3 poolMin{-1536, -512, 0};
    Vec3 poolMax{-1024, 512, 0};
    float poolBottom = -256;
    float ledgeTop = 8;
    // Displacement hill over [hillOrigin, hillOrigin + hillSize].
    Vec3 hillOrigin{-1024, 1024, 0};
    float hillSize = 1024;
    // A 64^3 box entity (model 1) whose local brush sits around the origin.
    Vec3 entityOrigin{0, -1024, 0};
};

[[nodiscard]] DemoModelLayout demoModelLayout();
[[nodiscard]] CollisionModel buildDemoModel(const DemoModelLayout& layout = demoModelLayout());
// count boxes (and 1 in 8 slanted wedges) scattered over a square map on a floor; fixed seed.
[[nodiscard]] CollisionModel buildBrushField(int count, std::uint64_t seed = 1);
// Hill height used by the demo model (smooth bumps; steepest slope below 35 degrees).
[[nodiscard]] float demoHillHeight(float x, float y);

}  // namespace vestige::source::collision
