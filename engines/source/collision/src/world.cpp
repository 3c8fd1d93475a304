// Traces against the convex volumes: BVH descent with the swept box, then CM_ClipBoxToBrush per volume.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "vestige/source/collision/world.hpp"

namespace vestige::source::collision {

namespace {
constexpr float kNeverUpdated = -9999.0f;
// Node boxes are widened by this much on top of the box extents: a hit can only happen within
// DIST_EPSILON of a volume's exact Minkowski sum, so one unit keeps culling strictly conservative.
constexpr float kNodeMargin = 1.0f;
constexpr int kLeafSize = 2;
constexpr float kParallelNoise = 1e-4f;
}  // namespace

struct CollisionWorld::Work {
    Vec3 start;  // box centre at the start
    Vec3 end;
    Vec3 ext;    // half extents
    bool isRay = false;
    std::uint32_t mask = 0;
    TraceResult tr;
    Vec3 origStart;
    Vec3 origEnd;
};

void CollisionWorld::clip(std::uint32_t index, Work& w) const {
    const Volume& v = mVolumes[index];
    if ((v.contents & w.mask) == 0) return;
    float enterFrac = kNeverUpdated;
    float leaveFrac = 1.0f;
    const Side* clipSide = nullptr;
    bool getOut = false;
    bool startOut = false;
    const Side* sides = mSides.data() + v.firstSide;
    for (std::uint32_t i = 0; i < v.numSides; ++i) {
        const Side& s = sides[i];
        if (w.isRay && s.bevel) continue;
        const Vec3 n = s.plane.normal;
        // Push the plane out by the box's support distance along n.
        const float dist = s.plane.dist + std::fabs(n.x) * w.ext.x + std::fabs(n.y) * w.ext.y + std::fabs(n.z) * w.ext.z;
        const float d1 = dot(w.start, n) - dist;
        const float d2 = dot(w.end, n) - dist;
        if (d2 > 0.0f) getOut = true;
        if (d1 > 0.0f) startOut = true;
        // Entirely in front of this plane: the segment never enters the volume. A move parallel to the
        // plane (a velocity just clipped against it) counts as not approaching despite float noise in d2;
        // otherwise a box resting within DIST_EPSILON re-hits the same plane at fraction 0 forever.
        if (d1 > 0.0f && (d2 >= kDistEpsilon || d2 >= d1 - kParallelNoise)) return;
        if (d1 <= 0.0f && d2 <= 0.0f) continue;
        if (d1 > d2) {
            const float f = (d1 - kDistEpsilon) / (d1 - d2);
            if (f > enterFrac) {
                enterFrac = f;
                clipSide = &s;
            }
        } else {
            const float f = (d1 + kDistEpsilon) / (d1 - d2);
            if (f < leaveFrac) leaveFrac = f;
        }
    }
    if (!startOut) {
        w.tr.startSolid = true;
        w.tr.contents = v.contents;
        if (!getOut) {
            w.tr.allSolid = true;
            w.tr.fraction = 0.0f;
            w.tr.hitVolume = static_cast<std::int32_t>(index);
            w.tr.hitId = v.sourceId;
            w.tr.hitKind = v.kind == VolumeKind::Brush ? HitKind::Brush : HitKind::Displacement;
        }
        return;
    }
    if (enterFrac < leaveFrac && enterFrac > kNeverUpdated && enterFrac < w.tr.fraction && clipSide != nullptr) {
        w.tr.fraction = std::max(enterFrac, 0.0f);
        w.tr.plane = clipSide->plane;
        w.tr.contents = v.contents;
        w.tr.hitVolume = static_cast<std::int32_t>(index);
        w.tr.hitId = v.sourceId;
        w.tr.hitKind = v.kind == VolumeKind::Brush ? HitKind::Brush : HitKind::Displacement;
    }
}

TraceResult CollisionWorld::finish(Work& w) const {
    TraceResult tr = w.tr;
    if (tr.allSolid) {
        tr.fraction = 0.0f;
        tr.endPos = w.origStart;
    } else if (tr.fraction >= 1.0f) {
        tr.fraction = 1.0f;
        tr.endPos = w.origEnd;
    } else {
        tr.endPos = w.origStart + (w.origEnd - w.origStart) * tr.fraction;
    }
    return tr;
}

namespace {

// Slab test of the segment start + t*delta against a box; true when [tmin, tmax] meets [0, limit].
bool segmentHitsBox(Vec3 start, Vec3 delta, Vec3 bmin, Vec3 bmax, float limit) {
    float t0 = 0.0f;
    float t1 = limit;
    for (int a = 0; a < 3; ++a) {
        const float s = start[a];
        const float d = delta[a];
        if (std::fabs(d) < 1e-12f) {
            if (s < bmin[a] || s > bmax[a]) return false;
            continue;
        }
        const float inv = 1.0f / d;
        float ta = (bmin[a] - s) * inv;
        float tb = (bmax[a] - s) * inv;
        if (ta > tb) std::swap(ta, tb);
        if (ta > t0) t0 = ta;
        if (tb < t1) t1 = tb;
        if (t0 > t1) return false;
    }
    return true;
}

}  // namespace

TraceResult CollisionWorld::traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const {
    Work w;
    const Vec3 offset = (mins + maxs) * 0.5f;
    w.ext = (maxs - mins) * 0.5f;
    w.isRay = w.ext.x == 0.0f && w.ext.y == 0.0f && w.ext.z == 0.0f;
    w.start = start + offset;
    w.end = end + offset;
    w.origStart = start;
    w.origEnd = end;
    w.mask = mask;
    if (mNodes.empty() || !isFinite(start) || !isFinite(end)) return finish(w);

    const Vec3 delta = w.end - w.start;
    const Vec3 grow = w.ext + Vec3{kNodeMargin, kNodeMargin, kNodeMargin};
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = mNodes[stack[--top]];
        if ((node.contents & mask) == 0) continue;
        // Anything entered beyond the current best fraction cannot win; all-solid ends the search.
        if (w.tr.allSolid) break;
        const float limit = std::min(1.0f, w.tr.fraction + 1e-3f);
        if (!segmentHitsBox(w.start, delta, node.bounds.min - grow, node.bounds.max + grow, limit)) continue;
        if (node.count > 0) {
            for (std::uint32_t i = 0; i < node.count; ++i) clip(mItems[node.first + i], w);
        } else if (top + 2 <= 64) {
            // Visit the nearer child first (pushed last) so the fraction shrinks early.
            const std::uint32_t l = node.first;
            const std::uint32_t r = node.first + 1;
            const Vec3 cl = mNodes[l].bounds.center() - w.start;
            const Vec3 cr = mNodes[r].bounds.center() - w.start;
            if (dot(cl, delta) <= dot(cr, delta)) {
                stack[top++] = r;
                stack[top++] = l;
            } else {
                stack[top++] = l;
                stack[top++] = r;
            }
        }
    }
    return finish(w);
}

