// Runtime::consoleCommand: a line from the local player's console (the client's forward, `vestige play`). The
// engine's own commands run here — server: lua_run, kill (GM:CanPlayerSuicide; no answer allows it), noclip
// (GM:PlayerNoClip, as GMod's engine asks the gamemode; no answer: only with sv_cheats, Source's rule); client:
// lua_run_cl (sv_allowcslua, default 1 per the wiki's ConVars page) — then the realm's Lua commands (concommand.Add),
// its console variables and ent_fire, as RunConsoleCommand dispatches them.
#include <string>

#include "server_api.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {

// Lua side of the dispatch: argString, name, args... -> known (boolean).
int lDispatch(lua_State* L) { return dispatchConsoleCommand(L, 2, 1); }

// hook.Call(hook, GAMEMODE, player [, on]): its answer, or `fallback` when it gives none (no gamemode function and
// no hook answers nil; GMod's base defines both hooks, a bare gamemode may not).
bool hookAnswer(Runtime& rt, const char* hook, int player, int extraBool, bool fallback) {
    lua_State* L = rt.state();
    if (!pushHookCall(rt, L, hook)) return fallback;
    pushEntity(rt, L, player);
    int n = 3;
    if (extraBool >= 0) {
        lua_pushboolean(L, extraBool);
        ++n;
    }
    if (!rt.protectedCall(n, 1)) return false;
    const bool answer = lua_isnil(L, -1) ? fallback : lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    return answer;
}

bool cheatsOn(Runtime& rt) {
    lua_State* L = rt.state();
    lua_getglobal(L, "GetConVarNumber");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    lua_pushliteral(L, "sv_cheats");
    const bool on = rt.protectedCall(1, 1) && lua_tonumber(L, -1) != 0;
    lua_pop(L, 1);
    return on;
}

// lua_run's code: one quoted argument without its quotes, else the raw argument text.
std::string_view codeOf(const std::vector<std::string>& argv, std::string_view argString) {
    return argv.size() == 2 ? std::string_view(argv[1]) : argString;
}

bool serverCommand(Runtime& rt, const std::string& name, const std::vector<std::string>& argv,
                   std::string_view argString) {
    game::World& world = rt.world();
    game::Entity* p = world.player(1);
    if (name == "lua_run") {
        const std::string_view code = codeOf(argv, argString);
        rt.print("> " + std::string(code) + "...\n");
        (void)rt.runString(code, "lua_run");  // a failure is recorded and printed as every Lua error is
        return true;
    }
    if (name == "kill") {
        // CanPlayerSuicide's false keeps the player alive (base returns true).
        if (p && p->alive && hookAnswer(rt, "CanPlayerSuicide", p->index, -1, true)) world.kill(*p);
        return true;
    }
    if (name == "noclip") {
        if (!p || !p->player) return true;
        const bool on = p->moveType != game::MoveType::Noclip;
        // No answer: Source's own rule, noclip is a cheat.
        if (hookAnswer(rt, "PlayerNoClip", p->index, on ? 1 : 0, !on || cheatsOn(rt)))
            world.setMoveType(*p, on ? game::MoveType::Noclip : game::MoveType::Walk);
        return true;
    }
    return false;
}

}  // namespace

bool Runtime::consoleCommand(const std::vector<std::string>& argv, std::string_view argString) {
    if (argv.empty()) return true;
    const std::string name = asciiLower(argv[0]);
    if (realm() == Realm::Server && serverCommand(*this, name, argv, argString)) return true;
    if (realm() == Realm::Client && name == "lua_run_cl") {
        // The host's own server decides (sv_allowcslua); the client reads it as a replicated variable.
        lua_getglobal(mL, "GetConVarNumber");
        bool allowed = true;
        if (lua_isfunction(mL, -1)) {
            lua_pushliteral(mL, "sv_allowcslua");
            allowed = protectedCall(1, 1) && (lua_isnil(mL, -1) || lua_tonumber(mL, -1) != 0);
            lua_pop(mL, 1);
        } else {
            lua_pop(mL, 1);
        }
        if (!allowed) {
            print("lua_run_cl: sv_allowcslua is 0 on this server\n");
            return true;
        }
        (void)runString(codeOf(argv, argString), "lua_run_cl");
        return true;
    }
    lua_pushcfunction(mL, lDispatch);
    lua_pushlstring(mL, argString.data(), argString.size());
    for (const auto& a : argv) lua_pushlstring(mL, a.data(), a.size());
    if (!protectedCall(static_cast<int>(argv.size()) + 1, 1)) return true;  // it ran and failed (recorded)
    const bool known = lua_toboolean(mL, -1) != 0;
    lua_pop(mL, 1);
    return known;
}

}  // namespace vestige::source::glua
