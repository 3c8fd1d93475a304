#include "vestige/audio/wave.hpp"

#include <fmt/format.h>

namespace vestige::audio {

namespace {

Error waveError(std::string code, std::string message, std::string field, std::uint64_t at) {
    return Error::atField(std::move(code), std::move(message), std::move(field), at);
}

Result<WaveFormat> readFormat(const RiffChunk& chunk) {
    const std::uint64_t base = chunk.offset + 8;
    if (chunk.payload.size() < 16)
        return waveError("wave.fmt_size", "fmt chunk is shorter than its 16-byte core", "fmt.size", chunk.offset + 4)
            .expected(">= 16")
            .actual(std::to_string(chunk.payload.size()));
    ByteReader r(chunk.payload, base);
    WaveFormat f;
    VESTIGE_TRY(f.formatTag, r.u16("format_tag"));
    VESTIGE_TRY(f.channels, r.u16("channels"));
    VESTIGE_TRY(f.sampleRate, r.u32("sample_rate"));
    VESTIGE_TRY(f.byteRate, r.u32("byte_rate"));
    VESTIGE_TRY(f.blockAlign, r.u16("block_align"));
    VESTIGE_TRY(f.bitsPerSample, r.u16("bits_per_sample"));
    if (f.channels == 0)
        return waveError("wave.fmt_value", "no channels", "channels", base + 2).expected(">= 1").actual("0");
    if (f.sampleRate == 0)
        return waveError("wave.fmt_value", "sample rate is 0", "sample_rate", base + 4).expected("> 0").actual("0");
    if (f.blockAlign == 0)
        return waveError("wave.fmt_value", "block align is 0", "block_align", base + 12).expected("> 0").actual("0");
    if (f.formatTag == kWaveFormatPcm) {
        if (f.bitsPerSample != 8 && f.bitsPerSample != 16 && f.bitsPerSample != 24 && f.bitsPerSample != 32)
            return waveError("wave.fmt_value", "PCM sample width is not 8, 16, 24 or 32 bits", "bits_per_sample",
                             base + 14)
                .actual(std::to_string(f.bitsPerSample));
        const std::uint32_t want = static_cast<std::uint32_t>(f.channels) * (f.bitsPerSample / 8u);
        if (f.blockAlign != want)
            return waveError("wave.fmt_value", "PCM block align is not channels x bytes per sample", "block_align",
                             base + 12)
                .expected(std::to_string(want))
                .actual(std::to_string(f.blockAlign));
    }
    if (r.remaining() >= 2) {
        f.hasExtraSize = true;
        VESTIGE_TRY(const std::uint16_t extraSize, r.u16("extra_size"));
        VESTIGE_TRY(ByteView extra, r.bytes(extraSize, "extra"));
        f.extra.assign(extra.begin(), extra.end());
        // Bytes past the declared extra stay in the raw chunk (written back); the structure has no use for them.
    } else if (!r.atEnd()) {
        VESTIGE_TRY(ByteView extra, r.bytes(r.remaining(), "extra"));
        f.extra.assign(extra.begin(), extra.end());
    }
    if (f.formatTag == kWaveFormatMsAdpcm) {
        ByteReader x(f.extra, base + 18);
        VESTIGE_TRY(f.samplesPerBlock, x.u16("samples_per_block"));
        VESTIGE_TRY(const std::uint16_t coefCount, x.u16("coef_count"));
        VESTIGE_TRY(ByteReader coefs, x.array(coefCount, 4, "coefs"));
        f.adpcmCoefs.reserve(static_cast<std::size_t>(coefCount) * 2);
        for (std::uint32_t i = 0; i < 2u * coefCount; ++i) {
            VESTIGE_TRY(const std::int16_t c, coefs.i16("coef"));
            f.adpcmCoefs.push_back(c);
        }
        // A block starts with a 7-byte header per channel (predictor, delta, two samples) that yields 2 frames;
        // every further byte holds 2 nibbles, one per channel-sample.
        const std::uint64_t headerBytes = 7ull * f.channels;
        if (f.blockAlign < headerBytes || f.samplesPerBlock < 2)
            return waveError("wave.fmt_value", "MS ADPCM block cannot hold its channel headers", "block_align",
                             base + 12)
                .expected(fmt::format(">= {}", headerBytes))
                .actual(std::to_string(f.blockAlign));
        const std::uint64_t maxFrames = 2 + (static_cast<std::uint64_t>(f.blockAlign) - headerBytes) * 2 / f.channels;
        if (f.samplesPerBlock > maxFrames)
            return waveError("wave.fmt_value", "MS ADPCM samples per block exceed what a block holds",
                             "samples_per_block", base + 18)
                .expected(fmt::format("<= {}", maxFrames))
                .actual(std::to_string(f.samplesPerBlock));
        if (coefCount == 0)
            return waveError("wave.fmt_value", "MS ADPCM has no predictor coefficients", "coef_count", base + 20)
                .expected(">= 1")
                .actual("0");
    }
    return f;
}

}  // namespace

Result<Wave> Wave::read(ByteView bytes) {
    ByteReader r(bytes);
    VESTIGE_TRY(ByteView magic, r.bytes(4, "riff_id"));
    if (asChars(magic) != "RIFF")
        return waveError("wave.magic", "not a RIFF file", "riff_id", 0).expected("RIFF").actual(hexBytes(magic));
    Wave w;
    VESTIGE_TRY(w.riffSize, r.u32("riff_size"));
    if (w.riffSize < 4 || w.riffSize > r.remaining())
        return waveError("wave.truncated", "RIFF size runs past the end of the file", "riff_size", 4)
            .expected(fmt::format("4..{}", r.remaining()))
            .actual(std::to_string(w.riffSize));
    VESTIGE_TRY(ByteReader body, r.sub(w.riffSize, "riff"));
    VESTIGE_TRY(ByteView form, body.bytes(4, "form_type"));
    if (asChars(form) != "WAVE")
        return waveError("wave.magic", "RIFF form is not WAVE", "form_type", 8).expected("WAVE").actual(hexBytes(form));
    std::optional<std::size_t> fmtAt, dataAt, factAt;
    while (!body.atEnd()) {
        RiffChunk c;
        c.offset = body.absolute();
        VESTIGE_TRY(ByteView id, body.bytes(4, "chunk_id"));
        c.id.assign(asChars(id));
        VESTIGE_TRY(const std::uint32_t size, body.u32("chunk_size"));
        if (size > body.remaining())
            return waveError("wave.chunk_size", "chunk runs past the end of the RIFF chunk", "chunk_size", c.offset + 4)
                .in("chunk", c.id)
                .expected(fmt::format("<= {}", body.remaining()))
                .actual(std::to_string(size));
        VESTIGE_TRY(ByteView payload, body.bytes(size, "chunk_payload"));
        c.payload.assign(payload.begin(), payload.end());
        // The pad byte of an odd chunk is often missing at the very end; keep what is there.
        if ((size & 1u) && !body.atEnd()) {
            c.padded = true;
            VESTIGE_TRY(c.padByte, body.u8("pad"));
        }
        auto once = [&](std::optional<std::size_t>& slot) -> Status {
            if (slot)
                return waveError("wave.duplicate_chunk", "chunk appears twice", "chunk_id", c.offset).in("chunk", c.id);
            slot = w.chunks.size();
            return {};
        };
        if (c.id == "fmt ") VESTIGE_CHECK(once(fmtAt));
        if (c.id == "data") VESTIGE_CHECK(once(dataAt));
        if (c.id == "fact") VESTIGE_CHECK(once(factAt));
        w.chunks.push_back(std::move(c));
    }
    const ByteView trailing = r.rest();
    w.trailing.assign(trailing.begin(), trailing.end());
    if (!fmtAt) return waveError("wave.no_fmt", "no fmt chunk", "fmt", 12);
    if (!dataAt) return waveError("wave.no_data", "no data chunk", "data", 12);
    w.formatChunk = *fmtAt;
    w.dataChunk = *dataAt;
    VESTIGE_TRY(w.format, readFormat(w.chunks[*fmtAt]));
    if (factAt) {
        const RiffChunk& f = w.chunks[*factAt];
        if (f.payload.size() < 4)
            return waveError("wave.fmt_size", "fact chunk is shorter than 4 bytes", "fact.size", f.offset + 4)
                .expected(">= 4")
                .actual(std::to_string(f.payload.size()));
        w.factFrames = loadU32(f.payload.data());
    }
    return w;
}

Bytes Wave::write() const {
    ByteWriter out;
    out.chars("RIFF");
    out.u32(riffSize);
    out.chars("WAVE");
    for (const RiffChunk& c : chunks) {
        out.chars(c.id);
        out.u32(static_cast<std::uint32_t>(c.payload.size()));
        out.bytes(c.payload);
        if (c.padded) out.u8(c.padByte);
    }
    out.bytes(trailing);
    return out.take();
}

std::uint64_t Wave::frameCount() const {
    const std::uint64_t size = data().size();
    if (format.formatTag == kWaveFormatMsAdpcm) {
        const std::uint64_t whole = size / format.blockAlign, rest = size % format.blockAlign;
        std::uint64_t frames = whole * format.samplesPerBlock;
        const std::uint64_t header = 7ull * format.channels;
        if (rest >= header) frames += 2 + (rest - header) * 2 / format.channels;
        return frames;
    }
    return size / format.blockAlign;
}

double Wave::seconds() const { return static_cast<double>(frameCount()) / format.sampleRate; }

std::string Wave::formatName() const {
    switch (format.formatTag) {
        case kWaveFormatPcm:
            return fmt::format("pcm{}", format.bitsPerSample);
        case kWaveFormatMsAdpcm:
            return "ms_adpcm";
        case kWaveFormatImaAdpcm:
            return "ima_adpcm";
        default:
            return fmt::format("format_0x{:04X}", format.formatTag);
    }
}

std::optional<std::uint32_t> Wave::loopStart() const {
    std::optional<std::uint32_t> at;
    for (const RiffChunk& c : chunks) {
        if (c.id == "cue " && c.payload.size() >= 4 + 24 && loadU32(c.payload.data()) > 0)
            at = loadU32(c.payload.data() + 4 + 20);
        else if (c.id == "smpl" && c.payload.size() >= 36 + 24 && loadU32(c.payload.data() + 28) > 0)
            at = loadU32(c.payload.data() + 36 + 8);
    }
    return at;
}

Bytes buildPcm16Wave(int sampleRate, int channels, const std::vector<std::int16_t>& pcm,
                     std::optional<std::uint32_t> loopStart) {
    ByteWriter out;
    const auto dataBytes = static_cast<std::uint32_t>(pcm.size() * 2);
    const std::uint32_t cueBytes = loopStart ? 8 + 4 + 24 : 0;
    out.chars("RIFF");
    out.u32(4 + 8 + 16 + cueBytes + 8 + dataBytes + (dataBytes & 1u));
    out.chars("WAVE");
    out.chars("fmt ");
    out.u32(16);
    out.u16(kWaveFormatPcm);
    out.u16(static_cast<std::uint16_t>(channels));
    out.u32(static_cast<std::uint32_t>(sampleRate));
    out.u32(static_cast<std::uint32_t>(sampleRate * channels * 2));
    out.u16(static_cast<std::uint16_t>(channels * 2));
    out.u16(16);
    if (loopStart) {
        out.chars("cue ");
        out.u32(4 + 24);
        out.u32(1);  // one cue point
        out.u32(1);  // its name
        out.u32(0);  // position in the play order
        out.chars("data");
        out.u32(0);  // chunk start, block start: the data chunk, uncompressed
        out.u32(0);
        out.u32(*loopStart);
    }
    out.chars("data");
    out.u32(dataBytes);
    for (std::int16_t s : pcm) out.i16(s);
    return out.take();
}

}  // namespace vestige::audio
