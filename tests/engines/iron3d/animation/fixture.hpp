#pragma once
// Helpers for animation tests: keys built from float poses, quantised exactly as type 8 stores them.
#include <cmath>

#include "vestige/iron3d/animation/animation.hpp"

namespace vestige::iron3d::animation::test {

inline std::int16_t q16(float v) { return static_cast<std::int16_t>(std::lround(v * 32767.0f)); }

inline Key makeKey(Vec3 position, float time, Quat q = {}) {
    Key k;
    k.position = position;
    k.time = time;
    k.raw = {q16(q.w), q16(q.x), q16(q.y), q16(q.z)};
    k.rotation = Quat{k.raw[1] * kQuatScale, k.raw[2] * kQuatScale, k.raw[3] * kQuatScale, k.raw[0] * kQuatScale};
    return k;
}

inline NodeTrack track(std::optional<std::uint16_t> parent, std::uint16_t fallback, std::uint16_t mapStart = kNone) {
    NodeTrack n;
    n.parent = parent;
    n.fallbackKey = fallback;
    n.animMapStart = mapStart;
    return n;
}

}  // namespace vestige::iron3d::animation::test
