// TraceSink event cost: hashing only, with a line writer, and with a float payload rendered by formatFloat;
// baseline is FNV-1a over the same pre-rendered line (the floor for any rolling hash of the text).
#include <benchmark/benchmark.h>

#include <string>

#include "vestige/core/rng.hpp"
#include "vestige/core/trace.hpp"

namespace {
using namespace vestige;

constexpr const char* kPayload = R"({"entity":42,"pos":[1.5,-2.25,1024],"state":"walk"})";
const std::string kLine = std::string(R"({"tick":123456,"phase":"post","subsystem":"physics","payload":)") + kPayload + "}";

void BM_Fnv1aBaseline(benchmark::State& state) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (auto _ : state) {
        h = fnv1a64(kLine, h);
        h = fnv1a64("\n", h);
        benchmark::DoNotOptimize(h);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(kLine.size() + 1));
}

void BM_TraceEventHashOnly(benchmark::State& state) {
    TraceSink sink;
    std::uint64_t tick = 123456;
    for (auto _ : state) sink.event(tick, "post", "physics", kPayload);
    benchmark::DoNotOptimize(sink.hash());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(kLine.size() + 1));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_TraceEventWithWriter(benchmark::State& state) {
    std::string buffer;
    buffer.reserve(1 << 20);
    TraceSink sink([&buffer](std::string_view line) {
        if (buffer.size() > (1u << 20) - 256) buffer.clear();
        buffer.append(line);
        buffer.push_back('\n');
    });
    for (auto _ : state) sink.event(123456, "post", "physics", kPayload);
    benchmark::DoNotOptimize(buffer.data());
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_TraceEventFloatPayload(benchmark::State& state) {
    TraceSink sink;
    Pcg32 rng(3, 4);
    float x = rng.unit() * 1000, y = rng.unit() * 1000, z = rng.unit() * 1000;
    std::uint64_t tick = 0;
    for (auto _ : state) {
        const std::string payload = "[" + TraceSink::formatFloat(x) + "," + TraceSink::formatFloat(y) + "," +
                                    TraceSink::formatFloat(z) + "]";
        sink.event(tick++, "post", "physics", payload);
        x += 0.015f;
    }
    benchmark::DoNotOptimize(sink.hash());
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_FormatFloat(benchmark::State& state) {
    Pcg32 rng(5, 6);
    float f = rng.unit();
    for (auto _ : state) {
        auto s = TraceSink::formatFloat(f);
        benchmark::DoNotOptimize(s.data());
        f += 1.37f;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

BENCHMARK(BM_Fnv1aBaseline);
BENCHMARK(BM_TraceEventHashOnly);
BENCHMARK(BM_TraceEventWithWriter);
BENCHMARK(BM_TraceEventFloatPayload);
BENCHMARK(BM_FormatFloat);

}  // namespace
