// Entity / Player userdata over the entity table (entity_table.cpp); the ents and player libraries are lib/ents.cpp.
// An Entity userdata holds {index, serial}; a removed entity's serial no longer matches, so stale
// handles read as invalid instead of aliasing a newer entity. One userdata per live entity is
// cached so Entity(1) == Entity(1) and the value works as a table key.
#include <cmath>
#include <cstdio>
#include <new>

#include "entity_binding.hpp"

namespace vestige::source::glua {
namespace binding {

GameEntity* checkEnt(lua_State* L, Runtime& rt, int idx, Meta leave) {
    EntHandle* h = testHandle(rt, L, idx, leave);
    if (!h) luaL_typerror(L, idx, "Entity");
    GameEntity* e = entityOf(rt, h);
    if (!e) luaL_error(L, "Tried to use a NULL entity!");
    return e;
}

GameEntity* checkPlayer(lua_State* L, int idx) {
    GameEntity* e = checkEnt(L, idx);
    if (!e->isPlayer()) luaL_typerror(L, idx, "Player");
    return e;
}

EntityHandle optHandle(lua_State* L, int idx) {
    Runtime& rt = rtOf(L);
    GameEntity* e = entityOf(rt, testHandle(rt, L, idx));
    return e ? e->handle : EntityHandle{};
}

Vec3 checkVec3(lua_State* L, Runtime& rt, int idx, bool angle) {
    Vec3 v;
    if (!toVector(rt, L, idx, &v, angle)) luaL_typerror(L, idx, angle ? "Angle" : "Vector");
    return v;
}

void pushHandle(Runtime& rt, lua_State* L, EntityHandle h) {
    const GameEntity* e = entityTable(rt).world().get(h);
    pushEntity(rt, L, e ? e->index : -1);
}

void refuseNonFinite(Runtime& rt, const char* what, int index) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: refused a non-finite value for entity %d", what, index);
    warn(rt, buf);
}

void setEntityVec(Runtime& rt, GameEntity& e, int which, Vec3 v) {
    game::World& world = entityTable(rt).world();
    switch (which) {
        case 0:
            world.setOrigin(e, v);
            break;
        case 1:
            world.setAngles(e, v);
            break;
        case 3:  // Player:SetEyeAngles
            if (e.player)
                world.snapEyeAngles(e, v);
            else
                world.setAngles(e, v);
            break;
        default:
            e.velocity = v;
            if (e.player) e.player->move.velocity = v;
            e.touched();
            return;
    }
    // A physics entity's body goes with it (GMod's SetPos/SetAngles teleport the object); otherwise the next
    // VPhysicsUpdate would put the entity back where its body is.
    if (e.moveType == game::MoveType::VPhysics && !e.physicsObjects.empty() && isFinite(e.origin) && isFinite(e.angles))
        (void)world.physics().setTransform(e.physicsObjects[0], e.origin, game::anglesToQuat(e.angles));
}

bool pushPerEntityTable(lua_State* L, int ref, int index, bool create) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_rawgeti(L, -1, index);
    if (lua_istable(L, -1)) {
        lua_remove(L, -2);
        return true;
    }
    lua_pop(L, 1);
    if (!create) {
        lua_pop(L, 1);
        return false;
    }
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, index);
    lua_remove(L, -2);
    return true;
}

void pushNetVarZero(Runtime& rt, lua_State* L, NetVarType t) {
    switch (t) {
        case NetVarType::Int:
        case NetVarType::Float:
            lua_pushnumber(L, 0);
            return;
        case NetVarType::Bool:
            lua_pushboolean(L, 0);
            return;
        case NetVarType::String:
            lua_pushliteral(L, "");
            return;
        case NetVarType::Vector:
            pushVector(rt, L, {});
            return;
        case NetVarType::Angle:
            pushAngle(rt, L, {});
            return;
        case NetVarType::Entity:
            pushEntity(rt, L, -1);
            return;
    }
}

}  // namespace binding

