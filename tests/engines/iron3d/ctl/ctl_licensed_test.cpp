// Optional: the seed's fr_l_plant / fr_l_gener / u_all_def_a_01 numbers on the user's own game files
// ($VESTIGE_PARKAN_DIR). This is where the effect-section layout (partly from a third-party reverse
// engineering) meets real data; skipped when the variable is unset.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/ctl/effects.hpp"
#include "vestige/iron3d/ctl/prepare.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::ctl {
namespace {

// The payload of archive:entry found anywhere under the game root (ASCII case-insensitive names).
std::optional<Bytes> entry(const std::filesystem::path& root, std::string_view archive, std::string_view name) {
    for (const auto& f : std::filesystem::recursive_directory_iterator(root)) {
        if (!f.is_regular_file() || !iequals(f.path().filename().string(), archive)) continue;
        auto bytes = readFile(f.path());
        if (!bytes) continue;
        auto a = nres::Archive::read(*bytes, nres::Profile::Compatible);
        if (!a) continue;
        for (std::size_t i = 0; i < a->size(); ++i)
            if (iequals(a->entries()[i].name(), name)) {
                auto p = a->payload(i);
                return Bytes(p.begin(), p.end());
            }
    }
    return std::nullopt;
}

// Do the args of the rows naming `resource` contain every value of [lo, hi]?
bool offsetsCovered(const EffectSection& s, std::string_view resource, std::uint32_t lo, std::uint32_t hi) {
    std::vector<std::uint32_t> seen;
    for (const auto& e : effectRows(s))
        if (iequals(e.data->resource.text(), resource) || iequals(e.data->archive.text(), resource))
            seen.insert(seen.end(), e.data->args.begin(), e.data->args.end());
    for (std::uint32_t v = lo; v <= hi; ++v)
        if (std::find(seen.begin(), seen.end(), v) == seen.end()) return false;
    return true;
}

TEST(CtlLicensed, SeedPlantAndGeneratorNumbers) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    auto plant = entry(*root, "fortif.rlb", "fr_l_plant.ctl");
    auto plantCpt = entry(*root, "fortif.rlb", "fr_l_plant.cpt");
    if (!plant || !plantCpt) GTEST_SKIP() << "fortif.rlb:fr_l_plant.ctl/.cpt not found";
    auto p = prepare(*plant, ByteView(*plantCpt));
    ASSERT_TRUE(p.ok()) << p.error().render();
    EXPECT_EQ(p->file.counts, (std::array<std::uint32_t, 5>{14, 0, 5, 11, 13}));
    ASSERT_EQ(p->effects.state, SectionState::Parsed) << p->effects.unsupported;
    EXPECT_EQ(p->effects.records.front().offset, 0xCCCu);
    EXPECT_EQ(p->effects.initialEffectGroup, 8u);
    for (std::size_t i = 1; i < kGroupRefCount; ++i) EXPECT_EQ((*p->effects.groupRefs)[i], kNoGroup);
    EXPECT_EQ(p->effects.tables.size(), 13u);
    EXPECT_EQ(effectRows(p->effects).size(), 38u);
    EXPECT_TRUE(offsetsCovered(p->effects, "f_smalllight_y", 104, 107));
    EXPECT_TRUE(offsetsCovered(p->effects, "smoke_fr_02", 119, 121));
    ASSERT_TRUE(p->points);
    EXPECT_EQ(p->points->points.size(), 155u);
    EXPECT_EQ(*writeEffects(p->effects), p->file.tail);  // byte-exact
    if (auto gener = entry(*root, "fortif.rlb", "fr_l_gener.ctl")) {
        auto g = prepare(*gener);
        ASSERT_TRUE(g.ok()) << g.error().render();
        EXPECT_EQ(effectRows(g->effects).size(), 35u);
        EXPECT_TRUE(offsetsCovered(g->effects, "f_gener_ball", 85, 85));
    }
    if (auto part = entry(*root, "parts.rlb", "u_all_def_a_01.cpt")) {
        auto points = cpt::read(*part);
        ASSERT_TRUE(points.ok()) << points.error().render();
        EXPECT_EQ(points->points.size(), 6u);
    }
}

}  // namespace
}  // namespace vestige::iron3d::ctl
