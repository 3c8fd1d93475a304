#include "vestige/iron3d/environment/ambient.hpp"

#include <cmath>

namespace vestige::iron3d::environment {

const char* poolName(AmbientPool pool) {
    switch (pool) {
        case AmbientPool::Default:
            return "default";
        case AmbientPool::Day:
            return "day";
        case AmbientPool::Night:
            return "night";
    }
    return "?";
}

audio::SoundEvent AmbientMusic::start(std::uint64_t tick) const {
    audio::SoundEvent e;
    e.tick = tick;
    e.kind = audio::EventKind::StartLoop;
    e.bus = audio::Bus::Music;
    e.loopId = kThemeLoopId;
    e.sample = mConfig.theme;
    return e;
}

AmbientPool AmbientMusic::choosePool(const AmbientConfig& c, Vec3 rgb) {
    if (c.dayPool.empty() && c.nightPool.empty()) return AmbientPool::Default;
    // Lengths compare in double: the boundary 1.1 itself is night (strict "greater than").
    const double len = std::sqrt(static_cast<double>(rgb.x) * rgb.x + static_cast<double>(rgb.y) * rgb.y +
                                 static_cast<double>(rgb.z) * rgb.z);
    return len > kDayRgbLength ? AmbientPool::Day : AmbientPool::Night;
}

std::optional<VariationPick> AmbientMusic::update(double dt, Vec3 rgb) {
    if (!(dt > 0)) return std::nullopt;
    mTime += dt;
    mElapsed += dt;
    if (!(mElapsed > mDelay)) return std::nullopt;
    VariationPick pick;
    pick.atSeconds = mTime;
    pick.pool = choosePool(mConfig, rgb);
    const auto& pool = pick.pool == AmbientPool::Day     ? mConfig.dayPool
                       : pick.pool == AmbientPool::Night ? mConfig.nightPool
                                                         : mConfig.defaultPool;
    const auto len = static_cast<std::uint32_t>(pool.size());
    if (len == 0) {
        mIndex = -1;
    } else {
        int index = mGen.step() % len;
        while (len > 1 && index == mIndex) index = mGen.step() % len;
        mIndex = index;
        pick.sample = pool[static_cast<std::size_t>(index)];
    }
    pick.index = mIndex;
    mElapsed = 0;
    mDelay = kVariationDelayBase + mRand.next() % kVariationDelaySpread;
    pick.nextDelay = mDelay;
    return pick;
}

}  // namespace vestige::iron3d::environment
