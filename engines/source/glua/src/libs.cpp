// Native globals and libraries: print/Msg*, include, time, type helpers, timer, util traces,
// game, engine, console commands, gamemode natives. Also removes what GMod does not expose
// (io, os.execute, loadfile/dofile, ffi, debug.sethook) so scripts cannot leave the sandbox.
#include <cmath>
#include <cstring>
#include <iterator>
#include <string>

#include "internal.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/collision/contents.hpp"
#include "vestige/source/glua/translator.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return Runtime::from(L); }

// Joins tostring(arg) for every argument with `sep` onto the stack top (one string).
void joinArgs(lua_State* L, int first, const char* sep, bool skipColors) {
    const int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    bool any = false;
    for (int i = first; i <= n; ++i) {
        if (skipColors && lua_istable(L, i)) continue;  // MsgC colour tables
        if (any && sep) luaL_addstring(&b, sep);
        lua_getglobal(L, "tostring");
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);
        if (!lua_isstring(L, -1)) {
            lua_pop(L, 1);
            lua_pushliteral(L, "?");
        }
        luaL_addvalue(&b);
        any = true;
    }
    luaL_pushresult(&b);
}

int lPrint(lua_State* L) {
    joinArgs(L, 1, "\t", false);
    lua_pushliteral(L, "\n");
    lua_concat(L, 2);
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}
int lMsg(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}
int lMsgN(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    lua_pushliteral(L, "\n");
    lua_concat(L, 2);
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}
int lMsgC(lua_State* L) {
    joinArgs(L, 1, nullptr, true);
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}
int lErrorNoHalt(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    LuaError e;
    e.message = lua_tostring(L, -1);
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) {
        e.file = ar.short_src;
        e.line = ar.currentline;
    }
    rtOf(L).recordError(std::move(e));
    return 0;
}

// The chunk name of the calling Lua function ("lua/autorun/x.lua"), or "".
const char* callerFile(lua_State* L) {
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) && ar.source && ar.source[0] == '@') return ar.source + 1;
    return "";
}

bool includeHelper(lua_State* L, const char* path, const char* current) {
    return loadIncludeChunk(rtOf(L), L, path, current);
}

int lInclude(lua_State* L) {
    const char* path = luaL_checkstring(L, 1);
    const char* current = callerFile(L);
    lua_settop(L, 1);
    if (!includeHelper(L, path, current)) return 0;  // GMod reports and carries on
    lua_call(L, 0, LUA_MULTRET);                     // runtime errors propagate, as in GMod
    return lua_gettop(L) - 1;
}

// require(name): package.loaded, else includes/modules/<name>.lua. Binary modules are refused.
int lRequire(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "loaded");
    lua_getfield(L, -1, name);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 1);
    lua_pushfstring(L, "includes/modules/%s.lua", name);
    if (!includeHelper(L, lua_tostring(L, -1), "")) return luaL_error(L, "Module not found: %s", name);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_getfield(L, 3, name);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_pushboolean(L, 1);
        }
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 3, name);
    return 1;
}

int lAddCSLuaFile(lua_State* /*L*/) { return 0; }  // server-only runtime: nothing to send

int lCurTime(lua_State* L) { lua_pushnumber(L, rtOf(L).curTime()); return 1; }
int lFrameTime(lua_State* L) { lua_pushnumber(L, rtOf(L).interval()); return 1; }
int lTickCount(lua_State* L) { lua_pushnumber(L, static_cast<lua_Number>(rtOf(L).currentTick())); return 1; }
int lNil(lua_State* L) { lua_pushnil(L); return 1; }

// type() and TypeID() with GMod's userdata names (the globals are Lua, fastpath.lua.inc; userdata come here).
int gmodTypeName(lua_State* L, int idx) {
    if (lua_type(L, idx) == LUA_TUSERDATA && lua_getmetatable(L, idx)) {
        lua_getfield(L, -1, "MetaName");
        if (lua_isstring(L, -1)) {
            lua_remove(L, -2);
            return 1;
        }
        lua_pop(L, 2);
    }
    lua_pushstring(L, luaL_typename(L, idx));
    return 1;
}
int lType(lua_State* L) {
    luaL_checkany(L, 1);
    return gmodTypeName(L, 1);
}
int lTypeID(lua_State* L) {
    luaL_checkany(L, 1);
    if (lua_type(L, 1) == LUA_TUSERDATA && lua_getmetatable(L, 1)) {
        lua_getfield(L, -1, "MetaID");
        if (lua_isnumber(L, -1)) return 1;
        lua_pop(L, 2);
    }
    lua_pushinteger(L, lua_type(L, 1));  // TYPE_NIL..TYPE_THREAD share Lua's numbering
    return 1;
}
int lLoad(lua_State* L) {
    // Text chunks only: LuaJIT bytecode is not verified and could read or write any memory.
    lua_settop(L, 4);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}
