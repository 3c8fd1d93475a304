// Console variables as Source keeps them: the value is a string; GetFloat is atof of it as a float, GetInt its
// integer part and GetBool GetInt ~= 0 (ConVar::InternalSetValue); a value outside min/max is clamped and stored
// as "%f". CreateConVar (flags as a number or a table of FCVAR_*), GetConVar (one ConVar userdata per variable, so
// GetConVar(n) == GetConVar(n)), ConVarExists, GetConVarNumber/String and every wiki method of ConVar. A change of
// value calls cvars.OnConVarChanged(name, old, new) (GMod's cvars module runs the change callbacks). The engine's own
// server variables the gamemodes read exist; the movement ones (sv_gravity, sv_friction, ...) and mp_falldamage are
// the world's: they start at its values (GMod's: sv_friction 8, sv_stopspeed 10) and a change reaches the player's
// movement on the next tick, as CGameMovement reads them every move. Physics keeps the gravity it was made with
// (the SDK sets physenv's gravity from sv_gravity once, at PhysCreateWorld; physenv.SetGravity changes it).
#include <fmt/format.h>

#include <cmath>

#include "server_api.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {

constexpr int kTypeConVar = 27;  // TYPE_CONVAR
constexpr std::uint32_t kFcvarLuaServer = 524288;
constexpr const char* kConVarCacheKey = "vestige.convars";  // registry: lowered name -> ConVar userdata

ConVarRecord* findConVar(lua_State* L, std::string_view name) {
    auto& all = serverApi(L).convars;
    auto it = all.find(asciiLower(name));
    return it == all.end() ? nullptr : &it->second;
}

float floatOf(const std::string& v) { return scanFloat(v).value_or(0.0f); }

// Source's clamp: the stored text becomes "%f" of the clamped value.
std::string clamped(const ConVarRecord& cv, std::string value) {
    if (!cv.min && !cv.max) return value;
    double f = floatOf(value);
    bool changed = false;
    if (cv.min && f < *cv.min) f = *cv.min, changed = true;
    if (cv.max && f > *cv.max) f = *cv.max, changed = true;
    return changed ? fmt::format("{:f}", static_cast<float>(f)) : value;
}

// The ConVar userdata of a lowered name (created once, cached in the registry).
void pushConVar(lua_State* L, const std::string& key) {
    lua_getfield(L, LUA_REGISTRYINDEX, kConVarCacheKey);
    lua_getfield(L, -1, key.c_str());
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        auto* slot = static_cast<char*>(lua_newuserdata(L, key.size() + 1));
        std::copy(key.begin(), key.end(), slot);
        slot[key.size()] = 0;
        lua_rawgeti(L, LUA_REGISTRYINDEX, serverApi(L).convarMetaRef);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, key.c_str());
    }
    lua_remove(L, -2);
}

ConVarRecord& checkConVar(lua_State* L) {
    auto* key = static_cast<const char*>(lua_type(L, 1) == LUA_TUSERDATA &&
                                                 hasMeta(L, 1, serverApi(L).convarMeta, nullptr, Meta::Pop)
                                             ? lua_touserdata(L, 1)
                                             : nullptr);
    if (!key) luaL_typerror(L, 1, "ConVar");
    ConVarRecord* cv = findConVar(L, key);
    if (!cv) luaL_error(L, "ConVar no longer exists");
    return *cv;
}

// Sets a value and, when it changed, calls cvars.OnConVarChanged(name, old, new).
constexpr std::string_view kFallDamage = "mp_falldamage";

// The world setting a cvar stands for, set from its new value.
void applyToWorld(lua_State* L, const ConVarRecord& cv) {
    game::WorldOptions& o = entityTable(runtimeOf(L)).world().options();
    if (cv.name == kFallDamage) {
        o.realisticFallDamage = static_cast<int>(floatOf(cv.value)) != 0;
        return;
    }
    if (o.move.get(cv.name)) (void)o.move.set(cv.name, floatOf(cv.value));  // finite: scanFloat never gives NaN
}

void setValue(lua_State* L, ConVarRecord& cv, std::string value) {
    std::string next = clamped(cv, std::move(value));
    if (next == cv.value) return;
    std::string old = std::exchange(cv.value, next);
    applyToWorld(L, cv);
    lua_getglobal(L, "cvars");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "OnConVarChanged");
        if (lua_isfunction(L, -1)) {
            lua_pushstring(L, cv.name.c_str());
            lua_pushstring(L, old.c_str());
            lua_pushstring(L, next.c_str());
            (void)runtimeOf(L).protectedCall(3, 0);  // a failing callback is recorded; the value stays set
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

std::uint32_t flagsArg(lua_State* L, int idx) {
    if (lua_istable(L, idx)) {
        std::uint32_t f = 0;
        for (int i = 1;; ++i) {
            lua_rawgeti(L, idx, i);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                return f;
            }
            f |= static_cast<std::uint32_t>(lua_tonumber(L, -1));
            lua_pop(L, 1);
        }
    }
    const lua_Number n = luaL_optnumber(L, idx, 0);
    return std::isfinite(n) && n >= 0 && n <= 4294967295.0 ? static_cast<std::uint32_t>(n) : 0;
}

