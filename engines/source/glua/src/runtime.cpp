// Runtime: the lua_State's creation (allocator, budget hook, libraries), boot order and the tick driver. The jobs
// around it live beside it: allocator.cpp, budget.cpp, errors.cpp (protected calls), loader.cpp, gamemode.cpp,
// events.cpp (engine -> Lua dispatch), lib/*.cpp (one file per Lua library).
#include "vestige/source/glua/runtime.hpp"

#include <algorithm>
#include <cmath>

#include "internal.hpp"
#include "lib/physobj.hpp"

namespace vestige::source::glua {

Runtime::Runtime(Options options) : mOptions(std::move(options)), mImpl(std::make_unique<Impl>()) {
    mImpl->owner = this;
}

Runtime::~Runtime() {
    if (mL) lua_close(mL);
}

Result<std::unique_ptr<Runtime>> Runtime::create(Options options) {
    std::unique_ptr<Runtime> rt(new Runtime(std::move(options)));
    if (!(rt->mOptions.timeLimit >= 0) || !std::isfinite(rt->mOptions.timeLimit))
        return Error("glua.time_limit", "time limit must be a finite number of seconds, 0 or more").field("timeLimit");
    const double interval = rt->mOptions.tickInterval;
    if (!(interval > 0) || !std::isfinite(interval))
        return Error("glua.tick_interval", "tick interval must be a positive number").field("tickInterval");
    rt->mImpl->clock = TickClock(interval);
    if (!rt->mOptions.world) {
        game::WorldOptions wo;
        wo.tickRate = 1.0 / interval;
        rt->mOptions.world = std::make_shared<game::World>(nullptr, wo);
    }
    rt->mImpl->entities = EntityTable(rt->mOptions.world);
    game::World& world = *rt->mOptions.world;
    (void)world.worldEntity();
    lua_State* L = lua_newstate(&luaAllocate, rt->mImpl.get());
    if (!L) return Error("glua.state", "cannot create a LuaJIT state");
    rt->mL = L;
    auto& impl = *rt->mImpl;
    luaL_openlibs(L);
    if (rt->mOptions.instructionBudget > 0) {
        // Compiled traces never run count hooks, so a budget needs the interpreter.
        luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
        lua_sethook(L, &countHook, LUA_MASKCOUNT, kHookGranularity);
    }
    lua_pushcfunction(L, messageHandler);
    impl.tracebackRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kHookCountsKey);
    if (!rt->mOptions.gmodDir) {  // install mode: GMod's hook.lua, the engine calls its hook.Call
        lua_pushcfunction(L, recordingHandler);
        impl.hookHandlerRef = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_newtable(L);
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "engine");
        lua_setfield(L, LUA_REGISTRYINDEX, kHookEngineKey);
    }

    // Roots: addons first, then the install; the embedded library last in standalone mode.
    for (const auto& d : rt->mOptions.addonDirs) impl.roots.push_back(d);
    if (rt->mOptions.gmodDir) {
        impl.roots.push_back(*rt->mOptions.gmodDir);
        impl.useEmbedded = false;
        std::error_code ec;
        std::vector<std::filesystem::path> legacy;
        for (std::filesystem::directory_iterator it(*rt->mOptions.gmodDir / "addons", ec), end; !ec && it != end;
             it.increment(ec))
            if (it->is_directory(ec)) legacy.push_back(it->path());
        std::sort(legacy.begin(), legacy.end());
        for (auto& p : legacy) impl.roots.push_back(p);
    }

    // JIT mode (no budget) represents Vector/Angle as ffi structs; the interpreter keeps userdata (see internal.hpp).
    impl.ffiTypes = rt->mOptions.instructionBudget == 0;
    openEntities(*rt, L);
    openUserCmd(*rt, L);
    if (impl.ffiTypes) {
        if (!openFastPath(*rt, L))
            return Error("glua.state", "cannot install Vector/Angle: " + impl.errors.back().render());
    } else {
        openTypes(*rt, L);
    }
    for (auto open : {openEnums,      openBase,        openTimer,       openUtil,        openGame,
                      openConcommand, openFile,        openSandbox,     openServerApi,   openWeapons,
                      openDamage,     openPhysics,     openConstraints, openEntityFrame, openMotionControllers,
                      openEntityIo,   openSoundEvents, openAppearance,  openPlayerState, openMaterials,
                      openFireBullets})
        open(*rt, L);
    if (rt->mOptions.realm == Realm::Client) openClient(*rt, L);
    openReporting(*rt, L);
    installDebugGuards(L);
    if (rt->mOptions.instructionBudget > 0) {  // without a budget LuaJIT's own functions stay (the JIT compiles them)
        openChargedString(*rt, L);
        openChargedTable(*rt, L);
        lua_pushcfunction(L, budgetPcall);
        lua_setglobal(L, "pcall");
        lua_pushcfunction(L, budgetXpcall);
        lua_setglobal(L, "xpcall");
    }
    impl.thinkEvent = rt->hookId("Think");
    impl.tickEvent = rt->hookId("Tick");
    bindWorld(*rt);
    resetStack(*rt);
    return rt;
}

