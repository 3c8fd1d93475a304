#include "vestige/iron3d/world/clock.hpp"

#include <algorithm>
#include <limits>

namespace vestige::iron3d::world {

Result<FixedStepClock> FixedStepClock::create(FixedStepConfig config) {
    if (config.stepMicros == 0 || config.maxStepsPerFrame == 0)
        return Error("clock.bad_config", "the fixed step and the per-frame tick limit must be non-zero");
    return FixedStepClock(config);
}

std::uint32_t FixedStepClock::advance(std::uint64_t elapsedMicros) {
    if (mPaused) return 0;
    const std::uint64_t room = std::numeric_limits<std::uint64_t>::max() - mAccumulated;
    mAccumulated += std::min(elapsedMicros, room);
    const std::uint64_t step = mConfig.stepMicros;
    const std::uint64_t available = mAccumulated / step;
    const std::uint64_t ticks = std::min<std::uint64_t>(available, mConfig.maxStepsPerFrame);
    const std::uint64_t consumed = ticks * step;
    if (available > mConfig.maxStepsPerFrame) {
        const std::uint64_t dropped = mAccumulated - consumed;
        mDroppedMicros += dropped;
        mDroppedTicks += dropped / step;
        ++mDroppedFrames;
        mAccumulated = 0;
    } else {
        mAccumulated -= consumed;
    }
    mTick += ticks;
    return static_cast<std::uint32_t>(ticks);
}

}  // namespace vestige::iron3d::world
