// Weapons in the session: the Weapon metatable (clips, next attack times, ammo types), the Player's weapon and ammo
// methods (Give, StripWeapon, SelectWeapon, GiveAmmo ...) and ItemPostFrame, the active weapon's attacks on the
// owner's command. State lives in WeaponRegistry (weapons.hpp), the entities in the world.
//
// Player:Give(class) in GMod's order (wiki Player:Give, GM:PlayerCanPickupWeapon, GM:WeaponEquip, WEAPON:Equip):
// the weapon entity is created and spawned at the player (WEAPON:Initialize), GM:PlayerCanPickupWeapon(ply, wep) may
// refuse (the weapon is removed and Give returns NULL), the default clip and reserve ammo are given, then
// GM:WeaponEquip(wep, ply) (the wiki: the owner is not set yet when it runs), the owner is set, WEAPON:Equip(ply),
// WEAPON:OwnerChanged(), and the first weapon becomes the active one (WEAPON:Deploy). An unknown class, or one the
// player already carries, gives NULL. HL2's weapons (GMod implements them in C++) are created without behaviour: the
// world counts them among its unimplemented classes, and nothing calls attacks on them.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>

#include "../weapons.hpp"
#include "entity_binding.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/game/bullets.hpp"

namespace vestige::source::glua {

namespace {

// GMod's default ammo types, ids 1..36 (wiki Default_Ammo_Types): game/bullets.hpp holds them with their damage.
const int kAmmoCount = game::ammoTypeCount();

// The weapon classes GMod implements in C++ (HL2's and the physics gun): Give makes them, inert.
constexpr std::string_view kEngineWeapons[] = {"weapon_357",
                                               "weapon_alyxgun",
                                               "weapon_annabelle",
                                               "weapon_ar2",
                                               "weapon_bugbait",
                                               "weapon_citizenpackage",
                                               "weapon_citizensuitcase",
                                               "weapon_crossbow",
                                               "weapon_crowbar",
                                               "weapon_frag",
                                               "weapon_physcannon",
                                               "weapon_physgun",
                                               "weapon_pistol",
                                               "weapon_rpg",
                                               "weapon_shotgun",
                                               "weapon_slam",
                                               "weapon_smg1",
                                               "weapon_stunstick"};

using binding::checkEnt;
using binding::checkPlayer;
using binding::rtOf;

WeaponState* stateOf(Runtime& rt, const GameEntity& e) { return weaponStateOf(rt, e); }

GameEntity* checkWeapon(lua_State* L, int idx, WeaponState** state) {
    GameEntity* e = checkEnt(L, idx);
    *state = stateOf(rtOf(L), *e);
    if (!*state) luaL_argerror(L, idx, "Weapon expected");
    return e;
}

// The weapon of `cls` the player carries (live), or nullptr.
GameEntity* carried(Runtime& rt, const GameEntity& player, std::string_view cls) {
    game::World& world = rt.world();
    for (EntityHandle h : arsenalOf(rt, player).weapons)
        if (GameEntity* w = world.get(h); w && !w->markedForDeletion && iequals(w->className, cls)) return w;
    return nullptr;
}

// An ammo argument: a type name or an id.
int ammoArg(lua_State* L, int idx) {
    if (lua_type(L, idx) == LUA_TNUMBER) return static_cast<int>(lua_tointeger(L, idx));
    return ammoId(luaL_checkstring(L, idx));
}

// A whole number argument; NaN and infinities never reach the state (they raise, as a bad argument).
int wholeArg(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    if (!std::isfinite(n)) luaL_argerror(L, idx, "finite number expected");
    return static_cast<int>(std::clamp<lua_Number>(n, -2147483647.0, 2147483647.0));
}

}  // namespace

// WEAPON:<method>() when the weapon's table has it; false when it raised.
bool callWeaponMethod(Runtime& rt, const GameEntity& e, const char* method) {
    lua_State* L = rt.state();
    if (!pushEntityMethod(rt, L, e, method)) return true;
    return rt.protectedCall(1, 0);
}

namespace {

// WEAPON:<method>(entity) with one entity argument.
void callMethodWith(Runtime& rt, const GameEntity& e, const char* method, int argIndex) {
    lua_State* L = rt.state();
    if (!pushEntityMethod(rt, L, e, method)) return;
    pushEntity(rt, L, argIndex);
    (void)rt.protectedCall(2, 0);
}

}  // namespace

// Makes `weapon` the active one (Holster of the old, Deploy of the new; both SWEP methods when present).
void switchToWeapon(Runtime& rt, GameEntity& player, GameEntity* weapon) {
    PlayerArsenal& a = arsenalOf(rt, player);
    if (weapon && a.active == weapon->handle) return;
    if (GameEntity* old = rt.world().get(a.active)) {
        if (WeaponState* s = stateOf(rt, *old)) s->inReload = false;  // CBaseCombatWeapon::Holster cancels a reload
        callWeaponMethod(rt, *old, "Holster");
        a.previous = old->handle;
    }
    a.active = weapon ? weapon->handle : EntityHandle{};
    if (weapon) callWeaponMethod(rt, *weapon, "Deploy");
}

namespace {

void addAmmo(Runtime& rt, const GameEntity& player, int type, int amount) {
    if (type < 1 || type > kAmmoCount || amount == 0) return;
    int& have = arsenalOf(rt, player).ammo[type];
    have = std::max(0, have + amount);
}

}  // namespace

Equip equipWeapon(Runtime& rt, int playerIndex, int index, bool giveAmmo) {
    game::World& world = rt.world();
    lua_State* L = rt.state();
    bool allowed = true;
    if (pushHookCall(rt, L, "PlayerCanPickupWeapon")) {
        pushEntity(rt, L, playerIndex);
        pushEntity(rt, L, index);
        if (rt.protectedCall(4, 1)) {
            allowed = !(lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1));
            lua_pop(L, 1);
        }
    }
    GameEntity* wep = world.byIndex(index);
    GameEntity* player = world.byIndex(playerIndex);
    if (!wep || !player) return Equip::Gone;
    if (!allowed) return Equip::Refused;
    if (const WeaponState* s = stateOf(rt, *wep); s && giveAmmo) {
        // Primary/Secondary.DefaultClip: what the clip holds is in it (initWeaponState), the rest goes to the
        // reserve, all of it for a weapon without a clip (Weapon_Equip). Give's noAmmo gives no reserve.
        const auto giveReserve = [&](int maxClip, int type, int defaultClip) {
            if (defaultClip > 0)
                addAmmo(rt, *player, type, maxClip < 0 ? defaultClip : std::max(0, defaultClip - maxClip));
        };
        giveReserve(s->maxClip1, s->ammo1, s->defaultClip1);
        giveReserve(s->maxClip2, s->ammo2, s->defaultClip2);
    }
    if (pushHookCall(rt, L, "WeaponEquip")) {
        pushEntity(rt, L, index);
        pushEntity(rt, L, playerIndex);
        (void)rt.protectedCall(4, 0);
    }
    wep = world.byIndex(index);
    player = world.byIndex(playerIndex);
    if (!wep || !player || wep->markedForDeletion) return Equip::Gone;
    wep->owner = player->handle;
    wep->touched();
    arsenalOf(rt, *player).weapons.push_back(wep->handle);
    callMethodWith(rt, *wep, "Equip", playerIndex);
    if ((wep = world.byIndex(index)) != nullptr) (void)callWeaponMethod(rt, *wep, "OwnerChanged");
    player = world.byIndex(playerIndex);
    wep = world.byIndex(index);
    if (player && wep && world.get(arsenalOf(rt, *player).active) == nullptr) switchToWeapon(rt, *player, wep);
    return Equip::Done;
}

