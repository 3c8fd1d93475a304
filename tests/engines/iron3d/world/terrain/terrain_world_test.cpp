// TerrainWorld queries (spec section 12; the BVH and tie rules of the reference runtime [P]). Geometry comes from
// land::sampleTerrain (a planar grid: z = x/16 + 3y/16) and hand-made faces for overhangs and ties; the BVH is
// checked against a brute-force scan of every face.
#include "vestige/iron3d/terrain/terrain_world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "vestige/core/rng.hpp"
#include "vestige/iron3d/land/sample.hpp"

namespace vestige::iron3d::terrain {
namespace {

land::TerrainData faces(const std::vector<std::array<Vec3, 3>>& tris, std::vector<std::uint32_t> masks = {}) {
    land::TerrainData d;
    for (std::size_t i = 0; i < tris.size(); ++i) {
        land::Face f;
        for (int k = 0; k < 3; ++k) {
            f.v[k] = static_cast<std::uint16_t>(d.positions.size());
            d.positions.push_back(tris[i][k]);
        }
        f.flags = i < masks.size() ? masks[i] : 1;
        d.faces.push_back(f);
    }
    return d;
}

TEST(TerrainWorld, HeightOnAPlanarGridIncludingSharedEdgesAndVertices) {
    auto w = TerrainWorld::build(land::sampleTerrain(2, 2));
    ASSERT_TRUE(w.ok()) << w.error().render();
    auto expect = [&](float x, float y) {
        auto h = w->heightAt(x, y);
        ASSERT_TRUE(h.has_value()) << x << "," << y;
        EXPECT_FLOAT_EQ(*h, x / 16 + 3 * y / 16) << x << "," << y;
    };
    expect(3, 1);
    expect(0, 0);    // a corner vertex
    expect(8, 8);    // the vertex shared by six faces
    expect(4, 4);    // on the diagonal shared by the two faces of a cell
    expect(8, 3);    // on the edge between two cells
    expect(16, 16);  // the far corner
    EXPECT_FALSE(w->heightAt(-0.001f, 4).has_value());
    EXPECT_FALSE(w->heightAt(16.001f, 4).has_value());
    EXPECT_FALSE(w->heightAt(std::nanf(""), 4).has_value());
}

TEST(TerrainWorld, OverhangsTakeTheHighestCoveringTriangle) {
    auto w = TerrainWorld::build(faces({{Vec3{0, 0, 0}, {10, 0, 0}, {0, 10, 0}},
                                        {Vec3{0, 0, 5}, {10, 0, 5}, {0, 10, 5}},
                                        {Vec3{0, 0, 2}, {0, 10, 2}, {10, 0, 2}}}));  // clockwise in XY: still covers
    ASSERT_TRUE(w.ok());
    auto h = w->heightHitAt(2, 2);
    ASSERT_TRUE(h.has_value());
    EXPECT_EQ(h->z, 5.0f);
    EXPECT_EQ(h->face, 1u);
}

TEST(TerrainWorld, EqualHeightsAndEqualDistancesPickTheLowerFaceIndex) {
    const std::array<Vec3, 3> t{Vec3{0, 0, 1}, {10, 0, 1}, {0, 10, 1}};
    auto w = TerrainWorld::build(faces({t, t, t}));
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(w->heightHitAt(1, 1)->face, 0u);
    auto hit = w->raycast({1, 1, 10}, {0, 0, -1});
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->face, 0u);
    EXPECT_EQ(hit->t, 9.0f);
    EXPECT_EQ(hit->point, (Vec3{1, 1, 1}));
}

TEST(TerrainWorld, VerticalFacesCoverNothingButCanBeHitByRays) {
    auto w = TerrainWorld::build(faces({{Vec3{0, 0, 0}, {10, 0, 0}, {10, 0, 10}}}));
    ASSERT_TRUE(w.ok());
    EXPECT_FALSE(w->heightAt(5, 0).has_value());
    auto hit = w->raycast({5, -5, 2}, {0, 1, 0});
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->t, 5.0f);
}

TEST(TerrainWorld, RaycastNearestHitMaskAndMisses) {
    auto w = TerrainWorld::build(
        faces({{Vec3{0, 0, 0}, {10, 0, 0}, {0, 10, 0}}, {Vec3{0, 0, 5}, {10, 0, 5}, {0, 10, 5}}}, {0x1, 0x8}));
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(w->raycast({1, 1, 9}, {0, 0, -1})->face, 1u);
    EXPECT_EQ(w->raycast({1, 1, 9}, {0, 0, -1}, 0x1)->face, 0u) << "the mask skips the upper face";
    EXPECT_FALSE(w->raycast({1, 1, 9}, {0, 0, -1}, 0x2).has_value());
    EXPECT_FALSE(w->raycast({1, 1, 9}, {0, 0, 1}).has_value()) << "behind the origin";
    EXPECT_FALSE(w->raycast({20, 20, 9}, {0, 0, -1}).has_value());
    EXPECT_EQ(w->raycast({1, 1, -3}, {0, 0, 1})->face, 0u);
    EXPECT_FALSE(w->raycast({1, 1, 9}, {0, 0, -1}, 0, 3.0f).has_value()) << "beyond maxT";
}

