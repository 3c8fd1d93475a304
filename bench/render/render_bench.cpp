// Headless frame time at 1280x720 on whatever EGL gives (llvmpipe here): a ~50k-triangle lit, fogged scene
// versus a clear-only frame in the same run, plus read-back and PNG encoding of one frame. Bytes processed
// = colour buffer bytes (1280*720*4) per frame, so the rates read as ratios against the clear baseline.
#include <benchmark/benchmark.h>

#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/test_card.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/scene/scene.hpp"

namespace {

using vestige::ByteView;
using vestige::render_gl::Offscreen;
constexpr std::uint32_t kW = 1280, kH = 720;

Offscreen* offscreen() {
    static Offscreen* off = [] {
        auto r = Offscreen::create(kW, kH);
        return r ? new Offscreen(std::move(*r)) : nullptr;
    }();
    return off;
}

bool prepare(benchmark::State& state, const vestige::scene::Scene& scene) {
    Offscreen* off = offscreen();
    if (!off) {
        state.SkipWithError("no headless OpenGL 4.5 context (EGL surfaceless)");
        return false;
    }
    if (!off->renderer->setScene(scene).ok()) {
        state.SkipWithError("scene upload failed");
        return false;
    }
    return true;
}

void finishFrame(benchmark::State& state, std::uint64_t triangles) {
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * kW * kH * 4);
    state.counters["triangles"] = static_cast<double>(triangles);
    state.counters["fps"] = benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_ClearOnly(benchmark::State& state) {
    if (!prepare(state, vestige::scene::Scene{})) return;
    auto& r = *offscreen()->renderer;
    for (auto _ : state) {
        (void)r.clearOnly();
        r.finish();
    }
    finishFrame(state, 0);
}
BENCHMARK(BM_ClearOnly)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Field50k(benchmark::State& state) {
    const auto scene = vestige::scene::makeTriangleField(50000);
    if (!prepare(state, scene)) return;
    auto& r = *offscreen()->renderer;
    const auto cam = vestige::scene::triangleFieldCamera();
    for (auto _ : state) {
        (void)r.draw(cam);
        r.finish();
    }
    finishFrame(state, r.lastFrame().trianglesSubmitted);
}
BENCHMARK(BM_Field50k)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_TestCard(benchmark::State& state) {
    if (!prepare(state, vestige::scene::makeTestCard())) return;
    auto& r = *offscreen()->renderer;
    const auto cam = vestige::scene::testCardCamera(0);
    for (auto _ : state) {
        (void)r.draw(cam);
        r.finish();
    }
    finishFrame(state, r.lastFrame().trianglesSubmitted);
}
BENCHMARK(BM_TestCard)->Unit(benchmark::kMillisecond)->UseRealTime();

// Issue 8's goal: the demo map (world, brush entity, displacement, lightmap atlas, fog) from its spawn
// point at 1280x720, <= 50 ms per frame on llvmpipe; compare with BM_ClearOnly.
void BM_DemoMapSpawn(benchmark::State& state) {
    auto bytes = vestige::source::bsp::demoMap().write();
    if (!bytes) {
        state.SkipWithError("demo map build failed");
        return;
    }
    auto map = vestige::source::scene::toScene(ByteView(*bytes));
    if (!map || !map->spawnCamera) {
        state.SkipWithError("demo map scene conversion failed");
        return;
    }
    if (!prepare(state, map->scene)) return;
    auto& r = *offscreen()->renderer;
    for (auto _ : state) {
        (void)r.draw(*map->spawnCamera);
        r.finish();
    }
    finishFrame(state, r.lastFrame().trianglesSubmitted);
}
BENCHMARK(BM_DemoMapSpawn)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ReadBackAndPng(benchmark::State& state) {
    if (!prepare(state, vestige::scene::makeTestCard())) return;
    auto& r = *offscreen()->renderer;
    (void)r.draw(vestige::scene::testCardCamera(0));
    for (auto _ : state) {
        auto img = r.readColor();
        auto png = vestige::image::encodePng(*img);
        benchmark::DoNotOptimize(png);
    }
    finishFrame(state, 0);
}
BENCHMARK(BM_ReadBackAndPng)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
