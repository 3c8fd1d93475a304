// Iron3D mission benchmarks (issue 20), each with a same-run baseline:
//   BM_ReadMissionFiles      baseline: reading every file of the sample game root through the VFS
//   BM_MissionLoad           the whole transactional load of the same root (201 objects, like the demo install's
//                            6-mission total), with the per-phase wall time as counters (ms)
//   BM_HeightAtBaseline      the same point loop evaluating the terrain's plane directly (no search)
//   BM_HeightAt              TerrainWorld::heightAt on a 65,522-triangle terrain at uniformly random points
//                            (goal >= 10 M queries/s; answered by the XY height grid)
//   BM_HeightAtWalk          the same terrain queried along a random walk of short steps (how units query)
//   BM_HeightAtTree          the random points through the BVH walk (heightHitAtTree), the grid's same-run reference
//   BM_WorldStateHash        baseline: the section-14 SHA-256 of a 1,000-object world alone
//   BM_WorldTick             one MissionRuntime pass (scheduler, world step with rollback copy, hashes) with
//                            1,000 registered objects and 1,000 queued commands per tick
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "sample_root.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/iron3d/land/sample.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/sample.hpp"

namespace {

using namespace vestige;
using namespace vestige::iron3d;
namespace fs = std::filesystem;

using bench::game;

void BM_ReadMissionFiles(benchmark::State& state) {
    auto& g = game();
    std::size_t bytes = 0;
    for (auto _ : state) {
        bytes = 0;
        for (const auto& f : g.files) {
            auto b = g.vfs.read(f);
            if (!b) std::abort();
            bytes += b->size();
            benchmark::DoNotOptimize(b->data());
        }
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_ReadMissionFiles)->Unit(benchmark::kMillisecond);

void BM_MissionLoad(benchmark::State& state) {
    auto& g = game();
    std::map<std::string, double> phaseMs;
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        auto m = mission::loadMission(g.vfs, mission::kSampleMission);
        if (!m || m->counts.objects != 201) std::abort();
        bytes = 0;
        for (const auto& t : m->timings) {
            phaseMs[std::string(mission::loadPhaseName(t.phase))] += t.milliseconds;
            bytes += t.bytesRead;
        }
    }
    for (const auto& [name, ms] : phaseMs)
        state.counters[name + "_ms"] = benchmark::Counter(ms / static_cast<double>(state.iterations()));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_MissionLoad)->Unit(benchmark::kMillisecond);

struct TerrainFixture {
    land::TerrainData data = land::sampleTerrain(181, 181);  // 65,522 faces
    terrain::TerrainWorld world = *terrain::TerrainWorld::build(data);
    std::vector<Vec2> points, walk;
    TerrainFixture() {
        Pcg32 rng(11);
        for (int i = 0; i < 65536; ++i) points.push_back({rng.unit() * 1448, rng.unit() * 1448});
        // Units query where they are: a random walk of short steps (coherent in memory).
        Vec2 p{700, 700};
        for (int i = 0; i < 65536; ++i) {
            p.x = std::clamp(p.x + (rng.unit() - 0.5f) * 4, 0.0f, 1448.0f);
            p.y = std::clamp(p.y + (rng.unit() - 0.5f) * 4, 0.0f, 1448.0f);
            walk.push_back(p);
        }
    }
};

const TerrainFixture& terrainFixture() {
    static TerrainFixture f;
    return f;
}

void BM_HeightAtBaseline(benchmark::State& state) {
    const auto& f = terrainFixture();
    std::size_t i = 0;
    for (auto _ : state) {
        const Vec2 p = f.points[i++ & 65535];
        benchmark::DoNotOptimize(p.x / 16 + 182 * p.y / 16);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_HeightAtBaseline);

void heightQueries(benchmark::State& state, const std::vector<Vec2>& points, bool tree = false) {
    const auto& f = terrainFixture();
    state.counters["faces"] = static_cast<double>(f.world.faceCount());
    state.counters["grid_entries"] = static_cast<double>(f.world.gridStats().entries);
    std::size_t i = 0;
    for (auto _ : state) {
        const Vec2 p = points[i++ & 65535];
        if (tree)
            benchmark::DoNotOptimize(f.world.heightHitAtTree(p.x, p.y));
        else
            benchmark::DoNotOptimize(f.world.heightAt(p.x, p.y));
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_HeightAt(benchmark::State& state) { heightQueries(state, terrainFixture().points); }
BENCHMARK(BM_HeightAt);

void BM_HeightAtWalk(benchmark::State& state) { heightQueries(state, terrainFixture().walk); }
BENCHMARK(BM_HeightAtWalk);

void BM_HeightAtTree(benchmark::State& state) { heightQueries(state, terrainFixture().points, true); }
BENCHMARK(BM_HeightAtTree);

mission::MissionRuntime thousandObjects() {
    world::World3D w;
    for (std::uint32_t i = 0; i < 1000; ++i) {
        auto h = w.construct({i, world::Transform::fromFloats({static_cast<float>(i), 0, 0}, {})});
        if (!h || !w.registerObject(*h)) std::abort();
    }
    return mission::MissionRuntime(std::move(w), 1);
}

void BM_WorldStateHash(benchmark::State& state) {
    auto rt = thousandObjects();
    for (auto _ : state) benchmark::DoNotOptimize(sha256(rt.world().canonicalBytes()));  // uncached
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_WorldStateHash)->Unit(benchmark::kMicrosecond);

void BM_WorldTick(benchmark::State& state) {
    auto rt = thousandObjects();
    const auto handles = rt.world().liveRegistered();
    if (!rt.addCommandHandler("move", [](world::World3D& w, const world::Command& c) {
            auto t = w.transform(*c.target);
            if (!t) return Status{t.error()};
            Vec3 p = t->position();
            p.y += 0.01f;
            t->setPosition(p);
            return w.setTransform(*c.target, *t);
        }))
        std::abort();
    rt.addSystem(world::SchedulerPhase::CalculateWorldQueue, "orders", [&handles](mission::SystemContext& c) -> Status {
        for (const auto h : handles)
            if (auto seq = c.world.enqueue({0, h, "move", {}}); !seq) return seq.error();
        return {};
    });
    for (auto _ : state)
        if (!rt.tick()) std::abort();
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_WorldTick)->Unit(benchmark::kMicrosecond);

}  // namespace
