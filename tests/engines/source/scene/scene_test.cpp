// BSP -> scene: a MapBuilder room with a known lightmap drawn headless (llvmpipe) from its spawn camera, and
// the corpus map gmod_tooltextures.bsp (second line, skipped without ../shared).
#include "vestige/source/scene/scene.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "gl_fixture.hpp"
#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"
#include "vestige/render_gl/headless.hpp"
#include "vestige/source/bsp/builder.hpp"

namespace vestige::source::scene {
namespace {

namespace vs = ::vestige::scene;

constexpr Vec3 kFloorLight{0.5f, 0.25f, 0.75f};
constexpr Vec3 kCeilingLight{0.125f, 0.125f, 0.125f};
constexpr Vec3 kWallLight{1.0f, 0.75f, 0.5f};
const std::string kTexture = "dev/dev_measuregeneric01";

// A 1024 x 1024 x 256 room; every luxel is a known colour by face orientation; spawn at (-400, 0, 0) facing +X.
Bytes roomMap(bool fog) {
    bsp::MapBuilder map;
    map.addRoom({-512, -512, 0}, {512, 512, 256}, 16, kTexture);
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-400 0 0"}, {"angles", "0 0 0"}});
    if (fog)
        map.addEntity({{"classname", "env_fog_controller"},
                       {"fogenable", "1"},
                       {"fogcolor", "255 0 0"},
                       {"fogstart", "100"},
                       {"fogend", "300"},
                       {"fogmaxdensity", "0.5"}});
    bsp::LightingDesc light;
    light.luxel = [](std::size_t, int, int, Vec3 n) {
        return n.z > 0.5f ? kFloorLight : n.z < -0.5f ? kCeilingLight : kWallLight;
    };
    map.setLighting(light);
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok()) << (bytes ? "" : bytes.error().render());
    return std::move(*bytes);
}

Vec3 reflectivityOf(const bsp::Bsp& map, std::string_view name) {
    for (std::size_t i = 0; i < map.texData.size(); ++i)
        if (map.textureName(i) == name) return map.texData[i].reflectivity;
    ADD_FAILURE() << "no texdata " << name;
    return {};
}

// What the screen shows for a lightmapped face: reflectivity x (luxel through the value/4 RGBA8 atlas) x 4.
image::Rgba8 expectedPixel(Vec3 refl, Vec3 luxel) {
    auto ch = [](float r, float l) {
        const float stored = std::round(std::clamp(l / kLightmapRange, 0.0f, 1.0f) * 255) / 255;
        return static_cast<std::uint8_t>(std::lround(std::clamp(r * stored * kLightmapRange, 0.0f, 1.0f) * 255));
    };
    return {ch(refl.x, luxel.x), ch(refl.y, luxel.y), ch(refl.z, luxel.z), 255};
}

void expectNear(image::Rgba8 a, image::Rgba8 b, int tol, const char* what) {
    EXPECT_LE(std::abs(int(a.r) - int(b.r)), tol) << what << ": r " << int(a.r) << " vs " << int(b.r);
    EXPECT_LE(std::abs(int(a.g) - int(b.g)), tol) << what << ": g " << int(a.g) << " vs " << int(b.g);
    EXPECT_LE(std::abs(int(a.b) - int(b.b)), tol) << what << ": b " << int(a.b) << " vs " << int(b.b);
}

TEST(SourceScene, RoomStructure) {
    const Bytes bytes = roomMap(true);
    auto map = bsp::readBsp(bytes);
    ASSERT_TRUE(map.ok());
    auto m = toScene(*map);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_TRUE(m->lightmapped);
    ASSERT_EQ(m->scene.textures.size(), 1u);
    EXPECT_FALSE(m->scene.textures[0].repeat);
    ASSERT_EQ(m->scene.materials.size(), 1u);
    const auto& mat = m->scene.materials[0];
    EXPECT_EQ(mat.name, kTexture);
    EXPECT_EQ(mat.lightmap, 0u);
    EXPECT_EQ(mat.lightmapScale, kLightmapRange);
    const Vec3 refl = reflectivityOf(*map, kTexture);
    EXPECT_EQ(mat.baseColor, (Vec4{refl.x, refl.y, refl.z, 1}));
    // 6 brushes x 6 sides x 2 triangles, nothing skipped (no CSG in the builder).
    EXPECT_EQ(m->scene.triangleCount(), 72u);
    EXPECT_EQ(m->stats.triangles, 72u);
    ASSERT_EQ(m->scene.meshes.size(), 1u);
    EXPECT_EQ(m->scene.meshes[0].ranges[0].frontFace, vs::FrontFace::CounterClockwise);
    EXPECT_EQ(m->scene.meshes[0].ranges[0].cull, vs::CullMode::Back);
    // Fog from env_fog_controller, colour 0..255 -> 0..1.
    EXPECT_TRUE(m->scene.fog.enabled);
    EXPECT_EQ(m->scene.fog.color, (Vec3{1, 0, 0}));
    EXPECT_EQ(m->scene.fog.start, 100.0f);
    EXPECT_EQ(m->scene.fog.end, 300.0f);
    EXPECT_EQ(m->scene.fog.maxDensity, 0.5f);
    // Spawn camera: origin + 64 up, facing +X.
    ASSERT_TRUE(m->spawnCamera);
    EXPECT_EQ(m->spawnCamera->position, (Vec3{-400, 0, 64}));
    EXPECT_NEAR(m->spawnCamera->forward.x, 1.0f, 1e-6f);
    EXPECT_NEAR(m->spawnCamera->forward.z, 0.0f, 1e-6f);
    EXPECT_NEAR(m->spawnCamera->verticalFov, vs::sourceFovToVertical(90), 1e-6f);
}

TEST(SourceScene, NoSpawnNoCamera) {
    bsp::MapBuilder map;
    map.addRoom({-64, -64, 0}, {64, 64, 64}, 16, kTexture);
    auto bytes = map.write();
    ASSERT_TRUE(bytes.ok());
    auto m = toScene(ByteView(*bytes));
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(m->spawnCamera);
    EXPECT_FALSE(m->lightmapped);  // no setLighting: no lighting lump, the sun lights the faces
    EXPECT_TRUE(m->scene.materials[0].lit);
    EXPECT_EQ(m->scene.materials[0].lightmap, vs::kNone);
}

TEST(SourceScene, CorruptInputFails) {
    Bytes junk(64, 0x41);
    EXPECT_FALSE(toScene(ByteView(junk)).ok());
}

class SourceSceneGl : public test::OffscreenGlTest<128, 96> {
protected:
    void SetUp() override {
        OffscreenGlTest::SetUp();
        if (IsSkipped() || HasFatalFailure()) return;
        ASSERT_TRUE(sOff->renderer->resize(kW, kH).ok());
    }
    static image::Image draw(const vs::Scene& s, const vs::Camera& cam, const std::string& name) {
        auto& r = *sOff->renderer;
        EXPECT_TRUE(r.setScene(s).ok());
        EXPECT_TRUE(r.draw(cam).ok());
        auto img = r.readColor();
        EXPECT_TRUE(img.ok());
        if (img) (void)image::writePng(::testing::TempDir() + name, *img);  // for eyes
        return img ? *img : image::Image();
    }
};

TEST_F(SourceSceneGl, LightmapReachesTheScreenFromTheSpawn) {
    const Bytes bytes = roomMap(false);
    auto map = bsp::readBsp(bytes);
    ASSERT_TRUE(map.ok());
    auto m = toScene(*map);
    ASSERT_TRUE(m.ok());
    ASSERT_TRUE(m->spawnCamera);
    const auto img = draw(m->scene, *m->spawnCamera, "source_scene_room.png");
    const Vec3 refl = reflectivityOf(*map, kTexture);
    // Eye 64 above the floor looking +X: the bottom rows are floor, the top rows ceiling, the centre the far wall.
    expectNear(img.at(kW / 2, kH - 2), expectedPixel(refl, kFloorLight), 2, "floor");
    expectNear(img.at(kW / 2, 1), expectedPixel(refl, kCeilingLight), 2, "ceiling");
    expectNear(img.at(kW / 2, kH / 2), expectedPixel(refl, kWallLight), 2, "far wall");
    // The floor fills everything below the horizon of the far wall's base: (912 units away, 64 below the eye).
    const float tanHalf = std::tan(m->spawnCamera->verticalFov / 2);
    const int floorTop = static_cast<int>(std::ceil(kH / 2.0f + (64.0f / 912.0f) / tanHalf * kH / 2.0f));
    std::uint32_t floorRows = 0;
    for (std::uint32_t y = 0; y < kH; ++y) {
        const auto p = img.at(kW / 2, y);
        const auto f = expectedPixel(refl, kFloorLight);
        if (std::abs(int(p.r) - f.r) <= 2 && std::abs(int(p.g) - f.g) <= 2 && std::abs(int(p.b) - f.b) <= 2)
            ++floorRows;
    }
    EXPECT_NEAR(static_cast<int>(floorRows), static_cast<int>(kH) - floorTop, 1);
}

TEST_F(SourceSceneGl, FogMixesTowardsItsColour) {
    const Bytes bytes = roomMap(true);
    auto map = bsp::readBsp(bytes);
    ASSERT_TRUE(map.ok());
    auto m = toScene(*map);
    ASSERT_TRUE(m.ok());
    const auto img = draw(m->scene, *m->spawnCamera, "source_scene_fog.png");
    // The far wall is 912 units away: fog fraction clamps at maxDensity 0.5 towards pure red.
    const auto wall = expectedPixel(reflectivityOf(*map, kTexture), kWallLight);
    auto mix = [](std::uint8_t c, float fog) {
        return static_cast<std::uint8_t>(std::lround((c / 255.0f * 0.5f + fog * 0.5f) * 255));
    };
    expectNear(img.at(kW / 2, kH / 2), {mix(wall.r, 1), mix(wall.g, 0), mix(wall.b, 0), 255}, 2, "fogged wall");
}

TEST_F(SourceSceneGl, CorpusToolTexturesMapIsNotEmpty) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto bytes = readFile(path);
    ASSERT_TRUE(bytes.ok());
    auto m = toScene(ByteView(*bytes));
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_FALSE(m->lightmapped);  // compiled without vrad
    EXPECT_GT(m->scene.triangleCount(), 0u);
    const float aspect = float(kW) / float(kH);
    const vs::Camera cam = m->spawnCamera ? *m->spawnCamera
                                          : vs::frameBox(m->scene.bounds(), degToRad(45), degToRad(-25),
                                                         vs::sourceFovToVertical(90), aspect);
    const auto img = draw(m->scene, cam, "source_scene_gmod_tooltextures.png");
    const auto sky = m->scene.skyColor;
    std::uint64_t notSky = 0;
    for (std::uint32_t y = 0; y < kH; ++y)
        for (std::uint32_t x = 0; x < kW; ++x) {
            const auto p = img.at(x, y);
            if (std::abs(p.r - std::lround(sky.x * 255)) > 1 || std::abs(p.g - std::lround(sky.y * 255)) > 1 ||
                std::abs(p.b - std::lround(sky.z * 255)) > 1)
                ++notSky;
        }
    EXPECT_GT(notSky, kW * kH / 4) << notSky << " of " << kW * kH << " pixels are not sky";
}

TEST(SourceScene, SpawnCameraTakesTheSpawnAnglesRule) {
    // "angle" alone sets the yaw (the engine turns it into "angles"); the class matches whatever its case.
    bsp::MapBuilder map;
    map.addBox({-512, -512, -64}, {512, 512, 0}, kTexture);
    map.addEntity({{"classname", "INFO_PLAYER_START"}, {"origin", "1 2 3"}, {"angle", "90"}});
    auto built = map.build();
    ASSERT_TRUE(built.ok()) << built.error().render();
    const auto cam = spawnCamera(*built);
    ASSERT_TRUE(cam);
    EXPECT_EQ(cam->position, (Vec3{1, 2, 3 + kEyeHeight}));
    EXPECT_NEAR(cam->forward.x, 0.0f, 1e-6f);
    EXPECT_NEAR(cam->forward.y, 1.0f, 1e-6f);
}

}  // namespace
}  // namespace vestige::source::scene
