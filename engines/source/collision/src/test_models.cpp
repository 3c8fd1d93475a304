// Demo and benchmark collision models made from brush primitives and a displacement grid.
#include <cmath>

#include "vestige/core/rng.hpp"
#include "vestige/source/collision/test_models.hpp"

namespace vestige::source::collision {

DemoModelLayout demoModelLayout() {
    DemoModelLayout l;
    l.rampAngles = {5, 10, 15, 20, 25, 30, 35, 40, 44};
    for (std::size_t i = 0; i < l.rampAngles.size(); ++i) l.rampLaneY.push_back(64.0f + 128.0f * static_cast<float>(i));
    return l;
}

float demoHillHeight(float x, float y) {
    // Two gentle bumps; amplitude and wavelength keep the slope under ~35 degrees.
    const float k = 2.0f * kPi / 1024.0f;
    return 96.0f * (1.0f - std::cos(k * x)) * 0.5f * (1.0f - std::cos(k * y)) * 0.5f * 2.0f;
}

CollisionModel buildDemoModel(const DemoModelLayout& l) {
    ModelBuilder b;
    // Floor in tiles of 512 so that walking crosses brush seams.
    for (int ix = -8; ix < 8; ++ix) {
        for (int iy = -8; iy < 8; ++iy) {
            const float x0 = static_cast<float>(ix) * 512.0f;
            const float y0 = static_cast<float>(iy) * 512.0f;
            // The pool basin is cut out of the floor tiles it covers.
            if (x0 >= l.poolMin.x && x0 + 512.0f <= l.poolMax.x && y0 >= l.poolMin.y && y0 + 512.0f <= l.poolMax.y) {
                continue;
            }
            b.addBox({x0, y0, -64}, {x0 + 512.0f, y0 + 512.0f, 0});
        }
    }
    // Ramps with a platform at the top.
    for (std::size_t i = 0; i < l.rampAngles.size(); ++i) {
        const float y = l.rampLaneY[i];
        b.addRamp(l.rampStartX, y - 48.0f, y + 48.0f, 0.0f, l.rampLength, l.rampAngles[i]);
        const float top = l.rampLength * std::tan(degToRad(l.rampAngles[i]));
        b.addBox({l.rampStartX + l.rampLength, y - 48.0f, 0}, {l.rampStartX + l.rampLength + 256.0f, y + 48.0f, top});
    }
    // Stairs of 18, a 12-unit curb and a 19-unit step in neighbouring lanes.
    b.addStairs(l.stairsX, l.stairsLaneY - 48.0f, l.stairsLaneY + 48.0f, 0.0f, 8, 18.0f, 32.0f);
    b.addBox({l.stairsX, l.stairsLaneY - 176.0f, 0}, {l.stairsX + 256.0f, l.stairsLaneY - 80.0f, 12});
    b.addBox({l.stairsX, l.stairsLaneY + 80.0f, 0}, {l.stairsX + 256.0f, l.stairsLaneY + 176.0f, 19});
    // Pool: basin floor and a ledge on the +x side rising above the water; the water itself.
    b.addBox({l.poolMin.x, l.poolMin.y, l.poolBottom - 64.0f}, {l.poolMax.x, l.poolMax.y, l.poolBottom});
    b.addBox({l.poolMax.x - 64.0f, l.poolMin.y, l.poolBottom}, {l.poolMax.x, l.poolMax.y, l.ledgeTop});
    b.addBox({l.poolMin.x, l.poolMin.y, l.poolBottom}, {l.poolMax.x - 64.0f, l.poolMax.y, 0},
             contents::kWater | contents::kTranslucent);
    // Basin walls below the floor tiles.
    const float wb = l.poolBottom - 64.0f;
    b.addBox({l.poolMin.x - 64.0f, l.poolMin.y - 64.0f, wb}, {l.poolMin.x, l.poolMax.y + 64.0f, -64});
    b.addBox({l.poolMax.x, l.poolMin.y - 64.0f, wb}, {l.poolMax.x + 64.0f, l.poolMax.y + 64.0f, -64});
    b.addBox({l.poolMin.x, l.poolMin.y - 64.0f, wb}, {l.poolMax.x, l.poolMin.y, -64});
    b.addBox({l.poolMin.x, l.poolMax.y, wb}, {l.poolMax.x, l.poolMax.y + 64.0f, -64});
    // Displacement hill on top of the floor.
    (void)b.addDisplacement(displacementGrid(l.hillOrigin, l.hillSize, 4, demoHillHeight));
    // Brush entity: a box whose planes are local to its origin.
    b.addBox({-32, -32, 0}, {32, 32, 64}, contents::kSolid, l.entityOrigin, 1);
    // Thin walls (4 and 16 units) and a player clip.
    b.addBox({1536, -256, 0}, {1540, 256, 512});
    b.addBox({1792, -256, 0}, {1808, 256, 512});
    b.addBox({-512, -1536, 0}, {512, -1528, 256}, contents::kPlayerClip);
    return b.build();
}

CollisionModel buildBrushField(int count, std::uint64_t seed) {
    ModelBuilder b;
    Pcg32 rng(seed);
    const float half = 8192.0f;
    b.addBox({-half, -half, -64}, {half, half, 0});
    for (int i = 1; i < count; ++i) {
        const float x = (rng.unit() * 2.0f - 1.0f) * (half - 256.0f);
        const float y = (rng.unit() * 2.0f - 1.0f) * (half - 256.0f);
        const float sx = 16.0f + rng.unit() * 112.0f;
        const float sy = 16.0f + rng.unit() * 112.0f;
        const float sz = 8.0f + rng.unit() * 120.0f;
        if (i % 8 == 0) {
            b.addRamp(x, y, y + sy, 0.0f, sx * 2.0f, 10.0f + rng.unit() * 30.0f);
        } else {
            b.addBox({x, y, 0}, {x + sx, y + sy, sz});
        }
    }
    return b.build();
}

}  // namespace vestige::source::collision
