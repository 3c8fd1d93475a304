// What an entity looks like and how it collides, as the wiki's Entity methods set and read it: skins and body groups
// over the model's studio header (World::studioInfo), the EF_* effect bits (EF_NODRAW is SetNoDraw's flag,
// DrawShadow is EF_NOSHADOW), the material override, SetSolid / GetSolid (SOLID_*), SetTransmitWithParent, the
// collision bounds and the gravity factor.
#include <cmath>
#include <string>

#include "entity_binding.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

game::World& worldOf(lua_State* L) { return entityTable(rtOf(L)).world(); }

// A whole number argument: a non-finite or out-of-int value raises the argument error (never reaches the state).
int checkInt(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    if (!std::isfinite(n) || n < -2147483648.0 || n > 2147483647.0) luaL_argerror(L, idx, "number out of range");
    return static_cast<int>(n);
}

int eSetSkin(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->skin = checkInt(L, 2);
    e->touched();
    return 0;
}
int eGetSkin(lua_State* L) {
    lua_pushinteger(L, checkEnt(L, 1)->skin);
    return 1;
}
int eSkinCount(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const game::World::StudioInfo* info = worldOf(L).studioInfo(e->model);
    lua_pushinteger(L, info ? info->skinFamilies : 0);
    return 1;
}

// The model's body group `idx` (0-based), or nullptr.
const game::World::BodyGroupInfo* group(lua_State* L, GameEntity* e, int id) {
    const game::World::StudioInfo* info = worldOf(L).studioInfo(e->model);
    if (!info || id < 0 || static_cast<std::size_t>(id) >= info->bodyGroups.size()) return nullptr;
    return &info->bodyGroups[static_cast<std::size_t>(id)];
}
int eSetBodygroup(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    worldOf(L).setBodygroup(*e, checkInt(L, 2), checkInt(L, 3));
    return 0;
}
int eGetBodygroup(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_pushinteger(L, worldOf(L).bodygroup(*e, checkInt(L, 2)));
    return 1;
}
// SetBodyGroups("0a1"): one character per group in order, 0-9 then a-z for 10-35; other characters leave their
// group as it is.
int eSetBodyGroups(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 2, &len);
    for (std::size_t i = 0; i < len && i < 64; ++i) {
        const char c = s[i];
        int v = -1;
        if (c >= '0' && c <= '9') v = c - '0';
        if (c >= 'a' && c <= 'z') v = c - 'a' + 10;
        if (c >= 'A' && c <= 'Z') v = c - 'A' + 10;
        if (v >= 0) worldOf(L).setBodygroup(*e, static_cast<int>(i), v);
    }
    return 0;
}
int eGetNumBodyGroups(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const game::World::StudioInfo* info = worldOf(L).studioInfo(e->model);
    lua_pushinteger(L, info ? static_cast<lua_Integer>(info->bodyGroups.size()) : 0);
    return 1;
}
int eGetBodygroupCount(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const auto* g = group(L, e, checkInt(L, 2));
    lua_pushinteger(L, g ? g->models : 0);
    return 1;
}
int eGetBodygroupName(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const auto* g = group(L, e, checkInt(L, 2));
    lua_pushstring(L, g ? g->name.c_str() : "");
    return 1;
}
int eFindBodygroupByName(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const std::string_view name = luaL_checkstring(L, 2);
    const game::World::StudioInfo* info = worldOf(L).studioInfo(e->model);
    int found = -1;
    for (std::size_t i = 0; info && i < info->bodyGroups.size() && found < 0; ++i)
        if (info->bodyGroups[i].name == name) found = static_cast<int>(i);
    lua_pushinteger(L, found);
    return 1;
}

// The EF_* bits as GMod reads them: Entity::effects with EF_NODRAW from noDraw.
int effectsOf(const GameEntity& e) { return (e.effects & ~game::ef::kNoDraw) | (e.noDraw ? game::ef::kNoDraw : 0); }
void setEffects(GameEntity& e, int bits) {
    e.noDraw = (bits & game::ef::kNoDraw) != 0;
    e.effects = bits & ~game::ef::kNoDraw;
    e.touched();
}
int eAddEffects(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    setEffects(*e, effectsOf(*e) | checkInt(L, 2));
    return 0;
}
int eRemoveEffects(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    setEffects(*e, effectsOf(*e) & ~checkInt(L, 2));
    return 0;
}
int eGetEffects(lua_State* L) {
    lua_pushinteger(L, effectsOf(*checkEnt(L, 1)));
    return 1;
}
int eIsEffectActive(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_pushboolean(L, (effectsOf(*e) & checkInt(L, 2)) != 0);
    return 1;
}
// DrawShadow(false) is EF_NOSHADOW set, DrawShadow(true) cleared.
int eDrawShadow(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const int bits = effectsOf(*e);
    setEffects(*e, lua_toboolean(L, 2) ? bits & ~game::ef::kNoShadow : bits | game::ef::kNoShadow);
    return 0;
}

int eSetMaterial(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->materialOverride = luaL_optstring(L, 2, "");
    e->touched();
    return 0;
}
int eGetMaterial(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->materialOverride.c_str());
    return 1;
}

