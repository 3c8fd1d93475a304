// Entity / Player userdata over the entity table (entity_table.cpp); the ents and player libraries are lib/ents.cpp.
// An Entity userdata holds {index, serial}; a removed entity's serial no longer matches, so stale
// handles read as invalid instead of aliasing a newer entity. One userdata per live entity is
// cached so Entity(1) == Entity(1) and the value works as a table key.
#include <cmath>
#include <cstdio>
#include <new>

#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

// The handle at idx when it is an Entity or Player userdata (see testPayload).
EntHandle* testHandle(Runtime& rt, lua_State* L, int idx, Meta leave = Meta::Pop) {
    const auto& impl = implOf(rt);
    return static_cast<EntHandle*>(testPayload(L, idx, sizeof(EntHandle), impl.entityMeta, impl.playerMeta, leave));
}

// The live record of a handle, or nullptr for NULL and stale handles.
EntityRecord* recordOf(Runtime& rt, const EntHandle* h) {
    return h ? entityTable(rt).live(h->index, h->serial) : nullptr;
}

EntityRecord* checkEnt(lua_State* L, Runtime& rt, int idx, Meta leave = Meta::Pop) {
    EntHandle* h = testHandle(rt, L, idx, leave);
    if (!h) luaL_typerror(L, idx, "Entity");
    EntityRecord* e = recordOf(rt, h);
    if (!e) luaL_error(L, "Tried to use a NULL entity!");
    return e;
}
EntityRecord* checkEnt(lua_State* L, int idx) { return checkEnt(L, rtOf(L), idx); }

EntityRecord* checkPlayer(lua_State* L, int idx) {
    EntityRecord* e = checkEnt(L, idx);
    if (!e->isPlayer) luaL_typerror(L, idx, "Player");
    return e;
}

Vec3 checkVec3(lua_State* L, Runtime& rt, int idx, bool angle) {
    Vec3 v;
    if (!toVector(rt, L, idx, &v, angle)) luaL_typerror(L, idx, angle ? "Angle" : "Vector");
    return v;
}
Vec3 checkVec(lua_State* L, int idx) { return checkVec3(L, rtOf(L), idx, false); }
Vec3 checkAng(lua_State* L, int idx) { return checkVec3(L, rtOf(L), idx, true); }

// Pushes registry[ref][index], creating the inner table when `create`.
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

// ---- metamethods ----
// The entity's own table (GetTable) for __index after the metatables; the Lua __index of the JIT mode
// (fastpath.lua.inc) calls it directly.
int eFallback(lua_State* L) {
    Runtime& rt = rtOf(L);
    EntityRecord* e = toEntity(rt, L, 1);
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
    EntityRecord* e = checkEnt(L, 1);
    pushPerEntityTable(L, implOf(rt).entityTablesRef, e->index, true);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    return 0;
}

int eToString(lua_State* L) {
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    char buf[256];
    if (!e)
        std::snprintf(buf, sizeof buf, "[NULL Entity]");
    else if (e->isPlayer)
        std::snprintf(buf, sizeof buf, "Player [%d][%s]", e->index, e->name.c_str());
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
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    lua_pushinteger(L, e ? e->index : 0);
    return 1;
}
// Getters of a Vec3 field, pushed as a Vector (or an Angle).
int getVec3Field(lua_State* L, Vec3 EntityRecord::*field, bool angle) {
    Runtime& rt = rtOf(L);
    pushVector(rt, L, checkEnt(L, rt, 1, Meta::Keep)->*field, angle);
    return 1;
}
int eGetPos(lua_State* L) { return getVec3Field(L, &EntityRecord::pos, false); }
int eGetAngles(lua_State* L) { return getVec3Field(L, &EntityRecord::angles, true); }
int eGetVelocity(lua_State* L) { return getVec3Field(L, &EntityRecord::velocity, false); }