int lFindMetaTable(lua_State* L) {
    luaL_getmetatable(L, luaL_checkstring(L, 1));
    return 1;
}
int lRegisterMetaTable(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_pushvalue(L, 2);
    lua_setfield(L, LUA_REGISTRYINDEX, name);
    return 0;
}
int lIsValid(lua_State* L) {
    if (lua_type(L, 1) != LUA_TTABLE && lua_type(L, 1) != LUA_TUSERDATA) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_getfield(L, 1, "IsValid");
    if (!lua_isfunction(L, -1)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    lua_pushboolean(L, lua_toboolean(L, -1));
    return 1;
}

// loadstring / CompileString / RunString accept GLua syntax, like GMod's patched lexer.
bool translateAndLoad(lua_State* L, const char* code, std::size_t len, const char* name) {
    const std::string lua = translate(std::string_view(code, len));
    return luaL_loadbufferx(L, lua.data(), lua.size(), name, "t") == 0;
}
int lLoadstring(lua_State* L) {
    std::size_t len = 0;
    const char* code = luaL_checklstring(L, 1, &len);
    const char* name = luaL_optstring(L, 2, code);
    if (translateAndLoad(L, code, len, name)) return 1;
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
}
int lCompileString(lua_State* L) {
    std::size_t len = 0;
    const char* code = luaL_checklstring(L, 1, &len);
    const char* id = luaL_optstring(L, 2, "CompileString");
    const bool handleError = lua_isnoneornil(L, 3) || lua_toboolean(L, 3);
    lua_pushfstring(L, "@%s", id);
    if (translateAndLoad(L, code, len, lua_tostring(L, -1))) return 1;
    if (handleError) return lua_error(L);
    return 1;  // the error string, as GMod returns with HandleError = false
}
int lRunString(lua_State* L) {
    std::size_t len = 0;
    const char* code = luaL_checklstring(L, 1, &len);
    const char* id = luaL_optstring(L, 2, "RunString");
    lua_pushfstring(L, "@%s", id);
    if (!translateAndLoad(L, code, len, lua_tostring(L, -1))) return lua_error(L);
    lua_call(L, 0, 0);
    return 0;
}

int lNoop(lua_State*) { return 0; }

// ---- timer ----
bool timerName(lua_State* L, int idx, std::string* out) {
    if (lua_type(L, idx) != LUA_TSTRING && lua_type(L, idx) != LUA_TNUMBER) return false;
    std::size_t len = 0;
    const char* s = lua_tolstring(L, idx, &len);
    out->assign(s, len);
    return true;
}

Runtime::Timer* findTimer(Runtime& rt, const std::string& name) {
    for (auto& t : rt.impl().timers)
        if (!t.removed && !t.simple && t.name == name) return &t;
    return nullptr;
}

void removeTimer(lua_State* L, Runtime::Timer& t) {
    t.removed = true;
    luaL_unref(L, LUA_REGISTRYINDEX, t.fnRef);
    t.fnRef = LUA_NOREF;
}

void addTimer(Runtime& rt, lua_State* L, std::string name, bool simple, double delay, int reps, int fnRef) {
    if (!simple) {
        if (Runtime::Timer* old = findTimer(rt, name)) removeTimer(L, *old);  // same id replaces
    }
    Runtime::Timer t;
    t.name = std::move(name);
    t.simple = simple;
    t.delay = delay;
    t.repsLeft = reps;
    t.forever = reps <= 0;
    t.fnRef = fnRef;
    t.nextTime = rt.curTime() + delay;
    rt.impl().timers.push_back(std::move(t));
}

double checkDelay(lua_State* L, int idx) {
    const lua_Number d = luaL_checknumber(L, idx);
    return std::isfinite(d) && d > 0 ? d : 0.0;
}

int tSimple(lua_State* L) {
    const double delay = checkDelay(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    addTimer(rtOf(L), L, "", true, delay, 1, ref);
    return 0;
}

int tCreate(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) luaL_typerror(L, 1, "string");
    const double delay = checkDelay(L, 2);
    const lua_Number reps = luaL_checknumber(L, 3);
    luaL_checktype(L, 4, LUA_TFUNCTION);
    lua_pushvalue(L, 4);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    std::string name;
    timerName(L, 1, &name);
    addTimer(rtOf(L), L, std::move(name), false, delay,
             std::isfinite(reps) && reps > 0 ? static_cast<int>(std::fmin(reps, 2147483647.0)) : 0, ref);
    return 0;
}

// Looks a named timer up; the std::string dies before any Lua call.
Runtime::Timer* timerArg(lua_State* L) {
    std::string name;
    if (!timerName(L, 1, &name)) return nullptr;
    return findTimer(rtOf(L), name);
}

int tExists(lua_State* L) { lua_pushboolean(L, timerArg(L) != nullptr); return 1; }
int tRemove(lua_State* L) {
    if (Runtime::Timer* t = timerArg(L)) removeTimer(L, *t);
    return 0;
}
int tAdjust(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t) {
        lua_pushboolean(L, 0);
        return 1;
    }
    const double delay = checkDelay(L, 2);
    t->delay = delay;
    t->nextTime = rtOf(L).curTime() + delay;
    if (!lua_isnoneornil(L, 3)) {
        const lua_Number reps = luaL_checknumber(L, 3);
        t->repsLeft = std::isfinite(reps) && reps > 0 ? static_cast<int>(std::fmin(reps, 2147483647.0)) : 0;
        t->forever = t->repsLeft == 0;
    }
    if (lua_isfunction(L, 4)) {
        luaL_unref(L, LUA_REGISTRYINDEX, t->fnRef);
        lua_pushvalue(L, 4);
        t = timerArg(L);  // luaL_ref cannot move timers, but re-find to stay obviously safe
        t->fnRef = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_pushboolean(L, 1);
    return 1;
}
int tPause(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t || t->paused) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = true;
    t->pausedLeft = t->nextTime - rtOf(L).curTime();
    lua_pushboolean(L, 1);
    return 1;
}
int tUnPause(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t || !t->paused) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = false;
    t->nextTime = rtOf(L).curTime() + t->pausedLeft;
    lua_pushboolean(L, 1);
    return 1;
}
int tToggle(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t) {
        lua_pushboolean(L, 0);
        return 1;
    }
    return t->paused ? tUnPause(L) : tPause(L);
}
int tTimeLeft(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t) return 0;
    lua_pushnumber(L, t->paused ? t->pausedLeft : t->nextTime - rtOf(L).curTime());
    return 1;
}
int tRepsLeft(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t) return 0;
    lua_pushinteger(L, t->repsLeft);
    return 1;
}
int tStart(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = false;
    t->nextTime = rtOf(L).curTime() + t->delay;
    lua_pushboolean(L, 1);
    return 1;
}
int tStop(lua_State* L) {
    Runtime::Timer* t = timerArg(L);
    if (!t || t->paused) {
        lua_pushboolean(L, 0);
        return 1;
    }
    t->paused = true;
    t->pausedLeft = t->delay;
    lua_pushboolean(L, 1);
    return 1;
}

