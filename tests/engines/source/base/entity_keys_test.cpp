// Entity key rules: lookup, numbers, origin, the spawn angles rule (spec §7), vrad's light direction, "*N",
// the spawn point's class match (the SDK's NamesMatch folds ASCII case), AngleMatrix.
#include "vestige/source/base/entity_keys.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace vestige;
using namespace vestige::source::base;

namespace {

struct Reported {
    std::string key, value, expected;
};

struct Keys {
    std::vector<KeyValue> pairs;
    std::vector<Reported> reported;
    EntityKeys view() const { return EntityKeys(pairs); }
    BadKey sink() {
        return [this](std::string_view k, std::string_view v, std::string_view e) {
            reported.push_back({std::string(k), std::string(v), std::string(e)});
        };
    }
};

Vec3 anglesOf(std::vector<KeyValue> pairs) { return EntityKeys(pairs).angles(); }
Vec3 lightOf(std::vector<KeyValue> pairs) { return EntityKeys(pairs).lightDirection(); }

}  // namespace

TEST(EntityKeys, LookupIsFirstMatchIgnoringAsciiCase) {
    const Keys k{{{"ClassName", "func_button"}, {"OnPressed", "a"}, {"onpressed", "b"}, {"classname", "x"}}};
    EXPECT_EQ(k.view().className(), "func_button");
    EXPECT_EQ(k.view().all("ONPRESSED"), (std::vector<std::string_view>{"a", "b"}));
    EXPECT_FALSE(k.view().get("target").has_value());
    EXPECT_EQ(k.view().value("target", "none"), "none");
}

TEST(EntityKeys, NumbersFillTheWholeValue) {
    EXPECT_EQ(keyFloat("12.5"), 12.5f);
    EXPECT_EQ(keyFloat("  -7 "), -7.0f);
    EXPECT_FALSE(keyFloat("7x").has_value());
    EXPECT_FALSE(keyFloat("").has_value());
    EXPECT_FALSE(keyFloat("inf").has_value());
    EXPECT_EQ(keyVec3(" 1 -2.5 3e2 "), (Vec3{1, -2.5f, 300}));
    EXPECT_FALSE(keyVec3("1 2").has_value());
    EXPECT_FALSE(keyVec3("1 2 3 4").has_value());
    EXPECT_FALSE(keyVec3("1 2 x").has_value());
}

TEST(EntityKeys, OriginDefaultsToZeroAndReportsBadValues) {
    Keys none;
    EXPECT_EQ(none.view().origin(none.sink()), Vec3{});
    EXPECT_TRUE(none.reported.empty());
    Keys bad{{{"Origin", "1 2"}}};
    EXPECT_EQ(bad.view().origin(bad.sink()), Vec3{});
    ASSERT_EQ(bad.reported.size(), 1u);
    EXPECT_EQ(bad.reported[0].key, "origin");
    EXPECT_EQ(bad.reported[0].value, "1 2");
    Keys good{{{"origin", "-960 -960 8"}}};
    EXPECT_EQ(good.view().origin(), (Vec3{-960, -960, 8}));
}

TEST(EntityKeys, AnglesFollowTheKeysInFileOrder) {
    EXPECT_EQ(anglesOf({{"angles", "10 20 30"}}), (Vec3{10, 20, 30}));
    EXPECT_EQ(anglesOf({{"angles", "10 20 30"}, {"angle", "90"}}), (Vec3{10, 90, 30}));
    EXPECT_EQ(anglesOf({{"angle", "90"}, {"angles", "1 2 3"}}), (Vec3{1, 2, 3}));
    EXPECT_EQ(anglesOf({{"angle", "-1"}}), (Vec3{-90, 0, 0}));  // straight up
    EXPECT_EQ(anglesOf({{"angle", "-2"}}), (Vec3{90, 0, 0}));   // any other negative: down
    // "pitch" belongs to light classes only, and wins after every other key.
    EXPECT_EQ(anglesOf({{"classname", "light_spot"}, {"pitch", "-45"}, {"angles", "0 30 0"}}), (Vec3{-45, 30, 0}));
    EXPECT_EQ(anglesOf({{"classname", "info_target"}, {"pitch", "-45"}}), Vec3{});
}

