// Limits of one engine -> Lua call (Options): the instruction budget, the wall-clock watchdog, and the work of natives
// charged to the budget. A count hook every kHookGranularity VM instructions adds them up and checks the clock;
// natives that spend time inside C (string.rep, pattern matching, table.concat...) call charge(), which does the
// same for the bytes they produce or the steps they take. Either limit raises an error naming it, at the Lua line
// running. Compiled traces never run hooks, so a budget keeps the JIT off (runtime.cpp), and without a budget
// neither limit is checked. pcall/xpcall are replaced so a script cannot swallow the interruption.
//
// The watchdog reads CLOCK_MONOTONIC_COARSE (a few ns, jiffy resolution): wall clock only ends a runaway call, which
// is then an error of kind Time; it never feeds the simulation. It starts at the call's first check (the first hook
// or charge), so the per-tick dispatch path never reads the clock.
#include <time.h>

#include <cstdio>

#include "internal.hpp"

namespace vestige::source::glua {
namespace {

double monotonicSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Raises `what` at the innermost Lua line running (level 0 in a hook, the native's caller inside a native).
[[noreturn]] void raiseAtLuaLine(lua_State* L, const char* what) {
    lua_Debug d;
    for (int level = 0; lua_getstack(L, level, &d); ++level) {
        if (lua_getinfo(L, "Sl", &d) && d.currentline > 0) {
            lua_pushfstring(L, "%s:%d: %s", d.short_src, d.currentline, what);
            lua_error(L);
        }
    }
    lua_pushstring(L, what);
    lua_error(L);
    __builtin_unreachable();
}

void checkLimits(lua_State* L, Runtime::Impl& impl) {
    const Options& opt = impl.owner->options();
    if (opt.instructionBudget == 0) return;
    char text[96];
    if (impl.instructions > opt.instructionBudget) {
        impl.limitHit = LimitHit::Budget;
        std::snprintf(text, sizeof text, "instruction budget exceeded (%llu instructions)",
                      static_cast<unsigned long long>(opt.instructionBudget));
        raiseAtLuaLine(L, text);
    }
    if (opt.timeLimit <= 0) return;
    const double now = monotonicSeconds();
    if (impl.callStart == 0) {
        impl.callStart = now;
    } else if (now - impl.callStart > opt.timeLimit) {
        impl.limitHit = LimitHit::Time;
        std::snprintf(text, sizeof text, "time limit exceeded (%g s per engine call)", opt.timeLimit);
        raiseAtLuaLine(L, text);
    }
}

}  // namespace

void countHook(lua_State* L, lua_Debug* /*ar*/) {
    auto& impl = implOf(L);
    impl.instructions += kHookGranularity;
    checkLimits(L, impl);
}

void charge(lua_State* L, std::uint64_t units) {
    auto& impl = implOf(L);
    impl.instructions += units;
    checkLimits(L, impl);
}

LuaError::Kind errorKind(const Runtime::Impl& impl, int status, const std::string& message) {
    if (impl.limitHit == LimitHit::Budget) return LuaError::Kind::Budget;
    if (impl.limitHit == LimitHit::Time) return LuaError::Kind::Time;
    if (status == LUA_ERRMEM || message == "not enough memory") return LuaError::Kind::Memory;
    return LuaError::Kind::Runtime;
}

void raiseOutOfMemory(lua_State* L) {
    lua_pushliteral(L, "not enough memory");
    lua_error(L);
    __builtin_unreachable();
}

// pcall/xpcall replacements: once a limit ends the call, a script's own pcall cannot swallow it.
int budgetPcall(lua_State* L) {
    luaL_checkany(L, 1);
    const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (status != 0 && implOf(L).limitHit != LimitHit::None) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_insert(L, 1);
    return lua_gettop(L);
}

// xpcall's handler behind a guard: a limit's error passes through untouched (the script's handler never sees it, so
// it cannot turn it into something else); any other error goes to the script's handler (upvalue 1).
int guardedHandler(lua_State* L) {
    if (implOf(L).limitHit != LimitHit::None) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

int budgetXpcall(lua_State* L) {
    luaL_checkany(L, 2);
    const int n = lua_gettop(L);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guardedHandler, 1);
    lua_replace(L, 1);
    lua_replace(L, 2);  // [guarded handler, f, args...]
    const int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
    if (status != 0 && implOf(L).limitHit != LimitHit::None) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_replace(L, 1);
    return lua_gettop(L);
}

bool Runtime::budgetExceeded() const { return mImpl->limitHit != LimitHit::None; }

}  // namespace vestige::source::glua
