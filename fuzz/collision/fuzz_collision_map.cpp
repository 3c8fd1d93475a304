// Fuzz target: BSP bytes -> readBsp -> fromBsp -> a few traces. Whatever the reader accepts, the collision
// loader either fails with a collision.* error or builds a world whose traces stay finite and within [0, 1].
#include <cstdint>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/collision/map_collision.hpp"

#define FUZZ_CHECK(cond)               \
    do {                               \
        if (!(cond)) __builtin_trap(); \
    } while (0)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    using namespace vestige::source;
    auto map = bsp::readBsp(ByteView(data, size));
    if (!map) return 0;
    auto world = collision::fromBsp(*map);
    if (!world) {
        FUZZ_CHECK(world.error().code().rfind("collision.", 0) == 0);
        return 0;
    }
    const Vec3 mins{-16, -16, 0};
    const Vec3 maxs{16, 16, 72};
    const Vec3 starts[] = {{0, 0, 64}, {100, -50, 10}, {-300, 200, 500}};
    for (const Vec3 s : starts) {
        const auto tr = world->model.traceBox(s, s + Vec3{200, 50, -400}, mins, maxs, collision::mask::kPlayerSolid);
        FUZZ_CHECK(tr.fraction >= 0.0f && tr.fraction <= 1.0f && isFinite(tr.endPos));
        (void)world->model.pointContents(s);
    }
    return 0;
}
