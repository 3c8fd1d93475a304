#include <gtest/gtest.h>

#include <cmath>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/mapmesh/mapmesh.hpp"

using namespace vestige;
using namespace vestige::source;
using bsp::MapBuilder;

namespace {

mapmesh::MapMesh buildOrDie(const MapBuilder& map) {
    auto b = map.build();
    EXPECT_TRUE(b.ok()) << b.error().render();
    auto w = mapmesh::buildMapMesh(*b);
    EXPECT_TRUE(w.ok()) << w.error().render();
    return w.ok() ? *w : mapmesh::MapMesh{};
}

const mapmesh::Mesh* meshOf(const mapmesh::MapMesh& w, std::string_view material) {
    for (const auto& m : w.meshes)
        if (m.material == material) return &m;
    return nullptr;
}

Vec3 triNormal(const mapmesh::Mesh& m, std::size_t t) {
    const Vec3 a = m.vertices[m.indices[3 * t]].position, b = m.vertices[m.indices[3 * t + 1]].position,
               c = m.vertices[m.indices[3 * t + 2]].position;
    return cross(b - a, c - a);  // counter-clockwise front
}

}  // namespace

TEST(SourceWorld, FloorFacesUpAndTrianglesAreCounterClockwise) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {128, 128, 0}, "floor");
    const auto w = buildOrDie(map);
    const auto* m = meshOf(w, "floor");
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(w.stats.facesDrawn, 6u);
    EXPECT_EQ(m->indices.size(), 36u);
    int up = 0;
    for (std::size_t t = 0; t < m->indices.size() / 3; ++t) {
        const Vec3 n = triNormal(*m, t);
        const Vec3 stored = m->vertices[m->indices[3 * t]].normal;
        EXPECT_GT(dot(n, stored), 0.0f);  // winding agrees with the face normal (out of the solid)
        if (stored.z > 0.99f) {
            ++up;
            EXPECT_EQ(m->vertices[m->indices[3 * t]].position.z, 0.0f);
        }
    }
    EXPECT_EQ(up, 2);
}

TEST(SourceWorld, BrushEntityFacesMoveByOriginAndRotation) {
    MapBuilder map;
    map.addBox({-64, -64, -16}, {64, 64, 0}, "floor");
    map.addBrushEntity({{"classname", "func_door"}}, {MapBuilder::box({90, -10, 0}, {110, 10, 20}, "door")},
                       Vec3{100, 0, 10});
    map.addBrushEntity({{"classname", "func_rotating"}, {"angles", "0 90 0"}},
                       {MapBuilder::box({-10, 198, 48}, {30, 202, 52}, "arm")}, Vec3{0, 200, 50});
    const auto w = buildOrDie(map);
    const auto* door = meshOf(w, "door");
    ASSERT_NE(door, nullptr);
    Aabb box;
    for (const auto& v : door->vertices) box.expand(v.position);
    EXPECT_EQ(box.min, (Vec3{90, -10, 0}));
    EXPECT_EQ(box.max, (Vec3{110, 10, 20}));
    // The arm is stored relative to (0,200,50): x in [-10,30]; yaw 90 turns local +X into world +Y.
    const auto* arm = meshOf(w, "arm");
    ASSERT_NE(arm, nullptr);
    Aabb armBox;
    for (const auto& v : arm->vertices) armBox.expand(v.position);
    EXPECT_NEAR(armBox.min.y, 200 - 10, 1e-3);
    EXPECT_NEAR(armBox.max.y, 200 + 30, 1e-3);
    EXPECT_NEAR(armBox.min.x, -2, 1e-3);
    EXPECT_NEAR(armBox.max.x, 2, 1e-3);
    // UVs come from the stored vertex and the origin-shifted texinfo: same as world-aligned at the world position.
    const auto& v = door->vertices[0];
    EXPECT_NEAR(v.uv.x * 512, (v.normal.x != 0 ? v.position.y : v.position.x) * 4, 1e-2);
}

