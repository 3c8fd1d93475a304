// `vestige lua --map` as a user runs it: the built binary as a subprocess on a demo map written to disk.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "vestige/source/bsp/sample.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

class LuaMapCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        fs::create_directories(mDir / "maps");
        auto bytes = source::bsp::demoMap().write();
        ASSERT_TRUE(bytes.ok());
        mMap = mDir / "maps" / "demo.bsp";
        std::ofstream(mMap, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    fs::path mMap;
};

TEST_F(LuaMapCli, MapEntitiesAndTracesInTheReport) {
    const auto r = run({"lua", "--json", "--ticks", "5", "--map", mMap.string(), "-e",
                        "print(game.GetMap(), #ents.FindByClass('func_door'), "
                        "util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, -128)}).HitPos.z)"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["map"], "demo");
    EXPECT_EQ(j["mapEntities"], 4);
    EXPECT_EQ(j["ticks"], 5);
    EXPECT_EQ(j["entities"], 9);  // worldspawn, the player and its 3 view models, 4 map entities
    EXPECT_EQ(j["hooks"]["PlayerSpawn"], 1);
    EXPECT_EQ(j["hooks"]["Think"], 5);
    EXPECT_EQ(j["output"], "demo\t1\t0.03125\n");
    EXPECT_FALSE(j.contains("notes")) << j.dump();
    EXPECT_TRUE(j["errors"].empty());
}

// The player inside the Lua session: an input script drives it (the `vestige move` format), a gamemode hook changes
// its walk speed, --trace prints one JSON line per tick with the player (regression guard: our own movement numbers,
// except the 300 u/s a SetWalkSpeed(300) must give on flat ground, see docs/game.md).
TEST_F(LuaMapCli, InputScriptDrivesThePlayerAndTracePrintsEveryTick) {
    std::ofstream(mDir / "walk.txt") << "120 0 0 0 0\n60 +forward 10000 0 90 0\n";
    const auto r = run({"lua", "--trace", "--map", mMap.string(), "--input", (mDir / "walk.txt").string(), "-e",
                        "hook.Add('PlayerSpawn', 'fast', function(p) p:SetWalkSpeed(300) end)"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    std::istringstream lines(r.out);
    std::string line;
    std::vector<nlohmann::json> ticks;
    while (std::getline(lines, line) && line.starts_with("{\"entities\"")) ticks.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(ticks.size(), 180u);  // the script's length
    EXPECT_EQ(ticks.front()["tick"], 1);
    const auto& last = ticks.back()["player"];
    EXPECT_TRUE(last["on_ground"].get<bool>());
    const double vx = last["velocity"][0].get<double>(), vy = last["velocity"][1].get<double>();
    EXPECT_NEAR(std::sqrt(vx * vx + vy * vy), 300.0, 0.01);
    EXPECT_NE(r.out.find("ticks 180"), std::string::npos) << r.out;
}

TEST_F(LuaMapCli, HumanTextNamesTheMapEntities) {
    const auto r = run({"lua", "--ticks", "1", "--map", mMap.string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("map demo "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("map entities: 4"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("not loaded yet"), std::string::npos) << r.out;
}

TEST_F(LuaMapCli, MapInsideAnArchive) {
    const auto pack = run({"pack", "--format", "nres", (mDir / "maps").string(), "-o", (mDir / "maps.lib").string()});
    ASSERT_EQ(pack.code, 0) << pack.out << pack.err;
    const auto r = run({"lua", "--json", "--ticks", "0", "--map", (mDir / "maps.lib").string() + ":demo.bsp"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["map"], "demo");
    EXPECT_EQ(j["mapEntities"], 4);
}

TEST_F(LuaMapCli, BrokenMapIsAStructuredError) {
    std::ofstream(mDir / "junk.bsp") << "VBSP but not really a map";
    auto r = run({"lua", "--json", "--map", (mDir / "junk.bsp").string()});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["error"]["code"].get<std::string>().rfind("bsp.", 0), 0u) << r.out;
    r = run({"lua", "--json", "--map", (mDir / "missing.bsp").string()});
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_TRUE(nlohmann::json::parse(r.out).contains("error")) << r.out;
}

}  // namespace
}  // namespace vestige
