#include "vestige/audio/wave.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "vestige/audio/decode.hpp"

using namespace vestige;
using namespace vestige::audio;

namespace {

std::vector<std::int16_t> sine(int frames, double hz, int rate, double amplitude = 12000) {
    std::vector<std::int16_t> out(static_cast<std::size_t>(frames));
    for (int i = 0; i < frames; ++i)
        out[static_cast<std::size_t>(i)] =
            static_cast<std::int16_t>(std::lround(amplitude * std::sin(2 * M_PI * hz * i / rate)));
    return out;
}

}  // namespace

TEST(Wave, Pcm16ReadsItsFieldsAndRewritesByteExact) {
    const auto pcm = sine(2205, 440, 22050);
    const Bytes file = buildPcm16Wave(22050, 1, pcm);
    ASSERT_EQ(file.size(), 44u + 2 * 2205);
    auto w = Wave::read(file);
    ASSERT_TRUE(w.ok()) << w.error().render();
    EXPECT_EQ(w->format.formatTag, kWaveFormatPcm);
    EXPECT_EQ(w->format.channels, 1);
    EXPECT_EQ(w->format.sampleRate, 22050u);
    EXPECT_EQ(w->format.byteRate, 44100u);
    EXPECT_EQ(w->format.blockAlign, 2);
    EXPECT_EQ(w->format.bitsPerSample, 16);
    EXPECT_EQ(w->frameCount(), 2205u);
    EXPECT_DOUBLE_EQ(w->seconds(), 0.1);
    EXPECT_EQ(w->formatName(), "pcm16");
    EXPECT_EQ(w->write(), file);
    auto d = decodeWave(file);
    ASSERT_TRUE(d.ok()) << d.error().render();
    EXPECT_EQ(d->sampleRate, 22050);
    EXPECT_EQ(d->channels, 1);
    EXPECT_EQ(d->pcm, pcm);  // PCM decodes exactly
}

TEST(Wave, UnknownChunksOddPadAndTrailingBytesSurviveARewrite) {
    Bytes file = buildPcm16Wave(22050, 1, {1, 2, 3});
    // Insert an odd-sized LIST chunk (with its pad byte) before "data", append two trailing bytes.
    const Bytes list = {'L', 'I', 'S', 'T', 3, 0, 0, 0, 'a', 'b', 'c', 0xEE};
    file.insert(file.begin() + 36, list.begin(), list.end());
    const std::uint32_t riff = loadU32(file.data() + 4) + static_cast<std::uint32_t>(list.size());
    for (int i = 0; i < 4; ++i) file[4 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(riff >> (8 * i));
    file.push_back(0x55);
    file.push_back(0x66);
    auto w = Wave::read(file);
    ASSERT_TRUE(w.ok()) << w.error().render();
    ASSERT_EQ(w->chunks.size(), 3u);
    EXPECT_EQ(w->chunks[1].id, "LIST");
    EXPECT_TRUE(w->chunks[1].padded);
    EXPECT_EQ(w->chunks[1].padByte, 0xEE);  // a non-zero pad byte is kept, not normalised
    EXPECT_EQ(w->trailing, (Bytes{0x55, 0x66}));
    EXPECT_EQ(w->write(), file);
}

TEST(Wave, StructuredErrorsNameTheFieldAndOffset) {
    const Bytes good = buildPcm16Wave(22050, 1, {1, 2, 3, 4});
    {
        Bytes b = good;
        b[0] = 'X';
        auto w = Wave::read(b);
        ASSERT_FALSE(w.ok());
        EXPECT_EQ(w.error().code(), "wave.magic");
        EXPECT_EQ(w.error().offset(), 0u);
    }
    {
        Bytes b(good.begin(), good.end() - 3);  // riff_size now past the end
        auto w = Wave::read(b);
        ASSERT_FALSE(w.ok());
        EXPECT_EQ(w.error().code(), "wave.truncated");
        EXPECT_EQ(w.error().find("field"), "riff_size");
        EXPECT_EQ(w.error().offset(), 4u);
    }
    {
        Bytes b = good;
        b[40] = 0xFF;  // data chunk size (at 40) far past the RIFF chunk
        auto w = Wave::read(b);
        ASSERT_FALSE(w.ok());
        EXPECT_EQ(w.error().code(), "wave.chunk_size");
        EXPECT_EQ(w.error().offset(), 40u);
        EXPECT_EQ(w.error().find("chunk"), "data");
    }
    {
        Bytes b = good;
        b[22] = 0;  // channels = 0
        b[23] = 0;
        auto w = Wave::read(b);
        ASSERT_FALSE(w.ok());
        EXPECT_EQ(w.error().code(), "wave.fmt_value");
        EXPECT_EQ(w.error().find("field"), "channels");
        EXPECT_EQ(w.error().offset(), 22u);
    }
    {
        Bytes b = good;
        b[36] = 'x';  // "data" renamed: no data chunk
        auto w = Wave::read(b);
        ASSERT_FALSE(w.ok());
        EXPECT_EQ(w.error().code(), "wave.no_data");
    }
    {
        // A bare RIFF header with nothing in it decodes to an error, never to an empty sample.
        const Bytes b = {'R', 'I', 'F', 'F', 4, 0, 0, 0, 'W', 'A', 'V', 'E'};
        auto d = decodeWave(b);
        ASSERT_FALSE(d.ok());
        EXPECT_EQ(d.error().code(), "wave.no_fmt");
    }
}

TEST(Wave, MsAdpcmFromLibsndfileReadsAndDecodesCloseToTheSource) {
    DecodedSample src;
    src.sampleRate = 22050;
    src.channels = 1;
    src.pcm = sine(22050, 330, 22050);
    auto file = encodeWave(src, WaveEncoding::MsAdpcm);
    ASSERT_TRUE(file.ok()) << file.error().render();
    auto w = Wave::read(*file);
    ASSERT_TRUE(w.ok()) << w.error().render();
    EXPECT_EQ(w->format.formatTag, kWaveFormatMsAdpcm);
    EXPECT_EQ(w->formatName(), "ms_adpcm");
    EXPECT_EQ(w->format.bitsPerSample, 4);
    EXPECT_EQ(w->format.adpcmCoefs.size(), 14u);  // the standard 7 predictor pairs
    EXPECT_EQ(w->format.adpcmCoefs[0], 256);      // first pair (256, 0)
    EXPECT_EQ(w->format.adpcmCoefs[1], 0);
    ASSERT_TRUE(w->factFrames);
    EXPECT_EQ(*w->factFrames, 22050u);
    EXPECT_GE(w->frameCount(), 22050u);  // whole blocks: the last one may be padded
    EXPECT_EQ(w->write(), *file);
    auto d = decodeWave(*file);
    ASSERT_TRUE(d.ok()) << d.error().render();
    ASSERT_EQ(d->frames(), 22050u);
    double err = 0, sig = 0;
    for (std::size_t i = 0; i < src.pcm.size(); ++i) {
        err += std::pow(double(d->pcm[i]) - src.pcm[i], 2);
        sig += std::pow(double(src.pcm[i]), 2);
    }
    EXPECT_GT(10 * std::log10(sig / err), 20.0);  // ADPCM is lossy; a 4-bit coder of a pure tone stays > 20 dB SNR
}

TEST(Wave, MsAdpcmBlockThatCannotHoldItsHeaderIsRefused) {
    DecodedSample src;
    src.sampleRate = 22050;
    src.channels = 1;
    src.pcm = sine(1000, 330, 22050);
    auto file = encodeWave(src, WaveEncoding::MsAdpcm);
    ASSERT_TRUE(file.ok());
    auto w = Wave::read(*file);
    ASSERT_TRUE(w.ok());
    Bytes b = *file;
    const std::uint64_t fmtAt = w->chunks[w->formatChunk].offset + 8;
    b[fmtAt + 12] = 6;  // block_align 6 < 7-byte channel header
    b[fmtAt + 13] = 0;
    auto bad = Wave::read(b);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "wave.fmt_value");
    EXPECT_EQ(bad.error().find("field"), "block_align");
}

