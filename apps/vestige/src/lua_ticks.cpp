// The tick loop of `vestige lua` and `vestige play`: the player driven by an input script (the `vestige move`
// format, as `vestige game` reads it) inside the Lua session, one JSON line per tick when asked, and the caller's
// per-tick step (play's screenshots) after each tick.
#include <string>

#include "app.hpp"
#include "lua_report.hpp"
#include "vestige/source/game/headless.hpp"

namespace vestige::app {

Status runLuaTicks(source::glua::Runtime& rt, std::span<const source::movement::ScriptCommand> script,
                   std::uint64_t ticks, const TraceLine& line, const AfterTick& after) {
    using namespace vestige::source;
    game::ScriptCursor cursor(script);
    // The first tick's command needs the player before that tick: it joins now rather than on the tick.
    const game::EntityHandle player = script.empty() ? game::EntityHandle{} : rt.joinPlayer().handle;
    for (std::uint64_t t = 0; t < ticks; ++t) {
        game::World& world = rt.world();
        if (game::Entity* p = world.get(player)) world.setCommand(*p, cursor.next());
        rt.tick();
        if (line) line(game::tickJson(world, world.player(1)));
        if (after) VESTIGE_CHECK(after(rt.currentTick()));
    }
    return {};
}

nlohmann::json playerJson(source::game::World& world) {
    const source::game::Entity* p = world.player(1);
    if (!p || !p->player) return nullptr;
    const Vec3 eye = p->player->eyeAngles;
    return {{"index", p->index},
            {"origin", {p->origin.x, p->origin.y, p->origin.z}},
            {"eyeAngles", {eye.x, eye.y, eye.z}},
            {"viewOffset", p->player->move.viewOffsetZ},
            {"health", p->health},
            {"alive", p->alive}};
}

}  // namespace vestige::app
