#pragma once
// Demo content made by our own code: a small set of SWAV sounds (synthesised, PCM and MS ADPCM, plus the empty
// entry the original corpus has) and a rain-to-storm schedule that uses them.
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/environment/weather.hpp"
#include "vestige/iron3d/fx/fx.hpp"

namespace vestige::iron3d::environment {

struct SampleSound {
    std::string name;
    Bytes wave;  // empty for the 0-byte entry
};

// RAIN.WAV (filtered noise, PCM), THUNDER.WAV (decaying rumble, MS ADPCM), THEME.WAV (chord, MS ADPCM),
// DAY1.WAV, DAY2.WAV, NIGHT1.WAV (short tones, PCM), ALIEN_ME.WAV (0 bytes). Mono, 22,050 Hz like the original's.
[[nodiscard]] Result<std::vector<SampleSound>> sampleSounds();

// 12 s: clear, rain from 2 s, a storm with lightning from 5 s, clearing from 10 s. Rain and the variations come
// from the mission library; thunder names its archive (`sounds.lib/THUNDER.WAV`).
[[nodiscard]] EnvironmentConfig sampleStorm();
inline constexpr std::uint32_t kSampleStormMs = 12000;

// A small FXID effect of our own (1.5 s, time mode 0): an op-1 command, an enabled op-2 sound naming THUNDER.WAV
// without an archive (so the mission's library serves it), a disabled op-2 (no event) and an op-6.
[[nodiscard]] fx::Effect sampleEffect();

}  // namespace vestige::iron3d::environment
