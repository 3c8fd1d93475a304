#pragma once
// Ambient music (seed 002 "Ambient variations и переход день/ночь").
//
//   mission open: THEME starts as a loop (ambient_music_loop)
//   every frame:  elapsed += dt; when elapsed > delay (strict): pick one variation, elapsed = 0,
//                 delay = 10 + rand() % 10 seconds. The first delay is 0, so the first positive tick plays one.
//   pools:        DEFAULT_VARIATION1..n when neither DAY nor NIGHT exists; otherwise DAY when the first active sky
//                 object's base RGB has length > 1.1, else NIGHT — an empty chosen pool stays empty (index -1).
//   index:        a = (a << 1) ^ b; b = (b >> 1) ^ a; index = b % len (16-bit state); the previous index is
//                 drawn again while len > 1; the last index survives day/night switches; pause keeps everything.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/audio/sound.hpp"
#include "vestige/core/math.hpp"
#include "vestige/iron3d/environment/crt_rand.hpp"

namespace vestige::iron3d::environment {

class PairGenerator16 {
public:
    PairGenerator16(std::uint16_t a, std::uint16_t b) : mA(a), mB(b) {}
    std::uint16_t step() {
        mA = static_cast<std::uint16_t>((mA << 1) ^ mB);
        mB = static_cast<std::uint16_t>((mB >> 1) ^ mA);
        return mB;
    }
    [[nodiscard]] std::uint16_t a() const { return mA; }
    [[nodiscard]] std::uint16_t b() const { return mB; }

private:
    std::uint16_t mA, mB;
};

inline constexpr double kDayRgbLength = 1.1;
inline constexpr std::uint32_t kVariationDelayBase = 10, kVariationDelaySpread = 10;

struct AmbientConfig {
    audio::SampleKey theme;  // ambient_music_loop THEME (its LIBRARY in `library`)
    std::vector<audio::SampleKey> defaultPool, dayPool, nightPool;
};

enum class AmbientPool : std::uint8_t { Default, Day, Night };
[[nodiscard]] const char* poolName(AmbientPool pool);

struct VariationPick {
    double atSeconds = 0;  // logical time of the pick
    AmbientPool pool = AmbientPool::Default;
    int index = -1;               // -1: the chosen pool is empty, nothing plays
    std::uint32_t nextDelay = 0;  // seconds until the next attempt
    std::optional<audio::SampleKey> sample;
};

class AmbientMusic {
public:
    AmbientMusic(AmbientConfig config, PairGenerator16 generator, CrtRand rand)
        : mConfig(std::move(config)), mGen(generator), mRand(rand) {}
    // The THEME loop event; call once when the mission opens.
    [[nodiscard]] audio::SoundEvent start(std::uint64_t tick) const;
    // One frame of logical time; a pick when the timer fires. Paused frames must not be passed in.
    std::optional<VariationPick> update(double dtSeconds, Vec3 skyBaseRgb);
    [[nodiscard]] static AmbientPool choosePool(const AmbientConfig& config, Vec3 skyBaseRgb);
    [[nodiscard]] int lastIndex() const { return mIndex; }
    [[nodiscard]] double elapsed() const { return mElapsed; }
    [[nodiscard]] std::uint32_t delay() const { return mDelay; }
    [[nodiscard]] const PairGenerator16& generator() const { return mGen; }
    [[nodiscard]] const CrtRand& rand() const { return mRand; }

private:
    AmbientConfig mConfig;
    PairGenerator16 mGen;
    CrtRand mRand;
    double mTime = 0, mElapsed = 0;
    std::uint32_t mDelay = 0;
    int mIndex = -1;
};

// Loop id the environment gives the THEME loop.
inline constexpr std::uint32_t kThemeLoopId = 1;

}  // namespace vestige::iron3d::environment