namespace {
using namespace binding;

// ---- metamethods ----
// The entity's own table (GetTable) for __index after the metatables; the Lua __index of the JIT mode
// (fastpath.lua.inc) calls it directly.
int eFallback(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = toEntity(rt, L, 1);
    if (!e || !pushPerEntityTable(L, implOf(rt).entityTablesRef, e->index, false)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

// Full C __index (interpreter mode): the value's metatable, Player -> Entity, then the entity's own table. A value
// without a metatable (the function called directly) goes straight to the last step, which gives nil.
int eIndex(lua_State* L) {
    if (lua_getmetatable(L, 1)) {
        lua_pushvalue(L, 2);
        lua_rawget(L, -2);
        if (!lua_isnil(L, -1)) return 1;
        Runtime& rt = rtOf(L);
        if (lua_topointer(L, -2) == implOf(rt).playerMeta) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
            lua_pushvalue(L, 2);
            lua_rawget(L, -2);
            if (!lua_isnil(L, -1)) return 1;
        }
        lua_settop(L, 2);
    }
    return eFallback(L);
}

int eNewindex(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    pushPerEntityTable(L, implOf(rt).entityTablesRef, e->index, true);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    return 0;
}

int eToString(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    char buf[256];
    if (!e)
        std::snprintf(buf, sizeof buf, "[NULL Entity]");
    else if (e->isPlayer())
        std::snprintf(buf, sizeof buf, "Player [%d][%s]", e->index, kPlayerNick);
    else
        std::snprintf(buf, sizeof buf, "Entity [%d][%s]", e->index, e->className.c_str());
    lua_pushstring(L, buf);
    return 1;
}

int eEq(lua_State* L) {
    Runtime& rt = rtOf(L);
    EntHandle* a = testHandle(rt, L, 1);
    EntHandle* b = testHandle(rt, L, 2);
    lua_pushboolean(L, a && b && a->index == b->index && a->serial == b->serial);
    return 1;
}

// Entity .. x: cdata operands (an ffi Vector in JIT mode) go through tostring too.
int eConcat(lua_State* L) { return concatAsStrings(L, true); }

// ---- Entity methods ----
int eIsValid(lua_State* L) {
    lua_pushboolean(L, toEntity(rtOf(L), L, 1) != nullptr);
    return 1;
}
int eEntIndex(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    lua_pushinteger(L, e ? e->index : 0);
    return 1;
}
// Getters of a Vec3 field, pushed as a Vector (or an Angle).
int getVec3Field(lua_State* L, Vec3 GameEntity::*field, bool angle) {
    Runtime& rt = rtOf(L);
    pushVector(rt, L, checkEnt(L, rt, 1, Meta::Keep)->*field, angle);
    return 1;
}
int eGetPos(lua_State* L) { return getVec3Field(L, &GameEntity::origin, false); }
int eGetAngles(lua_State* L) { return getVec3Field(L, &GameEntity::angles, true); }
int eGetVelocity(lua_State* L) { return getVec3Field(L, &GameEntity::velocity, false); }
// CBaseEntity::EyeAngles: the entity's angles; a player's are its view angles (pl.v_angle, pitch included).
int eEyeAngles(lua_State* L) {
    Runtime& rt = rtOf(L);
    const GameEntity* e = checkEnt(L, rt, 1, Meta::Keep);
    pushVector(rt, L, e->player ? e->player->eyeAngles : e->angles, true);
    return 1;
}
int eWorldSpaceCenter(lua_State* L) {
    pushVector(rtOf(L), L, checkEnt(L, 1)->worldSpaceCenter());
    return 1;
}

// Non-finite values never enter engine state (seed D1): warn and keep the old value.
int setVec3(lua_State* L, int which, const char* what) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, rt, 1);
    const Vec3 v = checkVec3(L, rt, 2, which == 1 || which == 3);
    if (!isFinite(v)) {
        refuseNonFinite(rt, what, e->index);
        return 0;
    }
    setEntityVec(rt, *e, which, v);
    return 0;
}
int eSetPos(lua_State* L) { return setVec3(L, 0, "SetPos"); }
int eSetAngles(lua_State* L) { return setVec3(L, 1, "SetAngles"); }
int eSetVelocity(lua_State* L) { return setVec3(L, 2, "SetVelocity"); }
int eGetClass(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->className.c_str());
    return 1;
}
int eGetModel(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->model.c_str());
    return 1;
}
// The text argument as a string (luaL_checklstring raises before any C++ object exists).
std::string_view checkText(lua_State* L, int idx) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, idx, &len);
    return {s, len};
}
// SetModel: the brush model number "*N" follows (the entity collides with it), as Entity:SetModel does.
void setModel(Runtime& rt, GameEntity& e, std::string_view model) {
    e.model.assign(model);
    e.brushModel = -1;
    if (model.size() > 1 && model[0] == '*') {
        int n = 0;
        for (char c : model.substr(1)) n = (c >= '0' && c <= '9' && n < 100000) ? n * 10 + (c - '0') : -1;
        const game::MapModels* map = entityTable(rt).world().map();
        if (n > 0 && map && static_cast<std::size_t>(n) < map->modelCount()) e.brushModel = n;
    }
    e.touched();
    entityTable(rt).world().invalidateScene();
}
int eSetModel(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    setModel(rtOf(L), *e, checkText(L, 2));
    return 0;
}
int eGetName(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->targetName.c_str());
    return 1;
}
int eSetName(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    entityTable(rtOf(L)).world().setName(*e, std::string(checkText(L, 2)));
    return 0;
}
int eHealth(lua_State* L) {
    lua_pushinteger(L, checkEnt(L, 1)->health);
    return 1;
}
// A finite number clamped to int, or false (the setter warns and keeps the old value).
bool checkIntValue(lua_State* L, int idx, const char* what, int* out) {
    const lua_Number h = luaL_checknumber(L, idx);
    if (!std::isfinite(h)) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s: refused a non-finite value", what);
        warn(rtOf(L), buf);
        return false;
    }
    *out = static_cast<int>(std::fmax(-2147483647.0, std::fmin(2147483647.0, h)));
    return true;
}
int eSetHealth(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    int v = 0;
    if (checkIntValue(L, 2, "SetHealth", &v)) {
        e->health = v;
        e->touched();
    }
    return 0;
}
int eGetMaxHealth(lua_State* L) {
    lua_pushinteger(L, checkEnt(L, 1)->maxHealth);
    return 1;
}
int eSetMaxHealth(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    int v = 0;
    if (checkIntValue(L, 2, "SetMaxHealth", &v)) e->maxHealth = v;
    return 0;
}
int eIsPlayer(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    lua_pushboolean(L, e && e->isPlayer());
    return 1;
}
int eIsWorld(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    lua_pushboolean(L, e && e->index == 0);
    return 1;
}
int eFalse(lua_State* L) {
    lua_pushboolean(L, 0);
    return 1;
}
// Entity:Spawn: DispatchSpawn (the class's spawn; a running world also activates it). Player:Spawn respawns the
// player (spawn point, health, PlayerSpawn).
int eSpawn(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    game::World& world = entityTable(rtOf(L)).world();
    if (e->isPlayer())
        world.spawnPlayer(*e);
    else
        world.spawn(*e);
    return 0;
}
int eActivate(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    if (e->behaviour) e->behaviour->activate(entityTable(rtOf(L)).world(), *e);
    return 0;
}
int eGetTable(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    if (!e) {  // NULL:GetTable() is nil in GMod (its Entity __index relies on that)
        lua_pushnil(L);
        return 1;
    }
    pushPerEntityTable(L, implOf(L).entityTablesRef, e->index, true);
    return 1;
}
// Entity:Remove: UTIL_Remove. EntityRemoved and ENT:OnRemove run now, once; the entity stays valid until the end of
// the tick, then its slot is freed (World::remove) and the Lua side with it (forgetEntity).
int eRemove(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    if (e->index == 0 || e->isPlayer())
        return luaL_error(L, "cannot remove %s", e->index == 0 ? "the world" : "a player");
    entityTable(rtOf(L)).world().remove(*e);
    return 0;
}
int eDirection(lua_State* L, int which) {
    Vec3 v[3];
    angleVectors(checkEnt(L, 1)->angles, &v[0], &v[1], &v[2]);
    pushVector(rtOf(L), L, v[which]);
    return 1;
}
int eGetForward(lua_State* L) { return eDirection(L, 0); }
int eGetRight(lua_State* L) { return eDirection(L, 1); }
int eGetUp(lua_State* L) { return eDirection(L, 2); }
// Owner and parent: stored handles (GetOwner of a removed owner is NULL). Parenting moves children with their
// parent (World::setOrigin); local offsets and attachments are not kept yet.
int setLink(lua_State* L, EntityHandle GameEntity::*field) {
    GameEntity* e = checkEnt(L, 1);
    e->*field = optHandle(L, 2);
    e->touched();
    return 0;
}
int getLink(lua_State* L, EntityHandle GameEntity::*field) {
    pushHandle(rtOf(L), L, checkEnt(L, 1)->*field);
    return 1;
}
int eSetOwner(lua_State* L) { return setLink(L, &GameEntity::owner); }
int eGetOwner(lua_State* L) { return getLink(L, &GameEntity::owner); }
int eSetParent(lua_State* L) { return setLink(L, &GameEntity::parent); }
int eGetParent(lua_State* L) { return getLink(L, &GameEntity::parent); }
// Entity:SetKeyValue(key, value): the world's key rules (base keys, outputs, the class's keys).
int eSetKeyValue(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const std::string_view key = checkText(L, 2);
    luaL_checkany(L, 3);
    lua_getglobal(L, "tostring");
    lua_pushvalue(L, 3);
    lua_call(L, 1, 1);
    std::size_t len = 0;
    const char* v = lua_tolstring(L, -1, &len);
    entityTable(rtOf(L)).world().setKeyValue(*e, key, std::string_view(v ? v : "", v ? len : 0));
    return 0;
}
// Entity:GetKeyValues(): key -> value, the last value of a repeated key.
int eGetKeyValues(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_createtable(L, 0, static_cast<int>(e->keyValues.size()));
    for (const auto& [k, v] : e->keyValues) {
        lua_pushlstring(L, k.data(), k.size());
        lua_pushlstring(L, v.data(), v.size());
        lua_rawset(L, -3);
    }
    return 1;
}
int eGetMoveType(lua_State* L) {
    lua_pushinteger(L, static_cast<int>(checkEnt(L, 1)->moveType));
    return 1;
}
int eSetMoveType(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const lua_Integer t = luaL_checkinteger(L, 2);
    if (t < 0 || t > static_cast<lua_Integer>(game::MoveType::Custom)) return 0;
    entityTable(rtOf(L)).world().setMoveType(*e, static_cast<game::MoveType>(t));
    return 0;
}
int eGetNoDraw(lua_State* L) {
    lua_pushboolean(L, checkEnt(L, 1)->noDraw);
    return 1;
}
int eSetNoDraw(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->noDraw = lua_toboolean(L, 2) != 0;
    e->touched();
    return 0;
}
// SetNotSolid(bool): FSOLID_NOT_SOLID (traces and the movement stop colliding with it); IsSolid reads it back.
int eSetNotSolid(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->notSolid = lua_toboolean(L, 2) != 0;
    e->touched();
    entityTable(rtOf(L)).world().invalidateScene();
    return 0;
}
int eIsSolid(lua_State* L) {
    lua_pushboolean(L, checkEnt(L, 1)->isSolid());
    return 1;
}
// SetColor(Color): the render colour (each channel 0..255 as the engine's byte).
int eSetColor(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    const char* keys[] = {"r", "g", "b", "a"};
    for (int i = 0; i < 4; ++i) {
        lua_getfield(L, 2, keys[i]);
        const lua_Number n = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : 255;
        lua_pop(L, 1);
        e->renderColor[i] = static_cast<std::uint8_t>(std::isfinite(n) ? std::fmax(0.0, std::fmin(255.0, n)) : 255);
    }
    e->touched();
    return 0;
}
int eGetColor(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_getglobal(L, "Color");
    for (std::uint8_t c : e->renderColor) lua_pushinteger(L, c);
    lua_call(L, 4, 1);
    return 1;
}

