// `vestige query` through the real binary: slot and world forms, masks, the door case in two poses, JSON
// keys, and the exit codes (0 for every answer, 1 for errors, 2 for usage).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/query/builder.hpp"

namespace vestige::iron3d::query {
namespace {

class QueryCli : public vestige::test::TempDirTest {
protected:
    void SetUp() override {
        TempDirTest::SetUp();
        auto plant = msh::build(samplePlant());
        ASSERT_TRUE(plant.ok());
        ASSERT_TRUE(writeFileAtomic(mDir / "plant.msh", *plant).ok());
    }
    vestige::test::CliRun run(std::vector<std::string> args) {
        args.insert(args.begin(), "query");
        return vestige::test::runCli(VESTIGE_BIN, args, mDir);
    }
    std::string plant() const { return (mDir / "plant.msh").string(); }
};

TEST_F(QueryCli, SlotFormHitsTheDoorInNodeSpace) {
    auto r = run({plant(), "--node", "3", "--slot", "2", "--from", "-1,1,1", "--to", "1,1,1", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["mode"], "slot");
    EXPECT_EQ(j["outcome"], "hit");
    EXPECT_EQ(j["hit"]["point"][0], 0.0);
    EXPECT_EQ(j["hit"]["distance2"], 1.0);
    EXPECT_EQ(j["hit"]["batch"], 2);
    EXPECT_EQ(j["hit"]["reversed"], false);
    // The same through the reference scan, and in text.
    auto scan = run({plant(), "--node", "3", "--slot", "2", "--from", "-1,1,1", "--to", "1,1,1", "--scan", "--json"});
    ASSERT_EQ(scan.code, 0);
    EXPECT_EQ(nlohmann::json::parse(scan.out)["hit"], j["hit"]);
    auto text = run({plant(), "--node", "3", "--slot", "2", "--from", "-1,1,1", "--to", "1,1,1"});
    EXPECT_NE(text.out.find("node 3 slot 2: hit"), std::string::npos);
    // From behind: a miss is an answer too.
    auto back = run({plant(), "--node", "3", "--slot", "2", "--from", "1,1,1", "--to", "-1,1,1", "--json"});
    ASSERT_EQ(back.code, 0);
    EXPECT_EQ(nlohmann::json::parse(back.out)["outcome"], "miss");
    // A node mask that the door's header (0) cannot satisfy.
    auto masked = run({plant(), "--node", "3", "--slot", "2", "--from", "-1,1,1", "--to", "1,1,1", "--masks",
                       "node=0x1/0", "--json"});
    ASSERT_EQ(masked.code, 0) << masked.err;
    EXPECT_EQ(nlohmann::json::parse(masked.out)["outcome"], "miss");
}

TEST_F(QueryCli, WorldFormDoorClosedAndOpen) {
    auto closed = run({plant(), "--world", "--from", "-10,0,1", "--to", "10,0,1", "--json"});
    ASSERT_EQ(closed.code, 0) << closed.err;
    auto j = nlohmann::json::parse(closed.out);
    EXPECT_EQ(j["mode"], "world");
    EXPECT_EQ(j["outcome"], "hit");
    EXPECT_EQ(j["hit"]["node"], 3);
    EXPECT_EQ(j["passes"], 1);
    EXPECT_EQ(j["visits"], 1);
    EXPECT_EQ(j["trace"].size(), 1u);
    EXPECT_NEAR(j["hit"]["point"][0].get<double>(), 0.1, 1e-6);
    auto open = run({plant(), "--world", "--frame", "1", "--from", "-10,0,1", "--to", "10,0,1", "--json"});
    ASSERT_EQ(open.code, 0) << open.err;
    j = nlohmann::json::parse(open.out);
    EXPECT_EQ(j["outcome"], "miss");
    EXPECT_TRUE(j["hit"].is_null());
    auto text = run({plant(), "--world", "--pose", "0", "--from", "-10,0,1", "--to", "10,0,1"});
    ASSERT_EQ(text.code, 0);
    EXPECT_NE(text.out.find("world: hit after 1 pass(es), 1 visit(s)"), std::string::npos);
}

TEST_F(QueryCli, ErrorsAndUsage) {
    auto bad = run({plant(), "--node", "9", "--slot", "0", "--from", "0,0,0", "--to", "1,0,0", "--json"});
    EXPECT_EQ(bad.code, 1);
    EXPECT_EQ(nlohmann::json::parse(bad.out)["error"]["code"], "query.node_index");
    EXPECT_EQ(run({plant(), "--from", "0,0", "--to", "1,0,0"}).code, 2);
    EXPECT_EQ(run({plant(), "--from", "0,0,0", "--to", "1,0,0", "--masks", "wheel=1/2"}).code, 2);
    EXPECT_EQ(run({plant(), "--from", "0,0,0", "--to", "1,0,0", "--frame", "1"}).code, 2);  // needs --world
    EXPECT_EQ(run({plant(), "--world", "--pose", "1", "--frame", "1", "--from", "0,0,0", "--to", "1,0,0"}).code, 2);
    EXPECT_EQ(run({(mDir / "missing.msh").string(), "--from", "0,0,0", "--to", "1,0,0"}).code, 1);
    auto help = run({"--help"});
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("--world"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::query
