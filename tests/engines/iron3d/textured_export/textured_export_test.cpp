// The static MSH glTF export with the material chain: textures embedded from Material.lib / Textures.lib /
// LightMap.lib found next to the model's archive (or in the "textures" folder), plain export otherwise.
#include <tiny_gltf.h>
#include <unistd.h>

#include "fixture.hpp"
#include "vestige/iron3d/msh/inspect.hpp"
#include "vestige/iron3d/register.hpp"
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d {
namespace {
using namespace testfix;

class TexturedExport : public ::testing::Test {
protected:
    void SetUp() override {
        mDir = fs::temp_directory_path() / ("vestige_textured_export_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(mDir);
        fs::create_directories(mDir);
        registerFormats(mFormats, mArchives);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(mDir, ec);
    }
    Result<Bytes> exportGlb(const std::string& label, registry::ExportOptions options = {}) {
        const auto* msh = mFormats.find("msh");
        EXPECT_NE(msh, nullptr);
        return msh->exportGlb(modelBytes(), label, options);
    }
    Bytes plainGlb() {
        const auto model = msh::Model::read(modelBytes()).value();
        return msh::exportGlb(model, msh::ExportSettings{}).value();
    }
    void expectTextured(const Bytes& glbBytes) {
        const Glb glb = parseGlb(glbBytes);
        const auto& j = glb.json;
        // Images in first use: HULL's base, the lightmap, TRACK's base (DECK's phase 0 is untextured).
        ASSERT_EQ(j["images"].size(), 3u);
        EXPECT_EQ(j["images"][0]["name"], "HULL_CAMO");
        EXPECT_EQ(j["images"][1]["name"], "LM_TANK");
        EXPECT_EQ(j["images"][2]["name"], "TRACK_LINKS");
        for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(j["images"][i]["mimeType"], "image/png");
        ASSERT_EQ(j["textures"].size(), 3u);
        ASSERT_EQ(j["materials"].size(), 3u);
        const auto& hull = j["materials"][0];
        EXPECT_EQ(hull["name"], "HULL+LM_TANK");
        EXPECT_EQ(hull["pbrMetallicRoughness"]["baseColorTexture"]["index"], 0);
        EXPECT_EQ(hull["pbrMetallicRoughness"]["baseColorTexture"].value("texCoord", 0), 0);
        EXPECT_EQ(hull["occlusionTexture"]["index"], 1);
        EXPECT_EQ(hull["occlusionTexture"]["texCoord"], 1);
        EXPECT_EQ(hull["extras"]["material"], "HULL");
        EXPECT_EQ(hull["extras"]["rule"], "exact");
        EXPECT_EQ(hull["extras"]["wear_row"], 0);
        EXPECT_EQ(hull["extras"]["lightmap_row"], 0);
        const auto& deck = j["materials"][1];
        EXPECT_EQ(deck["name"], "DECK");
        EXPECT_FALSE(deck["pbrMetallicRoughness"].contains("baseColorTexture"));
        EXPECT_FALSE(deck.contains("occlusionTexture"));
        const auto& track = j["materials"][2];
        EXPECT_EQ(track["name"], "TRACK+LM_TANK");
        EXPECT_EQ(track["pbrMetallicRoughness"]["baseColorTexture"]["index"], 2);
        EXPECT_EQ(track["occlusionTexture"]["index"], 1);
        EXPECT_EQ(j["extras"]["material_chain"], "resolved");
        // WRECK (row 3, unused by the tank) resolves by the DEFAULT rule; LM_TURRET is not in LightMap.lib.
        EXPECT_EQ(j["extras"]["material_warnings"], 2);
        // Every lightmapped primitive carries TEXCOORD_1 for the occlusion map.
        std::size_t lit = 0;
        for (const auto& mesh : j["meshes"])
            for (const auto& p : mesh["primitives"])
                if (j["materials"][p["material"].get<std::size_t>()].contains("occlusionTexture")) {
                    ++lit;
                    EXPECT_TRUE(p["attributes"].contains("TEXCOORD_1"));
                }
        EXPECT_GT(lit, 0u);
        // The embedded PNGs decode to the Texm pixels exactly (8888 is lossless).
        EXPECT_EQ(image::decodePng(glb.image(0)).value(), pixels(2, 2, 10));
        EXPECT_EQ(image::decodePng(glb.image(1)).value(), pixels(1, 1, 200));
        EXPECT_EQ(image::decodePng(glb.image(2)).value(), pixels(1, 1, 100));
        const auto hullPx = image::decodePng(glb.image(0)).value();
        EXPECT_EQ(hullPx.at(1, 1), (image::Rgba8{20, 30, 15, 253}));
    }
    fs::path mDir;
    registry::FormatRegistry mFormats;
    vfs::ArchiveRegistry mArchives;
};

TEST_F(TexturedExport, LibrariesNextToTheArchive) {
    writeSet(mDir, mDir);
    auto glb = exportGlb((mDir / "units.lib").string() + ":tank.msh");
    ASSERT_TRUE(glb) << glb.error().render();
    expectTextured(*glb);
    // tinygltf (an independent reader) loads it and decodes the embedded PNGs itself.
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb->data(), static_cast<unsigned>(glb->size())))
        << err;
    EXPECT_TRUE(err.empty()) << err;
    ASSERT_EQ(model.images.size(), 3u);
    EXPECT_EQ(model.images[0].width, 2);
    EXPECT_EQ(model.images[0].height, 2);
    ASSERT_EQ(model.materials.size(), 3u);
    EXPECT_EQ(model.materials[0].occlusionTexture.index, 1);
    EXPECT_EQ(model.materials[0].occlusionTexture.texCoord, 1);
    // Deterministic: the same inputs give the same bytes.
    EXPECT_EQ(exportGlb((mDir / "units.lib").string() + ":tank.msh").value(), *glb);
}

TEST_F(TexturedExport, TexturesOptionOverridesTheModelFolder) {
    writeSet(mDir / "data", mDir / "models");
    auto none = exportGlb((mDir / "models" / "units.lib").string() + ":tank.msh");
    ASSERT_TRUE(none) << none.error().render();
    EXPECT_EQ(*none, plainGlb());  // no libraries next to the archive: today's export, byte for byte
    registry::ExportOptions opts;
    opts.values["textures"] = (mDir / "data").string();
    auto glb = exportGlb((mDir / "models" / "units.lib").string() + ":tank.msh", opts);
    ASSERT_TRUE(glb) << glb.error().render();
    expectTextured(*glb);
    // A --textures folder without Material.lib does not fall back to the model's folder.
    writeSet(mDir / "models", mDir / "models");
    opts.values["textures"] = (mDir / "empty").string();
    fs::create_directories(mDir / "empty");
    auto plain = exportGlb((mDir / "models" / "units.lib").string() + ":tank.msh", opts);
    ASSERT_TRUE(plain) << plain.error().render();
    EXPECT_EQ(*plain, plainGlb());
}

TEST_F(TexturedExport, LooseModelIsUnchanged) {
    writeSet(mDir, mDir);
    auto glb = exportGlb((mDir / "tank.msh").string());
    ASSERT_TRUE(glb) << glb.error().render();
    EXPECT_EQ(*glb, plainGlb());
    const Glb parsed = parseGlb(*glb);
    EXPECT_FALSE(parsed.json.contains("images"));
    ASSERT_EQ(parsed.json["materials"].size(), 3u);
    EXPECT_EQ(parsed.json["materials"][0]["name"], "wear_0");
}

TEST_F(TexturedExport, BrokenTextureLinkIsAnError) {
    writeSet(mDir, mDir, "NO_SUCH_TEX");
    auto glb = exportGlb((mDir / "units.lib").string() + ":tank.msh");
    ASSERT_FALSE(glb);
    EXPECT_EQ(glb.error().code(), "materials.texture_missing") << glb.error().render();
    EXPECT_EQ(glb.error().find("link").value_or(""), "texture library") << glb.error().render();
    EXPECT_NE(glb.error().render().find("NO_SUCH_TEX"), std::string::npos) << glb.error().render();
}

TEST_F(TexturedExport, MissingWearTableIsAnError) {
    writeSet(mDir, mDir);
    std::vector<nres::NewEntry> units;
    units.push_back(entry(0x4853454D, "tank.msh", modelBytes()));
    ASSERT_TRUE(writeFileAtomic(mDir / "units.lib", nres::writeCanonical(units).value()).ok());
    auto glb = exportGlb((mDir / "units.lib").string() + ":tank.msh");
    ASSERT_FALSE(glb);
    EXPECT_EQ(glb.error().code(), "materials.wear_missing") << glb.error().render();
}

TEST_F(TexturedExport, AnimatedExportIsNotAffected) {
    writeSet(mDir, mDir);
    registry::ExportOptions opts;
    opts.values["animated"] = "1";
    opts.values["frames"] = "4";
    auto glb = exportGlb((mDir / "units.lib").string() + ":tank.msh", opts);
    ASSERT_TRUE(glb) << glb.error().render();
    EXPECT_FALSE(parseGlb(*glb).json.contains("images"));
}

}  // namespace
}  // namespace vestige::iron3d
