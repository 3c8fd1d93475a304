// Weapon:DefaultReload, SendWeaponAnim / GetActivity and the end of a reload (Source SDK 2013,
// game/shared/basecombatweapon_shared.cpp: DefaultReload, CheckReload, FinishReload), as GMod exposes them to SWEPs
// (wiki Weapon:DefaultReload).
//
//   DefaultReload(act): no owner, or no reserve of the primary ammo type -> false; a clip the weapon uses that
//     min(max - clip, reserve) would not change -> false when no clip would; else the reload runs: the next
//     primary and secondary attacks wait until CurTime() + the view model's sequence for `act`, and the weapon is
//     in reload (SWEP:Think is not called meanwhile, the wiki says) -> true.
//   ItemPostFrame, a weapon with a primary clip: in reload and the next primary attack due -> each clip takes
//     min(max - clip, reserve) from the owner's reserve, both next attacks = now, the reload ends. Holstering
//     cancels it (CBaseCombatWeapon::Holster).
//
// The wait is CBaseAnimating::SequenceDuration: (frames - 1) / fps of the first sequence whose activity name is
// `act`'s ACT_* name, in the model SWEP.ViewModel names (read from the game's loose files). When the model or the
// sequence is not there, the SDK's own fallback of 0.1 s is used and the call is counted as a stand-in, because GMod
// would have the real model (a SWEP without a ViewModel has none in GMod either: not counted). Several sequences of one
// activity: the SDK picks one at random by weight; we take the first (docs/glua.md).
#include <algorithm>
#include <cmath>

#include "../weapons.hpp"
#include "entity_binding.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/mdl/mdl.hpp"

namespace vestige::source::glua {
namespace {

constexpr double kNoSequenceDuration = 0.1;  // CBaseAnimating::SequenceDuration without a model or sequence
constexpr const char* kStandInName = "Weapon:DefaultReload (no view model sequence: 0.1 s)";

std::optional<double> durationIn(ByteView file, const std::string& activityName) {
    auto model = mdl::readMdl(file);
    if (!model || activityName.empty()) return std::nullopt;
    for (const mdl::SeqDesc& seq : model->sequences) {
        if (!iequals(seq.activityName, activityName) || seq.animIndices.empty()) continue;
        const auto anim = static_cast<std::size_t>(seq.animIndices.front());
        if (anim >= model->animations.size()) return std::nullopt;
        const mdl::AnimDesc& a = model->animations[anim];
        // Studio_Duration = 1 / Studio_CPS; a one-frame animation has no cycle rate, so it lasts 0.
        if (a.numFrames <= 1 || !(a.fps > 0)) return 0.0;
        return static_cast<double>(a.numFrames - 1) / static_cast<double>(a.fps);
    }
    return std::nullopt;
}

// SWEP.ViewModel of the weapon's table, or "".
std::string viewModelOf(Runtime& rt, const GameEntity& weapon) {
    lua_State* L = rt.state();
    if (!binding::pushPerEntityTable(L, implOf(rt).entityTablesRef, weapon.index, false)) return {};
    lua_getfield(L, -1, "ViewModel");
    std::string path = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 2);
    return path;
}

std::optional<double> sequenceDuration(Runtime& rt, const GameEntity& weapon, long long activity) {
    const std::string path = asciiLower(viewModelOf(rt, weapon));
    auto& cache = weaponsOf(rt).sequenceDurations;
    const auto key = std::pair{path, activity};
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    std::optional<double> d;
    if (!path.empty()) {
        if (auto file = findGameFile(rt, path)) d = durationIn(asBytes(file->data), enumName("Enums/ACT", activity));
    }
    cache.emplace(key, d);
    return d;
}

int reserveOf(Runtime& rt, const GameEntity& owner, int type) {
    const auto& ammo = arsenalOf(rt, owner).ammo;
    const auto it = ammo.find(type);
    return it == ammo.end() ? 0 : it->second;
}

// min(max - clip, reserve) for a clip the weapon uses, else 0.
int roundsFor(Runtime& rt, const GameEntity& owner, int clip, int maxClip, int type) {
    if (maxClip < 0) return 0;
    return std::min(maxClip - clip, reserveOf(rt, owner, type));
}

// Argument 1 as a weapon with its state (an argument error for anything else).
WeaponState& checkWeaponArg(lua_State* L, GameEntity*& w) {
    w = binding::checkEnt(L, 1);
    WeaponState* s = weaponStateOf(binding::rtOf(L), *w);
    if (!s) luaL_argerror(L, 1, "Weapon expected");
    return *s;
}

}  // namespace

