// Loaded mission -> scene on the sample game root (our writers): the section 12.4 placement transform by numbers,
// the scene's counts, unresolved materials counted and drawn as the checker, the textured mission drawn headless
// (llvmpipe), and the licensed "every mission renders" check (VESTIGE_PARKAN_DIR, skipped otherwise).
#include "vestige/iron3d/scene/mission_scene.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <numbers>

#include "gl_fixture.hpp"
#include "licensed_missions.hpp"
#include "sample_game.hpp"
#include "shared.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::scene {
namespace {

namespace vs = ::vestige::scene;
constexpr float kPi = std::numbers::pi_v<float>;

Vec3 apply(const Mat4& m, Vec3 p) { return (m * Vec4{p.x, p.y, p.z, 1}).xyz(); }

void expectNear(Vec3 a, Vec3 b, const char* what) {
    EXPECT_NEAR(a.x, b.x, 1e-5f) << what;
    EXPECT_NEAR(a.y, b.y, 1e-5f) << what;
    EXPECT_NEAR(a.z, b.z, 1e-5f) << what;
}

using Game = test::SampleGame;

const vs::Mesh* meshNamed(const vs::Scene& s, std::string_view name) {
    for (const auto& mesh : s.meshes)
        if (mesh.name == name) return &mesh;
    return nullptr;
}

// Spec section 12.4: world = R * (scale (.) local) + position, R = Rz(o.z) * Ry(o.y) * Rx(o.x).
TEST(MissionScene, PlacementFollowsTheSpecFormula) {
    const auto t = world::Transform::fromFloats({10, 20, 30}, {kPi / 2, kPi / 2, 0}, {2, 3, 4});
    // (0, 1, 0) -> scale (0, 3, 0) -> Rx(90) (0, 0, 3) -> Ry(90) (3, 0, 0) -> + position. Rx after Ry would
    // give (10, 20, 33) instead, so the order is pinned.
    expectNear(apply(placementMatrix(t), {0, 1, 0}), {13, 20, 30}, "Rz*Ry*Rx order, scale first");
    const auto yaw = world::Transform::fromFloats({4, 4, 2}, {0, 0, kPi / 2});
    expectNear(apply(placementMatrix(yaw), {1, 0, 0}), {4, 5, 2}, "yaw turns +X to +Y");
}

TEST(MissionScene, SampleMissionObjectsLandAtTheirTmaPlacement) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    auto s = toScene(*m);
    ASSERT_TRUE(s.ok()) << s.error().render();
    // Object 0 (the unit DAT's s_tank) at (4, 4, 2), yaw pi/2; object 1 (direct s_tank) at (12, 4, 3), scale 2.
    // The tank body's hull corner (2, 1, 0.3) in model space (msh::sampleTank; body node pose = identity).
    const vs::Mesh* unit = meshNamed(s->scene, "object0.0/body");
    const vs::Mesh* big = meshNamed(s->scene, "object1.0/body");
    ASSERT_NE(unit, nullptr);
    ASSERT_NE(big, nullptr);
    expectNear(apply(unit->placement, {2, 1, 0.3f}), {4 - 1, 4 + 2, 2.3f}, "R(pi/2) (2, 1, 0.3) + (4, 4, 2)");
    expectNear(apply(big->placement, {2, 1, 0.3f}), {12 + 4, 4 + 2, 3 + 0.6f}, "2 x (2, 1, 0.3) + (12, 4, 3)");
    // The world record wins over the TMA words: move object 1 and the scene follows.
    auto& w = m->runtime->world();
    auto moved = *w.transform(m->objects[1].handle);
    moved.setPosition({20, 30, 5});
    ASSERT_TRUE(w.setTransform(m->objects[1].handle, moved).ok());
    auto again = toScene(*m);
    ASSERT_TRUE(again.ok());
    expectNear(apply(meshNamed(again->scene, "object1.0/body")->placement, {0, 0, 0}), {20, 30, 5}, "World3D record");
}