TEST(SourceWorld, HiddenClassesAndDisabledEntitiesAreSkipped) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {64, 64, 0}, "floor");
    const auto box = MapBuilder::box({0, 0, 0}, {8, 8, 8}, "thing");
    for (const char* cls : {"func_vehicleclip", "func_occluder", "func_areaportal", "func_areaportalwindow",
                            "func_clip_vphysics", "trigger_multiple", "trigger_once"})
        map.addBrushEntity({{"classname", cls}}, {box});
    map.addBrushEntity({{"classname", "func_brush"}, {"StartDisabled", "1"}}, {box});
    map.addBrushEntity({{"classname", "func_wall"}, {"rendermode", "10"}}, {box});
    map.addBrushEntity({{"classname", "func_brush"}}, {box});        // drawn
    map.addBrushEntity({{"classname", "func_illusionary"}}, {box});  // drawn (not solid, but visible)
    const auto w = buildOrDie(map);
    EXPECT_EQ(w.stats.facesSkippedByClass, 9u * 6u);
    EXPECT_EQ(w.stats.facesDrawn, 6u + 2u * 6u);
    EXPECT_TRUE(mapmesh::isHiddenEntity(bsp::Entity{{{"classname", "TRIGGER_hurt"}}}));
    EXPECT_FALSE(mapmesh::isHiddenEntity(bsp::Entity{{{"classname", "func_door"}}}));
}

TEST(SourceWorld, SurfaceFlagMaskFollowsBspflags) {
    MapBuilder map;
    namespace surf = base::surf;
    const std::vector<std::pair<std::string, std::uint32_t>> textures = {
        {"nodraw", surf::kNoDraw},   {"sky", surf::kSky},   {"sky2d", surf::kSky2d},
        {"skip", surf::kSkip},       {"hint", surf::kHint}, {"noportal", surf::kNoPortal},
        {"trigger", surf::kTrigger}, {"warp", surf::kWarp}, {"plain", 0}};
    float x = 0;
    for (const auto& [name, flags] : textures) {
        map.setTextureFlags(name, flags);
        map.addBox({x, 0, 0}, {x + 8, 8, 8}, name);
        x += 16;
    }
    EXPECT_EQ(mapmesh::kSkipSurfaceMask, 0x80u | 0x4u | 0x2u | 0x200u | 0x100u);
    const auto w = buildOrDie(map);
    EXPECT_EQ(w.stats.facesSkippedByFlags, 5u * 6u);
    for (const char* drawn : {"noportal", "trigger", "warp", "plain"}) EXPECT_NE(meshOf(w, drawn), nullptr) << drawn;
    for (const char* hidden : {"nodraw", "sky", "sky2d", "skip", "hint"}) EXPECT_EQ(meshOf(w, hidden), nullptr) << hidden;
    // Tool textures get NODRAW by default and vanish.
    MapBuilder tools;
    tools.addBox({0, 0, 0}, {8, 8, 8}, "tools/toolsnodraw");
    EXPECT_EQ(buildOrDie(tools).stats.facesDrawn, 0u);
}

TEST(SourceWorld, DisplacementStartsAtTheNearestCornerAndFacesUp) {
    for (int startCorner = 0; startCorner < 4; ++startCorner) {
        SCOPED_TRACE(startCorner);
        MapBuilder map;
        bsp::DisplacementDesc d;
        d.min = {0, 0, 0};
        d.size = {256, 256};
        d.power = 3;
        d.height = [](float x, float y) { return 64.0f * std::sin(x / 80.0f) * std::sin(y / 80.0f) + 64.0f; };
        map.addDisplacement(d);
        auto b = map.build();
        ASSERT_TRUE(b.ok());
        // Rotate which base-face corner is corner 0 (the heights then index from that corner).
        const auto& face = b->faces[b->dispInfos[0].mapFace];
        const Vec3 corner = b->vertexes[b->surfEdgeVertex(static_cast<std::size_t>(face.firstEdge + startCorner))];
        b->dispInfos[0].startPosition = corner + Vec3{0.04f, -0.03f, 0};  // vbsp positions are not exact
        auto w = mapmesh::buildMapMesh(*b);
        ASSERT_TRUE(w.ok());
        const auto* m = meshOf(*w, "nature/blendgrassgravel001a");
        ASSERT_NE(m, nullptr);
        EXPECT_EQ(m->vertices.size(), 81u);
        EXPECT_EQ(m->indices.size() / 3, 128u);
        EXPECT_EQ(w->stats.displacementTriangles, 128u);
        // Vertex 0 sits on the chosen corner, lifted by disp vert 0.
        const auto& dv = b->dispVerts[0];
        EXPECT_EQ(m->vertices[0].position, corner + dv.vec * dv.dist);
        // Seen from above every triangle is front-facing (counter-clockwise, normal up).
        for (std::size_t t = 0; t < m->indices.size() / 3; ++t) EXPECT_GT(triNormal(*m, t).z, 0.0f) << t;
        for (const auto& v : m->vertices) EXPECT_GT(v.normal.z, 0.0f);
    }
}

