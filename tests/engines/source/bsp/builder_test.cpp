#include <gtest/gtest.h>

#include <cmath>

#include "fixtures.hpp"
#include "vestige/source/bsp/bsp.hpp"

using namespace vestige;
using namespace vestige::source::bsp;

namespace {

std::vector<Vec3> facePoints(const Bsp& b, const Face& f) {
    std::vector<Vec3> pts;
    for (int i = 0; i < f.numEdges; ++i) pts.push_back(b.vertexes[b.surfEdgeVertex(static_cast<std::size_t>(f.firstEdge + i))]);
    return pts;
}

Vec3 faceNormal(const Bsp& b, const Face& f) {
    const Vec3 n = b.planes[f.planeNum].normal;
    return f.side ? -n : n;
}

void expectSameStructure(const Bsp& a, const Bsp& b) {
    EXPECT_EQ(a.entities, b.entities);
    EXPECT_EQ(a.planes, b.planes);
    EXPECT_EQ(a.texData, b.texData);
    EXPECT_EQ(a.vertexes, b.vertexes);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.texInfo, b.texInfo);
    EXPECT_EQ(a.faces, b.faces);
    EXPECT_EQ(a.origFaces, b.origFaces);
    EXPECT_EQ(a.lighting, b.lighting);
    EXPECT_EQ(a.leafs, b.leafs);
    EXPECT_EQ(a.edges, b.edges);
    EXPECT_EQ(a.surfEdges, b.surfEdges);
    EXPECT_EQ(a.models, b.models);
    EXPECT_EQ(a.leafFaces, b.leafFaces);
    EXPECT_EQ(a.leafBrushes, b.leafBrushes);
    EXPECT_EQ(a.brushes, b.brushes);
    EXPECT_EQ(a.brushSides, b.brushSides);
    EXPECT_EQ(a.dispInfos, b.dispInfos);
    EXPECT_EQ(a.dispVerts, b.dispVerts);
    EXPECT_EQ(a.dispTris, b.dispTris);
    EXPECT_EQ(a.leafWaterData, b.leafWaterData);
    EXPECT_EQ(a.texDataStringData, b.texDataStringData);
    EXPECT_EQ(a.texDataStringTable, b.texDataStringTable);
}

}  // namespace

TEST(BspBuilder, SingleBoxHasExactCounts) {
    MapBuilder map;
    map.addBox({0, 0, 0}, {64, 32, 16}, "dev/dev_measuregeneric01");
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok()) << bsp.error().render();
    EXPECT_EQ(bsp->brushes.size(), 1u);
    EXPECT_EQ(bsp->brushSides.size(), 6u);  // axial box: no bevels needed
    EXPECT_EQ(bsp->faces.size(), 6u);
    EXPECT_EQ(bsp->vertexes.size(), 8u);
    EXPECT_EQ(bsp->edges.size(), 13u);      // 12 + the unused edge 0
    EXPECT_EQ(bsp->surfEdges.size(), 24u);
    EXPECT_EQ(bsp->planes.size(), 14u);     // 6 pairs for the box sides + 1 pair for the root split (x = 32)
    EXPECT_EQ(bsp->models.size(), 1u);
    EXPECT_EQ(bsp->models[0].mins, (Vec3{0, 0, 0}));
    EXPECT_EQ(bsp->models[0].maxs, (Vec3{64, 32, 16}));
    EXPECT_EQ(bsp->totalTriangleCount(), 12u);
    EXPECT_EQ(bsp->texData.size(), 1u);
    EXPECT_EQ(bsp->textureName(0), "dev/dev_measuregeneric01");
    // Planes pair up: 2k+1 is the flip of 2k, and the even one has the positive dominant component.
    for (std::size_t i = 0; i < bsp->planes.size(); i += 2) {
        EXPECT_EQ(bsp->planes[i].normal, -bsp->planes[i + 1].normal);
        EXPECT_EQ(bsp->planes[i].dist, -bsp->planes[i + 1].dist);
        EXPECT_GT(bsp->planes[i].normal.x + bsp->planes[i].normal.y + bsp->planes[i].normal.z, 0.0f);
    }
    // Edges are shared: every edge used exactly once forwards and once backwards.
    std::vector<int> uses(bsp->edges.size(), 0);
    for (auto e : bsp->surfEdges) uses[static_cast<std::size_t>(std::abs(e))] += e > 0 ? 1 : 100;
    for (std::size_t i = 1; i < uses.size(); ++i) EXPECT_EQ(uses[i], 101) << i;
}

