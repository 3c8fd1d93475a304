#pragma once
// The sample game root our writers build (mission::sampleGame) in a memory VFS, loaded like the mission folder.
#include <gtest/gtest.h>

#include "memory_vfs.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/sample.hpp"

namespace vestige::test {

struct SampleGame {
    MemoryVfs m;
    SampleGame() {
        auto g = iron3d::mission::sampleGame();
        EXPECT_TRUE(g.ok()) << g.error().render();
        for (auto& [path, bytes] : g->files) m.files->put(path, bytes);
    }
    Result<iron3d::mission::LoadedMission> load(bool keepTextures = true) {
        iron3d::mission::LoadOptions o;
        o.keepTextures = keepTextures;
        return iron3d::mission::loadMission(m.vfs, iron3d::mission::kSampleMission, o);
    }
};

}  // namespace vestige::test
