// Brush windings and vbsp bevels in double precision (rules in brush_geometry.hpp).
#include "vestige/source/base/brush_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace vestige::source::base {

namespace {

constexpr double kBaseWindingSize = 262144.0;  // half-size of the square a side's winding is cut from
constexpr double kOnPlane = 0.001;             // winding clip tolerance
constexpr double kSnap = 1e-3;                 // coordinates this close to an integer become it
constexpr double kSamePoint = 1e-6;            // squared distance of repeated winding points
constexpr float kMapLimit = 65536.0f;          // beyond this a winding point belongs to an open brush
constexpr double kSameNormal = 1e-5;           // per component
constexpr double kAxialEdge = 1e-6;            // an edge direction component this small counts as zero
constexpr double kMinBevelNormal = 0.5;        // |edge x axis| below this makes no bevel (vbsp)
constexpr double kBehind = 0.01;               // a bevel must keep every vertex within this behind it

int dominantAxis(Vec3 n) {
    const float ax = std::fabs(n.x), ay = std::fabs(n.y), az = std::fabs(n.z);
    if (ax >= ay && ax >= az) return 0;
    return ay >= az ? 1 : 2;
}

double snap(double v) {
    const double r = std::round(v);
    return std::fabs(v - r) < kSnap ? r : v;
}

}  // namespace

DVec3 normalized(DVec3 v) {
    const double l = std::sqrt(dot(v, v));
    return l > 0 ? v * (1.0 / l) : DVec3{};
}

Winding sideWinding(std::span<const Plane> sides, std::size_t which) {
    const DVec3 n = normalized(toDouble(sides[which].normal));
    const double d = sides[which].dist;
    DVec3 up = dominantAxis(sides[which].normal) == 2 ? DVec3{1, 0, 0} : DVec3{0, 0, 1};
    up = normalized(up - n * dot(up, n));
    const DVec3 right = cross(up, n);
    const DVec3 org = n * d;
    const double s = kBaseWindingSize;
    Winding w = {org + right * -s + up * s, org + right * s + up * s, org + right * s + up * -s,
                 org + right * -s + up * -s};
    for (std::size_t k = 0; k < sides.size() && !w.empty(); ++k) {
        if (k == which) continue;
        const DVec3 cn = normalized(toDouble(sides[k].normal));
        const double cd = sides[k].dist;
        Winding out;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const DVec3& a = w[i];
            const DVec3& b = w[(i + 1) % w.size()];
            const double da = dot(cn, a) - cd, db = dot(cn, b) - cd;
            if (da <= kOnPlane) out.push_back(a);
            if ((da < -kOnPlane && db > kOnPlane) || (da > kOnPlane && db < -kOnPlane)) {
                out.push_back(a + (b - a) * (da / (da - db)));
            }
        }
        w = std::move(out);
    }
    for (DVec3& p : w)
        for (int c = 0; c < 3; ++c) p[c] = snap(p[c]);
    // Clipping through a vertex repeats it.
    Winding uniq;
    for (const DVec3& p : w) {
        if (!uniq.empty() && dot(p - uniq.back(), p - uniq.back()) < kSamePoint) continue;
        uniq.push_back(p);
    }
    while (uniq.size() > 1 && dot(uniq.front() - uniq.back(), uniq.front() - uniq.back()) < kSamePoint) uniq.pop_back();
    if (uniq.size() < 3) return {};
    // Clockwise seen from the front: the polygon's (Newell) normal must oppose the plane normal.
    DVec3 newell;
    for (std::size_t i = 0; i < uniq.size(); ++i) newell = newell + cross(uniq[i], uniq[(i + 1) % uniq.size()]);
    if (dot(newell, n) > 0) std::reverse(uniq.begin(), uniq.end());
    return uniq;
}

BrushHull brushHull(std::span<const Plane> sides) {
    BrushHull hull;
    hull.windings.reserve(sides.size());
    for (std::size_t s = 0; s < sides.size(); ++s) {
        hull.windings.push_back(sideWinding(sides, s));
        if (!hull.windings.back().empty()) ++hull.faces;
        for (const DVec3& p : hull.windings.back()) hull.bounds.expand(toFloat(p));
    }
    const Aabb& b = hull.bounds;
    hull.open = !b.isEmpty() && !(b.min.x > -kMapLimit && b.min.y > -kMapLimit && b.min.z > -kMapLimit &&
                                  b.max.x < kMapLimit && b.max.y < kMapLimit && b.max.z < kMapLimit);
    return hull;
}

std::vector<Plane> bevelPlanes(std::span<const Plane> sides, std::span<const Winding> windings) {
    std::vector<Plane> out;
    std::vector<DVec3> verts;
    for (const Winding& w : windings) verts.insert(verts.end(), w.begin(), w.end());
    if (verts.empty()) return out;
    // Normals as planes store them (floats), compared after normalising; bevels join the list as they are added.
    std::vector<DVec3> normals;
    for (const Plane& s : sides) normals.push_back(normalized(toDouble(s.normal)));
    auto hasNormal = [&](const DVec3& n) {
        return std::any_of(normals.begin(), normals.end(), [&](const DVec3& m) {
            return std::fabs(m.x - n.x) < kSameNormal && std::fabs(m.y - n.y) < kSameNormal &&
                   std::fabs(m.z - n.z) < kSameNormal;
        });
    };
    auto add = [&](const DVec3& n, double d) {
        out.push_back(Plane{toFloat(n), static_cast<float>(d)});
        normals.push_back(normalized(toDouble(out.back().normal)));
    };
    for (int axis = 0; axis < 3; ++axis)
        for (int sign : {-1, 1}) {
            DVec3 n;
            n[axis] = sign;
            if (hasNormal(n)) continue;
            double d = -1e30;
            for (const DVec3& v : verts) d = std::max(d, v[axis] * sign);
            add(n, d);
        }
    for (const Winding& w : windings)
        for (std::size_t i = 0; i < w.size(); ++i) {
            const DVec3 dir = normalized(w[(i + 1) % w.size()] - w[i]);
            int zeros = 0;
            for (int c = 0; c < 3; ++c) zeros += std::fabs(dir[c]) < kAxialEdge ? 1 : 0;
            if (zeros >= 2) continue;  // axial edge: the axial bevels cover it
            for (int axis = 0; axis < 3; ++axis)
                for (int sign : {-1, 1}) {
                    DVec3 a;
                    a[axis] = sign;
                    DVec3 n = cross(dir, a);
                    if (dot(n, n) < kMinBevelNormal * kMinBevelNormal) continue;
                    n = normalized(n);
                    for (int c = 0; c < 3; ++c)
                        if (std::fabs(n[c]) < 1e-9) n[c] = 0.0;
                    if (hasNormal(n)) continue;
                    const double d = dot(n, w[i]);
                    const bool behind = std::all_of(verts.begin(), verts.end(),
                                                    [&](const DVec3& v) { return dot(n, v) - d <= kBehind; });
                    if (behind) add(n, d);
                }
        }
    return out;
}

}  // namespace vestige::source::base
