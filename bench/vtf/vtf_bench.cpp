// DXT1 / DXT5 decode throughput (compressed bytes per second) against memcpy of the same bytes, and the
// whole-file path (read + decode mip 0) for a 512x512 DXT5 VTF built by our writer.
#include <benchmark/benchmark.h>

#include <cstring>

#include "vestige/source/vtf/vtf.hpp"

namespace {

using namespace vestige;
using namespace vestige::source::vtf;

constexpr std::uint32_t kSide = 512;

Bytes randomBlocks(std::size_t bytes, std::uint64_t seed) {
    Bytes b(bytes);
    std::uint64_t x = seed;
    for (auto& v : b) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift: deterministic, no wall clock
        v = static_cast<std::uint8_t>(x);
    }
    return b;
}

void decodeBench(benchmark::State& state, Format format) {
    const std::int32_t id = static_cast<std::int32_t>(format);
    const Bytes data = randomBlocks(*imageBytes(id, kSide, kSide), 0x5EED + static_cast<std::uint64_t>(id));
    for (auto _ : state) {
        auto img = decode(id, data, kSide, kSide);
        benchmark::DoNotOptimize(img);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
    state.counters["Mpixel/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * kSide * kSide / 1e6, benchmark::Counter::kIsRate);
}

void memcpyBench(benchmark::State& state, Format format) {
    const std::int32_t id = static_cast<std::int32_t>(format);
    const Bytes data = randomBlocks(*imageBytes(id, kSide, kSide), 1);
    Bytes out(data.size());
    for (auto _ : state) {
        std::memcpy(out.data(), data.data(), data.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
}

void BM_Dxt1Decode(benchmark::State& s) { decodeBench(s, Format::DXT1); }
void BM_Dxt1Memcpy(benchmark::State& s) { memcpyBench(s, Format::DXT1); }
void BM_Dxt5Decode(benchmark::State& s) { decodeBench(s, Format::DXT5); }
void BM_Dxt5Memcpy(benchmark::State& s) { memcpyBench(s, Format::DXT5); }

void BM_Dxt5FileReadDecode(benchmark::State& state) {
    BuildSpec spec;
    spec.format = static_cast<std::int32_t>(Format::DXT5);
    spec.width = spec.height = kSide;
    spec.mips = 0;
    Vtf v = *buildVtfRaw(
        spec,
        randomBlocks(*Vtf{.width = kSide, .height = kSide, .highResFormat = spec.format, .mipCount = 10}.highResBytes(),
                     7));
    const Bytes file = *writeVtf(v);
    for (auto _ : state) {
        auto parsed = readVtf(file);
        auto img = decodeImage(*parsed);
        benchmark::DoNotOptimize(img);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(file.size()));
}

BENCHMARK(BM_Dxt1Decode);
BENCHMARK(BM_Dxt1Memcpy);
BENCHMARK(BM_Dxt5Decode);
BENCHMARK(BM_Dxt5Memcpy);
BENCHMARK(BM_Dxt5FileReadDecode);

}  // namespace
