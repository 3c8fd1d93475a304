// Licensed test: with VESTIGE_PARKAN_DIR set, every NRes *.lib / *.rlb under it opens strictly and a
// forced lossless rebuild (no-op replace of entry 0) re-writes it byte-identical. Skipped otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::nres {
namespace {

TEST(NresLicensed, EveryArchiveOpensStrictlyAndRewritesIdentically) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::vector<std::filesystem::path> files;
    for (const auto& de : std::filesystem::recursive_directory_iterator(*root)) {
        if (!de.is_regular_file()) continue;
        const auto name = de.path().filename().string();
        if (endsWithNoCase(name, ".lib") || endsWithNoCase(name, ".rlb")) files.push_back(de.path());
    }
    std::sort(files.begin(), files.end());
    std::size_t archives = 0, entries = 0;
    for (const auto& path : files) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        if (bytes->size() < 4 || !std::equal(bytes->begin(), bytes->begin() + 4, "NRes")) continue;  // RsLi
        auto a = Archive::read(*bytes);
        ASSERT_TRUE(a.ok()) << path << ": " << a.error().render();
        ++archives;
        entries += a->size();
        Editor ed(*a);
        if (a->size() > 0) {
            ASSERT_TRUE(ed.replace(0, Bytes(a->payload(0).begin(), a->payload(0).end())).ok());
        }
        auto out = ed.write();
        ASSERT_TRUE(out.ok()) << path;
        EXPECT_TRUE(*out == *bytes) << path << " did not re-write byte-identical";
        for (std::size_t i = 0; i < a->size(); ++i)
            EXPECT_EQ(a->find(a->entries()[i].name()).has_value(), true) << path << ": " << a->entries()[i].name();
    }
    RecordProperty("nres_archives", static_cast<int>(archives));
    RecordProperty("nres_entries", static_cast<int>(entries));
    EXPECT_GT(archives, 0u) << "no NRes archive under VESTIGE_PARKAN_DIR";
}

}  // namespace
}  // namespace vestige::iron3d::nres