// Source's loop point (CAudioSourceWave::ParseCueChunk / ParseSamplerChunk): the first cue point's sample offset or
// the first sampler loop's start, the later chunk winning; none: the wave plays once. The numbers are the fields'
// byte positions in the RIFF cue/smpl definitions Source reads.
TEST(Wave, LoopStartComesFromTheCueOrSamplerChunkThatComesLast) {
    const auto pcm = sine(1000, 440, 22050);
    auto once = Wave::read(buildPcm16Wave(22050, 1, pcm));
    ASSERT_TRUE(once.ok());
    EXPECT_FALSE(once->loopStart());
    const Bytes cued = buildPcm16Wave(22050, 1, pcm, 250);
    auto w = Wave::read(cued);
    ASSERT_TRUE(w.ok()) << w.error().render();
    ASSERT_TRUE(w->loopStart());
    EXPECT_EQ(*w->loopStart(), 250u);
    EXPECT_EQ(w->write(), cued);
    auto d = decodeWave(cued);
    ASSERT_TRUE(d.ok()) << d.error().render();
    EXPECT_EQ(d->loopStart, 250);
    EXPECT_EQ(d->pcm, pcm) << "the cue chunk changes nothing of the samples";

    // A sampler chunk after the cue chunk: its first loop's start (+36 +8) wins.
    Wave both = *w;
    RiffChunk smpl;
    smpl.id = "smpl";
    smpl.payload.assign(36 + 24, 0);
    smpl.payload[28] = 1;                                    // one loop
    smpl.payload[36 + 8] = 0x2C, smpl.payload[36 + 9] = 0x01;  // start 300
    both.chunks.push_back(smpl);
    both.riffSize += 8 + 36 + 24;
    auto reread = Wave::read(both.write());
    ASSERT_TRUE(reread.ok()) << reread.error().render();
    EXPECT_EQ(reread->loopStart(), std::optional<std::uint32_t>(300));
    // No loops in the sampler chunk: the cue point stands; a cue chunk with no points gives none.
    both.chunks.back().payload[28] = 0;
    EXPECT_EQ(Wave::read(both.write())->loopStart(), std::optional<std::uint32_t>(250));
    both.chunks.pop_back();
    both.riffSize -= 8 + 36 + 24;
    both.chunks[1].payload[0] = 0;
    EXPECT_FALSE(Wave::read(both.write())->loopStart());
    // A loop point past the last frame has nothing to return to: the decoded sample plays once.
    EXPECT_EQ(decodeWave(buildPcm16Wave(22050, 1, pcm, 1000))->loopStart, -1);
}
