// Sound events to audio events (sound_mixer.hpp).
#include "vestige/source/client/sound_mixer.hpp"

#include <algorithm>
#include <cmath>

#include "vestige/core/text.hpp"

namespace vestige::source::client {
namespace {

constexpr float kRefDb = 60.0f, kRefDist = 36.0f;  // snd_refdb, snd_refdist
constexpr int kChanAuto = 0, kChanVoice = 2, kChanStatic = 6, kChanVoice2 = 7;

}  // namespace

float referenceDistance(float soundLevel) {
    if (soundLevel <= 0) return 0;
    return kRefDist * std::pow(10.0f, (soundLevel - kRefDb) / 20.0f);
}

SoundMixer::SoundMixer(std::uint64_t seed) : mRng(fnv1a64("sound", seed)) {}

float SoundMixer::pick(float lo, float hi) {
    if (hi <= lo) return lo;
    return lo + (hi - lo) * mRng.unit();
}

std::vector<audio::SoundEvent> SoundMixer::take(const game::SoundEvents& events, std::uint64_t* seen) {
    std::vector<audio::SoundEvent> out;
    for (const game::SoundEvent& e : events.since(*seen)) {
        if (e.stop) {
            // CBaseEntity::StopSound: a script's every wave, else the path, of the entity's sounds.
            ++mStats.stops;
            const game::SoundScript* script = events.scripts().find(e.name);
            const std::vector<std::string> named{e.name};
            for (const std::string& wave : script ? script->waves : named) {
                audio::SoundEvent s;
                s.tick = e.tick;
                s.kind = audio::EventKind::StopOneShots;
                s.owner = e.entity + 1;
                s.sample = {"", asciiLower(game::soundPath(wave))};
                if (s.sample.name.size() > 6) out.push_back(std::move(s));  // not a sentence, not empty
            }
            continue;
        }
        const game::SoundScript* script = e.script ? events.scripts().find(e.name) : nullptr;
        std::string wave = e.name;
        float volume = e.volume;
        if (script) {
            wave = script->waves.size() == 1
                       ? script->waves.front()
                       : script->waves[mRng.below(static_cast<std::uint32_t>(script->waves.size()))];
            volume = pick(script->volumeMin, script->volumeMax);
        }
        const std::string path = game::soundPath(wave);
        if (path.empty()) {
            ++mStats.sentences;
            continue;
        }
        if (path == "sound/") {
            ++mStats.noWave;
            continue;
        }
        audio::SoundEvent a;
        a.tick = e.tick;
        a.kind = audio::EventKind::OneShot;
        a.bus = e.channel == kChanVoice || e.channel == kChanVoice2 ? audio::Bus::Voice : audio::Bus::Effects;
        a.sample = {"", asciiLower(path)};
        a.volume = std::clamp(volume, 0.0f, 1.0f);
        a.frequencyRatio = std::max(pick(e.pitchMin, e.pitchMax), 1.0f) / 100.0f;
        // Bounded so a huge level from Lua stays a usable distance (never infinity into the output).
        const float ref = std::min(referenceDistance(e.soundLevel), a.maxDistance);
        a.positional = ref > 0;
        a.position = e.origin;
        a.minDistance = ref > 0 ? ref : 1.0f;
        // The entity's channels: a new sound on one cuts the old, except CHAN_AUTO and CHAN_STATIC (own channels).
        a.owner = e.entity + 1;
        a.slot = e.channel;
        a.replaces = e.channel != kChanAuto && e.channel != kChanStatic;
        out.push_back(std::move(a));
        ++mStats.played;
    }
    *seen = events.total();
    return out;
}

}  // namespace vestige::source::client
