#include "vestige/audio/decode.hpp"

#include <fmt/format.h>
#include <sndfile.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace vestige::audio {

namespace {

// libsndfile's virtual I/O over memory: a read-only view or a growing buffer.
struct Memory {
    ByteView in;
    Bytes* out = nullptr;
    sf_count_t pos = 0;
    [[nodiscard]] sf_count_t size() const {
        return out ? static_cast<sf_count_t>(out->size()) : static_cast<sf_count_t>(in.size());
    }
};

sf_count_t vioLength(void* user) { return static_cast<Memory*>(user)->size(); }
sf_count_t vioSeek(sf_count_t offset, int whence, void* user) {
    auto* m = static_cast<Memory*>(user);
    sf_count_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? m->pos : m->size();
    const sf_count_t to = base + offset;
    if (to < 0) return -1;
    m->pos = to;
    return m->pos;
}
sf_count_t vioRead(void* ptr, sf_count_t count, void* user) {
    auto* m = static_cast<Memory*>(user);
    const sf_count_t have = std::max<sf_count_t>(0, m->size() - m->pos);
    const sf_count_t n = std::min(count, have);
    if (n > 0) std::memcpy(ptr, (m->out ? m->out->data() : m->in.data()) + m->pos, static_cast<std::size_t>(n));
    m->pos += n;
    return n;
}
sf_count_t vioWrite(const void* ptr, sf_count_t count, void* user) {
    auto* m = static_cast<Memory*>(user);
    if (!m->out) return 0;
    const auto end = static_cast<std::size_t>(m->pos + count);
    if (m->out->size() < end) m->out->resize(end);
    std::memcpy(m->out->data() + m->pos, ptr, static_cast<std::size_t>(count));
    m->pos += count;
    return count;
}
sf_count_t vioTell(void* user) { return static_cast<Memory*>(user)->pos; }

SF_VIRTUAL_IO kVio{vioLength, vioSeek, vioRead, vioWrite, vioTell};

Error sndfileError(SNDFILE* f, std::string what) {
    return Error("wave.decode", fmt::format("{}: {}", what, sf_strerror(f)));
}

}  // namespace

Result<DecodedSample> decodeWave(ByteView bytes) {
    VESTIGE_TRY(const Wave wave, Wave::read(bytes));
    Memory mem{bytes};
    SF_INFO info{};
    SNDFILE* f = sf_open_virtual(&kVio, SFM_READ, &info, &mem);
    if (!f) return sndfileError(nullptr, "libsndfile cannot open the stream");
    DecodedSample out;
    out.sampleRate = info.samplerate;
    out.channels = info.channels;
    std::uint64_t samples = 0;
    if (info.frames < 0 || info.channels <= 0 ||
        !checkedMul(static_cast<std::uint64_t>(info.frames), static_cast<std::uint64_t>(info.channels), samples) ||
        samples > (std::uint64_t{1} << 31)) {
        sf_close(f);
        return Error("wave.decode", "decoded size is out of range").actual(fmt::format("{} frames", info.frames));
    }
    out.pcm.resize(static_cast<std::size_t>(samples));
    const sf_count_t got = sf_readf_short(f, out.pcm.data(), info.frames);
    const int err = sf_error(f);
    if (err != SF_ERR_NO_ERROR) {
        Error e = sndfileError(f, "libsndfile failed while decoding");
        sf_close(f);
        return e;
    }
    sf_close(f);
    std::uint64_t frames = static_cast<std::uint64_t>(got);
    // Compressed streams end on a whole block; the fact chunk holds the real length (RIFF's definition), so the
    // padding frames of the last block are not part of the sound.
    if (wave.factFrames && wave.format.formatTag != kWaveFormatPcm && *wave.factFrames < frames)
        frames = *wave.factFrames;
    out.pcm.resize(static_cast<std::size_t>(frames) * static_cast<std::size_t>(info.channels));
    // A loop point past the last frame has nothing to return to: the wave plays once.
    if (const auto loop = wave.loopStart(); loop && *loop < frames) out.loopStart = *loop;
    if (wave.format.sampleRate != static_cast<std::uint32_t>(out.sampleRate) ||
        wave.format.channels != static_cast<std::uint16_t>(out.channels))
        return Error("wave.decode", "decoder disagrees with the fmt chunk")
            .expected(fmt::format("{} Hz, {} ch", wave.format.sampleRate, wave.format.channels))
            .actual(fmt::format("{} Hz, {} ch", out.sampleRate, out.channels));
    return out;
}

Result<Bytes> encodeWave(const DecodedSample& sample, WaveEncoding encoding) {
    if (sample.channels <= 0 || sample.sampleRate <= 0) return Error("wave.encode", "sample has no channels or rate");
    Bytes bytes;
    Memory mem{{}, &bytes};
    SF_INFO info{};
    info.samplerate = sample.sampleRate;
    info.channels = sample.channels;
    info.format = SF_FORMAT_WAV | (encoding == WaveEncoding::MsAdpcm ? SF_FORMAT_MS_ADPCM : SF_FORMAT_PCM_16);
    SNDFILE* f = sf_open_virtual(&kVio, SFM_WRITE, &info, &mem);
    if (!f) return Error("wave.encode", fmt::format("libsndfile cannot open a writer: {}", sf_strerror(nullptr)));
    // No PEAK or other optional chunks: the file holds fmt, (fact,) data only.
    sf_command(f, SFC_SET_ADD_PEAK_CHUNK, nullptr, SF_FALSE);
    const auto frames = static_cast<sf_count_t>(sample.frames());
    const sf_count_t put = sf_writef_short(f, sample.pcm.data(), frames);
    const int closeErr = sf_close(f);
    if (put != frames || closeErr != 0) return Error("wave.encode", "libsndfile wrote fewer frames than given");
    return bytes;
}

}  // namespace vestige::audio
