// Issue 20: the textured mission frame at 1280x720 on whatever EGL gives (llvmpipe here), against the same scene
// untextured (the WEAR palette and a grey terrain, no textures or lightmaps) in the same run. The scene is the
// 201-object sample root's mission (bench/mission/sample_root.hpp) from its default terrain-framing camera.
#include <benchmark/benchmark.h>

#include "sample_root.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/scene/mission_scene.hpp"
#include "vestige/render_gl/headless.hpp"

namespace {

using namespace vestige;
constexpr std::uint32_t kW = 1280, kH = 720;

void drawMissionFrames(benchmark::State& state, bool textured) {
    static auto off = render_gl::Offscreen::create(kW, kH);
    if (!off) {
        state.SkipWithError("no headless OpenGL 4.5 context (EGL surfaceless)");
        return;
    }
    iron3d::mission::LoadOptions lo;
    lo.keepTextures = textured;
    auto m = iron3d::mission::loadMission(bench::game().vfs, iron3d::mission::kSampleMission, lo);
    if (!m) {
        state.SkipWithError("mission load failed");
        return;
    }
    iron3d::scene::MissionSceneOptions so;
    so.textured = textured;
    so.aspect = static_cast<float>(kW) / kH;
    auto s = iron3d::scene::toScene(*m, so);
    if (!s || !off->renderer->setScene(s->scene)) {
        state.SkipWithError("mission scene failed");
        return;
    }
    auto& r = *off->renderer;
    for (auto _ : state) {
        (void)r.draw(s->camera);
        r.finish();
    }
    state.counters["triangles"] = static_cast<double>(r.lastFrame().trianglesSubmitted);
    state.counters["drawCalls"] = static_cast<double>(r.lastFrame().drawCalls);
    state.counters["textures"] = static_cast<double>(s->scene.textures.size());
    state.counters["fps"] = benchmark::Counter(1, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_MissionFrameUntextured(benchmark::State& state) { drawMissionFrames(state, false); }
void BM_MissionFrameTextured(benchmark::State& state) { drawMissionFrames(state, true); }
BENCHMARK(BM_MissionFrameUntextured)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MissionFrameTextured)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