namespace {

// ---- Player ----
int pGive(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* player = checkPlayer(L, 1);
    const char* cls = luaL_checkstring(L, 2);
    const bool noAmmo = lua_toboolean(L, 3) != 0;
    const bool scripted = isScriptedWeaponClass(rt, cls);
    if (carried(rt, *player, cls) || (!scripted && !isEngineWeapon(cls))) {
        pushEntity(rt, L, -1);
        return 1;
    }
    game::World& world = rt.world();
    GameEntity& w = world.create(cls);
    const int index = w.index, playerIndex = player->index;
    world.setOrigin(w, player->origin);
    world.spawn(w);  // scripted: members, clips (initWeaponState), WEAPON:Initialize
    GameEntity* wep = world.byIndex(index);
    if (!wep || wep->markedForDeletion) {  // Initialize failed (recorded) and removed it
        pushEntity(rt, L, -1);
        return 1;
    }
    switch (equipWeapon(rt, playerIndex, index, !noAmmo)) {
        case Equip::Refused:
            if (GameEntity* refused = world.byIndex(index)) world.remove(*refused);  // Give's refused weapon goes
            pushEntity(rt, L, -1);
            return 1;
        case Equip::Gone:
            pushEntity(rt, L, -1);
            return 1;
        case Equip::Done:
            break;
    }
    pushEntity(rt, L, index);
    return 1;
}

int pHasWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    lua_pushboolean(L, carried(rt, *p, luaL_checkstring(L, 2)) != nullptr);
    return 1;
}

int pGetWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    GameEntity* w = carried(rt, *p, luaL_checkstring(L, 2));
    pushEntity(rt, L, w ? w->index : -1);
    return 1;
}

int pGetWeapons(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    lua_newtable(L);
    int n = 0;
    for (EntityHandle h : arsenalOf(rt, *p).weapons) {
        const GameEntity* w = rt.world().get(h);
        if (!w || w->markedForDeletion) continue;
        pushEntity(rt, L, w->index);
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

int pGetActiveWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const GameEntity* w = rt.world().get(arsenalOf(rt, *p).active);
    pushEntity(rt, L, w && !w->markedForDeletion ? w->index : -1);
    return 1;
}

// Player:GetPreviousWeapon: the weapon active before the current one (NULL when none, or when it is gone).
int pGetPreviousWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const GameEntity* w = rt.world().get(arsenalOf(rt, *p).previous);
    pushEntity(rt, L, w && !w->markedForDeletion && w->owner == p->handle ? w->index : -1);
    return 1;
}

int pSelectWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    GameEntity* w = nullptr;
    if (lua_type(L, 2) == LUA_TSTRING) {
        w = carried(rt, *p, lua_tostring(L, 2));
    } else if (GameEntity* e = checkEnt(L, 2); e->owner == p->handle && stateOf(rt, *e)) {
        w = e;
    }
    if (w) switchToWeapon(rt, *p, w);
    return 0;
}

// Drops `w` from the player's list and removes it from the world (StripWeapon: the weapon is gone, not dropped).
void strip(Runtime& rt, GameEntity& player, GameEntity& w) {
    PlayerArsenal& a = arsenalOf(rt, player);
    a.weapons.erase(std::remove(a.weapons.begin(), a.weapons.end(), w.handle), a.weapons.end());
    if (a.active == w.handle) a.active = {};
    rt.world().remove(w);
}

int pStripWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    if (GameEntity* w = carried(rt, *p, luaL_checkstring(L, 2))) strip(rt, *p, *w);
    return 0;
}

int pStripWeapons(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const int index = p->index;
    const std::vector<EntityHandle> list = arsenalOf(rt, *p).weapons;
    for (EntityHandle h : list) {
        GameEntity* player = rt.world().byIndex(index);
        GameEntity* w = rt.world().get(h);
        if (player && w) strip(rt, *player, *w);
    }
    return 0;
}

int pGiveAmmo(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const int amount = wholeArg(L, 2);
    const int type = ammoArg(L, 3);
    if (amount <= 0 || type < 1 || type > kAmmoCount) {
        lua_pushinteger(L, 0);
        return 1;
    }
    addAmmo(rt, *p, type, amount);
    lua_pushinteger(L, amount);
    return 1;
}