// ---- networked vars (local in single player; same API) ----
using NwKind = NetVarType;

bool nwMatches(Runtime& rt, lua_State* L, int idx, NwKind kind) {
    switch (kind) {
        case NwKind::Int:
        case NwKind::Float:
            return lua_type(L, idx) == LUA_TNUMBER;
        case NwKind::Bool:
            return lua_type(L, idx) == LUA_TBOOLEAN;
        case NwKind::String:
            return lua_type(L, idx) == LUA_TSTRING;
        case NwKind::Vector:
            return toVector(rt, L, idx, nullptr);
        case NwKind::Angle:
            return toAngle(rt, L, idx, nullptr);
        case NwKind::Entity:
            return testHandle(rt, L, idx) != nullptr;
    }
    return false;
}

int nwSet(lua_State* L, NwKind kind) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    luaL_checkstring(L, 2);
    lua_settop(L, 3);
    switch (kind) {
        case NwKind::Int:
            lua_pushnumber(L, std::trunc(luaL_optnumber(L, 3, 0)));
            break;
        case NwKind::Float:
            lua_pushnumber(L, luaL_optnumber(L, 3, 0));
            break;
        case NwKind::Bool:
            lua_pushboolean(L, lua_toboolean(L, 3));
            break;
        case NwKind::String:
            lua_getglobal(L, "tostring");
            lua_pushvalue(L, 3);
            lua_call(L, 1, 1);
            break;
        case NwKind::Vector:
            pushVector(rt, L, checkVec(L, 3));
            break;
        case NwKind::Angle:
            pushAngle(rt, L, checkAng(L, 3));
            break;
        case NwKind::Entity:
            if (!testHandle(rt, L, 3)) luaL_typerror(L, 3, "Entity");
            lua_pushvalue(L, 3);
            break;
    }
    pushPerEntityTable(L, implOf(rt).nwRef, e->index, true);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 4);
    lua_rawset(L, -3);
    return 0;
}

