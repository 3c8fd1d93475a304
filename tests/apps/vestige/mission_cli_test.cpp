// `vestige mission` as a user runs it, on the game root `vestige demo --stage mission` writes: exit codes, the
// --json report, reference movement orders, terrain probes, the trace file and a structured load error.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli.hpp"

namespace vestige {
namespace {
namespace fs = std::filesystem;

class MissionCli : public test::TempDirTest {
protected:
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
    fs::path game() {
        const auto r = run({"demo", "--out", (mDir / "demo").string(), "--stage", "mission"});
        EXPECT_EQ(r.code, 0) << r.out << r.err;
        return mDir / "demo" / "mission";
    }
};

TEST_F(MissionCli, JsonReportAfterTicksWithAnOrder) {
    const fs::path root = game();
    const fs::path trace = mDir / "run.jsonl";
    const auto r = run({"mission", root.string(), "DEMO", "--ticks", "600", "--order", "1:40,40:0.25", "--trace",
                        trace.string(), "--height-at", "20,20", "--height-at", "-5,3", "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["ok"], true);
    EXPECT_EQ(j["tick"], 600);
    EXPECT_EQ(j["counts"]["objects"], 4);
    EXPECT_EQ(j["counts"]["components"], 5);
    EXPECT_EQ(j["counts"]["failures"], 0);
    EXPECT_EQ(j["state_hash"].get<std::string>().size(), 64u);
    ASSERT_EQ(j["objects"].size(), 4u);
    const auto& moved = j["objects"][1]["transform"]["position"];
    EXPECT_FLOAT_EQ(moved[0].get<float>(), 40.0f) << "0.25 per tick for 600 ticks covers the distance";
    EXPECT_FLOAT_EQ(moved[1].get<float>(), 40.0f);
    EXPECT_FLOAT_EQ(moved[2].get<float>(), 40.0f / 16 + 9 * 40.0f / 16);
    ASSERT_EQ(j["height_at"].size(), 2u);
    EXPECT_FLOAT_EQ(j["height_at"][0]["height"].get<float>(), 20.0f / 16 + 9 * 20.0f / 16);
    EXPECT_EQ(j["height_at"][0]["areal"], 0);
    EXPECT_TRUE(j["height_at"][1]["height"].is_null()) << "off surface";
    std::ifstream in(trace);
    std::string line;
    std::size_t lines = 0;
    while (std::getline(in, line)) {
        ++lines;
        EXPECT_NO_THROW((void)nlohmann::json::parse(line)) << line;
    }
    EXPECT_EQ(lines, j["trace_events"].get<std::size_t>());
    EXPECT_GE(lines, 600u);
    // The same inputs again: the same hashes.
    const auto again =
        run({"mission", root.string(), "MISSIONS/DEMO", "--ticks", "600", "--order", "1:40,40:0.25", "--json"});
    ASSERT_EQ(again.code, 0);
    EXPECT_EQ(nlohmann::json::parse(again.out)["state_hash"], j["state_hash"]);
}

TEST_F(MissionCli, TextReportAndUsageErrors) {
    const fs::path root = game();
    const auto text = run({"mission", root.string(), "DEMO", "--height-at", "8,8"});
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("mission MISSIONS/DEMO: 4 objects"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("height at (8, 8)"), std::string::npos);
    EXPECT_EQ(run({"mission", root.string(), "DEMO", "--order", "1:40:0.5"}).code, 2);
    EXPECT_EQ(run({"mission", root.string(), "DEMO", "--height-at", "x,1"}).code, 2);
    EXPECT_EQ(run({"mission", root.string()}).code, 2);
    EXPECT_EQ(run({"mission", "--help"}).code, 0);
}

TEST_F(MissionCli, MissingPrototypeIsAStructuredError) {
    const fs::path root = game();
    fs::remove(root / "objects.rlb");
    const auto r = run({"mission", root.string(), "DEMO", "--json"});
    EXPECT_EQ(r.code, 1);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["ok"], false);
    EXPECT_EQ(j["error"]["code"], "prototype.unresolved");
    const auto& ctx = j["error"]["context"];
    ASSERT_GE(ctx.size(), 3u);
    EXPECT_EQ(ctx[0]["kind"], "mission") << "outermost first: the mission, then the object";
    EXPECT_EQ(ctx[1]["kind"], "object");
    EXPECT_EQ(ctx[1]["value"], "0 (UNITS\\BUILDS\\AI\\gen1.dat)");
    const auto moved = run({"mission", root.string(), "NOPE"});
    EXPECT_EQ(moved.code, 1);
    EXPECT_NE(moved.err.find("cache.not_found"), std::string::npos) << moved.err;
}

TEST_F(MissionCli, OffSurfaceOrderFailsTheRun) {
    const fs::path root = game();
    const fs::path trace = mDir / "failed.jsonl";
    const auto r = run({"mission", root.string(), "DEMO", "--ticks", "10", "--order", "1:500,500:1000", "--trace",
                        trace.string(), "--json"});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(nlohmann::json::parse(r.out)["error"]["code"], "movement.off_surface");
    EXPECT_FALSE(fs::exists(trace)) << "a failed run leaves no trace file";
    EXPECT_FALSE(fs::exists(trace.string() + ".partial"));
    const auto noLoad = run({"mission", root.string(), "NOPE", "--trace", trace.string()});
    EXPECT_EQ(noLoad.code, 1);
    EXPECT_FALSE(fs::exists(trace)) << "a failed load leaves no (empty) trace file";
}

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Issue 22 item 6: every sound event of the run as JSON lines, at the ticks the storm's schedule gives, and the
// same file from the same run.
TEST_F(MissionCli, SoundEventsAreWrittenAndIdenticalOverTwoRuns) {
    const fs::path root = game();
    const fs::path a = mDir / "a.jsonl", b = mDir / "b.jsonl";
    const auto r = run({"mission", root.string(), "DEMO", "--ticks", "800", "--weather", "storm", "--sound-events",
                        a.string(), "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    std::istringstream lines(readAll(a));
    std::string line;
    std::vector<nlohmann::json> events;
    while (std::getline(lines, line)) events.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(events.size(), j["sound"]["events"].get<std::size_t>());
    ASSERT_GT(events.size(), 2u);
    EXPECT_EQ(events[0]["tick"], 0) << "THEME at mission start";
    EXPECT_EQ(events[0]["event"], "StartLoop");
    EXPECT_EQ(events[0]["sample"]["name"], "THEME.WAV");
    std::size_t thunder = 0;
    for (const auto& e : events) {
        if (e["event"] == "StartLoop" && e["bus"] == "ambient") { EXPECT_EQ(e["tick"], 1) << "rain rises from 0 ms"; }
        if (e["event"] == "StopLoop") { EXPECT_EQ(e["tick"], 750) << "rain is 0 again at 12000 ms"; }
        if (e["event"] == "OneShot" && e["bus"] == "effects") {
            ++thunder;
            EXPECT_GE(e["tick"].get<int>(), 313) << "lightning starts at 5000 ms";
            EXPECT_EQ(e["position"].size(), 3u);
        }
    }
    EXPECT_EQ(thunder, 1u);
    EXPECT_EQ(
        run({"mission", root.string(), "DEMO", "--ticks", "800", "--weather", "storm", "--sound-events", b.string()})
            .code,
        0);
    EXPECT_EQ(readAll(a), readAll(b));
    EXPECT_EQ(run({"mission", root.string(), "DEMO", "--weather", "fog", "--sound-events", b.string()}).code, 2);
}

// Issue 21: the demo root's script package runs at load; its AI lines are in the trace, its state in the hash.
TEST_F(MissionCli, ScriptsRunAtLoadAndTraceTheirLines) {
    const fs::path root = game();
    const fs::path trace = mDir / "ai.jsonl";
    const auto r = run({"mission", root.string(), "DEMO", "--ticks", "30", "--trace", trace.string(), "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["ai"]["clans"].size(), 2u);
    EXPECT_EQ(j["ai"]["clans"][0]["slot"], 0);
    EXPECT_EQ(j["ai"]["clans"][1]["init"]["applied"], true);
    EXPECT_EQ(j["ai"]["ticks"], 30);
    const std::string text = readAll(trace);
    EXPECT_NE(text.find(R"("subsystem":"ai")"), std::string::npos);
    EXPECT_NE(text.find(R"("subsystem":"ai.cell")"), std::string::npos);
    const auto bare = run({"mission", root.string(), "DEMO", "--ticks", "30", "--no-scripts", "--json"});
    ASSERT_EQ(bare.code, 0) << bare.err;
    const auto k = nlohmann::json::parse(bare.out);
    EXPECT_TRUE(k["ai"].is_null());
    EXPECT_EQ(k["state_hash"], j["state_hash"]) << "the AI does not move the world";
    EXPECT_NE(k["simulation_hash"], j["simulation_hash"]) << "the AI and BEHAVIOR chunks are hashed";
}

// Issue 20 item 7: `vestige render` recognises the mission folder through the iron3d module's folder format.
TEST_F(MissionCli, RenderTheMissionFolderWithStats) {
    const fs::path root = game();
    const fs::path shot = mDir / "mission.png";
    const auto r = run({"render", (root / "MISSIONS" / "DEMO").string(), "--json", "--stats", "--size", "320x180", "-o",
                        shot.string()});
    const char* ci = std::getenv("CI");
    if (r.code != 0 && r.out.find("render.no_egl") != std::string::npos && !(ci && std::string(ci) == "true"))
        GTEST_SKIP() << "no headless OpenGL context";
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["source"], "iron3d_mission");
    EXPECT_EQ(j["width"], 320);
    const auto& s = j["scene"];
    EXPECT_EQ(s["objects"], 4);
    EXPECT_EQ(s["objectsDrawn"], 2);
    EXPECT_EQ(s["triangles"], 200) << "128 terrain faces + 2 tanks x 36";
    EXPECT_EQ(s["texturesResolved"], 5);
    EXPECT_EQ(s["unresolvedMaterials"], 0);
    EXPECT_GT(j["drawCalls"].get<int>(), 0);
    EXPECT_TRUE(fs::is_regular_file(shot));
    EXPECT_TRUE(fs::is_regular_file(mDir / "demo" / "mission" / "mission.png")) << "the demo stage renders it too";
    // Text output with the report, a missing Land table counted, and the errors.
    fs::remove(root / "DATA" / "MAPS" / "DEMO" / "Land2.wea");
    const auto text = run({"render", (root / "MISSIONS" / "DEMO").string(), "--stats", "--size", "160x90", "-o",
                           (mDir / "broken.png").string()});
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("rendered iron3d_mission"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find(R"("unresolvedMaterials":2)"), std::string::npos) << text.out;
    const auto bad = run({"render", (root / "MISSIONS" / "DEMO").string(), "--state", "1", "-o", shot.string()});
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("render.bad_option"), std::string::npos) << bad.err;
    const auto unknown = run({"render", (root / "DATA").string(), "-o", shot.string()});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_NE(unknown.err.find("render.unknown_format"), std::string::npos) << unknown.err;
}

// Issue 20: `vestige export` writes the mission folder as glTF through the same folder format. The counts are a
// regression guard of our own sample (tests/engines/iron3d/scene/mission_gltf_test.cpp reads the file back).
TEST_F(MissionCli, ExportTheMissionFolderToGlb) {
    const fs::path root = game();
    const fs::path glb = mDir / "mission.glb";
    const auto r = run({"export", (root / "MISSIONS" / "DEMO").string(), "-o", glb.string(), "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["ok"], true);
    EXPECT_EQ(j["format"], "iron3d_mission");
    EXPECT_EQ(j["nodes"], 5) << "the terrain + 4 placed objects";
    EXPECT_EQ(j["objectNodes"], 4);
    EXPECT_EQ(j["meshes"], 2) << "the terrain and the tank both tanks share";
    EXPECT_EQ(j["textures"], 6);
    EXPECT_EQ(j["unresolvedMaterials"], 0);
    ASSERT_TRUE(fs::is_regular_file(glb));
    EXPECT_EQ(fs::file_size(glb), j["bytes"].get<std::uintmax_t>());
    std::ifstream in(glb, std::ios::binary);
    char magic[4] = {};
    in.read(magic, 4);
    EXPECT_EQ(std::string(magic, 4), "glTF");
    const fs::path demoGlb = mDir / "demo" / "mission" / "mission.glb";
    ASSERT_TRUE(fs::is_regular_file(demoGlb)) << "the demo stage exports it too";
    EXPECT_EQ(fs::file_size(demoGlb), fs::file_size(glb));
    // Human output with a missing Land table counted.
    fs::remove(root / "DATA" / "MAPS" / "DEMO" / "Land2.wea");
    const auto text = run({"export", (root / "MISSIONS" / "DEMO").string(), "-o", (mDir / "broken.glb").string()});
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("from iron3d_mission"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("5 nodes (4 objects of 4), 2 meshes"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("2 unresolved materials"), std::string::npos) << text.out;
    // Errors: a folder that is not a mission, a model option, a non-.glb output.
    const auto unknown = run({"export", (root / "DATA").string(), "-o", glb.string(), "--json"});
    EXPECT_EQ(unknown.code, 1);
    EXPECT_NE((unknown.out + unknown.err).find("export.unsupported"), std::string::npos) << unknown.out << unknown.err;
    EXPECT_NE((unknown.out + unknown.err).find("iron3d_mission"), std::string::npos) << "names what would export";
    const auto bad = run({"export", (root / "MISSIONS" / "DEMO").string(), "--lod", "1", "-o", glb.string()});
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("export.bad_option"), std::string::npos) << bad.err;
    const auto png = run({"export", (root / "MISSIONS" / "DEMO").string(), "-o", (mDir / "m.png").string()});
    EXPECT_EQ(png.code, 1);
    EXPECT_NE(png.err.find("export.unsupported"), std::string::npos) << png.err;
}

}  // namespace
}  // namespace vestige
