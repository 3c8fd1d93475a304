// The instruction budget of one engine -> Lua call: a count hook every kHookGranularity VM instructions raises
// "file:line: instruction budget exceeded" once the call has run Options::instructionBudget of them. Compiled
// traces never run hooks, so a budget keeps the JIT off (runtime.cpp). pcall/xpcall are replaced so a script
// cannot swallow the interruption.
#include <cstdio>

#include "internal.hpp"

namespace vestige::source::glua {

void countHook(lua_State* L, lua_Debug* /*ar*/) {
    auto& impl = implOf(L);
    const std::uint64_t budget = impl.owner->options().instructionBudget;
    impl.instructions += kHookGranularity;
    if (budget == 0 || impl.instructions <= budget) return;
    impl.budgetHit = true;
    char text[32];
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(budget));
    lua_Debug d;
    if (lua_getstack(L, 0, &d) && lua_getinfo(L, "Sl", &d) && d.currentline > 0)
        lua_pushfstring(L, "%s:%d: instruction budget exceeded (%s instructions)", d.short_src, d.currentline, text);
    else
        lua_pushfstring(L, "instruction budget exceeded (%s instructions)", text);
    lua_error(L);
}

// pcall/xpcall replacements: once the budget is spent, a script's own pcall cannot swallow it.
int budgetPcall(lua_State* L) {
    luaL_checkany(L, 1);
    const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (status != 0 && implOf(L).budgetHit) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_insert(L, 1);
    return lua_gettop(L);
}

int budgetXpcall(lua_State* L) {
    luaL_checkany(L, 2);
    const int n = lua_gettop(L);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_replace(L, 1);
    lua_replace(L, 2);  // [handler, f, args...]
    const int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
    if (status != 0 && implOf(L).budgetHit) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_replace(L, 1);
    return lua_gettop(L);
}

bool Runtime::budgetExceeded() const { return mImpl->budgetHit; }

}  // namespace vestige::source::glua
