// The entity world's costs against same-run baselines:
//  * one player tick inside World::step with every GMod hook point set (StartCommand, SetupMove, PlayerTick, Move,
//    FinishMove) vs one bare CGameMovement tick on the same map (goal: at most 3x);
//  * the same tick inside a Lua session with the five hooks in Lua (JIT mode);
//  * a world tick with 1,000 entities (500 logic_timers firing outputs into math_counters, 500 inert), per entity.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/builder.hpp"
#if VESTIGE_BENCH_LUA_SESSION
#include "vestige/source/game/map.hpp"
#endif
#include "vestige/source/game/world.hpp"

namespace {
using namespace vestige;
using namespace vestige::source;

bsp::MapBuilder baseMap() {
    bsp::MapBuilder map;
    map.addRoom({-2048, -2048, 0}, {2048, 2048, 512}, 16, "dev/dev_measuregeneric01");
    for (int i = 0; i < 16; ++i) {
        const float x = -1800.0f + 220.0f * static_cast<float>(i);
        map.addBox({x, -64, 0}, {x + 64, 64, 8.0f + static_cast<float>(i % 3) * 6.0f}, "dev/dev_measuregeneric01");
    }
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-1900 0 0"}});
    return map;
}

std::unique_ptr<game::World> load(const bsp::MapBuilder& map) {
    auto bytes = map.write();
    auto parsed = bsp::readBsp(*bytes);
    auto world = game::World::fromBsp(*parsed);
    return std::move(*world);
}

// Walking back and forth along the row of low boxes (steps, so StepMove runs too).
game::UserCmd walkCmd(std::uint64_t tick) {
    game::UserCmd c;
    c.forwardMove = 10000;
    c.viewAngles = {0, (tick / 400) % 2 == 0 ? 0.0f : 180.0f, 0};
    c.buttons = game::in::kForward;
    return c;
}

void BM_BareMovementTick(benchmark::State& state) {
    auto world = load(baseMap());
    movement::MoveSettings cv;
    cv.maxSpeed = 200;
    const movement::PlayerMovement pm(world->map()->world(), cv);
    movement::PlayerState s = pm.spawn({-1900, 0, 1});
    std::uint64_t t = 0;
    for (auto _ : state) {
        const game::UserCmd c = walkCmd(t++);
        movement::MoveInput in;
        in.forwardMove = c.forwardMove;
        in.viewAngles = c.viewAngles;
        in.buttons = c.buttons;
        pm.tick(s, in);
    }
    benchmark::DoNotOptimize(s.origin);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_WorldPlayerTickWithHooks(benchmark::State& state) {
    auto world = load(baseMap());
    int calls = 0;
    world->hooks.startCommand = [&](game::World&, game::Entity&, game::UserCmd&) { ++calls; };
    world->hooks.setupMove = [&](game::World&, game::Entity&, game::MoveData&, const game::UserCmd&) { ++calls; };
    world->hooks.playerTick = [&](game::World&, game::Entity&, game::MoveData&) { ++calls; };
    world->hooks.move = [&](game::World&, game::Entity&, game::MoveData&) { return ++calls < 0; };
    world->hooks.finishMove = [&](game::World&, game::Entity&, game::MoveData&) { return ++calls < 0; };
    game::Entity& p = world->addPlayer();
    world->step();
    for (auto _ : state) {
        world->setCommand(p, walkCmd(world->tick()));
        world->step();
    }
    benchmark::DoNotOptimize(calls);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["entities"] = static_cast<double>(world->count());
}

#if VESTIGE_BENCH_LUA_SESSION
// The same player tick inside a Lua session (JIT mode, GMod's configuration): the world's movement with the five
// hooks going through hook.Call to Lua functions, plus the session's own Think/Tick/timer dispatch per tick.
void BM_LuaSessionPlayerTickWithLuaHooks(benchmark::State& state) {
    auto bytes = baseMap().write();
    auto map = game::GameMap::load(*bytes, "bench");
    glua::Options opt;
    opt.instructionBudget = 0;
    opt.output = [](std::string_view) {};
    auto rt = std::move(*game::createRuntime(*map, std::move(opt)));
    (void)rt->boot();
    (void)rt->runString(
        "N = 0 local function f() N = N + 1 end "
        "for _, h in ipairs({'StartCommand', 'SetupMove', 'PlayerTick', 'Move', 'FinishMove'}) do "
        "hook.Add(h, 'bench', f) end",
        "bench");
    game::Entity& p = rt->joinPlayer();
    rt->tick();
    for (auto _ : state) {
        rt->world().setCommand(p, walkCmd(rt->world().tick()));
        rt->tick();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["lua_errors"] = static_cast<double>(rt->errors().size());
}
BENCHMARK(BM_LuaSessionPlayerTickWithLuaHooks);
#endif

void BM_WorldTick1000Entities(benchmark::State& state) {
    auto map = baseMap();
    for (int i = 0; i < 500; ++i) {
        const std::string c = "c" + std::to_string(i % 50);
        map.addEntity({{"classname", "logic_timer"}, {"RefireTime", "0.1"}, {"OnTimer", c + ",Add,1,0,-1"}});
        if (i < 50) map.addEntity({{"classname", "math_counter"}, {"targetname", c}});
    }
    for (int i = 0; i < 449; ++i) map.addEntity({{"classname", "info_target"}, {"origin", std::to_string(i) + " 0 0"}});
    auto world = load(map);
    game::Entity& p = world->addPlayer();
    world->step();
    for (auto _ : state) {
        world->setCommand(p, walkCmd(world->tick()));
        world->step();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(world->count()));
    state.counters["entities"] = static_cast<double>(world->count());
    state.counters["io_events"] = static_cast<double>(world->ioEventsFired());
}

}  // namespace

BENCHMARK(BM_BareMovementTick);
BENCHMARK(BM_WorldPlayerTickWithHooks);
BENCHMARK(BM_WorldTick1000Entities);
