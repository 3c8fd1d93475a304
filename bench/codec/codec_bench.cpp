// Decode throughput of each RsLi payload codec on ~4 MiB of semi-compressible data, with memcpy of
// the same output size as the baseline in the same run (bytes/s are unpacked bytes for every row).
#include <benchmark/benchmark.h>

#include <cstring>

#include "vestige/core/rng.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace {

using namespace vestige;
using namespace vestige::iron3d::codec;

constexpr std::size_t kSize = 4u << 20;

// Text-like runs, back-references at random distances (< 4 KiB) and random literals, seeded.
Bytes makeData() {
    static constexpr std::string_view kWords[] = {"iron ", "strategy ", "parkan ", "robot ", "planet ",
                                                  "base ", "energy ", "clan ", "mission\n", "0x1F "};
    Pcg32 rng(20261129);
    Bytes out;
    out.reserve(kSize + 64);
    while (out.size() < kSize) {
        const std::uint32_t pick = rng.below(4);
        if (pick == 0 && out.size() > 4096) {
            const std::size_t dist = 1 + rng.below(4000);
            const std::size_t len = 3 + rng.below(30);
            for (std::size_t k = 0; k < len; ++k) out.push_back(out[out.size() - dist]);
        } else if (pick == 1) {
            for (std::uint32_t k = 1 + rng.below(12); k > 0; --k) out.push_back(static_cast<std::uint8_t>(rng.next()));
        } else {
            const auto w = kWords[rng.below(std::size(kWords))];
            out.insert(out.end(), w.begin(), w.end());
        }
    }
    out.resize(kSize);
    return out;
}

const Bytes& plain() {
    static const Bytes data = makeData();
    return data;
}

void report(benchmark::State& state, std::size_t packedSize) {
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * plain().size()));
    state.counters["ratio"] = static_cast<double>(packedSize) / static_cast<double>(plain().size());
}

void BM_MemcpyBaseline(benchmark::State& state) {
    Bytes out(plain().size());
    for (auto _ : state) {
        std::memcpy(out.data(), plain().data(), out.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    report(state, plain().size());
}

void BM_XorStream(benchmark::State& state) {
    Bytes buf = plain();
    for (auto _ : state) {
        xorStream(buf, 0x1234);
        benchmark::ClobberMemory();
    }
    report(state, plain().size());
}

template <class Decode>
void runDecode(benchmark::State& state, const Bytes& packed, Decode decode) {
    for (auto _ : state) {
        auto r = decode(packed, plain().size());
        if (!r.ok() || r->size() != plain().size()) {
            state.SkipWithError("decode failed");
            return;
        }
        benchmark::DoNotOptimize(r->data());
    }
    report(state, packed.size());
}

void BM_LzssDecode(benchmark::State& state) {
    static const Bytes packed = lzssEncode(plain());
    runDecode(state, packed, [](ByteView p, std::size_t n) { return lzssDecode(p, n); });
}

void BM_XorLzssDecode(benchmark::State& state) {
    static const Bytes packed = [] {
        Bytes b = lzssEncode(plain());
        xorStream(b, 0x0007);
        return b;
    }();
    runDecode(state, packed, [](ByteView p, std::size_t n) { return xorLzssDecode(p, n, 0x0007); });
}

void BM_LzhufDecode(benchmark::State& state) {
    static const Bytes packed = lzhufEncode(plain());
    runDecode(state, packed, [](ByteView p, std::size_t n) { return lzhufDecode(p, n); });
}

void BM_InflateRaw(benchmark::State& state) {
    static const Bytes packed = deflateRaw(plain(), 9).value();
    runDecode(state, packed, [](ByteView p, std::size_t n) { return inflateRaw(p, n); });
}

// Encoders, for reference (not part of the decode comparison).
void BM_LzssEncode(benchmark::State& state) {
    std::size_t size = 0;
    for (auto _ : state) size = lzssEncode(plain()).size();
    report(state, size);
}

void BM_LzhufEncode(benchmark::State& state) {
    std::size_t size = 0;
    for (auto _ : state) size = lzhufEncode(plain()).size();
    report(state, size);
}

void BM_DeflateRaw6(benchmark::State& state) {
    std::size_t size = 0;
    for (auto _ : state) size = deflateRaw(plain(), 6).value().size();
    report(state, size);
}

}  // namespace

BENCHMARK(BM_MemcpyBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_XorStream)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LzssDecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_XorLzssDecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LzhufDecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_InflateRaw)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LzssEncode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LzhufEncode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DeflateRaw6)->Unit(benchmark::kMillisecond);
