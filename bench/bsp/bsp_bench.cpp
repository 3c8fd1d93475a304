// BSP load (parse, and parse + world build) throughput on a large builder map (>= 10k faces, >= 100 displacements) against memcpy of the same
// bytes in the same run, so the numbers read as ratios.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/mapmesh/mapmesh.hpp"

namespace {

using namespace vestige;
using namespace vestige::source::bsp;

const Bytes& largeMap() {
    static const Bytes bytes = [] {
        MapBuilder map;
        // 42 x 41 pillars of varying height: 1722 brushes, 10 332 faces.
        for (int i = 0; i < 42; ++i)
            for (int j = 0; j < 41; ++j) {
                const float x = static_cast<float>(i) * 48 - 1008, y = static_cast<float>(j) * 48 - 984;
                const float h = 16.0f + static_cast<float>((i * 7 + j * 13) % 9) * 8.0f;
                map.addBox({x, y, 0}, {x + 32, y + 32, h}, (i + j) % 2 ? "dev/dev_measuregeneric01" : "dev/dev_measurewall01a");
            }
        // 10 x 10 power-3 displacements below the pillars.
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 10; ++j) {
                DisplacementDesc d;
                d.min = {static_cast<float>(i) * 256 - 1280, static_cast<float>(j) * 256 - 1280, -256};
                d.size = {256, 256};
                d.power = 3;
                d.height = [](float x, float y) { return 32.0f * std::sin(x / 200.0f) * std::cos(y / 170.0f) + 32.0f; };
                map.addDisplacement(d);
            }
        map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 300"}});
        map.setLighting({});
        auto out = map.write();
        if (!out.ok()) std::abort();
        return *out;
    }();
    return bytes;
}

void BM_Memcpy(benchmark::State& state) {
    const Bytes& src = largeMap();
    Bytes dst(src.size());
    for (auto _ : state) {
        std::memcpy(dst.data(), src.data(), src.size());
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(src.size()));
}
BENCHMARK(BM_Memcpy);

void BM_ReadBsp(benchmark::State& state) {
    const Bytes& src = largeMap();
    std::size_t faces = 0, disps = 0;
    for (auto _ : state) {
        auto bsp = readBsp(src);
        if (!bsp.ok()) state.SkipWithError("read failed");
        faces = bsp->faces.size();
        disps = bsp->dispInfos.size();
        benchmark::DoNotOptimize(bsp);
    }
    state.counters["faces"] = static_cast<double>(faces);
    state.counters["displacements"] = static_cast<double>(disps);
    state.counters["file_bytes"] = static_cast<double>(src.size());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(src.size()));
}
BENCHMARK(BM_ReadBsp);

// The acceptance number: parse + world build (meshes, displacements, lightmap atlas).
void BM_LoadAndBuildMapMesh(benchmark::State& state) {
    const Bytes& src = largeMap();
    std::size_t triangles = 0;
    for (auto _ : state) {
        auto bsp = readBsp(src);
        if (!bsp.ok()) state.SkipWithError("read failed");
        auto world = vestige::source::mapmesh::buildMapMesh(*bsp);
        if (!world.ok()) state.SkipWithError("world build failed");
        triangles = world->stats.triangles;
        benchmark::DoNotOptimize(world);
    }
    state.counters["triangles"] = static_cast<double>(triangles);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(src.size()));
}
BENCHMARK(BM_LoadAndBuildMapMesh);

}  // namespace
