// `info` descriptions of objects.rlb and unit DATs: valid JSON with the counts of our sample content.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vestige/iron3d/prototype/inspect.hpp"
#include "vestige/iron3d/prototype/sample.hpp"

namespace vestige::iron3d::prototype {
namespace {

TEST(PrototypeInspect, RegistryAndUnitDescriptions) {
    auto bytes = buildRegistry(sampleRegistry());
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(probeRegistry(*bytes, "data/OBJECTS.RLB"), 110);
    EXPECT_EQ(probeRegistry(*bytes, "other.rlb"), 0);
    auto reg = Registry::read(*bytes);
    const auto d = describe(*reg, "objects.rlb");
    const auto j = nlohmann::json::parse(d.json);
    EXPECT_EQ(j["format"], "objects_rlb");
    EXPECT_EQ(j["prototypes"], 4);
    EXPECT_EQ(j["non_geometric"], 2);
    EXPECT_EQ(j["with_parents"], 1);
    EXPECT_TRUE(j["broken"].empty());

    const Bytes unit = writeUnitDat(sampleUnitDat());
    EXPECT_EQ(probeUnitDat(unit, "UNITS/a.DAT"), 100);
    EXPECT_EQ(probeUnitDat(unit, "a.bin"), 0);
    const auto u = nlohmann::json::parse(describe(*readUnitFile(unit), "a.dat").json);
    EXPECT_EQ(u["layout"], "records");
    EXPECT_EQ(u["class_word"], "0x80000002");
    EXPECT_EQ(u["records"].size(), 2u);
}

}  // namespace
}  // namespace vestige::iron3d::prototype
