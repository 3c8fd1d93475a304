// Traces against the convex volumes: BVH descent with the swept box, then CM_ClipBoxToBrush per volume.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "vestige/source/collision/model.hpp"

namespace vestige::source::collision {

namespace {
constexpr float kNeverUpdated = -9999.0f;
// Node boxes are widened by this much on top of the box extents: a hit can only happen within
// DIST_EPSILON of a volume's exact Minkowski sum, so one unit keeps culling strictly conservative.
constexpr float kNodeMargin = 1.0f;
constexpr int kLeafSize = 4;
constexpr float kParallelNoise = 1e-4f;
}  // namespace

struct CollisionModel::Work {
    Vec3 start;  // box centre at the start
    Vec3 end;
    Vec3 ext;    // half extents
    bool isRay = false;
    std::uint32_t mask = 0;
    TraceResult tr;
    Vec3 origStart;
    Vec3 origEnd;
};

// One volume against the sweep: CM_ClipBoxToBrush's bookkeeping, applied to the trace by clip().
struct CollisionModel::Clip {
    bool crosses = false;  // false: entirely in front of one plane (or masked out): no contact at all
    bool startOut = false;
    bool getOut = false;
    float enterFrac = kNeverUpdated;
    float leaveFrac = 1.0f;
    const Side* clipSide = nullptr;
};

inline CollisionModel::Clip CollisionModel::clipVolume(std::uint32_t index, const Work& w) const {
    Clip c;
    const Volume& v = mVolumes[index];
    if ((v.contents & w.mask) == 0) return c;
    const Side* sides = mSides.data() + v.firstSide;
    for (std::uint32_t i = 0; i < v.numSides; ++i) {
        const Side& s = sides[i];
        if (w.isRay && s.bevel) continue;
        const Vec3 n = s.plane.normal;
        // Push the plane out by the box's support distance along n.
        const float dist = s.plane.dist + std::fabs(n.x) * w.ext.x + std::fabs(n.y) * w.ext.y + std::fabs(n.z) * w.ext.z;
        const float d1 = dot(w.start, n) - dist;
        const float d2 = dot(w.end, n) - dist;
        if (d2 > 0.0f) c.getOut = true;
        if (d1 > 0.0f) c.startOut = true;
        // Entirely in front of this plane: the segment never enters the volume. A move parallel to the
        // plane (a velocity just clipped against it) counts as not approaching despite float noise in d2;
        // otherwise a box resting within DIST_EPSILON re-hits the same plane at fraction 0 forever.
        if (d1 > 0.0f && (d2 >= kDistEpsilon || d2 >= d1 - kParallelNoise)) return Clip{};
        if (d1 <= 0.0f && d2 <= 0.0f) continue;
        if (d1 > d2) {
            const float f = (d1 - kDistEpsilon) / (d1 - d2);
            if (f > c.enterFrac) {
                c.enterFrac = f;
                c.clipSide = &s;
            }
        } else {
            const float f = (d1 + kDistEpsilon) / (d1 - d2);
            if (f < c.leaveFrac) c.leaveFrac = f;
        }
    }
    c.crosses = true;
    return c;
}

void CollisionModel::clip(std::uint32_t index, Work& w) const {
    const Clip c = clipVolume(index, w);
    if (!c.crosses) return;
    const Volume& v = mVolumes[index];
    if (!c.startOut) {
        w.tr.startSolid = true;
        w.tr.contents = v.contents;
        if (!c.getOut) {
            w.tr.allSolid = true;
            w.tr.fraction = 0.0f;
            w.tr.fractionLeftSolid = 1.0f;
            w.tr.hitVolume = static_cast<std::int32_t>(index);
            w.tr.hitId = v.sourceId;
            w.tr.hitKind = v.kind == VolumeKind::Brush ? HitKind::Brush : HitKind::Displacement;
        } else if (c.leaveFrac != 1.0f && c.leaveFrac > w.tr.fractionLeftSolid) {
            // The latest leave over the volumes the sweep starts in. (Source also drops a hit found earlier
            // at a fraction <= this leave; that depends on brush order and movement relies on the hit as is.)
            w.tr.fractionLeftSolid = c.leaveFrac;
        }
        return;
    }
    if (c.enterFrac < c.leaveFrac && c.enterFrac > kNeverUpdated && c.enterFrac < w.tr.fraction &&
        c.clipSide != nullptr) {
        w.tr.fraction = std::max(c.enterFrac, 0.0f);
        w.tr.plane = c.clipSide->plane;
        w.tr.contents = v.contents;
        w.tr.hitVolume = static_cast<std::int32_t>(index);
        w.tr.hitId = v.sourceId;
        w.tr.hitKind = v.kind == VolumeKind::Brush ? HitKind::Brush : HitKind::Displacement;
    }
}

TraceResult CollisionModel::finish(Work& w) const {
    TraceResult tr = w.tr;
    if (tr.allSolid) {
        tr.fraction = 0.0f;
        tr.fractionLeftSolid = 1.0f;
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

// The swept segment with its reciprocal direction, computed once per trace.
struct Ray {
    Vec3 start;
    Vec3 inv;       // 1/delta per axis (0 when the axis does not move)
    bool moves[3];
};

// Entry parameter of the segment into [bmin, bmax], or a value > limit when it misses within [0, limit].
inline float slab(const Ray& r, const Vec3& bmin, const Vec3& bmax, float limit) {
    float t0 = 0.0f;
    float t1 = limit;
    for (int a = 0; a < 3; ++a) {
        const float s = r.start[a];
        if (!r.moves[a]) {
            if (s < bmin[a] || s > bmax[a]) return 2.0f;
            continue;
        }
        float ta = (bmin[a] - s) * r.inv[a];
        float tb = (bmax[a] - s) * r.inv[a];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
        if (t0 > t1) return 2.0f;
    }
    return t0;
}

}  // namespace

TraceResult CollisionModel::traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const {
    if (mBruteForce) return traceBoxBruteForce(start, end, mins, maxs, mask);
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
    Ray ray;
    ray.start = w.start;
    for (int a = 0; a < 3; ++a) {
        ray.moves[a] = std::fabs(delta[a]) >= 1e-12f;
        ray.inv[a] = ray.moves[a] ? 1.0f / delta[a] : 0.0f;
    }
    const Vec3 grow = w.ext + Vec3{kNodeMargin, kNodeMargin, kNodeMargin};
    // The swept box's bounds reject single volumes of a leaf without touching their planes.
    const Vec3 sweepMin = minComponents(w.start, w.end) - grow;
    const Vec3 sweepMax = maxComponents(w.start, w.end) + grow;
    if (slab(ray, mNodes[0].bounds.min - grow, mNodes[0].bounds.max + grow, 1.0f) > 1.0f) return finish(w);
    const bool shortTrace = lengthSquared(delta) < 64.0f * 64.0f;
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0 && !w.tr.allSolid) {
        const Node& node = mNodes[stack[--top]];
        if (node.count > 0) {
            for (std::uint32_t i = 0; i < node.count; ++i) {
                const std::uint32_t vi = mItems[node.first + i];
                const Aabb& b = mVolumes[vi].bounds;
                if (b.min.x > sweepMax.x || b.max.x < sweepMin.x || b.min.y > sweepMax.y || b.max.y < sweepMin.y ||
                    b.min.z > sweepMax.z || b.max.z < sweepMin.z) {
                    continue;
                }
                clip(vi, w);
            }
            continue;
        }
        // Anything entered beyond the current best fraction cannot win.
        const float limit = std::min(1.0f, w.tr.fraction + 1e-3f);
        const std::uint32_t l = node.first;
        const std::uint32_t r = node.first + 1;
        const auto test = [&](const Node& c) {
            if ((c.contents & mask) == 0) return 2.0f;
            const Aabb& b = c.bounds;
            // Cheap box-overlap reject first; short (movement) traces rarely need more.
            if (b.min.x > sweepMax.x || b.max.x < sweepMin.x || b.min.y > sweepMax.y || b.max.y < sweepMin.y ||
                b.min.z > sweepMax.z || b.max.z < sweepMin.z) {
                return 2.0f;
            }
            return shortTrace ? 0.0f : slab(ray, b.min - grow, b.max + grow, limit);
        };
        const float tl = test(mNodes[l]);
        const float tr = test(mNodes[r]);
        const bool hitL = tl <= limit;
        const bool hitR = tr <= limit;
        if (hitL && hitR) {
            // Nearer child on top so the fraction shrinks early.
            if (tl <= tr) {
                stack[top++] = r;
                stack[top++] = l;
            } else {
                stack[top++] = l;
                stack[top++] = r;
            }
        } else if (hitL) {
            stack[top++] = l;
        } else if (hitR) {
            stack[top++] = r;
        }
    }
    return finish(w);
}

TraceResult CollisionModel::traceRay(Vec3 start, Vec3 end, std::uint32_t mask) const {
    return traceBox(start, end, {}, {}, mask);
}

TraceResult CollisionModel::traceEngine(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const {
    TraceResult tr = traceBox(start, end, mins, maxs, mask);
    if (!tr.startSolid || tr.allSolid || mins != maxs || !isFinite(start) || !isFinite(end)) return tr;
    // A ray that starts inside: walk every volume it crosses in order of entry. Rare, so no BVH here.
    Work w;
    const Vec3 offset = (mins + maxs) * 0.5f;
    w.isRay = true;
    w.start = start + offset;
    w.end = end + offset;
    w.mask = mask;
    const Vec3 lo = minComponents(w.start, w.end) - Vec3{kNodeMargin, kNodeMargin, kNodeMargin};
    const Vec3 hi = maxComponents(w.start, w.end) + Vec3{kNodeMargin, kNodeMargin, kNodeMargin};
    struct Entered {
        float enter, leave;
        bool getOut;
        std::uint32_t volume;
        const Side* side;
    };
    std::vector<Entered> entered;
    float left = 0.0f;
    std::int32_t solidVolume = -1;  // the volume that set `left` (names the contents without a hit)
    for (std::uint32_t i = 0; i < mVolumes.size(); ++i) {
        const Aabb& b = mVolumes[i].bounds;
        if (b.min.x > hi.x || b.max.x < lo.x || b.min.y > hi.y || b.max.y < lo.y || b.min.z > hi.z || b.max.z < lo.z)
            continue;
        const Clip c = clipVolume(i, w);
        if (!c.crosses) continue;
        if (!c.startOut) {
            if (c.leaveFrac != 1.0f && c.leaveFrac > left) {
                left = c.leaveFrac;
                solidVolume = static_cast<std::int32_t>(i);
            }
        } else if (c.enterFrac > kNeverUpdated && c.enterFrac < c.leaveFrac && c.clipSide != nullptr) {
            entered.push_back({c.enterFrac, c.leaveFrac, c.getOut, i, c.clipSide});
        }
    }
    // Entry order (ties by volume index): a volume entered before the solid run ends extends it.
    std::sort(entered.begin(), entered.end(), [](const Entered& a, const Entered& b) {
        return a.enter < b.enter || (a.enter == b.enter && a.volume < b.volume);
    });
    const Entered* hit = nullptr;
    for (const Entered& e : entered) {
        if (left - std::max(e.enter, 0.0f) > 0.0f) {  // Source clamps the entry at 0 first
            if (!e.getOut) {  // the ray ends inside solid it never left
                tr.allSolid = true;
                tr.fraction = 0.0f;
                tr.fractionLeftSolid = 1.0f;
                tr.endPos = start;
                tr.contents = mVolumes[e.volume].contents;
                return tr;
            }
            if (e.leave > left) {
                left = e.leave;
                solidVolume = static_cast<std::int32_t>(e.volume);
            }
            continue;
        }
        hit = &e;  // the first volume entered after the solid run
        break;
    }
    tr.fractionLeftSolid = left;
    if (hit != nullptr) {
        const Volume& v = mVolumes[hit->volume];
        tr.fraction = std::max(hit->enter, 0.0f);
        tr.plane = hit->side->plane;
        tr.contents = v.contents;
        tr.hitVolume = static_cast<std::int32_t>(hit->volume);
        tr.hitId = v.sourceId;
        tr.hitKind = v.kind == VolumeKind::Brush ? HitKind::Brush : HitKind::Displacement;
        tr.endPos = start + (end - start) * tr.fraction;
    } else {
        tr.fraction = 1.0f;
        tr.plane = Plane{};
        tr.hitVolume = -1;
        tr.hitId = -1;
        tr.hitKind = HitKind::None;
        tr.endPos = end;
        if (solidVolume >= 0) tr.contents = mVolumes[static_cast<std::uint32_t>(solidVolume)].contents;
    }
    return tr;
}

TraceResult CollisionModel::traceBoxBruteForce(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs,
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

std::uint32_t CollisionModel::pointContents(Vec3 p) const {
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

void CollisionModel::buildTree() {
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
        // Volumes spanning most of the node (a map-wide floor) get a subtree of their own; split by centre
        // they would stretch every node on their path to the full map.
        const Vec3 boxSize = box.max - box.min;
        const auto isBig = [&](std::uint32_t v) {
            const Aabb& b = mVolumes[v].bounds;
            for (int a = 0; a < 3; ++a) {
                if (boxSize[a] > 0.0f && b.max[a] - b.min[a] > 0.5f * boxSize[a] && a != 2) return true;
            }
            return false;
        };
        const auto bigEnd = std::stable_partition(mItems.begin() + t.begin, mItems.begin() + t.end, isBig);
        const auto bigCount = static_cast<std::uint32_t>(bigEnd - (mItems.begin() + t.begin));
        std::uint32_t mid = t.begin + (t.end - t.begin) / 2;
        if (bigCount > 0 && bigCount < t.end - t.begin) {
            mid = t.begin + bigCount;
            const auto left = static_cast<std::uint32_t>(mNodes.size());
            mNodes.emplace_back();
            mNodes.emplace_back();
            mNodes[t.node].first = left;
            mNodes[t.node].count = 0;
            tasks.push_back({left, t.begin, mid});
            tasks.push_back({left + 1, mid, t.end});
            continue;
        }
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
