// Fixed-step clock and scheduler phase order (spec section 14). The 95 ms / 20 ms / 3 example is the reference
// project's own catch-up test [P]; the 16 ms / 8 numbers are the section's defaults.
#include <gtest/gtest.h>

#include "vestige/iron3d/world/clock.hpp"
#include "vestige/iron3d/world/scheduler.hpp"

namespace vestige::iron3d::world {
namespace {

TEST(FixedStepClock, RejectsZeroConfig) {
    EXPECT_EQ(FixedStepClock::create({0, 8}).error().code(), "clock.bad_config");
    EXPECT_EQ(FixedStepClock::create({16000, 0}).error().code(), "clock.bad_config");
}

TEST(FixedStepClock, CatchUpIsCappedAndTheExcessDroppedAndCounted) {
    auto c = FixedStepClock::create({20'000, 3});
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->advance(95'000), 3u);
    EXPECT_EQ(c->tick(), 3u);
    EXPECT_EQ(c->droppedMicros(), 35'000u);
    EXPECT_EQ(c->droppedTicks(), 1u);
    EXPECT_EQ(c->droppedFrames(), 1u);
    EXPECT_EQ(c->accumulatedMicros(), 0u) << "everything above the cap is dropped, the remainder included";
    EXPECT_EQ(c->advance(10'000), 0u);
    EXPECT_EQ(c->advance(10'000), 1u);
    EXPECT_EQ(c->droppedFrames(), 1u);
    EXPECT_EQ(c->advance(UINT64_MAX), 3u);
    EXPECT_EQ(c->droppedFrames(), 2u);
}

TEST(FixedStepClock, DefaultsAre16MsAndEightTicks) {
    auto c = FixedStepClock::create();
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->advance(8 * 16'000), 8u) << "exactly eight ticks is not a drop";
    EXPECT_EQ(c->droppedFrames(), 0u);
    EXPECT_EQ(c->advance(200'000), 8u);
    EXPECT_EQ(c->droppedMicros(), 72'000u);
    EXPECT_EQ(c->droppedTicks(), 4u);
    EXPECT_EQ(c->droppedFrames(), 1u);
    EXPECT_EQ(c->gameTimeMicros(), 16u * 16'000);
}

TEST(FixedStepClock, PauseRunsNothingAndPlatformEventsAreCountedApart) {
    auto c = FixedStepClock::create({20'000, 8});
    c->collectPlatformEvents();
    c->setPaused(true);
    EXPECT_EQ(c->advance(100'000), 0u);
    c->collectPlatformEvents();
    EXPECT_EQ(c->tick(), 0u);
    EXPECT_EQ(c->platformEventCollections(), 2u);
    c->setPaused(false);
    EXPECT_EQ(c->advance(45'000), 2u) << "time while paused is not saved up";
    EXPECT_EQ(c->accumulatedMicros(), 5'000u);
}

TEST(FrameScheduler, PhasesGoForwardOnly) {
    FrameScheduler s;
    ASSERT_TRUE(s.enter(SchedulerPhase::CollectPlatformEvents).ok());
    ASSERT_TRUE(s.enter(SchedulerPhase::BuildInputSnapshot).ok());
    ASSERT_TRUE(s.enter(SchedulerPhase::CalculateWorldQueue).ok()) << "skipping forward is allowed";
    auto back = s.enter(SchedulerPhase::AdvanceGameClock);
    ASSERT_FALSE(back.ok());
    EXPECT_EQ(back.error().code(), "scheduler.phase_order");
    EXPECT_EQ(s.enter(SchedulerPhase::CalculateWorldQueue).error().code(), "scheduler.phase_order");
    EXPECT_EQ(s.enter(SchedulerPhase::RenderWorld).error().code(), "scheduler.render_phase_headless");
    ASSERT_TRUE(s.enter(SchedulerPhase::Maintenance).ok());
    s.beginPass();
    EXPECT_TRUE(s.enter(SchedulerPhase::CollectPlatformEvents).ok());
}

TEST(FrameScheduler, RenderedPassEntersEveryPhaseInOrder) {
    FrameScheduler s(true);
    for (std::size_t i = 0; i < kSchedulerPhaseCount; ++i)
        ASSERT_TRUE(s.enter(static_cast<SchedulerPhase>(i)).ok()) << phaseName(static_cast<SchedulerPhase>(i));
    EXPECT_EQ(s.entered().size(), kSchedulerPhaseCount);
    EXPECT_EQ(phaseName(SchedulerPhase::UpdateAnimationAndEffects), "UpdateAnimationAndEffects");
}

}  // namespace
}  // namespace vestige::iron3d::world
