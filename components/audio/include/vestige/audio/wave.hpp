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

    // Errors (code wave.*): wave.magic, wave.truncated, wave.chunk_size, wave.no_fmt, wave.no_data,
    // wave.fmt_size, wave.fmt_value, wave.duplicate_chunk.
    [[nodiscard]] static Result<Wave> read(ByteView bytes);
    // Byte-exact for anything `read` accepted.
    [[nodiscard]] Bytes write() const;
};

// Builder: 16-bit PCM.
[[nodiscard]] Bytes buildPcm16Wave(int sampleRate, int channels, const std::vector<std::int16_t>& pcm);

}  // namespace vestige::audio
