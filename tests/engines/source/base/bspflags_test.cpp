// bspflags values against GMod's published enums (wiki.facepunch.com Enums/CONTENTS, Enums/MASK, Enums/SURF),
// which are the SDK's public/bspflags.h numbers: evidence, not our own output.
#include "vestige/source/base/bspflags.hpp"

#include <gtest/gtest.h>

namespace base = vestige::source::base;

TEST(BspFlags, ContentsMatchTheSdk) {
    namespace c = base::contents;
    EXPECT_EQ(c::kSolid, 1u);
    EXPECT_EQ(c::kWindow, 2u);
    EXPECT_EQ(c::kGrate, 8u);
    EXPECT_EQ(c::kWater, 32u);
    EXPECT_EQ(c::kMoveable, 16384u);
    EXPECT_EQ(c::kPlayerClip, 65536u);
    EXPECT_EQ(c::kMonsterClip, 131072u);
    EXPECT_EQ(c::kMonster, 33554432u);
    EXPECT_EQ(c::kDebris, 67108864u);
    EXPECT_EQ(c::kLadder, 536870912u);
    EXPECT_EQ(c::kHitbox, 1073741824u);
}

TEST(BspFlags, MasksMatchGmodsEnumValues) {
    namespace m = base::mask;
    EXPECT_EQ(m::kAll, 4294967295u);
    EXPECT_EQ(m::kBlockLos, 16449u);
    EXPECT_EQ(m::kBlockLosAndNpcs, 33570881u);
    EXPECT_EQ(m::kCurrent, 16515072u);
    EXPECT_EQ(m::kDeadSolid, 65547u);
    EXPECT_EQ(m::kNpcSolid, 33701899u);
    EXPECT_EQ(m::kNpcSolidBrushOnly, 147467u);
    EXPECT_EQ(m::kNpcWorldStatic, 131083u);
    EXPECT_EQ(m::kOpaque, 16513u);
    EXPECT_EQ(m::kOpaqueAndNpcs, 33570945u);
    EXPECT_EQ(m::kPlayerSolid, 33636363u);
    EXPECT_EQ(m::kPlayerSolidBrushOnly, 81931u);
    EXPECT_EQ(m::kShot, 1174421507u);
    EXPECT_EQ(m::kShotHull, 100679691u);
    EXPECT_EQ(m::kShotPortal, 33570819u);
    EXPECT_EQ(m::kSolid, 33570827u);
    EXPECT_EQ(m::kSolidBrushOnly, 16395u);
    EXPECT_EQ(m::kSplitAreaPortal, 48u);
    EXPECT_EQ(m::kVisible, 24705u);
    EXPECT_EQ(m::kVisibleAndNpcs, 33579137u);
    EXPECT_EQ(m::kWater, 16432u);
}

TEST(BspFlags, SurfaceFlagsMatchTheSdk) {
    namespace s = base::surf;
    EXPECT_EQ(s::kLight, 0x1u);
    EXPECT_EQ(s::kSky2d, 0x2u);
    EXPECT_EQ(s::kSky, 0x4u);
    EXPECT_EQ(s::kNoDraw, 0x80u);
    EXPECT_EQ(s::kHint, 0x100u);
    EXPECT_EQ(s::kSkip, 0x200u);
    EXPECT_EQ(s::kNoLight, 0x400u);
    EXPECT_EQ(s::kBumpLight, 0x800u);
    EXPECT_EQ(s::kHitbox, 0x8000u);
}
