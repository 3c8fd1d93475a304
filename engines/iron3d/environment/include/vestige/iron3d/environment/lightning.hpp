#pragma once
// Lightning (seed 002 "Погода, осадки и звуковые события"): its own timer, a strike position inside
// LightningBounds, a visual contract for the renderer and a one-shot thunder sound at the same point.
//
//   delay_ms = round_even((1 - min(I, 0.95)) * 60000 * U)     U = r / 32767, r a 15-bit draw of the stream
//   strike: x, y sampled inside the bounds (two more 15-bit draws), z copied from the bounds
//   then 6000 ms before the next attempt (which draws a new delay)
//   visual: body opcode 3 with descriptor [40, 40, 600] starting at z + 300 (ends at z and z + 600 for a zero local
//   offset), opcode 1 point light at the same time; sound: OneShot, min distance 100, max 1500, frequency ratio 1
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "vestige/core/math.hpp"

namespace vestige::iron3d::environment {

struct LightningBounds {
    float minX = 0, minY = 0, maxX = 0, maxY = 0;
    float z = 0;
};

inline constexpr float kLightningIntensityCap = 0.95f;
inline constexpr double kLightningDelayScaleMs = 60000.0;
inline constexpr std::uint32_t kLightningRetryMs = 6000;
inline constexpr float kLightningBodyWidth = 40, kLightningBodyDepth = 40, kLightningBodyHeight = 600;
inline constexpr float kLightningBodyStartAbove = 300;
inline constexpr float kThunderMinDistance = 100, kThunderMaxDistance = 1500, kThunderFrequencyRatio = 1;
inline constexpr std::uint32_t kRand15Max = 0x7FFF;

[[nodiscard]] std::uint32_t lightningDelayMs(float intensity, double u);
[[nodiscard]] double unitFrom15(std::uint32_t r);  // r / 32767

struct LightningStrike {
    Vec3 position{};  // x, y sampled, z from the bounds
    std::uint32_t bodyOpcode = 3;
    Vec3 bodyDescriptor{kLightningBodyWidth, kLightningBodyDepth, kLightningBodyHeight};
    float bodyStartZ = 0;  // z + 300
    float bodyLowZ = 0;    // z
    float bodyHighZ = 0;   // z + 600
    std::uint32_t lightOpcode = 1;
};

// The timer: idle while the lightning intensity is 0, otherwise waiting for its drawn delay, then cooling down.
class LightningTimer {
public:
    using Draw15 = std::function<std::uint32_t()>;  // 0..32767 from the named atmosphere stream
    LightningTimer(LightningBounds bounds, Draw15 draw) : mBounds(bounds), mDraw(std::move(draw)) {}
    // Advances by dtMs; returns the strike that falls due in this step, if any.
    std::optional<LightningStrike> update(std::uint32_t dtMs, float intensity);
    [[nodiscard]] std::optional<std::uint32_t> pendingDelay() const {
        return mWaiting ? std::optional(mRemaining) : std::nullopt;
    }
    [[nodiscard]] std::uint64_t strikes() const { return mStrikes; }

private:
    LightningBounds mBounds;
    Draw15 mDraw;
    bool mWaiting = false, mCooling = false;
    std::uint32_t mRemaining = 0;
    std::uint64_t mStrikes = 0;
};

}  // namespace vestige::iron3d::environment
