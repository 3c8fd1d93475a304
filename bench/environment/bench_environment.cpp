// EnvironmentFrame cost: 10,000 precipitation particles stepped per tick, against a plain loop adding the same
// velocity to the same number of points (the floor of moving them at all).
#include <benchmark/benchmark.h>

#include "vestige/iron3d/environment/weather.hpp"

using namespace vestige;
using namespace vestige::iron3d::environment;

namespace {

// A camera whose box equals... any wide one: intensity 10 gives round_even(1 * 10 * 1000) = 10,000 points.
CameraFrame wideCamera() {
    CameraFrame c;
    c.verticalFov = 1.2f;
    c.aspect = 1.7778f;
    c.viewportWidth = 1280;
    return c;
}

void BM_PlainPointStep(benchmark::State& state) {
    std::vector<Vec3> points(10000, Vec3{1, 2, 3});
    const Vec3 step = fallVelocity(Precipitation::Rain) * 0.016f;
    for (auto _ : state) {
        for (Vec3& p : points) p += step;
        benchmark::DoNotOptimize(points.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * points.size()));
}
BENCHMARK(BM_PlainPointStep);

void BM_PrecipitationField10k(benchmark::State& state) {
    PrecipitationField rain(Precipitation::Rain, 1);
    const CameraFrame cam = wideCamera();
    rain.update(cam, 10.0f, 0);
    if (rain.particles().size() != 10000) state.SkipWithError("expected 10,000 particles");
    for (auto _ : state) {
        rain.update(cam, 10.0f, 0.016f);
        benchmark::DoNotOptimize(rain.particles().data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 10000));
}
BENCHMARK(BM_PrecipitationField10k);

void BM_EnvironmentTick10k(benchmark::State& state) {
    EnvironmentConfig c;
    c.schedule.keys = {{0, {10, 0, 0.5f}}};
    c.rainLoop = {"", "RAIN.WAV"};
    c.thunder = {"", "THUNDER.WAV"};
    c.lightningBounds = {-100, -100, 100, 100, 300};
    Environment env(std::move(c));
    const CameraFrame cam = wideCamera();
    (void)env.step(cam, {});
    for (auto _ : state) benchmark::DoNotOptimize(env.step(cam, {}).rain->size());
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 10000));
}
BENCHMARK(BM_EnvironmentTick10k);

}  // namespace