const luaL_Reg kTimer[] = {{"Simple", tSimple}, {"Create", tCreate}, {"Exists", tExists}, {"Remove", tRemove},
                           {"Destroy", tRemove}, {"Adjust", tAdjust}, {"Pause", tPause}, {"UnPause", tUnPause},
                           {"Toggle", tToggle}, {"TimeLeft", tTimeLeft}, {"RepsLeft", tRepsLeft},
                           {"Start", tStart}, {"Stop", tStop}, {"Check", lNoop}, {nullptr, nullptr}};

// ---- util ----
Vec3 fieldVec(Runtime& rt, lua_State* L, int table, const char* key, Vec3 fallback) {
    lua_getfield(L, table, key);
    Vec3 out = fallback;
    (void)toVector(rt, L, -1, &out);
    lua_pop(L, 1);
    return out;
}

void setVecField(Runtime& rt, lua_State* L, const char* key, Vec3 v) {
    pushVector(rt, L, v);
    lua_setfield(L, -2, key);
}
void setBoolField(lua_State* L, const char* key, bool v) {
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}
void setNumField(lua_State* L, const char* key, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}

// One filter element: an entity handle, or a class name standing for every live entity of that class.
void addFilter(Runtime& rt, lua_State* L, int idx, std::vector<int>& out) {
    if (EntityRecord* e = toEntity(rt, L, idx)) {
        out.push_back(e->index);
    } else if (lua_type(L, idx) == LUA_TSTRING) {
        const char* cls = lua_tostring(L, idx);
        for (const EntityRecord& e : rt.entities())
            if (e.alive && e.index > 0 && e.className == cls) out.push_back(e.index);
    }
}

// A Lua number as a collision group: integral part, anything not a finite int (NaN, huge) is NONE (0).
int toCollisionGroup(lua_Number v) {
    return std::isfinite(v) && v >= -2147483648.0 && v <= 2147483647.0 ? static_cast<int>(v) : 0;
}

// Entity:SetCollisionGroup(group) / Entity:GetCollisionGroup(): the group the trace filter compares.
int eSetCollisionGroup(lua_State* L) {
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    if (!e) return luaL_error(L, "Tried to use a NULL entity!");
    e->collisionGroup = toCollisionGroup(luaL_checknumber(L, 2));
    return 0;
}
int eGetCollisionGroup(lua_State* L) {
    EntityRecord* e = toEntity(rtOf(L), L, 1);
    if (!e) return luaL_error(L, "Tried to use a NULL entity!");
    lua_pushinteger(L, e->collisionGroup);
    return 1;
}

TraceHit runTrace(Runtime& rt, const TraceQuery& q) {
    if (rt.options().trace) return rt.options().trace(q);
    TraceHit h;
    h.hitPos = q.end;
    return h;
}

