// Damage from Lua (wiki.facepunch.com/gmod/CTakeDamageInfo, Entity:TakeDamage/TakeDamageInfo, util.BlastDamage/
// BlastDamageInfo) over the entity world's damage rules (engines/source/game damage.cpp): one set of rules, Lua only
// builds the game::DamageInfo and calls World::takeDamage / World::blastDamage.
//
// A CTakeDamageInfo userdata is a pointer plus an owned info: DamageInfo() points at its own copy; the objects the
// damage hooks receive point at the world's info for the length of the hook call (kept, they refuse use).
// Difference from GMod, on purpose: GMod's DamageInfo() hands out one shared object (wiki bug 2771); here every call
// makes a new one.
#include <cmath>
#include <new>

#include "entity_binding.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

constexpr int kTypeDamageInfo = 15;  // TYPE_DAMAGEINFO (the wiki's TYPE enumeration)

struct DmgBox {
    game::DamageInfo* p;
    game::DamageInfo own;
};

constexpr const char* kDmgMetaKey = "CTakeDamageInfo";  // luaL_newmetatable's registry name

const void* dmgMeta(lua_State* L) {
    lua_getfield(L, LUA_REGISTRYINDEX, kDmgMetaKey);
    const void* m = lua_topointer(L, -1);
    lua_pop(L, 1);
    return m;
}

game::DamageInfo* checkInfo(lua_State* L, int idx = 1) {
    auto* b = static_cast<DmgBox*>(testPayload(L, idx, sizeof(DmgBox), dmgMeta(L), nullptr, Meta::Pop));
    if (!b) luaL_typerror(L, idx, "CTakeDamageInfo");
    if (!b->p) luaL_error(L, "CTakeDamageInfo used outside the hook call it was given to");
    return b->p;
}
// A finite number as float; non-finite values never enter the damage numbers (they become 0).
float checkAmount(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    return std::isfinite(n) ? static_cast<float>(n) : 0.0f;
}
int checkInt(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    return std::isfinite(n) ? static_cast<int>(std::fmax(-2147483648.0, std::fmin(2147483647.0, n))) : 0;
}
std::uint32_t checkBits(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    return std::isfinite(n) ? static_cast<std::uint32_t>(static_cast<std::int64_t>(n)) : 0;
}
Vec3 checkFiniteVec(lua_State* L, int idx) {
    const Vec3 v = checkVec(L, idx);
    return isFinite(v) ? v : Vec3{};
}

#define VESTIGE_DMG_FLOAT(Get, Set, field)      \
    int Get(lua_State* L) {                     \
        lua_pushnumber(L, checkInfo(L)->field); \
        return 1;                               \
    }                                           \
    int Set(lua_State* L) {                     \
        game::DamageInfo* d = checkInfo(L);     \
        d->field = checkAmount(L, 2);           \
        return 0;                               \
    }
VESTIGE_DMG_FLOAT(dGetDamage, dSetDamage, damage)
VESTIGE_DMG_FLOAT(dGetBaseDamage, dSetBaseDamage, baseDamage)
VESTIGE_DMG_FLOAT(dGetMaxDamage, dSetMaxDamage, maxDamage)
VESTIGE_DMG_FLOAT(dGetDamageBonus, dSetDamageBonus, damageBonus)
#undef VESTIGE_DMG_FLOAT

#define VESTIGE_DMG_INT(Get, Set, field)         \
    int Get(lua_State* L) {                      \
        lua_pushinteger(L, checkInfo(L)->field); \
        return 1;                                \
    }                                            \
    int Set(lua_State* L) {                      \
        game::DamageInfo* d = checkInfo(L);      \
        d->field = checkInt(L, 2);               \
        return 0;                                \
    }
VESTIGE_DMG_INT(dGetDamageCustom, dSetDamageCustom, damageCustom)
VESTIGE_DMG_INT(dGetAmmoType, dSetAmmoType, ammoType)
#undef VESTIGE_DMG_INT

#define VESTIGE_DMG_VEC(Get, Set, field)             \
    int Get(lua_State* L) {                          \
        pushVector(rtOf(L), L, checkInfo(L)->field); \
        return 1;                                    \
    }                                                \
    int Set(lua_State* L) {                          \
        game::DamageInfo* d = checkInfo(L);          \
        d->field = checkFiniteVec(L, 2);             \
        return 0;                                    \
    }
VESTIGE_DMG_VEC(dGetDamageForce, dSetDamageForce, damageForce)
VESTIGE_DMG_VEC(dGetDamagePosition, dSetDamagePosition, damagePosition)
VESTIGE_DMG_VEC(dGetReportedPosition, dSetReportedPosition, reportedPosition)
#undef VESTIGE_DMG_VEC

