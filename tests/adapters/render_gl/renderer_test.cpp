// Headless renderer tests on llvmpipe (EGL surfaceless). Every scene is built in memory; each test
// asserts exact pixel positions or colours within a small tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "vestige/image/image.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/draw2d.hpp"
#include "vestige/scene/face_side.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::render_gl {
namespace {

using image::Image;
using image::Rgba8;
using scene::Camera;
using scene::Scene;

constexpr std::uint32_t kSize = 64;
const Rgba8 kSky{0, 0, 0, 255};

class RenderGl : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        auto off = Offscreen::create(kSize, kSize);
        if (!off) {
            sSkipReason = off.error().render();
            return;
        }
        sOffscreen = new Offscreen(std::move(*off));
    }
    static void TearDownTestSuite() {
        delete sOffscreen;
        sOffscreen = nullptr;
    }
    void SetUp() override {
        if (!sOffscreen) {
            const char* ci = std::getenv("CI");
            if (ci && std::string_view(ci) == "true")
                FAIL() << "CI=true but no headless OpenGL context: " << sSkipReason;
            GTEST_SKIP() << "no headless OpenGL 4.5 context: " << sSkipReason;
        }
        ASSERT_TRUE(sOffscreen->renderer->resize(kSize, kSize).ok());
    }
    static Renderer& renderer() { return *sOffscreen->renderer; }

    // Renders and reads back; fails the test on any renderer error.
    static Image render(const Scene& s, const Camera& cam) {
        auto st = renderer().setScene(s);
        EXPECT_TRUE(st.ok()) << (st ? "" : st.error().render());
        st = renderer().draw(cam);
        EXPECT_TRUE(st.ok()) << (st ? "" : st.error().render());
        auto img = renderer().readColor();
        EXPECT_TRUE(img.ok());
        return img ? *img : Image();
    }

    static Offscreen* sOffscreen;
    static std::string sSkipReason;
};
Offscreen* RenderGl::sOffscreen = nullptr;
std::string RenderGl::sSkipReason;

// Eye at the origin looking down +X with a 90 degree vertical FOV: on the plane x = 10, screen x (NDC)
// is -y/10 (screen right is world -Y) and screen y is z/10.
Camera axisCamera() {
    Camera c = scene::ironCamera({0, 0, 0}, 0, 0, 0, degToRad(90));
    c.zNear = 1;
    c.zFar = 1000;
    return c;
}

Vec3 onPlane(float ndcX, float ndcY, float distance = 10) { return {distance, -ndcX * distance, ndcY * distance}; }

Scene blackSky() {
    Scene s;
    s.skyColor = {0, 0, 0};
    return s;
}

scene::Material flat(Vec4 c) {
    scene::Material m;
    m.baseColor = c;
    return m;
}

// A triangle whose screen corners are (-0.5,-0.5), (0.5,-0.5), (0,0.5): counter-clockwise on screen.
scene::Mesh screenTriangle(bool reversed) {
    scene::Mesh m;
    m.name = "triangle";
    const Vec3 a = onPlane(-0.5f, -0.5f), b = onPlane(0.5f, -0.5f), c = onPlane(0.0f, 0.5f);
    m.vertices = {{a}, {b}, {c}};
    m.indices = reversed ? std::vector<std::uint32_t>{0, 2, 1} : std::vector<std::uint32_t>{0, 1, 2};
    m.ranges.push_back({0, 3, 0});
    return m;
}

// Pixel centre inside the triangle above, computed on the CPU (no centre lies exactly on an edge).
bool insideScreenTriangle(std::uint32_t x, std::uint32_t y) {
    const float nx = (static_cast<float>(x) + 0.5f) / kSize * 2 - 1;
    const float ny = 1 - (static_cast<float>(y) + 0.5f) / kSize * 2;
    if (ny < -0.5f) return false;
    const float halfWidth = (0.5f - ny) * 0.5f;  // 0.5 at the base, 0 at the apex
    return std::abs(nx) < halfWidth;
}

std::uint64_t countNot(const Image& img, Rgba8 c) {
    std::uint64_t n = 0;
    for (std::uint32_t y = 0; y < img.height(); ++y)
        for (std::uint32_t x = 0; x < img.width(); ++x) n += img.at(x, y) == c ? 0 : 1;
    return n;
}

void expectNear(Rgba8 actual, Rgba8 expected, int tol, const char* what) {
    EXPECT_NEAR(actual.r, expected.r, tol) << what;
    EXPECT_NEAR(actual.g, expected.g, tol) << what;
    EXPECT_NEAR(actual.b, expected.b, tol) << what;
}

