// MS ADPCM decode (libsndfile through our RIFF reader) against memcpy of the decoded bytes, same run.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>

#include "vestige/audio/decode.hpp"

using namespace vestige;
using namespace vestige::audio;

namespace {

DecodedSample source(double seconds) {
    DecodedSample s;
    s.sampleRate = 22050;
    s.channels = 1;
    s.pcm.resize(static_cast<std::size_t>(seconds * s.sampleRate));
    for (std::size_t i = 0; i < s.pcm.size(); ++i)
        s.pcm[i] = static_cast<std::int16_t>(12000 * std::sin(0.05 * static_cast<double>(i)) +
                                             3000 * std::sin(0.31 * static_cast<double>(i)));
    return s;
}

const Bytes& adpcm() {
    static const Bytes b = encodeWave(source(10), WaveEncoding::MsAdpcm).value();
    return b;
}

void BM_MemcpyDecodedBytes(benchmark::State& state) {
    const DecodedSample s = source(10);
    std::vector<std::int16_t> out(s.pcm.size());
    for (auto _ : state) {
        std::memcpy(out.data(), s.pcm.data(), s.pcm.size() * 2);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * s.pcm.size() * 2));
}
BENCHMARK(BM_MemcpyDecodedBytes);

// Bytes processed = decoded PCM bytes out, so the two rows compare directly.
void BM_MsAdpcmDecode(benchmark::State& state) {
    std::size_t outBytes = 0;
    for (auto _ : state) {
        auto d = decodeWave(adpcm());
        if (!d) state.SkipWithError("decode failed");
        outBytes = d->pcm.size() * 2;
        benchmark::DoNotOptimize(d->pcm.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * outBytes));
}
BENCHMARK(BM_MsAdpcmDecode);

void BM_WaveReadOnly(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(Wave::read(adpcm()).ok());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * adpcm().size()));
}
BENCHMARK(BM_WaveReadOnly);

}  // namespace
