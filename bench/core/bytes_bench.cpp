// ByteReader throughput: decoding a stream of u32s through the checked reader vs a plain memcpy of the
// same bytes (the baseline), so the cost of bounds checks and Result<T> reads as a ratio.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/rng.hpp"

namespace {
using namespace vestige;

Bytes makeStream(std::size_t words) {
    Pcg32 rng(1, 2);
    ByteWriter w;
    for (std::size_t i = 0; i < words; ++i) w.u32(rng.next());
    return w.take();
}

void BM_MemcpyBaseline(benchmark::State& state) {
    const Bytes data = makeStream(static_cast<std::size_t>(state.range(0)));
    std::vector<std::uint32_t> out(data.size() / 4);
    for (auto _ : state) {
        std::memcpy(out.data(), data.data(), data.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
}

void BM_LoadU32Unchecked(benchmark::State& state) {
    const Bytes data = makeStream(static_cast<std::size_t>(state.range(0)));
    std::vector<std::uint32_t> out(data.size() / 4);
    for (auto _ : state) {
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = loadU32(data.data() + 4 * i);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
}

void BM_ByteReaderU32(benchmark::State& state) {
    const Bytes data = makeStream(static_cast<std::size_t>(state.range(0)));
    std::vector<std::uint32_t> out(data.size() / 4);
    for (auto _ : state) {
        ByteReader r(data);
        for (auto& v : out) {
            auto x = r.u32("v");
            if (!x) {
                state.SkipWithError("unexpected eof");
                return;
            }
            v = *x;
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
}

// The recommended pattern for big arrays: one checked array() then unchecked loads inside it.
void BM_ByteReaderArrayThenLoad(benchmark::State& state) {
    const Bytes data = makeStream(static_cast<std::size_t>(state.range(0)));
    std::vector<std::uint32_t> out(data.size() / 4);
    for (auto _ : state) {
        ByteReader r(data);
        auto arr = r.array(out.size(), 4, "values");
        if (!arr) {
            state.SkipWithError("array");
            return;
        }
        const std::uint8_t* p = arr->data().data();
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = loadU32(p + 4 * i);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
}

void BM_ByteReaderF32(benchmark::State& state) {
    const Bytes data = makeStream(static_cast<std::size_t>(state.range(0)));
    std::vector<float> out(data.size() / 4);
    for (auto _ : state) {
        ByteReader r(data);
        for (auto& v : out) v = r.f32().valueOr(0.0f);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(data.size()));
}

// A failed read builds a full Error (strings, context): what corrupt input costs per rejection.
void BM_ByteReaderEofError(benchmark::State& state) {
    const Bytes data = {1, 2};
    for (auto _ : state) {
        ByteReader r(data, 0x1000);
        auto x = r.u32("count");
        benchmark::DoNotOptimize(x);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

constexpr std::int64_t kSmall = 1 << 10;   // 4 KiB: in L1
constexpr std::int64_t kLarge = 1 << 18;   // 1 MiB: in L2/L3

BENCHMARK(BM_MemcpyBaseline)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_LoadU32Unchecked)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_ByteReaderU32)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_ByteReaderArrayThenLoad)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_ByteReaderF32)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_ByteReaderEofError);

}  // namespace
