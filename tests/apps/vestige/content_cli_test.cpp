// `vestige mount`, `vestige which` and `vestige render --gmod-dir --stats` on the materials demo stage's GMod folder
// (content made by our writers): exit codes, the JSON documents, and the pakfile shadowing the addon.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "cli.hpp"

namespace vestige {
namespace {

class ContentCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        const auto r = run({"demo", "--stage", "materials", "--out", (mDir / "demo").string()});
        ASSERT_EQ(r.code, 0) << r.err;
        mGmod = (mDir / "demo" / "materials" / "garrysmod").string();
        mMap = mGmod + "/maps/demo_materials.bsp";
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    std::string mGmod, mMap;
};

TEST_F(ContentCli, MountListsThePakfileFirstThenTheAddonThenTheGame) {
    const auto r = run({"mount", "--json", "--gmod-dir", mGmod, "--map", mMap});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    ASSERT_EQ(doc["mounts"].size(), 3u);
    EXPECT_EQ(doc["mounts"][0]["kind"], "pakfile");
    EXPECT_EQ(doc["mounts"][0]["pathIds"], "GAME BSP");
    EXPECT_EQ(doc["mounts"][1]["kind"], "gma");
    EXPECT_EQ(doc["mounts"][1]["entries"], 31);  // 24 material files + the studio model (3) and its materials (4)
    EXPECT_EQ(doc["mounts"][2]["name"], "garrysmod");
}

TEST_F(ContentCli, WhichNamesTheServingMountAndWhatItShadows) {
    const auto r = run({"which", "--json", "MATERIALS\\demo\\Sign.vmt", "--gmod-dir", mGmod, "--map", mMap});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["mount"]["kind"], "pakfile");
    ASSERT_EQ(doc["shadowed"].size(), 1u);
    EXPECT_EQ(doc["shadowed"][0]["kind"], "gma");
    const auto missing = run({"which", "--json", "materials/none.vmt", "--gmod-dir", mGmod});
    EXPECT_EQ(missing.code, 1);
    EXPECT_EQ(nlohmann::json::parse(missing.out)["error"]["code"], "content.not_found");
    EXPECT_EQ(run({"which", "x", "--path-id", "NOPE", "--gmod-dir", mGmod}).code, 1);
    EXPECT_EQ(run({"mount", "--gmod-dir", (mDir / "absent").string()}).code, 1);
}

TEST_F(ContentCli, RenderStatsReportsNothingMissing) {
    const auto r = run({"render", mMap, "--json", "--gmod-dir", mGmod, "--stats", "--size", "160x90", "-o",
                        (mDir / "shot.png").string()});
    const char* ci = std::getenv("CI");
    if (r.code != 0 && r.out.find("render.no_egl") != std::string::npos && !(ci && std::string(ci) == "true"))
        GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["materials"]["missingMaterials"].size(), 0u);
    EXPECT_EQ(doc["materials"]["missingTextures"].size(), 0u);
    EXPECT_EQ(doc["materials"]["errors"].size(), 0u);
    EXPECT_TRUE(doc["materials"]["skyBox"].get<bool>());
    EXPECT_EQ(doc["materials"]["families"]["WorldVertexTransition"], 1);
    EXPECT_EQ(doc["blendedDraws"], 2);  // water and glass
    const auto& props = doc["materials"]["props"];
    EXPECT_EQ(props["static"], 2);
    EXPECT_EQ(props["entities"], 1);
    EXPECT_EQ(props["drawn"], 3);
    EXPECT_EQ(props["modelsLoaded"], 1);
    EXPECT_EQ(props["missingModels"].size(), 0u);
    EXPECT_EQ(props["lighting"], "sun");
}

TEST_F(ContentCli, RenderStatsListsAMissingModelAndStillDraws) {
    // The BSP demo map places models/props_junk/wood_crate001a.mdl as a static prop; no mount has it.
    ASSERT_EQ(run({"demo", "--stage", "bsp", "--out", (mDir / "demo").string()}).code, 0);
    const auto r = run({"render", (mDir / "demo" / "bsp" / "demo.bsp").string(), "--json", "--mount", mGmod, "--stats",
                        "--size", "160x90", "-o", (mDir / "bsp.png").string()});
    const char* ci = std::getenv("CI");
    if (r.code != 0 && r.out.find("render.no_egl") != std::string::npos && !(ci && std::string(ci) == "true"))
        GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto props = nlohmann::json::parse(r.out)["materials"]["props"];
    EXPECT_EQ(props["static"], 1);
    EXPECT_EQ(props["drawn"], 0);
    EXPECT_EQ(props["notDrawn"], 1);
    ASSERT_EQ(props["missingModels"].size(), 1u);
    EXPECT_EQ(props["missingModels"][0]["model"], "models/props_junk/wood_crate001a.mdl");
    EXPECT_EQ(props["missingModels"][0]["code"], "model.missing");
    EXPECT_EQ(props["missingModels"][0]["instances"], 1);
}

}  // namespace
}  // namespace vestige
