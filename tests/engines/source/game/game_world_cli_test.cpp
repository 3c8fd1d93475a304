// `vestige game` as a user runs it: the built binary on a builder map with a button that opens a door through I/O.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/source/bsp/builder.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

class GameCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        source::bsp::MapBuilder map;
        const std::string tex = "dev/dev_measuregeneric01";
        map.addRoom({-512, -512, 0}, {512, 512, 256}, 16, tex);
        map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
        map.addBrushEntity({{"classname", "func_door"}, {"targetname", "door"}, {"movedir", "-90 0 0"}, {"wait", "-1"}},
                           {source::bsp::MapBuilder::box({200, -512, 0}, {208, 512, 128}, tex)}, Vec3{204, 0, 64});
        map.addBrushEntity({{"classname", "func_button"}, {"spawnflags", "257"}, {"OnPressed", "door,Open,,0,-1"}},
                           {source::bsp::MapBuilder::box({-32, -512, 0}, {32, -490, 64}, tex)}, Vec3{0, -501, 32});
        map.addEntity({{"classname", "env_sprite"}});
        auto bytes = map.write();
        ASSERT_TRUE(bytes.ok());
        mMap = mDir / "button.bsp";
        std::ofstream(mMap, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
        mScript = mDir / "walk.txt";
        std::ofstream(mScript) << "# south into the button, then wait\n200 +forward 10000 0 -90 0\n100 - 0 0 0 0\n";
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    fs::path mMap, mScript;
};

TEST_F(GameCli, JsonReportAfterTheScript) {
    const auto r = run({"game", "--json", mMap.string(), "--input", mScript.string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["ticks"], 300);
    EXPECT_EQ(j["ioEvents"], 1);  // OnPressed -> door.Open
    EXPECT_EQ(j["player"]["health"], 100);
    EXPECT_EQ(j["unimplementedClasses"]["env_sprite"], 1);
    EXPECT_TRUE(j["errors"].empty());
    EXPECT_EQ(j["hash"].get<std::string>().size(), 16u);
}

TEST_F(GameCli, TraceHasOneLinePerTickWithTheDoorMoving) {
    const auto r = run({"game", "--trace", mMap.string(), "--input", mScript.string(), "--ticks", "300"});
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    int count = 0, doorLines = 0;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] != '{') continue;
        const auto j = nlohmann::json::parse(line);
        ++count;
        EXPECT_EQ(j["tick"], count);
        for (const auto& e : j["entities"])
            if (e["class"] == "func_door" && e["origin"][2].get<double>() > 64.0) ++doorLines;
    }
    EXPECT_EQ(count, 300);
    EXPECT_GT(doorLines, 10);  // the door rose while the script ran
}

TEST_F(GameCli, BadInputsExitCodes) {
    EXPECT_EQ(run({"game", (mDir / "missing.bsp").string()}).code, 1);
    std::ofstream(mDir / "bad.txt") << "ten +forward 1 2 3 4\n";
    EXPECT_EQ(run({"game", mMap.string(), "--input", (mDir / "bad.txt").string()}).code, 1);
    EXPECT_EQ(run({"game", mMap.string(), "--tick-rate", "0"}).code, 2);
    EXPECT_EQ(run({"game"}).code, 2);
}

std::string slurp(const fs::path& path) {
    std::ostringstream text;
    text << std::ifstream(path, std::ios::binary).rdbuf();
    return text.str();
}

TEST_F(GameCli, DemoStageIsDeterministicAndItsScriptReplays) {
    // The `game` demo stage twice: the same trace and summary (regression guard); `vestige game` on the map and script
    // it wrote ends on the summary's final hash, and the 400-unit drop cost the base gamemode's flat 10.
    const fs::path a = mDir / "a", b = mDir / "b";
    ASSERT_EQ(run({"demo", "--stage", "game", "--out", a.string()}).code, 0);
    ASSERT_EQ(run({"demo", "--stage", "game", "--out", b.string()}).code, 0);
    const std::string summary = slurp(a / "game" / "summary.txt");
    EXPECT_EQ(summary, slurp(b / "game" / "summary.txt"));
    EXPECT_EQ(slurp(a / "game" / "trace.jsonl"), slurp(b / "game" / "trace.jsonl"));
    EXPECT_NE(summary.find("fall damage 10 "), std::string::npos) << summary;
    EXPECT_NE(summary.find("health 90\n"), std::string::npos) << summary;
    const auto r =
        run({"game", "--json", (a / "game" / "game.bsp").string(), "--input", (a / "game" / "walk.txt").string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_NE(summary.find("final hash " + j["hash"].get<std::string>()), std::string::npos) << summary;
    EXPECT_EQ(j["player"]["health"], 90);
}

}  // namespace
}  // namespace vestige