TEST(BspBuilder, FacesAreClockwiseSeenFromTheFrontAndTheFloorFacesUp) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {128, 128, 0}, "dev/dev_measuregeneric01");
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok());
    int upFaces = 0;
    for (const auto& f : bsp->faces) {
        const auto pts = facePoints(*bsp, f);
        const Vec3 n = faceNormal(*bsp, f);
        const Vec3 c = cross(pts[1] - pts[0], pts[2] - pts[0]);
        EXPECT_LT(dot(c, n), 0.0f);  // clockwise from the front: the CCW normal points away
        for (const auto& p : pts) EXPECT_NEAR(dot(n, p) - bsp->planes[f.planeNum].dist * (f.side ? -1.0f : 1.0f), 0.0f, 1e-3f);
        if (n.z > 0.99f) {
            ++upFaces;
            EXPECT_EQ(pts[0].z, 0.0f);  // the top of the floor brush
        }
    }
    EXPECT_EQ(upFaces, 1);
}

TEST(BspBuilder, RampHasTheRequestedAngleAndBevels) {
    MapBuilder map;
    map.addRamp({0, 0, 0}, 128, 64, 30.0f, RampDirection::PosY, "dev/dev_measuregeneric01");
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok()) << bsp.error().render();
    ASSERT_EQ(bsp->brushes.size(), 1u);
    const Brush& brush = bsp->brushes[0];
    int slopes = 0, bevels = 0;
    for (int s = 0; s < brush.numSides; ++s) {
        const BrushSide& side = bsp->brushSides[static_cast<std::size_t>(brush.firstSide + s)];
        const Vec3 n = bsp->planes[side.planeNum].normal;
        if (side.bevel) ++bevels;
        if (!side.bevel && n.z > 0.1f && n.z < 0.99f) {
            ++slopes;
            EXPECT_NEAR(std::acos(n.z) * 180.0 / 3.14159265358979, 30.0, 1e-3);
            EXPECT_NEAR(n.y, -0.5f, 1e-6f);  // rises towards +Y
        }
    }
    EXPECT_EQ(slopes, 1);
    EXPECT_EQ(bevels, 2);  // axial +Z at the top edge and -Y at the low edge; slanted edges need none
    EXPECT_EQ(bsp->faces.size(), 5u);
    EXPECT_NEAR(bsp->models[0].maxs.z, 128 * std::tan(30.0 * 3.14159265358979 / 180.0), 1e-3);
    EXPECT_EQ(bsp->models[0].maxs.y, 128.0f);
}

TEST(BspBuilder, BrushEntityIsStoredRelativeToItsOrigin) {
    auto map = test::sampleMap();
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok()) << bsp.error().render();
    ASSERT_EQ(bsp->models.size(), 2u);
    const Model& door = bsp->models[1];
    EXPECT_EQ(door.mins, (Vec3{-6, -6, -64}));
    EXPECT_EQ(door.maxs, (Vec3{6, 6, 64}));
    EXPECT_EQ(door.numFaces, 6);
    EXPECT_EQ(door.firstFace, bsp->models[0].firstFace + bsp->models[0].numFaces);
    const Entity* ent = nullptr;
    for (const auto& e : bsp->entities)
        if (e.className() == "func_door") ent = &e;
    ASSERT_NE(ent, nullptr);
    EXPECT_EQ(ent->value("model"), "*1");
    EXPECT_EQ(ent->vec3("origin"), (Vec3{256, 506, 64}));
    // Texture offsets carry the origin: a local vertex gives the same UV as its world position would.
    const Face& f = bsp->faces[static_cast<std::size_t>(door.firstFace)];
    const TexInfo& t = bsp->texInfo[static_cast<std::size_t>(f.texInfo)];
    const Vec3 local = bsp->vertexes[bsp->surfEdgeVertex(static_cast<std::size_t>(f.firstEdge))];
    const Vec3 world = local + Vec3{256, 506, 64};
    EXPECT_FLOAT_EQ(dot(local, t.textureVecs[0].xyz()) + t.textureVecs[0].w, dot(world, t.textureVecs[0].xyz()));
}