TEST(SourceWorld, LightmapDecodeBlockStrideAndChannelOrder) {
    // Signed exponent: byte 0xFF = -1 halves the value.
    const std::uint8_t half[4] = {255, 128, 64, 0xFF};
    const Vec3 v = mapmesh::decodeLuxel(half);
    EXPECT_FLOAT_EQ(v.x, 0.5f);
    EXPECT_FLOAT_EQ(v.y, 128.0f / 255.0f * 0.5f);
    EXPECT_FLOAT_EQ(v.z, 64.0f / 255.0f * 0.5f);
    const std::uint8_t big[4] = {255, 0, 0, 2};
    EXPECT_FLOAT_EQ(mapmesh::decodeLuxel(big).x, 4.0f);

    // Luxel values encode (s, t) so a wrong stride (size instead of size+1) or R/B swap shows up.
    MapBuilder map;
    map.addBox({0, 0, -16}, {100, 60, 0}, "floor");
    bsp::LightingDesc light;
    light.luxel = [](std::size_t, int s, int t, Vec3 n) {
        return n.z > 0.99f ? Vec3{0.5f + s / 64.0f, 0.25f + t / 64.0f, 0.1f} : Vec3{0.05f, 0.05f, 0.05f};
    };
    map.setLighting(light);
    auto b = map.build();
    ASSERT_TRUE(b.ok());
    auto w = mapmesh::buildMapMesh(*b);
    ASSERT_TRUE(w.ok());
    const auto* m = meshOf(*w, "floor");
    ASSERT_NE(m, nullptr);
    // Find the top face's block through its lightmap UVs.
    const bsp::Face* top = nullptr;
    for (const auto& f : b->faces)
        if (b->planes[f.planeNum].normal.z > 0.99f) top = &f;
    ASSERT_NE(top, nullptr);
    const int W = top->lightmapSize[0] + 1, H = top->lightmapSize[1] + 1;
    EXPECT_EQ(W, 8);  // 100 units / 16 = 6.25 -> ceil - floor = 7 -> 8 luxels
    EXPECT_EQ(H, 5);  // 60 / 16 = 3.75 -> 4 -> 5 luxels
    float minU = 2, minV = 2;
    for (std::size_t i = 0; i < m->indices.size(); ++i) {
        const auto& vx = m->vertices[m->indices[i]];
        if (vx.normal.z > 0.99f) {
            minU = std::min(minU, vx.lightmapUv.x);
            minV = std::min(minV, vx.lightmapUv.y);
        }
    }
    const auto& atlas = w->lightmap;
    const int bx = static_cast<int>(std::floor(minU * atlas.width)), by = static_cast<int>(std::floor(minV * atlas.height));
    for (int t = 0; t < H; ++t)
        for (int s = 0; s < W; ++s) {
            const Vec3 c = atlas.texels[static_cast<std::size_t>(by + t) * atlas.width + bx + s];
            EXPECT_NEAR(c.x, 0.5f + s / 64.0f, 0.01f) << s << "," << t;
            EXPECT_NEAR(c.y, 0.25f + t / 64.0f, 0.01f) << s << "," << t;
            EXPECT_NEAR(c.z, 0.1f, 0.01f);
        }
    // The 1-texel border repeats the edge luxel.
    const Vec3 border = atlas.texels[static_cast<std::size_t>(by - 1) * atlas.width + bx - 1];
    EXPECT_NEAR(border.x, 0.5f, 0.01f);
}

TEST(SourceWorld, WarmSunStaysWarm) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {64, 64, 0}, "floor");
    bsp::LightingDesc light;
    light.sunColor = {0.9f, 0.6f, 0.3f};
    light.ambient = {};
    map.setLighting(light);
    auto w = buildOrDie(map);
    const auto* m = meshOf(w, "floor");
    ASSERT_NE(m, nullptr);
    for (const auto& v : m->vertices) {
        if (v.normal.z < 0.99f) continue;
        const int x = static_cast<int>(v.lightmapUv.x * w.lightmap.width), y = static_cast<int>(v.lightmapUv.y * w.lightmap.height);
        const Vec3 c = w.lightmap.texels[static_cast<std::size_t>(y) * w.lightmap.width + x];
        EXPECT_GT(c.x, c.y);
        EXPECT_GT(c.y, c.z);  // R,G,B byte order as the SDK defines it (no B/R swap)
    }
}

