// game, engine, system and gmod: the session's map, gamemode and tick facts (single player, one player slot).
#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

int gSinglePlayer(lua_State* L) {
    lua_pushboolean(L, 1);
    return 1;
}
int gIsDedicated(lua_State* L) {
    lua_pushboolean(L, 0);
    return 1;
}
int gGetMap(lua_State* L) {
    lua_pushstring(L, rtOf(L).options().map.c_str());
    return 1;
}
int gMaxPlayers(lua_State* L) {
    lua_pushinteger(L, 1);
    return 1;
}
int gGetWorld(lua_State* L) {
    pushEntity(rtOf(L), L, 0);
    return 1;
}
const luaL_Reg kGame[] = {{"SinglePlayer", gSinglePlayer},
                          {"IsDedicated", gIsDedicated},
                          {"GetMap", gGetMap},
                          {"MaxPlayers", gMaxPlayers},
                          {"GetWorld", gGetWorld},
                          {"ConsoleCommand", runConsoleLine},
                          {nullptr, nullptr}};
int eActiveGamemode(lua_State* L) {
    lua_pushstring(L, rtOf(L).options().gamemode.c_str());
    return 1;
}
int eEmptyTable(lua_State* L) {
    lua_newtable(L);
    return 1;
}
const luaL_Reg kEngine[] = {{"ActiveGamemode", eActiveGamemode},
                            {"TickInterval", luaTickInterval},
                            {"TickCount", luaTickCount},
                            {"GetGames", eEmptyTable},
                            {"GetAddons", eEmptyTable},
                            {"GetGamemodes", eEmptyTable},
                            {nullptr, nullptr}};
// system: the host facts GMod's shared Lua reads. The server runs on Linux; the clocks are the tick clock (no wall
// clock reaches a script, see Determinism in docs/glua.md).
int sAppTime(lua_State* L) {
    lua_pushnumber(L, rtOf(L).curTime());
    return 1;
}
const luaL_Reg kSystem[] = {{"IsLinux", gSinglePlayer}, {"IsWindows", gIsDedicated}, {"IsOSX", gIsDedicated},
                            {"AppTime", sAppTime},      {"UpTime", sAppTime},        {nullptr, nullptr}};
int gmodGetGamemode(lua_State* L) {
    lua_getglobal(L, "GAMEMODE");
    return 1;
}

}  // namespace

void openGame(Runtime& /*rt*/, lua_State* L) {
    const struct {
        const char* name;
        const luaL_Reg* regs;
    } libs[] = {{"game", kGame}, {"engine", kEngine}, {"system", kSystem}};
    for (const auto& lib : libs) {
        lua_newtable(L);
        setFuncs(L, lib.regs);
        lua_setglobal(L, lib.name);
    }
    lua_newtable(L);
    lua_pushcfunction(L, gmodGetGamemode);
    lua_setfield(L, -2, "GetGamemode");
    lua_setglobal(L, "gmod");
}

}  // namespace vestige::source::glua
