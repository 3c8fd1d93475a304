// `vestige info` on a CTLD with an effect section and on a CPT point list, through the built binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/cpt/cpt.hpp"
#include "vestige/iron3d/ctl/effects.hpp"

namespace vestige::iron3d::ctl {
namespace {

class ControlInfoCli : public vestige::test::TempDirTest {
protected:
    nlohmann::json info(const std::string& name, const Bytes& bytes, int expect = 0) {
        EXPECT_TRUE(writeFileAtomic(mDir / name, bytes).ok());
        auto r = vestige::test::runCli(VESTIGE_BIN, {"info", "--json", (mDir / name).string()}, mDir);
        EXPECT_EQ(r.code, expect) << r.err << r.out;
        return nlohmann::json::parse(r.out);
    }
};

TEST_F(ControlInfoCli, EffectSectionAndPoints) {
    GroupTable t;
    t.rows.push_back(groupRow(4, "fx.rlb", "smoke_fr_02", {119, 120, 121, 0, 0}));
    auto tail = writeEffects(effectSection({typedRecord(2, {5}, "gun")}, {0}, {t}));
    ASSERT_TRUE(tail.ok());
    auto bytes = build(0, 0, 1, 1, {}, *tail);
    ASSERT_TRUE(bytes.ok());
    auto j = info("plant.ctl", *bytes);
    EXPECT_EQ(j["format"], "ctl");
    EXPECT_EQ(j["effects"]["state"], "parsed");
    EXPECT_EQ(j["effects"]["initial_effect_group"], 0);
    EXPECT_EQ(j["effects"]["effect_rows"], 1);
    EXPECT_EQ(j["effects"]["typed_records"][0]["name"], "gun");
    EXPECT_EQ(j["effects"]["group_tables"][0]["rows"][0]["resource"], "smoke_fr_02");
    EXPECT_EQ(j["effects"]["group_tables"][0]["rows"][0]["args"][2], 121);
    // A damaged reference is an error, not a description with the section left out.
    Bytes bad = *bytes;
    bad[128 + 0xB0 + 4 + 4 + 4] = 7;  // group_refs[0] = 7 with one table
    auto e = info("bad.ctl", bad, 1);
    EXPECT_EQ(e["error"]["code"], "ctl.group_ref");

    cpt::PointList points;
    points.points.push_back(cpt::makePoint("TurretCenter", {1, 2, 3}, {0, 0, 1}, 2, -1));
    auto cptBytes = cpt::write(points);
    ASSERT_TRUE(cptBytes.ok());
    j = info("plant.cpt", *cptBytes);
    EXPECT_EQ(j["format"], "cpt");
    EXPECT_EQ(j["count"], 1);
    EXPECT_EQ(j["points"][0]["name"], "TurretCenter");
    EXPECT_EQ(j["points"][0]["word8"], -1);
}

}  // namespace
}  // namespace vestige::iron3d::ctl