TEST(SourceWorld, HdrOnlyLightingIsUsed) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {64, 64, 0}, "floor");
    bsp::LightingDesc light;
    light.sunColor = {0.9f, 0.6f, 0.3f};
    light.ambient = {};
    map.setLighting(light);
    auto b = map.build();
    ASSERT_TRUE(b.ok());
    b->lightingHdr = std::move(b->lighting);
    b->lighting.clear();
    auto w = mapmesh::buildMapMesh(*b);
    ASSERT_TRUE(w.ok());
    const auto* m = meshOf(*w, "floor");
    ASSERT_NE(m, nullptr);
    int checked = 0;
    for (const auto& v : m->vertices) {
        if (v.normal.z < 0.99f) continue;  // the sun lights the top only
        const int x = static_cast<int>(v.lightmapUv.x * w->lightmap.width), y = static_cast<int>(v.lightmapUv.y * w->lightmap.height);
        EXPECT_NEAR(w->lightmap.texels[static_cast<std::size_t>(y) * w->lightmap.width + x].x, 0.9f, 0.01f);
        ++checked;
    }
    EXPECT_EQ(checked, 4);
    EXPECT_GT(w->lightmap.height, 3);  // more than the white block
}

TEST(SourceWorld, EnvironmentFromEntities) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {64, 64, 0}, "floor");
    map.addEntity({{"classname", "light_environment"}, {"angles", "0 306 0"}, {"pitch", "-56"},
                   {"_light", "242 234 218 560"}, {"_ambient", "114 136 148 420"}});
    map.addEntity({{"classname", "env_fog_controller"}, {"fogenable", "1"}, {"fogcolor", "142 164 178"},
                   {"fogstart", "1024"}, {"fogend", "250000"}, {"fogmaxdensity", "1"}});
    map.addEntity({{"classname", "sky_camera"}, {"origin", "-1428 1645 10991"}, {"scale", "16"}});
    const auto w = buildOrDie(map);
    const auto& env = w.environment;
    ASSERT_TRUE(env.toSun.has_value());
    EXPECT_NEAR(env.toSun->x, -0.329f, 1e-3);
    EXPECT_NEAR(env.toSun->y, 0.452f, 1e-3);
    EXPECT_NEAR(env.toSun->z, 0.829f, 1e-3);
    EXPECT_EQ(env.sunBrightness, 560.0f);  // the 4th number is a brightness, not a radius
    EXPECT_NEAR(env.sunColor.x, std::pow(242.0f / 255.0f, 2.2f), 1e-5);
    EXPECT_EQ(env.ambientBrightness, 420.0f);
    EXPECT_TRUE(env.fogEnabled);
    EXPECT_EQ(env.fogStart, 1024.0f);
    EXPECT_EQ(env.fogEnd, 250000.0f);
    EXPECT_EQ(env.fogColor, (Vec3{142, 164, 178}));
    EXPECT_EQ(env.skyName, "sky_day01_01");
    EXPECT_EQ(env.skyCameraOrigin, (Vec3{-1428, 1645, 10991}));
}

TEST(SourceWorld, AnglesToMatrix) {
    auto fwd = [](Vec3 a) { return source::base::angleMatrix(a).column(0); };
    auto near = [](Vec3 a, Vec3 b) { return length(a - b) < 1e-6f; };
    EXPECT_TRUE(near(fwd({0, 0, 0}), {1, 0, 0}));
    EXPECT_TRUE(near(fwd({0, 90, 0}), {0, 1, 0}));
    EXPECT_TRUE(near(fwd({90, 0, 0}), {0, 0, -1}));
    EXPECT_TRUE(near(source::base::angleMatrix({0, 0, 0}).column(1), {0, 1, 0}));  // left
}

TEST(SourceWorld, ExportGlbHasBothUvSetsAndTheAtlas) {
    MapBuilder map;
    map.addBox({0, 0, -16}, {64, 64, 0}, "floor");
    map.setLighting({});
    auto bytes = map.write();
    ASSERT_TRUE(bytes.ok());
    auto glb = mapmesh::exportMapGlb(*bytes);
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    ASSERT_GT(glb->size(), 20u);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(glb->data()), 4), "glTF");
    const std::string json(reinterpret_cast<const char*>(glb->data()) + 20, loadU32(glb->data() + 12));
    EXPECT_NE(json.find("TEXCOORD_1"), std::string::npos);
    EXPECT_NE(json.find("TEXCOORD_0"), std::string::npos);
    EXPECT_NE(json.find("image/png"), std::string::npos);
    EXPECT_NE(json.find("\"floor\""), std::string::npos);
}
