// Fast paths: Vector and Angle as LuaJIT FFI structs of three floats (arithmetic and methods in Lua, so traces
// compile and sink allocations), entity position access through direct FFI calls, and the sandbox around them.
//
// Security model: the ffi module is loaded privately (luaopen_ffi, then removed from package.loaded) and handed
// to one internal chunk named "=[vestige]"; that chunk keeps only ctypes, ffi.istype, the runtime pointer and two
// cast function pointers in upvalues. Scripts can reach internal closures (metamethods, methods) but never their
// upvalues or locals: debug.getupvalue/setupvalue/upvalueid/upvaluejoin refuse "=[vestige]" functions and every C
// function, debug.getlocal/setlocal refuse frames of those functions, debug.getinfo drops their `func`, and
// debug.getregistry returns GMod's metatable-only view instead of the registry. jit.util (trace constants) and
// the package loaders are gone (see libs.cpp).
#include <cmath>
#include <cstdio>
#include <cstring>

#include "internal.hpp"
#include "lib/entity_binding.hpp"

namespace vestige::source::glua {
namespace {

constexpr const char* kInternalSource = "=[vestige]";

// ---- direct FFI entry points (called from compiled traces: no Lua API, no allocation on the Lua heap) ----
// `impl` is the runtime's Impl (the chunk's `rt` upvalue).
GameEntity* recordOf(void* impl, std::int32_t index, std::uint32_t serial) {
    return impl ? static_cast<Runtime::Impl*>(impl)->entities.live(index, serial) : nullptr;
}

Vec3* fieldOf(GameEntity* e, int which) {
    switch (which) {
        case 0:
            return &e->origin;
        case 1:
        case 3:
            return &e->angles;
        case 2:
            return &e->velocity;
        case 4:  // EyeAngles: a player's view angles (pitch included), another entity's own angles
            return e->player ? &e->player->eyeAngles : &e->angles;
        default:
            return nullptr;
    }
}

// Pointer to three floats (position, angles or velocity) of a live entity, or null for NULL / stale handles.
extern "C" const float* vestigeEntityVec(void* rt, std::int32_t index, std::uint32_t serial, int which) {
    GameEntity* e = recordOf(rt, index, serial);
    Vec3* v = e ? fieldOf(e, which) : nullptr;
    return v ? &v->x : nullptr;
}

// 0: NULL / stale entity; 1: stored; 2: refused (non-finite values never enter engine state, seed D1).
extern "C" int vestigeEntitySetVec(void* rt, std::int32_t index, std::uint32_t serial, int which, float x, float y,
                                   float z) {
    if (which < 0 || which > 3) return 0;  // 4 (EyeAngles) is read-only
    GameEntity* e = recordOf(rt, index, serial);
    Vec3* v = e ? fieldOf(e, which) : nullptr;
    if (!v) return 0;
    const Vec3 nv{x, y, z};
    if (!isFinite(nv)) {
        static const char* const kNames[] = {"SetPos", "SetAngles", "SetVelocity", "SetEyeAngles"};
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s: refused a non-finite value for entity %d", kNames[which], e->index);
        warn(*static_cast<Runtime::Impl*>(rt)->owner, buf);
        return 2;
    }
    binding::setEntityVec(*static_cast<Runtime::Impl*>(rt)->owner, *e, which, nv);  // through the world
    return 1;
}

// "x y z" -> three numbers (GMod: unparsable text gives zeros).
int lParse3(lua_State* L) {
    float a = 0, b = 0, c = 0;
    if (std::sscanf(luaL_checkstring(L, 1), "%f %f %f", &a, &b, &c) != 3) a = b = c = 0;
    lua_pushnumber(L, a);
    lua_pushnumber(L, b);
    lua_pushnumber(L, c);
    return 3;
}

// ---- the debug library around internal functions ----
bool isInternalLua(lua_State* L, int idx) {
    if (lua_type(L, idx) != LUA_TFUNCTION || lua_iscfunction(L, idx)) return false;
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar) || !ar.source) return false;
    return std::strcmp(ar.source, kInternalSource) == 0;
}

// Functions whose upvalues stay hidden: ours in Lua, and every C function (their upvalues are ours too).
bool hidesUpvalues(lua_State* L, int idx) {
    return lua_type(L, idx) == LUA_TFUNCTION && (lua_iscfunction(L, idx) || isInternalLua(L, idx));
}