#define VESTIGE_DMG_ENT(Get, Set, field)             \
    int Get(lua_State* L) {                          \
        pushHandle(rtOf(L), L, checkInfo(L)->field); \
        return 1;                                    \
    }                                                \
    int Set(lua_State* L) {                          \
        game::DamageInfo* d = checkInfo(L);          \
        d->field = optHandle(L, 2);                  \
        return 0;                                    \
    }
VESTIGE_DMG_ENT(dGetAttacker, dSetAttacker, attacker)
VESTIGE_DMG_ENT(dGetInflictor, dSetInflictor, inflictor)
VESTIGE_DMG_ENT(dGetWeapon, dSetWeapon, weapon)
#undef VESTIGE_DMG_ENT

int dGetDamageType(lua_State* L) {
    lua_pushnumber(L, checkInfo(L)->damageType);
    return 1;
}
int dSetDamageType(lua_State* L) {
    game::DamageInfo* d = checkInfo(L);
    d->damageType = checkBits(L, 2);
    return 0;
}
int dAddDamage(lua_State* L) {
    game::DamageInfo* d = checkInfo(L);
    d->addDamage(checkAmount(L, 2));
    return 0;
}
int dSubtractDamage(lua_State* L) {
    game::DamageInfo* d = checkInfo(L);
    d->subtractDamage(checkAmount(L, 2));
    return 0;
}
int dScaleDamage(lua_State* L) {
    game::DamageInfo* d = checkInfo(L);
    d->scaleDamage(checkAmount(L, 2));
    return 0;
}
int dIsDamageType(lua_State* L) {
    game::DamageInfo* d = checkInfo(L);
    lua_pushboolean(L, d->isDamageType(checkBits(L, 2)));
    return 1;
}
int dIsBulletDamage(lua_State* L) {
    lua_pushboolean(L, checkInfo(L)->isBulletDamage());
    return 1;
}
int dIsExplosionDamage(lua_State* L) {
    lua_pushboolean(L, checkInfo(L)->isExplosionDamage());
    return 1;
}
int dIsFallDamage(lua_State* L) {
    lua_pushboolean(L, checkInfo(L)->isFallDamage());
    return 1;
}
int dToString(lua_State* L) {
    lua_pushliteral(L, "CTakeDamageInfo");
    return 1;
}

const luaL_Reg kDamageInfoMethods[] = {{"AddDamage", dAddDamage},
                                       {"GetAmmoType", dGetAmmoType},
                                       {"GetAttacker", dGetAttacker},
                                       {"GetBaseDamage", dGetBaseDamage},
                                       {"GetDamage", dGetDamage},
                                       {"GetDamageBonus", dGetDamageBonus},
                                       {"GetDamageCustom", dGetDamageCustom},
                                       {"GetDamageForce", dGetDamageForce},
                                       {"GetDamagePosition", dGetDamagePosition},
                                       {"GetDamageType", dGetDamageType},
                                       {"GetInflictor", dGetInflictor},
                                       {"GetMaxDamage", dGetMaxDamage},
                                       {"GetReportedPosition", dGetReportedPosition},
                                       {"GetWeapon", dGetWeapon},
                                       {"IsBulletDamage", dIsBulletDamage},
                                       {"IsDamageType", dIsDamageType},
                                       {"IsExplosionDamage", dIsExplosionDamage},
                                       {"IsFallDamage", dIsFallDamage},
                                       {"ScaleDamage", dScaleDamage},
                                       {"SetAmmoType", dSetAmmoType},
                                       {"SetAttacker", dSetAttacker},
                                       {"SetBaseDamage", dSetBaseDamage},
                                       {"SetDamage", dSetDamage},
                                       {"SetDamageBonus", dSetDamageBonus},
                                       {"SetDamageCustom", dSetDamageCustom},
                                       {"SetDamageForce", dSetDamageForce},
                                       {"SetDamagePosition", dSetDamagePosition},
                                       {"SetDamageType", dSetDamageType},
                                       {"SetInflictor", dSetInflictor},
                                       {"SetMaxDamage", dSetMaxDamage},
                                       {"SetReportedPosition", dSetReportedPosition},
                                       {"SetWeapon", dSetWeapon},
                                       {"SubtractDamage", dSubtractDamage},
                                       {"__tostring", dToString},
                                       {nullptr, nullptr}};

