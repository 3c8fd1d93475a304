#pragma once
// The client's side of Source sound: the world's sound events (game/sound.hpp) become backend-neutral audio events
// (components/audio) that an output (adapters/audio_openal) plays. What it decides, as Source's client does:
//
// - the wave: a soundscript's one wave, or one of its rndwave list picked at random; otherwise the name is a path
//   under sound/ (sound characters such as ")" or "^" stripped, soundscripts.hpp);
// - volume and pitch: a script's range picked at random, else the caller's; pitch percent -> playback rate;
// - distance: Source's gain 1 / (distance * distMult), distMult = 10^((snd_refdb - level) / 20) / snd_refdist
//   (snd_refdb 60, snd_refdist 36), never above 1 (snd_gain_max) — an inverse-distance curve clamped at the
//   reference distance 1 / distMult (202.4 units at SNDLVL_NORM 75). SNDLVL_NONE (0) is heard everywhere, unpanned.
//   snd_foliage_db_loss (4 dB per 1200 units more) and DSP presets are not applied.
//
// - channels: a one-shot is owned by its entity (slot + 1) on its channel; a new sound on an entity's channel cuts
//   the one playing there, except on CHAN_AUTO and CHAN_STATIC, which get channels of their own (snd_dma's
//   SND_PickChannel); StopSound stops the entity's sounds of that name (a script: each of its waves), whatever the
//   channel (Source matches the channel too; our choice, since the name already says which).
//
// Sentences ("!NAME") are counted and silent. Random picks come from the mixer's own stream, so the game's trace
// never depends on what was heard.
#include <cstdint>
#include <span>
#include <vector>

#include "vestige/audio/sound.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/source/game/sound.hpp"

namespace vestige::source::client {

// Source's reference distance for a sound level (dB): where the gain falls to 1. 0 for SNDLVL_NONE.
[[nodiscard]] float referenceDistance(float soundLevel);

struct SoundMixStats {
    std::uint64_t played = 0;     // one-shots handed to the output
    std::uint64_t stops = 0;      // StopSound events
    std::uint64_t sentences = 0;  // "!NAME" sounds (not played)
    std::uint64_t noWave = 0;     // a script with no usable wave path
};

class SoundMixer {
public:
    explicit SoundMixer(std::uint64_t seed = 0);
    // The events `events` received since `*seen` (a total() this mixer saw before; updated), as audio events. Call
    // it after every tick and after console commands ran, so no tick's list is cleared before it was read.
    [[nodiscard]] std::vector<audio::SoundEvent> take(const game::SoundEvents& events, std::uint64_t* seen);
    [[nodiscard]] const SoundMixStats& stats() const { return mStats; }

private:
    [[nodiscard]] float pick(float lo, float hi);
    Pcg32 mRng;
    SoundMixStats mStats;
};

}  // namespace vestige::source::client
