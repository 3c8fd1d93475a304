#pragma once
// The per-face test shared by the scan and the index, so both evaluate exactly the same floats.
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>

#include "vestige/core/math.hpp"

namespace vestige::iron3d::query::detail {

// The projection axis of mrnPointInPoly: the largest |normal| component (ties: x before y before z;
// the seed does not say how the original breaks ties, and for a point on the plane any non-degenerate
// projection gives the same answer).
inline int dominantAxis(Vec3 n) {
    const float ax = std::fabs(n.x), ay = std::fabs(n.y), az = std::fabs(n.z);
    if (ax >= ay && ax >= az) return 0;
    return ay >= az ? 1 : 2;
}

// The two projected coordinates (u, w) for an axis, ordered so that a face wound counter-clockwise
// around its normal has non-negative edge expressions inside: (y, z), (z, x), (x, y), swapped when the
// dominant component is negative.
struct Projection {
    int u = 0, w = 1;
};
inline Projection projectionFor(Vec3 n) {
    const int a = dominantAxis(n);
    Projection p{(a + 1) % 3, (a + 2) % 3};
    if (n[a] < 0) std::swap(p.u, p.w);
    return p;
}

// mrnPointInPoly on a triangle: no edge expression below zero (zero = on an edge or vertex = inside).
inline bool pointInTriangle(Vec3 p, Vec3 v0, Vec3 v1, Vec3 v2, Projection pr) {
    const Vec3* v[3] = {&v0, &v1, &v2};
    for (int i = 0; i < 3; ++i) {
        const Vec3& a = *v[i];
        const Vec3& b = *v[(i + 1) % 3];
        const float e = (b[pr.u] - a[pr.u]) * (p[pr.w] - a[pr.w]) - (b[pr.w] - a[pr.w]) * (p[pr.u] - a[pr.u]);
        if (e < 0.0f) return false;
    }
    return true;
}

struct Crossing {
    Vec3 point;
    bool reversed = false;
};

// Plane test with threshold 0, then the polygon test. `dir` = end - start.
inline bool crossFace(Vec3 start, Vec3 end, Vec3 dir, Vec3 v0, Vec3 v1, Vec3 v2, Vec3 n, bool allowReverse,
                      Crossing& out) {
    const float dn = dot(n, dir);
    const float ds = dot(n, start - v0);
    const float de = dot(n, end - v0);
    if (ds > 0.0f && de <= 0.0f && dn < 0.0f) {
        const float t = ds / -dn;
        out.point = start + dir * (t < 1.0f ? t : 1.0f);
        out.reversed = false;
    } else if (allowReverse && de > 0.0f && ds <= 0.0f && dn > 0.0f) {
        // The forward test did not cross: the same test on end -> start (dot(n, start - end) = -dn < 0).
        const float t = de / dn;
        out.point = end - dir * (t < 1.0f ? t : 1.0f);
        out.reversed = true;
    } else {
        return false;
    }
    return pointInTriangle(out.point, v0, v1, v2, projectionFor(n));
}

inline Vec3 decodeNormal(const std::array<std::int16_t, 3>& n) {
    constexpr float k = 1.0f / 32767.0f;
    return {n[0] * k, n[1] * k, n[2] * k};
}

}  // namespace vestige::iron3d::query::detail