TEST(MissionScene, SampleMissionCountsAndMaterials) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    auto s = toScene(*m);
    ASSERT_TRUE(s.ok()) << s.error().render();
    const MissionSceneReport& r = s->report;
    EXPECT_EQ(r.objects, 4u);
    EXPECT_EQ(r.objectsDrawn, 2u) << "the unit and the direct s_tank; sun_01 and fort_wall are non-geometric";
    EXPECT_EQ(r.meshComponents, 2u);
    EXPECT_EQ(r.nonGeometric, 3u);
    EXPECT_EQ(r.posedComponents, 2u) << "both tanks carry tank.ctl";
    EXPECT_EQ(r.terrainTriangles, 128u);
    EXPECT_EQ(r.objectTriangles, 72u) << "36 per tank at state 0, LOD 0";
    EXPECT_EQ(s->scene.triangleCount(), r.triangles());
    // HULL_CAMO, DECK_PLATE, TRACK_LINKS for the tank; GRASS, SAND for the Land2 rows the faces wear.
    EXPECT_EQ(r.texturesResolved, 5u);
    EXPECT_EQ(r.lightmapsDrawn, 1u) << "LM_TANK through UV1; LM_TURRET (row 1) is never worn at state 0";
    EXPECT_EQ(r.lightmapsMissing, 0u);
    EXPECT_TRUE(r.unresolved.empty());
    EXPECT_EQ(r.terrainSecondLayerFaces, 64u) << "tag 0x0102 on the western half";
    for (const auto& mat : s->scene.materials) {
        EXPECT_FALSE(mat.textureMissing) << mat.name;
        EXPECT_NE(mat.texture, vs::kNone) << mat.name << ": textured from Texm, not the palette";
    }
    const vs::Mesh* terrain = meshNamed(s->scene, "terrain");
    ASSERT_NE(terrain, nullptr);
    ASSERT_EQ(terrain->ranges.size(), 2u) << "Land2 rows 2 and 3";
    EXPECT_EQ(terrain->ranges[0].indexCount, 64u * 3);
    EXPECT_EQ(s->scene.materials[terrain->ranges[0].material].name, "L_GRASS");
    EXPECT_EQ(s->scene.materials[terrain->ranges[1].material].name, "L_SAND");
    // The default camera frames the terrain: every terrain corner projects inside the image.
    const Mat4 vp = s->camera.viewProjection(16.0f / 9.0f);
    for (const Vec3 c : {Vec3{0, 0, 0}, Vec3{64, 0, 4}, Vec3{0, 64, 36}, Vec3{64, 64, 40}}) {
        const Vec4 clip = vp * Vec4{c.x, c.y, c.z, 1};
        ASSERT_GT(clip.w, 0);
        EXPECT_LE(std::abs(clip.x / clip.w), 1.0f);
        EXPECT_LE(std::abs(clip.y / clip.w), 1.0f);
    }
}

TEST(MissionScene, UnresolvedMaterialsAreCountedNeverWhite) {
    Game g;
    g.m.files->erase("DATA/MAPS/DEMO/Land2.wea");
    auto m = g.load();
    ASSERT_TRUE(m.ok()) << "a missing Land table is an inventory warning: " << m.error().render();
    std::size_t warned = 0;
    for (const auto& w : m->warnings) warned += w.code() == "mission.land_wear_missing";
    EXPECT_EQ(warned, 1u);
    auto s = toScene(*m);
    ASSERT_TRUE(s.ok()) << s.error().render();
    ASSERT_EQ(s->report.unresolved.size(), 2u) << "Land2 rows 2 and 3";
    EXPECT_EQ(s->report.unresolved[0].where, "terrain Land2.wea row 2");
    EXPECT_EQ(s->report.unresolved[0].triangles + s->report.unresolved[1].triangles, 128u);
    for (const auto& mat : s->scene.materials)
        if (mat.name.starts_with("unresolved:")) { EXPECT_TRUE(mat.textureMissing) << "the checker, never white"; }
    const std::string json = reportJson(s->report);
    EXPECT_NE(json.find(R"("unresolvedMaterials":2)"), std::string::npos) << json;

    // Textures the load did not keep are unresolved too, not silently flat.
    Game plain;
    auto headless = plain.load(/*keepTextures=*/false);
    ASSERT_TRUE(headless.ok());
    auto flat = toScene(*headless);
    ASSERT_TRUE(flat.ok());
    EXPECT_EQ(flat->report.unresolved.size(), 5u) << "3 tank materials, 2 ground materials";
    EXPECT_EQ(flat->report.texturesResolved, 0u);
}

TEST(MissionScene, AWearRowOutsideTheTableIsCounted) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok());
    // Drop the model's last WEAR rows after the load: batches that name row 2 (the tracks) now point outside it.
    auto& chain = m->models[0].materials;
    chain.rows.resize(2);
    auto s = toScene(*m);
    ASSERT_TRUE(s.ok()) << s.error().render();
    ASSERT_EQ(s->report.unresolved.size(), 1u);
    EXPECT_EQ(s->report.unresolved[0].where, "units.rlb:tank.msh WEAR row 2");
    EXPECT_EQ(s->report.unresolved[0].why, "the WEAR table has 2 rows");
    EXPECT_EQ(s->report.unresolved[0].triangles, 2u * 2 * 12) << "two tracks of 12 triangles on two tanks";
}

