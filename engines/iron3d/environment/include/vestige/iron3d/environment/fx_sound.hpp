#pragma once
// FX opcode 2 as a sound command (seed 002 "Sound resources и SWAV": the op-2 body holds archive[32] + name[32]
// and usually creates a sound command). An enabled op-2 command of an effect placed at a world position becomes
// one backend-neutral OneShot at that position on the given tick.
//
// Name rule (the SoundBank's): a non-empty archive field names the library explicitly; an empty one leaves the
// library empty, so the audio owner uses the mission's library (a name written as `archive/name` in the name
// field is split the same way `parseSoundName` splits schedule names).
//
// What is not known: which of the 80 bytes after archive/name mean volume, distances or pitch. They stay raw in
// the command; the event takes the documented OneShot parameters of seed 002 (min distance 100, max 1500,
// frequency ratio 1, the thunder's op-2 values) and volume 1. docs/environment.md says so.
#include <cstdint>
#include <optional>
#include <vector>

#include "vestige/audio/sound.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/fx/fx.hpp"

namespace vestige::iron3d::environment {

inline constexpr float kFxSoundMinDistance = 100, kFxSoundMaxDistance = 1500, kFxSoundFrequencyRatio = 1;

// nullopt for a disabled op-2 command; an error for another opcode or an op-2 command without a sound name.
[[nodiscard]] Result<std::optional<audio::SoundEvent>> fxSoundEvent(const fx::Command& command, Vec3 position,
                                                                    std::uint64_t tick);
// The sound events of every enabled op-2 command of an effect, in command order (other opcodes are not sounds).
[[nodiscard]] Result<std::vector<audio::SoundEvent>> fxSoundEvents(const fx::Effect& effect, Vec3 position,
                                                                   std::uint64_t tick);

}  // namespace vestige::iron3d::environment