int pGetAmmoCount(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const int type = ammoArg(L, 2);
    const auto& ammo = arsenalOf(rt, *p).ammo;
    const auto it = ammo.find(type);
    lua_pushinteger(L, it == ammo.end() ? 0 : it->second);
    return 1;
}

int pSetAmmo(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const int count = wholeArg(L, 2);
    const int type = ammoArg(L, 3);
    if (type >= 1 && type <= kAmmoCount) arsenalOf(rt, *p).ammo[type] = std::max(0, count);
    return 0;
}

int pRemoveAmmo(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* p = checkPlayer(L, 1);
    const int count = wholeArg(L, 2);
    const int type = ammoArg(L, 3);
    if (count > 0) addAmmo(rt, *p, type, -count);
    return 0;
}

int pRemoveAllAmmo(lua_State* L) {
    Runtime& rt = rtOf(L);
    arsenalOf(rt, *checkPlayer(L, 1)).ammo.clear();
    return 0;
}

const luaL_Reg kPlayerWeaponMethods[] = {{"Give", pGive},
                                         {"HasWeapon", pHasWeapon},
                                         {"GetWeapon", pGetWeapon},
                                         {"GetWeapons", pGetWeapons},
                                         {"GetActiveWeapon", pGetActiveWeapon},
                                         {"GetPreviousWeapon", pGetPreviousWeapon},
                                         {"SelectWeapon", pSelectWeapon},
                                         {"StripWeapon", pStripWeapon},
                                         {"StripWeapons", pStripWeapons},
                                         {"DropWeapon", playerDropWeapon},
                                         {"GiveAmmo", pGiveAmmo},
                                         {"GetAmmoCount", pGetAmmoCount},
                                         {"SetAmmo", pSetAmmo},
                                         {"RemoveAmmo", pRemoveAmmo},
                                         {"RemoveAllAmmo", pRemoveAllAmmo},
                                         {"StripAmmo", pRemoveAllAmmo},
                                         {nullptr, nullptr}};