TEST(TerrainWorld, BvhLeavesHoldAtMostEightFacesAndAnswerLikeABruteForceScan) {
    const land::TerrainData d = land::sampleTerrain(48, 40);  // 3840 faces
    auto w = TerrainWorld::build(d);
    ASSERT_TRUE(w.ok());
    const BvhStats s = w->bvhStats();
    EXPECT_LE(s.maxLeafFaces, kMaxLeafFaces);
    EXPECT_EQ(w->faceCount(), 3840u);
    // Brute force: every face, its own barycentric test in double, highest wins, ties to the lower index.
    auto bruteHeight = [&](double x, double y) -> std::optional<HeightHit> {
        std::optional<HeightHit> best;
        for (std::uint32_t i = 0; i < d.faces.size(); ++i) {
            const Vec3 a = d.positions[d.faces[i].v[0]], b = d.positions[d.faces[i].v[1]],
                       c = d.positions[d.faces[i].v[2]];
            const double det = (double(b.x) - a.x) * (double(c.y) - a.y) - (double(c.x) - a.x) * (double(b.y) - a.y);
            if (det == 0) continue;
            const double l1 = ((x - a.x) * (double(c.y) - a.y) - (double(c.x) - a.x) * (y - a.y)) / det;
            const double l2 = ((double(b.x) - a.x) * (y - a.y) - (x - a.x) * (double(b.y) - a.y)) / det;
            if (l1 < 0 || l2 < 0 || l1 + l2 > 1) continue;
            const auto z = static_cast<float>(a.z + l1 * (double(b.z) - a.z) + l2 * (double(c.z) - a.z));
            if (!best || z > best->z) best = HeightHit{z, i};
        }
        return best;
    };
    Pcg32 rng(7);
    for (int i = 0; i < 3000; ++i) {
        const float x = rng.unit() * 400 - 8, y = rng.unit() * 340 - 8;
        const auto a = w->heightHitAt(x, y), b = bruteHeight(x, y);
        ASSERT_EQ(a.has_value(), b.has_value()) << x << "," << y;
        if (a) { EXPECT_NEAR(a->z, b->z, 1e-4f) << x << "," << y; }
        // Straight down from above: the hit is the surface point, on the face the height query names.
        const auto r = w->raycast({x, y, 5000}, {0, 0, -1});  // above the highest vertex (z ~ 1000)
        ASSERT_EQ(r.has_value(), a.has_value()) << x << "," << y << " face " << (a ? a->face : 0);
        if (r) { EXPECT_NEAR(r->point.z, a->z, 1e-3f); }
    }
}

// The height grid gives the BVH's answer bit for bit: random points, every vertex, edge midpoints and points just
// off the surface of a sample terrain, and of an overhang stack.
TEST(TerrainWorld, HeightGridAnswersExactlyLikeTheTree) {
    auto same = [](const TerrainWorld& w, float x, float y) {
        const auto g = w.heightHitAt(x, y), t = w.heightHitAtTree(x, y);
        ASSERT_EQ(g.has_value(), t.has_value()) << x << "," << y;
        if (!g) return;
        EXPECT_EQ(g->z, t->z) << x << "," << y;
        EXPECT_EQ(g->face, t->face) << x << "," << y;
    };
    const land::TerrainData d = land::sampleTerrain(37, 23);
    auto w = TerrainWorld::build(d);
    ASSERT_TRUE(w.ok());
    const GridStats s = w->gridStats();
    EXPECT_GT(s.cellsX * s.cellsY, 1u);
    EXPECT_LE(s.entries, kMaxGridEntriesPerFace * w->faceCount());
    // 37 x 23 squares, one cell per square: a face is listed in the cells its rectangle covers short of its far
    // edges, so once (a closed-rectangle listing put each in four). Layout guard of the grid's speed.
    EXPECT_EQ(s.cellsX, 37u);
    EXPECT_EQ(s.cellsY, 23u);
    EXPECT_EQ(s.entries, w->faceCount());
    Pcg32 rng(3);
    for (int i = 0; i < 5000; ++i) same(*w, rng.unit() * 620 - 10, rng.unit() * 400 - 10);
    constexpr float kInf = std::numeric_limits<float>::infinity();
    for (const auto& p : d.positions) {
        same(*w, p.x, p.y);  // the first and last float on each side of a vertex: cell edges in both axes
        for (const float dx : {-kInf, kInf})
            for (const float dy : {-kInf, kInf}) same(*w, std::nextafter(p.x, dx), std::nextafter(p.y, dy));
    }
    for (const auto& f : d.faces)
        for (int k = 0; k < 3; ++k) {
            const Vec3 a = d.positions[f.v[k]], b = d.positions[f.v[(k + 1) % 3]];
            same(*w, (a.x + b.x) / 2, (a.y + b.y) / 2);
        }
    same(*w, std::nextafter(0.0f, -1.0f), 5);
    auto stack = TerrainWorld::build(faces({{Vec3{0, 0, 0}, {10, 0, 0}, {0, 10, 0}},
                                            {Vec3{0, 0, 5}, {10, 0, 5}, {0, 10, 5}},
                                            {Vec3{2, 2, 9}, {3, 2, 9}, {2, 3, 9}},
                                            {Vec3{0, 0, 5}, {10, 0, 5}, {0, 10, 5}}}));
    ASSERT_TRUE(stack.ok());
    for (int i = 0; i < 2000; ++i) same(*stack, rng.unit() * 12 - 1, rng.unit() * 12 - 1);
    EXPECT_EQ(stack->heightHitAt(2.5f, 2.2f)->face, 2u);
    EXPECT_EQ(stack->heightHitAt(7, 1)->face, 1u) << "equal heights: the lower index";
}