int eSetTransmitWithParent(lua_State* L) {
    checkEnt(L, 1)->transmitWithParent = lua_toboolean(L, 2) != 0;
    return 0;
}

// SetSolid(SOLID_*): 0..6; another value is an argument error rather than a solid type nothing knows.
int eSetSolid(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const int solid = checkInt(L, 2);
    if (solid < 0 || solid > static_cast<int>(game::Solid::VPhysics)) luaL_argerror(L, 2, "not a SOLID_ value");
    e->solid = static_cast<game::Solid>(solid);
    e->touched();
    worldOf(L).invalidateScene();
    return 0;
}
// SetTrigger(bool): FSOLID_TRIGGER; a solid point entity's collision bounds then touch players (ENT:StartTouch,
// Touch, EndTouch).
int eSetTrigger(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->triggerFlag = lua_toboolean(L, 2) != 0;
    e->touched();
    return 0;
}
int eGetSolid(lua_State* L) {
    lua_pushinteger(L, static_cast<int>(checkEnt(L, 1)->solid));
    return 1;
}

// SetCollisionBounds(mins, maxs): the box traces and movement see, relative to the origin (finite, mins <= maxs);
// GetCollisionBounds returns it.
int eSetCollisionBounds(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const Vec3 mins = checkVec(L, 2), maxs = checkVec(L, 3);
    if (!isFinite(mins) || !isFinite(maxs) || mins.x > maxs.x || mins.y > maxs.y || mins.z > maxs.z)
        luaL_argerror(L, 3, "finite bounds with mins <= maxs expected");
    e->mins = mins;
    e->maxs = maxs;
    e->touched();
    worldOf(L).invalidateScene();
    return 0;
}
int eGetCollisionBounds(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    pushVector(rtOf(L), L, e->mins);
    pushVector(rtOf(L), L, e->maxs);
    return 2;
}
// SetGravity(multiplier): the entity's gravity factor (0 = the world's; players' movement multiplies sv_gravity by it).
// A finite number a float holds (beyond that the cast would be undefined), else an argument error.
float checkFloatArg(lua_State* L, int idx) {
    const lua_Number v = luaL_checknumber(L, idx);
    if (!std::isfinite(v) || std::fabs(v) > 3.0e38) luaL_argerror(L, idx, "finite number expected");
    return static_cast<float>(v);
}
int eSetGravity(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->gravity = checkFloatArg(L, 2);
    return 0;
}
int eGetGravity(lua_State* L) {
    lua_pushnumber(L, checkEnt(L, 1)->gravity);
    return 1;
}
// SetElasticity / GetElasticity: m_flElasticity, what a MOVECOLLIDE_FLY_BOUNCE entity's bounce multiplies by.
int eSetElasticity(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->elasticity = checkFloatArg(L, 2);
    return 0;
}
int eGetElasticity(lua_State* L) {
    lua_pushnumber(L, checkEnt(L, 1)->elasticity);
    return 1;
}
// SetMoveCollide(MOVECOLLIDE_*): how a MOVETYPE_FLY / FLYGRAVITY entity meets what it hits (0..3).
int eSetMoveCollide(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const int mode = checkInt(L, 2);
    if (mode < 0 || mode > 3) luaL_argerror(L, 2, "not a MOVECOLLIDE_ value");
    e->moveCollide = mode;
    return 0;
}
int eGetMoveCollide(lua_State* L) {
    lua_pushinteger(L, checkEnt(L, 1)->moveCollide);
    return 1;
}

const luaL_Reg kAppearance[] = {{"SetSkin", eSetSkin},
                                {"GetSkin", eGetSkin},
                                {"SkinCount", eSkinCount},
                                {"SetBodygroup", eSetBodygroup},
                                {"GetBodygroup", eGetBodygroup},
                                {"SetBodyGroups", eSetBodyGroups},
                                {"GetNumBodyGroups", eGetNumBodyGroups},
                                {"GetBodygroupCount", eGetBodygroupCount},
                                {"GetBodygroupName", eGetBodygroupName},
                                {"FindBodygroupByName", eFindBodygroupByName},
                                {"AddEffects", eAddEffects},
                                {"RemoveEffects", eRemoveEffects},
                                {"GetEffects", eGetEffects},
                                {"IsEffectActive", eIsEffectActive},
                                {"DrawShadow", eDrawShadow},
                                {"SetMaterial", eSetMaterial},
                                {"GetMaterial", eGetMaterial},
                                {"SetTransmitWithParent", eSetTransmitWithParent},
                                {"SetSolid", eSetSolid},
                                {"GetSolid", eGetSolid},
                                {"SetTrigger", eSetTrigger},
                                {"SetCollisionBounds", eSetCollisionBounds},
                                {"GetCollisionBounds", eGetCollisionBounds},
                                {"SetGravity", eSetGravity},
                                {"GetGravity", eGetGravity},
                                {"SetElasticity", eSetElasticity},
                                {"GetElasticity", eGetElasticity},
                                {"SetMoveCollide", eSetMoveCollide},
                                {"GetMoveCollide", eGetMoveCollide},
                                {nullptr, nullptr}};

}  // namespace

void openAppearance(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kAppearance);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
