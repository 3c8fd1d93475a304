// `vestige info x.phy` as a user runs it: the registry finds the format, the .mdl beside it supplies the checksum
// (a mismatch is refused with exit code 1), --json is one parseable document.
#include "cli.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vestige/core/file_io.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/phy/builder.hpp"

namespace vestige::source::phy {
namespace {

class PhyCli : public test::TempDirTest {
protected:
    void writePair(std::int32_t phyChecksum) {
        auto spec = mdl::sampleSpec();
        auto model = mdl::buildModel(spec);
        ASSERT_TRUE(model.ok()) << model.error().render();
        ASSERT_TRUE(writeFileAtomic(mDir / "tube.mdl", model->mdl).ok());
        PhyBuilder b;
        b.setChecksum(phyChecksum);
        SolidKeys keys;
        keys.name = "tube";
        keys.mass = 12;
        keys.surfaceprop = "metal";
        b.addSolid({boxHull({-4, -4, 0}, {4, 4, 32})}, keys);
        ASSERT_TRUE(writeFileAtomic(mDir / "tube.phy", b.write().value()).ok());
    }
    test::CliRun run(const std::vector<std::string>& args) { return test::runCli(VESTIGE_BIN, args, mDir); }
};

TEST_F(PhyCli, InfoChecksTheSiblingModel) {
    writePair(mdl::sampleSpec().checksum);
    auto r = run({"info", "--json", (mDir / "tube.phy").string()});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], "phy");
    EXPECT_EQ(j["solid_count"], 1);
    EXPECT_EQ(j["mdl_checksum_matches"], true);
    EXPECT_EQ(j["solids"][0]["name"], "tube");
    EXPECT_EQ(j["solids"][0]["surfaceprop"], "metal");
    EXPECT_EQ(j["solids"][0]["triangles"], 12);
    EXPECT_NEAR(j["solids"][0]["mass_center"][2].get<double>(), 16.0, 1e-3);
    r = run({"info", (mDir / "tube.phy").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("studio collision model, 1 solid(s)"), std::string::npos) << r.out;
}

TEST_F(PhyCli, ChecksumMismatchIsAnError) {
    writePair(0x0BADF00D);
    const auto r = run({"info", "--json", (mDir / "tube.phy").string()});
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE((r.out + r.err).find("phy.checksum"), std::string::npos) << r.out << r.err;
}

}  // namespace
}  // namespace vestige::source::phy
