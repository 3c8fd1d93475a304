// Licensed test: with VESTIGE_PARKAN_DIR set, every Land.msh, Land.map and BuildDat.lst under it reads strictly
// and re-writes byte-identical (Land.msh / Land.map through the stream encoders and the lossless NRes editor).
// Skipped otherwise; no game bytes are stored anywhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/build_list.hpp"
#include "vestige/iron3d/land/land.hpp"

namespace vestige::iron3d::land {
namespace {

std::vector<std::filesystem::path> filesNamed(const std::filesystem::path& root, std::string_view name) {
    std::vector<std::filesystem::path> out;
    for (const auto& de : std::filesystem::recursive_directory_iterator(root))
        if (de.is_regular_file() && iequals(de.path().filename().string(), name)) out.push_back(de.path());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(LandLicensed, EveryLandMshReadsStrictlyAndRewritesIdentically) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::size_t maps = 0, vertices = 0, faces = 0, nonCanonical = 0;
    for (const auto& path : filesNamed(*root, "Land.msh")) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        auto t = Terrain::read(*bytes);
        ASSERT_TRUE(t.ok()) << path << ": " << t.error().render();
        auto out = write(*t);
        ASSERT_TRUE(out.ok()) << path << ": " << out.error().render();
        EXPECT_TRUE(*out == *bytes) << path << " did not re-write byte-identical";
        ++maps;
        vertices += t->data().positions.size();
        faces += t->data().faces.size();
        nonCanonical += !t->canonicalOrder();
    }
    RecordProperty("land_msh_files", static_cast<int>(maps));
    RecordProperty("land_vertices", static_cast<int>(vertices));
    RecordProperty("land_faces", static_cast<int>(faces));
    EXPECT_EQ(nonCanonical, 0u) << "the digest reports the order 1 2 3 4 5 18 14 11 21 in every map";
    EXPECT_GT(maps, 0u) << "no Land.msh under VESTIGE_PARKAN_DIR";
}

TEST(LandLicensed, EveryLandMapReadsStrictlyAndRewritesIdentically) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::size_t maps = 0, areals = 0;
    for (const auto& path : filesNamed(*root, "Land.map")) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        auto m = ArealMap::read(*bytes);
        ASSERT_TRUE(m.ok()) << path << ": " << m.error().render();
        auto out = write(*m);
        ASSERT_TRUE(out.ok()) << path;
        EXPECT_TRUE(*out == *bytes) << path << " did not re-write byte-identical";
        ++maps;
        areals += m->data().areals.size();
    }
    RecordProperty("land_map_files", static_cast<int>(maps));
    RecordProperty("land_areals", static_cast<int>(areals));
    EXPECT_GT(maps, 0u) << "no Land.map under VESTIGE_PARKAN_DIR";
}

TEST(LandLicensed, BuildDatListReads) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    const auto files = filesNamed(*root, "BuildDat.lst");
    for (const auto& path : files) {
        auto bytes = readFile(path);
        ASSERT_TRUE(bytes.ok()) << path;
        auto l = BuildList::read(*bytes);
        ASSERT_TRUE(l.ok()) << path << ": " << l.error().render();
        EXPECT_EQ(l->write(), *bytes);
        EXPECT_EQ(l->categories().size(), 12u) << path;
    }
    if (files.empty()) GTEST_SKIP() << "no BuildDat.lst under VESTIGE_PARKAN_DIR";
}

}  // namespace
}  // namespace vestige::iron3d::land
