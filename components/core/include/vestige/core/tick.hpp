#pragma once
// Fixed-tick simulation clock. The stored quantity is the tick interval (Source's interval_per_tick: 0.015 s by
// default); the rate is derived from it (66.67 Hz), never the other way round. Simulation time is tick * interval,
// computed from the integer tick count each time (never accumulated), as Source's TICKS_TO_TIME(t) =
// TICK_INTERVAL * t, so 1000 ticks land on the same double on every run and platform.
#include <cstdint>

namespace vestige {

// Source / GMod's default tick (interval_per_tick, -tickrate 66.67): the one place its number is written.
inline constexpr double kSourceTickInterval = 0.015;
inline constexpr double kSourceTickRate = 1.0 / kSourceTickInterval;  // 66.67 Hz, derived

class TickClock {
public:
    explicit TickClock(double interval = kSourceTickInterval) : mInterval(interval) {}
    // For a rate given by the user (--tick-rate): the interval is 1 / rate.
    [[nodiscard]] static TickClock fromRate(double ticksPerSecond) { return TickClock(1.0 / ticksPerSecond); }
    [[nodiscard]] double interval() const { return mInterval; }
    [[nodiscard]] double rate() const { return 1.0 / mInterval; }
    [[nodiscard]] std::uint64_t tick() const { return mTick; }
    [[nodiscard]] double time() const { return timeAt(mTick); }
    [[nodiscard]] double timeAt(std::uint64_t tick) const { return static_cast<double>(tick) * mInterval; }
    void advance(std::uint64_t ticks = 1) { mTick += ticks; }
    void reset(std::uint64_t tick = 0) { mTick = tick; }
    // How many whole ticks a real-time frame of `seconds` should run, carrying the remainder.
    // Only adapters (windowed viewers) call this; headless runs step ticks directly.
    std::uint64_t consumeRealTime(double seconds);

private:
    double mInterval;
    std::uint64_t mTick = 0;
    double mCarry = 0;
};

}  // namespace vestige
