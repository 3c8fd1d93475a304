// Fuzz target: traces against worlds of random boxes and wedges. The BVH trace must equal the brute-force
// trace, fractions stay in [0, 1], end positions are finite, and a trace that reports no start-solid never
// ends inside a volume (the end box, tested as a point trace, is not all-solid). fractionLeftSolid agrees too,
// and traceEngine keeps the engine's ray invariant (fraction >= fractionLeftSolid unless all-solid).
#include <cmath>
#include <cstdint>
#include <cstring>

#include "vestige/source/collision/builder.hpp"

#define FUZZ_CHECK(cond)               \
    do {                               \
        if (!(cond)) __builtin_trap(); \
    } while (0)

namespace {
struct Reader {
    const std::uint8_t* p;
    std::size_t n;
    float next(float lo, float hi) {
        std::uint16_t v = 0;
        if (n >= 2) {
            std::memcpy(&v, p, 2);
            p += 2;
            n -= 2;
        }
        return lo + (hi - lo) * static_cast<float>(v) / 65535.0f;
    }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    using namespace vestige::source::collision;
    Reader r{data, size};
    ModelBuilder b;
    const int count = static_cast<int>(r.next(0, 12));
    for (int i = 0; i < count; ++i) {
        const Vec3 mn{r.next(-256, 256), r.next(-256, 256), r.next(-256, 256)};
        const Vec3 ext{r.next(0.5f, 128), r.next(0.5f, 128), r.next(0.5f, 128)};
        if (r.next(0, 1) < 0.3f) {
            b.addRamp(mn.x, mn.y, mn.y + ext.y, mn.z, ext.x + 1, r.next(1, 80), r.next(0, 1) < 0.5f);
        } else {
            b.addBox(mn, mn + ext, r.next(0, 1) < 0.8f ? contents::kSolid : contents::kWater);
        }
    }
    const CollisionModel w = b.build();
    for (int t = 0; t < 8 && r.n >= 2; ++t) {
        const Vec3 s{r.next(-400, 400), r.next(-400, 400), r.next(-400, 400)};
        const Vec3 e{r.next(-400, 400), r.next(-400, 400), r.next(-400, 400)};
        const float h = r.next(0, 24);
        const Vec3 mn{-h, -h, 0};
        const Vec3 mx{h, h, r.next(0, 72)};
        const TraceResult a = w.traceBox(s, e, mn, mx, mask::kPlayerSolid);
        const TraceResult bf = w.traceBoxBruteForce(s, e, mn, mx, mask::kPlayerSolid);
        FUZZ_CHECK(a.fraction == bf.fraction && a.startSolid == bf.startSolid && a.allSolid == bf.allSolid);
        FUZZ_CHECK(a.fraction >= 0.0f && a.fraction <= 1.0f && isFinite(a.endPos));
        FUZZ_CHECK(a.fractionLeftSolid == bf.fractionLeftSolid);
        FUZZ_CHECK(a.fractionLeftSolid >= 0.0f && a.fractionLeftSolid <= 1.0f);
        FUZZ_CHECK(a.startSolid || a.fractionLeftSolid == 0.0f);
        // traceEngine: rays that start inside follow the engine's point rule (never a hit before the ray has
        // left the solid: Source's assert fraction >= fractionleftsolid); anything else is traceBox's result.
        const TraceResult ray = w.traceEngine(s, e, {}, {}, mask::kSolid);
        const TraceResult plainRay = w.traceRay(s, e, mask::kSolid);
        FUZZ_CHECK(ray.fraction >= 0.0f && ray.fraction <= 1.0f && isFinite(ray.endPos));
        FUZZ_CHECK(ray.fractionLeftSolid >= 0.0f && ray.fractionLeftSolid <= 1.0f);
        FUZZ_CHECK(ray.allSolid || ray.fraction >= ray.fractionLeftSolid);
        FUZZ_CHECK(plainRay.startSolid == ray.startSolid);
        if (!plainRay.startSolid) FUZZ_CHECK(plainRay.fraction == ray.fraction);
        const TraceResult boxEngine = w.traceEngine(s, e, mn, mx, mask::kPlayerSolid);
        FUZZ_CHECK(h == 0.0f || boxEngine.fraction == a.fraction);
        if (!a.startSolid) {
            const TraceResult at = w.traceBox(a.endPos, a.endPos, mn, mx, mask::kPlayerSolid);
            FUZZ_CHECK(!at.allSolid);
        }
        (void)w.pointContents(s);
    }
    return 0;
}
