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

// Runs a console command: Lua commands go to concommand.Run(ply, cmd, args, argStr); then the realm's variables and
// the engine's commands. argStr is the text at `argStringIndex`, or (0) the arguments joined by spaces. False when no
// command or variable has the name.
bool runNamed(lua_State* L, int first, int argStringIndex) {
    const char* cmd = luaL_checkstring(L, first);
    const int n = lua_gettop(L);
    const bool known = implOf(L).consoleCommands.count(asciiLower(cmd)) > 0;
    if (!known) {
        // ent_fire and the like are the server's; a client realm has only its variables.
        const bool server = rtOf(L).realm() == Realm::Server;
        return setConVarFromCommand(L, cmd, first + 1) || (server && runEngineCommand(L, cmd, first));
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
    if (argStringIndex > 0) {
        lua_pushvalue(L, argStringIndex);
    } else {
        lua_getglobal(L, "table");
        lua_getfield(L, -1, "concat");
        lua_remove(L, -2);
        lua_pushvalue(L, -2);
        lua_pushliteral(L, " ");
        lua_call(L, 2, 1);
    }
    lua_call(L, 4, 0);
    return true;
}

int runCommand(lua_State* L, int first) {
    if (!runNamed(L, first, 0)) {
        lua_pushfstring(L, "Unknown command: %s", lua_tostring(L, first));
        rtOf(L).print(lua_tostring(L, -1));
        rtOf(L).print("\n");
    }
    return 0;
}
int lRunConsoleCommand(lua_State* L) { return runCommand(L, 1); }

}  // namespace

int dispatchConsoleCommand(lua_State* L, int first, int argStringIndex) {
    lua_pushboolean(L, runNamed(L, first, argStringIndex));
    return 1;
}

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
