// Fuzz: entity lump text -> the entity world on the demo map's geometry -> 120 ticks with a player walking.
// Any lump must load or fail with game.worldspawn, then run without a crash or a hang: the I/O loop cut and the
// event limit bound every tick; the player and every entity stay finite; handles resolve to their own entity.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "vestige/source/bsp/entities.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/game/world.hpp"

using namespace vestige;
using namespace vestige::source;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::shared_ptr<const game::MapModels> models = [] {
        auto built = bsp::demoMap().build();
        if (!built.ok()) std::abort();
        auto m = game::MapModels::fromBsp(*built);
        if (!m.ok()) std::abort();
        return std::make_shared<const game::MapModels>(std::move(*m));
    }();
    auto ents = bsp::parseEntities(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!ents.ok()) return 0;
    game::WorldOptions options;
    options.maxEventsPerTick = 2000;  // keep fan-out inputs fast
    game::World world(models, options);
    const Status st = world.loadEntities(*ents);
    if (!st.ok()) {
        if (st.error().code() != "game.worldspawn") std::abort();
        return 0;
    }
    game::Entity& p = world.addPlayer();
    const game::EntityHandle ph = p.handle;
    for (int t = 0; t < 120; ++t) {
        game::UserCmd cmd;
        cmd.forwardMove = 400;
        cmd.viewAngles = {0, static_cast<float>((t * 7) % 360), 0};
        cmd.buttons = (t % 30 == 0 ? game::in::kJump : 0u) | (t % 50 == 0 ? game::in::kUse : 0u);
        if (game::Entity* pl = world.get(ph)) world.setCommand(*pl, cmd);
        world.step();
    }
    world.forEach([&](game::Entity& e) {
        if (world.get(e.handle) != &e) std::abort();
        if (e.player && (!isFinite(e.origin) || !isFinite(e.velocity))) std::abort();
    });
    (void)world.stateHash();
    return 0;
}
