#pragma once
// Backend-neutral sound: what an engine asks to hear, never how. Engines emit SoundEvents on their fixed tick;
// an audio adapter (adapters/audio_openal) turns them into sources. Determinism tests compare the event list,
// never device output.
//
// Identity: a sample is (library, name) — one decoded sample serves any number of sources, each event makes its
// own source (or drives a loop by id).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"

namespace vestige::audio {

// Mixer buses (a compatible design choice, not a recovered layout: seed 002 "Громкость, mute и CD-аудио").
enum class Bus : std::uint8_t { Master, Effects, Ambient, Voice, Music };
inline constexpr int kBusCount = 5;
[[nodiscard]] const char* busName(Bus bus);

struct SampleKey {
    std::string library;  // archive the sample lives in ("sounds.lib"); empty = the caller's default library
    std::string name;     // entry name as written by the data ("atm_rain1.wav")
    friend bool operator==(const SampleKey&, const SampleKey&) = default;
};
// Folded identity for caches: ASCII case-insensitive, as archive lookups are.
[[nodiscard]] std::string cacheKey(const SampleKey& key);

// The ear: position and orientation of the camera frame being presented.
struct Listener {
    Vec3 position{};
    Vec3 forward{1, 0, 0};
    Vec3 up{0, 0, 1};
    Vec3 velocity{};
    friend bool operator==(const Listener&, const Listener&) = default;
};

enum class EventKind : std::uint8_t {
    StartLoop,      // open the sample, start a looping source `loopId`
    SetLoopVolume,  // keep loop `loopId`, apply `volume`
    StopLoop,       // stop loop `loopId`
    OneShot,        // a new source playing `sample` once
    StopOneShots,   // stop the one-shots of `owner` playing `sample` (every one of the owner's: empty sample name)
};
[[nodiscard]] const char* eventKindName(EventKind kind);

struct SoundEvent {
    std::uint64_t tick = 0;
    EventKind kind = EventKind::OneShot;
    Bus bus = Bus::Effects;
    std::uint32_t loopId = 0;  // loops only
    SampleKey sample;          // StartLoop and OneShot
    bool positional = false;   // false: 2D (head-relative, centred)
    Vec3 position{};
    float volume = 1.0f;
    float minDistance = 1.0f;  // full volume inside this distance
    float maxDistance = 1e9f;  // attenuation stops beyond it
    float frequencyRatio = 1.0f;
    // Who plays a one-shot, for stopping and replacing it (Source: the entity's slot + 1, its channel); 0: nobody.
    std::uint32_t owner = 0;
    int slot = 0;
    bool replaces = false;  // OneShot: first stops the owner's one-shots on the same slot
    // OneShot (Source's SND_CHANGE_VOL / SND_CHANGE_PITCH, S_AlterChannel): when the owner's one-shot of this
    // sample on this slot still plays, only its volume and/or rate change; otherwise it starts as a new one.
    bool alterVolume = false, alterPitch = false;
};

// One JSON object per event (a line of `--sound-events out.jsonl`): stable key order, floats as shortest
// round-trip text, so identical event lists give identical bytes.
[[nodiscard]] std::string toJsonLine(const SoundEvent& event);

// Decoded PCM, 16-bit signed, interleaved.
struct DecodedSample {
    int sampleRate = 0;
    int channels = 0;
    std::vector<std::int16_t> pcm;  // frames * channels values
    // The frame a loop returns to (Wave::loopStart), -1: plays once. Source loops such a wave whatever plays it
    // (a looping ambient sound is a wave with a cue point), until something stops it.
    std::int64_t loopStart = -1;
    [[nodiscard]] std::size_t frames() const {
        return channels > 0 ? pcm.size() / static_cast<std::size_t>(channels) : 0;
    }
    [[nodiscard]] double seconds() const { return sampleRate > 0 ? static_cast<double>(frames()) / sampleRate : 0.0; }
};
using SamplePtr = std::shared_ptr<const DecodedSample>;

}  // namespace vestige::audio
