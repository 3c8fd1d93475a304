#pragma once
// Fixed-tick simulation clock. Simulation time is tick * interval, computed from the integer
// tick count each time (never accumulated), so 1000 ticks at 66.67 Hz land on the same float
// on every run and platform.
#include <cstdint>

namespace vestige {

class TickClock {
public:
    explicit TickClock(double ticksPerSecond = 66.666666666666667) : mRate(ticksPerSecond) {}
    [[nodiscard]] double rate() const { return mRate; }
    [[nodiscard]] double interval() const { return 1.0 / mRate; }
    [[nodiscard]] std::uint64_t tick() const { return mTick; }
    [[nodiscard]] double time() const { return static_cast<double>(mTick) / mRate; }
    [[nodiscard]] double timeAt(std::uint64_t tick) const { return static_cast<double>(tick) / mRate; }
    void advance(std::uint64_t ticks = 1) { mTick += ticks; }
    void reset(std::uint64_t tick = 0) { mTick = tick; }
    // How many whole ticks a real-time frame of `seconds` should run, carrying the remainder.
    // Only adapters (windowed viewers) call this; headless runs step ticks directly.
    std::uint64_t consumeRealTime(double seconds);

private:
    double mRate;
    std::uint64_t mTick = 0;
    double mCarry = 0;
};

}  // namespace vestige
