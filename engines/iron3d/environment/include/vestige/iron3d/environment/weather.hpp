#pragma once
// EnvironmentFrame: each tick, the weather state becomes world particles and lightning for the renderer and sound
// transitions (StartLoop, SetLoopVolume, StopLoop, OneShot) for the audio side (seed 002 "Погода, осадки и
// звуковые события"). The system decides what happens and where; it never draws or plays.
//
// The schedule: sky.ske holds it in the original, but its byte layout is not published (spec §4.3 lists SKE as a
// raw preload entry). Vestige therefore takes the schedule as typed keys — built by our demo and tests, or given on
// the command line — and interpolates the intensities linearly between keys as the seed says, clamped at the ends.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "vestige/audio/sound.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/iron3d/environment/ambient.hpp"
#include "vestige/iron3d/environment/lightning.hpp"
#include "vestige/iron3d/environment/precipitation.hpp"

namespace vestige::iron3d::environment {

struct WeatherState {
    float rain = 0, snow = 0, lightning = 0;
    friend bool operator==(const WeatherState&, const WeatherState&) = default;
};

struct WeatherKey {
    std::uint32_t timeMs = 0;
    WeatherState state;
};

struct WeatherSchedule {
    std::vector<WeatherKey> keys;  // ascending time
    [[nodiscard]] WeatherState at(std::uint32_t timeMs) const;
};

// "atm_rain1.wav" -> {"", "atm_rain1.wav"} (the mission's library); "sounds.lib/boom.wav" -> explicit archive.
[[nodiscard]] audio::SampleKey parseSoundName(std::string_view text);

// The listener is the presented camera frame, the same one terrain and particles use (seed 002 "3D listener и
// sources": updated before world traversal).
[[nodiscard]] audio::Listener listenerFor(const CameraFrame& camera);

inline constexpr std::uint32_t kRainLoopId = 2, kSnowLoopId = 3;
// World3D's fixed step (spec §14): 16 ms.
inline constexpr std::uint32_t kEnvironmentTickMs = 16;

struct EnvironmentConfig {
    WeatherSchedule schedule;
    audio::SampleKey rainLoop, snowLoop, thunder;
    LightningBounds lightningBounds;
    std::optional<AmbientConfig> ambient;
    std::uint16_t ambientSeedA = 1, ambientSeedB = 1;  // the 16-bit pair generator's start state
    std::uint32_t crtSeed = 1;                         // the ambient delay's rand() (srand(1) by default)
    std::uint64_t worldSeed = 0;                       // named streams: "atmosphere" (lightning), particles
    // When set, the lightning's 15-bit draws come from here (a loaded mission passes World3D's section-14
    // "atmosphere" stream, mission/environment_system.hpp); unset, from the PCG32 "atmosphere" stream of worldSeed.
    std::function<std::uint32_t()> draw;
    std::uint32_t tickMs = kEnvironmentTickMs;
};

struct EnvironmentFrame {
    std::uint64_t tick = 0;
    std::uint32_t timeMs = 0;
    WeatherState weather;
    float rainSize = 0, snowSize = 0;
    const std::vector<Particle>* rain = nullptr;
    const std::vector<Particle>* snow = nullptr;
    std::vector<LightningStrike> lightning;
    std::vector<audio::SoundEvent> sounds;
    std::optional<VariationPick> variation;
};

class Environment {
public:
    explicit Environment(EnvironmentConfig config);
    Environment(const Environment&) = delete;  // the lightning draw captures this object
    Environment& operator=(const Environment&) = delete;
    // The events of mission start (the THEME loop); call once before the first step.
    [[nodiscard]] std::vector<audio::SoundEvent> start();
    // One fixed tick. While paused the tick still counts, but no logical time passes: weather, timers and
    // particles hold, and no events are produced.
    EnvironmentFrame step(const CameraFrame& camera, Vec3 skyBaseRgb);
    void setPaused(bool paused) { mPaused = paused; }
    [[nodiscard]] std::uint64_t atmosphereDraws() const { return mAtmosphereDraws; }
    [[nodiscard]] std::uint32_t timeMs() const { return mTimeMs; }

private:
    void loopTransition(std::vector<audio::SoundEvent>& out, std::uint64_t tick, std::uint32_t loopId,
                        const audio::SampleKey& sample, float intensity, std::optional<float>& playing);

    EnvironmentConfig mConfig;
    RngStreams mStreams;
    std::uint64_t mAtmosphereDraws = 0;
    PrecipitationField mRainField, mSnowField;
    LightningTimer mLightning;
    std::optional<AmbientMusic> mAmbient;
    std::optional<float> mRainPlaying, mSnowPlaying;  // volume last sent
    std::uint64_t mTick = 0;
    std::uint32_t mTimeMs = 0;
    bool mPaused = false;
};

}  // namespace vestige::iron3d::environment
