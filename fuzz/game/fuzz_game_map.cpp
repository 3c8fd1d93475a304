// Fuzz: entity lump text -> GameMap on the demo map's geometry -> traces. Any input must give a map or a clean
// error (game.* / collision.*), never a crash; traces on a loaded map must return finite fractions in [0, 1].
// The lump's angles turn brush entities (model-space traces); the trace's collision group and the entities' groups
// come from the input's bytes, and one trace starts inside the floor (FractionLeftSolid in [0, 1]).
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
    // Groups -1..21 (out-of-table values included) from the input's bytes.
    for (std::size_t i = 0; i < scene.size(); ++i) {
        scene[i].collisionGroup = size > 0 ? static_cast<int>(data[i % size] % 23) - 1 : 0;
    }
    game::TraceQuery q;
    q.collisionGroup = size > 1 ? static_cast<int>(data[size - 1] % 23) - 1 : 0;
    const Vec3 starts[] = {{-384, 64, 64}, {0, -512, -4}};
    const Vec3 ends[] = {{-128, 64, 64}, {16, -512, 96}};
    for (int t = 0; t < 2; ++t) {
        q.start = starts[t];
        q.end = ends[t];
        for (int hull = 0; hull < 2; ++hull) {
            q.hull = hull == 1;
            q.mins = q.hull ? game::kPlayerMins : Vec3{};
            q.maxs = q.hull ? game::kPlayerMaxs : Vec3{};
            const auto hit = m.trace(q, scene);
            if (!(hit.fraction >= 0.0f && hit.fraction <= 1.0f) || !isFinite(hit.hitPos)) std::abort();
            if (!(hit.fractionLeftSolid >= 0.0f && hit.fractionLeftSolid <= 1.0f)) std::abort();
            if (hit.dispFlags > 0xFFFFu || !isFinite(hit.hitNormal)) std::abort();
        }
    }
    for (const Vec3 p : starts) (void)m.pointContents(p, scene);
    return 0;
}