int nwGet(lua_State* L, NwKind kind) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    luaL_checkstring(L, 2);
    lua_settop(L, 3);
    if (pushPerEntityTable(L, implOf(rt).nwRef, e->index, false)) {
        lua_pushvalue(L, 2);
        lua_rawget(L, -2);
        if (nwMatches(rt, L, -1, kind)) return 1;
        lua_pop(L, 2);
    }
    if (!lua_isnil(L, 3)) {
        lua_pushvalue(L, 3);
        return 1;
    }
    pushNetVarZero(rt, L, kind);
    return 1;
}

}  // namespace

// The networked variables of entity `index` from one realm's state into another's (the listen server's update of
// its client): strings keys; numbers, booleans and strings as they are, Vector/Angle by value, entities by index
// (NULL when the other realm has no such entity). The copy replaces the receiving realm's table.
void copyNetworkedVars(Runtime& from, Runtime& to, int index) {
    lua_State* F = from.state();
    lua_State* T = to.state();
    const int fromTop = lua_gettop(F), toTop = lua_gettop(T);
    lua_rawgeti(T, LUA_REGISTRYINDEX, implOf(to).nwRef);
    lua_newtable(T);  // replaces the whole table: the server's values are the truth
    if (pushPerEntityTable(F, implOf(from).nwRef, index, false)) {
        lua_pushnil(F);
        while (lua_next(F, -2) != 0) {
            if (lua_type(F, -2) == LUA_TSTRING) {
                std::size_t len = 0;
                const char* key = lua_tolstring(F, -2, &len);
                bool pushed = true;
                Vec3 v;
                if (lua_type(F, -1) == LUA_TNUMBER) {
                    lua_pushlstring(T, key, len);
                    lua_pushnumber(T, lua_tonumber(F, -1));
                } else if (lua_type(F, -1) == LUA_TBOOLEAN) {
                    lua_pushlstring(T, key, len);
                    lua_pushboolean(T, lua_toboolean(F, -1));
                } else if (lua_type(F, -1) == LUA_TSTRING) {
                    std::size_t n = 0;
                    const char* str = lua_tolstring(F, -1, &n);
                    lua_pushlstring(T, key, len);
                    lua_pushlstring(T, str, n);
                } else if (toAngle(from, F, -1, &v)) {
                    lua_pushlstring(T, key, len);
                    pushAngle(to, T, v);
                } else if (toVector(from, F, -1, &v)) {
                    lua_pushlstring(T, key, len);
                    pushVector(to, T, v);
                } else if (GameEntity* e = entityOf(from, testHandle(from, F, -1))) {
                    lua_pushlstring(T, key, len);
                    pushEntity(to, T, to.world().byIndex(e->index) ? e->index : -1);
                } else {
                    pushed = false;
                }
                if (pushed) lua_rawset(T, -3);
            }
            lua_pop(F, 1);
        }
    }
    lua_rawseti(T, -2, index);
    lua_settop(T, toTop);
    lua_settop(F, fromTop);
}

