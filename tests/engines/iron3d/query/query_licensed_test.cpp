// Optional: every .msh under $VESTIGE_PARKAN_DIR (loose and inside NRes archives) through both query methods,
// 64 deterministic segments per slot across its bounds; the index must equal the scan to the bit. Also counts
// slots whose descriptor cursor runs past type 7 (our query.descriptor_range policy meets real data here).
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <random>

#include "../msh/licensed_models.hpp"
#include "fixture.hpp"
#include "shared.hpp"

namespace vestige::iron3d::query::test {
namespace {

TEST(QueryLicensed, EveryModelIndexMatchesScan) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::size_t models = 0, queries = 0, hits = 0, overruns = 0;
    std::mt19937 rng(1);
    auto check = [&](ByteView bytes, const std::string& where) {
        auto m = msh::Model::read(bytes, {nres::Profile::Compatible, false});
        if (!m || !m->data().triangles) return;
        auto model = QueryModel::create(m->data());
        ASSERT_TRUE(model.ok()) << where << ": " << model.error().render();
        ++models;
        const auto& d = model->data();
        for (std::uint32_t slot = 0; slot < d.slots.size(); ++slot) {
            const auto& s = d.slots[slot];
            std::uniform_real_distribution<float> u(0, 1);
            for (int k = 0; k < 64; ++k) {
                auto pick = [&] {
                    const Vec3 e = s.aabbMax - s.aabbMin;
                    return s.aabbMin - e * 0.25f + Vec3{e.x * 1.5f * u(rng), e.y * 1.5f * u(rng), e.z * 1.5f * u(rng)};
                };
                const Segment seg{pick(), pick()};
                auto scan = scanSlotSegment(d, 0, slot, seg);
                auto idx = model->querySlot(0, slot, seg, {});
                ASSERT_EQ(scan.ok(), idx.ok()) << where;
                if (!scan.ok()) {
                    overruns += scan.error().code() == "query.descriptor_range";
                    break;
                }
                ASSERT_TRUE(sameHit(scan->hit, idx->hit)) << where << " slot " << slot;
                ++queries;
                hits += scan->hit.has_value();
            }
        }
    };
    msh::test::forEachLicensedModel(*root, check);
    std::cout << "query licensed: " << models << " models, " << queries << " queries, " << hits << " hits, " << overruns
              << " slots with the descriptor cursor past type 7\n";
    EXPECT_GT(models, 0u);
}

}  // namespace
}  // namespace vestige::iron3d::query::test
