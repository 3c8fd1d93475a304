#include "vestige/audio/load.hpp"

#include "vestige/audio/decode.hpp"

namespace vestige::audio {

const char* outcomeName(SoundOutcome outcome) {
    switch (outcome) {
        case SoundOutcome::EntryMissing:
            return "entry_missing";
        case SoundOutcome::EntryEmpty:
            return "entry_empty";
        case SoundOutcome::WaveInvalid:
            return "wave_invalid";
        case SoundOutcome::DecodedSample:
            return "decoded_sample";
    }
    return "?";
}

SoundLoad classifySound(const Result<Bytes>& bytes, const std::string& library, const std::string& name) {
    SoundLoad result;
    if (!bytes) {
        result.outcome = SoundOutcome::EntryMissing;
        result.error = Error("sound.entry_missing", "sound resource not found");
        result.error.in("cause", bytes.error().render()).entry(name).file(library);
    } else if (bytes->empty()) {
        result.outcome = SoundOutcome::EntryEmpty;
        result.error = Error("sound.entry_empty", "sound entry is empty (0 bytes): nothing to decode");
        result.error.entry(name).file(library);
    } else if (auto decoded = decodeWave(*bytes); !decoded) {
        result.outcome = SoundOutcome::WaveInvalid;
        result.error = std::move(decoded).error();
        result.error.entry(name).file(library);
    } else {
        result.outcome = SoundOutcome::DecodedSample;
        result.sample = std::make_shared<const DecodedSample>(std::move(*decoded));
    }
    return result;
}

}  // namespace vestige::audio
