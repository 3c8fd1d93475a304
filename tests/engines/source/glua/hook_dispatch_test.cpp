// The engine's hook dispatch (Runtime::callHook) in standalone mode: one lua_pcall of a per-event closure that
// runs hook.lua's dispatch. Pins GMod's hook.Call rules through that path: insertion order, the first non-nil
// value stops, GAMEMODE[event](GAMEMODE) otherwise, an error stops the dispatch and is recorded with file:line
// and traceback, the walk rules when hooks change the lists, an addon's hook.Call replacement, the counts and
// the instruction budget. Every case runs in both modes (JIT: no budget; interpreter: the default budget).
#include <gtest/gtest.h>

#include <lua.hpp>

#include "glua_fixture.hpp"

namespace vestige::source::glua {
namespace {

// Runs `code` as the file lua/autorun/hooks.lua (so errors carry that name and the code's line numbers).
void run(Runtime& rt, const std::string& code) {
    auto st = rt.runString(code, "lua/autorun/hooks.lua");
    ASSERT_TRUE(st.ok()) << st.error().render();
}

class HookDispatch : public ::testing::TestWithParam<bool> {};

TEST_P(HookDispatch, InsertionOrderAndGamemodeFallback) {
    auto rt = bootMode(GetParam());
    run(*rt,
        "got = {}\n"
        "for _, id in ipairs({'zeta', 'alpha', 'mid', 'beta'}) do\n"
        "  hook.Add('Ev', id, function(...) got[#got + 1] = id .. select('#', ...) end)\n"
        "end\n"
        "hook.Add('Ev', 'alpha', function() got[#got + 1] = 'alpha2' end)\n"  // replaced in place
        "hook.Remove('Ev', 'mid')\n"
        "function GAMEMODE:Ev(...) got[#got + 1] = (self == GAMEMODE and 'gm' or '?') .. select('#', ...) end\n");
    rt->callHook("Ev");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "zeta0,alpha2,beta0,gm0");
    // No hooks at all: only the gamemode; no gamemode method: nothing, no error.
    run(*rt, "got = {} function GAMEMODE:Lonely() got[#got + 1] = 'gm' end");
    rt->callHook("Lonely");
    rt->callHook("Nobody");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "gm");
    EXPECT_TRUE(rt->errors().empty());
}

TEST_P(HookDispatch, FirstNonNilStops) {
    auto rt = bootMode(GetParam());
    run(*rt,
        "got = {}\n"
        "hook.Add('St', 'a', function() got[#got + 1] = 'a' return nil, 'ignored' end)\n"
        "hook.Add('St', 'b', function() got[#got + 1] = 'b' return false end)\n"  // false is a value
        "hook.Add('St', 'c', function() got[#got + 1] = 'c' end)\n"
        "function GAMEMODE:St() got[#got + 1] = 'gm' end\n");
    rt->callHook("St");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,b");
    run(*rt, "got = {} hook.Remove('St', 'b')");
    rt->callHook("St");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,c,gm");
}

TEST_P(HookDispatch, ErrorStopsAndIsRecordedWithFileLine) {
    auto rt = bootMode(GetParam());
    run(*rt,
        "got = {}\n"
        "hook.Add('Er', 'a', function() got[#got + 1] = 'a' end)\n"
        "local function inner() local t = nil return t.x end\n"
        "hook.Add('Er', 'b', function() got[#got + 1] = 'b' inner() end)\n"
        "hook.Add('Er', 'c', function() got[#got + 1] = 'c' end)\n"
        "function GAMEMODE:Er() got[#got + 1] = 'gm' end\n"
        "hook.Add('Er2', 'x', function() error('boom') end)\n"
        "hook.Add('Er3', 'x', function() error({}) end)\n");
    rt->callHook("Er");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,b");
    ASSERT_EQ(rt->errors().size(), 1u);
    const LuaError& e = rt->errors().back();
    EXPECT_EQ(e.file, "lua/autorun/hooks.lua");
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.message, "attempt to index local 't' (a nil value)");
    EXPECT_NE(e.traceback.find("lua/autorun/hooks.lua:4"), std::string::npos) << e.traceback;
    // Not sticky: the next dispatch runs again (and fails again, once).
    rt->callHook("Er");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,b,a,b");
    EXPECT_EQ(rt->errors().size(), 2u);
    rt->callHook("Er2");
    ASSERT_EQ(rt->errors().size(), 3u);
    EXPECT_EQ(rt->errors().back().render(), "lua/autorun/hooks.lua:7: boom");
    rt->callHook("Er3");
    ASSERT_EQ(rt->errors().size(), 4u);
    EXPECT_EQ(rt->errors().back().message, "(error object is a table value)");
    EXPECT_EQ(rt->hookCounts().at("Er"), 2u);
}