// ---- Weapon ----
// A whole-number member of the weapon's state: read, or written from argument 2.
int getWhole(lua_State* L, int WeaponState::*field) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    lua_pushinteger(L, s->*field);
    return 1;
}
int setWhole(lua_State* L, int WeaponState::*field) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    s->*field = wholeArg(L, 2);
    return 0;
}
int wClip1(lua_State* L) { return getWhole(L, &WeaponState::clip1); }
int wClip2(lua_State* L) { return getWhole(L, &WeaponState::clip2); }
int wSetClip1(lua_State* L) { return setWhole(L, &WeaponState::clip1); }
int wSetClip2(lua_State* L) { return setWhole(L, &WeaponState::clip2); }
int wGetMaxClip1(lua_State* L) { return getWhole(L, &WeaponState::maxClip1); }
int wGetMaxClip2(lua_State* L) { return getWhole(L, &WeaponState::maxClip2); }
int wGetPrimaryAmmoType(lua_State* L) { return getWhole(L, &WeaponState::ammo1); }
int wGetSecondaryAmmoType(lua_State* L) { return getWhole(L, &WeaponState::ammo2); }
int setTime(lua_State* L, double WeaponState::*field) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    const lua_Number t = luaL_checknumber(L, 2);
    if (!std::isfinite(t)) return luaL_argerror(L, 2, "finite number expected");
    s->*field = t;
    return 0;
}
int getTime(lua_State* L, double WeaponState::*field) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    lua_pushnumber(L, s->*field);
    return 1;
}
int wSetNextPrimaryFire(lua_State* L) { return setTime(L, &WeaponState::nextPrimary); }
int wGetNextPrimaryFire(lua_State* L) { return getTime(L, &WeaponState::nextPrimary); }
int wSetNextSecondaryFire(lua_State* L) { return setTime(L, &WeaponState::nextSecondary); }
int wGetNextSecondaryFire(lua_State* L) { return getTime(L, &WeaponState::nextSecondary); }
// Weapon:Ammo1/Ammo2: the owner's reserve of the weapon's ammo types (0 without an owner).
int reserve(lua_State* L, int WeaponState::*type) {
    Runtime& rt = rtOf(L);
    WeaponState* s = nullptr;
    GameEntity* w = checkWeapon(L, 1, &s);
    int n = 0;
    if (const GameEntity* owner = rt.world().get(w->owner); owner && owner->isPlayer()) {
        const auto& ammo = weaponsOf(rt).arsenals[owner->index].ammo;
        const auto it = ammo.find(s->*type);
        n = it == ammo.end() ? 0 : it->second;
    }
    lua_pushinteger(L, n);
    return 1;
}
int wAmmo1(lua_State* L) { return reserve(L, &WeaponState::ammo1); }
int wAmmo2(lua_State* L) { return reserve(L, &WeaponState::ammo2); }
int wIsWeapon(lua_State* L) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    lua_pushboolean(L, 1);
    return 1;
}
// Weapon:SetHoldType(name): kept, and WEAPON:SetWeaponHoldType(name) called, as the wiki says it does (scripted
// weapons only); GetHoldType returns it.
int wSetHoldType(lua_State* L) {
    Runtime& rt = rtOf(L);
    WeaponState* s = nullptr;
    GameEntity* w = checkWeapon(L, 1, &s);
    const char* name = luaL_checkstring(L, 2);
    if (!s->scripted) return 0;
    s->holdType = name;
    if (pushEntityMethod(rt, L, *w, "SetWeaponHoldType")) {
        lua_pushvalue(L, 2);
        lua_call(L, 2, 0);  // an error propagates to the caller, as a Lua method's would
    }
    return 0;
}
int wGetHoldType(lua_State* L) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    lua_pushstring(L, s->holdType.c_str());
    return 1;
}
int wIsScripted(lua_State* L) {
    WeaponState* s = nullptr;
    checkWeapon(L, 1, &s);
    lua_pushboolean(L, s->scripted);
    return 1;
}

// __index: the Weapon metatable, then Entity's, then the entity's table, then `Owner` (GMod's legacy alias of
// GetOwner) — the order GMod's own lua/includes/extensions/weapon.lua installs in install mode.
int wIndex(lua_State* L) {
    Runtime& rt = rtOf(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).weaponMetaRef);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    if (!lua_isnil(L, -1)) return 1;
    lua_settop(L, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    if (!lua_isnil(L, -1)) return 1;
    lua_settop(L, 2);
    entityFallbackIndex(L);
    if (!lua_isnil(L, -1) || lua_type(L, 2) != LUA_TSTRING || std::string_view(lua_tostring(L, 2)) != "Owner") return 1;
    const GameEntity* w = toEntity(rt, L, 1);
    const GameEntity* owner = w ? rt.world().get(w->owner) : nullptr;
    pushEntity(rt, L, owner ? owner->index : -1);
    return 1;
}

const luaL_Reg kWeaponMethods[] = {{"__index", wIndex},
                                   {"Clip1", wClip1},
                                   {"Clip2", wClip2},
                                   {"SetClip1", wSetClip1},
                                   {"SetClip2", wSetClip2},
                                   {"GetMaxClip1", wGetMaxClip1},
                                   {"GetMaxClip2", wGetMaxClip2},
                                   {"SetNextPrimaryFire", wSetNextPrimaryFire},
                                   {"GetNextPrimaryFire", wGetNextPrimaryFire},
                                   {"SetNextSecondaryFire", wSetNextSecondaryFire},
                                   {"GetNextSecondaryFire", wGetNextSecondaryFire},
                                   {"GetPrimaryAmmoType", wGetPrimaryAmmoType},
                                   {"GetSecondaryAmmoType", wGetSecondaryAmmoType},
                                   {"Ammo1", wAmmo1},
                                   {"Ammo2", wAmmo2},
                                   {"IsWeapon", wIsWeapon},
                                   {"IsScripted", wIsScripted},
                                   {"SetHoldType", wSetHoldType},
                                   {"GetHoldType", wGetHoldType},
                                   {"DefaultReload", weaponDefaultReload},
                                   {"SendWeaponAnim", weaponSendWeaponAnim},
                                   {"GetActivity", weaponGetActivity},
                                   {nullptr, nullptr}};

