// `vestige lua --map` as a user runs it: the built binary as a subprocess on a demo map written to disk.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "vestige/source/bsp/sample.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

struct RunResult {
    int exitCode = -1;
    std::string out;
    std::string err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

class LuaMapCli : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        mDir = fs::temp_directory_path() / ("vestige_game_cli_" + std::to_string(::getpid()) + "_" + info->name());
        fs::remove_all(mDir);
        fs::create_directories(mDir / "maps");
        auto bytes = source::bsp::demoMap().write();
        ASSERT_TRUE(bytes.ok());
        mMap = mDir / "maps" / "demo.bsp";
        std::ofstream(mMap, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(mDir, ec);
    }
    RunResult run(const std::vector<std::string>& args) {
        std::string cmd = quote(VESTIGE_BIN);
        for (const auto& a : args) cmd += " " + quote(a);
        const auto outPath = mDir / "stdout.txt", errPath = mDir / "stderr.txt";
        cmd += " </dev/null >" + quote(outPath.string()) + " 2>" + quote(errPath.string());
        const int status = std::system(cmd.c_str());
        RunResult r;
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        r.out = slurp(outPath);
        r.err = slurp(errPath);
        return r;
    }
    fs::path mDir, mMap;
};

TEST_F(LuaMapCli, MapEntitiesAndTracesInTheReport) {
    const auto r = run({"lua", "--json", "--ticks", "5", "--map", mMap.string(), "-e",
                        "print(game.GetMap(), #ents.FindByClass('func_door'), "
                        "util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, -128)}).HitPos.z)"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["map"], "demo");
    EXPECT_EQ(j["mapEntities"], 4);
    EXPECT_EQ(j["ticks"], 5);
    EXPECT_EQ(j["entities"], 6);  // worldspawn, the player, 4 map entities
    EXPECT_EQ(j["hooks"]["PlayerSpawn"], 1);
    EXPECT_EQ(j["hooks"]["Think"], 5);
    EXPECT_EQ(j["output"], "demo\t1\t0.03125\n");
    EXPECT_FALSE(j.contains("notes")) << j.dump();
    EXPECT_TRUE(j["errors"].empty());
}

TEST_F(LuaMapCli, HumanTextNamesTheMapEntities) {
    const auto r = run({"lua", "--ticks", "1", "--map", mMap.string()});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("map demo "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("map entities: 4"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("not loaded yet"), std::string::npos) << r.out;
}

TEST_F(LuaMapCli, MapInsideAnArchive) {
    const auto pack = run({"pack", "--format", "nres", (mDir / "maps").string(), "-o", (mDir / "maps.lib").string()});
    ASSERT_EQ(pack.exitCode, 0) << pack.out << pack.err;
    const auto r = run({"lua", "--json", "--ticks", "0", "--map", (mDir / "maps.lib").string() + ":demo.bsp"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["map"], "demo");
    EXPECT_EQ(j["mapEntities"], 4);
}

TEST_F(LuaMapCli, BrokenMapIsAStructuredError) {
    std::ofstream(mDir / "junk.bsp") << "VBSP but not really a map";
    auto r = run({"lua", "--json", "--map", (mDir / "junk.bsp").string()});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["error"]["code"].get<std::string>().rfind("bsp.", 0), 0u) << r.out;
    r = run({"lua", "--json", "--map", (mDir / "missing.bsp").string()});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_TRUE(nlohmann::json::parse(r.out).contains("error")) << r.out;
}

}  // namespace
}  // namespace vestige