TEST_F(RenderGl, DriverIsGl45) {
    const std::string d = renderer().describeDriver();
    EXPECT_NE(d.find("4.5"), std::string::npos) << d;
}

TEST_F(RenderGl, KnownTriangleLandsOnKnownPixels) {
    Scene s = blackSky();
    s.materials.push_back(flat({1.0f, 0.5f, 0.25f, 1}));
    s.meshes.push_back(screenTriangle(false));
    const Image img = render(s, axisCamera());
    std::uint64_t covered = 0, mismatches = 0;
    for (std::uint32_t y = 0; y < kSize; ++y) {
        for (std::uint32_t x = 0; x < kSize; ++x) {
            const bool in = insideScreenTriangle(x, y);
            covered += in ? 1 : 0;
            const Rgba8 p = img.at(x, y);
            if (in) {
                if (std::abs(p.r - 255) > 1 || std::abs(p.g - 128) > 1 || std::abs(p.b - 64) > 1) ++mismatches;
            } else if (!(p == kSky)) {
                ++mismatches;
            }
        }
    }
    EXPECT_EQ(covered, 512u);  // half of a 32x32 pixel box
    EXPECT_EQ(mismatches, 0u);
    EXPECT_EQ(countNot(img, kSky), 512u);
    EXPECT_EQ(renderer().lastFrame().drawCalls, 1u);
    EXPECT_EQ(renderer().lastFrame().trianglesSubmitted, 1u);
}

TEST_F(RenderGl, DepthReadBackMatchesProjection) {
    Scene s = blackSky();
    s.materials.push_back(flat({1, 1, 1, 1}));
    s.meshes.push_back(screenTriangle(false));
    const Camera cam = axisCamera();
    (void)render(s, cam);
    auto depth = renderer().readDepth();
    ASSERT_TRUE(depth.ok());
    // Window depth of a point at eye distance 10 on the axis.
    const Vec4 clip = cam.viewProjection(1.0f) * Vec4{10, 0, 0, 1};
    const float expected = (clip.z / clip.w) * 0.5f + 0.5f;
    EXPECT_NEAR((*depth)[32 * kSize + 32], expected, 1e-5f);
    EXPECT_EQ((*depth)[2 * kSize + 2], 1.0f);  // cleared
}

TEST_F(RenderGl, BackFaceCullingPerRange) {
    Scene s = blackSky();
    s.materials.push_back(flat({1, 1, 1, 1}));
    s.meshes.push_back(screenTriangle(true));
    EXPECT_EQ(countNot(render(s, axisCamera()), kSky), 0u) << "clockwise triangle is a back face";
    s.meshes[0].ranges[0].cull = scene::CullMode::None;
    EXPECT_EQ(countNot(render(s, axisCamera()), kSky), 512u);
    s.meshes[0].ranges[0].cull = scene::CullMode::Back;
    s.meshes[0].ranges[0].frontFace = scene::FrontFace::Clockwise;  // Source winding
    EXPECT_EQ(countNot(render(s, axisCamera()), kSky), 512u);
    s.meshes[0].ranges[0].cull = scene::CullMode::Front;
    EXPECT_EQ(countNot(render(s, axisCamera()), kSky), 0u);
}

TEST_F(RenderGl, MirroredPlacementKeepsHardwareCullingConsistent) {
    Scene s = blackSky();
    s.materials.push_back(flat({1, 1, 1, 1}));
    s.meshes.push_back(screenTriangle(false));
    s.meshes[0].placement = Mat4::fromTRS({}, Quat::identity(), {1, -1, 1});
    // The mirror turns the front face's screen winding clockwise; the renderer compensates.
    EXPECT_EQ(countNot(render(s, axisCamera()), kSky), 512u);
}

// ---- Iron3D colour-pass face-side policy through the renderer ----

// Two records: record 0 = faces (first, second), record 1 unused. Triangles sit in the left and right
// halves of the screen so each face's pixels can be counted separately.
scene::Mesh twoFaceRecord(bool firstFront, bool secondFront, std::uint32_t flags) {
    scene::Mesh m;
    m.name = "iron";
    auto tri = [&](float cx, bool front) {
        const auto base = static_cast<std::uint32_t>(m.vertices.size());
        m.vertices.push_back({onPlane(cx - 0.4f, -0.4f)});
        m.vertices.push_back({onPlane(cx + 0.4f, -0.4f)});
        m.vertices.push_back({onPlane(cx, 0.4f)});
        if (front)
            m.indices.insert(m.indices.end(), {base, base + 1, base + 2});
        else
            m.indices.insert(m.indices.end(), {base, base + 2, base + 1});
    };
    tri(-0.5f, firstFront);
    tri(0.5f, secondFront);
    scene::DrawRange r{0, 6, 0};
    r.ironFaceSide = true;
    r.ironFlags = flags;
    m.ranges.push_back(r);
    return m;
}