// Entity:NextThink(t): the engine's SetNextThink (a tick after the current one at the earliest).
int eNextThink(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    const lua_Number t = luaL_checknumber(L, 2);
    if (!std::isfinite(t)) return luaL_argerror(L, 2, "finite number expected");
    game::World& world = rt.world();
    world.setNextThink(*e, static_cast<float>(t));
    e->nextThinkTick = std::max(e->nextThinkTick, static_cast<int>(world.tick()) + 1);
    return 0;
}

// game.GetAmmoID(name) / game.GetAmmoName(id) over the default table.
int gGetAmmoID(lua_State* L) {
    lua_pushinteger(L, ammoId(luaL_checkstring(L, 1)));
    return 1;
}
int gGetAmmoName(lua_State* L) {
    const char* name = ammoName(static_cast<int>(luaL_checkinteger(L, 1)));
    if (name)
        lua_pushstring(L, name);
    else
        lua_pushnil(L);
    return 1;
}

// game.AddDecal(name, material or {materials}): the decal list (tools register theirs when they load; util.Decal,
// which would paint them, is not there yet).
int gAddDecal(lua_State* L) {
    Runtime& rt = rtOf(L);
    const char* name = luaL_checkstring(L, 1);
    if (!lua_istable(L, 2)) luaL_checkstring(L, 2);
    std::vector<std::string>& materials = weaponsOf(rt).decals[name];
    materials.clear();
    if (lua_istable(L, 2)) {
        for (int i = 1; i <= static_cast<int>(lua_objlen(L, 2)); ++i) {
            lua_rawgeti(L, 2, i);
            if (lua_type(L, -1) == LUA_TSTRING) materials.emplace_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    } else {
        materials.emplace_back(lua_tostring(L, 2));
    }
    return 0;
}

// Entity:IsConstraint: the entity is one of Source's CPhysConstraint joints (physconstraint.cpp). GMod's own
// constraint.lua notes it is false for phys_slideconstraint (and the spring, torque and collision pair, which are
// not CPhysConstraints), so the slider is left out here too.
int eIsConstraint(lua_State* L) {
    static constexpr std::string_view kConstraints[] = {"phys_constraint",       "phys_hinge",
                                                        "phys_ballsocket",       "phys_pulleyconstraint",
                                                        "phys_lengthconstraint", "phys_ragdollconstraint"};
    const GameEntity* e = checkEnt(L, 1);
    lua_pushboolean(L, std::any_of(std::begin(kConstraints), std::end(kConstraints),
                                   [&](std::string_view c) { return iequals(c, e->className); }));
    return 1;
}

// Reads t[key] (a number) of the table on top, `fallback` when absent or not a finite number.
double numberField(lua_State* L, const char* key, double fallback) {
    lua_getfield(L, -1, key);
    const double v = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : fallback;
    lua_pop(L, 1);
    return std::isfinite(v) ? v : fallback;
}

// SWEP.Primary / SWEP.Secondary of the weapon's table into the state (clip filled as GMod gives it: the default
// clip up to the clip size).
void readAttack(lua_State* L, const char* which, int& clip, int& maxClip, int& type, bool& automatic,
                int& defaultClip) {
    lua_getfield(L, -1, which);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    maxClip = static_cast<int>(std::clamp(numberField(L, "ClipSize", -1), -1.0, 1e9));
    defaultClip = static_cast<int>(std::clamp(numberField(L, "DefaultClip", -1), -1.0, 1e9));
    clip = maxClip < 0 ? -1 : std::clamp(defaultClip, 0, maxClip);
    lua_getfield(L, -1, "Automatic");
    automatic = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    lua_getfield(L, -1, "Ammo");
    type = lua_type(L, -1) == LUA_TSTRING ? ammoId(lua_tostring(L, -1)) : -1;
    lua_pop(L, 2);
}

// One attack of ItemPostFrame: `method` when the button is down, the time has come, and (semi-automatic) the button
// went down this command.
struct Buttons {
    std::uint32_t now = 0, last = 0;
    [[nodiscard]] bool down(std::uint32_t k) const { return (now & k) != 0; }
    [[nodiscard]] bool pressed(std::uint32_t k) const { return down(k) && (last & k) == 0; }
};

bool attack(Runtime& rt, int index, Buttons b, std::uint32_t button, bool secondary) {
    GameEntity* w = rt.world().byIndex(index);
    const WeaponState* s = w ? stateOf(rt, *w) : nullptr;
    if (!s || !b.down(button)) return false;
    const double next = secondary ? s->nextSecondary : s->nextPrimary;
    const bool automatic = secondary ? s->automatic2 : s->automatic1;
    if (next > rt.curTime() || (!automatic && !b.pressed(button))) return false;
    ++weaponsOf(rt).attacks;
    (void)callWeaponMethod(rt, *w, secondary ? "SecondaryAttack" : "PrimaryAttack");
    return true;
}

}  // namespace

