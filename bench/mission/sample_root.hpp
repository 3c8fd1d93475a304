#pragma once
// The sample game root with 201 objects (mission::sampleGame(197): the demo install's six-mission total) written to
// a temporary folder and mounted, shared by the mission benchmarks.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "vestige/core/file_io.hpp"
#include "vestige/iron3d/mission/sample.hpp"
#include "vestige/vfs/vfs.hpp"

namespace bench {

struct GameDir {
    std::filesystem::path root =
        std::filesystem::temp_directory_path() / ("vestige-bench-mission-" + std::to_string(::getpid()));
    std::vector<std::string> files;
    vestige::vfs::Vfs vfs;
    GameDir() {
        auto game = vestige::iron3d::mission::sampleGame(197);
        if (!game) std::abort();
        for (const auto& [path, bytes] : game->files) {
            std::filesystem::create_directories((root / path).parent_path());
            if (!vestige::writeFileAtomic(root / path, bytes)) std::abort();
            files.push_back(path);
        }
        if (!vfs.mountDir("", root)) std::abort();
    }
    ~GameDir() { std::filesystem::remove_all(root); }
};

inline GameDir& game() {
    static GameDir g;
    return g;
}

}  // namespace bench
