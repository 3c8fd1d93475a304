#include "vestige/iron3d/environment/sample.hpp"

#include <algorithm>
#include <cmath>

#include "vestige/audio/decode.hpp"
#include "vestige/core/rng.hpp"

namespace vestige::iron3d::environment {

namespace {

constexpr int kRate = 22050;

audio::DecodedSample mono(std::size_t frames) {
    audio::DecodedSample s;
    s.sampleRate = kRate;
    s.channels = 1;
    s.pcm.resize(frames);
    return s;
}

std::int16_t clip(double v) { return static_cast<std::int16_t>(std::lround(std::clamp(v, -32767.0, 32767.0))); }

// One-pole low-passed noise: rain hiss (bright) or thunder rumble (dark, with a decay).
audio::DecodedSample noise(double seconds, double smoothing, double decay, std::uint64_t seed) {
    audio::DecodedSample s = mono(static_cast<std::size_t>(seconds * kRate));
    Pcg32 rng(seed);
    double y = 0;
    for (std::size_t i = 0; i < s.pcm.size(); ++i) {
        const double x = rng.unit() * 2 - 1;
        y += (x - y) * smoothing;
        const double t = static_cast<double>(i) / kRate;
        s.pcm[i] = clip(y * 9000 / std::sqrt(smoothing) * std::exp(-decay * t));
    }
    return s;
}

audio::DecodedSample tones(double seconds, std::initializer_list<double> hz) {
    audio::DecodedSample s = mono(static_cast<std::size_t>(seconds * kRate));
    for (std::size_t i = 0; i < s.pcm.size(); ++i) {
        const double t = static_cast<double>(i) / kRate;
        const double envelope = std::min(1.0, t * 20) * std::min(1.0, (seconds - t) * 20);
        double v = 0;
        for (double f : hz) v += std::sin(2 * M_PI * f * t);
        s.pcm[i] = clip(v * 6000 / static_cast<double>(hz.size()) * envelope);
    }
    return s;
}

}  // namespace

Result<std::vector<SampleSound>> sampleSounds() {
    std::vector<SampleSound> out;
    auto add = [&](std::string name, const audio::DecodedSample& s, audio::WaveEncoding enc) -> Status {
        VESTIGE_TRY(Bytes wave, audio::encodeWave(s, enc));
        out.push_back({std::move(name), std::move(wave)});
        return {};
    };
    VESTIGE_CHECK(add("RAIN.WAV", noise(2.0, 0.6, 0.0, 11), audio::WaveEncoding::Pcm16));
    VESTIGE_CHECK(add("THUNDER.WAV", noise(1.5, 0.02, 2.0, 12), audio::WaveEncoding::MsAdpcm));
    VESTIGE_CHECK(add("THEME.WAV", tones(4.0, {220, 277.18, 329.63}), audio::WaveEncoding::MsAdpcm));
    VESTIGE_CHECK(add("DAY1.WAV", tones(1.0, {523.25, 659.25}), audio::WaveEncoding::Pcm16));
    VESTIGE_CHECK(add("DAY2.WAV", tones(1.0, {587.33, 739.99}), audio::WaveEncoding::Pcm16));
    VESTIGE_CHECK(add("NIGHT1.WAV", tones(1.0, {196, 233.08}), audio::WaveEncoding::Pcm16));
    out.push_back({"ALIEN_ME.WAV", {}});
    return out;
}

EnvironmentConfig sampleStorm() {
    EnvironmentConfig c;
    // The storm's lightning starts at full strength at 5 s (a key just before it holds 0): a timer drawn while
    // the intensity is still near 0 would wait most of a minute.
    c.schedule.keys = {{0, {0, 0, 0}},        {2000, {0.6f, 0, 0}},  {4999, {1, 0, 0}},          {5000, {1, 0, 0.95f}},
                       {9000, {1, 0, 0.95f}}, {10000, {0.3f, 0, 0}}, {kSampleStormMs, {0, 0, 0}}};
    c.rainLoop = parseSoundName("RAIN.WAV");
    c.thunder = parseSoundName("sounds.lib/THUNDER.WAV");
    c.lightningBounds = {-400, -400, 400, 400, 300};
    AmbientConfig amb;
    amb.theme = parseSoundName("THEME.WAV");
    amb.dayPool = {parseSoundName("DAY1.WAV"), parseSoundName("DAY2.WAV")};
    amb.nightPool = {parseSoundName("NIGHT1.WAV")};
    c.ambient = amb;
    c.ambientSeedA = 0x1234;
    c.ambientSeedB = 0x5678;
    c.worldSeed = 2026;
    return c;
}

fx::Effect sampleEffect() {
    fx::Effect e;
    e.header.durationS = 1.5f;
    e.commands.push_back(fx::makeCommand(1, true));
    e.commands.push_back(fx::makeCommand(fx::kSoundOpcode, true, "", "THUNDER.WAV"));
    e.commands.push_back(fx::makeCommand(fx::kSoundOpcode, false, "sounds.lib", "RAIN.WAV"));
    e.commands.push_back(fx::makeCommand(6, true));
    return e;
}

}  // namespace vestige::iron3d::environment