bool isEngineWeapon(std::string_view cls) {
    return std::any_of(std::begin(kEngineWeapons), std::end(kEngineWeapons),
                       [&](std::string_view w) { return iequals(w, cls); });
}

WeaponRegistry& weaponsOf(Runtime& rt) {
    auto& impl = implOf(rt);
    if (!impl.weapons) impl.weapons = std::make_shared<WeaponRegistry>();
    return *impl.weapons;
}

WeaponState* weaponStateOf(Runtime& rt, const GameEntity& e) {
    auto& w = weaponsOf(rt).weapons;
    auto it = w.find(e.index);
    return it == w.end() ? nullptr : &it->second;
}

PlayerArsenal& arsenalOf(Runtime& rt, const GameEntity& player) { return weaponsOf(rt).arsenals[player.index]; }

int ammoId(std::string_view name) { return game::ammoTypeId(name); }

const char* ammoName(int id) {
    const game::AmmoType* a = game::ammoType(id);
    return a ? a->name.data() : nullptr;  // the names are string literals
}

void initWeaponState(Runtime& rt, game::Entity& weapon) {
    WeaponState& s = weaponsOf(rt).weapons[weapon.index];
    s.scripted = true;
    lua_State* L = rt.state();
    if (!binding::pushPerEntityTable(L, implOf(rt).entityTablesRef, weapon.index, false)) return;
    readAttack(L, "Primary", s.clip1, s.maxClip1, s.ammo1, s.automatic1, s.defaultClip1);
    readAttack(L, "Secondary", s.clip2, s.maxClip2, s.ammo2, s.automatic2, s.defaultClip2);
    lua_pop(L, 1);
}

