#pragma once
// Sounds as engine events (EmitSound, sound.Play, StopSound): the game side of sound is backend-neutral; an audio
// backend, a trace or a report consumes them. World::step clears the list when a tick starts, so after a step it
// holds that tick's sounds in emission order (and any emitted between ticks until the next one starts); total()
// counts every event ever emitted. A name that is a soundscript (soundscripts.hpp) plays with the script's channel,
// volume, level and pitch range whatever the caller passed, as Source's sound emitter does.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/source/game/soundscripts.hpp"

namespace vestige::source::game {

struct SoundEvent {
    std::uint64_t tick = 0;
    std::string name;                      // a soundscript name or a path under sound/
    bool script = false;                   // `name` is a soundscript: channel, volume, level and pitch are its own
    bool stop = false;                     // StopSound: the entity's sounds of this name stop
    std::uint32_t entity = 0;              // the emitting entity's slot (0: the world)
    Vec3 origin;                           // where it plays
    int channel = 0;                       // CHAN_*
    float volume = 1;                      // 0..1 (a script's: the top of its range)
    float soundLevel = 75;                 // SNDLVL_* (dB)
    float pitchMin = 100, pitchMax = 100;  // percent; a soundscript's range is picked from by the backend
    int flags = 0;                         // SND_*
    int dsp = 0;
};

class SoundEvents {
public:
    void emit(SoundEvent e);
    void beginTick() { mEvents.clear(); }
    [[nodiscard]] std::span<const SoundEvent> events() const { return mEvents; }
    [[nodiscard]] std::uint64_t total() const { return mTotal; }
    // The events emitted since `seen` (a total() read earlier), as far as this tick's list still holds them.
    [[nodiscard]] std::span<const SoundEvent> since(std::uint64_t seen) const;
    [[nodiscard]] SoundScripts& scripts() { return mScripts; }
    [[nodiscard]] const SoundScripts& scripts() const { return mScripts; }

private:
    std::vector<SoundEvent> mEvents;
    std::uint64_t mTotal = 0;
    SoundScripts mScripts;
};

}  // namespace vestige::source::game
