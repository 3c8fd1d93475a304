// The face BVH and the surface queries (height, raycast).
#include <algorithm>
#include <array>
#include <cmath>

#include "cover.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"

namespace vestige::iron3d::terrain {
namespace {

constexpr std::size_t kStack = 64;

float centroid(const Vec3& a, const Vec3& b, const Vec3& c, int axis) { return (a[axis] + b[axis] + c[axis]) / 3.0f; }

}  // namespace

std::uint32_t TerrainWorld::buildNode(std::vector<Face>& faces, std::uint32_t first, std::uint32_t count,
                                      std::size_t depth) {
    mDepth = std::max(mDepth, depth);
    const auto index = static_cast<std::uint32_t>(mNodes.size());
    mNodes.push_back({});
    mBoxes.push_back({});
    Aabb box, centres;
    for (std::uint32_t i = first; i < first + count; ++i) {
        const Face& f = faces[i];
        box.expand(f.a);
        box.expand(f.b);
        box.expand(f.c);
        centres.expand((f.a + f.b + f.c) / 3.0f);
    }
    mBoxes[index] = box;
    mNodes[index].rect = {box.min.x, box.min.y, box.max.x, box.max.y};
    if (count <= kMaxLeafFaces) {
        mNodes[index].first = first;
        mNodes[index].count = count;
        return index;
    }
    const Vec3 extent = centres.max - centres.min;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    // Order by centroid along the axis, ties by face index: the same mesh always gives the same tree.
    std::sort(faces.begin() + first, faces.begin() + first + count, [axis](const Face& l, const Face& r) {
        const float cl = centroid(l.a, l.b, l.c, axis), cr = centroid(r.a, r.b, r.c, axis);
        return cl < cr || (cl == cr && l.index < r.index);
    });
    const std::uint32_t half = count / 2;
    const std::uint32_t left = buildNode(faces, first, half, depth + 1);
    const std::uint32_t right = buildNode(faces, first + half, count - half, depth + 1);
    mNodes[index].first = left;
    mNodes[index].second = right;
    return index;
}

BvhStats TerrainWorld::bvhStats() const {
    BvhStats s;
    s.nodes = mNodes.size();
    s.depth = mDepth;
    for (const auto& n : mNodes)
        if (n.leaf()) {
            ++s.leaves;
            s.maxLeafFaces = std::max<std::size_t>(s.maxLeafFaces, n.count);
        }
    return s;
}

std::optional<HeightHit> TerrainWorld::heightHitAtTree(float x, float y) const {
    if (mNodes.empty() || !std::isfinite(x) || !std::isfinite(y) || !mNodes[0].rect.contains(x, y)) return std::nullopt;
    std::optional<HeightHit> best;
    std::array<std::uint32_t, kStack> stack;
    std::size_t top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& n = mNodes[stack[--top]];
        if (!n.leaf()) {  // only children that hold the point go on the stack
            if (mNodes[n.second].rect.contains(x, y)) stack[top++] = n.second;
            if (mNodes[n.first].rect.contains(x, y)) stack[top++] = n.first;
            continue;
        }
        for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
            const Face& f = mFaces[i];
            float z = 0;
            if (!detail::coverHeight(f.a, f.b, f.c, x, y, z)) continue;
            if (!best || z > best->z || (z == best->z && f.index < best->face)) best = HeightHit{z, f.index};
        }
    }
    return best;
}

std::optional<float> TerrainWorld::heightAt(float x, float y) const {
    const auto h = heightHitAt(x, y);
    return h ? std::optional<float>(h->z) : std::nullopt;
}

std::optional<RayHit> TerrainWorld::raycast(Vec3 origin, Vec3 direction, std::uint32_t mask, float maxT) const {
    if (mNodes.empty() || !isFinite(origin) || !isFinite(direction) || lengthSquared(direction) == 0)
        return std::nullopt;
    const double o[3] = {origin.x, origin.y, origin.z}, dir[3] = {direction.x, direction.y, direction.z};
    double inv[3];
    for (int k = 0; k < 3; ++k) inv[k] = 1.0 / dir[k];  // +-inf for a zero component: the slab test still works
    double bestT = maxT;
    std::optional<RayHit> best;
    std::array<std::uint32_t, kStack> stack{};
    std::size_t top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const std::uint32_t ni = stack[--top];
        const Node& n = mNodes[ni];
        const Aabb& box = mBoxes[ni];
        double t0 = 0, t1 = bestT;
        bool miss = false;
        for (int k = 0; k < 3 && !miss; ++k) {
            double a = (box.min[k] - o[k]) * inv[k], b = (box.max[k] - o[k]) * inv[k];
            if (std::isnan(a) || std::isnan(b)) {  // origin on a slab plane of a zero-direction axis
                if (o[k] < box.min[k] || o[k] > box.max[k]) miss = true;
                continue;
            }
            if (a > b) std::swap(a, b);
            t0 = std::max(t0, a);
            t1 = std::min(t1, b);
            miss = t0 > t1;
        }
        if (miss) continue;
        if (!n.leaf()) {
            stack[top++] = n.second;
            stack[top++] = n.first;
            continue;
        }
        for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
            const Face& f = mFaces[i];
            if (mask != 0 && (f.mask & mask) == 0) continue;
            const double e1[3] = {f.b.x - double(f.a.x), f.b.y - double(f.a.y), f.b.z - double(f.a.z)};
            const double e2[3] = {f.c.x - double(f.a.x), f.c.y - double(f.a.y), f.c.z - double(f.a.z)};
            const double p[3] = {dir[1] * e2[2] - dir[2] * e2[1], dir[2] * e2[0] - dir[0] * e2[2],
                                 dir[0] * e2[1] - dir[1] * e2[0]};
            const double det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
            if (det == 0) continue;
            const double s[3] = {o[0] - f.a.x, o[1] - f.a.y, o[2] - f.a.z};
            const double u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) / det;
            if (u < 0 || u > 1) continue;
            const double q[3] = {s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]};
            const double v = (dir[0] * q[0] + dir[1] * q[1] + dir[2] * q[2]) / det;
            if (v < 0 || u + v > 1) continue;
            const double t = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det;
            if (t < 0 || t > bestT) continue;
            if (best && t == bestT && f.index > best->face) continue;  // equal distance: lower face index wins
            bestT = t;
            best = RayHit{static_cast<float>(t),
                          {static_cast<float>(o[0] + dir[0] * t), static_cast<float>(o[1] + dir[1] * t),
                           static_cast<float>(o[2] + dir[2] * t)},
                          f.index};
        }
    }
    return best;
}

}  // namespace vestige::iron3d::terrain
