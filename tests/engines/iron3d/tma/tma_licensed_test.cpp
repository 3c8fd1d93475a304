// Licensed test: with VESTIGE_PARKAN_DIR set, every data.tma under it reads strictly to EOF, its land_path prefix
// decodes to the same string, and it re-writes byte-identical. Skipped otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/tma/tma.hpp"

namespace vestige::iron3d::tma {
namespace {

TEST(TmaLicensed, EveryMissionReadsStrictlyAndRewritesIdentically) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::vector<std::filesystem::path> files;
    for (const auto& de : std::filesystem::recursive_directory_iterator(*root))
        if (de.is_regular_file() && endsWithNoCase(de.path().filename().string(), ".tma")) files.push_back(de.path());
    std::sort(files.begin(), files.end());
    std::size_t missions = 0, objects = 0, clans = 0, paths = 0, extras = 0;
    for (const auto& path : files) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        auto m = read(*bytes);
        ASSERT_TRUE(m.ok()) << path << ": " << m.error().render();
        EXPECT_EQ(readLandPath(*bytes).value(), m->landPath) << path;
        auto out = write(*m);
        ASSERT_TRUE(out.ok()) << path << ": " << out.error().render();
        EXPECT_TRUE(*out == *bytes) << path << " did not re-write byte-identical";
        ++missions;
        objects += m->objects.size();
        clans += m->clans.size();
        paths += m->paths.size();
        extras += m->extras.size();
    }
    RecordProperty("tma_files", static_cast<int>(missions));
    RecordProperty("tma_objects", static_cast<int>(objects));
    RecordProperty("tma_clans", static_cast<int>(clans));
    RecordProperty("tma_paths", static_cast<int>(paths));
    RecordProperty("tma_extras", static_cast<int>(extras));
    EXPECT_GT(missions, 0u) << "no .tma under VESTIGE_PARKAN_DIR";
}

}  // namespace
}  // namespace vestige::iron3d::tma