using MissionRender = test::OffscreenGlTest<320, 180>;

struct Counts {
    std::size_t checker = 0, differs = 0, content = 0;  // content: pixels of `b` that are not the sky colour
};

Counts compare(const image::Image& a, const image::Image& b) {
    Counts c;
    for (std::uint32_t y = 0; y < a.height(); ++y)
        for (std::uint32_t x = 0; x < a.width(); ++x) {
            const auto p = a.at(x, y), q = b.at(x, y);
            // The missing-texture checker's light cell is magenta-dark (97, 0, 97) before lighting.
            c.checker += p.r > 40 && p.g < 12 && p.b > 40;
            const bool differs = std::abs(p.r - q.r) + std::abs(p.g - q.g) + std::abs(p.b - q.b) > 12;
            const bool sky = std::abs(q.r - 107) + std::abs(q.g - 120) + std::abs(q.b - 133) <= 3;  // Scene::skyColor
            c.differs += differs && !sky;
            c.content += !sky;
        }
    return c;
}

Result<image::Image> draw(render_gl::Offscreen& off, const MissionScene& s) {
    VESTIGE_CHECK(off.renderer->setScene(s.scene));
    VESTIGE_CHECK(off.renderer->draw(s.camera));
    return off.renderer->readColor();
}

TEST_F(MissionRender, TheDemoMissionDrawsTexturedWithNothingMissing) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    MissionSceneOptions o;
    o.aspect = static_cast<float>(kW) / kH;
    auto textured = toScene(*m, o);
    o.textured = false;
    auto flat = toScene(*m, o);
    ASSERT_TRUE(textured.ok() && flat.ok());
    auto a = draw(*sOff, *textured);
    ASSERT_TRUE(a.ok()) << a.error().render();
    const auto stats = sOff->renderer->lastFrame();
    EXPECT_GT(stats.drawCalls, 0u);
    auto b = draw(*sOff, *flat);
    ASSERT_TRUE(b.ok()) << b.error().render();
    const Counts c = compare(*a, *b);
    EXPECT_EQ(c.checker, 0u) << "nothing unresolved, so no checker";
    // Regression guard (our own output): the textures change most of what the scene covers in the frame.
    EXPECT_GT(c.content, static_cast<std::size_t>(kW * kH / 8)) << "the default camera frames the terrain";
    EXPECT_GT(c.differs, c.content * 9 / 10);

    // With Land2.wea gone the terrain draws the checker.
    Game broken;
    broken.m.files->erase("DATA/MAPS/DEMO/Land2.wea");
    auto bm = broken.load();
    ASSERT_TRUE(bm.ok());
    o.textured = true;
    auto bs = toScene(*bm, o);
    ASSERT_TRUE(bs.ok());
    auto img = draw(*sOff, *bs);
    ASSERT_TRUE(img.ok());
    EXPECT_GT(compare(*img, *b).checker, static_cast<std::size_t>(kW * kH / 20));
}

TEST_F(MissionRender, EveryLicensedMissionRenders) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set (the licensed install: every mission loads and renders)";
    vfs::Vfs v;
    ASSERT_TRUE(v.mountDir("", *root).ok());
    const std::vector<std::string> names = test::licensedMissions(*root);
    ASSERT_FALSE(names.empty()) << "no MISSIONS/*/data.tma under VESTIGE_PARKAN_DIR";
    std::size_t rendered = 0;
    for (const auto& name : names) {
        mission::LoadOptions lo;
        lo.keepTextures = true;
        auto m = mission::loadMission(v, name, lo);
        ASSERT_TRUE(m.ok()) << name << ": " << m.error().render();
        auto s = toScene(*m);
        ASSERT_TRUE(s.ok()) << name << ": " << s.error().render();
        EXPECT_TRUE(s->report.unresolved.empty()) << name << ": " << reportJson(s->report);
        auto img = draw(*sOff, *s);
        ASSERT_TRUE(img.ok()) << name << ": " << img.error().render();
        EXPECT_GT(sOff->renderer->lastFrame().trianglesSubmitted, 0u) << name;
        ++rendered;
    }
    RecordProperty("missions_rendered", static_cast<int>(rendered));
    EXPECT_GT(rendered, 0u);
}

}  // namespace
}  // namespace vestige::iron3d::scene
