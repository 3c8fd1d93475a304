// The mission runtime's pass: scheduler phase order, where systems run, rollback of a failed pass, the clock's
// pass count and the simulation hash (spec section 14 phases; the rest is the runtime's contract [P]).
#include "vestige/iron3d/mission/runtime.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/mission/loaded.hpp"  // the hook interface compiles on its own

namespace vestige::iron3d::mission {
namespace {

using world::SchedulerPhase;

MissionRuntime withObjects(int n) {
    world::World3D w;
    for (int i = 0; i < n; ++i) {
        auto h = w.construct({static_cast<std::uint32_t>(i), {}});
        EXPECT_TRUE(w.registerObject(*h).ok());
    }
    return MissionRuntime(std::move(w), 1234);
}

TEST(MissionRuntime, HeadlessPassEntersThePhasesInOrder) {
    MissionRuntime rt = withObjects(1);
    std::vector<std::string> seen;
    for (std::size_t i = 0; i < world::kSchedulerPhaseCount; ++i) {
        const auto phase = static_cast<SchedulerPhase>(i);
        rt.addSystem(phase, std::string(world::phaseName(phase)), [&seen](SystemContext& c) {
            seen.push_back(std::string(world::phaseName(c.phase)));
            return Status{};
        });
    }
    auto r = rt.tick();
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(seen, (std::vector<std::string>{"CollectPlatformEvents", "BuildInputSnapshot", "AdvanceGameClock",
                                              "CalculateWorldQueue", "ApplyDeferredOperations",
                                              "UpdateAnimationAndEffects", "EndFrameCallbacks", "Maintenance"}));
    EXPECT_EQ(r->phases.size(), 8u);
    EXPECT_EQ(r->snapshot.tick, 1u);
    seen.clear();
    auto f = rt.frame(16'000, true);
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(seen.size(), world::kSchedulerPhaseCount) << "a rendered pass adds the two render phases";
}

TEST(MissionRuntime, CalculateSystemsRunInsideTheStepSoDeletesAreDeferred) {
    MissionRuntime rt = withObjects(2);
    const auto a = *rt.world().findByOriginalId(0);
    bool sawPending = false;
    rt.addSystem(SchedulerPhase::CalculateWorldQueue, "killer", [&](SystemContext& c) -> Status {
        VESTIGE_CHECK(c.world.requestDelete(a));
        sawPending = c.world.pendingDelete(a) && c.world.check(a).ok();
        auto seq = c.world.enqueue({0, a, "late", {}});
        return seq.ok() ? Status{} : Status{seq.error()};
    });
    auto r = rt.tick();
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_TRUE(sawPending);
    ASSERT_EQ(r->snapshot.skipped.size(), 1u) << "the command aimed at the pending-delete object is skipped";
    EXPECT_EQ(r->snapshot.objects.size(), 1u);
}

TEST(MissionRuntime, HandlersAreDispatchedByMessage) {
    MissionRuntime rt = withObjects(1);
    int hits = 0;
    ASSERT_TRUE(rt.addCommandHandler("GMSG_TEST", [&](world::World3D&, const world::Command& c) {
                      hits += static_cast<int>(c.args[0]);
                      return Status{};
                  }).ok());
    EXPECT_EQ(rt.addCommandHandler("GMSG_TEST", {}).error().code(), "runtime.duplicate_handler");
    ASSERT_TRUE(rt.world().enqueue({0, std::nullopt, "GMSG_TEST", {5, 0, 0, 0}}).ok());
    ASSERT_TRUE(rt.world().enqueue({0, std::nullopt, "OTHER", {7, 0, 0, 0}}).ok());
    auto r = rt.tick();
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(hits, 5);
    EXPECT_EQ(r->snapshot.events.size(), 2u);
}

TEST(MissionRuntime, AFailureLateInThePassRollsBackWorldAndRng) {
    MissionRuntime rt = withObjects(2);
    const auto worldBefore = rt.world().canonicalBytes();
    const auto rngBefore = rt.rng().digest();
    bool fail = true;
    rt.addSystem(SchedulerPhase::CalculateWorldQueue, "draw", [](SystemContext& c) {
        c.rng.stream(world::kStreamAi).nextU32();
        return c.world.setTransform(*c.world.findByOriginalId(1), world::Transform::fromFloats({9, 9, 9}, {}));
    });
    rt.addSystem(SchedulerPhase::UpdateAnimationAndEffects, "flaky", [&](SystemContext&) -> Status {
        if (fail) return Error("test.flaky", "animation failed");
        return {};
    });
    auto r = rt.tick();
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "test.flaky");
    EXPECT_EQ(r.error().find("system"), "flaky");
    EXPECT_EQ(r.error().find("tick"), "1");
    EXPECT_EQ(rt.world().canonicalBytes(), worldBefore) << "the tick that already stepped the world is undone";
    EXPECT_EQ(rt.rng().digest(), rngBefore);
    fail = false;
    auto again = rt.tick();
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->snapshot.tick, 1u);
    EXPECT_EQ(rt.rng().stream(world::kStreamAi).calls(), 1u);
}

TEST(MissionRuntime, FramesFollowTheFixedStepClock) {
    MissionRuntime rt = withObjects(1);
    auto f = rt.frame(200'000);
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(f->passes, 8u);
    EXPECT_EQ(rt.world().tick(), 8u);
    EXPECT_EQ(rt.clock().droppedFrames(), 1u);
    rt.clock().setPaused(true);
    EXPECT_EQ(rt.frame(100'000)->passes, 0u);
    EXPECT_EQ(rt.clock().platformEventCollections(), 2u);
}

TEST(MissionRuntime, SimulationHashCoversChunksAndRngButNotCosmetic) {
    MissionRuntime a = withObjects(3), b = withObjects(3);
    for (int i = 0; i < 50; ++i) {
        ASSERT_TRUE(a.tick().ok());
        ASSERT_TRUE(b.tick().ok());
    }
    EXPECT_EQ(a.simulationHash(), b.simulationHash());
    b.rng().stream(world::kStreamCosmetic).nextU32();
    EXPECT_EQ(a.simulationHash(), b.simulationHash());
    b.rng().stream(world::kStreamWorld).nextU32();
    EXPECT_NE(a.simulationHash(), b.simulationHash());
    Bytes chunk{1, 2, 3};
    a.addHashChunk("BEHAVIOR", [&chunk] { return chunk; });
    const auto h1 = a.simulationHash();
    chunk[0] = 9;
    EXPECT_NE(a.simulationHash(), h1);
}

TEST(MissionRuntime, TraceCarriesOneLinePerPass) {
    MissionRuntime rt = withObjects(1);
    std::vector<std::string> lines;
    TraceSink sink([&lines](std::string_view l) { lines.emplace_back(l); });
    rt.setTrace(&sink);
    ASSERT_TRUE(rt.tick().ok());
    ASSERT_TRUE(rt.tick().ok());
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[1].find("\"tick\":2"), std::string::npos);
    EXPECT_NE(lines[1].find("world_hash"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::mission