struct Halves {
    std::uint64_t left = 0, right = 0;
};
Halves litHalves(const Image& img) {
    Halves h;
    for (std::uint32_t y = 0; y < img.height(); ++y)
        for (std::uint32_t x = 0; x < img.width(); ++x)
            if (!(img.at(x, y) == kSky)) (x < img.width() / 2 ? h.left : h.right) += 1;
    return h;
}

class RenderGlIron : public RenderGl {
protected:
    // Pixels lit in each screen half after drawing one two-face record with the Iron3D policy.
    static Halves draw(bool firstFront, bool secondFront, std::uint32_t flags, Vec3 scale = {1, 1, 1},
                       bool policy = true) {
        Scene s = blackSky();
        s.materials.push_back(flat({1, 1, 1, 1}));
        s.meshes.push_back(twoFaceRecord(firstFront, secondFront, flags));
        s.meshes[0].placement = Mat4::fromTRS({}, Quat::identity(), scale);
        if (!policy) {
            s.meshes[0].ranges[0].ironFaceSide = false;
            s.meshes[0].ranges[0].cull = scene::CullMode::None;
        }
        return litHalves(render(s, axisCamera()));
    }
    void SetUp() override {
        RenderGl::SetUp();
        if (IsSkipped() || HasFatalFailure()) return;
        mBoth = draw(true, true, 0, {1, 1, 1}, false);
        ASSERT_GT(mBoth.left, 300u);
        ASSERT_EQ(mBoth.left, mBoth.right);
    }
    Halves mBoth;
};

TEST_F(RenderGlIron, FrontFaceKeptBackFaceDropped) {
    const Halves h = draw(true, false, 0);
    EXPECT_EQ(h.left, mBoth.left);
    EXPECT_EQ(h.right, 0u);
    EXPECT_EQ(renderer().lastFrame().ironFacesDropped, 1u);
    EXPECT_EQ(renderer().lastFrame().ironRecordsDropped, 0u);
}

TEST_F(RenderGlIron, Flag0002KeepsBackFace) {
    const Halves h = draw(true, false, scene::kIronSkipSideTest);
    EXPECT_EQ(h.left, mBoth.left);
    EXPECT_EQ(h.right, mBoth.right);
    EXPECT_EQ(renderer().lastFrame().ironFacesDropped, 0u);
}

TEST_F(RenderGlIron, Flag4000FirstFaceBackDropsWholeRecord) {
    const Halves h = draw(false, true, scene::kIronFirstFaceOnly);
    EXPECT_EQ(h.left, 0u);
    EXPECT_EQ(h.right, 0u) << "the second face is front-facing but the record is gone";
    EXPECT_EQ(renderer().lastFrame().ironRecordsDropped, 1u);
    EXPECT_EQ(renderer().lastFrame().drawCalls, 0u);
}

TEST_F(RenderGlIron, Flag4000FirstFaceFrontKeepsEveryFace) {
    const Halves h = draw(true, false, scene::kIronFirstFaceOnly);
    EXPECT_EQ(h.left, mBoth.left);
    EXPECT_EQ(h.right, mBoth.right) << "the second face is a back face but is not tested";
    EXPECT_EQ(renderer().lastFrame().ironFacesDropped, 0u);
}

TEST_F(RenderGlIron, NegativeDeterminantFlipsTheChoice) {
    // Mirrored in Y: the model-space front face (first) now shows on the right half, wound clockwise on
    // screen, and is still the one kept; the model-space back face is dropped although it faces the eye.
    const Halves h = draw(true, false, 0, {1, -1, 1});
    EXPECT_EQ(h.right, mBoth.right);
    EXPECT_EQ(h.left, 0u);
    // 0x4000 under the mirror: a first face that is a back face in model space drops the record even
    // though it faces the eye on screen; a model-space front first face keeps both.
    const Halves dropped = draw(false, true, scene::kIronFirstFaceOnly, {1, -1, 1});
    EXPECT_EQ(dropped.left + dropped.right, 0u);
    const Halves kept = draw(true, false, scene::kIronFirstFaceOnly, {1, -1, 1});
    EXPECT_EQ(kept.left, mBoth.left);
    EXPECT_EQ(kept.right, mBoth.right);
}

