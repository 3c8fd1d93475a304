// The AI + Behavior layer of a whole mission: start order, ticks, traces and the state chunks.
#include "vestige/iron3d/ai/runtime.hpp"

#include <gtest/gtest.h>

#include <map>

#include "doubles.hpp"

namespace vestige::iron3d::ai {
namespace {

// Objects 4..7 are the distributor members.
StockObjects objectsFor() { return StockObjects(8); }

class Env final : public BehaviorEnvironment {
public:
    bool hasSystemMap() const override { return true; }
    bool hasTerrain() const override { return true; }
    bool hasArealMap(std::uint32_t slot) const override { return slot != noMapFor; }
    AreaState areaState(Handle) const override { return AreaState::Walkable; }
    std::uint32_t noMapFor = 99;
};

RuntimeSetup autoDemoSetup(bool swapClans = false) {
    RuntimeSetup s;
    s.clans = {test::clan(0, "default", 500.2857f, 752.0f), test::clan(1, "default", 728.0f, 449.0f)};
    if (swapClans) std::swap(s.clans[0].anchorX, s.clans[1].anchorX);
    s.queueTime = 1000;
    for (std::uint32_t i = 4; i < 8; ++i) {
        PlacedUnit u;
        u.handle = {i, 0};
        u.tmaIndex = i;
        u.rawAfterResource = i % 2;
        u.classWord = i < 6 ? 0x80000010u : 0x80000002u;
        u.properties.push_back({{0, 0, 0, 0}, "CurrentOre"});
        s.units.push_back(std::move(u));
    }
    return s;
}

test::MemoryFiles files() {
    test::MemoryFiles f;
    f.add("MISSIONS/SCRIPTS/default.scr", scr::autoDemoShape());
    f.add("MISSIONS/SCRIPTS/varset.var", test::sharedVarSet());
    return f;
}

struct MissionRun {
    std::uint64_t traceHash = 0;
    std::uint64_t stateHash = 0;
    std::uint64_t events = 0;
};

MissionRun runMission(const RuntimeSetup& setup, std::uint32_t ticks) {
    RngStreams streams(99);
    StreamRandom rng(streams, "behavior.shared");
    TraceSink sink;
    std::uint64_t tick = 0;
    TraceSinkAdapter adapter(sink, tick);
    const Tracer trace{&adapter, &rng};
    AiRuntime rt = AiRuntime::start(setup, files(), rng, nullptr, trace).value();
    StockObjects objects = objectsFor();
    objects.parties[4].producing = 2;
    objects.parties[5].producing = 3;
    objects.parties[6].value = 1;
    objects.parties[7].value = 1;
    const Env env;
    for (tick = 1; tick <= ticks; ++tick) EXPECT_TRUE(rt.tick(1000 + 16 * tick, 0.016f, objects, env, trace).ok());
    return {sink.hash(), rt.stateHash(), sink.count()};
}

TEST(AiRuntime, StartRunsBehaviorThenInitPerClanAndBuildsDistributors) {
    RngStreams streams(99);
    StreamRandom rng(streams, "behavior.shared");
    test::RecordingTrace sink;
    const Tracer trace{&sink, &rng};
    auto rt = AiRuntime::start(autoDemoSetup(), files(), rng, nullptr, trace);
    ASSERT_TRUE(rt.ok()) << rt.error().render();
    EXPECT_EQ(rng.draws(), 2u);  // one first-run draw per clan
    ASSERT_EQ(rt->inits.size(), 2u);
    EXPECT_TRUE(rt->inits[0].applied && rt->inits[1].applied);
    ASSERT_EQ(rt->behavior[0].distributor.rows().size(), 2u);
    EXPECT_EQ(rt->behavior[0].distributor.rows()[0].tmaIndex, 4u);
    EXPECT_EQ(rt->behavior[0].distributor.rows()[1].tmaIndex, 6u);
    EXPECT_EQ(rt->behavior[1].distributor.rows()[1].tmaIndex, 7u);
    EXPECT_EQ(rt->behavior[1].distributor.rows()[1].share, 0.5f);
    ASSERT_EQ(rt->ore.size(), 4u);
    EXPECT_TRUE(rt->ore[0].fromTma);
    // The engine callback order: clan 0's Behavior draw, clan 0's Init, then clan 1's.
    std::vector<std::string> order;
    for (const auto& [subsystem, j] : sink.events)
        if (j.contains("event") && (j["event"] == "first_run" || j["event"] == "init"))
            order.push_back(j["event"].get<std::string>() + std::to_string(j["clan"].get<int>()));
    EXPECT_EQ(order, (std::vector<std::string>{"first_run0", "init0", "first_run1", "init1"}));
    // Every event names the shared stream and its counter at that moment.
    for (const auto& [subsystem, j] : sink.events) {
        ASSERT_TRUE(j.contains("rng")) << subsystem;
        EXPECT_EQ(j["rng"]["stream"], "behavior.shared");
    }
    EXPECT_EQ(sink.of("ai.cell").size(), 6u);
    std::size_t adds = 0, ores = 0;
    for (const auto& j : sink.of("behavior")) {
        adds += j["event"] == "distributor_add";
        ores += j["event"] == "ore";
    }
    EXPECT_EQ(adds, 4u);
    EXPECT_EQ(ores, 4u);
}

TEST(AiRuntime, PreviewRunsNoBehaviorAndBuildsNoBehaviorState) {
    RngStreams streams(99);
    StreamRandom rng(streams, "behavior.shared");
    RuntimeSetup setup = autoDemoSetup();
    setup.options.mode = LoadMode::Preview;
    auto rt = AiRuntime::start(setup, files(), rng);
    ASSERT_TRUE(rt.ok()) << rt.error().render();
    EXPECT_EQ(rng.draws(), 0u);
    EXPECT_TRUE(rt->inits[1].applied);  // the Init writes are still kept in the scenario varset
    EXPECT_TRUE(rt->behavior[0].distributor.rows().empty());
    EXPECT_TRUE(rt->ore.empty());
    EXPECT_EQ(rt->behavior[0].firstRun.deadline, 0u);
}

TEST(AiRuntime, TicksTransferOnlyAfterTheFirstRunDeadline) {
    RngStreams streams(99);
    StreamRandom rng(streams, "behavior.shared");
    AiRuntime rt = AiRuntime::start(autoDemoSetup(), files(), rng).value();
    StockObjects objects = objectsFor();
    objects.parties[4].producing = 2;  // slot 0: 4 produces, 6 receives
    objects.parties[6].value = 0;
    const Env env;
    auto early = rt.tick(1000, 1.0f, objects, env);
    ASSERT_TRUE(early.ok());
    EXPECT_EQ(early->transfers, 0u);
    EXPECT_EQ(early->checked, 4u);
    const std::uint32_t late = std::max(rt.behavior[0].firstRun.deadline, rt.behavior[1].firstRun.deadline);
    auto after = rt.tick(late, 1.0f, objects, env);
    ASSERT_TRUE(after.ok());
    EXPECT_EQ(after->transfers, 2u);
    EXPECT_EQ(objects.parties[6].value, 2.0f);
    Env noMap;
    noMap.noMapFor = 1;
    auto bad = rt.tick(late, 1.0f, objects, noMap);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "behavior.no_areal_map");
    EXPECT_EQ(objects.parties[6].value, 2.0f);  // the failed tick transferred nothing
}

TEST(AiRuntime, SameInputSameTraceAndStateHash) {
    const MissionRun a = runMission(autoDemoSetup(), 30);
    const MissionRun b = runMission(autoDemoSetup(), 30);
    EXPECT_EQ(a.traceHash, b.traceHash);
    EXPECT_EQ(a.stateHash, b.stateHash);
    EXPECT_GT(a.events, 10u);
    const MissionRun swapped = runMission(autoDemoSetup(true), 30);
    EXPECT_NE(a.stateHash, swapped.stateHash);  // the AI chunk holds the clans' cells
}

TEST(AiRuntime, ChunksCoverCellsSharesAndOre) {
    RngStreams streams(99);
    StreamRandom rng(streams, "behavior.shared");
    AiRuntime rt = AiRuntime::start(autoDemoSetup(), files(), rng).value();
    const std::uint64_t h0 = rt.stateHash();
    rt.ai.clans[1].vm.cells[3] ^= 1;
    const std::uint64_t h1 = rt.stateHash();
    EXPECT_NE(h0, h1);
    rt.ore[2].property.valueBits ^= 1;
    EXPECT_NE(rt.stateHash(), h1);
    EXPECT_EQ(loadU32(rt.aiChunk().data()), 2u);
    EXPECT_EQ(loadU32(rt.behaviorChunk().data()), 2u);
}

}  // namespace
}  // namespace vestige::iron3d::ai
