// The `pose` verb and the `animesh` demo stage, run as the built `vestige` binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/animesh/sample.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige {
namespace {

namespace fs = std::filesystem;

class PoseVerb : public test::TempDirTest {
protected:
    test::CliRun pose(std::vector<std::string> args) {
        args.insert(args.begin(), "pose");
        return test::runCli(VESTIGE_BIN, args, mDir);
    }
    std::string writeModel(const std::string& name, const iron3d::msh::ModelData& d) {
        auto b = iron3d::msh::build(d);
        EXPECT_TRUE(b.ok()) << b.error().render();
        EXPECT_TRUE(writeFileAtomic(mDir / name, *b).ok());
        return (mDir / name).string();
    }
};

TEST_F(PoseVerb, JsonPieceTreeWithAttachments) {
    const auto tank = writeModel("tank.msh", iron3d::msh::sampleTank());
    const auto turret = writeModel("turret.msh", iron3d::animesh::sampleTurret());
    const auto cannon = writeModel("cannon.msh", iron3d::animesh::sampleCannon());
    const auto r = pose({tank, "--attach", turret + "@3", "--attach", cannon + "@6", "--time", "4", "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto doc = nlohmann::json::parse(r.out);
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

TEST_F(PoseVerb, TextAndUsageErrors) {
    const auto tank = writeModel("tank.msh", iron3d::msh::sampleTank());
    const auto r = pose({tank, "--frame", "1"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("piece[3] turret_socket  tag 0  node 3  parent 0  flags 0x00000010"), std::string::npos)
        << r.out;
    EXPECT_EQ(pose({tank, "--time", "1", "--frame", "1"}).code, 2);
    EXPECT_EQ(pose({tank, "--attach", "x.msh"}).code, 2);
    EXPECT_EQ(pose({tank, "--node-time", "3"}).code, 2);
    // Numbers no input could take are usage errors: negative or overflowing frames, non-finite times.
    EXPECT_EQ(pose({tank, "--frame", "-1"}).code, 2);
    EXPECT_EQ(pose({tank, "--frame", "18446744073709551616"}).code, 2);
    EXPECT_EQ(pose({tank, "--time", "nan"}).code, 2);
    EXPECT_EQ(pose({tank, "--lod", "9"}).code, 2);
    const auto bad = pose({tank, "--time", "-1"});
    EXPECT_EQ(bad.code, 1);
    EXPECT_NE(bad.err.find("animation.bad_time"), std::string::npos) << bad.err;
}

TEST_F(PoseVerb, CtlRowsAndNodeTimes) {
    const auto tank = writeModel("tank.msh", iron3d::msh::sampleTank());
    iron3d::ctl::PoseRow row;
    row.nodeId = 3;
    row.frameB = 2;
    row.blend = 1.75f;  // wraps once to 0.75: time 1.5
    row.flags = iron3d::ctl::kFlagWrap;
    auto ctl = iron3d::ctl::build(0, 0, 0, 0, {row});
    ASSERT_TRUE(ctl.ok());
    ASSERT_TRUE(writeFileAtomic(mDir / "tank.ctl", *ctl).ok());
    auto r = pose({tank, "--ctl", (mDir / "tank.ctl").string(), "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["pieces"][3]["time"], 1.5);
    EXPECT_EQ(doc["pieces"][3]["sample"]["frame"], 1);  // roundHalfEven(1.0) = 1
    EXPECT_EQ(doc["pieces"][0]["time"], 0.0);           // unbound nodes: time 0
    r = pose({tank, "--node-time", "3=2", "--json"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["pieces"][3]["sample"]["source"], "sampled_key");
    EXPECT_EQ(doc["pieces"][2]["sample"]["source"], "fallback");
}

TEST_F(PoseVerb, AnimeshDemoStageWritesFilesAndNotes) {
    const auto r = test::runCli(VESTIGE_BIN, {"demo", "--stage", "animesh", "--out", (mDir / "demo").string()}, mDir);
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    std::size_t files = 0;
    for (std::size_t at = 0; (at = r.out.find("\n         > ", at)) != std::string::npos; ++at) ++files;
    EXPECT_EQ(files, 8u) << r.out;
    EXPECT_NE(r.out.find("SUBMODEL_ROOT on pieces 0, 4, 8"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("0ad0fde41d3f4a7a"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("binds node 3 to time 1.5"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::exists(mDir / "demo" / "animesh" / "pose.json"));
    EXPECT_TRUE(fs::exists(mDir / "demo" / "animesh" / "tank_assembly.glb"));
}

}  // namespace
}  // namespace vestige
