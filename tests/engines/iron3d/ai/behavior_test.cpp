// Behavior.ini, the six diagnostic states and the first-run schedule.
#include "vestige/iron3d/ai/behavior.hpp"

#include <gtest/gtest.h>

#include <map>

#include "doubles.hpp"
#include "vestige/iron3d/ai/behavior_ini.hpp"

namespace vestige::iron3d::ai {
namespace {

TEST(BehaviorIni, CommentsSpacesCrlfAndSections) {
    const std::string text =
        "// Behavior settings\r\n"
        "[Behavior]\r\n"
        "LogFile=Behavior.log\r\n"
        "SaveLog = 0   // off\r\n"
        "  PathFind_CorridorRadius =  12.5\r\n"
        "pathfind_maxaccel=3e1\r\n"
        "PathFind_MinPointInTrajectory = 4 points\r\n"
        "PathFind_NearDoorCoeff = fast\r\n"
        "SaveLog = 1\r\n"
        "Custom_Key = x\r\n"
        "\r\n";
    auto ini = parseBehaviorIni(asBytes(text));
    ASSERT_TRUE(ini.ok()) << ini.error().render();
    EXPECT_EQ(ini->sections, (std::vector<std::string>{"Behavior"}));
    const BehaviorSettings s = behaviorSettings(*ini);
    EXPECT_EQ(s.get("LogFile")->raw, "Behavior.log");
    EXPECT_EQ(s.integer("SaveLog"), 0);  // the first of two wins
    EXPECT_EQ(s.number("PathFind_CorridorRadius"), 12.5f);
    EXPECT_EQ(s.number("PathFind_MaxAccel"), 30.0f);           // keys fold ASCII case
    EXPECT_EQ(s.integer("PathFind_MinPointInTrajectory"), 4);  // atoi reads the prefix
    EXPECT_EQ(s.number("PathFind_NearDoorCoeff"), 0.0f);       // atof of text: 0, and said so
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_NE(s.warnings[0].find("PathFind_NearDoorCoeff"), std::string::npos);
    ASSERT_EQ(s.unknown.size(), 1u);
    EXPECT_EQ(s.unknown[0].key, "Custom_Key");
    EXPECT_EQ(s.unknown[0].section, "Behavior");
}

TEST(BehaviorIni, AbsentKeysAreReportedAbsentNotInvented) {
    auto ini = parseBehaviorIni(asBytes(std::string_view("UseWizard=1\n")));
    ASSERT_TRUE(ini.ok());
    const BehaviorSettings s = behaviorSettings(*ini);
    EXPECT_EQ(s.known.size(), knownBehaviorSettings().size());
    EXPECT_EQ(s.known.size(), 25u);
    for (const auto& k : {"PathFind_BuildingHitDist", "PathFind_BuildingNearestDist", "PathFind_NearBuildSpeedPercent",
                          "PathFind_CorridorRadius", "PathFind_NearDoorCoeff", "PathFind_fStepOffBuilding",
                          "PathFind_MaxAccel", "PathFind_MaxRotation", "PathFind_fStepDist",
                          "PathFind_MinPointInTrajectory", "Network_ResourceTransferMaxDelay"}) {
        ASSERT_NE(s.get(k), nullptr) << k;
        EXPECT_FALSE(s.get(k)->present) << k;
        EXPECT_EQ(s.number(k), std::nullopt) << k;
    }
    EXPECT_EQ(s.integer("UseWizard"), 1);
}

TEST(BehaviorIni, AMalformedLineIsAnErrorWithItsOffset) {
    auto ini = parseBehaviorIni(asBytes(std::string_view("A=1\r\nnot a setting\r\n")));
    ASSERT_FALSE(ini.ok());
    EXPECT_EQ(ini.error().code(), "behavior_ini.bad_line");
    EXPECT_EQ(ini.error().find("line"), "2");
    EXPECT_EQ(ini.error().offset(), 5u);
    EXPECT_FALSE(parseBehaviorIni(asBytes(std::string_view(" = 3\n"))).ok());
}

class Env final : public BehaviorEnvironment {
public:
    bool hasSystemMap() const override { return systemMap; }
    bool hasTerrain() const override { return terrain; }
    bool hasArealMap(std::uint32_t slot) const override { return slot != missingArealSlot; }
    AreaState areaState(Handle) const override { return area; }
    bool systemMap = true, terrain = true;
    std::uint32_t missingArealSlot = 99;
    AreaState area = AreaState::Walkable;
};

TEST(BehaviorDiagnostics, SixStatesAreStructuredErrors) {
    const Handle h{3, 1};
    Env env;
    EXPECT_TRUE(checkBehavior(env, 0, h).ok());
    env.area = AreaState::LeavingNonWalkable;
    EXPECT_EQ(checkBehavior(env, 0, h).error().code(), "behavior.leaving_non_walkable");
    env.area = AreaState::NonReachable;
    EXPECT_EQ(checkBehavior(env, 0, h).error().code(), "behavior.non_reachable");
    env.missingArealSlot = 0;
    const Status noAreal = checkBehavior(env, 0, h);
    EXPECT_EQ(noAreal.error().code(), "behavior.no_areal_map");
    EXPECT_EQ(noAreal.error().find("object"), "3:1");
    env.terrain = false;
    EXPECT_EQ(checkBehavior(env, 0, h).error().code(), "behavior.no_terrain");
    env.systemMap = false;
    EXPECT_EQ(checkBehavior(env, 0, h).error().code(), "behavior.no_system_map");
    const std::uint32_t path[] = {4, 8, 15, 8};
    const Status cycle = checkPathProgress(path, h);
    ASSERT_FALSE(cycle.ok());
    EXPECT_EQ(cycle.error().code(), "behavior.path_cycle");
    EXPECT_EQ(cycle.error().find("step"), "3");
    EXPECT_TRUE(checkPathProgress(std::span(path, 3), h).ok());
}

// Prepares the first run of clans in `order` from one shared, seeded stream; returns deadline per clan.
std::map<std::uint32_t, std::uint32_t> schedule(std::vector<std::uint32_t> order, std::uint32_t now) {
    RngStreams streams(2024);
    StreamRandom rng(streams, "behavior.shared");
    std::map<std::uint32_t, std::uint32_t> out;
    for (const std::uint32_t clan : order) {
        FirstRun run;
        out[clan] = prepareFirstRun(run, now, rng, clan).value().deadline;
    }
    return out;
}

TEST(FirstRun, ThreeIntervalsPlusASharedRandomDelay) {
    RngStreams streams(2024);
    StreamRandom rng(streams, "behavior.shared");
    FirstRun run;
    test::RecordingTrace sink;
    const Tracer trace{&sink, &rng};
    auto r = prepareFirstRun(run, 1000, rng, 0, trace);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->effect, FirstRunEffect::Scheduled);
    EXPECT_LT(r->delay, 64u);
    EXPECT_EQ(r->deadline, 1000u + 3 * 64 + r->delay);
    EXPECT_EQ(rng.draws(), 1u);
    ASSERT_EQ(sink.of("behavior").size(), 1u);
    EXPECT_EQ(sink.of("behavior")[0]["rng"]["draws"], 1);
    // An early re-call keeps the deadline and draws nothing.
    auto again = prepareFirstRun(run, 1100, rng, 0, trace);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->effect, FirstRunEffect::Kept);
    EXPECT_EQ(again->deadline, r->deadline);
    EXPECT_EQ(rng.draws(), 1u);
    // After the deadline: not recovered, so an error rather than a guess.
    auto late = prepareFirstRun(run, r->deadline, rng, 0);
    ASSERT_FALSE(late.ok());
    EXPECT_EQ(late.error().code(), "behavior.first_run_after_deadline");
    EXPECT_EQ(rng.draws(), 1u);
}

TEST(FirstRun, ClanOrderChangesTheValuesFromTheSharedGenerator) {
    const auto forward = schedule({0, 1}, 5000);
    const auto backward = schedule({1, 0}, 5000);
    // With one shared stream the first clan prepared gets the first draw, whichever clan it is.
    EXPECT_EQ(forward.at(0), backward.at(1));
    EXPECT_EQ(forward.at(1), backward.at(0));
    EXPECT_NE(forward.at(0), forward.at(1)) << "pick another seed: the two draws coincide";
    // Regression guard (our PCG32 stream, not the original's generator): the exact deadlines for seed 2024.
    EXPECT_EQ(forward, schedule({0, 1}, 5000));
    RecordProperty("deadline_clan0", static_cast<int>(forward.at(0)));
}

}  // namespace
}  // namespace vestige::iron3d::ai
