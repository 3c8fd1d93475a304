// The GMod player on the BSP demo map (bsp::demoMap(), through bytes, readBsp and collision::fromBsp): the
// same features the demo stage walks, pinned here so the summary's numbers cannot silently change.
#include <gtest/gtest.h>

#include <cmath>

#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/collision/map_collision.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::source::movement {
namespace {

collision::MapCollision demoWorld() {
    auto bytes = bsp::demoMap().write();
    EXPECT_TRUE(bytes.ok());
    auto map = bsp::readBsp(*bytes);
    EXPECT_TRUE(map.ok());
    auto world = collision::fromBsp(*map);
    EXPECT_TRUE(world.ok());
    return std::move(*world);
}

MoveInput walk(float yaw) {
    MoveInput in;
    in.forwardMove = 250;
    in.viewAngles = {0, yaw, 0};
    in.buttons = buttons::kForward;
    return in;
}

float hspeed(const PlayerState& s) { return std::hypot(s.velocity.x, s.velocity.y); }

TEST(DemoMap, SpawnWallAndDoor) {
    const collision::MapCollision bw = demoWorld();
    ASSERT_TRUE(bw.spawn.has_value());
    EXPECT_EQ(*bw.spawn, (Vec3{-960, -960, 8}));
    const PlayerMovement pm(bw.model);
    PlayerState s = pm.spawn(*bw.spawn);
    for (int i = 0; i < 300; ++i) pm.tick(s, walk(0));
    // The 8-unit thin wall at x -256 stops the hull at its face less DIST_EPSILON.
    EXPECT_FLOAT_EQ(s.origin.x, -256.0f - 16.0f - collision::kDistEpsilon);
    ASSERT_TRUE(s.blockingPlane.has_value());
    EXPECT_EQ(s.blockingPlane->normal, (Vec3{-1, 0, 0}));
    // The func_door brush (entity origin -248 64 64) blocks where it is drawn: x -252.
    PlayerState d = pm.spawn({-420, 64, 1});
    for (int i = 0; i < 150; ++i) pm.tick(d, walk(0));
    EXPECT_FLOAT_EQ(d.origin.x, -252.0f - 16.0f - collision::kDistEpsilon);
}

TEST(DemoMap, StairsAndRampsAtFullSpeed) {
    const collision::MapCollision bw = demoWorld();
    const PlayerMovement pm(bw.model);
    PlayerState st = pm.spawn({-980, -704, 1});
    float top = 0;
    for (int i = 0; i < 60 && st.origin.x < -768; ++i) {
        pm.tick(st, walk(0));
        top = std::max(top, st.origin.z);
        if (st.origin.x > -900) {
            EXPECT_NEAR(hspeed(st), 250.0f, 0.01f) << i;
        }
    }
    EXPECT_NEAR(top, 64.0f + collision::kDistEpsilon, 1e-3f);
    struct Ramp {
        float angle, laneY, length;
    };
    for (const Ramp r : {Ramp{20, -320, 256}, Ramp{30, -64, 192}, Ramp{45, 192, 128}}) {
        PlayerState s = pm.spawn({-990, r.laneY, 1});
        float high = 0;
        int onSlope = 0;
        for (int i = 0; i < 120; ++i) {
            const Vec3 before = s.origin;
            pm.tick(s, walk(0));
            high = std::max(high, s.origin.z);
            if (before.x - 16 > -896 && s.origin.x + 16 < -896 + r.length) {
                EXPECT_NEAR(std::hypot(s.origin.x - before.x, s.origin.y - before.y) / pm.settings().frameTime(), 250.0f,
                            0.05f)
                    << r.angle;
                ++onSlope;
            }
        }
        EXPECT_GT(onSlope, 20) << r.angle;
        EXPECT_NEAR(high, r.length * std::tan(degToRad(r.angle)), 0.05f) << r.angle;
    }
}

TEST(DemoMap, PoolIsWaistDeep) {
    const collision::MapCollision bw = demoWorld();
    const PlayerMovement pm(bw.model);
    PlayerState s = pm.spawn({40, 384, 1});
    for (int i = 0; i < 120; ++i) pm.tick(s, walk(0));
    EXPECT_EQ(s.waterLevel, kWaist);
    EXPECT_NEAR(hspeed(s), 200.0f, 0.01f);  // WaterMove: wish x 0.8
    for (int i = 0; i < 200; ++i) pm.tick(s, {});
    EXPECT_TRUE(s.onGround);
    EXPECT_NEAR(s.origin.z, 16.0f + collision::kDistEpsilon, 1e-3f);
}

}  // namespace
}  // namespace vestige::source::movement
