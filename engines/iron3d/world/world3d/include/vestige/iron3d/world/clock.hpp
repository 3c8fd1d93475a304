#pragma once
// The fixed-step game clock (spec section 14 [P]): 16 ms per tick, at most 8 ticks per presentation frame.
// Frame time accumulates in integer microseconds (no float drift). When more than the per-frame maximum has
// piled up, the maximum runs and everything left is dropped: the dropped time, its whole ticks and one dropped
// frame are counted. Paused, a frame runs 0 ticks and its time is discarded (not saved up for later).
// Platform event collection is counted on its own, independently of game time.
//
// Reference example (step 20 ms, max 3): 95 ms -> 3 ticks, 35 ms dropped, 1 dropped frame; then 10 ms -> 0
// ticks, 10 ms more -> 1 tick.
#include <cstdint>

#include "vestige/core/result.hpp"

namespace vestige::iron3d::world {

struct FixedStepConfig {
    std::uint32_t stepMicros = 16'000;
    std::uint32_t maxStepsPerFrame = 8;
};

class FixedStepClock {
public:
    // Both values must be non-zero (clock.bad_config otherwise).
    [[nodiscard]] static Result<FixedStepClock> create(FixedStepConfig config = {});

    // The ticks this presentation frame runs.
    std::uint32_t advance(std::uint64_t elapsedMicros);
    void setPaused(bool paused) { mPaused = paused; }
    void collectPlatformEvents() { ++mPlatformEventCollections; }

    [[nodiscard]] const FixedStepConfig& config() const { return mConfig; }
    [[nodiscard]] bool paused() const { return mPaused; }
    [[nodiscard]] std::uint64_t tick() const { return mTick; }
    // Game time of the current tick: tick * step (never accumulated).
    [[nodiscard]] std::uint64_t gameTimeMicros() const { return mTick * mConfig.stepMicros; }
    [[nodiscard]] std::uint64_t accumulatedMicros() const { return mAccumulated; }
    [[nodiscard]] std::uint64_t droppedMicros() const { return mDroppedMicros; }
    [[nodiscard]] std::uint64_t droppedTicks() const { return mDroppedTicks; }
    [[nodiscard]] std::uint64_t droppedFrames() const { return mDroppedFrames; }
    [[nodiscard]] std::uint64_t platformEventCollections() const { return mPlatformEventCollections; }

private:
    explicit FixedStepClock(FixedStepConfig config) : mConfig(config) {}
    FixedStepConfig mConfig;
    bool mPaused = false;
    std::uint64_t mTick = 0;
    std::uint64_t mAccumulated = 0;
    std::uint64_t mDroppedMicros = 0;
    std::uint64_t mDroppedTicks = 0;
    std::uint64_t mDroppedFrames = 0;
    std::uint64_t mPlatformEventCollections = 0;
};

}  // namespace vestige::iron3d::world
