// vbsp's brush geometry: side windings (clockwise from the front, snapped), closed/open brushes, bevel planes
// (axial bounds first, then edge x axis with vbsp's "half its length" rule, never a normal twice).
#include "vestige/source/base/brush_geometry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace vestige;
using namespace vestige::source::base;

namespace {

std::vector<Plane> box(Vec3 lo, Vec3 hi) {
    return {{{1, 0, 0}, hi.x},   {{-1, 0, 0}, -lo.x}, {{0, 1, 0}, hi.y},
            {{0, -1, 0}, -lo.y}, {{0, 0, 1}, hi.z},   {{0, 0, -1}, -lo.z}};
}

bool hasPlane(const std::vector<Plane>& planes, Vec3 n, float d) {
    return std::any_of(planes.begin(), planes.end(),
                       [&](const Plane& p) { return length(p.normal - n) < 1e-6f && std::fabs(p.dist - d) < 1e-4f; });
}

}  // namespace

TEST(BrushGeometry, BoxWindingsAreClockwiseFromTheFrontAndExact) {
    const auto planes = box({-10, 0, -5}, {10, 20, 5});
    const BrushHull hull = brushHull(planes);
    ASSERT_TRUE(hull.closed());
    EXPECT_EQ(hull.faces, 6u);
    EXPECT_EQ(hull.bounds.min, (Vec3{-10, 0, -5}));
    EXPECT_EQ(hull.bounds.max, (Vec3{10, 20, 5}));
    for (std::size_t s = 0; s < planes.size(); ++s) {
        const Winding& w = hull.windings[s];
        ASSERT_EQ(w.size(), 4u);
        DVec3 newell;
        for (std::size_t i = 0; i < w.size(); ++i) newell = newell + cross(w[i], w[(i + 1) % w.size()]);
        EXPECT_LT(dot(newell, toDouble(planes[s].normal)), 0.0) << "side " << s;  // clockwise seen from outside
        for (const DVec3& p : w) EXPECT_NEAR(dot(p, toDouble(planes[s].normal)), planes[s].dist, 1e-9);
    }
    EXPECT_TRUE(bevelPlanes(planes, hull.windings).empty());  // an axial box already has every bevel
}

TEST(BrushGeometry, OpenAndEmptyPlaneSets) {
    const std::vector<Plane> open = {{{1, 0, 0}, 1}, {{0, 1, 0}, 1}, {{0, 0, 1}, 1}, {{-1, 0, 0}, 1}};
    const BrushHull a = brushHull(open);
    EXPECT_TRUE(a.open);
    EXPECT_FALSE(a.closed());
    const std::vector<Plane> empty = {{{1, 0, 0}, -5}, {{-1, 0, 0}, -5}, {{0, 1, 0}, 1},
                                      {{0, -1, 0}, 1}, {{0, 0, 1}, 1},   {{0, 0, -1}, 1}};
    const BrushHull b = brushHull(empty);
    EXPECT_FALSE(b.open);
    EXPECT_EQ(b.faces, 0u);
    EXPECT_FALSE(b.closed());
}

TEST(BrushGeometry, WedgeGetsTheMissingAxialBevelsOnly) {
    // A 30-degree ramp rising along +x from x = 0 to 256, y in [-64, 64]: the bounds lack +z and -x planes.
    const float a = degToRad(30.0f);
    const Vec3 slope{-std::sin(a), 0, std::cos(a)};
    const std::vector<Plane> planes = {
        {slope, 0}, {{1, 0, 0}, 256}, {{0, 1, 0}, 64}, {{0, -1, 0}, 64}, {{0, 0, -1}, 0}};
    const BrushHull hull = brushHull(planes);
    ASSERT_TRUE(hull.closed());
    const auto bevels = bevelPlanes(planes, hull.windings);
    ASSERT_EQ(bevels.size(), 2u);
    EXPECT_EQ(bevels[0].normal, (Vec3{-1, 0, 0}));  // axial bevels come first, axis by axis, -1 before +1
    EXPECT_EQ(bevels[0].dist, 0.0f);
    EXPECT_EQ(bevels[1].normal, (Vec3{0, 0, 1}));
    EXPECT_NEAR(bevels[1].dist, 256.0 * std::tan(30.0 * 3.14159265358979323846 / 180.0), 1e-3);
}

TEST(BrushGeometry, TetrahedronGetsEdgeBevelsThatKeepEveryVertexBehind) {
    // Corner tetrahedron (0,0,0), (64,0,0), (0,64,0), (0,0,64): three axial sides and the slanted x + y + z <= 64.
    const Vec3 n = normalize(Vec3{1, 1, 1});
    const std::vector<Plane> planes = {{{-1, 0, 0}, 0}, {{0, -1, 0}, 0}, {{0, 0, -1}, 0}, {n, dot(n, Vec3{64, 0, 0})}};
    const BrushHull hull = brushHull(planes);
    ASSERT_TRUE(hull.closed());
    EXPECT_EQ(hull.faces, 4u);
    const auto bevels = bevelPlanes(planes, hull.windings);
    for (const Plane& b : bevels) {
        EXPECT_NEAR(length(b.normal), 1.0f, 1e-6f);
        for (const Winding& w : hull.windings)
            for (const DVec3& p : w) EXPECT_LE(dot(toDouble(b.normal), p) - b.dist, 0.01 + 1e-4);
    }
    // Axial: the missing +x, +y, +z bounds planes at 64. Edges: the slanted face's edge (-1, 1, 0) crossed with z
    // gives the plane between +x and +y through that edge, and likewise for the other two edges.
    EXPECT_TRUE(hasPlane(bevels, {1, 0, 0}, 64));
    EXPECT_TRUE(hasPlane(bevels, {0, 1, 0}, 64));
    EXPECT_TRUE(hasPlane(bevels, {0, 0, 1}, 64));
    const float d45 = 64.0f / std::sqrt(2.0f);
    EXPECT_TRUE(hasPlane(bevels, normalize(Vec3{1, 1, 0}), d45));
    EXPECT_TRUE(hasPlane(bevels, normalize(Vec3{1, 0, 1}), d45));
    EXPECT_TRUE(hasPlane(bevels, normalize(Vec3{0, 1, 1}), d45));
    EXPECT_EQ(bevels.size(), 6u);
}

TEST(BrushGeometry, NearAxialEdgeMakesNoBevelWithThatAxis) {
    // vbsp drops edge x axis when the cross product keeps less than half its length (edge within 30 degrees of
    // the axis). The edge (10, 2, 2) is ~16 degrees from x: no bevel is built from x, both y and z give one.
    const std::vector<Winding> windings = {{DVec3{0, 0, 0}, DVec3{10, 2, 2}, DVec3{0, 0, 10}}};
    const auto bevels = bevelPlanes({}, windings);
    const DVec3 edge = normalized(DVec3{10, 2, 2});
    for (int sign : {-1, 1}) {
        const Vec3 fromX = toFloat(normalized(cross(edge, DVec3{static_cast<double>(sign), 0, 0})));
        EXPECT_FALSE(std::any_of(bevels.begin(), bevels.end(),
                                 [&](const Plane& p) { return length(p.normal - fromX) < 1e-5f; }));
    }
    // Six axial planes (no sides given), then edge bevels that keep the triangle behind them.
    ASSERT_GE(bevels.size(), 6u);
    EXPECT_EQ(bevels[0].normal, (Vec3{-1, 0, 0}));
    EXPECT_EQ(bevels[5].normal, (Vec3{0, 0, 1}));
    EXPECT_EQ(bevels[5].dist, 10.0f);
}
