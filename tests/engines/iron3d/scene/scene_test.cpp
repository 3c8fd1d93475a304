// MSH -> scene: structure of the builder tank, animation-posed placements, and the tank drawn headless
// (llvmpipe) with known pixels, coverage and the Iron3D face-side policy on real Batch20 records.
#include <gtest/gtest.h>

#include <cmath>

#include "gl_fixture.hpp"
#include "vestige/image/image.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/iron3d/scene/scene.hpp"
#include "vestige/render_gl/headless.hpp"

namespace vestige::iron3d::scene {
namespace {

namespace vs = ::vestige::scene;

msh::Model tankModel() {
    auto bytes = msh::build(msh::sampleTank());
    EXPECT_TRUE(bytes.ok());
    auto model = msh::Model::read(*bytes);
    EXPECT_TRUE(model.ok()) << (model ? "" : model.error().render());
    return std::move(*model);
}

Vec3 transformPoint(const Mat4& m, Vec3 p) { return (m * Vec4{p.x, p.y, p.z, 1}).xyz(); }

TEST(Iron3dScene, TankStructure) {
    const auto model = tankModel();
    auto s = toScene(model);
    ASSERT_TRUE(s.ok()) << s.error().render();
    ASSERT_TRUE(vs::validate(*s).ok());
    ASSERT_EQ(s->meshes.size(), 3u);  // body, two tracks; the socket has no geometry
    EXPECT_EQ(s->meshes[0].name, "body");
    EXPECT_EQ(s->meshes[1].name, "track_left");
    EXPECT_EQ(s->meshes[2].name, "track_right");
    EXPECT_EQ(s->triangleCount(), 36u);
    ASSERT_EQ(s->meshes[0].ranges.size(), 2u);  // hull (5 sides) + deck
    EXPECT_EQ(s->meshes[0].ranges[0].indexCount, 30u);
    EXPECT_EQ(s->meshes[0].ranges[1].indexCount, 6u);
    for (const auto& m : s->meshes)
        for (const auto& r : m.ranges) {
            EXPECT_TRUE(r.ironFaceSide);
            EXPECT_EQ(r.ironFlags, 0u);
        }
    ASSERT_EQ(s->materials.size(), 3u);  // WEAR rows 0, 1, 2
    EXPECT_EQ(s->materials[1].name, "wear_1");
    EXPECT_EQ(s->materials[1].baseColor, wearColour(1));
    // Fallback poses: tracks at (0, +-1.4, 0.4) under the identity body.
    const Vec3 l = transformPoint(s->meshes[1].placement, {0, 0, 0});
    const Vec3 r = transformPoint(s->meshes[2].placement, {0, 0, 0});
    EXPECT_FLOAT_EQ(l.y, 1.4f);
    EXPECT_FLOAT_EQ(l.z, 0.4f);
    EXPECT_FLOAT_EQ(r.y, -1.4f);
    EXPECT_EQ(s->bounds().min.z, 0.0f);
    EXPECT_FLOAT_EQ(s->bounds().max.z, 1.3f);
}

TEST(Iron3dScene, OptionsAreChecked) {
    const auto model = tankModel();
    SceneOptions o;
    o.state = msh::kStateCount;
    auto bad = toScene(model, o);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "iron3d_scene.bad_option");
    o = {};
    o.nodeTimes = {std::nullopt, std::nullopt};  // the tank has 4 nodes
    auto count = toScene(model, o);
    ASSERT_FALSE(count.ok());
    EXPECT_EQ(count.error().code(), "iron3d_scene.node_count");
    o = {};
    o.time = -1.0f;
    EXPECT_FALSE(toScene(model, o).ok());
}

TEST(Iron3dScene, TimeDrivesTheSampler) {
    const auto model = tankModel();
    SceneOptions o;
    auto still = nodeMatrices(model, o);
    ASSERT_TRUE(still.ok());
    ASSERT_EQ(still->size(), 4u);
    // Socket fallback key 5: translation (0.3, 0, 1.3), no turn.
    const Vec3 a = transformPoint((*still)[3], {1, 0, 0});
    EXPECT_NEAR(a.x, 1.3f, 1e-5f);
    EXPECT_NEAR(a.y, 0.0f, 1e-5f);
    EXPECT_NEAR(a.z, 1.3f, 1e-5f);
    // t = 2: frame roundHalfEven(1.5) = 2 -> key 4 (time 2, a quarter turn about Z stored as (0,0,h,h)),
    // conjugated once -> -90 degrees about Z: +X goes to -Y.
    o.time = 2.0f;
    auto turned = nodeMatrices(model, o);
    ASSERT_TRUE(turned.ok());
    const Vec3 b = transformPoint((*turned)[3], {1, 0, 0});
    EXPECT_NEAR(b.x, 0.3f, 1e-4f);
    EXPECT_NEAR(b.y, -1.0f, 1e-4f);
    EXPECT_NEAR(b.z, 1.3f, 1e-4f);
    // Per-node times: only the socket animated, the same matrix.
    o = {};
    o.nodeTimes = {std::nullopt, std::nullopt, std::nullopt, 2.0f};
    auto perNode = nodeMatrices(model, o);
    ASSERT_TRUE(perNode.ok());
    EXPECT_EQ(transformPoint((*perNode)[3], {1, 0, 0}), b);
    // Caller-supplied matrices replace the sampler (a posed AniMesh piece tree).
    o = {};
    o.nodeWorld.assign(4, Mat4::translation({10, 0, 0}));
    auto moved = toScene(model, o);
    ASSERT_TRUE(moved.ok());
    EXPECT_FLOAT_EQ(moved->bounds().min.x, 7.9f);  // tracks reach x = -2.1
    EXPECT_FLOAT_EQ(moved->bounds().max.x, 12.1f);
}

class Iron3dSceneGl : public test::OffscreenGlTest<128, 128> {
protected:
    static constexpr std::uint32_t kSize = kW;
};

image::Rgba8 expectedLit(const vs::Scene& s, Vec4 base, Vec3 n) {
    const Vec3 toSun = normalize(s.sun.toSun);
    const Vec3 l = s.sun.ambient + s.sun.color * std::max(dot(n, toSun), 0.0f);
    auto ch = [](float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255)); };
    return {ch(base.x * l.x), ch(base.y * l.y), ch(base.z * l.z), 255};
}

