// Map materials through content mounts: VMT + VTF from a folder built by our writers, drawn headless (llvmpipe).
// Expected pixels come from the same arithmetic the shader documents (texture x lightmap through the value/4
// atlas x 4): a regression guard on our pipeline, not a measurement of GMod.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "cli.hpp"
#include "gl_fixture.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/content/mounts.hpp"
#include "vestige/source/scene/demo_content.hpp"
#include "vestige/source/scene/scene.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::scene {
namespace {

namespace vs = ::vestige::scene;
namespace fs = std::filesystem;

constexpr Vec3 kLight{0.5f, 0.75f, 1.0f};
constexpr image::Rgba8 kBrick{200, 100, 50, 255};

void writeFile(const fs::path& p, std::string_view text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}
void writeFile(const fs::path& p, const Bytes& b) {
    writeFile(p, std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
}

Bytes solidVtf(image::Rgba8 c, std::uint16_t frames = 1) {
    vtf::BuildSpec spec;
    spec.width = 8;
    spec.height = 8;
    spec.frames = frames;
    auto v = vtf::buildVtf(spec, [&](std::uint32_t, std::uint32_t frame, std::uint32_t, std::uint32_t) {
        image::Image img(8, 8);
        for (std::uint32_t y = 0; y < 8; ++y)
            for (std::uint32_t x = 0; x < 8; ++x)
                img.set(x, y, {static_cast<std::uint8_t>(c.r + frame * 10), c.g, c.b, c.a});
        return img;
    });
    EXPECT_TRUE(v.ok());
    auto bytes = vtf::writeVtf(*v);
    EXPECT_TRUE(bytes.ok());
    return *bytes;
}

Bytes room(const std::string& texture, const std::string& sky = "") {
    bsp::MapBuilder map;
    map.setWorldspawnKey("skyname", sky);
    map.addRoom({-512, -512, 0}, {512, 512, 256}, 16, texture);
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-400 0 0"}, {"angles", "0 0 0"}});
    bsp::LightingDesc light;
    light.luxel = [](std::size_t, int, int, Vec3) { return kLight; };
    map.setLighting(light);
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok());
    return *bytes;
}

std::uint8_t lit(std::uint8_t tex, float luxel) {
    const float stored = std::round(std::clamp(luxel / kLightmapRange, 0.0f, 1.0f) * 255) / 255;
    return static_cast<std::uint8_t>(std::lround(std::clamp(tex / 255.0f * stored * kLightmapRange, 0.0f, 1.0f) * 255));
}

void expectNear(image::Rgba8 a, image::Rgba8 b, int tol, const char* what) {
    EXPECT_LE(std::abs(int(a.r) - int(b.r)), tol) << what << ": r " << int(a.r) << " vs " << int(b.r);
    EXPECT_LE(std::abs(int(a.g) - int(b.g)), tol) << what << ": g " << int(a.g) << " vs " << int(b.g);
    EXPECT_LE(std::abs(int(a.b) - int(b.b)), tol) << what << ": b " << int(a.b) << " vs " << int(b.b);
}

class MaterialsFixture : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        const fs::path m = mDir / "content" / "materials" / "demo";
        writeFile(m / "brick.vmt", "LightmappedGeneric { $basetexture demo/brick }");
        writeFile(m / "brick.vtf", solidVtf(kBrick));
        writeFile(m / "unlit.vmt", "UnlitGeneric { $basetexture demo/brick }");
        writeFile(m / "notex.vmt", "LightmappedGeneric { $basetexture demo/gone }");
        writeFile(m / "cycle.vmt", "Patch { include materials/demo/cycle.vmt }");
        writeFile(m / "anim.vmt",
                  "UnlitGeneric { $basetexture demo/anim Proxies { AnimatedTexture { animatedtextureframerate 2 } } }");
        writeFile(m / "anim.vtf", solidVtf(kBrick, 3));
        // Mips past the end of the file: the header claims 8x8 RGBA8, the data stops short.
        Bytes cut = solidVtf(kBrick);
        cut.resize(cut.size() - 40);
        writeFile(m / "cut.vtf", cut);
        writeFile(m / "cut.vmt", "LightmappedGeneric { $basetexture demo/cut }");
        ASSERT_TRUE(mMounts.addHost(mDir / "content", content::pathid::kGame).ok());
    }
    Result<MapScene> sceneOf(const std::string& texture, double seconds = 0) {
        const Bytes bytes = room(texture);
        auto map = bsp::readBsp(bytes);
        EXPECT_TRUE(map.ok());
        SceneOptions o;
        o.mounts = &mMounts;
        o.seconds = seconds;
        return toScene(*map, o);
    }
    content::Mounts mMounts;
};