TEST(BspBuilder, WaterDisplacementAndLightmaps) {
    auto map = test::sampleMap();
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok());
    // Water: contents TRANSLUCENT|WATER like real maps (0x10000020), one LEAFWATERDATA entry at the surface.
    int water = 0;
    for (const auto& b : bsp->brushes)
        if (static_cast<std::uint32_t>(b.contents) ==
            (source::base::contents::kWater | source::base::contents::kTranslucent))
            ++water;
    EXPECT_EQ(water, 1);
    ASSERT_EQ(bsp->leafWaterData.size(), 1u);
    EXPECT_EQ(bsp->leafWaterData[0].surfaceZ, 48.0f);
    EXPECT_EQ(bsp->leafWaterData[0].minZ, 0.0f);
    EXPECT_EQ(bsp->textureName(static_cast<std::size_t>(bsp->texInfo[static_cast<std::size_t>(bsp->leafWaterData[0].texInfo)].texData)),
              "nature/water_canals_water2");

    // Displacement: power 2 -> 25 verts, 32 triangles; base face corner 0 is startPosition.
    ASSERT_EQ(bsp->dispInfos.size(), 1u);
    const DispInfo& d = bsp->dispInfos[0];
    EXPECT_EQ(d.power, 2);
    EXPECT_EQ(bsp->dispVerts.size(), 25u);
    EXPECT_EQ(bsp->dispTris.size(), 32u);
    const Face& base = bsp->faces[d.mapFace];
    EXPECT_EQ(base.dispInfo, 0);
    EXPECT_EQ(base.numEdges, 4);
    EXPECT_EQ(facePoints(*bsp, base)[0], d.startPosition);
    EXPECT_EQ(d.startPosition, (Vec3{0, 0, 200}));
    // Height (x + y) / 8 at the far corner (row 4, column 4 = (128, 128)).
    EXPECT_EQ(bsp->dispVerts[24].dist, 32.0f);
    EXPECT_EQ(bsp->dispVerts[24].vec, (Vec3{0, 0, 1}));
    for (auto tag : bsp->dispTris) EXPECT_EQ(tag, 1 | 2 | 4);  // gentle slope: walkable and buildable

    // Lightmaps: every lit face has style 0, a (size+1)^2 block, and its average colour just before lightofs.
    std::size_t expected = 0;
    int lit = 0;
    for (const auto& f : bsp->faces) {
        if (f.lightOfs < 0) {
            EXPECT_EQ(f.styles[0], 255);
            continue;
        }
        ++lit;
        EXPECT_EQ(f.styles, (std::array<std::uint8_t, 4>{0, 255, 255, 255}));
        expected += 4 + 4 * static_cast<std::size_t>((f.lightmapSize[0] + 1) * (f.lightmapSize[1] + 1));
        EXPECT_LE(f.lightmapSize[0], 31);
        EXPECT_LE(f.lightmapSize[1], 31);
    }
    EXPECT_GT(lit, 30);
    EXPECT_EQ(bsp->lighting.size(), expected);
}

TEST(BspBuilder, ColorRgbExp32Encoding) {
    EXPECT_EQ(encodeColorRgbExp32({1.0f, 0.5f, 0.25f}), (std::array<std::uint8_t, 4>{255, 128, 64, 0}));
    EXPECT_EQ(encodeColorRgbExp32({0.5f, 0.25f, 0.0f}), (std::array<std::uint8_t, 4>{255, 128, 0, 0xFF}));  // exp -1
    EXPECT_EQ(encodeColorRgbExp32({4.0f, 2.0f, 1.0f}), (std::array<std::uint8_t, 4>{255, 128, 64, 2}));
    EXPECT_EQ(encodeColorRgbExp32({0, 0, 0}), (std::array<std::uint8_t, 4>{0, 0, 0, 0}));
}

