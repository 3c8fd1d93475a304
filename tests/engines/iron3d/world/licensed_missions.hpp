#pragma once
// The mission folders of a licensed install (VESTIGE_PARKAN_DIR), for the *Licensed tests: "MISSIONS/<name>" (as
// the folders are spelt) for every folder under the root's MISSIONS (ASCII case-insensitive) holding a data.tma,
// sorted; empty when there is no MISSIONS folder.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "vestige/core/text.hpp"

namespace vestige::test {

inline std::vector<std::string> licensedMissions(const std::filesystem::path& root) {
    std::filesystem::path missions;
    for (const auto& de : std::filesystem::directory_iterator(root))
        if (de.is_directory() && iequals(de.path().filename().string(), "MISSIONS")) missions = de.path();
    std::vector<std::string> names;
    if (missions.empty()) return names;
    for (const auto& de : std::filesystem::directory_iterator(missions))
        if (de.is_directory())
            for (const auto& f : std::filesystem::directory_iterator(de.path()))
                if (iequals(f.path().filename().string(), "data.tma"))
                    names.push_back(missions.filename().string() + "/" + de.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace vestige::test