DmgBox* newBox(lua_State* L) {
    auto* b = static_cast<DmgBox*>(lua_newuserdata(L, sizeof(DmgBox)));
    new (b) DmgBox{nullptr, {}};
    lua_getfield(L, LUA_REGISTRYINDEX, kDmgMetaKey);
    lua_setmetatable(L, -2);
    return b;
}

// DamageInfo(): an empty info of its own (damage 0, DMG_GENERIC, no attacker).
int lDamageInfo(lua_State* L) {
    DmgBox* b = newBox(L);
    b->p = &b->own;
    return 1;
}

// Entity:TakeDamage(amount, attacker, inflictor): CBaseEntity::TakeDamage of a DMG_GENERIC info (wiki). The SDK's
// Lua binding defaults a missing attacker/inflictor to NULL, which the player's knockback then skips.
int eTakeDamage(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    const float amount = checkAmount(L, 2);
    const EntityHandle attacker = optHandle(L, 3);
    const EntityHandle inflictor = optHandle(L, 4);
    (void)entityTable(rt).world().takeDamage(*e,
                                             game::DamageInfo::make(inflictor, attacker, amount, game::dmg::kGeneric));
    return 0;
}
// Entity:TakeDamageInfo(info): the info as given (a copy: the hooks edit their own).
int eTakeDamageInfo(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    const game::DamageInfo info = *checkInfo(L, 2);
    (void)entityTable(rt).world().takeDamage(*e, info);
    return 0;
}
// util.BlastDamage(inflictor, attacker, origin, radius, damage[, type]): CGameRules::RadiusDamage.
int uBlastDamage(lua_State* L) {
    Runtime& rt = rtOf(L);
    const EntityHandle inflictor = optHandle(L, 1);
    const EntityHandle attacker = optHandle(L, 2);
    const Vec3 origin = checkVec(L, 3);
    const float radius = checkAmount(L, 4);
    const float damage = checkAmount(L, 5);
    const std::uint32_t type = lua_isnoneornil(L, 6) ? game::dmg::kBlast : checkBits(L, 6);
    if (!isFinite(origin)) {
        refuseNonFinite(rt, "util.BlastDamage", -1);
        return 0;
    }
    entityTable(rt).world().blastDamage(inflictor, attacker, origin, radius, damage, type);
    return 0;
}
// util.BlastDamageInfo(info, origin, radius): the info's inflictor, attacker, damage and type.
int uBlastDamageInfo(lua_State* L) {
    Runtime& rt = rtOf(L);
    const game::DamageInfo info = *checkInfo(L, 1);
    const Vec3 origin = checkVec(L, 2);
    const float radius = checkAmount(L, 3);
    if (!isFinite(origin)) {
        refuseNonFinite(rt, "util.BlastDamageInfo", -1);
        return 0;
    }
    entityTable(rt).world().blastDamage(info.inflictor, info.attacker, origin, radius, info.damage, info.damageType);
    return 0;
}

// Player:AddDeaths / AddFrags / SetDeaths / SetFrags: the base gamemode's DoPlayerDeath keeps the score with these.
int scoreOp(lua_State* L, bool deaths, bool add) {
    GameEntity* p = checkPlayer(L, 1);
    const int v = checkInt(L, 2);
    int& field = deaths ? p->player->deaths : p->player->frags;
    field = add ? field + v : v;
    p->touched();
    return 0;
}
int pAddDeaths(lua_State* L) { return scoreOp(L, true, true); }
int pAddFrags(lua_State* L) { return scoreOp(L, false, true); }
int pSetDeaths(lua_State* L) { return scoreOp(L, true, false); }
int pSetFrags(lua_State* L) { return scoreOp(L, false, false); }

const luaL_Reg kUtilDamage[] = {
    {"BlastDamage", uBlastDamage}, {"BlastDamageInfo", uBlastDamageInfo}, {nullptr, nullptr}};
const luaL_Reg kEntityDamageMethods[] = {
    {"TakeDamage", eTakeDamage}, {"TakeDamageInfo", eTakeDamageInfo}, {nullptr, nullptr}};
const luaL_Reg kPlayerScoreMethods[] = {{"AddDeaths", pAddDeaths},
                                        {"AddFrags", pAddFrags},
                                        {"SetDeaths", pSetDeaths},
                                        {"SetFrags", pSetFrags},
                                        {nullptr, nullptr}};

}  // namespace

void* pushDamageInfo(Runtime& /*rt*/, lua_State* L, game::DamageInfo* info) {
    DmgBox* b = newBox(L);
    b->p = info;
    return b;
}