// tostring(value) of an argument (CreateConVar("x", 1) stores "1").
std::string argText(lua_State* L, int idx) {
    lua_getglobal(L, "tostring");
    lua_pushvalue(L, idx);
    lua_call(L, 1, 1);
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    std::string out = s ? std::string(s, len) : std::string();
    lua_pop(L, 1);
    return out;
}

int lCreateConVar(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    if (lua_isnoneornil(L, 2)) luaL_argerror(L, 2, "default value expected");
    const std::uint32_t flags = flagsArg(L, 3);
    const char* help = luaL_optstring(L, 4, "");
    const bool hasMin = lua_isnumber(L, 5), hasMax = lua_isnumber(L, 6);
    const double lo = hasMin ? lua_tonumber(L, 5) : 0, hi = hasMax ? lua_tonumber(L, 6) : 0;
    std::string key;
    {
        key = asciiLower(name);
        auto& all = serverApi(L).convars;
        if (!all.count(key)) {
            ConVarRecord cv;
            cv.name = name;
            cv.flags = flags | kFcvarLuaServer;
            cv.help = help;
            if (hasMin) cv.min = lo;
            if (hasMax) cv.max = hi;
            cv.defaultValue = argText(L, 2);
            cv.value = clamped(cv, cv.defaultValue);
            all.emplace(key, std::move(cv));
        }
    }
    pushConVar(L, key);
    return 1;
}

int lGetConVar(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    if (!findConVar(L, name)) return 0;
    pushConVar(L, asciiLower(name));
    return 1;
}
int lConVarExists(lua_State* L) {
    lua_pushboolean(L, findConVar(L, luaL_checkstring(L, 1)) != nullptr);
    return 1;
}
int lGetConVarNumber(lua_State* L) {
    const ConVarRecord* cv = findConVar(L, luaL_checkstring(L, 1));
    lua_pushnumber(L, cv ? floatOf(cv->value) : 0.0);
    return 1;
}
int lGetConVarString(lua_State* L) {
    const ConVarRecord* cv = findConVar(L, luaL_checkstring(L, 1));
    lua_pushstring(L, cv ? cv->value.c_str() : "");
    return 1;
}

int cGetString(lua_State* L) {
    lua_pushstring(L, checkConVar(L).value.c_str());
    return 1;
}
int cGetFloat(lua_State* L) {
    lua_pushnumber(L, floatOf(checkConVar(L).value));
    return 1;
}
int cGetInt(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(floatOf(checkConVar(L).value)));
    return 1;
}
int cGetBool(lua_State* L) {
    lua_pushboolean(L, static_cast<lua_Integer>(floatOf(checkConVar(L).value)) != 0);
    return 1;
}
int cGetDefault(lua_State* L) {
    lua_pushstring(L, checkConVar(L).defaultValue.c_str());
    return 1;
}
int cGetName(lua_State* L) {
    lua_pushstring(L, checkConVar(L).name.c_str());
    return 1;
}
int cGetHelpText(lua_State* L) {
    lua_pushstring(L, checkConVar(L).help.c_str());
    return 1;
}
int cGetFlags(lua_State* L) {
    lua_pushnumber(L, checkConVar(L).flags);
    return 1;
}
int cIsFlagSet(lua_State* L) {
    const ConVarRecord& cv = checkConVar(L);
    const auto flag = static_cast<std::uint32_t>(luaL_checknumber(L, 2));
    lua_pushboolean(L, (cv.flags & flag) != 0);
    return 1;
}
int cGetMin(lua_State* L) {
    const ConVarRecord& cv = checkConVar(L);
    if (!cv.min) return 0;
    lua_pushnumber(L, *cv.min);
    return 1;
}
int cGetMax(lua_State* L) {
    const ConVarRecord& cv = checkConVar(L);
    if (!cv.max) return 0;
    lua_pushnumber(L, *cv.max);
    return 1;
}
int cSetString(lua_State* L) {
    ConVarRecord& cv = checkConVar(L);
    luaL_checkany(L, 2);
    setValue(L, cv, argText(L, 2));
    return 0;
}
int cSetFloat(lua_State* L) {
    ConVarRecord& cv = checkConVar(L);
    setValue(L, cv, fmt::format("{:f}", static_cast<float>(luaL_checknumber(L, 2))));
    return 0;
}
int cSetInt(lua_State* L) {
    ConVarRecord& cv = checkConVar(L);
    const lua_Number n = luaL_checknumber(L, 2);
    setValue(L, cv, std::to_string(std::isfinite(n) && std::fabs(n) < 2147483648.0 ? static_cast<int>(n) : 0));
    return 0;
}
int cSetBool(lua_State* L) {
    ConVarRecord& cv = checkConVar(L);
    setValue(L, cv, lua_toboolean(L, 2) ? "1" : "0");
    return 0;
}
int cRevert(lua_State* L) {
    ConVarRecord& cv = checkConVar(L);
    setValue(L, cv, cv.defaultValue);
    return 0;
}
int cToString(lua_State* L) {
    lua_pushfstring(L, "ConVar [%s]", checkConVar(L).name.c_str());
    return 1;
}