// Faces far larger than a cell make the grid coarser (never past the entry limit); a non-finite corner leaves the
// grid out and the tree answers.
TEST(TerrainWorld, HeightGridStaysBoundedAndStepsAsideForNonFiniteCorners) {
    std::vector<std::array<Vec3, 3>> tris;
    for (int i = 0; i < 200; ++i) {
        const float o = static_cast<float>(i);
        tris.push_back({Vec3{o, 0, 0}, {o + 1, 0, 0}, {o, 1, 0}});
    }
    tris.push_back({Vec3{-1000, -1000, 1}, {1000, -1000, 1}, {0, 1000, 1}});  // spans every cell
    auto big = TerrainWorld::build(faces(tris));
    ASSERT_TRUE(big.ok());
    EXPECT_LE(big->gridStats().entries, kMaxGridEntriesPerFace * big->faceCount());
    EXPECT_EQ(big->heightHitAt(0.25f, 0.25f)->face, 200u);
    EXPECT_EQ(big->heightHitAt(0.25f, 0.25f)->z, big->heightHitAtTree(0.25f, 0.25f)->z);
    auto inf = TerrainWorld::build(faces({{Vec3{0, 0, 0}, {10, 0, 0}, {0, 10, 0}},
                                          {Vec3{0, 0, std::numeric_limits<float>::infinity()}, {1, 0, 0}, {0, 1, 0}}}));
    ASSERT_TRUE(inf.ok());
    EXPECT_EQ(inf->gridStats().cellsX, 0u);
    EXPECT_EQ(inf->heightHitAt(5, 2).has_value(), inf->heightHitAtTree(5, 2).has_value());
    EXPECT_EQ(inf->heightHitAt(5, 2)->face, 0u);
}

TEST(TerrainWorld, ArealLookupThroughTheGridWithAnExactFallback) {
    land::ArealMapData map = land::sampleArealMap();  // two triangles split along the diagonal of 16 x 16
    auto w = TerrainWorld::build(land::sampleTerrain(2, 2), &map);
    ASSERT_TRUE(w.ok()) << w.error().render();
    EXPECT_EQ(w->arealCount(), 2u);
    EXPECT_EQ(w->arealAt(12, 4), 0u);
    EXPECT_EQ(w->arealAt(4, 12), 1u);
    EXPECT_EQ(w->arealAt(8, 8), 0u) << "on the shared edge: the first candidate that holds it";
    EXPECT_EQ(w->arealAt(16, 0), 0u) << "a vertex belongs to its areal";
    EXPECT_FALSE(w->arealAt(20, 20).has_value());
    EXPECT_EQ(w->gridCell(12, 4), 1u);
    EXPECT_EQ(w->gridCell(4, 12), 2u);
    // Candidates that do not hold the point: the exact scan still finds the areal.
    map.grid.cells = {{1}, {1}, {0}, {1}};
    auto wrong = TerrainWorld::build(land::sampleTerrain(2, 2), &map);
    EXPECT_EQ(wrong->arealAt(12, 4), 0u);
    map.grid.cells = {{5}, {}, {}, {}};
    EXPECT_EQ(TerrainWorld::build(land::sampleTerrain(2, 2), &map).error().code(), "terrain.bad_grid");
}

}  // namespace
}  // namespace vestige::iron3d::terrain
