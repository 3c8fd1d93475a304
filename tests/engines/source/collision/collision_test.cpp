// Collision model: masks, brush vertices and bevels, ClipBoxToBrush semantics, displacements, brush models,
// and BVH == brute force.
#include <gtest/gtest.h>

#include <cmath>

#include "vestige/core/rng.hpp"
#include "vestige/source/collision/builder.hpp"
#include "vestige/source/collision/test_models.hpp"

namespace vestige::source::collision {
namespace {

const Vec3 kMins{-16, -16, 0};
const Vec3 kMaxs{16, 16, 72};

TEST(CollisionContents, MasksMatchBspflags) {
    EXPECT_EQ(mask::kPlayerSolid, 0x0201400Bu);  // SOLID|WINDOW|GRATE|MOVEABLE|PLAYERCLIP|MONSTER
    EXPECT_EQ(mask::kSolid, 0x0200400Bu);
    EXPECT_EQ(mask::kWater, 0x4030u);
    EXPECT_EQ(mask::kShot, 0x4600400Bu & ~0x8u);
    EXPECT_EQ(mask::kCurrent, 0xFC0000u);
    // The seed's contents histogram: grates block the player, detail|opaque and water do not.
    EXPECT_NE(0x18000008u & mask::kPlayerSolid, 0u);
    EXPECT_NE(0x30000008u & mask::kPlayerSolid, 0u);
    EXPECT_EQ(0x08000080u & mask::kPlayerSolid, 0u);
    EXPECT_EQ(0x10000020u & mask::kPlayerSolid, 0u);
    EXPECT_TRUE(isNonCollidingClass("func_illusionary"));
    EXPECT_TRUE(isNonCollidingClass("Trigger_Multiple"));
    EXPECT_TRUE(isNonCollidingClass("func_vehicleclip"));
    EXPECT_FALSE(isNonCollidingClass("func_brush"));
    EXPECT_FALSE(isNonCollidingClass("func_door"));
}

TEST(CollisionBuilder, BoxVerticesAndNoBevels) {
    const std::vector<Plane> planes = {{{1, 0, 0}, 10}, {{-1, 0, 0}, 10}, {{0, 1, 0}, 20},
                                       {{0, -1, 0}, 0},  {{0, 0, 1}, 5},   {{0, 0, -1}, 5}};
    const auto verts = convexVertices(planes);
    ASSERT_EQ(verts.size(), 8u);
    ModelBuilder b;
    b.addBox({-10, 0, -5}, {10, 20, 5});
    const CollisionModel w = b.build();
    ASSERT_EQ(w.volumes().size(), 1u);
    EXPECT_EQ(w.volumes()[0].numSides, 6u);  // axial box: every bevel already present
    EXPECT_EQ(w.volumes()[0].bounds.min, (Vec3{-10, 0, -5}));
    EXPECT_EQ(w.volumes()[0].bounds.max, (Vec3{10, 20, 5}));
}

TEST(CollisionBuilder, RampGetsAxialBevels) {
    ModelBuilder b;
    b.addRamp(0, -64, 64, 0, 256, 30);
    const CollisionModel w = b.build();
    ASSERT_EQ(w.volumes().size(), 1u);
    // 5 planes plus the missing +z and -x bounds planes; the slope's side edges give no new bevel.
    EXPECT_EQ(w.volumes()[0].numSides, 7u);
    EXPECT_EQ(w.stats().bevels, 2u);
    EXPECT_NEAR(w.volumes()[0].bounds.max.z, 256.0f * std::tan(degToRad(30)), 0.02f);
    EXPECT_NEAR(w.volumes()[0].bounds.min.x, 0.0f, 0.02f);
}

TEST(CollisionBuilder, UnboundedAndDegenerateInputs) {
    ModelBuilder b;
    BrushInput open;
    open.planes = {{{1, 0, 0}, 1}, {{0, 1, 0}, 1}, {{0, 0, 1}, 1}, {{-1, 0, 0}, 1}};
    const Status s = b.addBrush(open);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code(), "collision.unbounded");
    BrushInput empty;  // contradictory half-spaces: no volume
    empty.planes = {{{1, 0, 0}, -5}, {{-1, 0, 0}, -5}, {{0, 1, 0}, 1}, {{0, -1, 0}, 1}, {{0, 0, 1}, 1}, {{0, 0, -1}, 1}};
    EXPECT_TRUE(b.addBrush(empty).ok());
    BrushInput nan;
    nan.planes = {{{NAN, 0, 0}, 1}, {{-1, 0, 0}, 1}, {{0, 1, 0}, 1}, {{0, -1, 0}, 1}};
    const Status n = b.addBrush(nan);
    ASSERT_FALSE(n.ok());
    EXPECT_EQ(n.error().code(), "collision.bad_plane");
    EXPECT_EQ(n.error().find("record"), "0");
    const CollisionModel w = b.build();
    EXPECT_EQ(w.volumes().size(), 0u);
    EXPECT_EQ(w.stats().degenerateSkipped, 1u);
}

CollisionModel floorWorld() {
    ModelBuilder b;
    b.addBox({-512, -512, -64}, {512, 512, 0});
    return b.build();
}

TEST(CollisionTrace, BoxStopsDistEpsilonAboveFloor) {
    const CollisionModel w = floorWorld();
    const TraceResult tr = w.traceBox({0, 0, 100}, {0, 0, -100}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_FALSE(tr.startSolid);
    EXPECT_NEAR(tr.fraction, (100.0f - kDistEpsilon) / 200.0f, 1e-6f);
    EXPECT_NEAR(tr.endPos.z, kDistEpsilon, 1e-4f);
    EXPECT_EQ(tr.plane.normal, (Vec3{0, 0, 1}));
    EXPECT_EQ(tr.plane.dist, 0.0f);
    EXPECT_EQ(tr.hitKind, HitKind::Brush);
    EXPECT_EQ(tr.hitId, 0);
    EXPECT_EQ(tr.contents, contents::kSolid);
    // Resting there, a horizontal move is free.
    const TraceResult slide = w.traceBox(tr.endPos, tr.endPos + Vec3{300, 0, 0}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_EQ(slide.fraction, 1.0f);
    // A ray down hits the surface itself.
    const TraceResult ray = w.traceRay({5, 5, 10}, {5, 5, -10}, mask::kAll);
    EXPECT_NEAR(ray.endPos.z, kDistEpsilon, 1e-4f);
}

TEST(CollisionTrace, StartSolidAndAllSolid) {
    const CollisionModel w = floorWorld();
    const TraceResult inside = w.traceBox({0, 0, -32}, {0, 0, -30}, {-1, -1, -1}, {1, 1, 1}, mask::kPlayerSolid);
    EXPECT_TRUE(inside.startSolid);
    EXPECT_TRUE(inside.allSolid);
    EXPECT_EQ(inside.fraction, 0.0f);
    EXPECT_EQ(inside.endPos, (Vec3{0, 0, -32}));
    const TraceResult out = w.traceBox({0, 0, -32}, {0, 0, 100}, {-1, -1, -1}, {1, 1, 1}, mask::kPlayerSolid);
    EXPECT_TRUE(out.startSolid);
    EXPECT_FALSE(out.allSolid);
    EXPECT_EQ(out.fraction, 1.0f);
    // Exactly touching counts as inside (d1 = 0 is not "out"), like Source.
    const TraceResult touch = w.traceBox({0, 0, 0}, {0, 0, 0}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_TRUE(touch.startSolid);
}

TEST(CollisionTrace, MasksDecideWhatBlocks) {
    ModelBuilder b;
    b.addBox({100, -64, 0}, {108, 64, 128}, contents::kPlayerClip);
    b.addBox({200, -64, 0}, {208, 64, 128}, contents::kGrate | contents::kTranslucent);
    b.addBox({300, -64, 0}, {308, 64, 128}, contents::kWater | contents::kTranslucent);
    b.addBox({400, -64, 0}, {408, 64, 128}, contents::kDetail | contents::kOpaque);
    const CollisionModel w = b.build();
    const Vec3 a{0, 0, 10};
    const TraceResult player = w.traceBox(a, {500, 0, 10}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_NEAR(player.endPos.x, 100 - 16 - kDistEpsilon, 1e-3f);
    EXPECT_EQ(player.contents, contents::kPlayerClip);
    const TraceResult shot = w.traceRay(a, {500, 0, 10}, mask::kShot);  // clips and grates let bullets through
    EXPECT_EQ(shot.fraction, 1.0f);
    const TraceResult npc = w.traceBox({150, 0, 10}, {500, 0, 10}, kMins, kMaxs, mask::kNpcSolid);
    EXPECT_NEAR(npc.endPos.x, 200 - 16 - kDistEpsilon, 1e-3f);  // grate blocks NPCs and players
    const TraceResult water = w.traceRay({250, 0, 10}, {500, 0, 10}, mask::kWater);
    EXPECT_NEAR(water.endPos.x, 300 - kDistEpsilon, 1e-3f);
    EXPECT_EQ(w.pointContents({304, 0, 10}), contents::kWater | contents::kTranslucent);
    EXPECT_EQ(w.pointContents({350, 0, 10}), 0u);
    EXPECT_EQ(w.pointContents({104, 0, 10}), contents::kPlayerClip);
}

// Seed E21: a body level with a slab's top, moving along the slab's side, touches only an edge.
TEST(CollisionTrace, EdgeTouchDoesNotBlock) {
    ModelBuilder b;
    b.addBox({-3072, -3584, 240}, {-1536, -2048, 256});
    const CollisionModel w = b.build();
    // Feet exactly at the slab top, body beside it (y from -2048 to -2016): moving -y onto the slab's top.
    const Vec3 start{-2385, -2032, 256 + kDistEpsilon};
    const TraceResult tr = w.traceBox(start, start + Vec3{0, -256, 0}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_EQ(tr.fraction, 1.0f);
    EXPECT_FALSE(tr.startSolid);
    // Along the side at a lower height it blocks with the side plane.
    // (Exactly touching the side would be start-solid, as in Source; start one unit away.)
    const Vec3 low{-2385, -2031, 200};
    const TraceResult side = w.traceBox(low, low + Vec3{0, -256, 0}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_LT(side.fraction, 1.0f);
    EXPECT_EQ(side.plane.normal, (Vec3{0, 1, 0}));
}

// Seed E22: a top face cut by a slanted face; rays must stop on the slanted surface where it is lower.
TEST(CollisionTrace, LatestEnteringPlaneWins) {
    ModelBuilder b;
    BrushInput hill;
    const Vec3 n = normalize(Vec3{0.361f, 0.127f, 0.924f});
    hill.planes = {{{0, 0, 1}, 240}, {n, dot(n, Vec3{0, 0, 231})}, {{0, 0, -1}, 0}, {{1, 0, 0}, 512},
                   {{-1, 0, 0}, 512}, {{0, 1, 0}, 512}, {{0, -1, 0}, 512}};
    ASSERT_TRUE(b.addBrush(hill).ok());
    const CollisionModel w = b.build();
    for (float x = -400; x <= 400; x += 50) {
        const float surface = std::min(240.0f, (dot(n, Vec3{0, 0, 231}) - n.x * x) / n.z);
        const TraceResult tr = w.traceRay({x, 0, 400}, {x, 0, -10}, mask::kAll);
        ASSERT_LT(tr.fraction, 1.0f) << x;
        EXPECT_NEAR(tr.endPos.z, surface, 0.05f) << x;
    }
}

TEST(CollisionTrace, ThinWallsAndFastFallNeverTunnel) {
    ModelBuilder b;
    b.addBox({100, -64, -64}, {104, 64, 64});
    b.addBox({-256, -256, -4}, {256, 256, 0});
    const CollisionModel w = b.build();
    const TraceResult wall = w.traceBox({0, 0, 0}, {3500, 0, 0}, {-16, -16, -16}, {16, 16, 16}, mask::kPlayerSolid);
    EXPECT_NEAR(wall.endPos.x, 84 - kDistEpsilon, 1e-3f);
    const TraceResult fall = w.traceBox({0, 0, 3000}, {0, 0, -3000}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_NEAR(fall.endPos.z, kDistEpsilon, 1e-3f);
    const TraceResult ray = w.traceRay({0, 0, 3000}, {0, 0, -3000}, mask::kPlayerSolid);
    EXPECT_NEAR(ray.endPos.z, kDistEpsilon, 1e-3f);
}

TEST(CollisionTrace, BrushModelCollidesAtItsOrigin) {
    ModelBuilder b;
    b.addBox({-32, -32, 0}, {32, 32, 64}, contents::kSolid, {1000, 500, 0}, 3);
    const CollisionModel w = b.build();
    ASSERT_EQ(w.volumes().size(), 1u);
    EXPECT_EQ(w.volumes()[0].model, 3);
    EXPECT_EQ(w.volumes()[0].bounds.min, (Vec3{968, 468, 0}));
    // Nothing at the local position ...
    EXPECT_EQ(w.traceBox({-200, 0, 1}, {200, 0, 1}, kMins, kMaxs, mask::kPlayerSolid).fraction, 1.0f);
    // ... and a wall where it is drawn.
    const TraceResult tr = w.traceBox({800, 500, 1}, {1200, 500, 1}, kMins, kMaxs, mask::kPlayerSolid);
    EXPECT_NEAR(tr.endPos.x, 968 - 16 - kDistEpsilon, 1e-3f);
}

TEST(CollisionDisplacement, SurfaceIsTracedWithUpNormals) {
    ModelBuilder b;
    const auto height = [](float x, float y) { return 0.25f * x + 0.1f * y; };
    const DisplacementInput d = displacementGrid({0, 0, 0}, 512, 3, height);
    EXPECT_EQ(d.vertices.size(), 81u);
    EXPECT_EQ(d.triangles.size(), 128u);
    ASSERT_TRUE(b.addDisplacement(d).ok());
    const CollisionModel w = b.build();
    EXPECT_EQ(w.stats().displacementTriangles, 128u);
    for (float x = 10; x < 500; x += 37) {
        for (float y = 10; y < 500; y += 41) {
            const TraceResult tr = w.traceRay({x, y, 500}, {x, y, -500}, mask::kPlayerSolid);
            ASSERT_LT(tr.fraction, 1.0f);
            EXPECT_EQ(tr.hitKind, HitKind::Displacement);
            EXPECT_GT(tr.plane.normal.z, 0.9f);
            EXPECT_NEAR(tr.endPos.z, height(x, y) + kDistEpsilon / tr.plane.normal.z, 0.01f);
        }
    }
    // A box sliding along the plane just above it crosses every triangle edge without a hit.
    const Vec3 n = normalize(Vec3{-0.25f, -0.1f, 1});
    const Vec3 lift = n * 0.1f;
    const Vec3 a{40, 40, height(40, 40) + 16 * 0.35f};
    const Vec3 e{470, 470, height(470, 470) + 16 * 0.35f};
    const TraceResult slide = w.traceBox(a + lift, e + lift, {-16, -16, 0}, {16, 16, 72}, mask::kPlayerSolid);
    EXPECT_FALSE(slide.startSolid);
    EXPECT_EQ(slide.fraction, 1.0f);
}

TEST(CollisionBvh, MatchesBruteForceOnRandomTraces) {
    const CollisionModel w = buildBrushField(600, 7);
    EXPECT_EQ(w.stats().brushes, 600u);
    Pcg32 rng(99);
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        const Vec3 s{(rng.unit() * 2 - 1) * 8000, (rng.unit() * 2 - 1) * 8000, rng.unit() * 160 - 10};
        const Vec3 d{(rng.unit() * 2 - 1) * 400, (rng.unit() * 2 - 1) * 400, (rng.unit() * 2 - 1) * 100};
        const float h = rng.unit() * 20;
        const Vec3 mn{-h, -h, 0};
        const Vec3 mx{h, h, 2 * h};
        const TraceResult a = w.traceBox(s, s + d, mn, mx, mask::kPlayerSolid);
        const TraceResult b = w.traceBoxBruteForce(s, s + d, mn, mx, mask::kPlayerSolid);
        ASSERT_EQ(a.fraction, b.fraction) << i;
        ASSERT_EQ(a.startSolid, b.startSolid) << i;
        ASSERT_EQ(a.allSolid, b.allSolid) << i;
        ASSERT_EQ(a.endPos, b.endPos) << i;
        if (a.fraction < 1.0f) ++hits;
    }
    EXPECT_GT(hits, 300);
}

TEST(CollisionWorlds, DemoWorldIsDeterministic) {
    const CollisionModel a = buildDemoModel();
    const CollisionModel b = buildDemoModel();
    ASSERT_EQ(a.volumes().size(), b.volumes().size());
    ASSERT_EQ(a.sides().size(), b.sides().size());
    for (std::size_t i = 0; i < a.sides().size(); ++i) {
        ASSERT_EQ(a.sides()[i].plane.normal, b.sides()[i].plane.normal);
        ASSERT_EQ(a.sides()[i].plane.dist, b.sides()[i].plane.dist);
    }
    EXPECT_EQ(a.stats().displacementTriangles, 512u);
    EXPECT_NE(a.pointContents({-1300, 0, -100}) & contents::kWater, 0u);
}

TEST(CollisionBuilder, VolumeBoundsComeFromTheSnappedWindings) {
    // Displacement columns over whole-unit grid points: vbsp's windings snap within 0.001 of an integer, so the
    // bounds are exact (the former plane-pair clipping left 319.999969 and -896.000061 here).
    ModelBuilder b;
    ASSERT_TRUE(b.addDisplacement(displacementGrid({256, -896, 0}, 512, 3, [](float, float) { return 0.0f; })).ok());
    const CollisionModel w = b.build();
    ASSERT_EQ(w.volumes().size(), 128u);
    for (const Volume& v : w.volumes())
        for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(v.bounds.min[k], std::round(v.bounds.min[k]));
            EXPECT_EQ(v.bounds.max[k], std::round(v.bounds.max[k]));
        }
    EXPECT_EQ(w.volumes()[0].bounds.min, (Vec3{256, -896, -16}));
    EXPECT_EQ(w.volumes()[0].bounds.max, (Vec3{320, -832, 0}));
}

}  // namespace
}  // namespace vestige::source::collision