namespace {

#define VESTIGE_NW(Name, Kind)                                     \
    int set##Name(lua_State* L) { return nwSet(L, NwKind::Kind); } \
    int get##Name(lua_State* L) { return nwGet(L, NwKind::Kind); }
VESTIGE_NW(Int, Int)
VESTIGE_NW(Float, Float)
VESTIGE_NW(Bool, Bool)
VESTIGE_NW(String, String)
VESTIGE_NW(Vector, Vector)
VESTIGE_NW(Angle, Angle)
VESTIGE_NW(Entity, Entity)
#undef VESTIGE_NW

// Entity's and Player's own metamethods.
const luaL_Reg kMetamethods[] = {{"__index", eIndex}, {"__newindex", eNewindex}, {"__tostring", eToString},
                                 {"__eq", eEq},       {"__concat", eConcat},     {nullptr, nullptr}};
const luaL_Reg kEntityMethods[] = {{"__index", eIndex},
                                   {"__newindex", eNewindex},
                                   {"__tostring", eToString},
                                   {"__eq", eEq},
                                   {"__concat", eConcat},
                                   {"IsValid", eIsValid},
                                   {"EntIndex", eEntIndex},
                                   {"GetPos", eGetPos},
                                   {"SetPos", eSetPos},
                                   {"GetAngles", eGetAngles},
                                   {"SetAngles", eSetAngles},
                                   {"GetVelocity", eGetVelocity},
                                   {"SetVelocity", eSetVelocity},
                                   {"GetClass", eGetClass},
                                   {"GetModel", eGetModel},
                                   {"SetModel", eSetModel},
                                   {"GetName", eGetName},
                                   {"SetName", eSetName},
                                   {"Health", eHealth},
                                   {"SetHealth", eSetHealth},
                                   {"GetMaxHealth", eGetMaxHealth},
                                   {"SetMaxHealth", eSetMaxHealth},
                                   {"IsPlayer", eIsPlayer},
                                   {"IsWorld", eIsWorld},
                                   {"IsNPC", eFalse},
                                   {"IsWeapon", eFalse},
                                   {"IsVehicle", eFalse},
                                   {"IsRagdoll", eFalse},
                                   {"Spawn", eSpawn},
                                   {"Activate", eActivate},
                                   {"SetMoveType", eSetMoveType},
                                   {"GetMoveType", eGetMoveType},
                                   {"SetColor", eSetColor},
                                   {"GetColor", eGetColor},
                                   {"SetNoDraw", eSetNoDraw},
                                   {"GetNoDraw", eGetNoDraw},
                                   {"SetNotSolid", eSetNotSolid},
                                   {"IsSolid", eIsSolid},
                                   {"SetOwner", eSetOwner},
                                   {"GetOwner", eGetOwner},
                                   {"SetParent", eSetParent},
                                   {"GetParent", eGetParent},
                                   {"SetKeyValue", eSetKeyValue},
                                   {"GetKeyValues", eGetKeyValues},
                                   {"GetTable", eGetTable},
                                   {"Remove", eRemove},
                                   {"GetForward", eGetForward},
                                   {"GetRight", eGetRight},
                                   {"GetUp", eGetUp},
                                   {"WorldSpaceCenter", eWorldSpaceCenter},
                                   {"EyePos", eGetPos},
                                   {"EyeAngles", eEyeAngles},
                                   {"SetNWInt", setInt},
                                   {"GetNWInt", getInt},
                                   {"SetNWFloat", setFloat},
                                   {"GetNWFloat", getFloat},
                                   {"SetNWBool", setBool},
                                   {"GetNWBool", getBool},
                                   {"SetNWString", setString},
                                   {"GetNWString", getString},
                                   {"SetNWVector", setVector},
                                   {"GetNWVector", getVector},
                                   {"SetNWAngle", setAngle},
                                   {"GetNWAngle", getAngle},
                                   {"SetNWEntity", setEntity},
                                   {"GetNWEntity", getEntity},
                                   {"SetNW2Int", setInt},
                                   {"GetNW2Int", getInt},
                                   {"SetNW2Float", setFloat},
                                   {"GetNW2Float", getFloat},
                                   {"SetNW2Bool", setBool},
                                   {"GetNW2Bool", getBool},
                                   {"SetNW2String", setString},
                                   {"GetNW2String", getString},
                                   {nullptr, nullptr}};

int newRegistryTable(lua_State* L) {
    lua_newtable(L);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

int entityFallbackIndex(lua_State* L) { return eFallback(L); }

GameEntity* toEntity(Runtime& rt, lua_State* L, int idx) { return entityOf(rt, testHandle(rt, L, idx)); }

void openEntities(Runtime& rt, lua_State* L) {
    auto& impl = implOf(rt);
    impl.entityCacheRef = newRegistryTable(L);
    impl.entityTablesRef = newRegistryTable(L);
    impl.nwRef = newRegistryTable(L);
    lua_newtable(L);  // handles: weak keys, so dead handles go
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    impl.handlesRef = luaL_ref(L, LUA_REGISTRYINDEX);

    impl.entityMetaRef = newMetatable(L, "Entity", kEntityMethods, 9, &impl.entityMeta);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityMetaRef);
    setFuncs(L, kMovementStateMethods);
    lua_pop(L, 1);
    impl.playerMetaRef = newMetatable(L, "Player", kPlayerMethods, 9, &impl.playerMeta);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.playerMetaRef);
    setFuncs(L, kMetamethods);
    lua_pop(L, 1);

    auto* nullHandle = static_cast<EntHandle*>(lua_newuserdata(L, sizeof(EntHandle)));
    new (nullHandle) EntHandle{-1, 0};
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityMetaRef);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setglobal(L, "NULL");
    registerHandle(rt, L, -1, 0);
    impl.nullRef = luaL_ref(L, LUA_REGISTRYINDEX);
    openEnts(rt, L);
}

}  // namespace vestige::source::glua