// Sound events (sound.hpp).
#include "vestige/source/game/sound.hpp"

#include <algorithm>

namespace vestige::source::game {

void SoundEvents::emit(SoundEvent e) {
    if (!e.stop) {
        if (const SoundScript* s = mScripts.find(e.name)) {
            e.script = true;
            e.channel = s->channel;
            e.volume = s->volumeMax;
            e.soundLevel = s->soundLevel;
            e.pitchMin = s->pitchMin;
            e.pitchMax = s->pitchMax;
        }
    }
    ++mTotal;
    mEvents.push_back(std::move(e));
}

std::span<const SoundEvent> SoundEvents::since(std::uint64_t seen) const {
    const std::uint64_t fresh = mTotal > seen ? mTotal - seen : 0;
    const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(fresh, mEvents.size()));
    return std::span<const SoundEvent>(mEvents).subspan(mEvents.size() - n);
}

}  // namespace vestige::source::game
