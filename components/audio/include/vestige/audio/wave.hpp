#pragma once
// RIFF/WAVE files as Iron3D's sounds.lib (SWAV) and Source's sound/*.wav store them.
//
//   offset  size  field
//   0       4     "RIFF"
//   4       4     riff_size        bytes after this field that belong to the RIFF chunk ("WAVE" + chunks)
//   8       4     "WAVE"
//   12      ...   chunk*           id[4], size:u32, payload[size], one pad byte when size is odd
//   12+riff_size-4 ...             trailing bytes outside the RIFF chunk (kept raw)
//
//   "fmt " payload (>= 16 bytes)
//   +0  u16 format_tag       1 PCM, 2 MS ADPCM, 0x11 IMA ADPCM, ...
//   +2  u16 channels
//   +4  u32 sample_rate
//   +8  u32 byte_rate
//   +12 u16 block_align
//   +14 u16 bits_per_sample
//   +16 u16 extra_size       (format_tag != 1; present when the payload is longer than 16)
//   +18 extra[extra_size]    MS ADPCM: u16 samples_per_block, u16 coef_count, coef_count x (i16, i16)
//
//   "data" payload: the samples; "fact" payload: u32 sample_frames (compressed formats).
//
//   "cue " payload (loop start, as Source reads it)    "smpl" payload (the sampler's loops)
//   +0  u32 cue_count                                  +0   7 x u32   manufacturer ... smpte_offset
//   +4  first cue point, 24 bytes:                     +28  u32 loop_count
//       u32 name, u32 position, char[4] chunk,         +32  u32 sampler_data
//       u32 chunk_start, u32 block_start,              +36  first loop, 24 bytes: u32 id, u32 type,
//       u32 sample_offset (+20: the loop start frame)         u32 start (+8: the loop start frame), u32 end, ...
//
// Three layers: `Wave::chunks` keeps every chunk's bytes in file order (unknown chunks included) and the writer
// emits them back byte-exact; `Wave::format` and `dataChunk` are the validated structure; decoding to PCM is in
// decode.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::audio {

constexpr std::uint16_t kWaveFormatPcm = 1;
constexpr std::uint16_t kWaveFormatMsAdpcm = 2;
constexpr std::uint16_t kWaveFormatImaAdpcm = 0x11;

struct RiffChunk {
    std::string id;            // four bytes as written
    std::uint64_t offset = 0;  // of the chunk header in the file
    Bytes payload;
    bool padded = false;       // an odd-sized chunk followed by its pad byte
    std::uint8_t padByte = 0;  // the pad byte's value (writers emit it back)
};

struct WaveFormat {
    std::uint16_t formatTag = 0;
    std::uint16_t channels = 0;
    std::uint32_t sampleRate = 0;
    std::uint32_t byteRate = 0;
    std::uint16_t blockAlign = 0;
    std::uint16_t bitsPerSample = 0;
    Bytes extra;  // bytes after extra_size (or after the 16-byte core when no size)
    bool hasExtraSize = false;
    std::uint16_t samplesPerBlock = 0;     // MS ADPCM only
    std::vector<std::int16_t> adpcmCoefs;  // MS ADPCM only: pairs
};

struct Wave {
    std::uint32_t riffSize = 0;
    std::vector<RiffChunk> chunks;
    Bytes trailing;  // bytes after the RIFF chunk
    WaveFormat format;
    std::size_t formatChunk = 0;
    std::size_t dataChunk = 0;
    std::optional<std::uint32_t> factFrames;

    [[nodiscard]] const Bytes& data() const { return chunks[dataChunk].payload; }
    // Frames the data holds by the format's own arithmetic (PCM: size / block_align; MS ADPCM: whole blocks
    // times samples_per_block plus the partial last block), before any decoder runs.
    [[nodiscard]] std::uint64_t frameCount() const;
    [[nodiscard]] double seconds() const;
    [[nodiscard]] std::string formatName() const;  // "pcm16", "ms_adpcm", ...
    // The frame a looping play returns to, as Source's CAudioSourceWave finds it: the first cue point's sample
    // offset, or the first sampler loop's start, whichever of the two chunks comes later in the file; the loop
    // ends at the end of the data. nullopt: the wave plays once. A chunk too short for its first point (or a
    // sampler chunk with no loops) gives no loop point, as Source reads nothing from it.
    [[nodiscard]] std::optional<std::uint32_t> loopStart() const;

    // Errors (code wave.*): wave.magic, wave.truncated, wave.chunk_size, wave.no_fmt, wave.no_data,
    // wave.fmt_size, wave.fmt_value, wave.duplicate_chunk.
    [[nodiscard]] static Result<Wave> read(ByteView bytes);
    // Byte-exact for anything `read` accepted.
    [[nodiscard]] Bytes write() const;
};

// Builder: 16-bit PCM; with `loopStart`, a "cue " chunk holding one cue point at that frame (a looping wave).
[[nodiscard]] Bytes buildPcm16Wave(int sampleRate, int channels, const std::vector<std::int16_t>& pcm,
                                   std::optional<std::uint32_t> loopStart = std::nullopt);

}  // namespace vestige::audio