TraceResult CollisionWorld::traceRay(Vec3 start, Vec3 end, std::uint32_t mask) const {
    return traceBox(start, end, {}, {}, mask);
}

TraceResult CollisionWorld::traceBoxBruteForce(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs,
                                               std::uint32_t mask) const {
    Work w;
    const Vec3 offset = (mins + maxs) * 0.5f;
    w.ext = (maxs - mins) * 0.5f;
    w.isRay = w.ext.x == 0.0f && w.ext.y == 0.0f && w.ext.z == 0.0f;
    w.start = start + offset;
    w.end = end + offset;
    w.origStart = start;
    w.origEnd = end;
    w.mask = mask;
    if (!isFinite(start) || !isFinite(end)) return finish(w);
    for (std::uint32_t i = 0; i < mVolumes.size(); ++i) {
        clip(i, w);
        if (w.tr.allSolid) break;
    }
    return finish(w);
}

std::uint32_t CollisionWorld::pointContents(Vec3 p) const {
    if (mNodes.empty() || !isFinite(p)) return 0;
    std::uint32_t result = 0;
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = mNodes[stack[--top]];
        if (!node.bounds.contains(p)) continue;
        if (node.count > 0) {
            for (std::uint32_t i = 0; i < node.count; ++i) {
                const Volume& v = mVolumes[mItems[node.first + i]];
                bool inside = true;
                for (const Side& s : sidesOf(v)) {
                    if (s.bevel) continue;
                    if (s.plane.distanceTo(p) > 0.0f) {
                        inside = false;
                        break;
                    }
                }
                if (inside) result |= v.contents;
            }
        } else if (top + 2 <= 64) {
            stack[top++] = node.first;
            stack[top++] = node.first + 1;
        }
    }
    return result;
}

void CollisionWorld::buildTree() {
    mNodes.clear();
    mItems.resize(mVolumes.size());
    std::iota(mItems.begin(), mItems.end(), 0u);
    if (mVolumes.empty()) return;
    std::vector<Vec3> centres(mVolumes.size());
    for (std::size_t i = 0; i < mVolumes.size(); ++i) centres[i] = mVolumes[i].bounds.center();
    mNodes.reserve(2 * mVolumes.size());
    mNodes.emplace_back();
    // Iterative build with an explicit work list keeps depth limits away from the call stack.
    struct Task {
        std::uint32_t node, begin, end;
    };
    std::vector<Task> tasks{{0, 0, static_cast<std::uint32_t>(mVolumes.size())}};
    while (!tasks.empty()) {
        const Task t = tasks.back();
        tasks.pop_back();
        Aabb box;
        Aabb cbox;
        std::uint32_t cont = 0;
        for (std::uint32_t i = t.begin; i < t.end; ++i) {
            box.expand(mVolumes[mItems[i]].bounds);
            cbox.expand(centres[mItems[i]]);
            cont |= mVolumes[mItems[i]].contents;
        }
        mNodes[t.node].bounds = box;
        mNodes[t.node].contents = cont;
        if (t.end - t.begin <= kLeafSize) {
            mNodes[t.node].first = t.begin;
            mNodes[t.node].count = t.end - t.begin;
            continue;
        }
        const Vec3 size = cbox.max - cbox.min;
        const int axis = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
        const std::uint32_t mid = t.begin + (t.end - t.begin) / 2;
        // Median split; ties broken by index so the tree does not depend on the sort's internals.
        std::nth_element(mItems.begin() + t.begin, mItems.begin() + mid, mItems.begin() + t.end,
                         [&](std::uint32_t a, std::uint32_t b) {
                             const float ca = centres[a][axis];
                             const float cb = centres[b][axis];
                             return ca < cb || (ca == cb && a < b);
                         });
        const auto left = static_cast<std::uint32_t>(mNodes.size());
        mNodes.emplace_back();
        mNodes.emplace_back();
        mNodes[t.node].first = left;
        mNodes[t.node].count = 0;
        tasks.push_back({left, t.begin, mid});
        tasks.push_back({left + 1, mid, t.end});
    }
    mStats.nodes = mNodes.size();
}

}  // namespace vestige::source::collision
