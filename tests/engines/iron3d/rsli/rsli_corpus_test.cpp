// Licensed test: with VESTIGE_PARKAN_DIR set, every RsLi *.lib / *.rlb under it opens (strictly, or in the
// compatible profile for the named sprites.lib quirk), decodes every entry, and re-writes byte-identical
// through the lossless path. Skipped otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

namespace vestige::iron3d::rsli {
namespace {

TEST(RsliLicensed, EveryLibraryOpensAndRewritesIdentically) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::size_t libraries = 0;
    for (const auto& de : std::filesystem::recursive_directory_iterator(*root)) {
        if (!de.is_regular_file()) continue;
        const auto name = de.path().filename().string();
        if (!endsWithNoCase(name, ".lib") && !endsWithNoCase(name, ".rlb")) continue;
        auto bytes = readFile(de.path());
        ASSERT_TRUE(bytes.ok());
        if (bytes->size() < 4 || (*bytes)[0] != 'N' || (*bytes)[1] != 'L') continue;
        auto strict = Archive::read(*bytes);
        if (!strict.ok()) {
            EXPECT_EQ(strict.error().code(), "rsli.deflate_eof_plus_one") << de.path();
        }
        auto a = Archive::read(*bytes, strict.ok() ? Profile::Strict : Profile::Compatible);
        ASSERT_TRUE(a.ok()) << de.path() << ": " << a.error().render();
        ++libraries;
        for (std::size_t i = 0; i < a->size(); ++i) {
            auto d = a->load(i);
            EXPECT_TRUE(d.ok()) << de.path() << ":" << a->entries()[i].name() << ": " << d.error().render();
            EXPECT_EQ(a->find(a->entries()[i].name()).has_value(), true);
        }
        EXPECT_EQ(a->writeLossless(), *bytes);
        if (a->quirks() == kQuirkNone) {
            auto again = rewrite(*a);
            ASSERT_TRUE(again.ok());
            EXPECT_TRUE(*again == *bytes) << de.path() << " did not re-write byte-identical";
        }
    }
    EXPECT_GT(libraries, 0u) << "no RsLi library under VESTIGE_PARKAN_DIR";
}

}  // namespace
}  // namespace vestige::iron3d::rsli