int traceImpl(lua_State* L, bool hull) {
    Runtime& rt = rtOf(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    TraceHit hit;
    Vec3 start, end;
    {
        TraceQuery q;
        q.hull = hull;
        q.start = fieldVec(rt, L, 1, "start", {});
        q.end = fieldVec(rt, L, 1, "endpos", q.start);
        if (hull) {
            q.mins = fieldVec(rt, L, 1, "mins", {});
            q.maxs = fieldVec(rt, L, 1, "maxs", {});
        }
        lua_getfield(L, 1, "mask");
        const double mask = lua_tonumber(L, -1);  // out of range or NaN (casting would be undefined) -> default
        q.mask = mask >= -2147483648.0 && mask <= 4294967295.0
                     ? static_cast<std::uint32_t>(static_cast<std::int64_t>(mask))
                     : 0u;
        lua_pop(L, 1);
        // filter: an entity, a class name, a table of entities and/or class names, or a function(ent) that
        // returns true for what the trace may hit; `whitelist` turns the list into the only hittable entities.
        lua_getfield(L, 1, "filter");
        const int filterIdx = lua_gettop(L);
        addFilter(rt, L, filterIdx, q.filter);
        if (lua_istable(L, filterIdx)) {
            for (int i = 1;; ++i) {
                lua_rawgeti(L, filterIdx, i);
                if (lua_isnil(L, -1)) {
                    lua_pop(L, 1);
                    break;
                }
                addFilter(rt, L, lua_gettop(L), q.filter);
                lua_pop(L, 1);
            }
        }
        if (lua_isfunction(L, filterIdx)) {
            q.shouldHitEntity = [&rt, L, filterIdx](int entity) {
                lua_pushvalue(L, filterIdx);
                pushEntity(rt, L, entity);
                if (!rt.protectedCall(1, 1)) return true;  // recorded with file:line; the entity stays solid
                const bool hit = lua_toboolean(L, -1) != 0;
                lua_pop(L, 1);
                return hit;
            };
        }
        // collisiongroup: COLLISION_GROUP_* the trace filter compares with each entity's (default NONE).
        lua_getfield(L, 1, "collisiongroup");
        q.collisionGroup = toCollisionGroup(lua_tonumber(L, -1));
        lua_pop(L, 1);
        lua_getfield(L, 1, "whitelist");
        q.whitelist = lua_toboolean(L, -1) != 0;
        lua_getfield(L, 1, "ignoreworld");
        q.ignoreWorld = lua_toboolean(L, -1) != 0;
        lua_pop(L, 2);
        start = q.start;
        end = q.end;
        if (isFinite(q.start) && isFinite(q.end) && isFinite(q.mins) && isFinite(q.maxs)) {
            hit = runTrace(rt, q);
        } else {
            rt.warn("util.TraceLine: refused a non-finite start or end");
            hit.hitPos = q.start;
        }
        lua_settop(L, filterIdx - 1);
    }  // q (with its vector) is gone before anything below can raise
    lua_getfield(L, 1, "output");  // GMod fills a caller-supplied result table when given one
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 21);
    }
    setBoolField(L, "Hit", hit.hit);
    setBoolField(L, "HitWorld", hit.hit && hit.entity == 0);
    setBoolField(L, "HitNonWorld", hit.hit && hit.entity > 0);
    // GMod: HitSky is SURF_SKY (0x4) and HitNoDraw SURF_NODRAW (0x80) of the hit surface's flags.
    setBoolField(L, "HitSky", hit.hit && (hit.surfaceFlags & 0x4u) != 0);
    setBoolField(L, "HitNoDraw", hit.hit && (hit.surfaceFlags & 0x80u) != 0);
    setNumField(L, "SurfaceFlags", hit.hit ? hit.surfaceFlags : 0);
    setBoolField(L, "StartSolid", hit.startSolid);
    setBoolField(L, "AllSolid", hit.allSolid);
    setNumField(L, "Fraction", hit.fraction);
    setNumField(L, "FractionLeftSolid", hit.fractionLeftSolid);
    setNumField(L, "HitGroup", 0);
    setNumField(L, "HitBox", 0);
    setNumField(L, "PhysicsBone", 0);
    setNumField(L, "MatType", 0);
    setNumField(L, "SurfaceProps", 0);
    setNumField(L, "Contents", hit.contents);
    setNumField(L, "DispFlags", hit.hit ? hit.dispFlags : 0);
    if (!hit.hit) lua_pushliteral(L, "**empty**");
    else if (hit.texture.empty()) lua_pushliteral(L, "**studio**");
    else lua_pushlstring(L, hit.texture.data(), hit.texture.size());
    lua_setfield(L, -2, "HitTexture");
    setVecField(rt, L, "StartPos", start);
    setVecField(rt, L, "HitPos", hit.hitPos);
    setVecField(rt, L, "HitNormal", hit.hitNormal);
    setVecField(rt, L, "Normal", normalize(end - start));
    pushEntity(rt, L, hit.hit ? hit.entity : -1);
    lua_setfield(L, -2, "Entity");
    return 1;
}
int utilTraceLine(lua_State* L) { return traceImpl(L, false); }
int utilTraceHull(lua_State* L) { return traceImpl(L, true); }
// CONTENTS_* at a point from the map (Options::pointContents); empty without a map. A non-finite point is
// refused like a trace's (warning, CONTENTS_EMPTY).
std::uint32_t pointContentsAt(lua_State* L, const char* what) {
    Runtime& rt = rtOf(L);
    Vec3 p{};
    if (!toVector(rt, L, 1, &p)) luaL_typerror(L, 1, "Vector");
    if (!isFinite(p)) {
        rt.warn(std::string(what) + ": refused a non-finite position");
        return 0;
    }
    return rt.options().pointContents ? rt.options().pointContents(p) : 0;
}
// Source asks whether the point lies in a leaf outside the sealed map; without visibility data we
// answer from the contents: a point inside solid brushes is outside the world.
int utilIsInWorld(lua_State* L) {
    lua_pushboolean(L, (pointContentsAt(L, "util.IsInWorld") & collision::contents::kSolid) == 0);
    return 1;
}
int utilPointContents(lua_State* L) {
    lua_pushnumber(L, pointContentsAt(L, "util.PointContents"));
    return 1;
}
int utilPrecache(lua_State* L) { lua_pushvalue(L, 1); return 1; }
const luaL_Reg kUtil[] = {{"TraceLine", utilTraceLine}, {"TraceHull", utilTraceHull}, {"IsInWorld", utilIsInWorld},
                          {"PointContents", utilPointContents}, {"PrecacheModel", utilPrecache},
                          {"PrecacheSound", utilPrecache}, {"AddNetworkString", utilPrecache}, {nullptr, nullptr}};

