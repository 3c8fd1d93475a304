// The pending `pose` verb and `animesh` demo stage, run in-process with the app's helpers.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cmd_pose.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/animesh/sample.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;

fs::path scratch() {
    // One directory per test: ctest may run the tests of this binary in parallel.
    const fs::path dir = fs::temp_directory_path() / "vestige_pose_cli_test" /
                         testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void writeModel(const fs::path& p, const iron3d::msh::ModelData& d) {
    auto b = iron3d::msh::build(d);
    ASSERT_TRUE(b.ok()) << b.error().render();
    ASSERT_TRUE(writeFileAtomic(p, *b).ok());
}

// Parses and runs `vestige pose ...`; returns the exit code and captured stdout.
std::pair<int, std::string> runPose(std::vector<std::string> args) {
    AppContext ctx;
    CLI::App cli("vestige");
    addPoseCommand(cli, ctx);
    args.insert(args.begin(), "pose");
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
        cli.parse(reversed);
    } catch (const CLI::ParseError&) { return {kExitUsage, ""}; }
    testing::internal::CaptureStdout();
    const int rc = ctx.run ? ctx.run() : kExitUsage;
    return {rc, testing::internal::GetCapturedStdout()};
}

TEST(PoseVerb, JsonPieceTreeWithAttachments) {
    const fs::path dir = scratch();
    writeModel(dir / "tank.msh", iron3d::msh::sampleTank());
    writeModel(dir / "turret.msh", iron3d::animesh::sampleTurret());
    writeModel(dir / "cannon.msh", iron3d::animesh::sampleCannon());
    auto [rc, out] = runPose({(dir / "tank.msh").string(), "--attach", (dir / "turret.msh").string() + "@3", "--attach",
                              (dir / "cannon.msh").string() + "@6", "--time", "4", "--json"});
    ASSERT_EQ(rc, kExitOk) << out;
    const auto doc = nlohmann::json::parse(out);
    ASSERT_EQ(doc["pieces"].size(), 9u);
    EXPECT_EQ(doc["pieces"][4]["tag"], 1);
    EXPECT_EQ(doc["pieces"][4]["parent"], 3);
    EXPECT_EQ(doc["pieces"][4]["flags"], 0x01000000);
    EXPECT_EQ(doc["pieces"][8]["parent"], 6);
    EXPECT_EQ(doc["pieces"][5]["sample"]["frame"], 4);
    // Cannon socket at time 4 (see AniMeshPose.HandComputedSocketAtTimeFour): (0.3, -0.9, 2.0).
    EXPECT_NEAR(doc["pieces"][6]["global"]["translation"][1].get<double>(), -0.9, 1e-4);
    EXPECT_EQ(doc["pieces"][6]["bounds"]["sphere"]["radius"], 0.0);
    EXPECT_EQ(doc["pieces"][0]["global"]["matrix"].size(), 4u);
}

TEST(PoseVerb, TextAndUsageErrors) {
    const fs::path dir = scratch();
    writeModel(dir / "tank.msh", iron3d::msh::sampleTank());
    auto [rc, out] = runPose({(dir / "tank.msh").string(), "--frame", "1"});
    ASSERT_EQ(rc, kExitOk);
    EXPECT_NE(out.find("piece[3] turret_socket  tag 0  node 3  parent 0  flags 0x00000010"), std::string::npos) << out;
    EXPECT_EQ(runPose({(dir / "tank.msh").string(), "--time", "1", "--frame", "1"}).first, kExitUsage);
    EXPECT_EQ(runPose({(dir / "tank.msh").string(), "--attach", "x.msh"}).first, kExitUsage);
    EXPECT_EQ(runPose({(dir / "tank.msh").string(), "--node-time", "3"}).first, kExitUsage);
    testing::internal::CaptureStderr();
    EXPECT_EQ(runPose({(dir / "tank.msh").string(), "--time", "-1"}).first, kExitError);
    EXPECT_NE(testing::internal::GetCapturedStderr().find("animation.bad_time"), std::string::npos);
}

TEST(PoseVerb, CtlRowsAndNodeTimes) {
    const fs::path dir = scratch();
    writeModel(dir / "tank.msh", iron3d::msh::sampleTank());
    iron3d::ctl::PoseRow row;
    row.nodeId = 3;
    row.frameB = 2;
    row.blend = 1.75f;  // wraps once to 0.75: time 1.5
    row.flags = iron3d::ctl::kFlagWrap;
    auto ctl = iron3d::ctl::build(0, 0, 0, 0, {row});
    ASSERT_TRUE(ctl.ok());
    ASSERT_TRUE(writeFileAtomic(dir / "tank.ctl", *ctl).ok());
    auto [rc, out] = runPose({(dir / "tank.msh").string(), "--ctl", (dir / "tank.ctl").string(), "--json"});
    ASSERT_EQ(rc, kExitOk) << out;
    auto doc = nlohmann::json::parse(out);
    EXPECT_EQ(doc["pieces"][3]["time"], 1.5);
    EXPECT_EQ(doc["pieces"][3]["sample"]["frame"], 1);  // roundHalfEven(1.0) = 1
    EXPECT_EQ(doc["pieces"][0]["time"], 0.0);            // unbound nodes: time 0
    auto [rc2, out2] = runPose({(dir / "tank.msh").string(), "--node-time", "3=2", "--json"});
    ASSERT_EQ(rc2, kExitOk) << out2;
    doc = nlohmann::json::parse(out2);
    EXPECT_EQ(doc["pieces"][3]["sample"]["source"], "sampled_key");
    EXPECT_EQ(doc["pieces"][2]["sample"]["source"], "fallback");
}

TEST(AnimeshDemo, StageWritesFilesAndNotes) {
    const fs::path dir = scratch();
    AppContext app;
    DemoContext demo{app, dir, {}, {}};
    const DemoStage stage = demoStageAnimesh();
    EXPECT_EQ(stage.name, "animesh");
    auto st = stage.run(demo);
    ASSERT_TRUE(st.ok()) << st.error().render();
    EXPECT_EQ(demo.produced.size(), 8u);
    ASSERT_EQ(demo.notes.size(), 4u);
    EXPECT_NE(demo.notes[0].find("SUBMODEL_ROOT on pieces 0, 4, 8"), std::string::npos) << demo.notes[0];
    EXPECT_NE(demo.notes[1].find("0ad0fde41d3f4a7a"), std::string::npos) << demo.notes[1];
    EXPECT_NE(demo.notes[2].find("binds node 3 to time 1.5"), std::string::npos) << demo.notes[2];
    EXPECT_TRUE(fs::exists(dir / "animesh" / "pose.json"));
    EXPECT_TRUE(fs::exists(dir / "animesh" / "tank_assembly.glb"));
}

}  // namespace
}  // namespace vestige::app
