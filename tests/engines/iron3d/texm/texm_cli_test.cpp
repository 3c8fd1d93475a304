// `vestige info` and `vestige export -o x.png` on Texm, MAT0 and WEAR entries of archives built by
// our writers, run through the real binary. Skips while the app does not register Texm yet.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/iron3d/wear/wear.hpp"

namespace vestige::iron3d {
namespace {
namespace fs = std::filesystem;
using test::slurp;

class TexmCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

texm::Texture checker() {
    image::Image img(8, 8);
    for (std::uint32_t y = 0; y < 8; ++y)
        for (std::uint32_t x = 0; x < 8; ++x)
            img.set(x, y, ((x / 2 + y / 2) & 1) ? image::Rgba8{255, 0, 0, 255} : image::Rgba8{0, 0, 255, 255});
    texm::EncodeOptions o;
    o.format = texm::Format::Rgb565;
    o.mipCount = 4;
    o.page = std::vector<texm::PageRect>{{0, 4, 0, 8}, {4, 4, 0, 8}};
    return texm::encode(img, o).value();
}

TEST_F(TexmCli, InfoAndPngExport) {
    const auto tex = checker();
    std::vector<nres::NewEntry> entries(1);
    entries[0].type = texm::kNresType;
    entries[0].name = "CHECKER";
    entries[0].data = texm::write(tex).value();
    const auto lib = mDir / "Textures.lib";
    ASSERT_TRUE(writeFileAtomic(lib, nres::writeCanonical(entries).value()).ok());

    const auto info = run({"info", lib.string() + ":CHECKER", "--json"});
    ASSERT_EQ(info.code, 0) << info.out << info.err;
    const auto j = nlohmann::json::parse(info.out);
    EXPECT_EQ(j["format"], "texm");
    EXPECT_EQ(j["width"], 8);
    EXPECT_EQ(j["pixel_format"], 565);
    EXPECT_EQ(j["mip_count"], 4);
    EXPECT_EQ(j["mips"][3]["width"], 1);
    EXPECT_EQ(j["page"].size(), 2u);
    EXPECT_EQ(j["page"][1]["x"], 4);
    const auto text = run({"info", lib.string() + ":CHECKER"});
    EXPECT_NE(text.out.find("Page: 2 rect(s)"), std::string::npos) << text.out;

    const auto png = mDir / "checker.png";
    const auto ex = run({"export", lib.string() + ":CHECKER", "-o", png.string(), "--mip", "1"});
    ASSERT_EQ(ex.code, 0) << ex.out << ex.err;
    auto img = image::readPng(png);
    ASSERT_TRUE(img.ok()) << img.error().render();
    EXPECT_EQ(img->width(), 4u);
    EXPECT_EQ(img->height(), 4u);
    EXPECT_EQ(*img, texm::decode(tex, 1).value());
    EXPECT_EQ(img->at(0, 0), (image::Rgba8{0, 0, 255, 255}));
    EXPECT_EQ(img->at(1, 0), (image::Rgba8{255, 0, 0, 255}));

    const auto bad = run({"export", lib.string() + ":CHECKER", "-o", (mDir / "x.png").string(), "--mip", "4"});
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("export.bad_option"), std::string::npos) << bad.err;
    const auto glb = run({"export", lib.string() + ":CHECKER", "-o", (mDir / "x.glb").string()});
    EXPECT_EQ(glb.code, 1);
    EXPECT_NE(glb.err.find("export.unsupported"), std::string::npos) << glb.err;
}

TEST_F(TexmCli, InfoOnMaterialAndWearEntries) {
    mat0::Material m;
    m.version = 2;  // prefix of 6 bytes: the describer must take the version from attr2
    m.metadataA = 7;
    m.metadataB = 9;
    m.phases.push_back(mat0::makePhase("CHECKER").value());
    m.phases.push_back(mat0::makePhase("").value());
    std::vector<nres::NewEntry> mats(1);
    mats[0].type = mat0::kNresType;
    mats[0].attr2 = 2;
    mats[0].name = "HULL";
    mats[0].data = mat0::write(m).value();
    const auto mlib = mDir / "Material.lib";
    ASSERT_TRUE(writeFileAtomic(mlib, nres::writeCanonical(mats).value()).ok());
    const auto info = run({"info", mlib.string() + ":HULL", "--json"});
    ASSERT_EQ(info.code, 0) << info.out << info.err;
    const auto j = nlohmann::json::parse(info.out);
    EXPECT_EQ(j["format"], "mat0");
    EXPECT_EQ(j["version"], 2);
    EXPECT_EQ(j["version_source"], "attr2");
    EXPECT_EQ(j["metadata"]["a"], 7);
    EXPECT_EQ(j["phases"].size(), 2u);
    EXPECT_EQ(j["phases"][0]["texture"], "CHECKER");
    EXPECT_EQ(j["phases"][1]["texture"], "");

    auto table = wear::make({{"0", "HULL"}, {"1", "DECK"}}, std::vector<wear::NamedRow>{{"0", "LM_TANK"}}).value();
    std::vector<nres::NewEntry> units(1);
    units[0].type = wear::kNresType;
    units[0].name = "tank.wea";
    units[0].data = wear::write(table).value();
    const auto ulib = mDir / "units.lib";
    ASSERT_TRUE(writeFileAtomic(ulib, nres::writeCanonical(units).value()).ok());
    const auto w = run({"info", ulib.string() + ":tank.wea", "--json"});
    ASSERT_EQ(w.code, 0) << w.out << w.err;
    const auto wj = nlohmann::json::parse(w.out);
    EXPECT_EQ(wj["format"], "wear");
    EXPECT_EQ(wj["materials"].size(), 2u);
    EXPECT_EQ(wj["materials"][1]["name"], "DECK");
    EXPECT_EQ(wj["lightmaps"][0]["name"], "LM_TANK");
}

// The demo stage is deterministic: two runs write the same files, byte for byte.
TEST_F(TexmCli, DemoStageIsDeterministic) {
    const auto a = run({"demo", "--out", (mDir / "a").string(), "--stage", "iron3d_textures"});
    ASSERT_EQ(a.code, 0) << a.out << a.err;
    ASSERT_EQ(run({"demo", "--out", (mDir / "b").string(), "--stage", "iron3d_textures"}).code, 0);
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(mDir / "a" / "iron3d_textures")) {
        ++files;
        EXPECT_EQ(slurp(e.path()), slurp(mDir / "b" / "iron3d_textures" / e.path().filename())) << e.path().filename();
    }
    EXPECT_EQ(files, 14u);  // 13 + tank_textured.glb
    EXPECT_NE(a.out.find("4 rows (3 exact, 1 DEFAULT), 6 phases (1 untextured), 1 of 2 lightmaps resolved"), std::string::npos) << a.out;
    auto png = image::readPng(mDir / "a" / "iron3d_textures" / "hull_camo_mip2.png");
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png->width(), 16u);
}

}  // namespace
}  // namespace vestige::iron3d
