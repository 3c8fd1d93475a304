// MOVETYPE_FLY / FLYGRAVITY (World::physicsToss, the SDK's PhysicsToss) in a builder room, floor top at z = 0.
// Evidence: PhysicsAddGravityMove moves by the average of the old and new z velocity, which is exact for constant
// gravity: from 200 u at sv_gravity 600 the fall takes sqrt(2 x 200 / 600) = 0.8165 s = 54.4 ticks, so the entity
// reaches the floor on tick 55; the rest rule (under 30 u/s on a floor) and ResolveFlyCollisionBounce's factor
// (clip with overbounce 2, times clamp(elasticity x the surface's 0.25, 0, 0.9)) are the SDK's.
#include <gtest/gtest.h>

#include <cmath>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

Entity& tosser(World& w, Vec3 at, MoveType type) {
    Entity& e = w.create("info_target");
    w.spawn(e);
    w.setOrigin(e, at);
    e.moveType = type;
    e.solid = Solid::Box;
    e.mins = {-4, -4, 0};
    e.maxs = {4, 4, 8};
    return e;
}

TEST(GameToss, AFlyGravityEntityFallsAsFreeFallAndRests) {
    auto w = test::load(test::room());
    Entity& e = tosser(*w, {0, 0, 200}, MoveType::FlyGravity);
    int landed = -1;
    for (int tick = 1; tick <= 120 && landed < 0; ++tick) {
        w->step();
        if (e.origin.z < 0.5f) landed = tick;
    }
    EXPECT_EQ(landed, 55);
    EXPECT_NEAR(e.origin.z, 0.0f, 0.05f);
    for (int i = 0; i < 5; ++i) w->step();
    EXPECT_EQ(e.velocity, (Vec3{}));  // at rest on the floor (a 490 u/s landing slides to a stop: z clipped)
    EXPECT_FALSE(e.groundEntity.isNull());
    EXPECT_NEAR(e.origin.z, 0.0f, 0.05f);
}

TEST(GameToss, AFlyEntityKeepsItsVelocityAndSlidesAlongAWall) {
    auto w = test::load(test::room());
    Entity& e = tosser(*w, {0, 0, 100}, MoveType::Fly);
    e.velocity = {1000, 300, 0};
    w->step();
    EXPECT_NEAR(e.origin.x, 15.0f, 1e-3f);  // 1000 u/s x 15 ms, no gravity
    EXPECT_NEAR(e.origin.z, 100.0f, 1e-4f);
    for (int i = 0; i < 120; ++i) w->step();
    // The +x wall (x = 1024) clipped the x velocity away; y goes on until its own wall.
    EXPECT_NEAR(e.origin.x, 1024.0f - 4.0f, 0.1f);
    EXPECT_EQ(e.velocity.x, 0.0f);
}

TEST(GameToss, ABouncingEntityReboundsWithTheElasticityProduct) {
    auto w = test::load(test::room());
    Entity& e = tosser(*w, {0, 0, 100}, MoveType::Fly);
    e.moveCollide = 1;  // MOVECOLLIDE_FLY_BOUNCE
    e.velocity = {0, 0, -800};
    for (int i = 0; i < 12 && e.velocity.z < 0; ++i) w->step();
    // Clipped with overbounce 2 (-800 -> +800), times clamp(1 x 0.25, 0, 0.9).
    EXPECT_NEAR(e.velocity.z, 200.0f, 1e-3f);
}

}  // namespace
}  // namespace vestige::source::game