TEST_F(MaterialsFixture, LightmappedMaterialGetsItsTexture) {
    auto m = sceneOf("demo/brick");
    ASSERT_TRUE(m.ok()) << m.error().render();
    ASSERT_TRUE(m->materials);
    EXPECT_TRUE(m->materials->missingMaterials.empty());
    EXPECT_EQ(m->materials->families.at("LightmappedGeneric"), 1u);
    const vs::Material& mat = m->scene.materials[0];
    ASSERT_NE(mat.texture, vs::kNone);
    EXPECT_FALSE(mat.textureMissing);
    EXPECT_EQ(mat.lightmap, 0u);
    const vs::Texture& t = m->scene.textures[mat.texture];
    EXPECT_EQ(t.width, 8u);
    EXPECT_EQ(t.rgba[0], 200);
    EXPECT_EQ(m->textures.textures, 1u);
    EXPECT_EQ(m->textures.bytes, 8u * 8u * 4u);
}

TEST_F(MaterialsFixture, MissingMaterialAndTextureAreListedAndCheckered) {
    auto a = sceneOf("demo/none");
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->materials->missingMaterials, (std::vector<std::string>{"demo/none"}));
    EXPECT_TRUE(a->scene.materials[0].textureMissing);
    auto b = sceneOf("demo/notex");
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->materials->missingTextures, (std::vector<std::string>{"demo/gone"}));
    EXPECT_TRUE(b->scene.materials[0].textureMissing);
}

TEST_F(MaterialsFixture, IncludeCycleAndShortVtfArePerMaterialErrors) {
    auto a = sceneOf("demo/cycle");
    ASSERT_TRUE(a.ok());
    ASSERT_EQ(a->materials->errors.size(), 1u);
    EXPECT_EQ(a->materials->errors[0].code(), "vmt.include_cycle");
    EXPECT_TRUE(a->scene.materials[0].textureMissing);
    auto b = sceneOf("demo/cut");
    ASSERT_TRUE(b.ok());
    ASSERT_EQ(b->materials->errors.size(), 1u);
    EXPECT_EQ(b->materials->errors[0].code(), "vtf.truncated");
    EXPECT_TRUE(b->scene.materials[0].textureMissing);
}

TEST_F(MaterialsFixture, SkyBoxFacesFromSkyname) {
    const char* suffix[6] = {"rt", "lf", "bk", "ft", "up", "dn"};
    for (int f = 0; f < 6; ++f) {
        const std::string name = std::string("demo_sky") + suffix[f];
        writeFile(mDir / "content/materials/skybox" / (name + ".vmt"),
                  "UnlitGeneric { $basetexture skybox/" + name + " }");
        writeFile(mDir / "content/materials/skybox" / (name + ".vtf"),
                  solidVtf({static_cast<std::uint8_t>(10 * f), 0, 0, 255}));
    }
    const Bytes bytes = room("demo/brick", "demo_sky");
    auto map = bsp::readBsp(bytes);
    SceneOptions o;
    o.mounts = &mMounts;
    auto m = toScene(*map, o);
    ASSERT_TRUE(m.ok());
    ASSERT_TRUE(m->skyBox);
    for (int f = 0; f < 6; ++f) {
        const vs::Texture& t = m->scene.textures[m->scene.sky.faces[f]];
        EXPECT_EQ(t.rgba[0], 10 * f) << suffix[f];
        EXPECT_FALSE(t.repeat);
    }
    // One face missing: no sky box, the face listed.
    fs::remove(mDir / "content/materials/skybox/demo_skyup.vmt");
    auto n = toScene(*map, o);
    ASSERT_TRUE(n.ok());
    EXPECT_FALSE(n->skyBox);
    EXPECT_FALSE(n->scene.sky.enabled());
    EXPECT_EQ(n->materials->missingMaterials, (std::vector<std::string>{"skybox/demo_skyup"}));
}

TEST_F(MaterialsFixture, AnimatedTextureFrameAtATime) {
    // 2 frames per second, 3 frames: t = 1.6 s -> frame 3 -> wraps to 0; t = 1.0 -> frame 2.
    auto m = sceneOf("demo/anim", 1.0);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->scene.textures[m->scene.materials[0].texture].rgba[0], 220);
    auto w = sceneOf("demo/anim", 1.6);
    EXPECT_EQ(w->scene.textures[w->scene.materials[0].texture].rgba[0], 200);
    // UnlitGeneric draws without the lightmap.
    EXPECT_EQ(m->scene.materials[0].lightmap, vs::kNone);
    EXPECT_FALSE(m->scene.materials[0].lit);
}