TEST_F(RenderGlIron, RecomputedEveryFrameFromTheEye) {
    Scene s = blackSky();
    s.materials.push_back(flat({1, 1, 1, 1}));
    s.meshes.push_back(twoFaceRecord(true, true, scene::kIronFirstFaceOnly));
    ASSERT_TRUE(renderer().setScene(s).ok());
    ASSERT_TRUE(renderer().draw(axisCamera()).ok());
    EXPECT_EQ(renderer().lastFrame().ironRecordsDropped, 0u);
    // From behind the plane (x = 20, looking back at it) the same record is dropped, with no re-upload.
    Camera back = scene::ironCamera({20, 0, 0}, kPi, 0, 0, degToRad(90));
    ASSERT_TRUE(renderer().draw(back).ok());
    EXPECT_EQ(renderer().lastFrame().ironRecordsDropped, 1u);
    ASSERT_TRUE(renderer().draw(axisCamera()).ok());
    EXPECT_EQ(renderer().lastFrame().ironRecordsDropped, 0u);
}

// ---- materials ----

// A quad covering exactly the whole screen at distance 10, UV0 and UV1 0..1 (u to the right, v up).
scene::Mesh screenQuad(std::uint32_t material, float distance = 10) {
    scene::Mesh m;
    m.name = "quad";
    scene::appendQuad(
        m, {onPlane(-1, -1, distance), onPlane(1, -1, distance), onPlane(1, 1, distance), onPlane(-1, 1, distance)});
    scene::addRangeToEnd(m, 0, material);
    return m;
}

TEST_F(RenderGl, LightmapTexelReachesTheScreenPerPixel) {
    Scene s = blackSky();
    // 2x2 page, nearest: each screen quadrant must show one texel exactly. Interpolating per vertex
    // would blend them into a gradient instead.
    scene::Texture page;
    page.name = "lightmap";
    page.width = page.height = 2;
    page.filter = scene::Filter::Nearest;
    page.repeat = false;
    page.rgba = {200, 120, 40, 255, 10,  220, 90, 255,   // row 0 (v = 0, bottom of the quad)
                 33,  66,  99, 255, 250, 250, 5,  255};  // row 1 (top)
    s.textures.push_back(page);
    scene::Material m = flat({1, 1, 1, 1});
    m.lightmap = 0;
    s.materials.push_back(m);
    s.meshes.push_back(screenQuad(0));
    const Image img = render(s, axisCamera());
    expectNear(img.at(16, 48), {200, 120, 40, 255}, 2, "bottom-left texel");
    expectNear(img.at(48, 48), {10, 220, 90, 255}, 2, "bottom-right texel");
    expectNear(img.at(16, 16), {33, 66, 99, 255}, 2, "top-left texel");
    expectNear(img.at(48, 16), {250, 250, 5, 255}, 2, "top-right texel");
    expectNear(img.at(31, 33), {200, 120, 40, 255}, 2, "next to the centre, still bottom-left");

    // A decoded value above 1 travels as texel / scale: 100 * 2 = 200.
    s.textures[0] = scene::solidTexture("lm", 4, 4, {100, 60, 20, 255});
    s.textures[0].repeat = false;
    s.materials[0].lightmapScale = 2.0f;
    s.materials[0].baseColor = {1, 1, 1, 1};
    expectNear(render(s, axisCamera()).at(20, 40), {200, 120, 40, 255}, 2, "scaled lightmap");
}

TEST_F(RenderGl, FogFractionAtKnownDistance) {
    Scene s = blackSky();
    s.fog = {true, {0, 0, 1}, 50.0f, 150.0f, 1.0f};
    s.materials.push_back(flat({1, 0, 0, 1}));
    for (float distance : {40.0f, 100.0f, 125.0f}) {
        s.meshes = {screenQuad(0, distance)};
        Camera cam = axisCamera();
        const Image img = render(s, cam);
        // The centre pixels are within 0.03% of the axis distance.
        const float f = s.fog.fraction(distance);
        const Rgba8 expected{static_cast<std::uint8_t>(std::lround(255 * (1 - f))), 0,
                             static_cast<std::uint8_t>(std::lround(255 * f)), 255};
        expectNear(img.at(32, 32), expected, 2, "fogged centre");
    }
    EXPECT_FLOAT_EQ(s.fog.fraction(100.0f), 0.5f);
    // Max density caps the fraction.
    s.fog.maxDensity = 0.3f;
    s.meshes = {screenQuad(0, 125.0f)};
    expectNear(render(s, axisCamera()).at(32, 32), {179, 0, 77, 255}, 2, "capped by max density");
    // A material without fog ignores it.
    s.materials[0].fog = false;
    expectNear(render(s, axisCamera()).at(32, 32), {255, 0, 0, 255}, 0, "fog off");
}