TEST(BspBuilder, SunLitFloorIsWarm) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {64, 64, 0}, "dev/dev_measuregeneric01");
    LightingDesc light;
    light.sunDirection = {0, 0, -1};
    light.sunColor = {1.0f, 0.8f, 0.5f};
    light.ambient = {0, 0, 0};
    map.setLighting(light);
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok());
    for (const auto& f : bsp->faces) {
        const Vec3 n = faceNormal(*bsp, f);
        const auto* px = &bsp->lighting[static_cast<std::size_t>(f.lightOfs)];
        if (n.z > 0.99f) {
            EXPECT_EQ(px[0], 255);  // R first (SDK order), warm: R > G > B
            EXPECT_EQ(px[1], 204);
            EXPECT_EQ(px[2], 128);
            EXPECT_EQ(static_cast<std::int8_t>(px[3]), 0);
        } else {
            EXPECT_EQ(px[0], 0);
        }
    }
}

TEST(BspBuilder, ReadingTheOutputGivesTheSameMap) {
    auto map = test::sampleMap();
    map.addStaticProp("models/props_junk/wood_crate001a.mdl", {100, 100, 0}, {0, 45, 0});
    auto built = map.build();
    ASSERT_TRUE(built.ok());
    auto bytes = writeBsp(*built);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto read = readBsp(*bytes);
    ASSERT_TRUE(read.ok()) << read.error().render();
    expectSameStructure(*built, *read);
    EXPECT_EQ(read->entities.size(), 5u);
    EXPECT_EQ(read->entities[0].className(), "worldspawn");
    // Writer round trip is byte-exact.
    auto again = writeBsp(*read);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *bytes);
}

TEST(BspBuilder, TreeLeavesCoverEveryBrushAndPointContentsWork) {
    auto map = test::sampleMap();
    auto bsp = map.build();
    ASSERT_TRUE(bsp.ok());
    // Every world brush is reachable from model 0's tree.
    std::vector<bool> seen(bsp->brushes.size(), false);
    std::vector<std::int32_t> stack{bsp->models[0].headNode};
    while (!stack.empty()) {
        const auto n = stack.back();
        stack.pop_back();
        if (n < 0) {
            const Leaf& l = bsp->leafs[static_cast<std::size_t>(-1 - n)];
            for (int k = 0; k < l.numLeafBrushes; ++k) seen[bsp->leafBrushes[l.firstLeafBrush + k]] = true;
            continue;
        }
        stack.push_back(bsp->nodes[static_cast<std::size_t>(n)].children[0]);
        stack.push_back(bsp->nodes[static_cast<std::size_t>(n)].children[1]);
    }
    const std::size_t worldBrushes = bsp->brushes.size() - 1;  // the door is model 1
    for (std::size_t i = 0; i < worldBrushes; ++i) EXPECT_TRUE(seen[i]) << i;
    // A point inside the pool lands in a leaf whose contents include water.
    const Vec3 p{384, 384, 24};
    std::int32_t n = bsp->models[0].headNode;
    while (n >= 0) {
        const Node& node = bsp->nodes[static_cast<std::size_t>(n)];
        const source::bsp::Plane& pl = bsp->planes[static_cast<std::size_t>(node.planeNum)];
        n = node.children[dot(pl.normal, p) - pl.dist >= 0 ? 0 : 1];
    }
    const Leaf& leaf = bsp->leafs[static_cast<std::size_t>(-1 - n)];
    EXPECT_NE(static_cast<std::uint32_t>(leaf.contents) & source::base::contents::kWater, 0u);
    EXPECT_EQ(leaf.leafWaterDataId, 0);
}

TEST(BspBuilder, RejectsBadInput) {
    MapBuilder map;
    BrushDesc open;
    open.sides = {{{0, 0, 1}, 10, "x"}, {{0, 0, -1}, 0, "x"}, {{1, 0, 0}, 10, "x"}, {{-1, 0, 0}, 0, "x"}};
    map.addBrush(open);
    auto r = map.build();
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bsp.builder");

    MapBuilder quotes;
    quotes.addEntity({{"classname", "info_target"}, {"targetname", "a\"b"}});
    auto w = quotes.write();
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code(), "bsp.entities");
}
