// WEAR: rows by position, legacy ids kept, LIGHTMAPS block rules, byte-exact round trips of every
// layout variant, errors with field + absolute offset.
#include <gtest/gtest.h>

#include "vestige/iron3d/wear/register.hpp"
#include "vestige/iron3d/wear/wear.hpp"

namespace vestige::iron3d::wear {
namespace {

Result<Table> parse(std::string_view text, std::uint64_t base = 0) { return read(asBytes(text), base); }

std::string roundTrip(std::string_view text) {
    auto t = parse(text);
    EXPECT_TRUE(t.ok()) << t.error().render();
    if (!t) return {};
    auto w = write(*t);
    EXPECT_TRUE(w.ok());
    return std::string(asChars(*w));
}

TEST(Wear, CanonicalTableWithLightmaps) {
    const std::string text = "3\r\n0 hull\r\n17 deck\r\n2 track\r\n\r\nLIGHTMAPS\r\n2\r\n0 lm_tank\r\n1 lm_gone\r\n";
    auto t = parse(text);
    ASSERT_TRUE(t.ok()) << t.error().render();
    ASSERT_EQ(t->materials.size(), 3u);
    EXPECT_EQ(t->materials[0].name, "hull");
    EXPECT_EQ(t->materials[1].legacyId, "17");  // kept, unused
    EXPECT_EQ(t->materials[1].name, "deck");
    EXPECT_EQ(t->materials[2].name, "track");
    ASSERT_TRUE(t->lightmaps.has_value());
    ASSERT_EQ(t->lightmaps->rows.size(), 2u);
    EXPECT_EQ(t->lightmaps->rows[1].name, "lm_gone");
    EXPECT_EQ(roundTrip(text), text);
    // make() produces exactly this layout.
    auto made = make({{"0", "hull"}, {"17", "deck"}, {"2", "track"}}, std::vector<NamedRow>{{"0", "lm_tank"}, {"1", "lm_gone"}});
    ASSERT_TRUE(made.ok());
    EXPECT_EQ(std::string(asChars(write(*made).value())), text);
}

TEST(Wear, OddLayoutsRoundTripByteForByte) {
    for (std::string_view text : {
             std::string_view("1\n0 a"),                                   // LF, no final newline
             std::string_view("  2 \t\n\t5\tname_one  extra tail\n6   b\r\r\n\n\n"),  // whitespace, tails, CRCR
             std::string_view("1\r\n0 a\r\n \t\r\nLIGHTMAPS  \r\n0\r\n\r\n"),      // blank-ish separator, 0 lightmaps
             std::string_view("1\n0 \xD2\xE0\xED\xEA\n"),                          // CP1251 name
         })
        EXPECT_EQ(roundTrip(text), text);
    auto t = parse("  2 \t\n\t5\tname_one  extra tail\n6   b\r\r\n\n\n");
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(t->materials[0].legacyId, "5");
    EXPECT_EQ(t->materials[0].name, "name_one");
    EXPECT_EQ(t->materials[0].tail, "  extra tail");
    EXPECT_EQ(t->materials[1].eol, "\r\r\n");
    EXPECT_EQ(t->trailingLines.size(), 2u);
}

TEST(Wear, CountIsRederivedWhenRowsChange) {
    auto t = parse(" 2 \n0 a\n1 b\n");
    ASSERT_TRUE(t.ok());
    t->materials.pop_back();
    EXPECT_EQ(std::string(asChars(write(*t).value())), " 1 \n0 a\n");
    t->materials.clear();
    EXPECT_EQ(write(*t).error().code(), "wear.zero_count");
}

TEST(Wear, ErrorsNameFieldAndAbsoluteOffset) {
    struct Case {
        std::string_view text;
        const char* code;
        std::uint64_t offset;  // relative; the payload sits at 100
        const char* field;
    };
    const Case cases[] = {
        {"", "wear.empty", 0, "count"},
        {"x\n0 a\n", "wear.bad_count", 0, "count"},
        {"0\n", "wear.zero_count", 0, "count"},
        {"99999999999\n", "wear.bad_count", 0, "count"},
        {"3\n0 a\n1 b\n", "wear.missing_rows", 2, "material_count"},
        {"2\n0 a\n17\n", "wear.bad_row", 8, "name"},
        {"2\n0 a\n\n1 b\n", "wear.bad_row", 6, "legacy_id"},
        {"1\n0 a\nLIGHTMAPS\n0\n", "wear.missing_blank", 6, "lightmaps"},
        {"1\n0 a\n\nfoo\n", "wear.trailing", 7, "lightmaps"},
        {"1\n0 a\n\nLIGHTMAPS\n", "wear.missing_rows", 17, "lightmap_count"},
        {"1\n0 a\n\nLIGHTMAPS\n2\n0 x\n", "wear.missing_rows", 19, "lightmap_count"},
        {"1\n0 a\n\nLIGHTMAPS\n1\n0 x\nmore\n", "wear.trailing", 23, "trailing"},
    };
    for (const auto& c : cases) {
        auto r = parse(c.text, 100);
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_EQ(r.error().code(), c.code) << c.text;
        EXPECT_EQ(r.error().offset(), 100 + c.offset) << c.text << " " << r.error().render();
        EXPECT_EQ(r.error().find("field"), c.field) << c.text;
    }
}

TEST(Wear, MakeRejectsNamesThatWouldNotReadBack) {
    EXPECT_EQ(make({{"0", "two words"}}).error().code(), "wear.bad_row");
    EXPECT_EQ(make({{"", "x"}}).error().code(), "wear.bad_row");
    EXPECT_EQ(make({}).error().code(), "wear.zero_count");
}

TEST(Wear, ProbeAndDescribe) {
    const std::string text = "2\r\n0 \xD2\xE0\xED\xEA\r\n1 deck\r\n";
    EXPECT_EQ(probe(asBytes(text), "tank.wea"), 100);
    EXPECT_EQ(probe(asBytes(text), "tank.bin"), 20);
    EXPECT_EQ(probe(asBytes("Texm...."), "tank.wea"), 0);
    EXPECT_EQ(probe(asBytes("2\n0 a\n"), "tank.wea"), 0);  // promises 2 rows, has 1
    const auto d = describe(parse(text).value(), "units.lib:tank.wea");
    EXPECT_EQ(d.json,
              R"({"format":"wear","label":"units.lib:tank.wea","materials":[{"row":0,"legacy_id":"0","name":"Танк","tail":""},)"
              R"({"row":1,"legacy_id":"1","name":"deck","tail":""}],"lightmaps":null})");
    EXPECT_NE(d.text.find("row 0: Танк (legacy id 0)"), std::string::npos) << d.text;
}

}  // namespace
}  // namespace vestige::iron3d::wear
