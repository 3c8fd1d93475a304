#include "vestige/iron3d/environment/fx_sound.hpp"

#include <string>

#include "vestige/iron3d/environment/lightning.hpp"
#include "vestige/iron3d/environment/weather.hpp"

namespace vestige::iron3d::environment {

static_assert(kFxSoundMinDistance == kThunderMinDistance && kFxSoundMaxDistance == kThunderMaxDistance &&
              kFxSoundFrequencyRatio == kThunderFrequencyRatio);

Result<std::optional<audio::SoundEvent>> fxSoundEvent(const fx::Command& command, Vec3 position, std::uint64_t tick) {
    if (command.opcode() != fx::kSoundOpcode)
        return Error("environment.fx_not_sound", "only FX opcode 2 is a sound command")
            .field("word")
            .expected("opcode 2")
            .actual("opcode " + std::to_string(command.opcode()));
    if (!command.enabled()) return std::optional<audio::SoundEvent>{};
    const auto ref = command.resourceRef();
    if (!ref)
        return Error("environment.fx_sound_body", "an FX opcode 2 body is shorter than archive[32] + name[32]")
            .field("body")
            .expected(">= 64 bytes")
            .actual(std::to_string(command.body.size()) + " bytes");
    if (ref->name.text().empty())
        return Error("environment.fx_sound_name", "an enabled FX sound command names no sound").field("name");
    audio::SoundEvent e;
    e.tick = tick;
    e.kind = audio::EventKind::OneShot;
    e.bus = audio::Bus::Effects;
    e.sample = ref->archive.text().empty()
                   ? parseSoundName(ref->name.text())
                   : audio::SampleKey{std::string(ref->archive.text()), std::string(ref->name.text())};
    e.positional = true;
    e.position = position;
    e.minDistance = kFxSoundMinDistance;
    e.maxDistance = kFxSoundMaxDistance;
    e.frequencyRatio = kFxSoundFrequencyRatio;
    return std::optional(std::move(e));
}

Result<std::vector<audio::SoundEvent>> fxSoundEvents(const fx::Effect& effect, Vec3 position, std::uint64_t tick) {
    std::vector<audio::SoundEvent> out;
    for (std::size_t i = 0; i < effect.commands.size(); ++i) {
        if (effect.commands[i].opcode() != fx::kSoundOpcode) continue;
        auto event = fxSoundEvent(effect.commands[i], position, tick);
        if (!event) return std::move(event).error().record(i);
        if (*event) out.push_back(std::move(**event));
    }
    return out;
}

}  // namespace vestige::iron3d::environment