// Forwards to the original debug function (upvalue 1) with the same arguments.
int forward(lua_State* L) {
    const int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

int dbUpvalue(lua_State* L) {  // getupvalue, setupvalue, upvalueid
    if (hidesUpvalues(L, 1)) return 0;
    return forward(L);
}

int dbUpvalueJoin(lua_State* L) {
    if (hidesUpvalues(L, 1) || hidesUpvalues(L, 3)) return luaL_error(L, "cannot join upvalues of internal functions");
    return forward(L);
}

// [thread,] level, ... : the thread argument position and whether `level` counts from this C function.
struct LevelArg {
    lua_State* L1;
    int arg;  // index of the level / function argument
};
LevelArg levelArg(lua_State* L) {
    if (lua_type(L, 1) == LUA_TTHREAD) return {lua_tothread(L, 1), 2};
    return {L, 1};
}

// True when the frame `level` of L1 runs an internal Lua function or a C function.
bool frameHidden(lua_State* L, lua_State* L1, int level) {
    lua_Debug ar;
    if (!lua_getstack(L1, level, &ar)) return false;
    lua_getinfo(L1, "f", &ar);
    if (L1 != L) lua_xmove(L1, L, 1);
    const bool hidden = hidesUpvalues(L, -1);
    lua_pop(L, 1);
    return hidden;
}

// The original sees one more frame (this wrapper) when it inspects the calling thread.
int forwardLevel(lua_State* L, const LevelArg& la) {
    if (la.L1 == L && lua_type(L, la.arg) == LUA_TNUMBER)
        lua_pushinteger(L, lua_tointeger(L, la.arg) + 1);
    else
        lua_pushvalue(L, la.arg);
    lua_replace(L, la.arg);
    return forward(L);
}

int dbLocal(lua_State* L) {  // getlocal, setlocal
    const LevelArg la = levelArg(L);
    if (lua_type(L, la.arg) == LUA_TFUNCTION) {
        if (isInternalLua(L, la.arg)) return 0;
        return forward(L);  // parameter names only
    }
    const int level = luaL_checkint(L, la.arg);
    if (frameHidden(L, la.L1, level)) {
        lua_pushnil(L);
        return 1;
    }
    return forwardLevel(L, la);
}

int dbGetinfo(lua_State* L) {
    const LevelArg la = levelArg(L);
    const int n = forwardLevel(L, la);
    if (n >= 1 && lua_istable(L, -n)) {
        const int t = lua_gettop(L) - n + 1;
        lua_getfield(L, t, "func");
        const bool hide = isInternalLua(L, -1);
        lua_pop(L, 1);
        if (hide) {
            lua_pushnil(L);
            lua_setfield(L, t, "func");
        }
    }
    return n;
}

// GMod's debug.getregistry(): a view that reads and registers metatables by name, not the registry itself.
int regIndex(lua_State* L) {
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    lua_getfield(L, LUA_REGISTRYINDEX, lua_tostring(L, 2));
    return 1;
}
int regNewindex(lua_State* L) {
    lua_settop(L, 3);
    lua_rawset(L, 1);
    if (lua_type(L, 2) == LUA_TSTRING && lua_istable(L, 3)) {
        lua_pushvalue(L, 3);
        lua_setfield(L, LUA_REGISTRYINDEX, lua_tostring(L, 2));
    }
    return 0;
}
int dbGetregistry(lua_State* L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    return 1;
}

void wrapDebug(lua_State* L, const char* name, lua_CFunction fn) {
    lua_getfield(L, -1, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, -2, name);
}

int ref(lua_State* L, int table, const char* key) {
    lua_getfield(L, table, key);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

bool openFastPath(Runtime& rt, lua_State* L) {
    auto& impl = implOf(rt);
    const int top = lua_gettop(L);
    // The ffi module, privately: luaopen_ffi registers package.loaded.ffi, which goes again at once.
    lua_pushcfunction(L, luaopen_ffi);
    lua_call(L, 0, 1);
    const int ffi = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
    lua_pushnil(L);
    lua_setfield(L, -2, "ffi");
    lua_pop(L, 1);
    // The module anchors ffi's type state (metatype tables live in a table only its functions reference);
    // a registry ref keeps it alive. The registry is not reachable from scripts (debug.getregistry below).
    lua_pushvalue(L, ffi);
    impl.ffiRef = luaL_ref(L, LUA_REGISTRYINDEX);

    if (luaL_loadbufferx(L, reinterpret_cast<const char*>(kFastPathLua), kFastPathLuaSize, kInternalSource, "t") != 0) {
        recordError(rt, {"[vestige]", 0, lua_tostring(L, -1) ? lua_tostring(L, -1) : "load error", ""});
        lua_settop(L, top);
        return false;
    }
    lua_pushvalue(L, ffi);
    lua_createtable(L, 0, 12);
    lua_pushlightuserdata(L, &impl);
    lua_setfield(L, -2, "rt");
    lua_pushlightuserdata(L, reinterpret_cast<void*>(&vestigeEntityVec));
    lua_setfield(L, -2, "entVec");
    lua_pushlightuserdata(L, reinterpret_cast<void*>(&vestigeEntitySetVec));
    lua_setfield(L, -2, "entSet");
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.handlesRef);
    lua_setfield(L, -2, "handles");
    lua_pushcfunction(L, userdataTypeName);
    lua_setfield(L, -2, "udtype");
    lua_pushcfunction(L, userdataTypeId);
    lua_setfield(L, -2, "udtypeid");
    lua_pushcfunction(L, lParse3);
    lua_setfield(L, -2, "parse3");
    lua_pushcfunction(L, entityFallbackIndex);
    lua_setfield(L, -2, "entFallback");
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityMetaRef);
    lua_setfield(L, -2, "EntityMeta");
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.playerMetaRef);
    lua_setfield(L, -2, "PlayerMeta");
    if (lua_pcall(L, 2, 1, 0) != 0) {
        recordError(rt, {"[vestige]", 0, lua_tostring(L, -1) ? lua_tostring(L, -1) : "init error", ""});
        lua_settop(L, top);
        return false;
    }
    const int ex = lua_gettop(L);
    for (const char* g : {"Vector", "Angle", "type", "TypeID", "getmetatable", "isvector", "isangle"}) {
        lua_getfield(L, ex, g);
        lua_setglobal(L, g);
    }
    lua_getfield(L, ex, "VectorMeta");
    lua_setfield(L, LUA_REGISTRYINDEX, "Vector");
    lua_getfield(L, ex, "AngleMeta");
    lua_setfield(L, LUA_REGISTRYINDEX, "Angle");
    impl.newVectorRef = ref(L, ex, "newVector");
    impl.newAngleRef = ref(L, ex, "newAngle");
    impl.unpackVectorRef = ref(L, ex, "unpackVector");
    impl.unpackAngleRef = ref(L, ex, "unpackAngle");

    lua_getglobal(L, "debug");
    lua_getfield(L, ex, "debugGetmetatable");
    lua_setfield(L, -2, "getmetatable");
    lua_getfield(L, ex, "debugSetmetatable");
    lua_setfield(L, -2, "setmetatable");
    lua_settop(L, top);
    return true;
}

