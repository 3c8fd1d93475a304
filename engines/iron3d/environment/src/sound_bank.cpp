#include "vestige/iron3d/environment/sound_bank.hpp"

namespace vestige::iron3d::environment {

const SoundLoad& SoundBank::load(const audio::SampleKey& key) {
    const std::string library = key.library.empty() ? mMissionLibrary : key.library;
    const std::string folded = audio::cacheKey({library, key.name});
    if (auto it = mCache.find(folded); it != mCache.end()) return it->second;
    ++mReads;
    return mCache.emplace(folded, audio::classifySound(mVfs.read(library + ":" + key.name), library, key.name))
        .first->second;
}

}  // namespace vestige::iron3d::environment