const luaL_Reg kConVar[] = {{"GetString", cGetString},     {"GetFloat", cGetFloat},     {"GetInt", cGetInt},
                            {"GetBool", cGetBool},         {"GetDefault", cGetDefault}, {"GetName", cGetName},
                            {"GetHelpText", cGetHelpText}, {"GetFlags", cGetFlags},     {"IsFlagSet", cIsFlagSet},
                            {"GetMin", cGetMin},           {"GetMax", cGetMax},         {"SetString", cSetString},
                            {"SetFloat", cSetFloat},       {"SetInt", cSetInt},         {"SetBool", cSetBool},
                            {"Revert", cRevert},           {"__tostring", cToString},   {nullptr, nullptr}};

}  // namespace

// Console lines naming a variable set it (RunConsoleCommand("sv_gravity", "300")); false for anything else.
bool setConVarFromCommand(lua_State* L, const char* name, int firstArg) {
    ConVarRecord* cv = findConVar(L, name);
    if (!cv) return false;
    if (lua_gettop(L) < firstArg) return true;  // the name alone prints the value in Source; nothing to change
    std::string value = argText(L, firstArg);
    setValue(L, *cv, std::move(value));
    return true;
}

void openCvars(Runtime& rt, lua_State* L) {
    auto& a = serverApi(rt);
    a.convarMetaRef = newMetatable(L, "ConVar", kConVar, kTypeConVar, &a.convarMeta);
    lua_rawgeti(L, LUA_REGISTRYINDEX, a.convarMetaRef);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kConVarCacheKey);
    const luaL_Reg globals[] = {{"CreateConVar", lCreateConVar},
                                {"GetConVar", lGetConVar},
                                {"GetConVar_Internal", lGetConVar},
                                {"ConVarExists", lConVarExists},
                                {"GetConVarNumber", lGetConVarNumber},
                                {"GetConVarString", lGetConVarString},
                                {nullptr, nullptr}};
    lua_pushvalue(L, LUA_GLOBALSINDEX);
    setFuncs(L, globals);
    lua_pop(L, 1);
    // The engine's server variables the gamemodes read (Source SDK defaults; FCVAR_NOTIFY | FCVAR_REPLICATED where
    // the SDK sets them).
    const struct {
        const char* name;
        const char* value;
        std::uint32_t flags;
    } engine[] = {{"sv_cheats", "0", 8192 | 256},
                  {"sv_gravity", "600", 8192 | 256},
                  {"sv_friction", "4", 8192 | 256},
                  {"sv_accelerate", "10", 8192 | 256},
                  {"sv_airaccelerate", "10", 8192 | 256},
                  {"sv_stopspeed", "100", 8192 | 256},
                  {"sv_maxspeed", "320", 8192 | 256},
                  {"sv_maxvelocity", "3500", 8192},
                  {"sv_noclipspeed", "5", 8192 | 256},
                  {"sv_noclipaccelerate", "5", 8192 | 256},
                  {"sv_alltalk", "0", 256},
                  {"sv_allowcslua", "1", 8192},
                  {"mp_falldamage", "0", 256},
                  {"hostname", "Garry's Mod", 0}};
    const game::WorldOptions& world = entityTable(rt).world().options();
    for (const auto& e : engine) {
        ConVarRecord cv;
        cv.name = e.name;
        cv.value = cv.defaultValue = e.value;
        if (const auto v = world.move.get(e.name)) cv.value = cv.defaultValue = fmt::format("{}", *v);
        if (e.name == kFallDamage) cv.value = cv.defaultValue = world.realisticFallDamage ? "1" : "0";
        cv.flags = e.flags;
        a.convars.emplace(e.name, std::move(cv));
    }
}

}  // namespace vestige::source::glua
