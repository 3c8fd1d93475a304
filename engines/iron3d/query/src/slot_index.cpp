// Slot face records and their bounding-volume hierarchy. Why the bounds are safe (docs/query.md):
// a hit point lies on the segment (t <= 1) and, up to rounding, on the descriptor plane P with its
// projection inside the projected triangle; so it lies inside the triangle "lifted" onto P along the
// projection axis. Each face's box is that lifted triangle's box, padded far beyond the rounding of
// the face test. Faces whose projected triangle is degenerate or needle-thin (where rounding can move
// the polygon test's boundary a long way) get no box and are tested on every query.
#include "slot_index.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "face_test.hpp"

namespace vestige::iron3d::query {
namespace {

using detail::crossFace;
using detail::projectionFor;

constexpr std::uint32_t kLeafSize = 4;
// sin(smallest projected angle) below this: no reliable box.
constexpr double kMinSine = 0.01;
// Shorter projected edges: float products in the edge expressions could underflow to 0 (= inside).
constexpr double kMinEdge = 1e-15;
// Box padding relative to the face's coordinates and size; the face test's rounding is ~1e-6 of those.
constexpr double kFacePad = 1e-4;
// Per-query padding relative to the segment's coordinates (plane-distance rounding grows with them).
constexpr float kQueryPad = 1e-5f;

struct Item {
    Aabb box;
    Vec3 centroid;
    std::uint32_t face = 0;
};

double cross2(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

// The padded box of the face's lifted triangle, or nothing when the face needs testing every time.
std::optional<Aabb> hitBox(const IndexedFace& f) {
    const Vec3 n = f.normal;
    const int a = detail::dominantAxis(n);
    const int u = (a + 1) % 3, w = (a + 2) % 3;
    const Vec3 v[3] = {f.v0, f.v1, f.v2};
    const double e0x = double{v[1][u]} - v[0][u], e0y = double{v[1][w]} - v[0][w];
    const double e1x = double{v[2][u]} - v[1][u], e1y = double{v[2][w]} - v[1][w];
    const double e2x = double{v[0][u]} - v[2][u], e2y = double{v[0][w]} - v[2][w];
    const double area2 = std::fabs(cross2(e0x, e0y, -e2x, -e2y));
    double len[3] = {std::hypot(e0x, e0y), std::hypot(e1x, e1y), std::hypot(e2x, e2y)};
    std::sort(len, len + 3);
    // The smallest angle sits opposite the shortest edge: sin = area2 / (product of the two longest).
    if (!(area2 > 0.0) || area2 < kMinSine * len[2] * len[1] || len[0] < kMinEdge) return std::nullopt;
    double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    double magnitude = 0;
    for (const Vec3& p : v) {
        double q[3] = {p.x, p.y, p.z};
        q[a] = double{f.v0[a]} -
               (double{n[u]} * (double{p[u]} - f.v0[u]) + double{n[w]} * (double{p[w]} - f.v0[w])) / double{n[a]};
        for (int k = 0; k < 3; ++k) {
            lo[k] = std::min(lo[k], q[k]);
            hi[k] = std::max(hi[k], q[k]);
            magnitude = std::max({magnitude, std::fabs(q[k]), std::fabs(double{p[k]})});
        }
    }
    double extent = 0;
    for (int k = 0; k < 3; ++k) extent = std::max(extent, hi[k] - lo[k]);
    const double pad = kFacePad * (magnitude + extent) + 1e-30;
    Aabb box;
    for (int k = 0; k < 3; ++k) {
        box.min[k] = static_cast<float>(lo[k] - pad);
        box.max[k] = static_cast<float>(hi[k] + pad);
    }
    if (!isFinite(box.min) || !isFinite(box.max)) return std::nullopt;
    return box;
}

void buildNode(SlotIndex& idx, std::vector<Item>& items, std::uint32_t node, std::uint32_t lo, std::uint32_t hi) {
    Aabb box, centroids;
    for (std::uint32_t i = lo; i < hi; ++i) {
        box.expand(items[i].box);
        centroids.expand(items[i].centroid);
    }
    idx.nodes[node].min = box.min;
    idx.nodes[node].max = box.max;
    if (hi - lo <= kLeafSize) {
        idx.nodes[node].start = static_cast<std::uint32_t>(idx.leafFaces.size());
        idx.nodes[node].count = hi - lo;
        for (std::uint32_t i = lo; i < hi; ++i) idx.leafFaces.push_back(items[i].face);
        return;
    }
    const Vec3 size = centroids.max - centroids.min;
    const int axis = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
    const std::uint32_t mid = lo + (hi - lo) / 2;
    std::nth_element(items.begin() + lo, items.begin() + mid, items.begin() + hi, [axis](const Item& x, const Item& y) {
        return x.centroid[axis] < y.centroid[axis] || (x.centroid[axis] == y.centroid[axis] && x.face < y.face);
    });
    const auto first = static_cast<std::uint32_t>(idx.nodes.size());
    idx.nodes[node].start = first;
    idx.nodes[node].count = 0;
    idx.nodes.resize(idx.nodes.size() + 2);
    buildNode(idx, items, first, lo, mid);
    buildNode(idx, items, first + 1, mid, hi);
}

float maxAbs(Vec3 v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); }

// The segment as the slab test wants it: per axis the start, 1 / direction (0 for a zero direction)
// and the padding.
struct Ray {
    float o[3], inv[3];
    bool flat[3];
    float pad;
};

Ray makeRay(Vec3 s, Vec3 e) {
    const Vec3 dir = e - s;
    Ray r{};
    for (int k = 0; k < 3; ++k) {
        r.o[k] = s[k];
        r.flat[k] = dir[k] == 0.0f;
        r.inv[k] = r.flat[k] ? 0.0f : 1.0f / dir[k];
    }
    r.pad = kQueryPad * (maxAbs(s) + maxAbs(e)) + 1e-30f;
    return r;
}

bool segmentTouches(const BvhNode& n, const Ray& r) {
    const float lo[3] = {n.min.x - r.pad, n.min.y - r.pad, n.min.z - r.pad};
    const float hi[3] = {n.max.x + r.pad, n.max.y + r.pad, n.max.z + r.pad};
    float tmin = 0.0f, tmax = 1.0f;
    for (int k = 0; k < 3; ++k) {
        if (r.flat[k]) {
            if (r.o[k] < lo[k] || r.o[k] > hi[k]) return false;
            continue;
        }
        const float t1 = (lo[k] - r.o[k]) * r.inv[k], t2 = (hi[k] - r.o[k]) * r.inv[k];
        tmin = std::max(tmin, std::min(t1, t2));
        tmax = std::min(tmax, std::max(t1, t2));
    }
    return tmin <= tmax;
}

}  // namespace

Status checkDescriptorRange(const msh::ModelData& d, std::uint32_t slot) {
    const msh::Slot& s = d.slots[slot];
    std::uint64_t cursor = s.triStart;
    for (std::uint32_t b = s.batchStart; b < std::uint32_t{s.batchStart} + s.batchCount; ++b)
        cursor += d.batches[b].indexCount / 3;
    const std::size_t have = d.triangles ? d.triangles->size() : 0;
    if (cursor > have)
        return Error("query.descriptor_range", "the slot's descriptor cursor runs past the type 7 records")
            .in("stream", "type 2")
            .record(slot)
            .field("tri_start")
            .expected(fmt::format("tri_start + sum(index_count / 3) <= {}", have))
            .actual(fmt::format("{} + {}", s.triStart, cursor - s.triStart));
    return {};
}

SlotIndex SlotIndex::build(const msh::ModelData& d, std::uint32_t slot) {
    SlotIndex idx;
    if (!d.triangles) return idx;
    if (auto st = checkDescriptorRange(d, slot); !st) {
        idx.invalid = std::move(st).error();
        return idx;
    }
    const msh::Slot& s = d.slots[slot];
    std::size_t total = 0;
    for (std::uint32_t b = s.batchStart; b < std::uint32_t{s.batchStart} + s.batchCount; ++b)
        total += d.batches[b].indexCount / 3u;
    idx.faces.reserve(total);
    std::uint32_t cursor = s.triStart;
    for (std::uint32_t b = s.batchStart; b < std::uint32_t{s.batchStart} + s.batchCount; ++b) {
        const msh::Batch& batch = d.batches[b];
        const std::uint32_t faces = batch.indexCount / 3u;
        for (std::uint32_t f = 0; f < faces; ++f) {
            const msh::TriangleDescriptor& t = (*d.triangles)[cursor + f];
            const std::uint16_t* ix = d.indices.data() + batch.indexStart + 3 * f;
            IndexedFace face;
            face.v0 = d.positions[batch.baseVertex + ix[0]];
            face.v1 = d.positions[batch.baseVertex + ix[1]];
            face.v2 = d.positions[batch.baseVertex + ix[2]];
            face.normal = detail::decodeNormal(t.normal);
            face.batchDword = batch.leadingDword();
            face.batch = b;
            face.face = f;
            face.descriptor = cursor + f;
            face.triFlags = t.flags;
            idx.faces.push_back(face);
        }
        cursor += faces;
    }
    std::vector<Item> items;
    items.reserve(idx.faces.size());
    for (std::uint32_t i = 0; i < idx.faces.size(); ++i) {
        const IndexedFace& f = idx.faces[i];
        if (f.normal == Vec3{}) continue;  // dot(n, dir) is 0: never crosses
        if (auto box = hitBox(f))
            items.push_back({*box, box->center(), i});
        else
            idx.always.push_back(i);
    }
    if (!items.empty()) {
        idx.nodes.resize(1);
        idx.nodes.reserve(2 * items.size());
        idx.leafFaces.reserve(items.size());
        buildNode(idx, items, 0, 0, static_cast<std::uint32_t>(items.size()));
    }
    return idx;
}

void SlotIndex::query(const Segment& segment, const Masks& masks, SlotResult& out) const {
    const Vec3 s = segment.a, e = segment.b, dir = e - s;
    std::optional<std::uint32_t> best;
    detail::Crossing bestCrossing, c;
    float bestD2 = 0;
    auto consider = [&](std::uint32_t i) {
        const IndexedFace& f = faces[i];
        if (!masks.batch.passes(f.batchDword) || !masks.tri.passes(f.triFlags)) return;
        ++out.facesTested;
        if (!crossFace(s, e, dir, f.v0, f.v1, f.v2, f.normal, (f.batchDword & kBatchReverse) != 0, c)) return;
        const float d2 = lengthSquared(c.point - s);
        if (!best || d2 < bestD2 || (d2 == bestD2 && i > *best)) {
            best = i;
            bestD2 = d2;
            bestCrossing = c;
        }
    };
    for (std::uint32_t i : always) consider(i);
    if (!nodes.empty()) {
        const Ray ray = makeRay(s, e);
        std::uint32_t stack[64];
        std::uint32_t top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const BvhNode& n = nodes[stack[--top]];
            if (!segmentTouches(n, ray)) continue;
            if (n.count > 0) {
                for (std::uint32_t k = n.start; k < n.start + n.count; ++k) consider(leafFaces[k]);
            } else {
                stack[top++] = n.start + 1;
                stack[top++] = n.start;
            }
        }
    }
    if (best) {
        const IndexedFace& f = faces[*best];
        out.outcome = Outcome::Hit;
        out.hit = SlotHit{bestCrossing.point, bestD2, f.batch, f.face, f.descriptor, bestCrossing.reversed};
    } else {
        out.outcome = Outcome::Miss;
    }
}

}  // namespace vestige::iron3d::query
