// Start-solid traces: fractionLeftSolid (CM_ClipBoxToBrush's leave fraction of the solid the sweep starts in)
// and traceEngine's point-trace rules (volumes entered before the ray has left the solid extend it; nothing
// entered inside that run is a hit). Exact numbers: the leave fraction is (d1 + 1/32) / (d1 - d2).
#include <gtest/gtest.h>

#include "vestige/source/collision/builder.hpp"

namespace vestige::source::collision {
namespace {

// A: x 0..64, B: x 96..128, optional C: x 48..80 overlapping A; all y, z -64..64.
CollisionModel makeWorld(bool withOverlap, bool overlapFirst = false) {
    ModelBuilder b;
    if (withOverlap && overlapFirst) b.addBox({48, -64, -64}, {80, 64, 64});
    b.addBox({0, -64, -64}, {64, 64, 64});
    b.addBox({96, -64, -64}, {128, 64, 64});
    if (withOverlap && !overlapFirst) b.addBox({48, -64, -64}, {80, 64, 64});
    return b.build();
}

TEST(CollisionLeftSolid, RayLeavesTheBrushItStartsIn) {
    const CollisionModel w = makeWorld(false);
    // Leaves x = 64 at (-48 + 1/32) / (-48 - 80) = 0.374755859375, then enters B at (80 - 1/32) / 128.
    for (const TraceResult& tr : {w.traceRay({16, 0, 0}, {144, 0, 0}, mask::kSolid),
                                  w.traceEngine({16, 0, 0}, {144, 0, 0}, {}, {}, mask::kSolid)}) {
        EXPECT_TRUE(tr.startSolid);
        EXPECT_FALSE(tr.allSolid);
        EXPECT_EQ(tr.fractionLeftSolid, 0.374755859375f);
        EXPECT_EQ(tr.fraction, 0.624755859375f);
        EXPECT_EQ(tr.endPos.x, 95.96875f);
        EXPECT_EQ(tr.plane.normal, (Vec3{-1, 0, 0}));
        EXPECT_EQ(tr.contents, contents::kSolid);
    }
    // Out into the open: no hit, the leave fraction only.
    const TraceResult open = w.traceRay({16, 0, 0}, {80, 0, 0}, mask::kSolid);
    EXPECT_TRUE(open.startSolid);
    EXPECT_EQ(open.fraction, 1.0f);
    EXPECT_EQ(open.fractionLeftSolid, 47.96875f / 64.0f);  // 0.74951171875
    EXPECT_EQ(open.endPos, (Vec3{80, 0, 0}));
    // Not started inside: 0.
    const TraceResult outside = w.traceRay({80, 0, 0}, {144, 0, 0}, mask::kSolid);
    EXPECT_FALSE(outside.startSolid);
    EXPECT_EQ(outside.fractionLeftSolid, 0.0f);
    EXPECT_EQ(outside.fraction, 15.96875f / 64.0f);
}

TEST(CollisionLeftSolid, AllSolidIsOneAndEpsilonStartsStayZero) {
    const CollisionModel w = makeWorld(false);
    const TraceResult inside = w.traceRay({16, 0, 0}, {32, 0, 0}, mask::kSolid);
    EXPECT_TRUE(inside.startSolid);
    EXPECT_TRUE(inside.allSolid);
    EXPECT_EQ(inside.fraction, 0.0f);
    EXPECT_EQ(inside.fractionLeftSolid, 1.0f);
    EXPECT_EQ(inside.endPos, (Vec3{16, 0, 0}));
    // Starting less than DIST_EPSILON inside the face: the leave fraction is negative, Source keeps 0.
    const TraceResult skin = w.traceRay({63.99f, 0, 0}, {80, 0, 0}, mask::kSolid);
    EXPECT_TRUE(skin.startSolid);
    EXPECT_FALSE(skin.allSolid);
    EXPECT_EQ(skin.fractionLeftSolid, 0.0f);
    // Masked out: nothing.
    const TraceResult water = w.traceRay({16, 0, 0}, {144, 0, 0}, mask::kWater);
    EXPECT_FALSE(water.startSolid);
    EXPECT_EQ(water.fractionLeftSolid, 0.0f);
}

TEST(CollisionLeftSolid, BoxSweepUsesThePushedOutPlane) {
    const CollisionModel w = makeWorld(false);
    // Extents 8: A's face moves out to x = 72: (-56 + 1/32) / -128 = 0.437255859375.
    for (const TraceResult& tr : {w.traceBox({16, 0, 0}, {144, 0, 0}, {-8, -8, -8}, {8, 8, 8}, mask::kSolid),
                                  w.traceEngine({16, 0, 0}, {144, 0, 0}, {-8, -8, -8}, {8, 8, 8}, mask::kSolid)}) {
        EXPECT_TRUE(tr.startSolid);
        EXPECT_EQ(tr.fractionLeftSolid, 0.437255859375f);
        EXPECT_EQ(tr.fraction, (72.0f - 1.0f / 32.0f) / 128.0f);  // B pushed out to x = 88
    }
}

TEST(CollisionLeftSolid, EngineRaysChainOverlappingBrushesInAnyOrder) {
    for (bool first : {false, true}) {
        const CollisionModel w = makeWorld(true, first);
        // traceBox: C (x 48..80) is entered at 31.96875/128 while still inside A: a hit, A's leave kept.
        const TraceResult plain = w.traceRay({16, 0, 0}, {144, 0, 0}, mask::kSolid);
        EXPECT_TRUE(plain.startSolid);
        EXPECT_EQ(plain.fraction, 0.249755859375f);
        EXPECT_EQ(plain.fractionLeftSolid, 0.374755859375f);
        // traceEngine: C continues the solid up to x = 80 (0.499755859375); the hit is B.
        const TraceResult tr = w.traceEngine({16, 0, 0}, {144, 0, 0}, {}, {}, mask::kSolid);
        EXPECT_TRUE(tr.startSolid);
        EXPECT_FALSE(tr.allSolid);
        EXPECT_EQ(tr.fractionLeftSolid, 0.499755859375f) << first;
        EXPECT_EQ(tr.fraction, 0.624755859375f);
        EXPECT_EQ(tr.endPos.x, 95.96875f);
        EXPECT_EQ(tr.plane.normal, (Vec3{-1, 0, 0}));
        // Into the open after C: no hit at all.
        const TraceResult open = w.traceEngine({16, 0, 0}, {88, 0, 0}, {}, {}, mask::kSolid);
        EXPECT_EQ(open.fraction, 1.0f);
        EXPECT_EQ(open.hitKind, HitKind::None);
        EXPECT_EQ(open.fractionLeftSolid, 63.96875f / 72.0f);
        EXPECT_EQ(open.endPos, (Vec3{88, 0, 0}));
        // Ending inside C, which it entered before leaving A: all solid.
        const TraceResult stuck = w.traceEngine({16, 0, 0}, {72, 0, 0}, {}, {}, mask::kSolid);
        EXPECT_TRUE(stuck.allSolid);
        EXPECT_EQ(stuck.fraction, 0.0f);
        EXPECT_EQ(stuck.fractionLeftSolid, 1.0f);
        EXPECT_EQ(stuck.endPos, (Vec3{16, 0, 0}));
        const TraceResult stuckPlain = w.traceRay({16, 0, 0}, {72, 0, 0}, mask::kSolid);
        EXPECT_FALSE(stuckPlain.allSolid);  // traceBox keeps the per-volume answer movement relies on
    }
}

}  // namespace
}  // namespace vestige::source::collision
