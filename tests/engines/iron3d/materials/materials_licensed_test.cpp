// Optional: with $VESTIGE_PARKAN_DIR set, every WEAR and MAT0 entry under it parses and re-writes
// byte-identically, and every model with a sibling .wea resolves its whole material chain against
// the Material.lib / Textures.lib / LightMap.lib found under the same root. Skipped when unset.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/materials/materials.hpp"
#include "vestige/iron3d/nres/register.hpp"

namespace vestige::iron3d::materials {
namespace {

namespace fs = std::filesystem;

TEST(MaterialsLicensed, EveryTableMaterialAndChain) {
    const auto root = vestige::test::gameDir("VESTIGE_PARKAN_DIR");
    if (!root) GTEST_SKIP() << "VESTIGE_PARKAN_DIR not set";
    Options options;
    std::vector<std::pair<fs::path, std::vector<std::string>>> modelArchives;  // archive -> .msh entries with a .wea
    std::size_t wears = 0, mats = 0, chains = 0;
    for (const auto& entry : fs::recursive_directory_iterator(*root)) {
        if (!entry.is_regular_file()) continue;
        const std::string rel = fs::relative(entry.path(), *root).generic_string();
        const std::string lower = asciiLower(entry.path().filename().string());
        if (lower == "material.lib") options.materialLib = rel;
        if (lower == "textures.lib") options.texturesLib = rel;
        if (lower == "lightmap.lib") options.lightmapLib = rel;
        auto bytes = readFile(entry.path());
        if (!bytes || bytes->size() < 16 || std::string(bytes->begin(), bytes->begin() + 4) != "NRes") continue;
        auto archive = nres::Archive::read(*bytes, nres::Profile::Compatible);
        if (!archive) continue;
        std::vector<std::string> models;
        for (std::size_t i = 0; i < archive->size(); ++i) {
            const auto& e = archive->entries()[i];
            const std::string where = rel + ":" + std::string(e.name());
            const auto p = archive->payload(i);
            if (e.type == wear::kNresType) {
                ++wears;
                auto t = wear::read(p, e.dataOffset);
                if (!t)
                    ADD_FAILURE() << where << ": " << t.error().render();
                else if (wear::write(*t).value() != Bytes(p.begin(), p.end()))
                    ADD_FAILURE() << where << ": not byte-identical";
            } else if (e.type == mat0::kNresType) {
                ++mats;
                auto m = mat0::read(p, e.attr2, e.dataOffset);
                if (!m)
                    ADD_FAILURE() << where << ": " << m.error().render();
                else if (mat0::write(*m).value() != Bytes(p.begin(), p.end()))
                    ADD_FAILURE() << where << ": not byte-identical";
            }
            if (endsWithNoCase(e.name(), ".msh")) {
                std::string stem(e.name().substr(0, e.name().size() - 4));
                if (archive->find(stem + ".wea")) models.emplace_back(e.name());
            }
        }
        if (!models.empty()) modelArchives.emplace_back(rel, std::move(models));
    }
    vfs::ArchiveRegistry archives;
    registry::FormatRegistry formats;
    nres::registerFormat(formats, archives);
    vfs::Vfs v(&archives);
    ASSERT_TRUE(v.mountDir("", *root).ok());
    Resolver resolver(v, options);
    for (const auto& [archive, models] : modelArchives)
        for (const auto& model : models) {
            ++chains;
            auto r = resolver.resolve(archive.generic_string() + "::" + model);
            if (!r) ADD_FAILURE() << archive << "::" << model << ": " << r.error().render();
        }
    std::cout << "materials licensed: " << wears << " WEAR, " << mats << " MAT0, " << chains << " model chains\n";
    EXPECT_GT(wears + mats, 0u);
}

}  // namespace
}  // namespace vestige::iron3d::materials