TEST_P(HookDispatch, ListsChangedDuringDispatch) {
    auto rt = bootMode(GetParam());
    // The walk keeps the snapshot's ids and looks functions up live: a hook added now waits for the next
    // dispatch, a removed one is skipped, a replaced one runs its new function.
    run(*rt,
        "got = {}\n"
        "hook.Add('Ch', 'a', function()\n"
        "  got[#got + 1] = 'a'\n"
        "  hook.Add('Ch', 'late', function() got[#got + 1] = 'late' end)\n"
        "  hook.Remove('Ch', 'b')\n"
        "  hook.Add('Ch', 'c', function() got[#got + 1] = 'c2' end)\n"
        "end)\n"
        "hook.Add('Ch', 'b', function() got[#got + 1] = 'b' end)\n"
        "hook.Add('Ch', 'c', function() got[#got + 1] = 'c1' end)\n"
        "hook.Add('Ch', 'd', function() got[#got + 1] = 'd' end)\n");
    rt->callHook("Ch");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,c2,d");
    run(*rt, "got = {}");
    rt->callHook("Ch");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,c2,d,late");
    // Object ids: the object is passed first; an invalid one is dropped when met.
    run(*rt,
        "got = {} obj = {ok = true, IsValid = function(self) return self.ok end}\n"
        "hook.Add('Ob', obj, function(self) got[#got + 1] = self == obj and 'obj' or '?' end)\n"
        "hook.Add('Ob', 's', function() got[#got + 1] = 's' end)\n");
    rt->callHook("Ob");
    run(*rt, "obj.ok = false");
    rt->callHook("Ob");
    EXPECT_EQ(ev(*rt, "table.concat(got, ','), hook.GetTable().Ob[obj]"), "obj,s,s\tnil");
}

TEST_P(HookDispatch, AddonReplacementOfHookCallGetsEngineEvents) {
    auto rt = bootMode(GetParam());
    run(*rt,
        "seen = {} local old = hook.Call\n"
        "hook.Call = function(name, gm, ...) seen[#seen + 1] = name .. ':' .. tostring(gm == GAMEMODE)\n"
        "  return old(name, gm, ...) end\n"
        "hook.Add('Rp', 'a', function() seen[#seen + 1] = 'a' end)\n");
    rt->callHook("Rp");
    EXPECT_EQ(ev(*rt, "table.concat(seen, ',')"), "Rp:true,a");
    // Counted once when the replacement calls ours; not at all when it swallows the event.
    EXPECT_EQ(rt->hookCounts().at("Rp"), 1u);
    run(*rt, "hook.Call = function(name) seen[#seen + 1] = 'x' .. name end");
    rt->callHook("Sw");
    rt->callHook("Sw");
    EXPECT_EQ(ev(*rt, "table.concat(seen, ',')"), "Rp:true,a,xSw,xSw");
    EXPECT_EQ(rt->hookCounts().count("Sw"), 0u);
    EXPECT_EQ(rt->hookCounts().at("Rp"), 1u);
    EXPECT_TRUE(rt->errors().empty());
}