TEST_F(RenderGl, MissingTextureIsADarkCheckerboard) {
    Scene s = blackSky();
    scene::Material m = flat({1, 1, 1, 1});
    m.textureMissing = true;
    s.materials.push_back(m);
    s.meshes.push_back(screenQuad(0));
    const Image img = render(s, axisCamera());
    const Rgba8 dark{20, 20, 20, 255}, light{97, 0, 97, 255};
    // 8 cells per UV unit over 64 pixels: 8-pixel cells; cell (0,0) (bottom-left) is dark.
    std::uint64_t darkCount = 0, lightCount = 0, bright = 0;
    for (std::uint32_t y = 0; y < kSize; ++y) {
        for (std::uint32_t x = 0; x < kSize; ++x) {
            const Rgba8 p = img.at(x, y);
            const std::uint32_t cellX = x / 8, cellY = (kSize - 1 - y) / 8;
            const bool odd = ((cellX + cellY) & 1) != 0;
            const Rgba8 want = odd ? light : dark;
            if (std::abs(p.r - want.r) <= 1 && std::abs(p.g - want.g) <= 1 && std::abs(p.b - want.b) <= 1)
                (odd ? lightCount : darkCount) += 1;
            if (p.r > 200 && p.g > 200 && p.b > 200) ++bright;
        }
    }
    EXPECT_EQ(darkCount, 2048u);
    EXPECT_EQ(lightCount, 2048u);
    EXPECT_EQ(bright, 0u) << "never plain white";
}

TEST_F(RenderGl, TextureIsSampledThroughUv0) {
    Scene s = blackSky();
    scene::Texture t;
    t.name = "two";
    t.width = 2;
    t.height = 1;
    t.filter = scene::Filter::Nearest;
    t.rgba = {255, 0, 0, 255, 0, 255, 0, 255};
    s.textures.push_back(t);
    scene::Material m = flat({1, 1, 1, 1});
    m.texture = 0;
    s.materials.push_back(m);
    s.meshes.push_back(screenQuad(0));
    const Image img = render(s, axisCamera());
    expectNear(img.at(10, 30), {255, 0, 0, 255}, 0, "u < 0.5");
    expectNear(img.at(50, 30), {0, 255, 0, 255}, 0, "u > 0.5");
}

TEST_F(RenderGl, SunLightingUsesTheNormal) {
    Scene s = blackSky();
    s.sun = {{-1, 0, 0}, {0.5f, 0.5f, 0.5f}, {0.25f, 0.25f, 0.25f}};  // towards the eye: full sun on the quad
    scene::Material m = flat({1, 1, 1, 1});
    m.lit = true;
    s.materials.push_back(m);
    s.meshes.push_back(screenQuad(0));
    expectNear(render(s, axisCamera()).at(32, 32), {191, 191, 191, 255}, 1, "ambient + sun");
    s.sun.toSun = {1, 0, 0};  // behind the quad: ambient only
    expectNear(render(s, axisCamera()).at(32, 32), {64, 64, 64, 255}, 1, "ambient only");
}

TEST_F(RenderGl, SourceAndIronCamerasGiveTheSameView) {
    const Scene s = scene::makeTestCard();
    const Camera src = scene::sourceCamera({-1100, -900, 260}, {12, 38, 0}, 90);
    const Camera iron =
        scene::ironCamera({-1100, -900, 260}, degToRad(38), degToRad(-12), 0, scene::sourceFovToVertical(90));
    const Mat4 a = src.view(), b = iron.view();
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) EXPECT_NEAR(a.m[c][r], b.m[c][r], 1e-3f) << c << "," << r;
    const Image ia = render(s, src);
    const Image ib = render(s, iron);
    // The two bases differ in the last float bits only; that may move a channel by a step or two.
    const auto diff = image::compare(ia, ib, 2);
    EXPECT_TRUE(diff.matches()) << diff.differingPixels << " pixels differ, max " << diff.maxDelta;
}