// ---- game / engine / gmod ----
int gSinglePlayer(lua_State* L) { lua_pushboolean(L, 1); return 1; }
int gIsDedicated(lua_State* L) { lua_pushboolean(L, 0); return 1; }
int gGetMap(lua_State* L) { lua_pushstring(L, rtOf(L).options().map.c_str()); return 1; }
int gMaxPlayers(lua_State* L) { lua_pushinteger(L, 1); return 1; }
int gGetWorld(lua_State* L) { pushEntity(rtOf(L), L, 0); return 1; }
int gConsoleCommand(lua_State* L);
const luaL_Reg kGame[] = {{"SinglePlayer", gSinglePlayer}, {"IsDedicated", gIsDedicated}, {"GetMap", gGetMap},
                          {"MaxPlayers", gMaxPlayers}, {"GetWorld", gGetWorld}, {"ConsoleCommand", gConsoleCommand},
                          {nullptr, nullptr}};
int eActiveGamemode(lua_State* L) { lua_pushstring(L, rtOf(L).options().gamemode.c_str()); return 1; }
int eEmptyTable(lua_State* L) { lua_newtable(L); return 1; }
const luaL_Reg kEngine[] = {{"ActiveGamemode", eActiveGamemode}, {"TickInterval", lFrameTime},
                            {"TickCount", lTickCount}, {"GetGames", eEmptyTable}, {"GetAddons", eEmptyTable},
                            {"GetGamemodes", eEmptyTable}, {nullptr, nullptr}};
int gmodGetGamemode(lua_State* L) { lua_getglobal(L, "GAMEMODE"); return 1; }

int lDeriveGamemode(lua_State* L) {
    const char* base = luaL_checkstring(L, 1);
    Runtime& rt = rtOf(L);
    bool ok = false;
    {
        const std::string name(base);
        auto& impl = rt.impl();
        if (!impl.gamemodeLoading.empty()) impl.gamemodeBase[impl.gamemodeLoading.back()] = name;
        ok = loadGamemode(rt, name);
    }
    if (!ok) return 0;
    // Make the base's members visible while the derived gamemode is still loading.
    lua_getglobal(L, "gamemode");
    lua_getfield(L, -1, "Get");
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    lua_getglobal(L, "GM");
    if (!lua_istable(L, -1) || !lua_istable(L, -2)) return 0;
    const int gm = lua_gettop(L), baseTable = gm - 1;
    lua_pushnil(L);
    while (lua_next(L, baseTable)) {
        lua_pushvalue(L, -2);
        lua_rawget(L, gm);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, gm);
        } else {
            lua_pop(L, 2);
        }
    }
    lua_pushvalue(L, baseTable);
    lua_setfield(L, gm, "BaseClass");
    return 0;
}

// ---- console commands ----
int lAddConsoleCommand(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    rtOf(L).impl().consoleCommands.insert(asciiLower(name));
    return 0;
}

// Runs a console command: Lua commands go to concommand.Run(ply, cmd, args, argStr).
int runCommand(lua_State* L, int first) {
    const char* cmd = luaL_checkstring(L, first);
    const int n = lua_gettop(L);
    bool known = false;
    {
        known = rtOf(L).impl().consoleCommands.count(asciiLower(cmd)) > 0;
    }
    if (!known) {
        lua_pushfstring(L, "Unknown command: %s", cmd);
        rtOf(L).print(lua_tostring(L, -1));
        rtOf(L).print("\n");
        return 0;
    }
    lua_getglobal(L, "concommand");
    lua_getfield(L, -1, "Run");
    pushEntity(rtOf(L), L, 1);
    lua_pushvalue(L, first);
    lua_createtable(L, n - first, 0);
    for (int i = first + 1; i <= n; ++i) {
        lua_getglobal(L, "tostring");
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);
        lua_rawseti(L, -2, i - first);
    }
    lua_getglobal(L, "table");
    lua_getfield(L, -1, "concat");
    lua_remove(L, -2);
    lua_pushvalue(L, -2);
    lua_pushliteral(L, " ");
    lua_call(L, 2, 1);
    lua_call(L, 4, 0);
    return 0;
}
int lRunConsoleCommand(lua_State* L) { return runCommand(L, 1); }
int gConsoleCommand(lua_State* L) {
    // "name arg1 arg2\n" -> RunConsoleCommand(name, arg1, arg2)
    const char* line = luaL_checkstring(L, 1);
    lua_settop(L, 0);
    const char* p = line;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') ++p;
        if (!*p) break;
        const char* start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') ++p;
        lua_pushlstring(L, start, static_cast<std::size_t>(p - start));
    }
    if (lua_gettop(L) == 0) return 0;
    return runCommand(L, 1);
}

}  // namespace

