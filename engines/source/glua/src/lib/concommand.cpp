// Console commands: AddConsoleCommand registers a name (concommand.Add calls it), RunConsoleCommand and
// game.ConsoleCommand run one through concommand.Run(ply, cmd, args, argStr), or set the console variable of that
// name (cvars.cpp); unknown names print GMod's message.
#include <string>

#include "server_api.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

int lAddConsoleCommand(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    implOf(L).consoleCommands.insert(asciiLower(name));
    return 0;
}

// Runs a console command: Lua commands go to concommand.Run(ply, cmd, args, argStr).
int runCommand(lua_State* L, int first) {
    const char* cmd = luaL_checkstring(L, first);
    const int n = lua_gettop(L);
    bool known = false;
    { known = implOf(L).consoleCommands.count(asciiLower(cmd)) > 0; }
    if (!known && setConVarFromCommand(L, cmd, first + 1)) return 0;
    if (!known && runEngineCommand(L, cmd, first)) return 0;
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

}  // namespace

int runConsoleLine(lua_State* L) {
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

void openConcommand(Runtime& /*rt*/, lua_State* L) {
    lua_pushcfunction(L, lAddConsoleCommand);
    lua_setglobal(L, "AddConsoleCommand");
    lua_pushcfunction(L, lRunConsoleCommand);
    lua_setglobal(L, "RunConsoleCommand");
}

}  // namespace vestige::source::glua
