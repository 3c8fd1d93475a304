// `vestige physics` as a user runs it: one JSON line per tick, the map's collision, model spawns with their .phy
// (and the hull-box fallback with a warning when the .phy is refused), exit codes 0/1/2.
#include "cli.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/physics/map.hpp"

namespace vestige::source::physics {
namespace {

class PhysicsCli : public test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        bsp::MapBuilder b;
        b.addRoom({-256, -256, 0}, {256, 256, 256}, 16, "dev/dev_measuregeneric01");
        auto map = withPhysCollide(b.build().value());
        ASSERT_TRUE(map.ok()) << map.error().render();
        ASSERT_TRUE(writeFileAtomic(mDir / "room.bsp", *map).ok());
        auto model = mdl::buildModel(mdl::sampleSpec());
        ASSERT_TRUE(model.ok());
        ASSERT_TRUE(writeFileAtomic(mDir / "crate.mdl", model->mdl).ok());
    }
    void writePhy(std::int32_t checksum) {
        phy::PhyBuilder b;
        b.setChecksum(checksum);
        phy::SolidKeys keys;
        keys.mass = 25;
        b.addSolid({phy::boxHull({-8, -8, 0}, {8, 8, 32})}, keys);
        ASSERT_TRUE(writeFileAtomic(mDir / "crate.phy", b.write().value()).ok());
    }
    std::vector<nlohmann::json> lines(const std::string& out) {
        std::vector<nlohmann::json> v;
        std::istringstream in(out);
        for (std::string line; std::getline(in, line);) v.push_back(nlohmann::json::parse(line));
        return v;
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

TEST_F(PhysicsCli, OneJsonLinePerTick) {
    const auto r =
        run({"physics", (mDir / "room.bsp").string(), "--spawn", "box:16x16x16@0,0,200,10", "--ticks", "90", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto v = lines(r.out);
    ASSERT_EQ(v.size(), 92u);  // map line, 90 ticks, summary
    EXPECT_EQ(v[0]["map"]["source"], "physcollide");
    EXPECT_EQ(v[1]["tick"], 1);
    EXPECT_EQ(v[90]["tick"], 90);
    const auto& last = v[90]["bodies"][0];
    EXPECT_NEAR(last["origin"][2].get<double>(), 8.0, 0.5);  // landed on the floor
    EXPECT_EQ(v[91]["summary"]["hash"], v[90]["hash"]);
    EXPECT_EQ(v[91]["summary"]["ticks"], 90);
    // Deterministic: the same command prints the same lines.
    const auto again =
        run({"physics", (mDir / "room.bsp").string(), "--spawn", "box:16x16x16@0,0,200,10", "--ticks", "90", "--json"});
    EXPECT_EQ(again.out, r.out);
}

TEST_F(PhysicsCli, ModelWithItsPhyAndTheRefusedFallback) {
    writePhy(mdl::sampleSpec().checksum);
    auto r = run({"physics", (mDir / "room.bsp").string(), "--spawn", (mDir / "crate.mdl").string() + "@0,0,100",
                  "--ticks", "120", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    auto v = lines(r.out);
    EXPECT_TRUE(v[0]["warnings"].empty());
    EXPECT_NEAR(v[120]["bodies"][0]["origin"][2].get<double>(), 0.0, 0.5);  // the .phy's column stands on z = 0
    writePhy(0x0BADF00D);  // the .phy belongs to another version of the model
    r = run({"physics", (mDir / "room.bsp").string(), "--spawn", (mDir / "crate.mdl").string() + "@0,0,100", "--ticks",
             "10", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    v = lines(r.out);
    ASSERT_EQ(v[0]["warnings"].size(), 1u);
    EXPECT_EQ(v[0]["warnings"][0]["error"]["code"], "phy.checksum");
    const auto text = run({"physics", (mDir / "room.bsp").string(), "--spawn",
                           (mDir / "crate.mdl").string() + "@0,0,100", "--ticks", "10"});
    EXPECT_EQ(text.code, 0);
    EXPECT_NE(text.err.find("falling back to the model's box"), std::string::npos) << text.err;
}

TEST_F(PhysicsCli, ExitCodes) {
    EXPECT_EQ(run({"physics", (mDir / "room.bsp").string(), "--spawn", "cube:1@0,0,0"}).code, 2);
    EXPECT_EQ(run({"physics", (mDir / "room.bsp").string(), "--spawn", "box:8x8x8@0,0"}).code, 2);
    EXPECT_EQ(run({"physics", (mDir / "room.bsp").string()}).code, 2);  // --spawn is required
    EXPECT_EQ(run({"physics", (mDir / "nothere.bsp").string(), "--spawn", "box:8x8x8@0,0,0"}).code, 1);
    const auto help = run({"physics", "--help"});
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("Example: vestige physics"), std::string::npos);
}

}  // namespace
}  // namespace vestige::source::physics