Status Runtime::boot() {
    auto& impl = *mImpl;
    if (impl.booted) return {};
    impl.booted = true;
    lua_State* L = mL;
    // Install mode: the counted stand-ins GMod's own loaders need (lua/vestige/gmod_natives.lua, standins.cpp).
    if (mOptions.gmodDir) (void)runNatives(*this);
    if (!loadIncludeChunk(*this, L, "includes/init.lua", "")) return Error("glua.base", impl.errors.back().render());
    if (!protectedCall(0, 0)) return Error("glua.base", impl.errors.back().render());
    // Our hook.lua left bind() in the engine table; keep it and unlink the table from the registry (scripts
    // reach the registry by name through debug.getregistry()).
    lua_getfield(L, LUA_REGISTRYINDEX, kHookEngineKey);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "bind");
        if (lua_isfunction(L, -1))
            impl.hookBindRef = luaL_ref(L, LUA_REGISTRYINDEX);
        else
            lua_pop(L, 1);
        lua_pushnil(L);
        lua_setfield(L, LUA_REGISTRYINDEX, kHookEngineKey);
    }
    lua_pop(L, 1);
    const char* realmAutorun = mOptions.realm == Realm::Client ? "lua/autorun/client" : "lua/autorun/server";
    for (const char* dir : {"lua/autorun", realmAutorun}) {
        for (const auto& file : findGameFiles(*this, dir, ".lua")) {
            if (loadIncludeChunk(*this, L, std::string(dir) + "/" + file, "")) (void)protectedCall(0, 0);
        }
    }
    for (const auto& script : mOptions.scripts) (void)runHostFile(script);
    if (loadGamemode(*this, mOptions.gamemode)) {
        lua_getglobal(L, "gamemode");
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "Get");
            lua_pushstring(L, mOptions.gamemode.c_str());
            if (protectedCall(1, 1)) lua_setglobal(L, "GAMEMODE");
        }
        lua_pop(L, 1);
    }
    loadScriptedEntities(*this);
    loadWeapons(*this);
    callHook("PostGamemodeLoaded");
    callHook("Initialize");
    if (!mOptions.mapEntities.empty()) {
        // The world is not running yet, so every entity spawns and then activates as the engine loads a map.
        if (auto loaded = world().loadEntities(mOptions.mapEntities); !loaded) {
            LuaError e;
            e.kind = LuaError::Kind::File;
            e.message = "map entities: " + loaded.error().render();
            recordError(*this, std::move(e));
        }
    }
    callHook("InitPostEntity");
    traceBoot(*this);
    return {};
}

void Runtime::tick() {
    if (mOptions.realm == Realm::Client) return frame();  // the client's world is the server's copy: never stepped
    auto& impl = *mImpl;
    impl.clock.advance();
    addPlayerOnce(*this);
    // The Lua side of the tick (Think, Tick, timers) runs at the world's Tick hook point (bindWorld).
    world().step();
    traceTick(*this);
    resetStack(*this);
}

const TickClock& Runtime::clock() const { return mImpl->clock; }
const std::vector<LuaError>& Runtime::errors() const { return mImpl->errors; }
const std::vector<std::string>& Runtime::filesLoaded() const { return mImpl->filesLoaded; }
const std::vector<TimerFire>& Runtime::timersFired() const { return mImpl->timersFired; }
game::World& Runtime::world() { return mImpl->entities.world(); }
const game::World& Runtime::world() const { return mImpl->entities.world(); }
std::size_t Runtime::memoryUsed() const { return mImpl->memUsed; }
std::uint64_t Runtime::warnings() const { return mImpl->warnings; }

}  // namespace vestige::source::glua
