// AI + Behavior tick of a mission with 8 clans and 500 Behavior objects (issue 21 goal: <= 100 us per tick).
// Each clan has a package and the shared varset; objects are distributor members spread over the 8 slots (a
// producer every fourth row). BM_Baseline walks the same 500 amounts with a plain add, so results read as ratios.
#include <benchmark/benchmark.h>

#include <map>
#include <vector>

#include "vestige/iron3d/ai/runtime.hpp"
#include "vestige/iron3d/scr/builder.hpp"
#include "vestige/iron3d/varset/builder.hpp"

using namespace vestige;
using namespace vestige::iron3d;
using namespace vestige::iron3d::ai;

namespace {

constexpr std::uint32_t kClans = 8;
constexpr std::uint32_t kObjects = 500;

class Files final : public ScriptFiles {
public:
    Result<std::optional<Bytes>> read(std::string_view path) const override {
        if (path == "MISSIONS/SCRIPTS/default.scr")
            return std::optional<Bytes>(scr::write(scr::autoDemoShape()).value());
        if (path == kSharedVarSet) {
            const std::string text = varset::sharedShapeText();
            return std::optional<Bytes>(Bytes(text.begin(), text.end()));
        }
        return std::optional<Bytes>();
    }
};

StockObjects makeObjects() {
    StockObjects o(kObjects);
    for (std::uint32_t i = 0; i < kObjects; ++i) o.parties[i].producing = i % 4 == 0 ? 1.0f : 0.0f;
    return o;
}

class Env final : public BehaviorEnvironment {
public:
    bool hasSystemMap() const override { return true; }
    bool hasTerrain() const override { return true; }
    bool hasArealMap(std::uint32_t) const override { return true; }
    AreaState areaState(Handle) const override { return AreaState::Walkable; }
};

AiRuntime mission(SharedRandom& rng) {
    RuntimeSetup setup;
    for (std::uint32_t c = 0; c < kClans; ++c)
        setup.clans.push_back({c, "clan", "default", 100.0f * static_cast<float>(c), 50.0f});
    for (std::uint32_t i = 0; i < kObjects; ++i) {
        PlacedUnit u;
        u.handle = {i, 0};
        u.tmaIndex = i;
        u.rawAfterResource = i % kClans;
        u.classWord = 0x80000004u;
        setup.units.push_back(std::move(u));
    }
    return AiRuntime::start(setup, Files(), rng).value();
}

void BM_AiBehaviorTick(benchmark::State& state) {
    RngStreams streams(1);
    StreamRandom rng(streams, "behavior.shared");
    AiRuntime rt = mission(rng);
    StockObjects objects = makeObjects();
    const Env env;
    std::uint32_t now = 10'000;  // past every first-run deadline: each clan transfers every tick
    for (auto _ : state) {
        auto r = rt.tick(now, 0.016f, objects, env);
        if (!r) state.SkipWithError("tick failed");
        benchmark::DoNotOptimize(r);
        now += 16;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AiBehaviorTick)->Unit(benchmark::kMicrosecond);

void BM_AiBehaviorTickTraced(benchmark::State& state) {
    RngStreams streams(1);
    StreamRandom rng(streams, "behavior.shared");
    AiRuntime rt = mission(rng);
    StockObjects objects = makeObjects();
    const Env env;
    TraceSink sink;  // hashing only, no writer
    std::uint64_t tick = 0;
    TraceSinkAdapter adapter(sink, tick);
    const Tracer trace{&adapter, &rng};
    std::uint32_t now = 10'000;
    for (auto _ : state) {
        auto r = rt.tick(now, 0.016f, objects, env, trace);
        benchmark::DoNotOptimize(r);
        now += 16;
        ++tick;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AiBehaviorTickTraced)->Unit(benchmark::kMicrosecond);

void BM_Baseline(benchmark::State& state) {
    StockObjects objects = makeObjects();
    for (auto _ : state) {
        for (auto& p : objects.parties) p.value += p.producing * 0.016f;
        benchmark::DoNotOptimize(objects.parties.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline)->Unit(benchmark::kMicrosecond);

}  // namespace
