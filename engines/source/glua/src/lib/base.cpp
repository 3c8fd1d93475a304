// Global functions and constants of GMod's _G: print/Msg*, ErrorNoHalt, include/require, the clock (CurTime & co.,
// tick based), type/TypeID with GMod's names, FindMetaTable, IsValid, loadstring/CompileString/RunString (GLua
// syntax, text only), DeriveGamemode, SERVER/CLIENT/VERSION and the TYPE_* enums.
#include <cctype>
#include <string>
#include <string_view>

#include "../internal.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/glua/translator.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

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

// GMod's own Lua reports some failures by printing them instead of raising ("ERROR: Trying to derive entity
// base_anim from non existant entity base_entity!", "[tag] ERROR ..."): such a line is recorded as an error of the
// script that printed it (issue #16 item 6), so a run never reads "0 errors" past it.
bool printedError(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n')) ++i;
    if (i < text.size() && text[i] == '[') {  // "[tag] ERROR"
        const auto close = text.find(']', i);
        if (close == std::string_view::npos) return false;
        i = close + 1;
        while (i < text.size() && text[i] == ' ') ++i;
    }
    return text.size() - i >= 5 && asciiLower(std::string(text.substr(i, 5))) == "error" &&
           (text.size() == i + 5 || !std::isalnum(static_cast<unsigned char>(text[i + 5])));
}

void recordWithCaller(lua_State* L, std::string message) {
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) message.pop_back();
    LuaError e;
    e.message = std::move(message);
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar)) {
        e.file = ar.short_src;
        e.line = ar.currentline;
    }
    recordError(rtOf(L), std::move(e));
}

// Prints the joined text on top of the stack (with a newline when asked); a printed error is also recorded.
int printJoined(lua_State* L, bool newline) {
    std::size_t len = 0;
    const char* text = lua_tolstring(L, -1, &len);
    const bool failed = printedError(std::string_view(text, len));
    if (failed) recordWithCaller(L, std::string(text, len));  // helper scope ends before any Lua call
    if (newline) {
        lua_pushliteral(L, "\n");
        lua_concat(L, 2);
    }
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}

