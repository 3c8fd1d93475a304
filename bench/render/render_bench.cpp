// Headless frame time at 1280x720 on whatever EGL gives (llvmpipe here): a ~50k-triangle lit, fogged scene
// versus a clear-only frame in the same run, plus read-back and PNG encoding of one frame. Bytes processed
// = colour buffer bytes (1280*720*4) per frame, so the rates read as ratios against the clear baseline.
#include <benchmark/benchmark.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "vestige/render_gl/headless.hpp"
#include "vestige/scene/test_card.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"
#include "vestige/source/scene/demo_content.hpp"
#include "vestige/source/scene/scene.hpp"
#include "vestige/source/vtf/vtf.hpp"

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
// Frames of a map scene from its spawn camera; draw calls and texture count as counters.
void drawSpawnFrames(benchmark::State& state, const vestige::Result<vestige::source::scene::MapScene>& map) {
    if (!map || !map->spawnCamera) {
        state.SkipWithError("map scene conversion failed");
        return;
    }
    if (!prepare(state, map->scene)) return;
    auto& r = *offscreen()->renderer;
    for (auto _ : state) {
        (void)r.draw(*map->spawnCamera);
        r.finish();
    }
    finishFrame(state, r.lastFrame().trianglesSubmitted);
    state.counters["drawCalls"] = static_cast<double>(r.lastFrame().drawCalls);
    state.counters["textures"] = static_cast<double>(map->scene.textures.size());
}

void BM_DemoMapSpawn(benchmark::State& state) {
    auto bytes = vestige::source::bsp::demoMap().write();
    if (!bytes) {
        state.SkipWithError("demo map build failed");
        return;
    }
    drawSpawnFrames(state, vestige::source::scene::toScene(ByteView(*bytes)));
}
BENCHMARK(BM_DemoMapSpawn)->Unit(benchmark::kMillisecond)->UseRealTime();

// Issue 23's goal: a frame of `vestige play --headless` on the demo map (one session tick with the base gamemode's
// hooks, the default instruction budget as the CLI runs it, then the map drawn from the player's eye) at most 1.3x
// `vestige render` of the same view (BM_PlayerViewRender), both at 1280x720 in the same run. The player stands at
// info_player_start, so both draw one view. Screenshots (read back + PNG) are BM_ReadBackAndPng on top of either.
struct PlaySession {
    vestige::source::scene::MapScene scene;
    std::unique_ptr<vestige::source::glua::Runtime> rt;
};
PlaySession* playSession() {
    static PlaySession* s = []() -> PlaySession* {
        auto bytes = vestige::source::bsp::demoMap().write();
        if (!bytes) return nullptr;
        auto scene = vestige::source::scene::toScene(ByteView(*bytes));
        auto map = vestige::source::game::GameMap::load(*bytes, "demo");
        if (!scene || !map) return nullptr;
        vestige::source::glua::Options opt;
        opt.output = [](std::string_view) {};
        auto rt = vestige::source::game::createRuntime(*map, std::move(opt));
        if (!rt || !(*rt)->boot().ok()) return nullptr;
        (void)(*rt)->joinPlayer();
        (*rt)->tick();
        return new PlaySession{std::move(*scene), std::move(*rt)};
    }();
    return s;
}
vestige::scene::Camera playerEye(vestige::source::glua::Runtime& rt) {
    const auto* p = rt.world().player(1);
    return vestige::scene::sourceCamera(p->origin + vestige::Vec3{0, 0, p->player->move.viewOffsetZ},
                                        p->player->eyeAngles);
}
void drawPlayer(benchmark::State& state, bool tick) {
    PlaySession* s = playSession();
    if (!s) {
        state.SkipWithError("demo map session failed");
        return;
    }
    if (!prepare(state, s->scene.scene)) return;
    auto& r = *offscreen()->renderer;
    const auto fixed = playerEye(*s->rt);
    for (auto _ : state) {
        if (tick) s->rt->tick();
        (void)r.draw(tick ? playerEye(*s->rt) : fixed);
        r.finish();
    }
    finishFrame(state, r.lastFrame().trianglesSubmitted);
}
void BM_PlayerViewRender(benchmark::State& state) { drawPlayer(state, false); }
void BM_PlayHeadlessFrame(benchmark::State& state) { drawPlayer(state, true); }
BENCHMARK(BM_PlayerViewRender)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PlayHeadlessFrame)->Unit(benchmark::kMillisecond)->UseRealTime();

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

