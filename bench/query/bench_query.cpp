// Slot segment queries per second on a ~10k-triangle sheet (sampleSheet(10000): 10,082 faces): the indexed
// query (root bounds test + face hierarchy) against the literal every-triangle scan in the same run, for
// segments that miss the slot bounds, segments that hit, and segments that pass inside the bounds without
// hitting. Read items/s as queries/s and compare within one run.
#include <benchmark/benchmark.h>

#include <random>

#include "vestige/iron3d/query/builder.hpp"
#include "vestige/iron3d/query/slot_query.hpp"
#include "vestige/iron3d/query/world_query.hpp"

namespace {

using namespace vestige;
using namespace vestige::iron3d;

constexpr std::size_t kSegments = 4096;

struct Fixture {
    msh::ModelData data;
    std::optional<query::QueryModel> model;
    std::vector<Segment> misses, hits, inside;
    Fixture() : data(query::sampleSheet(10000)) {
        auto m = query::QueryModel::create(data);
        if (!m) std::abort();
        model.emplace(std::move(*m));
        const float side = std::sqrt(static_cast<float>(data.triangles->size()) / 2.0f);
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> xy(1.0f, side - 1.0f), off(-4.0f, 4.0f);
        // Each set keeps only segments whose scan answer is the set's outcome.
        auto keep = [&](std::vector<Segment>& set, Segment s, query::Outcome want) {
            auto r = query::scanSlotSegment(data, 0, 0, s, {});
            if (r && r->outcome == want) set.push_back(s);
        };
        while (misses.size() < kSegments || hits.size() < kSegments || inside.size() < kSegments) {
            const float x = xy(rng), y = xy(rng);
            // Above the sheet's bounds (z in [-0.25, 0.25]): rejected by the root box.
            if (misses.size() < kSegments)
                keep(misses, {{x, y, 3.0f}, {x + off(rng), y + off(rng), 2.0f}}, query::Outcome::Miss);
            // Nearly straight down through the sheet: one hit.
            if (hits.size() < kSegments)
                keep(hits, {{x, y, 3.0f}, {x + 0.1f * off(rng), y + 0.1f * off(rng), -3.0f}}, query::Outcome::Hit);
            // Short segments inside the bounds (z 0.24, above the surface there): no hit.
            if (inside.size() < kSegments)
                keep(inside, {{x, y, 0.24f}, {x + 0.7f, y + 0.3f, 0.24f}}, query::Outcome::Miss);
        }
    }
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

template <bool Indexed>
void run(benchmark::State& state, const std::vector<Segment>& segments, query::Outcome expected) {
    const Fixture& f = fixture();
    std::size_t i = 0, checked = 0;
    double tested = 0;
    for (auto _ : state) {
        const Segment& s = segments[i++ % segments.size()];
        auto r = Indexed ? f.model->querySlot(0, 0, s, {}) : query::scanSlotSegment(f.data, 0, 0, s, {});
        if (!r || (checked++ < segments.size() && r->outcome != expected)) {
            state.SkipWithError("unexpected query answer");
            break;
        }
        tested += r->facesTested;
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["tested/query"] = tested / static_cast<double>(std::max<std::int64_t>(1, state.iterations()));
    state.counters["faces"] = static_cast<double>(f.data.triangles->size());
}

void BM_QueryMiss_Indexed(benchmark::State& s) { run<true>(s, fixture().misses, query::Outcome::Miss); }
void BM_QueryMiss_Scan(benchmark::State& s) { run<false>(s, fixture().misses, query::Outcome::Miss); }
void BM_QueryHit_Indexed(benchmark::State& s) { run<true>(s, fixture().hits, query::Outcome::Hit); }
void BM_QueryHit_Scan(benchmark::State& s) { run<false>(s, fixture().hits, query::Outcome::Hit); }
void BM_QueryInsideMiss_Indexed(benchmark::State& s) { run<true>(s, fixture().inside, query::Outcome::Miss); }
void BM_QueryInsideMiss_Scan(benchmark::State& s) { run<false>(s, fixture().inside, query::Outcome::Miss); }

// The plant's door case through the world query (three listed nodes, one pass).
void BM_WorldQueryPlant(benchmark::State& state) {
    animesh::AniMesh mesh;
    if (!mesh.append("plant", query::samplePlant(), 0) || !mesh.update()) std::abort();
    auto model = query::QueryModel::create(mesh.loads()[0].model);
    auto list = query::posedNodes(mesh, 0);
    if (!model || !list) std::abort();
    const Segment through{{-10, 0, 1}, {10, 0, 1}};
    for (auto _ : state) {
        auto r = query::queryBuildingSegmentWorld(*model, *list, through);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_BuildIndex(benchmark::State& state) {
    const auto data = std::make_shared<const msh::ModelData>(fixture().data);
    for (auto _ : state) {
        auto m = query::QueryModel::create(data);
        benchmark::DoNotOptimize(m);
    }
    state.counters["faces/s"] =
        benchmark::Counter(static_cast<double>(data->triangles->size()) * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate);
}

BENCHMARK(BM_QueryMiss_Indexed);
BENCHMARK(BM_QueryMiss_Scan);
BENCHMARK(BM_QueryHit_Indexed);
BENCHMARK(BM_QueryHit_Scan);
BENCHMARK(BM_QueryInsideMiss_Indexed);
BENCHMARK(BM_QueryInsideMiss_Scan);
BENCHMARK(BM_WorldQueryPlant);
BENCHMARK(BM_BuildIndex);

}  // namespace

BENCHMARK_MAIN();