int lPrint(lua_State* L) {
    joinArgs(L, 1, "\t", false);
    return printJoined(L, true);
}
int lMsg(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    return printJoined(L, false);
}
int lMsgN(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    return printJoined(L, true);
}
int lMsgC(lua_State* L) {
    joinArgs(L, 1, nullptr, true);
    return printJoined(L, false);
}
// Error(...): the arguments joined as ErrorNoHalt does, raised as a Lua error with the caller's position (wiki:
// Global.Error "throws a Lua error and breaks out of the current call stack").
int lError(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
}
int lErrorNoHalt(lua_State* L) {
    joinArgs(L, 1, nullptr, false);
    recordWithCaller(L, lua_tostring(L, -1));
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

// Loads a module file for require: 1 with the chunk pushed, 0 when there is no such file, -1 with its syntax error
// pushed. Nothing is recorded as an error: require raises instead, and only an error nothing catches counts. GMod
// prints a failed require as an error even under pcall (wiki: Global.require, a known bug); here it is a warning,
// visible in the log and the report's count, without failing a run whose script handled it.
int loadModule(lua_State* L, const char* name, const char* path) {
    LuaError failure;
    Runtime& rt = rtOf(L);
    if (loadIncludeChunk(rt, L, path, "", &failure)) return 1;
    warn(rt, std::string("require('") + name + "'): " + failure.render());
    if (failure.kind == LuaError::Kind::File) return 0;
    lua_pushstring(L, failure.render().c_str());
    return -1;
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
    const int loaded = loadModule(L, name, lua_tostring(L, -1));
    if (loaded == 0) return luaL_error(L, "Module not found: %s", name);
    if (loaded < 0) return lua_error(L);  // the module's syntax error, raised (a pcall around require catches it)
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

// AddCSLuaFile(file = the calling file): the server records the file for its clients (resolved as include()
// resolves it); on the client it does nothing (wiki: Global.AddCSLuaFile). A missing or empty file is an error
// and is not sent. Returns whether it was recorded; the C function raises nothing after it.
bool addClientFile(Runtime& rt, const std::string& path, const std::string& current) {
    auto found = path.empty() ? findGameFile(rt, current) : findIncludeFile(rt, path, current);
    if (!found || found->data.empty()) {
        LuaError e;
        e.file = current;
        e.message = "[AddCSLuaFile] Couldn't find '" + (path.empty() ? current : path) + "'";
        e.kind = LuaError::Kind::File;
        recordError(rt, std::move(e));
        return false;
    }
    auto& impl = implOf(rt);
    std::string key = asciiLower(found->virtualPath);
    if (impl.clientLuaSet.insert(key).second) impl.clientLuaFiles.push_back(std::move(key));
    return true;
}

int lAddCSLuaFile(lua_State* L) {
    Runtime& rt = rtOf(L);
    if (rt.realm() == Realm::Client) return 0;
    const char* path = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : "";
    (void)addClientFile(rt, path, callerFile(L));
    return 0;
}

int lCurTime(lua_State* L) {
    lua_pushnumber(L, rtOf(L).curTime());
    return 1;
}

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

int lDeriveGamemode(lua_State* L) {
    const char* base = luaL_checkstring(L, 1);
    Runtime& rt = rtOf(L);
    bool ok = false;
    {
        const std::string name(base);
        auto& impl = implOf(rt);
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

}  // namespace

int luaTickInterval(lua_State* L) {
    lua_pushnumber(L, runtimeOf(L).interval());
    return 1;
}
int luaTickCount(lua_State* L) {
    lua_pushnumber(L, static_cast<lua_Number>(runtimeOf(L).currentTick()));
    return 1;
}
int userdataTypeName(lua_State* L) { return gmodTypeName(L, 1); }
int userdataTypeId(lua_State* L) { return lTypeID(L); }

void openBase(Runtime& rt, lua_State* L) {
    const luaL_Reg globals[] = {{"print", lPrint},
                                {"Msg", lMsg},
                                {"MsgN", lMsgN},
                                {"MsgC", lMsgC},
                                {"MsgAll", lMsgN},
                                {"Error", lError},
                                {"ErrorNoHalt", lErrorNoHalt},
                                {"ErrorNoHaltWithStack", lErrorNoHalt},
                                {"include", lInclude},
                                {"require", lRequire},
                                {"AddCSLuaFile", lAddCSLuaFile},
                                {"CurTime", lCurTime},
                                {"RealTime", lCurTime},
                                {"SysTime", lCurTime},
                                {"UnPredictedCurTime", lCurTime},
                                {"FrameTime", luaTickInterval},
                                {"FindMetaTable", lFindMetaTable},
                                {"RegisterMetaTable", lRegisterMetaTable},
                                {"IsValid", lIsValid},
                                {"loadstring", lLoadstring},
                                {"CompileString", lCompileString},
                                {"RunString", lRunString},
                                {"RunStringEx", lRunString},
                                {"DeriveGamemode", lDeriveGamemode},
                                {nullptr, nullptr}};
    lua_pushvalue(L, LUA_GLOBALSINDEX);
    setFuncs(L, globals);
    if (!implOf(rt).ffiTypes) {  // JIT mode: Lua versions that know the ffi types (fastpath.lua.inc)
        lua_pushcfunction(L, lType);
        lua_setfield(L, -2, "type");
        lua_pushcfunction(L, lTypeID);
        lua_setfield(L, -2, "TypeID");
    }
    lua_pop(L, 1);
    const bool client = rt.realm() == Realm::Client;
    lua_pushboolean(L, client ? 0 : 1);
    lua_setglobal(L, "SERVER");
    lua_pushboolean(L, client ? 1 : 0);
    lua_setglobal(L, "CLIENT");
    lua_pushboolean(L, 0);
    lua_setglobal(L, "MENU_DLL");
    lua_pushnumber(L, 240000);  // a fixed, recent VERSION so feature checks pass
    lua_setglobal(L, "VERSION");
    lua_pushstring(L, "vestige");
    lua_setglobal(L, "BRANCH");

    // TYPE_* constants (GMod numbering; the first nine are Lua's own type codes).
    const struct {
        const char* name;
        int value;
    } types[] = {{"TYPE_NONE", -1},
                 {"TYPE_NIL", 0},
                 {"TYPE_BOOL", 1},
                 {"TYPE_LIGHTUSERDATA", 2},
                 {"TYPE_NUMBER", 3},
                 {"TYPE_STRING", 4},
                 {"TYPE_TABLE", 5},
                 {"TYPE_FUNCTION", 6},
                 {"TYPE_USERDATA", 7},
                 {"TYPE_THREAD", 8},
                 {"TYPE_ENTITY", 9},
                 {"TYPE_VECTOR", 10},
                 {"TYPE_ANGLE", 11},
                 {"TYPE_PHYSOBJ", 12},
                 {"TYPE_SAVE", 13},
                 {"TYPE_RESTORE", 14},
                 {"TYPE_DAMAGEINFO", 15},
                 {"TYPE_EFFECTDATA", 16},
                 {"TYPE_MOVEDATA", 17},
                 {"TYPE_RECIPIENTFILTER", 18},
                 {"TYPE_USERCMD", 19},
                 {"TYPE_SCRIPTEDVEHICLE", 20},
                 {"TYPE_MATERIAL", 21},
                 {"TYPE_PANEL", 22},
                 {"TYPE_PARTICLE", 23},
                 {"TYPE_PARTICLEEMITTER", 24},
                 {"TYPE_TEXTURE", 25},
                 {"TYPE_USERMSG", 26},
                 {"TYPE_CONVAR", 27},
                 {"TYPE_IMESH", 28},
                 {"TYPE_MATRIX", 29},
                 {"TYPE_SOUND", 30},
                 {"TYPE_PIXELVISHANDLE", 31},
                 {"TYPE_DLIGHT", 32},
                 {"TYPE_VIDEO", 33},
                 {"TYPE_FILE", 34},
                 {"TYPE_LOCOMOTION", 35},
                 {"TYPE_PATH", 36},
                 {"TYPE_NAVAREA", 37},
                 {"TYPE_SOUNDHANDLE", 38},
                 {"TYPE_NAVLADDER", 39},
                 {"TYPE_PARTICLESYSTEM", 40},
                 {"TYPE_PROJECTEDTEXTURE", 41},
                 {"TYPE_PHYSCOLLIDE", 42},
                 {"TYPE_SURFACEINFO", 43},
                 {"TYPE_COUNT", 44},
                 {"TYPE_COLOR", 255}};
    for (const auto& t : types) {
        lua_pushinteger(L, t.value);
        lua_setglobal(L, t.name);
    }
}

}  // namespace vestige::source::glua
