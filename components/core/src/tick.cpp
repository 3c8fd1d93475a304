#include "vestige/core/tick.hpp"

namespace vestige {

std::uint64_t TickClock::consumeRealTime(double seconds) {
    mCarry += seconds;
    const double dt = interval();
    std::uint64_t n = 0;
    while (mCarry >= dt) {
        mCarry -= dt;
        ++n;
    }
    mTick += n;
    return n;
}

}  // namespace vestige