// Non-finite values never enter engine state (seed D1): warn and keep the old value.
int setVec3Field(lua_State* L, Vec3 EntityRecord::*field, bool angle, const char* what) {
    Runtime& rt = rtOf(L);
    EntityRecord* e = checkEnt(L, rt, 1);
    const Vec3 v = checkVec3(L, rt, 2, angle);
    if (!isFinite(v)) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s: refused a non-finite value for entity %d", what, e->index);
        warn(rt, buf);
        return 0;
    }
    e->*field = v;
    return 0;
}
int eSetPos(lua_State* L) { return setVec3Field(L, &EntityRecord::pos, false, "SetPos"); }
int eSetAngles(lua_State* L) { return setVec3Field(L, &EntityRecord::angles, true, "SetAngles"); }
int eSetVelocity(lua_State* L) { return setVec3Field(L, &EntityRecord::velocity, false, "SetVelocity"); }
int eGetClass(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->className.c_str());
    return 1;
}
int eGetModel(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->model.c_str());
    return 1;
}
int setTextField(lua_State* L, std::string EntityRecord::*field) {
    EntityRecord* e = checkEnt(L, 1);
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, 2, &len);
    (e->*field).assign(s, len);
    return 0;
}
int eSetModel(lua_State* L) { return setTextField(L, &EntityRecord::model); }
int eGetName(lua_State* L) {
    lua_pushstring(L, checkEnt(L, 1)->name.c_str());
    return 1;
}
int eSetName(lua_State* L) { return setTextField(L, &EntityRecord::name); }
int eHealth(lua_State* L) {
    lua_pushinteger(L, checkEnt(L, 1)->health);
    return 1;
}
int eSetHealth(lua_State* L) {
    EntityRecord* e = checkEnt(L, 1);
    const lua_Number h = luaL_checknumber(L, 2);
    if (!std::isfinite(h)) {
        warn(rtOf(L), "SetHealth: refused a non-finite value");
        return 0;
    }
    e->health = static_cast<int>(std::fmax(-2147483647.0, std::fmin(2147483647.0, h)));
    return 0;
}
int eGetMaxHealth(lua_State* L) {
    checkEnt(L, 1);
    lua_pushinteger(L, 100);
    return 1;
}
int eIsPlayer(lua_State* L) {
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    lua_pushboolean(L, e && e->isPlayer);
    return 1;
}
int eIsWorld(lua_State* L) {
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    lua_pushboolean(L, e && e->index == 0);
    return 1;
}
int eFalse(lua_State* L) {
    lua_pushboolean(L, 0);
    return 1;
}
int eNoop(lua_State* L) {
    checkEnt(L, 1);
    return 0;
}
int eTrue(lua_State* L) {
    checkEnt(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}
int eGetTable(lua_State* L) {
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    if (!e) {  // NULL:GetTable() is nil in GMod (its Entity __index relies on that)
        lua_pushnil(L);
        return 1;
    }
    pushPerEntityTable(L, implOf(L).entityTablesRef, e->index, true);
    return 1;
}
int eRemove(lua_State* L) {
    Runtime& rt = rtOf(L);
    EntityRecord* e = checkEnt(L, 1);
    if (e->index == 0 || e->isPlayer)
        return luaL_error(L, "cannot remove %s", e->index == 0 ? "the world" : "a player");
    const int index = e->index;
    entityTable(rt).remove(index);
    auto& impl = implOf(rt);
    for (int ref : {impl.entityCacheRef, impl.entityTablesRef, impl.nwRef}) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pushnil(L);
        lua_rawseti(L, -2, index);
        lua_pop(L, 1);
    }
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
int eGetOwner(lua_State* L) {
    checkEnt(L, 1);
    pushEntity(rtOf(L), L, -1);
    return 1;
}

// ---- networked vars (local in single player; same API) ----
enum class NwKind { Int, Float, Bool, String, Vector, Angle, Entity };

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
    EntityRecord* e = checkEnt(L, 1);
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
    EntityRecord* e = checkEnt(L, 1);
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
    switch (kind) {
        case NwKind::Int:
        case NwKind::Float:
            lua_pushnumber(L, 0);
            break;
        case NwKind::Bool:
            lua_pushboolean(L, 0);
            break;
        case NwKind::String:
            lua_pushstring(L, "");
            break;
        case NwKind::Vector:
            pushVector(rt, L, {});
            break;
        case NwKind::Angle:
            pushAngle(rt, L, {});
            break;
        case NwKind::Entity:
            pushEntity(rt, L, -1);
            break;
    }
    return 1;
}

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

