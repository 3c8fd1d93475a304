#pragma once
// Every model under a game root: loose .msh files (Land.msh excepted) and .msh entries of NRes archives.
#include <filesystem>
#include <functional>
#include <string>

#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::msh::test {

inline void forEachLicensedModel(const std::filesystem::path& root,
                                 const std::function<void(ByteView, const std::string&)>& visit) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file()) continue;
        auto bytes = readFile(entry.path());
        if (!bytes || bytes->size() < 16 || std::string(bytes->begin(), bytes->begin() + 4) != "NRes") continue;
        const std::string name = entry.path().filename().string();
        if (endsWithNoCase(name, ".msh")) {
            if (asciiLower(name) != "land.msh") visit(*bytes, entry.path().string());
            continue;
        }
        auto archive = nres::Archive::read(*bytes, nres::Profile::Compatible);
        if (!archive) continue;
        for (std::size_t i = 0; i < archive->size(); ++i)
            if (endsWithNoCase(archive->entries()[i].name(), ".msh"))
                visit(archive->payload(i), entry.path().string() + ":" + std::string(archive->entries()[i].name()));
    }
}

}  // namespace vestige::iron3d::msh::test