void expectNear(image::Rgba8 a, image::Rgba8 b, int tol, const char* what) {
    EXPECT_LE(std::abs(int(a.r) - int(b.r)), tol) << what << ": r " << int(a.r) << " vs " << int(b.r);
    EXPECT_LE(std::abs(int(a.g) - int(b.g)), tol) << what << ": g " << int(a.g) << " vs " << int(b.g);
    EXPECT_LE(std::abs(int(a.b) - int(b.b)), tol) << what << ": b " << int(a.b) << " vs " << int(b.b);
}

TEST_F(Iron3dSceneGl, TankFromAbovePixelsCoverageAndFaceSide) {
    const auto model = tankModel();
    auto s = toScene(model);
    ASSERT_TRUE(s.ok());
    auto& r = *sOff->renderer;
    ASSERT_TRUE(r.setScene(*s).ok());
    // Straight down from 20 units; image up = +X, image left = +Y; tan(fov/2) = 0.25.
    const float fov = 2 * std::atan(0.25f);
    ASSERT_TRUE(r.draw(vs::lookAtCamera({0, 0, 20}, {0, 0, 0}, fov)).ok());
    auto img = r.readColor();
    ASSERT_TRUE(img.ok());
    (void)image::writePng(::testing::TempDir() + "iron3d_scene_tank_top.png", *img);  // for eyes
    // Face side on real records: of 36 faces the eye sees the three tops (6 triangles) and the tracks' inner
    // sides (y = +-1.1 face the axis: 4 triangles); the hull record (4 sides + bottom) loses every face.
    EXPECT_EQ(r.lastFrame().ironFacesDropped, 26u);
    EXPECT_EQ(r.lastFrame().ironRecordsDropped, 1u);
    // Known pixels: deck (WEAR 1) in the centre, left track (WEAR 2, y 1.1..1.7) left of it, sky in the corner.
    const auto sky = image::Rgba8{static_cast<std::uint8_t>(std::lround(s->skyColor.x * 255)),
                                  static_cast<std::uint8_t>(std::lround(s->skyColor.y * 255)),
                                  static_cast<std::uint8_t>(std::lround(s->skyColor.z * 255)), 255};
    expectNear(img->at(64, 64), expectedLit(*s, wearColour(1), {0, 0, 1}), 2, "deck");
    // y = 1.4 at depth 19.2: 64 - 1.4 / (0.25 * 19.2) * 64 = 45.3 px from the left edge.
    expectNear(img->at(45, 64), expectedLit(*s, wearColour(2), {0, 0, 1}), 2, "left track");
    expectNear(img->at(83, 64), expectedLit(*s, wearColour(2), {0, 0, 1}), 2, "right track");
    expectNear(img->at(2, 2), sky, 1, "sky");
    // Coverage: deck 4 x 2 at depth 18.7 and two track tops 4.2 x 0.6 at depth 19.2 (px per unit = 64 / (0.25 d)),
    // each within 3 %; the tracks' inner sides project to a 0.6 px strip: at most one column each.
    const double deck = 4 * 2 * std::pow(64 / (0.25 * 18.7), 2);
    const double tracks = 2 * 4.2 * 0.6 * std::pow(64 / (0.25 * 19.2), 2);
    const auto deckColour = expectedLit(*s, wearColour(1), {0, 0, 1});
    const auto trackColour = expectedLit(*s, wearColour(2), {0, 0, 1});
    auto same = [](image::Rgba8 a, image::Rgba8 b, int tol) {
        return std::abs(int(a.r) - b.r) <= tol && std::abs(int(a.g) - b.g) <= tol && std::abs(int(a.b) - b.b) <= tol;
    };
    std::uint64_t covered = 0, deckPx = 0, trackPx = 0;
    for (std::uint32_t y = 0; y < kSize; ++y)
        for (std::uint32_t x = 0; x < kSize; ++x) {
            const auto p = img->at(x, y);
            if (!same(p, sky, 1)) ++covered;
            if (same(p, deckColour, 2)) ++deckPx;
            if (same(p, trackColour, 2)) ++trackPx;
        }
    EXPECT_NEAR(static_cast<double>(deckPx), deck, 0.03 * deck);
    EXPECT_NEAR(static_cast<double>(trackPx), tracks, 0.03 * tracks);
    EXPECT_LE(covered - deckPx - trackPx, 2u * 60u);
}

TEST_F(Iron3dSceneGl, TankFromBelowShowsTheHullNotTheDeck) {
    const auto model = tankModel();
    auto s = toScene(model);
    ASSERT_TRUE(s.ok());
    auto& r = *sOff->renderer;
    ASSERT_TRUE(r.setScene(*s).ok());
    const float fov = 2 * std::atan(0.25f);
    ASSERT_TRUE(r.draw(vs::lookAtCamera({0, 0, -20}, {0, 0, 0}, fov)).ok());
    auto img = r.readColor();
    ASSERT_TRUE(img.ok());
    // The three bottoms and the tracks' inner sides survive (mirror of the view from above); the deck record is
    // dropped, so the centre is the hull bottom (WEAR 0), not the deck seen through it.
    EXPECT_EQ(r.lastFrame().ironFacesDropped, 26u);
    EXPECT_EQ(r.lastFrame().ironRecordsDropped, 1u);
    expectNear(img->at(64, 64), expectedLit(*s, wearColour(0), {0, 0, -1}), 2, "hull bottom");
}

}  // namespace
}  // namespace vestige::iron3d::scene
