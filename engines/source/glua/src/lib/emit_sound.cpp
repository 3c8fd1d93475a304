// Sounds from Lua as the game world's sound events (vestige/source/game/sound.hpp): Entity:EmitSound,
// Entity:StopSound, EmitSound and sound.Play with the wiki's arguments and defaults. Nothing plays here; an audio
// backend or a report consumes the events.
//
//   Entity:EmitSound(name, level = 75, pitch = 100, volume = 1, channel = CHAN_AUTO (CHAN_WEAPON on a weapon),
//                    flags = 0, dsp = 1, filter)   at the entity's origin
//   EmitSound(name, pos, entity = 0, channel = CHAN_AUTO, volume = 1, level = 75, flags = 0, pitch = 100, dsp = 1)
//                    entity -1 (local player) and -2 (UI) act as 0 on the server (the wiki)
//   sound.Play(name, pos, level = 75, pitch = 100, volume = 1, dsp = 0)   from the world at pos
// A soundscript name (sound.Add; ASCII case-insensitive) plays with the script's channel, volume, level and pitch
// range, whatever the call passes (the wiki's warning on Entity:EmitSound); game::SoundEvents resolves it, from
// the game_sounds files and sound.Add alike. Numbers must be finite.
#include <algorithm>
#include <cmath>

#include "../weapons.hpp"
#include "entity_binding.hpp"
#include "server_api.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {

constexpr int kChanAuto = 0, kChanWeapon = 1;  // Enums/CHAN

double finiteArg(lua_State* L, int idx, double fallback) {
    const double v = luaL_optnumber(L, idx, fallback);
    if (!std::isfinite(v)) luaL_argerror(L, idx, "finite number expected");
    return v;
}

// The world's event list resolves soundscript names (game::SoundEvents::emit).
void emit(Runtime& rt, game::SoundEvent e) {
    e.tick = rt.world().tick();
    rt.world().sounds.emit(std::move(e));
}

int eEmitSound(lua_State* L) {
    Runtime& rt = binding::rtOf(L);
    const GameEntity* ent = binding::checkEnt(L, 1);
    game::SoundEvent e;
    e.name = luaL_checkstring(L, 2);
    e.entity = static_cast<std::uint32_t>(ent->index);
    e.origin = ent->origin;
    e.soundLevel = static_cast<float>(finiteArg(L, 3, 75));
    e.pitchMin = e.pitchMax = static_cast<float>(finiteArg(L, 4, 100));
    e.volume = static_cast<float>(finiteArg(L, 5, 1));
    e.channel = static_cast<int>(finiteArg(L, 6, isWeaponSlot(implOf(rt), ent->index) ? kChanWeapon : kChanAuto));
    e.flags = static_cast<int>(finiteArg(L, 7, 0));
    e.dsp = static_cast<int>(finiteArg(L, 8, 1));
    emit(rt, std::move(e));
    return 0;
}

int eStopSound(lua_State* L) {
    Runtime& rt = binding::rtOf(L);
    const GameEntity* ent = binding::checkEnt(L, 1);
    game::SoundEvent e;
    e.name = luaL_checkstring(L, 2);
    e.stop = true;
    e.entity = static_cast<std::uint32_t>(ent->index);
    e.origin = ent->origin;
    e.tick = rt.world().tick();
    rt.world().sounds.emit(std::move(e));
    return 0;
}

// The emitting slot of EmitSound's `entity` argument: an index, -1/-2 act as 0 on the server.
std::uint32_t sourceSlot(lua_State* L, int idx) {
    const double v = finiteArg(L, idx, 0);
    return v < 1 ? 0u : static_cast<std::uint32_t>(std::min(v, 8191.0));
}

int gEmitSound(lua_State* L) {
    Runtime& rt = binding::rtOf(L);
    game::SoundEvent e;
    e.name = luaL_checkstring(L, 1);
    e.origin = binding::checkVec(L, 2);
    e.entity = sourceSlot(L, 3);
    e.channel = static_cast<int>(finiteArg(L, 4, kChanAuto));
    e.volume = static_cast<float>(finiteArg(L, 5, 1));
    e.soundLevel = static_cast<float>(finiteArg(L, 6, 75));
    e.flags = static_cast<int>(finiteArg(L, 7, 0));
    e.pitchMin = e.pitchMax = static_cast<float>(finiteArg(L, 8, 100));
    e.dsp = static_cast<int>(finiteArg(L, 9, 1));
    emit(rt, std::move(e));
    return 0;
}

int soundPlay(lua_State* L) {
    Runtime& rt = binding::rtOf(L);
    game::SoundEvent e;
    e.name = luaL_checkstring(L, 1);
    e.origin = binding::checkVec(L, 2);
    e.soundLevel = static_cast<float>(finiteArg(L, 3, 75));
    e.pitchMin = e.pitchMax = static_cast<float>(finiteArg(L, 4, 100));
    e.volume = static_cast<float>(finiteArg(L, 5, 1));
    e.dsp = static_cast<int>(finiteArg(L, 6, 0));
    emit(rt, std::move(e));
    return 0;
}

}  // namespace

void openSoundEvents(Runtime& rt, lua_State* L) {
    static const luaL_Reg kEntity[] = {{"EmitSound", eEmitSound}, {"StopSound", eStopSound}, {nullptr, nullptr}};
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kEntity);
    lua_pop(L, 1);
    lua_pushcfunction(L, gEmitSound);
    lua_setglobal(L, "EmitSound");
    lua_getglobal(L, "sound");
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, soundPlay);
        lua_setfield(L, -2, "Play");
    }
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
