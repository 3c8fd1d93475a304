// Licensed test: with VESTIGE_PARKAN_DIR set, every MISSIONS/SCRIPTS/*.scr reads and rewrites byte-identically and,
// on the GOG Part 1 install (58 packages), the totals are seed 002's: 6,087 instructions, 3,992 sentinels, 2,095
// handler records (Handler 30: 246, 15: 236, 8: 179, 2: 176, 1: none); the shared varset.var has 231 declarations
// (31 float, 200 DWORD). Every reference of those packages is in range of the shared varset. Skipped otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/scr/scr.hpp"
#include "vestige/iron3d/varset/varset.hpp"

namespace vestige::iron3d::scr {
namespace {

std::optional<std::filesystem::path> childNoCase(const std::filesystem::path& dir, std::string_view name) {
    if (!std::filesystem::is_directory(dir)) return std::nullopt;
    for (const auto& de : std::filesystem::directory_iterator(dir))
        if (iequals(de.path().filename().string(), name)) return de.path();
    return std::nullopt;
}

TEST(ScrLicensed, EveryPackageRewritesAndTheCorpusCountsMatch) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    const auto missions = childNoCase(*root, "MISSIONS");
    const auto scripts = missions ? childNoCase(*missions, "SCRIPTS") : std::nullopt;
    ASSERT_TRUE(scripts) << "no MISSIONS/SCRIPTS under VESTIGE_PARKAN_DIR";
    std::vector<std::filesystem::path> files;
    for (const auto& de : std::filesystem::directory_iterator(*scripts))
        if (de.is_regular_file() && endsWithNoCase(de.path().filename().string(), ".scr")) files.push_back(de.path());
    std::sort(files.begin(), files.end());
    Counts total;
    std::uint32_t maxRef = 0;
    for (const auto& path : files) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        auto p = read(*bytes);
        ASSERT_TRUE(p.ok()) << path << ": " << p.error().render();
        EXPECT_TRUE(checkVersion(*p).ok()) << path;
        EXPECT_TRUE(p->trailing.empty()) << path;
        EXPECT_EQ(write(*p).value(), *bytes) << path << " did not rewrite byte-identically";
        const Counts c = count(*p);
        total.instructions += c.instructions;
        total.handlers += c.handlers;
        total.sentinels += c.sentinels;
        total.unknown += c.unknown;
        for (std::size_t h = 0; h < kHandlerCount; ++h) total.byHandler[h] += c.byHandler[h];
        for (const auto& ev : p->events)
            for (const auto& ins : ev.instructions)
                for (const auto ref : ins.refs) maxRef = std::max(maxRef, ref);
    }
    RecordProperty("scr_packages", static_cast<int>(files.size()));
    RecordProperty("scr_instructions", static_cast<int>(total.instructions));
    EXPECT_EQ(total.unknown, 0u);
    const auto shared = childNoCase(*scripts, "varset.var");
    ASSERT_TRUE(shared);
    auto set = varset::parse(readFile(*shared).value());
    ASSERT_TRUE(set.ok()) << set.error().render();
    EXPECT_LT(maxRef, set->declarations.size());
    if (files.size() != 58) GTEST_SKIP() << files.size() << " packages: not the GOG Part 1 install the seed counted";
    EXPECT_EQ(total.instructions, 6087u);
    EXPECT_EQ(total.sentinels, 3992u);
    EXPECT_EQ(total.handlers, 2095u);
    EXPECT_EQ(total.byHandler[30], 246u);
    EXPECT_EQ(total.byHandler[15], 236u);
    EXPECT_EQ(total.byHandler[8], 179u);
    EXPECT_EQ(total.byHandler[2], 176u);
    EXPECT_EQ(total.byHandler[1], 0u);
    EXPECT_EQ(set->declarations.size(), 231u);
    EXPECT_EQ(set->count(varset::Kind::Float), 31u);
    EXPECT_EQ(set->count(varset::Kind::Dword), 200u);
}

}  // namespace
}  // namespace vestige::iron3d::scr