int userdataTypeName(lua_State* L) { return gmodTypeName(L, 1); }
int userdataTypeId(lua_State* L) { return lTypeID(L); }

void runTimers(Runtime& rt, lua_State* L) {
    auto& timers = rt.impl().timers;
    const double now = rt.curTime();
    const std::size_t count = timers.size();  // timers created while firing wait for the next tick
    for (std::size_t i = 0; i < count; ++i) {
        if (timers[i].removed || timers[i].paused || now + 1e-9 < timers[i].nextTime) continue;
        const int ref = timers[i].fnRef;
        std::string name = timers[i].name;
        if (!timers[i].simple) timers[i].nextTime = now + timers[i].delay;
        if (!timers[i].forever) --timers[i].repsLeft;
        rt.noteTimerFired(std::move(name));
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        (void)rt.protectedCall(0, 0);
        // Index, not reference: the callback may have created timers (the vector can grow).
        // The timer still exists during its last call (RepsLeft reads 0 there), then goes.
        Runtime::Timer& t = timers[i];
        if (!t.removed && !t.forever && t.repsLeft <= 0) {
            t.removed = true;
            luaL_unref(L, LUA_REGISTRYINDEX, t.fnRef);
            t.fnRef = LUA_NOREF;
        }
    }
    std::erase_if(timers, [](const Runtime::Timer& t) { return t.removed; });
}

