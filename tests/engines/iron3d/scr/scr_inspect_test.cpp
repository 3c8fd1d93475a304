// .scr probe and description.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vestige/iron3d/scr/builder.hpp"
#include "vestige/iron3d/scr/inspect.hpp"

namespace vestige::iron3d::scr {
namespace {

TEST(ScrInspect, ProbeNeedsTheExtensionAndAFramingThatReads) {
    const Bytes bytes = write(c1m2pShape()).value();
    EXPECT_EQ(probe(bytes, "c1m2p.SCR"), 100);
    EXPECT_EQ(probe(bytes, "c1m2p.bin"), 0);
    EXPECT_EQ(probe(ByteView(bytes).first(10), "c1m2p.scr"), 0);
}

TEST(ScrInspect, DescribesCountsBySelectorAndNamesReferences) {
    const auto d = describe(c1m2pShape(), "c1m2p.scr",
                            [](std::uint32_t i) { return i == 224 ? std::string("ClanBaseX") : std::string(); });
    const auto j = nlohmann::json::parse(d.json);
    EXPECT_EQ(j["format"], "scr");
    EXPECT_EQ(j["events"], 9);
    EXPECT_EQ(j["instructions"], 17);
    EXPECT_EQ(j["references"], 20);
    EXPECT_EQ(j["version_ok"], true);
    EXPECT_EQ(j["by_handler"]["30"], 3);
    EXPECT_EQ(j["by_handler"]["19"], 1);
    EXPECT_EQ(j["handlers"].get<int>() + j["sentinels"].get<int>(), 17);
    const auto& init = j["event_list"][0];
    EXPECT_EQ(init["name"], "Init");
    EXPECT_EQ(init["instructions"][0]["selector"], "Handler(19)");
    EXPECT_EQ(init["instructions"][0]["refs"][0]["name"], "ClanBaseX");
    EXPECT_FALSE(init["instructions"][0]["refs"][1].contains("name"));
    EXPECT_NE(d.text.find("event 0 \"Init\""), std::string::npos);
    EXPECT_NE(d.text.find("224=ClanBaseX 225 226"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::scr
