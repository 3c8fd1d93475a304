#include "vestige/iron3d/environment/lightning.hpp"

#include <algorithm>

namespace vestige::iron3d::environment {

std::uint32_t lightningDelayMs(float intensity, double u) {
    const double v = (1.0 - std::min(intensity, kLightningIntensityCap)) * kLightningDelayScaleMs * u;
    return v > 0 ? static_cast<std::uint32_t>(roundHalfEven(v)) : 0;
}

double unitFrom15(std::uint32_t r) { return static_cast<double>(r & kRand15Max) / kRand15Max; }

std::optional<LightningStrike> LightningTimer::update(std::uint32_t dtMs, float intensity) {
    if (mCooling) {
        if (dtMs < mRemaining) {
            mRemaining -= dtMs;
            return std::nullopt;
        }
        mCooling = false;
        dtMs -= mRemaining;  // the rest of this step counts toward the next delay
    }
    if (!(intensity > 0)) {
        mWaiting = false;  // no lightning scheduled: a later storm draws a fresh delay
        return std::nullopt;
    }
    if (!mWaiting) {
        mWaiting = true;
        mRemaining = lightningDelayMs(intensity, unitFrom15(mDraw()));
    }
    if (dtMs < mRemaining) {
        mRemaining -= dtMs;
        return std::nullopt;
    }
    mWaiting = false;
    mCooling = true;
    mRemaining = kLightningRetryMs;
    ++mStrikes;
    LightningStrike s;
    const double ux = unitFrom15(mDraw()), uy = unitFrom15(mDraw());
    s.position = {static_cast<float>(mBounds.minX + (mBounds.maxX - mBounds.minX) * ux),
                  static_cast<float>(mBounds.minY + (mBounds.maxY - mBounds.minY) * uy), mBounds.z};
    s.bodyStartZ = mBounds.z + kLightningBodyStartAbove;
    s.bodyLowZ = s.bodyStartZ - kLightningBodyHeight / 2;
    s.bodyHighZ = s.bodyStartZ + kLightningBodyHeight / 2;
    return s;
}

}  // namespace vestige::iron3d::environment
