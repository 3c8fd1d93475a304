// Renderer material features on llvmpipe: translucent ranges after opaque ones (sorted, no depth writes), the
// second texture blended by vertex alpha (WorldVertexTransition), alpha test, and the 2D sky box faces in the
// orientation of Source's R_DrawSkyBox table (st_to_vec, transcribed in scene.hpp): one test per face.
#include <gtest/gtest.h>

#include "gl_fixture.hpp"
#include "vestige/image/image.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::render_gl {
namespace {

using image::Rgba8;
using scene::Scene;

scene::Texture solid(Rgba8 c, std::uint32_t w = 1, std::uint32_t h = 1) {
    scene::Texture t;
    t.width = w;
    t.height = h;
    t.filter = scene::Filter::Nearest;
    for (std::uint32_t i = 0; i < w * h; ++i) t.rgba.insert(t.rgba.end(), {c.r, c.g, c.b, c.a});
    return t;
}

// A quad on the plane x = distance covering NDC [-s, s]^2 seen from the origin looking +X (90° vertical FOV).
scene::Mesh quad(float distance, float s, std::uint32_t material, float alphaLeft = 1, float alphaRight = 1) {
    scene::Mesh m;
    auto v = [&](float nx, float ny, float u, float a) {
        scene::Vertex x;
        x.position = {distance, -nx * distance, ny * distance};
        x.uv0 = {u, 0};
        x.alpha = a;
        return x;
    };
    m.vertices = {v(-s, -s, 0, alphaLeft), v(s, -s, 1, alphaRight), v(s, s, 1, alphaRight), v(-s, s, 0, alphaLeft)};
    m.indices = {0, 1, 2, 0, 2, 3};
    m.ranges.push_back({0, 6, material, scene::CullMode::None});
    return m;
}

scene::Camera forwardCamera() {
    scene::Camera c = scene::ironCamera({0, 0, 0}, 0, 0, 0, degToRad(90));
    c.zNear = 1;
    c.zFar = 1000;
    return c;
}

class RenderMaterials : public test::OffscreenGlTest<64, 64> {
protected:
    static image::Image render(const Scene& s, const scene::Camera& cam) {
        EXPECT_TRUE(sOff->renderer->resize(kW, kH).ok());
        auto st = sOff->renderer->setScene(s);
        EXPECT_TRUE(st.ok()) << (st ? "" : st.error().render());
        EXPECT_TRUE(sOff->renderer->draw(cam).ok());
        auto img = sOff->renderer->readColor();
        return img ? *img : image::Image();
    }
};

void expectNear(Rgba8 a, Rgba8 b, int tol, const char* what) {
    EXPECT_NEAR(a.r, b.r, tol) << what;
    EXPECT_NEAR(a.g, b.g, tol) << what;
    EXPECT_NEAR(a.b, b.b, tol) << what;
}

TEST_F(RenderMaterials, TranslucentBehindOpaqueIsHiddenInFrontItBlends) {
    Scene s;
    s.skyColor = {0, 0, 0};
    scene::Material opaque;
    opaque.baseColor = {0, 0, 1, 1};
    scene::Material glass;
    glass.baseColor = {1, 0, 0, 0.5f};
    glass.blend = scene::Blend::Translucent;
    s.materials = {opaque, glass};
    // Scene order puts the translucent quads first: the renderer must still draw them after the opaque one.
    s.meshes.push_back(quad(20, 0.5f, 1));  // behind the opaque quad: hidden
    s.meshes.push_back(quad(5, 0.25f, 1));  // in front, smaller: blends over blue
    s.meshes.push_back(quad(10, 0.5f, 0));
    const auto img = render(s, forwardCamera());
    expectNear(img.at(32 + 12, 32), {0, 0, 255, 255}, 1, "translucent behind opaque is hidden");
    expectNear(img.at(32, 32), {128, 0, 128, 255}, 2, "translucent in front: 50 % red over blue");
    EXPECT_EQ(sOff->renderer->lastFrame().blendedDraws, 2u);
}

TEST_F(RenderMaterials, AdditiveAddsAndAlphaTestDiscards) {
    Scene s;
    s.skyColor = {0, 0, 0};
    scene::Material base;
    base.baseColor = {0, 0, 0.5f, 1};
    scene::Material add;
    add.baseColor = {0.5f, 0, 0, 1};
    add.blend = scene::Blend::Additive;
    scene::Material cut;
    cut.baseColor = {0, 1, 0, 0.25f};
    cut.blend = scene::Blend::AlphaTest;  // 0.25 < alphaRef 0.5: every fragment discarded
    s.materials = {base, add, cut};
    s.meshes.push_back(quad(10, 0.5f, 0));
    s.meshes.push_back(quad(5, 0.25f, 1));
    s.meshes.push_back(quad(3, 0.1f, 2));
    const auto img = render(s, forwardCamera());
    expectNear(img.at(32, 32), {128, 0, 128, 255}, 2, "additive red over blue, green discarded");
}

TEST_F(RenderMaterials, SecondTextureBlendsByVertexAlpha) {
    Scene s;
    s.skyColor = {0, 0, 0};
    s.textures = {solid({255, 0, 0, 255}), solid({0, 0, 255, 255})};
    scene::Material m;
    m.texture = 0;
    m.texture2 = 1;
    s.materials = {m};
    s.meshes.push_back(quad(10, 1.0f, 0, 0.0f, 1.0f));  // alpha 0 on the left edge, 1 on the right
    const auto img = render(s, forwardCamera());
    for (std::uint32_t x : {0u, 16u, 32u, 48u, 63u}) {
        const float a = (x + 0.5f) / 64.0f;  // interpolated vertex alpha at the pixel centre
        const auto p = img.at(x, 32);
        EXPECT_NEAR(p.r, 255 * (1 - a), 2) << "x " << x;
        EXPECT_NEAR(p.b, 255 * a, 2) << "x " << x;
    }
    // A missing second texture shows the checker where alpha is 1.
    s.materials[0].texture2 = scene::kNone;
    s.materials[0].texture2Missing = true;
    const auto ck = render(s, forwardCamera());
    EXPECT_NEAR(ck.at(0, 32).r, 255, 2);
    const auto right = ck.at(63, 32);
    const bool dark = std::abs(right.r - std::lround(scene::kCheckerDark.x * 255)) <= 2;
    const bool light = std::abs(right.r - std::lround(scene::kCheckerLight.x * 255)) <= 2;
    EXPECT_TRUE(dark || light) << int(right.r);
}

// Sky box: every face a 2x2 texture with marker colours (top-left red, top-right green, bottom-left blue,
// bottom-right white). Looking at each face with the Source angles that face it, the image is upright and
// unmirrored on the screen.
class RenderSky : public RenderMaterials, public ::testing::WithParamInterface<int> {};

TEST_P(RenderSky, FaceMarkersAtTheirScreenCorners) {
    const int face = GetParam();
    Scene s;
    s.skyColor = {0, 0, 0};
    for (int f = 0; f < 6; ++f) {
        scene::Texture t;
        t.width = t.height = 2;
        t.filter = scene::Filter::Nearest;
        t.repeat = false;
        const std::uint8_t tag = static_cast<std::uint8_t>(f == face ? 255 : 40);  // other faces dimmer
        t.rgba = {tag, 0, 0, 255, 0, tag, 0, 255, 0, 0, tag, 255, tag, tag, tag, 255};
        s.textures.push_back(std::move(t));
        s.sky.faces[f] = static_cast<std::uint32_t>(f);
    }
    // Source setang (pitch, yaw, roll) facing +X, -X, +Y, -Y, up, down.
    const Vec3 angles[6] = {{0, 0, 0}, {0, 180, 0}, {0, 90, 0}, {0, 270, 0}, {-90, 0, 0}, {90, 0, 0}};
    scene::Camera cam = scene::sourceCamera({100, 200, 300}, angles[face], 60);
    cam.zNear = 1;
    cam.zFar = 4000;
    const auto img = render(s, cam);
    expectNear(img.at(24, 24), {255, 0, 0, 255}, 1, "top-left red");
    expectNear(img.at(40, 24), {0, 255, 0, 255}, 1, "top-right green");
    expectNear(img.at(24, 40), {0, 0, 255, 255}, 1, "bottom-left blue");
    expectNear(img.at(40, 40), {255, 255, 255, 255}, 1, "bottom-right white");
}

std::string faceName(const ::testing::TestParamInfo<int>& info) {
    static const char* kNames[6] = {"PosX_rt", "NegX_lf", "PosY_bk", "NegY_ft", "PosZ_up", "NegZ_dn"};
    return kNames[info.param];
}
INSTANTIATE_TEST_SUITE_P(Faces, RenderSky, ::testing::Range(0, 6), faceName);

TEST(SceneSky, ValidateWantsAllSixFaces) {
    Scene s;
    s.textures.push_back(solid({1, 2, 3, 255}));
    s.sky.faces[0] = 0;
    EXPECT_EQ(scene::validate(s).error().code(), "scene.bad_sky");
    s.sky.faces = {0, 0, 0, 0, 0, 0};
    EXPECT_TRUE(scene::validate(s).ok());
    s.sky.faces[5] = 7;
    EXPECT_EQ(scene::validate(s).error().code(), "scene.bad_sky");
}

}  // namespace
}  // namespace vestige::render_gl
