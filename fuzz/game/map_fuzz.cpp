// Fuzz: entity lump text -> GameMap on the demo map's geometry -> traces. Any input must give a map or a clean
// error (game.* / collision.*), never a crash; traces on a loaded map must return finite fractions in [0, 1].
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "vestige/source/bsp/entities.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/game/map.hpp"

using namespace vestige;
using namespace vestige::source;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bsp::Bsp base = [] {
        auto built = bsp::demoMap().build();
        if (!built.ok()) std::abort();
        return *built;
    }();
    auto ents = bsp::parseEntities(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!ents.ok()) return 0;
    bsp::Bsp map = base;
    map.entities = std::move(*ents);
    auto loaded = game::GameMap::fromBsp(map, "fuzz");
    if (!loaded.ok()) return 0;
    const auto& m = **loaded;
    auto scene = m.initialScene();
    for (const auto& e : m.entities()) {
        if (!isFinite(e.origin) || !isFinite(e.angles)) std::abort();
    }
    glua::TraceQuery q;
    q.start = {-384, 64, 64};
    q.end = {-128, 64, 64};
    for (int hull = 0; hull < 2; ++hull) {
        q.hull = hull == 1;
        q.mins = q.hull ? game::kPlayerMins : Vec3{};
        q.maxs = q.hull ? game::kPlayerMaxs : Vec3{};
        const auto hit = m.trace(q, scene);
        if (!(hit.fraction >= 0.0f && hit.fraction <= 1.0f) || !isFinite(hit.hitPos)) std::abort();
    }
    return 0;
}