void clearDamageInfo(void* box) {
    if (box) static_cast<DmgBox*>(box)->p = nullptr;
}

namespace {

// hook.Call(name, GAMEMODE, ent, info[, extra]) with a CTakeDamageInfo over `info` for the call; the first result.
// `extra`: -1 none, 0/1 a boolean (PostEntityTakeDamage's took).
bool damageEvent(Runtime& rt, const char* name, const game::Entity& e, game::DamageInfo& info, int extra = -1) {
    lua_State* L = rt.state();
    if (!pushHookCall(rt, L, name)) return false;
    pushEntity(rt, L, e.index);
    void* box = pushDamageInfo(rt, L, &info);
    if (extra >= 0) lua_pushboolean(L, extra);
    bool result = false;
    if (rt.protectedCall(extra >= 0 ? 5 : 4, 1)) {
        result = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    clearDamageInfo(box);
    return result;
}

}  // namespace

void bindDamage(Runtime& rt) {
    game::GameHooks& hooks = rt.world().hooks;
    Runtime* r = &rt;
    // CBaseEntity::TakeDamage in GMod: GM:EntityTakeDamage(target, info) may edit the info; true blocks the damage.
    hooks.entityTakeDamage = [r](game::World&, game::Entity& target, game::DamageInfo& info) {
        return damageEvent(*r, "EntityTakeDamage", target, info);
    };
    hooks.postEntityTakeDamage = [r](game::World&, game::Entity& target, const game::DamageInfo& info, bool taken) {
        game::DamageInfo copy = info;  // after the damage: edits change nothing
        (void)damageEvent(*r, "PostEntityTakeDamage", target, copy, taken ? 1 : 0);
    };
    // GM:PlayerShouldTakeDamage(ply, attacker): only false refuses (the base gamemode returns true).
    hooks.playerShouldTakeDamage = [r](game::World&, game::Entity& p, game::Entity& attacker) {
        return hookAllows(*r, "PlayerShouldTakeDamage", p, attacker);
    };
    // CBasePlayer::Event_Killed -> GM:DoPlayerDeath(ply, attacker, info) when the gamemode has one (GMod's order:
    // DoPlayerDeath, then PlayerDeath); else the base rule in C++.
    hooks.doPlayerDeath = [r](game::World& w, game::Entity& p, game::Entity* attacker, const game::DamageInfo& info) {
        lua_State* L = r->state();
        if (!gamemodeHas(L, "DoPlayerDeath") || !pushHookCall(*r, L, "DoPlayerDeath")) {
            w.baseDoPlayerDeath(p, attacker);
            return;
        }
        pushEntity(*r, L, p.index);
        pushEntity(*r, L, attacker ? attacker->index : -1);
        game::DamageInfo copy = info;
        void* box = pushDamageInfo(*r, L, &copy);
        (void)r->protectedCall(5, 0);
        clearDamageInfo(box);
    };
    // ENT:OnTakeDamage(info) of a scripted entity replaces the class's rule; its number is the damage taken (> 0:
    // taken). Anything else keeps the class's rule (the wiki's earlier text: "not a number performs the default").
    hooks.onTakeDamage = [r](game::World&, game::Entity& e, game::DamageInfo& info) -> std::optional<int> {
        lua_State* L = r->state();
        if (!pushEntityMethod(*r, L, e, "OnTakeDamage")) return std::nullopt;
        void* box = pushDamageInfo(*r, L, &info);
        std::optional<int> taken;
        if (r->protectedCall(2, 1)) {
            if (lua_type(L, -1) == LUA_TNUMBER) taken = lua_tonumber(L, -1) > 0 ? 1 : 0;
            lua_pop(L, 1);
        }
        clearDamageInfo(box);
        return taken;
    };
}

void openDamage(Runtime& rt, lua_State* L) {
    const void* identity = nullptr;
    const int ref = newMetatable(L, kDmgMetaKey, kDamageInfoMethods, kTypeDamageInfo, &identity);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");  // addons' methods added to FindMetaTable("CTakeDamageInfo") are found too
    lua_pop(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, ref);  // luaL_newmetatable keeps it under its name
    lua_pushcfunction(L, lDamageInfo);
    lua_setglobal(L, "DamageInfo");
    auto& impl = implOf(rt);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityMetaRef);
    setFuncs(L, kEntityDamageMethods);
    lua_pop(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.playerMetaRef);
    setFuncs(L, kPlayerScoreMethods);
    lua_pop(L, 1);
    lua_getglobal(L, "util");
    setFuncs(L, kUtilDamage);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