TEST_F(RenderGl, TestCardMatchesGolden) {
    ASSERT_TRUE(renderer().resize(160, 90).ok());
    const Image img = render(scene::makeTestCard(), scene::testCardCamera(0));
    const std::filesystem::path golden = std::filesystem::path(VESTIGE_RENDER_GOLDEN_DIR) / "testcard_160x90.png";
    if (std::getenv("VESTIGE_UPDATE_GOLDEN")) {
        ASSERT_TRUE(image::writePng(golden, img).ok());
        GTEST_SKIP() << "golden rewritten: " << golden;
    }
    auto expected = image::readPng(golden);
    ASSERT_TRUE(expected.ok()) << expected.error().render();
    const auto out = std::filesystem::path(::testing::TempDir());
    // Tolerance 6: llvmpipe versions may differ in the last bits of filtering and fog.
    auto st =
        image::expectSimilar(*expected, img, 6, out / "testcard_160x90.diff.png", out / "testcard_160x90.actual.png");
    EXPECT_TRUE(st.ok()) << st.error().render();
}

TEST_F(RenderGl, InvalidSceneIsRefused) {
    Scene s = blackSky();
    s.meshes.push_back(screenTriangle(false));  // material 0 does not exist
    auto st = renderer().setScene(s);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "scene.bad_material_ref");
}

// The 2D overlay (a HUD) over the frame: a rectangle covers exactly its pixels [x0, x1) x [y0, y1) from the top-left,
// a half-transparent one blends, a text bitmap's ink lands at its top-left pixel with the tint, a line draws.
TEST_F(RenderGl, OverlayDrawsRectanglesTextAndLinesAtTheirPixels) {
    ASSERT_TRUE(renderer().setScene(blackSky()).ok());
    ASSERT_TRUE(renderer().draw(axisCamera()).ok());
    scene::DrawList2D list;
    list.items.push_back({scene::Draw2D::Kind::Rect, 3, 5, 13, 9, {255, 0, 0, 255}, 0});
    list.items.push_back({scene::Draw2D::Kind::Rect, 20, 20, 24, 24, {0, 0, 255, 128}, 0});
    scene::Coverage ink{2, 2, {255, 0, 0, 255}};  // a diagonal
    list.bitmaps.push_back(ink);
    list.items.push_back({scene::Draw2D::Kind::Text, 40, 10, 42, 12, {0, 255, 0, 255}, 0});
    list.items.push_back({scene::Draw2D::Kind::Line, 0, 50, 63, 50, {255, 255, 255, 255}, 0});
    ASSERT_TRUE(renderer().drawOverlay(list).ok());
    auto img = renderer().readColor();
    ASSERT_TRUE(img.ok());
    int red = 0;
    for (std::uint32_t y = 0; y < kSize; ++y)
        for (std::uint32_t x = 0; x < kSize; ++x) {
            const bool inside = x >= 3 && x < 13 && y >= 5 && y < 9;
            const Rgba8 p = img->at(x, y);
            if (p.r == 255 && p.g == 0 && p.b == 0) ++red;
            if (inside) EXPECT_EQ(p, (Rgba8{255, 0, 0, 255})) << x << "," << y;
        }
    EXPECT_EQ(red, 40);  // 10 x 4, nothing outside
    const Rgba8 blend = img->at(21, 21);
    EXPECT_EQ(blend.r, 0);
    EXPECT_NEAR(blend.b, 128, 1);
    EXPECT_EQ(img->at(40, 10), (Rgba8{0, 255, 0, 255}));
    EXPECT_EQ(img->at(41, 11), (Rgba8{0, 255, 0, 255}));
    EXPECT_EQ(img->at(41, 10), kSky);
    EXPECT_EQ(img->at(40, 11), kSky);
    EXPECT_EQ(img->at(30, 50), (Rgba8{255, 255, 255, 255}));
    EXPECT_EQ(img->at(30, 51), kSky);
}

TEST_F(RenderGl, OverlayRefusesATextItemWithoutItsBitmap) {
    ASSERT_TRUE(renderer().setScene(blackSky()).ok());
    ASSERT_TRUE(renderer().draw(axisCamera()).ok());
    scene::DrawList2D list;
    list.items.push_back({scene::Draw2D::Kind::Text, 0, 0, 2, 2, {}, 3});
    auto st = renderer().drawOverlay(list);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "render.overlay");
}

}  // namespace
}  // namespace vestige::render_gl
