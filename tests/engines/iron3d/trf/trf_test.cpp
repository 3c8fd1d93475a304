// TRF (NRes framing, names through a registry lookup) and .fml (kept as text).
#include "vestige/iron3d/trf/trf.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/fml/fml.hpp"

namespace vestige::iron3d {
namespace {

Bytes sampleTrf() {
    std::vector<nres::NewEntry> entries(3);
    entries[0].name = "TANK_01";
    entries[0].type = 0x20;
    entries[0].data = {1, 2, 3};
    entries[1].name = "tower_02";
    entries[1].type = 0x20;
    entries[1].data = {4};
    entries[2].name = "lost_unit";
    entries[2].type = 0x21;
    return nres::writeCanonical(entries).value();
}

TEST(Trf, ReadsAsNResAndRewritesLosslessly) {
    const Bytes bytes = sampleTrf();
    auto t = trf::read(bytes);
    ASSERT_TRUE(t.ok()) << t.error().render();
    EXPECT_EQ(t->archive.size(), 3u);
    EXPECT_EQ(t->write(), bytes);
    EXPECT_EQ(trf::probe(bytes, "auto.TRF"), 101);  // above the generic NRes describer's 100
    EXPECT_EQ(trf::probe(bytes, "auto.lib"), 0);
    Bytes bad = bytes;
    bad[0] = 'X';
    auto e = trf::read(bad);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().find("format"), "trf");
}

TEST(Trf, NamesResolveThroughThePrototypeLookup) {
    auto t = trf::read(sampleTrf());
    ASSERT_TRUE(t.ok());
    const auto r =
        trf::resolveNames(*t, [](std::string_view n) { return iequals(n, "tank_01") || iequals(n, "TOWER_02"); });
    EXPECT_EQ(r.resolved, (std::vector<std::string>{"TANK_01", "tower_02"}));
    EXPECT_EQ(r.unresolved, (std::vector<std::string>{"lost_unit"}));
    const auto none = trf::resolveNames(*t, {});
    EXPECT_EQ(none.unresolved.size(), 3u);
    const auto j = nlohmann::json::parse(trf::describe(*t, "auto.trf").json);
    EXPECT_EQ(j["entries"], 3);
    EXPECT_EQ(j["by_type"]["32"], 2);
}

TEST(Fml, KeptAsTextWithLineCounts) {
    const std::string text = "F1 = a + b\r\n\r\n  \nF2 = \xC0\xC1\n";
    auto f = fml::read(asBytes(text));
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(f->lines, 4u);
    EXPECT_EQ(f->nonBlankLines, 2u);
    EXPECT_EQ(f->write(), Bytes(text.begin(), text.end()));
    auto tail = fml::read(asBytes(std::string_view("x\ny")));
    EXPECT_EQ(tail->lines, 2u);
    auto bad = fml::read(asBytes(std::string_view("ab\0c", 4)));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "fml.not_text");
    EXPECT_EQ(bad.error().offset(), 2u);
    EXPECT_EQ(fml::probe(asBytes(text), "c1m2p.fml"), 100);
}

}  // namespace
}  // namespace vestige::iron3d
