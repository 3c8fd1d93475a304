#pragma once
// RIFF/WAVE to 16-bit PCM through libsndfile (Debian's; PCM, MS ADPCM, IMA ADPCM, ...), and the reverse for our
// own fixtures and demo content. The structure is checked by Wave::read first, so a file libsndfile would
// silently truncate or guess at is refused with a field and an offset before any decoder runs.
#include "vestige/audio/sound.hpp"
#include "vestige/audio/wave.hpp"
#include "vestige/core/result.hpp"

namespace vestige::audio {

// Compressed streams are cut to the fact chunk's frame count (the last block's padding is not sound).
// Errors: the wave.* codes of Wave::read, then wave.decode (libsndfile refused the stream; its message kept).
[[nodiscard]] Result<DecodedSample> decodeWave(ByteView bytes);

enum class WaveEncoding { Pcm16, MsAdpcm };
// A RIFF/WAVE file holding `sample` (libsndfile's encoder; MS ADPCM with its standard 7 coefficients).
[[nodiscard]] Result<Bytes> encodeWave(const DecodedSample& sample, WaveEncoding encoding);

}  // namespace vestige::audio
