// The client realm's HUD pass (issue #23 item 2): HUDPaint drawing 200 rectangles through surface.DrawRect, per
// call, against the same HUD pass making 200 calls of an empty Lua function (the same-run baseline; the ratio is
// what one DrawRect costs over an empty Lua call). Arg 0: JIT mode (no budget), 1: interpreter with a budget.
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "vestige/scene/draw2d.hpp"
#include "vestige/source/glua/runtime.hpp"

namespace vestige::source::glua {
namespace {

constexpr int kCalls = 200;

void hudBench(benchmark::State& state, const char* body) {
    Options opt;
    opt.realm = Realm::Client;
    opt.instructionBudget = state.range(0) == 1 ? 4'000'000'000ull : 0;
    opt.output = [](std::string_view) {};
    opt.sentToClient = [](std::string_view) { return true; };  // as if a server had sent the base gamemode
    auto rt = Runtime::create(std::move(opt));
    if (!rt || !(*rt)->boot().ok()) std::abort();
    const std::string hook = std::string(
                                 "local function noop() end\nhook.Add('HUDPaint', 'bench', function()\n"
                                 "surface.SetDrawColor(255, 0, 0, 255)\nfor i = 1, 200 do ") +
                             body + " end\nend)";
    if (!(*rt)->runString(hook, "bench_hud").ok()) std::abort();
    scene::DrawList2D list;
    for (auto _ : state) {
        (*rt)->paintHud(list);
        benchmark::DoNotOptimize(list.items.data());
    }
    if ((*rt)->errors().size() != 0) std::abort();
    state.counters["ns_per_call"] = benchmark::Counter(static_cast<double>(state.iterations()) * kCalls,
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Baseline_HudPaintEmptyLuaCall200(benchmark::State& s) { hudBench(s, "noop(i, i, 10, 10)"); }
void BM_HudPaintDrawRect200(benchmark::State& s) { hudBench(s, "surface.DrawRect(i, i, 10, 10)"); }

}  // namespace
}  // namespace vestige::source::glua

BENCHMARK(vestige::source::glua::BM_Baseline_HudPaintEmptyLuaCall200)->Arg(0)->Arg(1);
BENCHMARK(vestige::source::glua::BM_HudPaintDrawRect200)->Arg(0)->Arg(1);
