// What the report says about the API Vestige lacks. Nothing is stubbed silently: a GMod function Vestige does not
// implement is absent, except the few a loader needs to find; those are stand-ins, all listed in one table of
// lua/vestige/gmod_natives.lua (install mode), and every call to one is counted (Runtime::standInCalls). Reads of
// undefined globals shaped like enums (SOLID_VPHYSICS) stay nil and are recorded (Runtime::missingEnums). Natives
// registered without their behaviour are wrapped into counted stand-ins (kNativeStandIns).
#include <algorithm>
#include <cctype>

#include "internal.hpp"

namespace vestige::source::glua {
namespace {

// A stand-in: counts the call, then runs its body (upvalue 2) with every argument, or returns nothing.
int standInCall(lua_State* L) {
    auto& calls = implOf(L).standIns;
    const auto slot = static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(1)));
    if (slot < calls.size()) ++calls[slot].calls;
    if (lua_isnil(L, lua_upvalueindex(2))) return 0;
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

std::size_t standInSlot(Runtime::Impl& impl, std::string_view name) {
    auto& list = impl.standIns;
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i].name == name) return i;
    list.push_back({std::string(name), 0});
    return list.size() - 1;
}

// standIn(name, body?) -> the counted function. Only gmod_natives.lua gets it (as a chunk argument).
int makeStandIn(lua_State* L) {
    std::size_t len = 0;
    const char* name = luaL_checklstring(L, 1, &len);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    const std::size_t slot = standInSlot(implOf(L), std::string_view(name, len));
    lua_pushinteger(L, static_cast<lua_Integer>(slot));
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, standInCall, 2);
    return 1;
}

// isStandIn(f): true when f is a counted stand-in (made by standIn or wrapped from a native below).
int isStandInFn(lua_State* L) {
    lua_pushboolean(L, lua_tocfunction(L, 1) == standInCall);
    return 1;
}

// Natives registered with a name but without their behaviour yet (the entity world, physics and rendering are not
// behind them): each is wrapped into a counted stand-in in both modes, so a call shows in the report instead of
// passing for success.
constexpr const char* kNativeStandIns[][2] = {
    // An empty list where Vestige has entries (the addons given): not the truth yet.
    {"engine", "GetAddons"},
};

void wrapNativeStandIns(lua_State* L) {
    for (const auto& [meta, method] : kNativeStandIns) {
        lua_getfield(L, LUA_REGISTRYINDEX, meta);  // a metatable (luaL_newmetatable's registry name)
        if (!lua_istable(L, -1)) {                 // or a library
            lua_pop(L, 1);
            lua_getfield(L, LUA_GLOBALSINDEX, meta);
        }
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            continue;
        }
        lua_getfield(L, -1, method);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 2);
            continue;
        }
        const bool library = std::islower(static_cast<unsigned char>(meta[0])) != 0;
        const std::string name = std::string(meta) + (library ? "." : ":") + method;
        lua_pushinteger(L, static_cast<lua_Integer>(standInSlot(implOf(L), name)));
        lua_insert(L, -2);
        lua_pushcclosure(L, standInCall, 2);
        lua_setfield(L, -2, method);
        lua_pop(L, 1);
    }
}

// PREFIX_NAME in capitals and digits: the shape of every GMod enum.
bool enumShaped(std::string_view k) {
    if (k.size() < 3 || k[0] < 'A' || k[0] > 'Z' || k.find('_') == std::string_view::npos) return false;
    return std::all_of(k.begin(), k.end(),
                       [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; });
}

// _G's __index: the value of an undefined global stays nil, as in GMod; enum-shaped names are recorded. CLIENT_DLL is
// nil on the server in GMod too (wiki: Global_Variables), so reading it is not a missing enum.
int missingGlobal(lua_State* L) {
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    std::size_t len = 0;
    const char* k = lua_tolstring(L, 2, &len);
    const std::string_view key(k, len);
    if (enumShaped(key) && key != "CLIENT_DLL") implOf(L).missingEnums.insert(std::string(key));
    return 0;
}

}  // namespace

void openReporting(Runtime& /*rt*/, lua_State* L) {
    wrapNativeStandIns(L);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, missingGlobal);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, LUA_GLOBALSINDEX);
}

bool runNatives(Runtime& rt) {
    lua_State* L = rt.state();
    for (std::size_t i = 0; i < kEmbeddedLuaCount; ++i) {
        if (std::string_view(kEmbeddedLua[i].path) != "lua/vestige/gmod_natives.lua") continue;
        if (luaL_loadbufferx(L, reinterpret_cast<const char*>(kEmbeddedLua[i].data), kEmbeddedLua[i].size,
                             "@lua/vestige/gmod_natives.lua", "t") != 0) {
            recordError(rt, parseMessage(lua_tostring(L, -1)));
            lua_pop(L, 1);
            return false;
        }
        lua_pushcfunction(L, makeStandIn);
        lua_pushcfunction(L, isStandInFn);
        return rt.protectedCall(2, 0);
    }
    return false;
}

std::map<std::string, std::uint64_t> Runtime::standInCalls() const {
    std::map<std::string, std::uint64_t> out;
    for (const auto& s : mImpl->standIns)
        if (s.calls > 0) out[s.name] = s.calls;
    return out;
}

std::vector<std::string> Runtime::standIns() const {
    std::vector<std::string> out;
    for (const auto& s : mImpl->standIns) out.push_back(s.name);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> Runtime::missingEnums() const {
    return {mImpl->missingEnums.begin(), mImpl->missingEnums.end()};
}

void countStandIn(Runtime::Impl& impl, std::string_view name) { ++impl.standIns[standInSlot(impl, name)].calls; }

}  // namespace vestige::source::glua
