// MSH parse + validate + decode throughput on a synthetic >= 1M-triangle model, against memcpy of
// the same bytes in the same run (read the results as ratios).
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <cstring>

#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace {

using namespace vestige;
using namespace vestige::iron3d;

struct Fixture {
    Bytes bytes;
    std::size_t triangles = 0;
    Fixture() {
        auto built = msh::build(msh::sampleGrid(1'000'000));
        if (!built) std::abort();
        bytes = std::move(*built);
        auto m = msh::Model::read(bytes);
        if (!m) std::abort();
        triangles = m->triangleCount();
    }
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

void report(benchmark::State& state, const Fixture& f) {
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * f.bytes.size()));
    state.counters["triangles/s"] =
        benchmark::Counter(static_cast<double>(f.triangles) * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate);
    state.counters["MiB"] = static_cast<double>(f.bytes.size()) / (1 << 20);
    state.counters["triangles"] = static_cast<double>(f.triangles);
}

// glibc returns large blocks to the OS on free, so every iteration would pay first-touch page faults
// for ~60 MiB of fresh memory. A long-running loader keeps its heap warm; the *Warm variants model
// that by keeping freed memory in the heap (set once, before their first iteration).
void warmHeap() {
    static const bool done = [] {
        mallopt(M_MMAP_THRESHOLD, 1 << 30);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
        return true;
    }();
    (void)done;
}

void BM_MemcpyBaseline(benchmark::State& state) {
    const auto& f = fixture();
    Bytes out(f.bytes.size());
    for (auto _ : state) {
        std::memcpy(out.data(), f.bytes.data(), f.bytes.size());
        benchmark::ClobberMemory();
    }
    report(state, f);
}

// NRes framing + every MSH stream decoded + every cross-check (including each index vs positions).
void BM_MshReadValidate(benchmark::State& state) {
    const auto& f = fixture();
    for (auto _ : state) {
        auto m = msh::Model::read(f.bytes);
        if (!m) state.SkipWithError("read failed");
        benchmark::DoNotOptimize(m);
    }
    report(state, f);
}

// ... plus the renderer-ready static view (decoded normals/UVs, draw ranges with vertex spans).
void BM_MshReadValidateStaticView(benchmark::State& state) {
    const auto& f = fixture();
    for (auto _ : state) {
        auto m = msh::Model::read(f.bytes);
        if (!m) state.SkipWithError("read failed");
        auto g = msh::staticGeometry(*m, 0, 0);
        if (!g) state.SkipWithError("geometry failed");
        benchmark::DoNotOptimize(g);
    }
    report(state, f);
}

void BM_MshReadValidateWarm(benchmark::State& state) {
    warmHeap();
    BM_MshReadValidate(state);
}

void BM_MshReadValidateStaticViewWarm(benchmark::State& state) {
    warmHeap();
    BM_MshReadValidateStaticView(state);
}

// Registration order matters: the cold runs happen before warmHeap() changes the allocator.
BENCHMARK(BM_MemcpyBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MshReadValidate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MshReadValidateStaticView)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MshReadValidateWarm)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MshReadValidateStaticViewWarm)->Unit(benchmark::kMillisecond);

}  // namespace
