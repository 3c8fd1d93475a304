// Poses per second for a 64-node model (sample + conjugate + compose + 4x4 matrices), against a
// memcpy of the same 64 pose matrices as the baseline. Items = poses (whole models) per second.
#include <benchmark/benchmark.h>

#include <cstring>

#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/animesh/sample.hpp"

namespace {

using namespace vestige;
namespace an = iron3d::animation;
constexpr std::size_t kNodes = 64;

void BM_MemcpyPoseMatrices(benchmark::State& state) {
    std::vector<Mat4> src(kNodes), dst(kNodes);
    for (std::size_t i = 0; i < kNodes; ++i) src[i] = Mat4::translation({float(i), 0, 0});
    for (auto _ : state) {
        std::memcpy(dst.data(), src.data(), kNodes * sizeof(Mat4));
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(kNodes * sizeof(Mat4)));
}
BENCHMARK(BM_MemcpyPoseMatrices);

void BM_Pose64Nodes(benchmark::State& state) {
    auto anim = an::ModelAnimation::fromModel(iron3d::animesh::sampleChain(kNodes));
    if (!anim) {
        state.SkipWithError(anim.error().render().c_str());
        return;
    }
    std::vector<std::optional<float>> times(kNodes);
    std::vector<an::Pose> local, global;
    std::vector<Mat4> matrices(kNodes);
    std::uint32_t tick = 0;
    for (auto _ : state) {
        const float t = static_cast<float>(tick++ % 128) * 0.25f;
        for (auto& x : times) x = t;
        if (!anim->sampleInto(times, local, global).ok()) state.SkipWithError("sample failed");
        for (std::size_t i = 0; i < kNodes; ++i) matrices[i] = global[i].matrix();
        benchmark::DoNotOptimize(matrices.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(kNodes * sizeof(Mat4)));
}
BENCHMARK(BM_Pose64Nodes);

void BM_AniMeshUpdateWithBounds(benchmark::State& state) {
    auto mesh = iron3d::animesh::sampleAssembly(true);
    if (!mesh) {
        state.SkipWithError(mesh.error().render().c_str());
        return;
    }
    std::uint32_t tick = 0;
    for (auto _ : state) {
        mesh->setAllTimes(static_cast<float>(tick++ % 64) * 0.25f);
        if (!mesh->update().ok()) state.SkipWithError("update failed");
        benchmark::DoNotOptimize(mesh->cachedMeshBox());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AniMeshUpdateWithBounds);

}  // namespace
