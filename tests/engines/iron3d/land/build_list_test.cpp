// BuildDat.lst: canonical text, comments and blank lines, categories, counts and paths.
#include "vestige/iron3d/land/build_list.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/land/sample.hpp"

namespace vestige::iron3d::land::test {
namespace {

Result<BuildList> parse(std::string_view text) { return BuildList::read(asBytes(text)); }

TEST(BuildDat, SampleTextAndRoundTrip) {
    auto bytes = buildBuildList(sampleBuildList());
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(std::string(bytes->begin(), bytes->end()),
              "Generator 1\r\n\"UNITS\\BUILDS\\AI\\gen1.dat\"\r\nPlant 2\r\n\"UNITS\\BUILDS\\AI\\plant1.dat\"\r\n"
              "\"UNITS/BUILDS/AI/plant-2.dat\"\r\n");
    auto list = BuildList::read(*bytes);
    ASSERT_TRUE(list.ok()) << list.error().render();
    ASSERT_EQ(list->categories().size(), 2u);
    EXPECT_EQ(list->pathCount(), 3u);
    EXPECT_EQ(list->categories()[0].mask, 0x80000002u);
    EXPECT_EQ(list->categories()[1].mask, 0x80000010u);
    EXPECT_EQ(list->categories()[1].line, 3u);
    EXPECT_EQ(list->categories()[1].paths[1], "UNITS/BUILDS/AI/plant-2.dat");
    EXPECT_EQ(list->write(), *bytes);
}

TEST(BuildDat, CommentsBlankLinesAndWhitespace) {
    auto list = parse("// buildings\n\n  Tower_Large\t2  \n\t\"a.dat\"\n// between\n\n \"b\\c.dat\" \nMine 0\n");
    ASSERT_TRUE(list.ok()) << list.error().render();
    ASSERT_EQ(list->categories().size(), 2u);
    EXPECT_EQ(list->categories()[0].name, "Tower_Large");
    EXPECT_EQ(list->categories()[0].mask, 0x80200000u);
    EXPECT_EQ(list->categories()[0].line, 3u);
    EXPECT_EQ(list->categories()[0].paths, (std::vector<std::string>{"a.dat", "b\\c.dat"}));
    EXPECT_EQ(list->categories()[1].mask, 0x80000004u);
    EXPECT_TRUE(list->categories()[1].paths.empty());
    EXPECT_TRUE(parse("").ok());
}

TEST(BuildDat, EveryCategoryMask) {
    const std::vector<std::pair<std::string, std::uint32_t>> all{
        {"Bunker_Small", 0x80010000}, {"Bunker_Medium", 0x80020000}, {"Bunker_Large", 0x80040000},
        {"Generator", 0x80000002},    {"Mine", 0x80000004},          {"Storage", 0x80000008},
        {"Plant", 0x80000010},        {"Hangar", 0x80000040},        {"MainTeleport", 0x80000200},
        {"Institute", 0x80000400},    {"Tower_Medium", 0x80100000},  {"Tower_Large", 0x80200000}};
    for (const auto& [name, mask] : all) EXPECT_EQ(categoryMask(name), mask) << name;
    EXPECT_FALSE(categoryMask("generator").has_value());  // exact spelling
}

TEST(BuildDat, UnknownCategoryIsAnError) {
    auto r = parse("Generator 0\r\nFactory 1\r\n\"x.dat\"\r\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "land.builddat_category");
    EXPECT_EQ(r.error().find("line"), "2");
    EXPECT_EQ(r.error().offset(), 13u);
    EXPECT_EQ(r.error().actualText(), "Factory");
    EXPECT_EQ(r.error().render().rfind("line 2: field category: at offset 13", 0), 0u) << r.error().render();
}

TEST(BuildDat, CountMismatch) {
    auto shortFile = parse("Plant 3\n\"a.dat\"\n\"b.dat\"\n");
    ASSERT_FALSE(shortFile.ok());
    EXPECT_EQ(shortFile.error().code(), "land.builddat_count_mismatch");
    EXPECT_EQ(shortFile.error().actualText(), "2 paths");
    auto tooSmall = parse("Plant 1\n\"a.dat\"\n\"b.dat\"\n");
    ASSERT_FALSE(tooSmall.ok());
    EXPECT_EQ(tooSmall.error().code(), "land.builddat_count_mismatch");
    EXPECT_EQ(tooSmall.error().find("line"), "3");
    auto tooBig = parse("Plant 2\n\"a.dat\"\nMine 0\n");
    ASSERT_FALSE(tooBig.ok());
    EXPECT_EQ(tooBig.error().code(), "land.builddat_count_mismatch");
}

TEST(BuildDat, HeaderAndPathSyntax) {
    EXPECT_EQ(parse("Plant\n").error().code(), "land.builddat_header");
    EXPECT_EQ(parse("Plant 1 2\n").error().code(), "land.builddat_header");
    EXPECT_EQ(parse("Plant x\n").error().code(), "land.builddat_count");
    auto space = parse("Plant 1\n\"a b.dat\"\n");
    ASSERT_FALSE(space.ok());
    EXPECT_EQ(space.error().code(), "land.builddat_path");
    EXPECT_EQ(space.error().offset(), 8u + 2u);
    EXPECT_EQ(parse("Plant 1\n\"\"\n").error().code(), "land.builddat_path");
    EXPECT_EQ(parse("Plant 1\na.dat\n").error().code(), "land.builddat_path");
    EXPECT_FALSE(buildBuildList({{"Nope", 0, {}, 0}}).ok());
    EXPECT_FALSE(buildBuildList({{"Mine", 0, {"a b"}, 0}}).ok());
}

}  // namespace
}  // namespace vestige::iron3d::land::test
