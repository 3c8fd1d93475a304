#include "vestige/iron3d/environment/weather.hpp"

#include <algorithm>

namespace vestige::iron3d::environment {

WeatherState WeatherSchedule::at(std::uint32_t t) const {
    if (keys.empty()) return {};
    if (t <= keys.front().timeMs) return keys.front().state;
    if (t >= keys.back().timeMs) return keys.back().state;
    const auto next = std::upper_bound(keys.begin(), keys.end(), t,
                                       [](std::uint32_t v, const WeatherKey& k) { return v < k.timeMs; });
    const WeatherKey& b = *next;
    const WeatherKey& a = *(next - 1);
    const double f = static_cast<double>(t - a.timeMs) / static_cast<double>(b.timeMs - a.timeMs);
    auto mix = [f](float x, float y) { return static_cast<float>(x + (y - x) * f); };
    return {mix(a.state.rain, b.state.rain), mix(a.state.snow, b.state.snow),
            mix(a.state.lightning, b.state.lightning)};
}

audio::SampleKey parseSoundName(std::string_view text) {
    const auto slash = text.find_last_of("/\\");
    if (slash == std::string_view::npos) return {"", std::string(text)};
    return {std::string(text.substr(0, slash)), std::string(text.substr(slash + 1))};
}

audio::Listener listenerFor(const CameraFrame& camera) {
    audio::Listener l;
    l.position = camera.position;
    l.forward = camera.forward;
    l.up = camera.up;
    return l;
}

Environment::Environment(EnvironmentConfig config)
    : mConfig(std::move(config)),
      mStreams(mConfig.worldSeed),
      mRainField(Precipitation::Rain, mConfig.worldSeed),
      mSnowField(Precipitation::Snow, mConfig.worldSeed),
      mLightning(mConfig.lightningBounds, [this] {
          ++mAtmosphereDraws;
          if (mConfig.draw) return mConfig.draw() & kRand15Max;
          return mStreams.stream("atmosphere").next() & kRand15Max;
      }) {
    if (mConfig.ambient)
        mAmbient.emplace(*mConfig.ambient, PairGenerator16(mConfig.ambientSeedA, mConfig.ambientSeedB),
                         CrtRand(mConfig.crtSeed));
}

std::vector<audio::SoundEvent> Environment::start() {
    std::vector<audio::SoundEvent> out;
    if (mAmbient) out.push_back(mAmbient->start(mTick));
    return out;
}

void Environment::loopTransition(std::vector<audio::SoundEvent>& out, std::uint64_t tick, std::uint32_t loopId,
                                 const audio::SampleKey& sample, float intensity, std::optional<float>& playing) {
    audio::SoundEvent e;
    e.tick = tick;
    e.bus = audio::Bus::Ambient;
    e.loopId = loopId;
    e.volume = intensity;
    if (intensity > 0 && !playing) {
        e.kind = audio::EventKind::StartLoop;
        e.sample = sample;
        playing = intensity;
        out.push_back(std::move(e));
    } else if (intensity > 0 && *playing != intensity) {
        e.kind = audio::EventKind::SetLoopVolume;
        playing = intensity;
        out.push_back(std::move(e));
    } else if (!(intensity > 0) && playing) {
        e.kind = audio::EventKind::StopLoop;
        e.volume = 0;
        playing.reset();
        out.push_back(std::move(e));
    }
}

EnvironmentFrame Environment::step(const CameraFrame& camera, Vec3 skyRgb) {
    EnvironmentFrame f;
    f.tick = mTick++;
    f.rain = &mRainField.particles();
    f.snow = &mSnowField.particles();
    const double scalar = precipitationScalar(camera.viewportWidth, camera.verticalFov, camera.aspect);
    f.rainSize = particleSize(Precipitation::Rain, scalar);
    f.snowSize = particleSize(Precipitation::Snow, scalar);
    f.timeMs = mTimeMs;
    f.weather = mConfig.schedule.at(mTimeMs);
    if (mPaused) return f;
    mTimeMs += mConfig.tickMs;
    f.timeMs = mTimeMs;
    f.weather = mConfig.schedule.at(mTimeMs);
    const float dt = static_cast<float>(mConfig.tickMs) / 1000.0f;
    mRainField.update(camera, f.weather.rain, dt);
    mSnowField.update(camera, f.weather.snow, dt);
    loopTransition(f.sounds, f.tick, kRainLoopId, mConfig.rainLoop, f.weather.rain, mRainPlaying);
    if (!mConfig.snowLoop.name.empty())
        loopTransition(f.sounds, f.tick, kSnowLoopId, mConfig.snowLoop, f.weather.snow, mSnowPlaying);
    if (auto strike = mLightning.update(mConfig.tickMs, f.weather.lightning)) {
        audio::SoundEvent e;
        e.tick = f.tick;
        e.kind = audio::EventKind::OneShot;
        e.bus = audio::Bus::Effects;
        e.sample = mConfig.thunder;
        e.positional = true;
        e.position = strike->position;
        e.minDistance = kThunderMinDistance;
        e.maxDistance = kThunderMaxDistance;
        e.frequencyRatio = kThunderFrequencyRatio;
        f.sounds.push_back(std::move(e));
        f.lightning.push_back(*strike);
    }
    if (mAmbient) {
        f.variation = mAmbient->update(static_cast<double>(mConfig.tickMs) / 1000.0, skyRgb);
        if (f.variation && f.variation->sample) {
            audio::SoundEvent e;
            e.tick = f.tick;
            e.kind = audio::EventKind::OneShot;
            e.bus = audio::Bus::Music;
            e.sample = *f.variation->sample;
            f.sounds.push_back(std::move(e));
        }
    }
    return f;
}

}  // namespace vestige::iron3d::environment
