#pragma once
// Shared by the entity classes: key parsing as the engine reads keyfields (atof / atoi / "%f %f %f"), movedir
// vectors, the toggle states of CBaseToggle, and each file's registration function.
#include <array>
#include <cstdlib>
#include <string>
#include <string_view>

#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::source::game::classes {

[[nodiscard]] inline float keyFloat(std::string_view v) { return scanFloat(v).value_or(0.0f); }
[[nodiscard]] inline int keyInt(std::string_view v) {
    return static_cast<int>(std::strtol(std::string(v).c_str(), nullptr, 10));
}
[[nodiscard]] inline bool keyBool(std::string_view v) { return keyInt(v) != 0; }
[[nodiscard]] inline Vec3 keyVector(std::string_view v) {
    std::array<float, 3> xyz{};
    scanFloats(v, xyz);
    return {xyz[0], xyz[1], xyz[2]};
}
// AngleVectors(angles).forward: how "movedir" / "pushdir" angles become a direction.
[[nodiscard]] inline Vec3 forwardOf(Vec3 angles) {
    Vec3 f;
    movement::angleVectors(angles, &f, nullptr, nullptr);
    return f;
}
// DotProductAbs(dir, size): the extent of a box along a direction.
[[nodiscard]] inline float extentAlong(Vec3 dir, Vec3 size) {
    return std::abs(dir.x * size.x) + std::abs(dir.y * size.y) + std::abs(dir.z * size.z);
}

enum class ToggleState : std::uint8_t { AtTop, AtBottom, GoingUp, GoingDown };  // TS_*

// The keys every CBaseToggle reads (subs.cpp CBaseToggle::KeyValue: lip, wait, distance; CBaseEntity: speed) and
// the classes' "movedir".
struct ToggleKeys {
    Vec3 moveDirAngles;
    float speed = 0, wait = 0, lip = 0, distance = 0;
    bool read(std::string_view key, std::string_view value) {
        if (iequals(key, "movedir"))
            moveDirAngles = keyVector(value);
        else if (iequals(key, "speed"))
            speed = keyFloat(value);
        else if (iequals(key, "wait"))
            wait = keyFloat(value);
        else if (iequals(key, "lip"))
            lip = keyFloat(value);
        else if (iequals(key, "distance"))
            distance = keyFloat(value);
        else
            return false;
        return true;
    }
};

// Brush entities: the model's box and SOLID_BSP, pushed around as MOVETYPE_PUSH unless told otherwise.
inline void initBrush(World& w, Entity& e, bool pusher = true) {
    e.solid = Solid::Bsp;
    if (pusher) e.moveType = MoveType::Push;
    (void)w;
}

// An entity's sound as CBaseEntity::EmitSound plays it from a brush model: from the brush's centre. An empty name
// (a key not set) plays nothing.
constexpr int kChanVoice = 2, kChanStatic = 6;  // CHAN_VOICE, CHAN_STATIC
constexpr float kSndLvlNorm = 75.0f;            // SNDLVL_NORM
inline void emitBrushSound(World& w, const Entity& self, const std::string& name, int channel, bool stop = false) {
    if (name.empty()) return;
    SoundEvent e;
    e.tick = w.tick();
    e.name = name;
    e.stop = stop;
    e.entity = static_cast<std::uint32_t>(self.index);
    e.origin = self.origin + (self.mins + self.maxs) * 0.5f;
    e.channel = channel;
    e.volume = 1;
    e.soundLevel = kSndLvlNorm;
    w.sounds.emit(std::move(e));
}

void registerDoors(ClassRegistry& r);
void registerButtons(ClassRegistry& r);
void registerBrushes(ClassRegistry& r);
void registerTriggers(ClassRegistry& r);
void registerLogic(ClassRegistry& r);
void registerPoints(ClassRegistry& r);
void registerProps(ClassRegistry& r);

}  // namespace vestige::source::game::classes

namespace vestige::source::game {
std::unique_ptr<EntityClass> makePlayerClass();
}
