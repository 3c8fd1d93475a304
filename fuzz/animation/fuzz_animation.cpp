// Animation streams: node tracks, type 8 keys and a type 19 map taken from the input, validated,
// then sampled at input-chosen times. Input layout (all little-endian):
//   u8 node count (1..16), per node u16 parent, u16 anim_map_start, u16 fallback_key,
//   u16 frame count, u16 type-8 byte length L, L bytes of type 8, the rest type 19,
//   times are taken from the first type-8 floats (any bit pattern).
#include <cmath>
#include <cstdlib>
#include <optional>

#include "vestige/iron3d/animation/animation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige;
    namespace an = iron3d::animation;
    ByteReader r(ByteView(data, size));
    auto count = r.u8();
    if (!count) return 0;
    const std::size_t nodes = *count % 16 + 1;
    std::vector<an::NodeTrack> tracks(nodes);
    for (auto& t : tracks) {
        auto parent = r.u16(), map = r.u16(), fallback = r.u16();
        if (!parent || !map || !fallback) return 0;
        if (*parent != an::kNone) t.parent = *parent;
        t.animMapStart = *map;
        t.fallbackKey = *fallback;
    }
    auto frames = r.u16(), keyLength = r.u16();
    if (!frames || !keyLength) return 0;
    const std::size_t take = std::min<std::size_t>(*keyLength, r.remaining());
    auto keyBytes = r.bytes(take);
    if (!keyBytes) return 0;
    auto keys = an::decodeKeys(*keyBytes, 1);
    auto map = an::decodeFrameMap(r.rest(), 1 + take);
    if (!keys || !map) return 0;
    auto anim = an::ModelAnimation::create(tracks, *keys, *map, *frames);
    if (!anim) return 0;
    std::vector<std::optional<float>> times(nodes);
    for (std::size_t i = 0; i < nodes; ++i)
        if (i % 3 != 2 && (i + 1) * 4 <= keyBytes->size()) times[i] = loadF32(keyBytes->data() + i * 4);
    std::vector<an::Pose> local, global;
    std::vector<an::SampleInfo> info;
    auto st = anim->sampleInto(times, local, global, &info);
    if (st) {
        for (std::size_t i = 0; i < nodes; ++i)
            if (times[i] && !(std::isfinite(*times[i]) && *times[i] >= 0)) std::abort();  // must have failed
    }
    (void)anim->fallbackHierarchy();
    (void)anim->sampledHierarchyAtFrame(*frames % 8);
    return 0;
}