TEST_P(HookDispatch, EventBoundBeforeItsHooks) {
    auto rt = bootMode(GetParam());
    // The engine binds an event at its first dispatch; hooks added and removed later are seen by it.
    run(*rt, "got = {} function GAMEMODE:Lt() got[#got + 1] = 'gm' end");
    rt->callHook("Lt");
    run(*rt, "hook.Add('Lt', 'a', function() got[#got + 1] = 'a' end)");
    rt->callHook("Lt");
    run(*rt, "hook.Add('Lt', 'b', function() got[#got + 1] = 'b' return 1 end)");
    rt->callHook("Lt");
    run(*rt, "hook.Remove('Lt', 'a') hook.Remove('Lt', 'b')");
    rt->callHook("Lt");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "gm,a,gm,a,b,gm");
    EXPECT_EQ(rt->hookCounts().at("Lt"), 4u);
    // A hook that adds an object id mid-dispatch: the rest of this walk keeps its snapshot, the next one sees it.
    run(*rt,
        "got = {} obj = {IsValid = function() return true end}\n"
        "hook.Add('Lt', 'c', function() got[#got + 1] = 'c'\n"
        "  hook.Add('Lt', obj, function(self) got[#got + 1] = self == obj and 'o' or '?' end) end)\n"
        "hook.Add('Lt', 'd', function() got[#got + 1] = 'd' end)\n");
    rt->callHook("Lt");
    rt->callHook("Lt");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "c,d,gm,c,d,o,gm");
    EXPECT_EQ(rt->hookCounts().at("Lt"), 6u);
    EXPECT_TRUE(rt->errors().empty());
}

TEST_P(HookDispatch, CountsAndPrivateTable) {
    auto rt = bootMode(GetParam());
    run(*rt, "hook.Add('Cn', 'a', function() return 1 end)");
    for (int i = 0; i < 5; ++i) rt->callHook("Cn");
    for (int i = 0; i < 3; ++i) rt->callHook("CnEmpty");
    run(*rt, "hook.Run('Cn') hook.Call('Cn', nil)");
    const auto counts = rt->hookCounts();
    EXPECT_EQ(counts.at("Cn"), 7u);
    EXPECT_EQ(counts.at("CnEmpty"), 3u);
    // The engine's link to hook.lua is not reachable from scripts.
    EXPECT_EQ(ev(*rt, "debug.getregistry()['vestige.hookEngine']"), "nil");
    EXPECT_TRUE(rt->errors().empty());
}

// The engine's per-tick path (callHook(HookId)): the same rules through every shape of the event's closure (no
// hooks, one string id, several, an object id), rebound as hooks come and go, counted with by-name calls.
TEST_P(HookDispatch, BoundIdFollowsHookChanges) {
    auto rt = bootMode(GetParam());
    const HookId id = rt->hookId("Bd");
    EXPECT_EQ(id.name(), "Bd");
    run(*rt, "got = {} function GAMEMODE:Bd() got[#got + 1] = 'gm' end");
    rt->callHook(id);
    run(*rt, "hook.Add('Bd', 'a', function() got[#got + 1] = 'a' end)");
    rt->callHook(id);
    run(*rt, "hook.Add('Bd', 'a', function() got[#got + 1] = 'a2' return true end)");  // replaced: stops now
    rt->callHook(id);
    run(*rt,
        "hook.Add('Bd', 'b', function() got[#got + 1] = 'b' end)\n"
        "hook.Add('Bd', 'a', function() got[#got + 1] = 'a3' end)");
    rt->callHook("Bd");
    rt->callHook(id);
    run(*rt,
        "obj = {IsValid = function() return true end}\n"
        "hook.Add('Bd', obj, function(self) got[#got + 1] = self == obj and 'o' or '?' end)");
    rt->callHook(id);
    run(*rt, "hook.Remove('Bd', 'a') hook.Remove('Bd', 'b') hook.Remove('Bd', obj) GAMEMODE.Bd = nil");
    rt->callHook(id);
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "gm,a,gm,a2,a3,b,gm,a3,b,gm,a3,b,o,gm");
    EXPECT_EQ(rt->hookCounts().at("Bd"), 7u);
    // An error on this path: recorded with file:line and the traceback where it happened.
    run(*rt, "hook.Add('Bd', 'x', function()\n  error('bound boom')\nend)");
    rt->callHook(id);
    ASSERT_EQ(rt->errors().size(), 1u);
    EXPECT_EQ(rt->errors().back().render(), "lua/autorun/hooks.lua:2: bound boom");
    EXPECT_NE(rt->errors().back().traceback.find("stack traceback"), std::string::npos);
}

// A native firing an event; the runtime comes as its upvalue.
int fireInner(lua_State* L) {
    static_cast<Runtime*>(lua_touserdata(L, lua_upvalueindex(1)))->callHook("Inner");
    lua_pushliteral(L, "back");
    return 1;
}