void openLibs(Runtime& rt, lua_State* L) {
    const luaL_Reg globals[] = {
        {"print", lPrint}, {"Msg", lMsg}, {"MsgN", lMsgN}, {"MsgC", lMsgC}, {"MsgAll", lMsgN},
        {"ErrorNoHalt", lErrorNoHalt}, {"ErrorNoHaltWithStack", lErrorNoHalt}, {"include", lInclude},
        {"require", lRequire}, {"AddCSLuaFile", lAddCSLuaFile}, {"CurTime", lCurTime}, {"RealTime", lCurTime},
        {"SysTime", lCurTime}, {"UnPredictedCurTime", lCurTime}, {"FrameTime", lFrameTime},
        {"engineTickCount", lTickCount}, {"LocalPlayer", lNil},
        {"FindMetaTable", lFindMetaTable}, {"RegisterMetaTable", lRegisterMetaTable}, {"IsValid", lIsValid},
        {"loadstring", lLoadstring}, {"CompileString", lCompileString}, {"RunString", lRunString},
        {"RunStringEx", lRunString}, {"DeriveGamemode", lDeriveGamemode}, {"AddConsoleCommand", lAddConsoleCommand},
        {"RunConsoleCommand", lRunConsoleCommand}, {nullptr, nullptr}};
    lua_pushvalue(L, LUA_GLOBALSINDEX);
    setFuncs(L, globals);
    if (!rt.impl().ffiTypes) {  // JIT mode: Lua versions that know the ffi types (fastpath.lua.inc)
        lua_pushcfunction(L, lType);
        lua_setfield(L, -2, "type");
        lua_pushcfunction(L, lTypeID);
        lua_setfield(L, -2, "TypeID");
    }
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
    lua_setglobal(L, "SERVER");
    lua_pushboolean(L, 0);
    lua_setglobal(L, "CLIENT");
    lua_pushboolean(L, 0);
    lua_setglobal(L, "MENU_DLL");
    lua_pushnumber(L, 240000);  // a fixed, recent VERSION so feature checks pass
    lua_setglobal(L, "VERSION");
    lua_pushstring(L, "vestige");
    lua_setglobal(L, "BRANCH");

    const struct { const char* name; const luaL_Reg* regs; } libs[] = {
        {"timer", kTimer}, {"util", kUtil}, {"game", kGame}, {"engine", kEngine}};
    for (const auto& lib : libs) {
        lua_newtable(L);
        setFuncs(L, lib.regs);
        lua_setglobal(L, lib.name);
    }
    lua_newtable(L);
    lua_pushcfunction(L, gmodGetGamemode);
    lua_setfield(L, -2, "GetGamemode");
    lua_setglobal(L, "gmod");

    // TYPE_* constants (GMod numbering; the first nine are Lua's own type codes).
    const struct { const char* name; int value; } types[] = {
        {"TYPE_NONE", -1}, {"TYPE_NIL", 0}, {"TYPE_BOOL", 1}, {"TYPE_LIGHTUSERDATA", 2}, {"TYPE_NUMBER", 3},
        {"TYPE_STRING", 4}, {"TYPE_TABLE", 5}, {"TYPE_FUNCTION", 6}, {"TYPE_USERDATA", 7}, {"TYPE_THREAD", 8},
        {"TYPE_ENTITY", 9}, {"TYPE_VECTOR", 10}, {"TYPE_ANGLE", 11}, {"TYPE_PHYSOBJ", 12}, {"TYPE_SAVE", 13},
        {"TYPE_RESTORE", 14}, {"TYPE_DAMAGEINFO", 15}, {"TYPE_EFFECTDATA", 16}, {"TYPE_MOVEDATA", 17},
        {"TYPE_RECIPIENTFILTER", 18}, {"TYPE_USERCMD", 19}, {"TYPE_SCRIPTEDVEHICLE", 20}, {"TYPE_MATERIAL", 21},
        {"TYPE_PANEL", 22}, {"TYPE_PARTICLE", 23}, {"TYPE_PARTICLEEMITTER", 24}, {"TYPE_TEXTURE", 25},
        {"TYPE_USERMSG", 26}, {"TYPE_CONVAR", 27}, {"TYPE_IMESH", 28}, {"TYPE_MATRIX", 29}, {"TYPE_SOUND", 30},
        {"TYPE_PIXELVISHANDLE", 31}, {"TYPE_DLIGHT", 32}, {"TYPE_VIDEO", 33}, {"TYPE_FILE", 34},
        {"TYPE_LOCOMOTION", 35}, {"TYPE_PATH", 36}, {"TYPE_NAVAREA", 37}, {"TYPE_SOUNDHANDLE", 38},
        {"TYPE_NAVLADDER", 39}, {"TYPE_PARTICLESYSTEM", 40}, {"TYPE_PROJECTEDTEXTURE", 41},
        {"TYPE_PHYSCOLLIDE", 42}, {"TYPE_SURFACEINFO", 43}, {"TYPE_COUNT", 44}, {"TYPE_COLOR", 255}};
    for (const auto& t : types) {
        lua_pushinteger(L, t.value);
        lua_setglobal(L, t.name);
    }

    // CONTENTS_* and MASK_* (bspflags.h values; GMod defines them natively, so both modes get them).
    namespace cf = collision::contents;
    namespace mk = collision::mask;
    const struct { const char* name; std::uint32_t value; } flags[] = {
        {"CONTENTS_EMPTY", cf::kEmpty}, {"CONTENTS_SOLID", cf::kSolid}, {"CONTENTS_WINDOW", cf::kWindow},
        {"CONTENTS_AUX", cf::kAux}, {"CONTENTS_GRATE", cf::kGrate}, {"CONTENTS_SLIME", cf::kSlime},
        {"CONTENTS_WATER", cf::kWater}, {"CONTENTS_BLOCKLOS", cf::kBlockLos}, {"CONTENTS_OPAQUE", cf::kOpaque},
        {"CONTENTS_TESTFOGVOLUME", cf::kTestFogVolume}, {"CONTENTS_TEAM1", cf::kTeam1}, {"CONTENTS_TEAM2", cf::kTeam2},
        {"CONTENTS_IGNORE_NODRAW_OPAQUE", cf::kIgnoreNodrawOpaque}, {"CONTENTS_MOVEABLE", cf::kMoveable},
        {"CONTENTS_AREAPORTAL", cf::kAreaPortal}, {"CONTENTS_PLAYERCLIP", cf::kPlayerClip},
        {"CONTENTS_MONSTERCLIP", cf::kMonsterClip}, {"CONTENTS_CURRENT_0", cf::kCurrent0},
        {"CONTENTS_CURRENT_90", cf::kCurrent90}, {"CONTENTS_CURRENT_180", cf::kCurrent180},
        {"CONTENTS_CURRENT_270", cf::kCurrent270}, {"CONTENTS_CURRENT_UP", cf::kCurrentUp},
        {"CONTENTS_CURRENT_DOWN", cf::kCurrentDown}, {"CONTENTS_ORIGIN", cf::kOrigin}, {"CONTENTS_MONSTER", cf::kMonster},
        {"CONTENTS_DEBRIS", cf::kDebris}, {"CONTENTS_DETAIL", cf::kDetail}, {"CONTENTS_TRANSLUCENT", cf::kTranslucent},
        {"CONTENTS_LADDER", cf::kLadder}, {"CONTENTS_HITBOX", cf::kHitbox}, {"MASK_ALL", mk::kAll},
        {"MASK_SOLID", mk::kSolid}, {"MASK_PLAYERSOLID", mk::kPlayerSolid}, {"MASK_NPCSOLID", mk::kNpcSolid},
        {"MASK_WATER", mk::kWater}, {"MASK_OPAQUE", mk::kOpaque}, {"MASK_SHOT", mk::kShot},
        {"MASK_CURRENT", mk::kCurrent}, {"MASK_PLAYERSOLID_BRUSHONLY", mk::kPlayerSolidBrushOnly},
        {"MASK_SOLID_BRUSHONLY", cf::kSolid | cf::kMoveable | cf::kWindow | cf::kGrate},
        {"MASK_NPCSOLID_BRUSHONLY", cf::kSolid | cf::kMoveable | cf::kMonsterClip | cf::kWindow | cf::kGrate},
        {"MASK_NPCWORLDSTATIC", cf::kSolid | cf::kWindow | cf::kMonsterClip | cf::kGrate},
        {"MASK_SPLITAREAPORTAL", cf::kWater | cf::kSlime},
        {"MASK_OPAQUE_AND_NPCS", mk::kOpaque | cf::kMonster},
        {"MASK_BLOCKLOS", cf::kSolid | cf::kMoveable | cf::kBlockLos},
        {"MASK_BLOCKLOS_AND_NPCS", cf::kSolid | cf::kMoveable | cf::kBlockLos | cf::kMonster},
        {"MASK_VISIBLE", mk::kOpaque | cf::kIgnoreNodrawOpaque},
        {"MASK_VISIBLE_AND_NPCS", mk::kOpaque | cf::kMonster | cf::kIgnoreNodrawOpaque},
        {"MASK_SHOT_HULL", cf::kSolid | cf::kMoveable | cf::kMonster | cf::kWindow | cf::kDebris | cf::kGrate},
        {"MASK_SHOT_PORTAL", cf::kSolid | cf::kMoveable | cf::kWindow | cf::kMonster},
        {"MASK_DEADSOLID", cf::kSolid | cf::kPlayerClip | cf::kWindow | cf::kGrate}};
    for (const auto& f : flags) {
        // Unsigned values as Lua numbers: MASK_ALL is 4294967295 as in GMod, not -1.
        lua_pushnumber(L, static_cast<double>(f.value));
        lua_setglobal(L, f.name);
    }

    // COLLISION_GROUP_* (public/const.h Collision_Group_t values) and the Entity methods that set and read them.
    const char* const groups[] = {"COLLISION_GROUP_NONE", "COLLISION_GROUP_DEBRIS", "COLLISION_GROUP_DEBRIS_TRIGGER",
        "COLLISION_GROUP_INTERACTIVE_DEBRIS", "COLLISION_GROUP_INTERACTIVE", "COLLISION_GROUP_PLAYER",
        "COLLISION_GROUP_BREAKABLE_GLASS", "COLLISION_GROUP_VEHICLE", "COLLISION_GROUP_PLAYER_MOVEMENT",
        "COLLISION_GROUP_NPC", "COLLISION_GROUP_IN_VEHICLE", "COLLISION_GROUP_WEAPON", "COLLISION_GROUP_VEHICLE_CLIP",
        "COLLISION_GROUP_PROJECTILE", "COLLISION_GROUP_DOOR_BLOCKER", "COLLISION_GROUP_PASSABLE_DOOR",
        "COLLISION_GROUP_DISSOLVING", "COLLISION_GROUP_PUSHAWAY", "COLLISION_GROUP_NPC_ACTOR",
        "COLLISION_GROUP_NPC_SCRIPTED"};
    for (int i = 0; i < static_cast<int>(std::size(groups)); ++i) {
        lua_pushinteger(L, i);
        lua_setglobal(L, groups[i]);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt.impl().entityMetaRef);  // Entity metatable (Player's falls back to it)
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, eSetCollisionGroup);
        lua_setfield(L, -2, "SetCollisionGroup");
        lua_pushcfunction(L, eGetCollisionGroup);
        lua_setfield(L, -2, "GetCollisionGroup");
    }
    lua_pop(L, 1);

    // Sandbox: GMod exposes no io, no process control, no file loaders, no FFI; and a script must
    // not be able to remove the instruction budget hook.
    lua_pushnil(L);
    lua_setglobal(L, "io");
    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "os");
    for (const char* f : {"execute", "exit", "remove", "rename", "tmpname", "getenv"}) {
        lua_pushnil(L);
        lua_setfield(L, -2, f);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "package");
    lua_pushnil(L);
    lua_setfield(L, -2, "loadlib");
    lua_getfield(L, -1, "loaded");
    for (const char* m : {"ffi", "io", "jit.util", "jit.profile"}) {
        lua_pushnil(L);
        lua_setfield(L, -2, m);
    }
    lua_pop(L, 1);
    // No preloads (ffi, jit.util with its trace constants, jit.profile) and no loaders (host .lua/.so search).
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "_PRELOAD");
    lua_setfield(L, -2, "preload");
    lua_newtable(L);
    lua_setfield(L, -2, "loaders");
    for (const char* f : {"path", "cpath"}) {
        lua_pushliteral(L, "");
        lua_setfield(L, -2, f);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "load");
    lua_pushcclosure(L, lLoad, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, "debug");
    lua_pushcfunction(L, lNoop);
    lua_setfield(L, -2, "sethook");
    lua_pushcfunction(L, lNoop);
    lua_setfield(L, -2, "gethook");
    lua_pop(L, 1);
    lua_getglobal(L, "jit");
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, lNoop);  // jit.on would bypass the budget (compiled code runs no hooks)
        lua_setfield(L, -2, "on");
        lua_pushnil(L);  // trace events hand out internal functions and trace constants
        lua_setfield(L, -2, "attach");
    }
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
