// Named RNG streams with the spec section 14 construction. The expected words were computed with an independent
// implementation of that construction (Python) from the section's text, not by this code.
#include "vestige/iron3d/world/rng.hpp"

#include <gtest/gtest.h>

namespace vestige::iron3d::world {
namespace {

TEST(NamedRngStream, SectionFourteenConstruction) {
    NamedRngStream world(0, "world");
    EXPECT_EQ(world.state(), 0x3841df41c37081d8ULL);
    EXPECT_EQ(world.nextU32(), 0x1b2c1ed5u);
    EXPECT_EQ(world.nextU32(), 0x4f9fadafu);
    EXPECT_EQ(world.nextU32(), 0x7f9f59d3u);
    EXPECT_EQ(world.calls(), 3u);
    NamedRngStream ai(42, "ai");
    EXPECT_EQ(ai.state(), 0xb1bb8420d5f2c318ULL);
    EXPECT_EQ(ai.nextU32(), 0x83ebc032u);
    NamedRngStream unnamed(0, "");
    EXPECT_EQ(unnamed.state(), 0x9e3779b97f4a7c15ULL);
    EXPECT_EQ(unnamed.nextU32(), 0x6e789e6au);
}

TEST(RngStreams, IndependentOfCreationOrderAndCosmeticOutsideTheDigest) {
    RngStreams a(7), b(7);
    a.stream("ai").nextU32();
    a.stream("world").nextU32();
    b.stream("world").nextU32();
    b.stream("ai").nextU32();
    EXPECT_EQ(a.digest(), b.digest());
    const auto before = a.digest();
    a.stream(kStreamCosmetic).nextU32();
    a.stream("cosmetic.sparks").nextU32();
    EXPECT_EQ(a.digest(), before) << "cosmetic draws never change the digest";
    a.stream(kStreamFx).nextU32();
    EXPECT_NE(a.digest(), before);
    EXPECT_TRUE(isCosmeticStream("cosmetic"));
    EXPECT_FALSE(isCosmeticStream("cosmetics"));
    EXPECT_EQ(a.stream("ai").calls(), 1u);
    EXPECT_EQ(a.countersJson().find("cosmetic"), std::string::npos);
    EXPECT_NE(a.countersJson(true).find("\"cosmetic\":{\"calls\":1"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::world