TEST(EntityKeys, MalformedAnglesKeepTheEngineDefaultAndAreReportedAsSpelt) {
    Keys k{{{"classname", "light"}, {"Angles", "1 2"}, {"angle", "east"}, {"PITCH", "up"}}};
    EXPECT_EQ(k.view().angles(k.sink()), Vec3{});
    ASSERT_EQ(k.reported.size(), 3u);
    EXPECT_EQ(k.reported[0].key, "Angles");
    EXPECT_EQ(k.reported[0].expected, "three numbers \"pitch yaw roll\"");
    EXPECT_EQ(k.reported[1].key, "angle");
    EXPECT_EQ(k.reported[1].expected, "a number");
    EXPECT_EQ(k.reported[2].key, "PITCH");
}

TEST(EntityKeys, LightDirectionIsVradsRule) {
    // The demo map's light_environment: yaw 306, pitch -56 (sunlight travels down and to the south-east).
    const Vec3 d = lightOf({{"angles", "0 306 0"}, {"pitch", "-56"}});
    const float y = degToRad(306.0f), p = degToRad(-56.0f);
    EXPECT_FLOAT_EQ(d.x, std::cos(y) * std::cos(p));
    EXPECT_FLOAT_EQ(d.y, std::sin(y) * std::cos(p));
    EXPECT_FLOAT_EQ(d.z, std::sin(p));
    // A zero pitch falls back to the angles' pitch; a non-zero angle replaces the yaw; -1 / -2 are up / down.
    const Vec3 e = lightOf({{"angles", "-90 45 0"}, {"angle", "180"}});
    EXPECT_NEAR(e.z, -1.0f, 1e-6f);
    EXPECT_EQ(lightOf({{"angle", "-1"}}), (Vec3{0, 0, 1}));
    EXPECT_EQ(lightOf({{"angle", "-2"}}), (Vec3{0, 0, -1}));
}

TEST(EntityKeys, BrushModelIsStarAndDigits) {
    EXPECT_EQ(brushModelIndex("*1"), 1u);
    EXPECT_EQ(brushModelIndex("*017"), 17u);
    for (const char* bad :
         {"*", "*-1", "*+1", "* 1", "*1 ", "*1a", "models/props/crate.mdl", "", "*99999999999999999999999"})
        EXPECT_FALSE(brushModelIndex(bad).has_value()) << bad;
}

TEST(EntityKeys, SpawnPointClassMatchesAsciiCaseInsensitively) {
    EXPECT_TRUE(isSpawnPoint("info_player_start"));
    EXPECT_TRUE(isSpawnPoint("INFO_Player_Start"));
    EXPECT_FALSE(isSpawnPoint("info_player_start2"));
    EXPECT_FALSE(isSpawnPoint("info_player_deathmatch"));
    const std::vector<std::string> classes = {"worldspawn", "light", "Info_Player_Start", "info_player_start"};
    EXPECT_EQ(findSpawnPoint(classes, [](const std::string& c) { return std::string_view(c); }), 2u);
    const std::vector<std::string> none = {"worldspawn"};
    EXPECT_FALSE(findSpawnPoint(none, [](const std::string& c) { return std::string_view(c); }).has_value());
}

TEST(EntityKeys, AngleMatrixColumnsAreForwardLeftUp) {
    auto near = [](Vec3 a, Vec3 b) { return length(a - b) < 1e-6f; };
    const Mat3 id = angleMatrix({0, 0, 0});
    EXPECT_TRUE(near(id.column(0), {1, 0, 0}));
    EXPECT_TRUE(near(id.column(1), {0, 1, 0}));
    EXPECT_TRUE(near(id.column(2), {0, 0, 1}));
    EXPECT_TRUE(near(angleMatrix({0, 90, 0}).column(0), {0, 1, 0}));
    EXPECT_TRUE(near(angleMatrix({90, 0, 0}).column(0), {0, 0, -1}));  // positive pitch looks down
    EXPECT_TRUE(near(angleMatrix({0, 0, 90}).column(1), {0, 0, 1}));   // roll turns left towards up
}