TEST_F(MaterialsFixture, DemoContentResolvesCompletelyAndThePakfileWins) {
    auto demo = buildMaterialDemo();
    ASSERT_TRUE(demo.ok()) << demo.error().render();
    const fs::path gm = mDir / "gmod" / "garrysmod";
    writeFile(gm / "addons" / "demo.gma", demo->gma);
    content::GmodOptions o;
    o.gmodDir = gm;
    auto m = toSceneWithContent(demo->map, "demo_materials.bsp", o);
    ASSERT_TRUE(m.ok()) << m.error().render();
    const MaterialReport& r = *m->materials;
    EXPECT_TRUE(r.missingMaterials.empty()) << materialReportJson(*m);
    EXPECT_TRUE(r.missingTextures.empty()) << materialReportJson(*m);
    EXPECT_TRUE(r.errors.empty()) << materialReportJson(*m);
    EXPECT_TRUE(m->skyBox);
    EXPECT_EQ(r.families.at("LightmappedGeneric"), 3u);  // grass, brick, brick_warm (Patch)
    EXPECT_EQ(r.families.at("WorldVertexTransition"), 1u);
    EXPECT_EQ(r.families.at("Water"), 1u);
    EXPECT_EQ(r.families.at("UnlitGeneric"), 2u + 6u);  // glass, sign + the six sky faces
    EXPECT_EQ(r.families.at("VertexLitGeneric"), 2u);   // the studio model's body and stripe
    // The model comes out of the addon: two static props (skins 0 and 1) and a prop_dynamic, one conversion.
    ASSERT_TRUE(m->props);
    EXPECT_EQ(m->props->staticProps, 2u);
    EXPECT_EQ(m->props->entityProps, 1u);
    EXPECT_EQ(m->props->drawn, 3u);
    EXPECT_EQ(m->props->modelsLoaded, 1u);
    EXPECT_EQ(m->props->triangles, 3u * 16u);  // mdl::sampleSpec: 16 triangles
    EXPECT_TRUE(m->props->missingModels.empty());
    // The sign's VMT comes from the map's pakfile (grass), not the addon (brick).
    const auto mounts = content::mountForMap(o, bsp::readBsp(demo->map)->lumps[bsp::kLumpPakfile].data, "demo");
    ASSERT_TRUE(mounts.ok());
    EXPECT_EQ(mounts->mounts.mounts()[*mounts->mounts.which("materials/demo/sign.vmt")].kind,
              content::MountKind::Pakfile);
    for (const auto& mat : m->scene.materials) {
        if (mat.name != "demo/sign") continue;
        EXPECT_EQ(m->scene.textures[mat.texture].name, "materials/demo/grass.vtf");
    }
}

class MaterialsGl : public test::OffscreenGlTest<64, 48> {
protected:
    static image::Image draw(const MapScene& m) {
        auto& r = *sOff->renderer;
        EXPECT_TRUE(r.resize(kW, kH).ok());
        EXPECT_TRUE(r.setScene(m.scene).ok());
        EXPECT_TRUE(r.draw(*m.spawnCamera).ok());
        auto img = r.readColor();
        EXPECT_TRUE(img.ok());
        return img ? *img : image::Image();
    }
};

TEST_F(MaterialsGl, TexturedLitUnlitAndChecker) {
    const fs::path root = fs::temp_directory_path() / ("vestige_materials_gl_" + std::to_string(::getpid()));
    const fs::path m = root / "materials" / "demo";
    writeFile(m / "brick.vmt", "LightmappedGeneric { $basetexture demo/brick }");
    writeFile(m / "unlit.vmt", "UnlitGeneric { $basetexture demo/brick }");
    writeFile(m / "brick.vtf", solidVtf(kBrick));
    content::Mounts mounts;
    ASSERT_TRUE(mounts.addHost(root, content::pathid::kGame).ok());
    auto sceneOf = [&](const std::string& tex) {
        const Bytes bytes = room(tex);
        auto map = bsp::readBsp(bytes);
        SceneOptions o;
        o.mounts = &mounts;
        return *toScene(*map, o);
    };
    const image::Image lm = draw(sceneOf("demo/brick"));
    expectNear(lm.at(kW / 2, kH / 2), {lit(200, kLight.x), lit(100, kLight.y), lit(50, kLight.z), 255}, 2, "lit");
    const image::Image un = draw(sceneOf("demo/unlit"));
    expectNear(un.at(kW / 2, kH / 2), kBrick, 1, "unlit");
    const image::Image ck = draw(sceneOf("demo/none"));
    // Every pixel is a checker colour under the lightmap (dark or light cell).
    const auto p = ck.at(kW / 2, kH / 2);
    const image::Rgba8 dark{lit(std::uint8_t(std::lround(vs::kCheckerDark.x * 255)), kLight.x),
                            lit(std::uint8_t(std::lround(vs::kCheckerDark.y * 255)), kLight.y),
                            lit(std::uint8_t(std::lround(vs::kCheckerDark.z * 255)), kLight.z), 255};
    const image::Rgba8 light{lit(std::uint8_t(std::lround(vs::kCheckerLight.x * 255)), kLight.x),
                             lit(std::uint8_t(std::lround(vs::kCheckerLight.y * 255)), kLight.y),
                             lit(std::uint8_t(std::lround(vs::kCheckerLight.z * 255)), kLight.z), 255};
    const auto near = [&](image::Rgba8 q) {
        return std::abs(int(p.r) - q.r) <= 2 && std::abs(int(p.g) - q.g) <= 2 && std::abs(int(p.b) - q.b) <= 2;
    };
    EXPECT_TRUE(near(dark) || near(light)) << int(p.r) << "," << int(p.g) << "," << int(p.b);
    fs::remove_all(root);
}

}  // namespace
}  // namespace vestige::source::scene
