// Reference movement (spec section 14 [P], seed 002): the step rule and the error cases, each of which must leave
// the world byte-for-byte unchanged.
#include "vestige/iron3d/mission/movement.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "vestige/iron3d/land/sample.hpp"

namespace vestige::iron3d::mission {
namespace {

struct Fixture {
    world::World3D world;
    terrain::TerrainWorld terrain = *terrain::TerrainWorld::build(land::sampleTerrain(2, 2));  // z = x/16 + 3y/16
    Fixture() {
        auto h = world.construct({3, world::Transform::fromFloats({2, 2, 7}, {0.25f, -0.0f, 1.5f}, {2, 2, 2})});
        EXPECT_TRUE(world.registerObject(*h).ok());
        auto unregistered = world.construct({4, world::Transform::fromFloats({2, 2, 0}, {})});
        EXPECT_TRUE(unregistered.ok());
    }
};

TEST(ReferenceMovement, StepsTowardTheTargetAndSnapsToTheTerrain) {
    Fixture f;
    auto r = advanceReferenceMovement(f.world, f.terrain, 3, {8, 10}, 5);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_FALSE(*r);
    const auto t = *f.world.transform(*f.world.findByOriginalId(3));
    EXPECT_FLOAT_EQ(t.position().x, 2 + 6 * 0.5f);  // |(6, 8)| = 10, step 5: half way
    EXPECT_FLOAT_EQ(t.position().y, 2 + 8 * 0.5f);
    EXPECT_FLOAT_EQ(t.position().z, 5.0f / 16 + 3 * 6.0f / 16);
    EXPECT_EQ(t.words[4], 0x80000000u) << "orientation and scale words are kept bit for bit";
    EXPECT_EQ(t.scale(), (Vec3{2, 2, 2}));
    auto done = advanceReferenceMovement(f.world, f.terrain, 3, {8, 10}, 5);
    ASSERT_TRUE(done.ok());
    EXPECT_TRUE(*done);
    EXPECT_EQ(f.world.transform(*f.world.findByOriginalId(3))->position().x, 8.0f);
    EXPECT_EQ(f.world.tick(), 0u) << "the clock and queue are not touched";
}

TEST(ReferenceMovement, ErrorCasesLeaveTheWorldUnchanged) {
    Fixture f;
    const Bytes before = f.world.canonicalBytes();
    const float nan = std::nanf(""), inf = INFINITY;
    struct Case {
        world::OriginalObjectId id;
        Vec2 target;
        float step;
        const char* code;
    };
    for (const Case& c : {Case{3, {8, 8}, 0, "movement.bad_input"}, Case{3, {8, 8}, -1, "movement.bad_input"},
                          Case{3, {8, 8}, nan, "movement.bad_input"}, Case{3, {8, 8}, inf, "movement.bad_input"},
                          Case{3, {nan, 8}, 1, "movement.bad_input"}, Case{3, {8, inf}, 1, "movement.bad_input"},
                          Case{9, {8, 8}, 1, "movement.unknown_object"},
                          Case{4, {8, 8}, 1, "movement.unknown_object"},  // constructed but never registered
                          Case{3, {30, 2}, 100, "movement.off_surface"}}) {
        auto r = advanceReferenceMovement(f.world, f.terrain, c.id, c.target, c.step);
        ASSERT_FALSE(r.ok()) << c.code;
        EXPECT_EQ(r.error().code(), c.code);
        EXPECT_EQ(f.world.canonicalBytes(), before) << c.code;
    }
    world::Transform bad;
    bad.words[0] = 0x7F800000u;  // +inf x
    ASSERT_TRUE(f.world.setTransform(*f.world.findByOriginalId(3), bad).ok());
    const Bytes withBad = f.world.canonicalBytes();
    EXPECT_EQ(advanceReferenceMovement(f.world, f.terrain, 3, {8, 8}, 1).error().code(),
              "movement.non_finite_transform");
    EXPECT_EQ(f.world.canonicalBytes(), withBad);
}

}  // namespace
}  // namespace vestige::iron3d::mission