// ---- Player methods ----
int pNick(lua_State* L) {
    lua_pushstring(L, checkPlayer(L, 1)->name.c_str());
    return 1;
}
int pSteamID(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushstring(L, "STEAM_0:0:0");
    return 1;
}
int pSteamID64(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushstring(L, "0");
    return 1;
}
int pUserID(lua_State* L) {
    lua_pushinteger(L, checkPlayer(L, 1)->index);
    return 1;
}
int pAlive(lua_State* L) {
    lua_pushboolean(L, checkPlayer(L, 1)->health > 0);
    return 1;
}
int pTrueP(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}
int pFalseP(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushboolean(L, 0);
    return 1;
}
int pChatPrint(lua_State* L) {
    checkPlayer(L, 1);
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, lua_gettop(L) >= 3 ? 3 : 2, &len);
    lua_pushlstring(L, s, len);
    lua_pushliteral(L, "\n");
    lua_concat(L, 2);
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}
int pShootPos(lua_State* L) {
    EntityRecord* e = checkPlayer(L, 1);
    pushVector(rtOf(L), L, e->pos + Vec3{0, 0, 64});
    return 1;
}
int pEyeAngles(lua_State* L) {
    pushAngle(rtOf(L), L, checkPlayer(L, 1)->angles);
    return 1;
}
int pAimVector(lua_State* L) {
    Vec3 f;
    angleVectors(checkPlayer(L, 1)->angles, &f, nullptr, nullptr);
    pushVector(rtOf(L), L, f);
    return 1;
}
int pSetEyeAngles(lua_State* L) { return setVec3Field(L, &EntityRecord::angles, true, "SetEyeAngles"); }
int pKill(lua_State* L) {
    checkPlayer(L, 1)->health = 0;
    return 0;
}

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
                                   {"IsPlayer", eIsPlayer},
                                   {"IsWorld", eIsWorld},
                                   {"IsNPC", eFalse},
                                   {"IsWeapon", eFalse},
                                   {"IsVehicle", eFalse},
                                   {"IsRagdoll", eFalse},
                                   {"Spawn", eNoop},
                                   {"Activate", eNoop},
                                   {"PhysicsInit", eTrue},
                                   {"SetMoveType", eNoop},
                                   {"SetSolid", eNoop},
                                   {"SetColor", eNoop},
                                   {"SetNoDraw", eNoop},
                                   {"DrawShadow", eNoop},
                                   {"SetOwner", eNoop},
                                   {"GetOwner", eGetOwner},
                                   {"GetTable", eGetTable},
                                   {"Remove", eRemove},
                                   {"GetForward", eGetForward},
                                   {"GetRight", eGetRight},
                                   {"GetUp", eGetUp},
                                   {"WorldSpaceCenter", eGetPos},
                                   {"EyePos", eGetPos},
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

const luaL_Reg kPlayerMethods[] = {{"__index", eIndex},
                                   {"__newindex", eNewindex},
                                   {"__tostring", eToString},
                                   {"__eq", eEq},
                                   {"__concat", eConcat},
                                   {"Nick", pNick},
                                   {"Name", pNick},
                                   {"GetName", pNick},
                                   {"SteamID", pSteamID},
                                   {"SteamID64", pSteamID64},
                                   {"UniqueID", pSteamID64},
                                   {"UserID", pUserID},
                                   {"Alive", pAlive},
                                   {"IsAdmin", pTrueP},
                                   {"IsSuperAdmin", pTrueP},
                                   {"IsListenServerHost", pTrueP},
                                   {"IsBot", pFalseP},
                                   {"ChatPrint", pChatPrint},
                                   {"PrintMessage", pChatPrint},
                                   {"GetShootPos", pShootPos},
                                   {"EyePos", pShootPos},
                                   {"EyeAngles", pEyeAngles},
                                   {"GetAimVector", pAimVector},
                                   {"SetEyeAngles", pSetEyeAngles},
                                   {"Kill", pKill},
                                   {nullptr, nullptr}};

int newRegistryTable(lua_State* L) {
    lua_newtable(L);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

int entityFallbackIndex(lua_State* L) { return eFallback(L); }

EntityRecord* toEntity(Runtime& rt, lua_State* L, int idx) { return recordOf(rt, testHandle(rt, L, idx)); }

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
    impl.playerMetaRef = newMetatable(L, "Player", kPlayerMethods, 9, &impl.playerMeta);

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