// Between calls the engine keeps its message handler in stack slot 1; whatever embedding code does to the stack,
// an error is never lost, and a dispatch from inside a call (a native firing an event) has its own handler.
TEST_P(HookDispatch, StackSlotOfTheHandler) {
    auto rt = bootMode(GetParam());
    lua_State* L = rt->state();
    const HookId id = rt->hookId("Sk");
    run(*rt, "hook.Add('Sk', 'x', function() error('sk') end)");
    const auto tracebackOfLastError = [&] { return rt->errors().back().traceback; };
    lua_settop(L, 0);  // emptied: the handler goes back
    rt->callHook(id);
    ASSERT_EQ(rt->errors().size(), 1u);
    EXPECT_NE(tracebackOfLastError().find("stack traceback"), std::string::npos);
    EXPECT_EQ(lua_gettop(L), 1);
    lua_pushinteger(L, 7);  // something left above: a handler of its own, the stack is left as found
    rt->callHook(id);
    ASSERT_EQ(rt->errors().size(), 2u);
    EXPECT_NE(tracebackOfLastError().find("stack traceback"), std::string::npos);
    ASSERT_EQ(lua_gettop(L), 2);
    EXPECT_EQ(lua_tointeger(L, 2), 7);
    lua_settop(L, 0);
    lua_pushinteger(L, 42);  // slot 1 replaced against state()'s contract: the error is still recorded
    rt->callHook(id);
    ASSERT_EQ(rt->errors().size(), 3u);
    EXPECT_FALSE(rt->errors().back().message.empty());
    rt->tick();  // the tick puts the handler back
    rt->callHook(id);
    ASSERT_EQ(rt->errors().size(), 4u);
    EXPECT_EQ(rt->errors().back().render(), "lua/autorun/hooks.lua:1: sk");
    EXPECT_NE(tracebackOfLastError().find("stack traceback"), std::string::npos);
    // Nested: an event fired by a native during a dispatch; its error ends only the inner dispatch.
    lua_pushlightuserdata(L, rt.get());
    lua_pushcclosure(L, fireInner, 1);
    lua_setglobal(L, "fireInner");
    run(*rt,
        "got = {} hook.Remove('Sk', 'x')\n"
        "hook.Add('Inner', 'i', function() got[#got + 1] = 'inner' error('nested') end)\n"
        "hook.Add('Sk', 'y', function() local r = fireInner() got[#got + 1] = r end)\n");
    const std::size_t before = rt->errors().size();
    rt->callHook(id);
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "inner,back");
    ASSERT_EQ(rt->errors().size(), before + 1);
    EXPECT_EQ(rt->errors().back().render(), "lua/autorun/hooks.lua:2: nested");
    EXPECT_NE(tracebackOfLastError().find("stack traceback"), std::string::npos);
    EXPECT_EQ(lua_gettop(L), 1);
}

INSTANTIATE_TEST_SUITE_P(Modes, HookDispatch, ::testing::Values(false, true), modeName);

// The instruction budget covers one whole dispatch: a runaway hook is stopped and recorded, the dispatch ends
// there, and the next dispatch starts with a fresh budget.
TEST(HookDispatchBudget, RunawayHookEndsItsDispatch) {
    auto rt = bootMode(false, {.budget = 2'000'000});
    run(*rt,
        "got = {}\n"
        "hook.Add('Bu', 'a', function() got[#got + 1] = 'a' end)\n"
        "hook.Add('Bu', 'spin', function() if SPIN then while true do end end end)\n"
        "hook.Add('Bu', 'c', function() got[#got + 1] = 'c' end)\n"
        "SPIN = true\n");
    rt->callHook("Bu");
    ASSERT_EQ(rt->errors().size(), 1u);
    EXPECT_EQ(rt->errors().back().file, "lua/autorun/hooks.lua");
    EXPECT_EQ(rt->errors().back().line, 3);
    EXPECT_NE(rt->errors().back().message.find("instruction budget exceeded"), std::string::npos);
    EXPECT_FALSE(rt->budgetExceeded());
    run(*rt, "SPIN = false");
    rt->callHook("Bu");
    EXPECT_EQ(ev(*rt, "table.concat(got, ',')"), "a,a,c");
    EXPECT_EQ(rt->errors().size(), 1u);
}

}  // namespace
}  // namespace vestige::source::glua
