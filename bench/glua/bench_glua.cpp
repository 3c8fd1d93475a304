// GLua binding cost: Vector arithmetic, Vector methods and Entity:GetPos against a raw LuaJIT
// C-function call in the same Lua loop; hook.Run dispatch against a raw lua_pcall of the same
// function. Arg 0 = JIT on (no instruction budget, GMod's configuration), 1 = interpreter with the
// budget hook (Vestige's default). The ns_per_call counter is CPU time per loop iteration / call.
// "...Kept" bodies store every result in an upvalue (one allocation per call); "...Used" bodies consume
// the result in the loop, so the JIT can sink the allocation as it does in ordinary script code.
#include <benchmark/benchmark.h>

#include <lua.hpp>
#include <string>

#include "vestige/source/glua/runtime.hpp"

namespace {

using vestige::source::glua::HookId;
using vestige::source::glua::Options;
using vestige::source::glua::Runtime;

constexpr int kLoop = 10000;

std::unique_ptr<Runtime> makeRuntime(bool budget) {
    Options opt;
    opt.instructionBudget = budget ? 4'000'000'000ull : 0;
    opt.output = [](std::string_view) {};
    auto rt = Runtime::create(std::move(opt));
    if (!rt || !(*rt)->boot().ok()) std::abort();
    (*rt)->tick();
    return std::move(*rt);
}

int rawNoop(lua_State* L) {
    lua_pushnumber(L, 1);
    return 1;
}

// Floors of the interpreter's dispatch: C functions doing the least possible work behind the same Lua syntax as
// the bindings, on a 12-byte userdata (a Vector's payload). floorud.x calls a C __index that pushes a constant,
// floorud + floorud a C __add that returns its first operand, floornew(i) allocates a 12-byte userdata and sets
// its metatable (the allocation and collection every Vector result pays), floormethod:m() finds a C function
// through a table __index (no C call for the lookup). A binding's cost over its floor is its own work.
int floorIndex(lua_State* L) {
    lua_pushnumber(L, 1);
    return 1;
}
int floorArith(lua_State* L) {
    lua_settop(L, 1);
    return 1;
}
int floorNew(lua_State* L) {
    lua_newuserdata(L, 12);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

// A global 12-byte userdata whose metatable is the table on top of the stack (popped).
void setFloorGlobal(lua_State* L, const char* name) {
    lua_newuserdata(L, 12);
    lua_insert(L, -2);
    lua_setmetatable(L, -2);
    lua_setglobal(L, name);
}

void registerFloors(lua_State* L) {
    const luaL_Reg meta[] = {{"__index", floorIndex}, {"__add", floorArith}, {nullptr, nullptr}};
    lua_newtable(L);
    luaL_register(L, nullptr, meta);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, floorNew, 1);
    lua_setglobal(L, "floornew");
    setFloorGlobal(L, "floorud");
    const luaL_Reg methods[] = {{"m", rawNoop}, {nullptr, nullptr}};
    lua_newtable(L);
    lua_newtable(L);
    luaL_register(L, nullptr, methods);
    lua_setfield(L, -2, "__index");
    setFloorGlobal(L, "floormethod");
}

// Compiles `body` inside a numeric loop into a function and times one call per iteration batch.
void runLoop(benchmark::State& state, const char* setup, const char* body) {
    auto rt = makeRuntime(state.range(0) != 0);
    lua_State* L = rt->state();
    lua_pushcfunction(L, rawNoop);
    lua_setglobal(L, "rawnoop");
    registerFloors(L);
    const std::string code =
        std::string(setup) + "\nreturn function() for i = 1, " + std::to_string(kLoop) + " do " + body + " end end";
    if (luaL_loadbuffer(L, code.data(), code.size(), "=bench") != 0 || lua_pcall(L, 0, 1, 0) != 0) {
        state.SkipWithError(lua_tostring(L, -1));
        return;
    }
    const int fn = luaL_ref(L, LUA_REGISTRYINDEX);
    for (auto _ : state) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
        if (!rt->protectedCall(0, 0)) {
            state.SkipWithError("lua error");
            return;
        }
    }
    state.SetItemsProcessed(state.iterations() * kLoop);
    state.counters["ns_per_call"] = benchmark::Counter(static_cast<double>(state.iterations()) * kLoop,
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Baseline_EmptyLoop(benchmark::State& s) { runLoop(s, "local x", "x = i"); }
void BM_Baseline_RawCFunction(benchmark::State& s) { runLoop(s, "local f, x = rawnoop", "x = f(i)"); }
void BM_Floor_CIndex(benchmark::State& s) { runLoop(s, "local u, c = floorud", "c = u.x"); }
void BM_Floor_CArith(benchmark::State& s) { runLoop(s, "local u, c = floorud", "c = u + u"); }
void BM_Floor_NewUserdata(benchmark::State& s) { runLoop(s, "local f, c = floornew", "c = f(i)"); }
void BM_Floor_TableMethod(benchmark::State& s) { runLoop(s, "local u, c = floormethod", "c = u:m()"); }
void BM_VectorAddKept(benchmark::State& s) {
    runLoop(s, "local a, b, c = Vector(1, 2, 3), Vector(4, 5, 6)", "c = a + b");
}
void BM_VectorAddUsed(benchmark::State& s) {
    runLoop(s, "local a, b, c = Vector(1, 2, 3), Vector(4, 5, 6), 0", "c = c + (a + b).z");
}
void BM_VectorScaleKept(benchmark::State& s) { runLoop(s, "local a, c = Vector(1, 2, 3)", "c = a * 2"); }
void BM_VectorLength(benchmark::State& s) { runLoop(s, "local a, c = Vector(1, 2, 3)", "c = a:Length()"); }
void BM_VectorFieldX(benchmark::State& s) { runLoop(s, "local a, c = Vector(1, 2, 3)", "c = a.x"); }
void BM_EntityGetPosKept(benchmark::State& s) { runLoop(s, "local e, p = Entity(1)", "p = e:GetPos()"); }
void BM_EntityGetPosUsed(benchmark::State& s) { runLoop(s, "local e, p = Entity(1), 0", "p = p + e:GetPos().z"); }
void BM_EntitySetPos(benchmark::State& s) { runLoop(s, "local e, v = Entity(1), Vector(1, 2, 3)", "e:SetPos(v)"); }

// Hook dispatch with one hook, three ways, each against the raw call of that same function:
//  * Engine: Runtime::callHook(HookId) (the engine's per-tick path: the event bound once) vs lua_pcall(benchfn)
//    from C; EngineByName: Runtime::callHook("BenchEvent") (the name looked up on each call).
//  * HookRunFromC: lua_pcall(hook.Run, "BenchEvent", 1) vs lua_pcall(benchfn, 1) from C (hook.Run is vararg,
//    and LuaJIT never starts a trace in a vararg function entered from C: this path stays interpreted).
//  * HookRunFromLua: hook.Run("BenchEvent", i) in a script loop vs pcall(benchfn, i) in the same loop.
enum class HookPath { RawPcall0, Engine, EngineByName, RawPcall1, HookRunFromC };
void hookBench(benchmark::State& state, HookPath path) {
    auto rt = makeRuntime(state.range(0) != 0);
    lua_State* L = rt->state();
    const char* setup = "sum = 0 benchfn = function(x) sum = sum + (x or 1) end hook.Add('BenchEvent', 'b', benchfn)";
    if (luaL_dostring(L, setup) != 0) {
        state.SkipWithError("setup");
        return;
    }
    lua_getglobal(L, "hook");
    lua_getfield(L, -1, "Run");
    const int run = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_getglobal(L, "benchfn");
    const int fn = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, 0);
    const HookId event = rt->hookId("BenchEvent");
    for (auto _ : state) {
        switch (path) {
            case HookPath::RawPcall0:
                lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
                if (lua_pcall(L, 0, 0, 0) != 0) std::abort();
                break;
            case HookPath::Engine:
                rt->callHook(event);
                break;
            case HookPath::EngineByName:
                rt->callHook("BenchEvent");
                break;
            case HookPath::RawPcall1:
                lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
                lua_pushnumber(L, 1);
                if (lua_pcall(L, 1, 0, 0) != 0) std::abort();
                break;
            case HookPath::HookRunFromC:
                lua_rawgeti(L, LUA_REGISTRYINDEX, run);
                lua_pushliteral(L, "BenchEvent");
                lua_pushnumber(L, 1);
                if (lua_pcall(L, 2, 0, 0) != 0) std::abort();
                break;
        }
    }
    if (!rt->errors().empty()) state.SkipWithError("lua error");
    state.SetItemsProcessed(state.iterations());
    state.counters["ns_per_call"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
void BM_Baseline_RawPcall0(benchmark::State& s) { hookBench(s, HookPath::RawPcall0); }
void BM_HookEngineCall(benchmark::State& s) { hookBench(s, HookPath::Engine); }
void BM_HookEngineCallByName(benchmark::State& s) { hookBench(s, HookPath::EngineByName); }
void BM_Baseline_RawPcall1(benchmark::State& s) { hookBench(s, HookPath::RawPcall1); }
void BM_HookRunFromC(benchmark::State& s) { hookBench(s, HookPath::HookRunFromC); }
const char* const kHookSetup =
    "local f = function(x) sum = (sum or 0) + x end hook.Add('BenchEvent', 'b', f) local run = hook.Run";
void BM_Baseline_PcallFromLua(benchmark::State& s) { runLoop(s, kHookSetup, "pcall(f, i)"); }
void BM_HookRunFromLua(benchmark::State& s) { runLoop(s, kHookSetup, "run('BenchEvent', i)"); }

// Cost of one Lua C API call (the unit of any engine-side work between C++ and Lua): ten registry reads (arg 0)
// or ten lua_pushvalue (arg 1) and a settop per iteration, in JIT mode. A C++ hook dispatcher that walks
// hook.lua's tables through the API needs ~25 such calls per event; this is why the engine does not.
void BM_Baseline_ApiCall(benchmark::State& state) {
    auto rt = makeRuntime(false);
    lua_State* L = rt->state();
    lua_pushnumber(L, 1);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, 0);
    for (auto _ : state) {
        if (state.range(0) == 1) {
            lua_pushnil(L);
            for (int i = 0; i < 10; ++i) lua_pushvalue(L, 1);
        } else {
            for (int i = 0; i < 10; ++i) lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        }
        lua_settop(L, 0);
    }
    state.SetItemsProcessed(state.iterations() * 10);
    state.counters["ns_per_call"] = benchmark::Counter(static_cast<double>(state.iterations() * 10),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// 1,000 scripted entities thinking every tick (ENT:Think with NextThink(CurTime()), returning true) against the same
// session without them and against 1,000 lua_pcall of an empty Lua function, in the same run. ns_per_entity is CPU
// time per tick / 1,000 (the tick's other work included: compare with BM_Baseline_TickNoSents).
constexpr int kSents = 1000;
std::unique_ptr<Runtime> sentRuntime(bool budget, int sents) {
    auto rt = makeRuntime(budget);
    const std::string code =
        "n = 0 scripted_ents.Register({ Type = 'anim', Think = function(self) n = n + 1 self:NextThink(CurTime()) "
        "return true end }, 'bench_sent') for i = 1, " +
        std::to_string(sents) + " do ents.Create('bench_sent'):Spawn() end";
    if (!rt->runString(code, "bench_sents").ok()) std::abort();
    rt->tick();
    return rt;
}
void tickBench(benchmark::State& state, int sents) {
    auto rt = sentRuntime(state.range(0) == 1, sents);
    for (auto _ : state) rt->tick();
    state.counters["ns_per_entity"] = benchmark::Counter(static_cast<double>(state.iterations()) * kSents,
                                                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
void BM_SentThink1000(benchmark::State& s) { tickBench(s, kSents); }
void BM_Baseline_TickNoSents(benchmark::State& s) { tickBench(s, 0); }
void BM_Baseline_EmptyLuaCall1000(benchmark::State& state) {
    auto rt = makeRuntime(state.range(0) == 1);
    lua_State* L = rt->state();
    if (!rt->runString("function bench_empty(self) end", "bench_empty").ok()) std::abort();
    lua_settop(L, 0);
    for (auto _ : state) {
        for (int i = 0; i < kSents; ++i) {
            lua_getglobal(L, "bench_empty");
            lua_pushnil(L);
            if (lua_pcall(L, 1, 1, 0) != 0) std::abort();
            lua_settop(L, 0);
        }
    }
    state.counters["ns_per_entity"] = benchmark::Counter(static_cast<double>(state.iterations()) * kSents,
                                                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace

BENCHMARK(BM_Baseline_EmptyLoop)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_RawCFunction)->Arg(0)->Arg(1);
BENCHMARK(BM_Floor_CIndex)->Arg(0)->Arg(1);
BENCHMARK(BM_Floor_CArith)->Arg(0)->Arg(1);
BENCHMARK(BM_Floor_NewUserdata)->Arg(0)->Arg(1);
BENCHMARK(BM_Floor_TableMethod)->Arg(0)->Arg(1);
BENCHMARK(BM_VectorAddKept)->Arg(0)->Arg(1);
BENCHMARK(BM_VectorAddUsed)->Arg(0)->Arg(1);
BENCHMARK(BM_VectorScaleKept)->Arg(0)->Arg(1);
BENCHMARK(BM_VectorLength)->Arg(0)->Arg(1);
BENCHMARK(BM_VectorFieldX)->Arg(0)->Arg(1);
BENCHMARK(BM_EntityGetPosKept)->Arg(0)->Arg(1);
BENCHMARK(BM_EntityGetPosUsed)->Arg(0)->Arg(1);
BENCHMARK(BM_EntitySetPos)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_ApiCall)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_RawPcall0)->Arg(0)->Arg(1);
BENCHMARK(BM_HookEngineCall)->Arg(0)->Arg(1);
BENCHMARK(BM_HookEngineCallByName)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_RawPcall1)->Arg(0)->Arg(1);
BENCHMARK(BM_HookRunFromC)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_PcallFromLua)->Arg(0)->Arg(1);
BENCHMARK(BM_HookRunFromLua)->Arg(0)->Arg(1);
BENCHMARK(BM_SentThink1000)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_TickNoSents)->Arg(0)->Arg(1);
BENCHMARK(BM_Baseline_EmptyLuaCall1000)->Arg(0)->Arg(1);
