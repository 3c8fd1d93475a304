#pragma once
// Sound resources (seed 002 "Sound resources и SWAV"): a sample's identity is (library, name); a name without a
// library is looked up in the mission's library. Every load has one of four outcomes (audio/load.hpp), and every
// outcome is cached, so one decoded sample serves every source that plays it.
#include <cstdint>
#include <map>
#include <string>

#include "vestige/audio/load.hpp"
#include "vestige/audio/sound.hpp"
#include "vestige/core/error.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::environment {

using audio::outcomeName;
using audio::SoundLoad;
using audio::SoundOutcome;

class SoundBank {
public:
    // `missionLibrary` is the VFS path of the archive that serves names without an explicit library.
    SoundBank(const vfs::Vfs& vfs, std::string missionLibrary)
        : mVfs(vfs), mMissionLibrary(std::move(missionLibrary)) {}
    [[nodiscard]] const SoundLoad& load(const audio::SampleKey& key);
    [[nodiscard]] std::size_t cached() const { return mCache.size(); }
    [[nodiscard]] std::uint64_t reads() const { return mReads; }  // archive reads made (cache misses)
    [[nodiscard]] const std::string& missionLibrary() const { return mMissionLibrary; }

private:
    const vfs::Vfs& mVfs;
    std::string mMissionLibrary;
    std::map<std::string, SoundLoad> mCache;
    std::uint64_t mReads = 0;
};

}  // namespace vestige::iron3d::environment
