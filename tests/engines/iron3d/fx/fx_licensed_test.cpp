// Licensed test: with VESTIGE_PARKAN_DIR set, every FXID entry (NRes type 'FXID') of every NRes file of the
// install reads and rewrites byte-exact, and the count is the spec's (§10: 923 in Part 1, 1,065 in Part 2).
// Skipped otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/fx/fx.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d {
namespace {

bool startsWithNres(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    return in.read(magic, 4) && std::equal(magic, magic + 4, "NRes");
}

TEST(FxLicensed, EveryFxidEntryReadsAndRewritesByteExact) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::vector<std::filesystem::path> files;
    for (const auto& de : std::filesystem::recursive_directory_iterator(*root))
        if (de.is_regular_file() && startsWithNres(de.path())) files.push_back(de.path());
    std::sort(files.begin(), files.end());
    std::size_t total = 0, failed = 0;
    for (const auto& path : files) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        auto a = nres::Archive::read(std::move(*bytes), nres::Profile::Compatible);
        if (!a) continue;  // the NRes tests own archive validity
        for (const std::size_t i : a->findByType(fx::kNresType)) {
            ++total;
            const ByteView payload = a->payload(i);
            const std::string name(a->entries()[i].name());
            auto effect = fx::read(payload);
            if (!effect) {
                ++failed;
                ADD_FAILURE() << path << ":" << name << ": " << effect.error().render();
                continue;
            }
            auto again = fx::write(*effect);
            ASSERT_TRUE(again.ok()) << path << ":" << name;
            EXPECT_EQ(*again, Bytes(payload.begin(), payload.end())) << path << ":" << name;
        }
    }
    RecordProperty("fxid_total", static_cast<int>(total));
    EXPECT_TRUE(total == 923 || total == 1065) << total << " FXID entries, " << failed << " failed";
}

}  // namespace
}  // namespace vestige::iron3d