// CBaseCombatWeapon::ItemPostFrame (Source SDK 2013, game/shared/basecombatweapon_shared.cpp): "Secondary attack has
// priority" — +attack2 with m_flNextSecondaryAttack <= curtime runs SecondaryAttack, else +attack with
// m_flNextPrimaryAttack <= curtime runs PrimaryAttack; +reload calls Reload (GMod calls SWEP:Reload on every command
// the key is held: gmod_tool's Reload filters with KeyPressed itself); then SWEP:Think, every command. A weapon with
// a primary clip first finishes a reload whose time has come (CheckReload).
void weaponPostFrame(Runtime& rt, game::Entity& player) {
    const int playerIndex = player.index;
    const GameEntity* active = rt.world().get(arsenalOf(rt, player).active);
    if (!active || active->markedForDeletion) return;
    const WeaponState* s = stateOf(rt, *active);
    if (!s || !s->scripted) return;
    const int index = active->index;
    const Buttons b{player.player->buttons, player.player->oldButtons};  // this command's (hooks may remove the player)
    if (s->maxClip1 >= 0) checkReload(rt, *rt.world().byIndex(index));   // UsesClipsForAmmo1
    if (!attack(rt, index, b, game::in::kAttack2, true)) (void)attack(rt, index, b, game::in::kAttack, false);
    for (const char* step : {"Reload", "Think"}) {
        if (step[0] == 'R' && !b.down(game::in::kReload)) continue;
        GameEntity* w = rt.world().byIndex(index);
        GameEntity* p = rt.world().byIndex(playerIndex);
        if (!w || !p || w->owner != p->handle) return;
        // While a reload runs, neither SWEP:Reload (the SDK's `!m_bInReload` guard: holding the key does not restart
        // it) nor SWEP:Think (the wiki, Weapon:DefaultReload) is called.
        if (const WeaponState* ws = stateOf(rt, *w); ws && ws->inReload) continue;
        (void)callWeaponMethod(rt, *w, step);
    }
}

void openWeapons(Runtime& rt, lua_State* L) {
    auto& impl = implOf(rt);
    (void)weaponsOf(rt);
    impl.weaponMetaRef = newMetatable(L, "Weapon", kWeaponMethods, 9, &impl.weaponMeta);
    // Weapon userdata compare, print and store like entities: the same metamethods (LuaJIT's __eq needs the very same
    // function on both sides to compare a Weapon with an Entity).
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.weaponMetaRef);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityMetaRef);
    for (const char* mm : {"__newindex", "__tostring", "__eq", "__concat"}) {
        lua_getfield(L, -1, mm);
        lua_setfield(L, -3, mm);
    }
    lua_pushcfunction(L, eNextThink);
    lua_setfield(L, -2, "NextThink");
    lua_pushcfunction(L, eIsConstraint);
    lua_setfield(L, -2, "IsConstraint");
    lua_pop(L, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.playerMetaRef);
    setFuncs(L, kPlayerWeaponMethods);
    lua_pop(L, 1);
    static const luaL_Reg kGame[] = {
        {"GetAmmoID", gGetAmmoID}, {"GetAmmoName", gGetAmmoName}, {"AddDecal", gAddDecal}, {nullptr, nullptr}};
    lua_getglobal(L, "game");
    if (lua_istable(L, -1)) setFuncs(L, kGame);
    lua_pop(L, 1);
    bindScriptedClasses(rt);
    Runtime* r = &rt;
    rt.world().hooks.itemPostFrame = [r](game::World&, game::Entity& p) { weaponPostFrame(*r, p); };
}

std::vector<CarriedWeapon> Runtime::carriedWeapons(int playerIndex) {
    std::vector<CarriedWeapon> out;
    GameEntity* p = world().byIndex(playerIndex);
    if (!p || !p->isPlayer()) return out;
    const PlayerArsenal& a = arsenalOf(*this, *p);
    for (EntityHandle h : a.weapons) {
        const GameEntity* w = world().get(h);
        if (!w || w->markedForDeletion) continue;
        CarriedWeapon c;
        c.index = w->index;
        c.className = w->className;
        c.active = a.active == h;
        c.previous = a.previous == h;
        // The SWEP table's fields as Lua reads wep.Slot (the entity's table falls back on its SWEP); engine
        // weapons have none: slot 0.
        if (binding::pushPerEntityTable(mL, implOf(*this).entityTablesRef, w->index, false)) {
            c.slot = static_cast<int>(std::clamp(numberField(mL, "Slot", 0), 0.0, 5.0));
            c.slotPos = static_cast<int>(std::clamp(numberField(mL, "SlotPos", 0), 0.0, 128.0));
            lua_pop(mL, 1);
        }
        out.push_back(std::move(c));
    }
    resetStack(*this);
    return out;
}

}  // namespace vestige::source::glua
