// Optional: every Texm entry of every NRes archive under $VESTIGE_PARKAN_DIR reads, decodes every
// level and re-writes byte-identically. Skipped when the variable is unset.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/nres/nres.hpp"
#include "vestige/iron3d/texm/texm.hpp"

namespace vestige::iron3d::texm {
namespace {

TEST(TexmLicensed, EveryTextureDecodesAndRoundTrips) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    std::size_t textures = 0, withPage = 0;
    std::map<std::uint32_t, std::size_t> byFormat;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(*root)) {
        if (!entry.is_regular_file()) continue;
        auto bytes = readFile(entry.path());
        if (!bytes || bytes->size() < 16 || std::string(bytes->begin(), bytes->begin() + 4) != "NRes") continue;
        auto archive = nres::Archive::read(*bytes, nres::Profile::Compatible);
        if (!archive) continue;
        for (std::size_t i = 0; i < archive->size(); ++i) {
            const auto& e = archive->entries()[i];
            if (e.type != kNresType) continue;
            ++textures;
            const std::string where = entry.path().string() + ":" + std::string(e.name());
            auto t = read(archive->payload(i), e.dataOffset);
            if (!t) {
                ADD_FAILURE() << where << ": " << t.error().render();
                continue;
            }
            ++byFormat[t->header.format];
            withPage += t->page ? 1 : 0;
            for (std::uint32_t l = 0; l < t->mips.size(); ++l)
                if (auto img = decode(*t, l); !img) ADD_FAILURE() << where << ": mip " << l << ": " << img.error().render();
            auto again = write(*t);
            const auto p = archive->payload(i);
            if (!again || *again != Bytes(p.begin(), p.end())) ADD_FAILURE() << where << ": not byte-identical";
        }
    }
    std::cout << "texm licensed: " << textures << " textures, " << withPage << " with Page;";
    for (auto [f, n] : byFormat) std::cout << " " << f << ":" << n;
    std::cout << "\n";
    EXPECT_GT(textures, 0u);
}

}  // namespace
}  // namespace vestige::iron3d::texm
