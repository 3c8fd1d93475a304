// `vestige script` and `vestige info` on packages, varsets and missions built by our writers, through the binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/scr/builder.hpp"
#include "vestige/iron3d/tma/tma.hpp"
#include "vestige/iron3d/varset/builder.hpp"

namespace vestige::iron3d {
namespace {
namespace fs = std::filesystem;

class ScriptCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        scripts = mDir / "MISSIONS" / "SCRIPTS";
        fs::create_directories(scripts);
        ASSERT_TRUE(writeFileAtomic(scripts / "default.scr", scr::write(scr::autoDemoShape()).value()).ok());
        ASSERT_TRUE(writeFileAtomic(scripts / "varset.var", varset::sharedShapeText()).ok());
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    std::string pkg() const { return (scripts / "default.scr").string(); }
    fs::path scripts;
};

TEST_F(ScriptCli, RunInitPrintsTheCellsPerClan) {
    const auto r =
        run({"script", pkg(), "--run-init", "--clan-anchor", "500.2857,752", "--clan-anchor", "728,449", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["varset"], "MISSIONS/SCRIPTS/varset.var");
    ASSERT_EQ(j["clans"].size(), 2u);
    const auto& c1 = j["clans"][1];
    EXPECT_EQ(c1["slot"], 1);
    ASSERT_EQ(c1["cells_written"].size(), 3u);
    EXPECT_EQ(c1["cells_written"][0]["name"], "ClanBaseX");
    EXPECT_EQ(c1["cells_written"][0]["index"], 224);
    EXPECT_EQ(c1["cells_written"][0]["value"], 728);
    EXPECT_EQ(c1["cells_written"][1]["bits"], 449);
    EXPECT_EQ(c1["cells_written"][2]["value"], 1);
    EXPECT_EQ(j["clans"][0]["cells_written"][0]["value"], 500);
    const auto text = run({"script", pkg(), "--run-init", "--clan-anchor", "-0.6,10001"});
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("ClanBaseX[224] = 0"), std::string::npos);
    EXPECT_NE(text.out.find("warning: clan 0 base Y = 10001 is above 10000"), std::string::npos);
}

TEST_F(ScriptCli, AnchorsFromAMission) {
    tma::Mission m;
    for (float x : {11.4f, 22.5f}) {
        tma::ClanRecord c;
        c.name = "c";
        c.anchorX = x;
        c.anchorY = 3.0f;
        c.res0 = "default";
        m.clans.push_back(c);
    }
    fs::create_directories(mDir / "MISSIONS" / "M1");
    ASSERT_TRUE(writeFileAtomic(mDir / "MISSIONS" / "M1" / "data.tma", tma::write(m).value()).ok());
    const auto r = run({"script", pkg(), "--run-init", "--mission", (mDir / "MISSIONS" / "M1").string(), "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["clans"].size(), 2u);
    EXPECT_EQ(j["clans"][0]["cells_written"][0]["value"], 11);
    EXPECT_EQ(j["clans"][1]["cells_written"][0]["value"], 22);  // 22.5 ties to even
}

TEST_F(ScriptCli, UnsupportedIsReportedInPreviewAndAnErrorWithFull) {
    ASSERT_TRUE(writeFileAtomic(scripts / "odd.scr",
                                scr::write(scr::PackageBuilder().event("Init").handler(44, {1}).package()).value())
                    .ok());
    const std::string odd = (scripts / "odd.scr").string();
    const auto preview = run({"script", odd, "--run-init", "--clan-anchor", "1,1", "--json"});
    ASSERT_EQ(preview.code, 0) << preview.err;
    const auto j = nlohmann::json::parse(preview.out);
    EXPECT_EQ(j["clans"][0]["applied"], false);
    EXPECT_EQ(j["clans"][0]["unsupported"][0]["selector"], "Handler(44)");
    const auto full = run({"script", odd, "--run-init", "--clan-anchor", "1,1", "--full", "--json"});
    EXPECT_EQ(full.code, 1);
    EXPECT_EQ(nlohmann::json::parse(full.out)["error"]["code"], "ai.unsupported");
}

TEST_F(ScriptCli, ListingNamesReferencesAndUsageErrors) {
    const auto r = run({"script", pkg()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("224=ClanBaseX 225=ClanBaseY 226=ClanID"), std::string::npos);
    EXPECT_EQ(run({"script", pkg(), "--run-init"}).code, 2);
    EXPECT_EQ(run({"script", pkg(), "--run-init", "--clan-anchor", "1"}).code, 2);
    EXPECT_EQ(run({"script", pkg(), "--clan-anchor", "1,2"}).code, 2);
    const auto missing = run({"script", pkg(), "--varset", (mDir / "none.var").string(), "--json"});
    EXPECT_EQ(missing.code, 1);
    // A personal <base>.var beside the package wins over varset.var; a malformed one is an error, no fallback.
    ASSERT_TRUE(writeFileAtomic(scripts / "default.var", std::string_view("VAR(DWORD, x, nope)\n")).ok());
    const auto bad = run({"script", pkg(), "--json"});
    EXPECT_EQ(bad.code, 1);
    EXPECT_EQ(nlohmann::json::parse(bad.out)["error"]["code"], "varset.bad_dword");
}

TEST_F(ScriptCli, InfoDescribesScrAndVarset) {
    auto r = run({"info", "--json", pkg()});
    ASSERT_EQ(r.code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], "scr");
    EXPECT_EQ(j["by_handler"]["19"], 1);
    r = run({"info", "--json", (scripts / "varset.var").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], "varset");
    EXPECT_EQ(j["declarations"], 231);
    EXPECT_EQ(j["list"][224]["name"], "ClanBaseX");
}

}  // namespace
}  // namespace vestige::iron3d
