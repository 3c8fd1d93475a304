// game, engine, system and gmod: the session's map, gamemode and tick facts (single player, one player slot).
#include <string>

#include "../internal.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

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
// engine.GetGamemodes(): every gamemode folder of the search path that has its gamemodes/<name>/<name>.txt, sorted
// by name, as {name, title, maps, menusystem, workshopid} (the wiki's example fields; absent keys: title = name, the
// others empty / false). A .txt that does not parse lists the folder with those defaults.
int eGetGamemodes(lua_State* L) {
    Runtime& rt = rtOf(L);
    lua_newtable(L);
    int n = 0;
    for (const std::string& name : findGameEntries(rt, "gamemodes", "", true)) {
        const auto txt = findGameFile(rt, "gamemodes/" + name + "/" + name + ".txt");
        if (!txt) continue;
        std::string title = name, maps, workshop;
        bool menu = false;
        if (auto doc = keyvalues::parse(txt->data, {}); doc && !doc->roots.empty()) {
            const keyvalues::Node& root = doc->roots.front();
            if (const auto* v = root.find("title")) title = v->value;
            if (const auto* v = root.find("maps")) maps = v->value;
            if (const auto* v = root.find("menusystem")) menu = v->value == "1";
            if (const auto* v = root.find("workshopid")) workshop = v->value;
        }
        lua_createtable(L, 0, 5);
        lua_pushstring(L, name.c_str());
        lua_setfield(L, -2, "name");
        lua_pushstring(L, title.c_str());
        lua_setfield(L, -2, "title");
        lua_pushstring(L, maps.c_str());
        lua_setfield(L, -2, "maps");
        lua_pushboolean(L, menu);
        lua_setfield(L, -2, "menusystem");
        lua_pushstring(L, workshop.c_str());
        lua_setfield(L, -2, "workshopid");
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}
const luaL_Reg kEngine[] = {{"ActiveGamemode", eActiveGamemode},
                            {"TickInterval", luaTickInterval},
                            {"TickCount", luaTickCount},
                            {"GetGames", eEmptyTable},
                            {"GetAddons", eEmptyTable},
                            {"GetGamemodes", eGetGamemodes},
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
