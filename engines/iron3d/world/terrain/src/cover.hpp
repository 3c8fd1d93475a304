#pragma once
// The one coverage test both height paths (BVH walk, XY grid) use, so they agree bit for bit.
#include <algorithm>

#include "vestige/core/math.hpp"

namespace vestige::iron3d::terrain::detail {

// True when (px, py) lies in the XY rectangle of a, b, c and in the triangle (edges inclusive); z is then the
// height there. Faces vertical in XY cover nothing.
inline bool coverHeight(const Vec3& a, const Vec3& b, const Vec3& c, float x, float y, float& z) {
    if (x < std::min({a.x, b.x, c.x}) || x > std::max({a.x, b.x, c.x}) || y < std::min({a.y, b.y, c.y}) ||
        y > std::max({a.y, b.y, c.y}))
        return false;
    const double px = x, py = y;
    const double ax = a.x, ay = a.y, bx = b.x, by = b.y, cx = c.x, cy = c.y;
    const double d = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (d == 0) return false;
    // Edge functions with the same products a neighbour sharing the edge computes (negated): a point on a shared
    // edge gets exactly 0 from both, so it is covered by both.
    const double w0 = (bx - px) * (cy - py) - (by - py) * (cx - px);
    const double w1 = (cx - px) * (ay - py) - (cy - py) * (ax - px);
    const double w2 = (ax - px) * (by - py) - (ay - py) * (bx - px);
    const bool inside = d > 0 ? (w0 >= 0 && w1 >= 0 && w2 >= 0) : (w0 <= 0 && w1 <= 0 && w2 <= 0);
    if (!inside) return false;
    z = static_cast<float>((w0 * a.z + w1 * b.z + w2 * c.z) / d);
    return true;
}

}  // namespace vestige::iron3d::terrain::detail
