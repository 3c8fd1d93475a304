#include "vestige/core/tick.hpp"

#include <cmath>

namespace vestige {

std::uint64_t TickClock::consumeRealTime(double seconds) {
    // A bad frame time (NaN, infinite, negative) must never poison the carry or stall the loop.
    if (!std::isfinite(seconds) || seconds < 0) return 0;
    mCarry += seconds;
    const double dt = interval();
    double whole = std::floor(mCarry / dt);
    if (whole > 9007199254740992.0) whole = 9007199254740992.0;  // 2^53: stays exact and castable
    mCarry -= whole * dt;
    if (mCarry < 0) mCarry = 0;
    const auto n = static_cast<std::uint64_t>(whole);
    mTick += n;
    return n;
}

}  // namespace vestige
