// The map's static collision: from a PHYSCOLLIDE lump (ours from MapBuilder brushes, vbsp's in the corpus) and,
// without one, from the collision module's brushes; props land on either the same way.
#include "vestige/source/physics/map.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/phy/physcollide.hpp"

using namespace vestige;
using namespace vestige::source;
using namespace vestige::source::physics;
using namespace vestige::source::physics::test;

namespace {

bsp::Bsp room(bool clip) {
    bsp::MapBuilder b;
    b.addRoom({-256, -256, 0}, {256, 256, 256}, 16, "dev/dev_measuregeneric01");
    b.addBox({64, -32, 0}, {128, 32, 32}, "dev/dev_measuregeneric01");  // a step to land on
    if (clip) b.addBox({-128, -32, 0}, {-64, 32, 64}, "tools/toolsplayerclip", base::contents::kPlayerClip);
    return b.build().value();
}

float dropOnto(const bsp::Bsp& map, Vec3 at, MapPhysicsStats* stats = nullptr) {
    PhysicsWorld w;
    auto collision = addMapCollision(w, map);
    EXPECT_TRUE(collision.ok()) << collision.error().render();
    if (stats && collision.ok()) *stats = collision->stats;
    const BodyId box = addBox(w, at, {16, 16, 16}, 10);
    run(w, 150);
    return stateOf(w, box).position.z;
}

}  // namespace

TEST(PhysicsMap, BrushFallbackWithoutPhysCollide) {
    MapPhysicsStats stats;
    EXPECT_NEAR(dropOnto(room(false), {0, 0, 100}, &stats), 8.0f, 0.5f);
    EXPECT_EQ(stats.source, "brushes");
    EXPECT_EQ(stats.solids, 1u);
    EXPECT_EQ(stats.convexPieces, 7u);                              // 6 walls + the step
    EXPECT_NEAR(dropOnto(room(false), {96, 0, 100}), 40.0f, 0.5f);  // on the step
}

TEST(PhysicsMap, OurPhysCollideRoundTripsAndCollides) {
    const bsp::Bsp map = room(true);
    auto bytes = withPhysCollide(map);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto reread = bsp::readBsp(*bytes);
    ASSERT_TRUE(reread.ok()) << reread.error().render();
    auto lump = phy::physCollideOf(*reread);
    ASSERT_TRUE(lump.ok() && *lump) << (lump.ok() ? "no lump" : lump.error().render());
    ASSERT_EQ((*lump)->models.size(), 1u);
    EXPECT_EQ((*lump)->models[0].collide.solids.size(), 2u);  // solid brushes, player clip
    EXPECT_EQ(phy::writePhysCollide(**lump).value(), reread->lumps[bsp::kLumpPhysCollide].data);
    MapPhysicsStats stats;
    EXPECT_NEAR(dropOnto(*reread, {0, 0, 100}, &stats), 8.0f, 0.5f);
    EXPECT_EQ(stats.source, "physcollide");
    EXPECT_EQ(stats.solids, 1u);
    EXPECT_EQ(stats.clipSolids, 1u);
    EXPECT_EQ(stats.convexPieces, 7u);
    EXPECT_NEAR(dropOnto(*reread, {96, 0, 100}), 40.0f, 0.5f);
    EXPECT_NEAR(dropOnto(*reread, {-96, 0, 100}), 8.0f, 0.5f);  // props fall through player clips
}

TEST(PhysicsMap, VbspRoomFromTheCorpus) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    auto map = bsp::readBsp(*data);
    ASSERT_TRUE(map.ok());
    MapPhysicsStats stats;
    // The 512-unit room's floor top is at z = 0 (room 0..512 with 32-unit walls below).
    const float z = dropOnto(*map, {256, 256, 200}, &stats);
    EXPECT_EQ(stats.source, "physcollide");
    EXPECT_EQ(stats.clipSolids, 2u);  // the player clip and monster clip groups
    EXPECT_EQ(stats.solids, 2u);      // solid and grate groups
    EXPECT_NEAR(z, 8.0f, 0.5f);
}
