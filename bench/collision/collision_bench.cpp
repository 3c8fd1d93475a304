// Box traces on a 2,000-brush builder world (BVH vs the brute-force all-brushes baseline), per-trace latency
// percentiles, and player movement ticks per second with both trace paths.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "vestige/core/rng.hpp"
#include "vestige/source/collision/test_models.hpp"
#include "vestige/source/movement/movement.hpp"

namespace {
using namespace vestige;
using namespace vestige::source;

struct Query {
    Vec3 start, end;
};

const collision::CollisionModel& world() {
    static const collision::CollisionModel w = collision::buildBrushField(2000, 1);
    return w;
}

// Movement-like queries: player hull, short moves (up to 24 units) near the ground, anywhere on the map.
const std::vector<Query>& queries() {
    static const std::vector<Query> q = [] {
        std::vector<Query> out;
        Pcg32 rng(5);
        for (int i = 0; i < 8192; ++i) {
            const Vec3 s{(rng.unit() * 2 - 1) * 8000, (rng.unit() * 2 - 1) * 8000, 1 + rng.unit() * 150};
            const Vec3 d{(rng.unit() * 2 - 1) * 24, (rng.unit() * 2 - 1) * 24, (rng.unit() * 2 - 1) * 8};
            out.push_back({s, s + d});
        }
        return out;
    }();
    return q;
}

const Vec3 kMins{-16, -16, 0};
const Vec3 kMaxs{16, 16, 72};

void runTraces(benchmark::State& state, bool brute) {
    const auto& w = world();
    const auto& q = queries();
    std::size_t i = 0;
    float sum = 0;
    for (auto _ : state) {
        const Query& x = q[i++ & (q.size() - 1)];
        const auto tr = brute ? w.traceBoxBruteForce(x.start, x.end, kMins, kMaxs, collision::mask::kPlayerSolid)
                              : w.traceBox(x.start, x.end, kMins, kMaxs, collision::mask::kPlayerSolid);
        sum += tr.fraction;
    }
    benchmark::DoNotOptimize(sum);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["brushes"] = static_cast<double>(w.stats().brushes);
}

void BM_BoxTraceBvh(benchmark::State& state) { runTraces(state, false); }
void BM_BoxTraceBruteForceBaseline(benchmark::State& state) { runTraces(state, true); }

// Per-trace latency: each trace timed on its own (clock overhead included, ~20 ns).
void BM_BoxTraceLatency(benchmark::State& state) {
    const auto& w = world();
    const auto& q = queries();
    std::vector<double> ns;
    ns.reserve(1 << 16);
    std::size_t i = 0;
    float sum = 0;
    for (auto _ : state) {
        const Query& x = q[i++ & (q.size() - 1)];
        const auto t0 = std::chrono::steady_clock::now();
        sum += w.traceBox(x.start, x.end, kMins, kMaxs, collision::mask::kPlayerSolid).fraction;
        const auto t1 = std::chrono::steady_clock::now();
        if (ns.size() < (1u << 16)) ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
    }
    benchmark::DoNotOptimize(sum);
    std::sort(ns.begin(), ns.end());
    if (!ns.empty()) {
        state.counters["p50_ns"] = ns[ns.size() / 2];
        state.counters["p99_ns"] = ns[std::min(ns.size() - 1, ns.size() * 99 / 100)];
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void runMovement(benchmark::State& state, bool brute) {
    collision::CollisionModel w = collision::buildBrushField(2000, 1);
    w.setBruteForce(brute);
    movement::PlayerMovement pm(w);
    movement::PlayerState s = pm.spawn({0, 0, 1});
    movement::MoveInput in;
    in.forwardMove = 250;
    std::uint64_t n = 0;
    for (auto _ : state) {
        // Walk a slow circle, jumping now and then, so that the player meets brushes and steps.
        in.viewAngles.y = static_cast<float>(n % 3600) * 0.1f;
        in.buttons = (n % 97 == 0) ? movement::buttons::kJump : 0u;
        pm.tick(s, in);
        ++n;
    }
    benchmark::DoNotOptimize(s.origin);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_MovementTick(benchmark::State& state) { runMovement(state, false); }
void BM_MovementTickBruteForceBaseline(benchmark::State& state) { runMovement(state, true); }

}  // namespace

BENCHMARK(BM_BoxTraceBvh);
BENCHMARK(BM_BoxTraceBruteForceBaseline);
BENCHMARK(BM_BoxTraceLatency);
BENCHMARK(BM_MovementTick);
BENCHMARK(BM_MovementTickBruteForceBaseline);