// Issue 19: the material demo map from its spawn, textured (VMT/VTF through a mounted GMA) against the same map
// untextured (reflectivity colours) in the same run; the goal is textured <= 1.5x untextured on llvmpipe.
const vestige::source::scene::MaterialDemo& materialDemo() {
    static const auto demo = *vestige::source::scene::buildMaterialDemo();
    return demo;
}

void drawMaterialMap(benchmark::State& state, bool textured, bool props = true) {
    const auto& demo = materialDemo();
    vestige::Result<vestige::source::scene::MapScene> map = vestige::Error("bench", "not built");
    if (textured) {
        const auto dir = std::filesystem::temp_directory_path() / "vestige_bench_materials" / "garrysmod";
        std::filesystem::create_directories(dir / "addons");
        std::ofstream(dir / "addons" / "demo.gma", std::ios::binary)
            .write(reinterpret_cast<const char*>(demo.gma.data()), static_cast<std::streamsize>(demo.gma.size()));
        vestige::source::content::GmodOptions content;
        content.gmodDir = dir;
        vestige::source::scene::SceneOptions options;
        options.props = props;
        map = vestige::source::scene::toSceneWithContent(demo.map, "demo_materials.bsp", content, options);
        std::filesystem::remove_all(dir.parent_path());
    } else {
        map = vestige::source::scene::toScene(ByteView(demo.map));
    }
    drawSpawnFrames(state, map);
}
void BM_MaterialMapUntextured(benchmark::State& state) { drawMaterialMap(state, false); }
void BM_MaterialMapTextured(benchmark::State& state) { drawMaterialMap(state, true); }
BENCHMARK(BM_MaterialMapUntextured)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MaterialMapTextured)->Unit(benchmark::kMillisecond)->UseRealTime();
// Issue 19 item 5: the same textured map with its studio models (two static props and a prop_dynamic) against
// it without them; BM_MaterialMapTextured is the with-props run.
void BM_MaterialMapTexturedNoProps(benchmark::State& state) { drawMaterialMap(state, true, false); }
BENCHMARK(BM_MaterialMapTexturedNoProps)->Unit(benchmark::kMillisecond)->UseRealTime();

// VTF load throughput: read + decode mip 0 of every demo VTF (MB/s of VTF file bytes) against memcpy of the same
// bytes (a cache-resident ceiling, not a target).
std::uint64_t demoVtfBytes() {
    std::uint64_t n = 0;
    for (const auto& [path, data] : materialDemo().files)
        if (path.ends_with(".vtf")) n += data.size();
    return n;
}
void BM_VtfLoadDecode(benchmark::State& state) {
    for (auto _ : state)
        for (const auto& [path, data] : materialDemo().files) {
            if (!path.ends_with(".vtf")) continue;
            auto v = vestige::source::vtf::readVtf(data);
            auto img = vestige::source::vtf::decodeImage(*v);
            benchmark::DoNotOptimize(img);
        }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * demoVtfBytes()));
}
void BM_VtfMemcpy(benchmark::State& state) {
    std::vector<std::uint8_t> out(demoVtfBytes());
    for (auto _ : state) {
        std::size_t at = 0;
        for (const auto& [path, data] : materialDemo().files) {
            if (!path.ends_with(".vtf")) continue;
            std::memcpy(out.data() + at, data.data(), data.size());
            at += data.size();
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * demoVtfBytes()));
}
BENCHMARK(BM_VtfLoadDecode);
BENCHMARK(BM_VtfMemcpy);

}  // namespace
