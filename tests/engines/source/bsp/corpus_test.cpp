// Real maps from ../shared/corpus (third-party compilers); skipped when ../shared is absent.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/describe.hpp"

using namespace vestige;
using namespace vestige::source::bsp;

TEST(BspCorpus, GmodToolTexturesCountsMatchTheReadme) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/gmod_tooltextures.bsp");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(data->size(), 39692u);
    auto desc = describeFile(*data, "gmod_tooltextures.bsp");
    ASSERT_TRUE(desc.ok()) << desc.error().render();
    const auto j = nlohmann::json::parse(desc->json);
    EXPECT_EQ(j["format"], "bsp");
    EXPECT_EQ(j["version"], 20);
    EXPECT_EQ(j["map_revision"], 0);
    const auto& c = j["counts"];
    EXPECT_EQ(c["planes"], 96);
    EXPECT_EQ(c["texdata"], 26);
    EXPECT_EQ(c["vertexes"], 95);
    EXPECT_EQ(c["nodes"], 37);
    EXPECT_EQ(c["texinfos"], 40);
    EXPECT_EQ(c["faces"], 33);
    EXPECT_EQ(c["edges"], 130);
    EXPECT_EQ(c["surfedges"], 258);
    EXPECT_EQ(c["models"], 1);
    EXPECT_EQ(c["brushes"], 36);
    EXPECT_EQ(c["brushsides"], 216);
    EXPECT_EQ(c["origfaces"], 30);
    EXPECT_EQ(c["dispinfos"], 0);
    EXPECT_EQ(c["lightdata"], 0);
    EXPECT_EQ(j["total_triangle_count"], 72);
    EXPECT_EQ(j["entity_count"], 2);
    EXPECT_EQ(j["static_prop_count"], 0);
    EXPECT_EQ(j["pakfile_entry_count"], 0);
    for (const auto& l : j["lumps"]) EXPECT_FALSE(l["compressed"].get<bool>()) << l["name"];
    EXPECT_EQ(j["lumps"][7]["name"], "FACES");
    EXPECT_EQ(j["lumps"][7]["version"], 1);

    auto bsp = readBsp(*data);
    ASSERT_TRUE(bsp.ok());
    EXPECT_EQ(bsp->entities[0].className(), "worldspawn");
    EXPECT_EQ(bsp->entities[0].value("appId"), "4000");
    EXPECT_NE(bsp->entities[0].value("textureNames").find("tools/toolsnodraw"), std::string_view::npos);
    EXPECT_EQ(bsp->entities[1].vec3("origin"), (Vec3{256, 256, 8}));
    EXPECT_EQ(bsp->faces[0].numEdges >= 3, true);
    ASSERT_EQ(bsp->gameLumps.size(), 2u);
    EXPECT_EQ(bsp->gameLumps[0].idText(), "sprp");
    EXPECT_EQ(bsp->gameLumps[0].version, 10);
    EXPECT_EQ(bsp->gameLumps[1].idText(), "dprp");
    ASSERT_TRUE(bsp->staticProps.has_value());
    EXPECT_TRUE(bsp->staticProps->props.empty());
    EXPECT_EQ(bsp->textureName(0), "DEV/DEV_MEASUREGENERIC01B");
}

TEST(BspCorpus, CsgoVersion21IsRecognisedWithAClearError) {
    VESTIGE_REQUIRE_SHARED(path, "corpus/bsp/csgo_tooltextures.bsp");
    auto data = readFile(path);
    ASSERT_TRUE(data.ok());
    EXPECT_EQ(probeBsp(*data, "x"), 100);
    auto bsp = readBsp(*data);
    ASSERT_FALSE(bsp.ok());
    EXPECT_EQ(bsp.error().code(), "bsp.unsupported_version");
    EXPECT_EQ(bsp.error().offset(), 4u);
    EXPECT_EQ(bsp.error().actualText(), "21 (Portal 2 / CS:GO lump order)");
    EXPECT_NE(bsp.error().message().find("version 21"), std::string::npos);
}