int weaponDefaultReload(lua_State* L) {
    Runtime& rt = binding::rtOf(L);
    GameEntity* w = nullptr;
    WeaponState* s = &checkWeaponArg(L, w);
    const lua_Number act = luaL_checknumber(L, 2);
    const GameEntity* owner = rt.world().get(w->owner);
    bool reload = owner && owner->isPlayer() && reserveOf(rt, *owner, s->ammo1) > 0;
    if (reload)
        reload = roundsFor(rt, *owner, s->clip1, s->maxClip1, s->ammo1) != 0 ||
                 roundsFor(rt, *owner, s->clip2, s->maxClip2, s->ammo2) != 0;
    if (!reload) {
        lua_pushboolean(L, 0);
        return 1;
    }
    auto d = sequenceDuration(rt, *w, static_cast<long long>(act));
    if (!d && !viewModelOf(rt, *w).empty()) countStandIn(implOf(rt), kStandInName);  // none: GMod's 0.1 s too
    s->nextPrimary = s->nextSecondary = rt.curTime() + d.value_or(kNoSequenceDuration);
    s->inReload = true;
    lua_pushboolean(L, 1);
    return 1;
}

// Weapon:SendWeaponAnim(act): CBaseCombatWeapon::SetIdealActivity: when the view model has a sequence for `act`
// the weapon takes the activity (Weapon:GetActivity) and idles once it has played; without one nothing changes, as
// in the SDK. A SWEP.ViewModel that cannot be read is counted (GMod would have it); none at all is not.
int weaponSendWeaponAnim(lua_State* L) {
    Runtime& rt = binding::rtOf(L);
    GameEntity* w = nullptr;
    WeaponState* s = &checkWeaponArg(L, w);
    const lua_Number act = luaL_checknumber(L, 2);
    if (!std::isfinite(act) || std::fabs(act) > 1e9) return 0;
    const auto d = sequenceDuration(rt, *w, static_cast<long long>(act));
    if (!d) {
        // A weapon without SWEP.ViewModel has no sequences in GMod either; one whose model is not here is counted.
        if (!viewModelOf(rt, *w).empty()) countStandIn(implOf(rt), "Weapon:SendWeaponAnim (no view model sequence)");
        return 0;
    }
    s->activity = static_cast<int>(act);
    s->nextIdle = rt.curTime() + *d;
    return 0;
}
int weaponGetActivity(lua_State* L) {
    GameEntity* w = nullptr;
    lua_pushinteger(L, checkWeaponArg(L, w).activity);
    return 1;
}

void checkReload(Runtime& rt, GameEntity& weapon) {
    WeaponState* s = weaponStateOf(rt, weapon);
    if (!s || !s->inReload || s->nextPrimary > rt.curTime()) return;
    if (const GameEntity* owner = rt.world().get(weapon.owner); owner && owner->isPlayer()) {
        auto& ammo = arsenalOf(rt, *owner).ammo;
        const int primary = roundsFor(rt, *owner, s->clip1, s->maxClip1, s->ammo1);
        const int secondary = roundsFor(rt, *owner, s->clip2, s->maxClip2, s->ammo2);
        s->clip1 += primary;
        if (primary > 0) ammo[s->ammo1] -= primary;
        s->clip2 += secondary;
        if (secondary > 0) ammo[s->ammo2] -= secondary;
    }
    s->nextPrimary = s->nextSecondary = rt.curTime();
    s->inReload = false;
}

}  // namespace vestige::source::glua
