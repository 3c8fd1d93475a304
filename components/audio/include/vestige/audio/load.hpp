#pragma once
// What reading one sound resource can give: the four outcomes Iron3D's loader keeps apart (seed 002 "Sound
// resources и SWAV"), useful for any engine's sounds — the entry is missing, the entry is empty (0 bytes never
// reach the RIFF parser), the wave is invalid, or a decoded sample.
#include <cstdint>
#include <string>

#include "vestige/audio/sound.hpp"
#include "vestige/core/bytes.hpp"
#include "vestige/core/error.hpp"
#include "vestige/core/result.hpp"

namespace vestige::audio {

enum class SoundOutcome : std::uint8_t { EntryMissing, EntryEmpty, WaveInvalid, DecodedSample };
[[nodiscard]] const char* outcomeName(
    SoundOutcome outcome);  // entry_missing, entry_empty, wave_invalid, decoded_sample

struct SoundLoad {
    SoundOutcome outcome = SoundOutcome::EntryMissing;
    SamplePtr sample;  // DecodedSample only
    Error error;       // the other outcomes: library (file) -> entry (-> field, offset)
};

// The outcome of one read (`bytes` as the VFS or the host answered it) of `name` in `library`.
[[nodiscard]] SoundLoad classifySound(const Result<Bytes>& bytes, const std::string& library, const std::string& name);

}  // namespace vestige::audio
