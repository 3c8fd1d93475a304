#include <gtest/gtest.h>

#include "vestige/source/bsp/entities.hpp"

using namespace vestige;
using namespace vestige::source::bsp;

TEST(BspEntities, ParsesOrderedPairsAndKeepsDuplicates) {
    const std::string text =
        "{\n\"classname\" \"worldspawn\"\n\"skyname\" \"sky_day01_01\"\n}\n"
        "{ \"classname\" \"logic_relay\" \"OnTrigger\" \"a,Open,,0,-1\" \"OnTrigger\" \"b,Close,,1,-1\" }\n";
    auto ents = parseEntities(std::string_view(text.c_str(), text.size() + 1), 100);
    ASSERT_TRUE(ents.ok()) << ents.error().render();
    ASSERT_EQ(ents->size(), 2u);
    EXPECT_EQ((*ents)[0].className(), "worldspawn");
    EXPECT_EQ((*ents)[0].offset, 100u);
    EXPECT_EQ((*ents)[1].offset, 100u + text.find("{ \"classname\" \"logic"));
    ASSERT_EQ((*ents)[1].keys.size(), 3u);
    EXPECT_EQ((*ents)[1].keys[1].second, "a,Open,,0,-1");
    const auto outputs = (*ents)[1].all("ontrigger");
    ASSERT_EQ(outputs.size(), 2u);
    EXPECT_EQ(outputs[1], "b,Close,,1,-1");
}

TEST(BspEntities, Vec3AndLookupsAreCaseInsensitive) {
    auto ents = parseEntities("{\"Origin\" \"1.5 -2 3e1\" \"bad\" \"1 2\"}");
    ASSERT_TRUE(ents.ok());
    auto v = (*ents)[0].vec3("origin");
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(*v, (Vec3{1.5f, -2.0f, 30.0f}));
    EXPECT_FALSE((*ents)[0].vec3("bad").has_value());
    EXPECT_FALSE((*ents)[0].vec3("missing").has_value());
}

TEST(BspEntities, ErrorsNameTheOffset) {
    auto unterminated = parseEntities("{\"classname\" \"worl", 1000);
    ASSERT_FALSE(unterminated.ok());
    EXPECT_EQ(unterminated.error().code(), "bsp.entities");
    EXPECT_EQ(unterminated.error().offset(), 1000u + 13);

    auto unclosed = parseEntities("{\"a\" \"b\"", 0);
    ASSERT_FALSE(unclosed.ok());
    EXPECT_EQ(unclosed.error().offset(), 8u);

    auto stray = parseEntities("{\"a\" \"b\"} x", 0);
    ASSERT_FALSE(stray.ok());
    EXPECT_EQ(stray.error().offset(), 10u);

    auto missingValue = parseEntities("{\"a\" }", 0);
    ASSERT_FALSE(missingValue.ok());
    EXPECT_EQ(missingValue.error().offset(), 5u);

    using namespace std::string_view_literals;
    auto afterNul = parseEntities("{\"a\" \"b\"}\0junk"sv, 0);
    ASSERT_FALSE(afterNul.ok());
    EXPECT_EQ(afterNul.error().offset(), 10u);
}

TEST(BspEntities, WriterRoundTripsAndRejectsQuotes) {
    std::vector<Entity> in(2);
    in[0].keys = {{"classname", "worldspawn"}};
    in[1].keys = {{"classname", "info_player_start"}, {"origin", "0 0 8"}, {"origin", "1 1 1"}};
    auto text = writeEntities(in);
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(text->back(), '\0');
    auto back = parseEntities(*text);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, in);

    in[1].keys.emplace_back("bad", "say \"hi\"");
    auto bad = writeEntities(in);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "bsp.entities");
}

TEST(BspEntities, EmptyTextIsNoEntities) {
    auto ents = parseEntities(std::string_view("\0", 1));
    ASSERT_TRUE(ents.ok());
    EXPECT_TRUE(ents->empty());
}