void installDebugGuards(lua_State* L) {
    lua_getglobal(L, "debug");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    const int dbg = lua_gettop(L);
    wrapDebug(L, "getupvalue", dbUpvalue);
    wrapDebug(L, "setupvalue", dbUpvalue);
    wrapDebug(L, "upvalueid", dbUpvalue);
    wrapDebug(L, "upvaluejoin", dbUpvalueJoin);
    wrapDebug(L, "getlocal", dbLocal);
    wrapDebug(L, "setlocal", dbLocal);
    wrapDebug(L, "getinfo", dbGetinfo);
    lua_newtable(L);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, regIndex);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, regNewindex);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, dbGetregistry, 1);
    lua_setfield(L, dbg, "getregistry");
    lua_pop(L, 1);
}

bool ffiToVector(Runtime& rt, lua_State* L, int idx, Vec3* out, bool angle) {
    if (lua_type(L, idx) != 10 /* LUA_TCDATA */) return false;
    idx = idx < 0 && idx > LUA_REGISTRYINDEX ? lua_gettop(L) + idx + 1 : idx;
    lua_rawgeti(L, LUA_REGISTRYINDEX, angle ? implOf(rt).unpackAngleRef : implOf(rt).unpackVectorRef);
    lua_pushvalue(L, idx);
    lua_call(L, 1, 3);
    const bool ok = lua_type(L, -3) == LUA_TNUMBER;
    if (ok && out)
        *out = {static_cast<float>(lua_tonumber(L, -3)), static_cast<float>(lua_tonumber(L, -2)),
                static_cast<float>(lua_tonumber(L, -1))};
    lua_pop(L, 3);
    return ok;
}

void ffiPushVector(Runtime& rt, lua_State* L, Vec3 v, bool angle) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, angle ? implOf(rt).newAngleRef : implOf(rt).newVectorRef);
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    lua_pushnumber(L, v.z);
    lua_call(L, 3, 1);
}

}  // namespace vestige::source::glua
