// Builds convex volumes: vertices by clipping plane-pair lines, bevel planes, displacement columns, BVH.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/source/collision/builder.hpp"

namespace vestige::source::collision {

namespace {

struct DVec {
    double x = 0, y = 0, z = 0;
};
DVec toD(Vec3 v) { return {v.x, v.y, v.z}; }
Vec3 toF(DVec v) { return {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)}; }
double ddot(DVec a, DVec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
DVec dcross(DVec a, DVec b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
DVec dscale(DVec a, double s) { return {a.x * s, a.y * s, a.z * s}; }
DVec dadd(DVec a, DVec b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }

constexpr double kClipEpsilon = 0.01;        // spec §2.6: tolerance when clipping plane-pair lines
constexpr float kBevelTolerance = 0.01f;     // a bevel must keep every vertex behind it (within this)
constexpr float kSameNormal = 1.0f - 1e-5f;  // cosine above which two normals count as the same
constexpr float kDisplacementDepth = 16.0f;  // columns reach this far below the displacement's lowest point

struct Edge {
    Vec3 a, b;
};

// Vertices (and edges) of a convex plane set; `bounded` false when some line is not closed.
void clipLines(std::span<const Plane> planes, std::vector<Vec3>& verts, std::vector<Edge>* edges, bool& bounded) {
    bounded = true;
    const std::size_t n = planes.size();
    for (std::size_t i = 0; i < n; ++i) {
        const DVec ni = toD(planes[i].normal);
        const double di = planes[i].dist;
        for (std::size_t j = i + 1; j < n; ++j) {
            const DVec nj = toD(planes[j].normal);
            const double dj = planes[j].dist;
            DVec u = dcross(ni, nj);
            const double uu = ddot(u, u);
            if (uu < 1e-10) continue;  // parallel planes do not meet in a line
            // The point of both planes nearest the origin.
            const DVec p = dscale(dadd(dscale(dcross(nj, u), di), dscale(dcross(u, ni), dj)), 1.0 / uu);
            u = dscale(u, 1.0 / std::sqrt(uu));
            // Clip with exact plane distances; the tolerance only decides whether the segment survives
            // (several planes through one vertex meet it within rounding).
            double tmin = -std::numeric_limits<double>::infinity();
            double tmax = std::numeric_limits<double>::infinity();
            bool empty = false;
            for (std::size_t k = 0; k < n && !empty; ++k) {
                if (k == i || k == j) continue;
                const DVec nk = toD(planes[k].normal);
                const double a = ddot(nk, u);
                const double b = planes[k].dist - ddot(nk, p);
                if (std::fabs(a) < 1e-9) {
                    if (b < -kClipEpsilon) empty = true;
                    continue;
                }
                const double t = b / a;
                if (a > 0) tmax = std::min(tmax, t);
                else tmin = std::max(tmin, t);
            }
            if (empty || tmin > tmax + kClipEpsilon) continue;
            if (!std::isfinite(tmin) || !std::isfinite(tmax)) {
                bounded = false;
                continue;
            }
            if (tmin > tmax) tmin = tmax = 0.5 * (tmin + tmax);
            const Vec3 va = toF(dadd(p, dscale(u, tmin)));
            const Vec3 vb = toF(dadd(p, dscale(u, tmax)));
            for (const Vec3 v : {va, vb}) {
                bool dup = false;
                for (const Vec3& w : verts) {
                    if (lengthSquared(v - w) < 1e-4f) {
                        dup = true;
                        break;
                    }
                }
                if (!dup) verts.push_back(v);
            }
            if (edges != nullptr && lengthSquared(vb - va) > 1e-4f) edges->push_back({va, vb});
        }
    }
}

bool hasNormal(const std::vector<Side>& sides, Vec3 n) {
    return std::any_of(sides.begin(), sides.end(), [&](const Side& s) { return dot(s.plane.normal, n) > kSameNormal; });
}

// vbsp-style bevels: the axial planes of the bounds and, for each non-axial edge, the planes
// edge x axis that keep every vertex behind. With them the expanded-plane test is exact for boxes.
void addBevels(std::vector<Side>& sides, const std::vector<Vec3>& verts, const std::vector<Edge>& edges,
               const Aabb& bounds) {
    for (int axis = 0; axis < 3; ++axis) {
        for (int sign = -1; sign <= 1; sign += 2) {
            Vec3 n{};
            n[axis] = static_cast<float>(sign);
            if (hasNormal(sides, n)) continue;
            const float d = sign > 0 ? bounds.max[axis] : -bounds.min[axis];
            sides.push_back({Plane{n, d}, true});
        }
    }
    for (const Edge& e : edges) {
        const Vec3 dir = normalize(e.b - e.a);
        if (std::fabs(dir.x) > kSameNormal || std::fabs(dir.y) > kSameNormal || std::fabs(dir.z) > kSameNormal) continue;
        for (int axis = 0; axis < 3; ++axis) {
            Vec3 ax{};
            ax[axis] = 1.0f;
            const Vec3 c = cross(dir, ax);
            if (lengthSquared(c) < 1e-4f) continue;
            for (int sign = -1; sign <= 1; sign += 2) {
                const Vec3 n = normalize(c * static_cast<float>(sign));
                if (hasNormal(sides, n)) continue;
                const float d = dot(n, e.a);
                bool behind = true;
                for (const Vec3& v : verts) {
                    if (dot(n, v) - d > kBevelTolerance) {
                        behind = false;
                        break;
                    }
                }
                if (behind) sides.push_back({Plane{n, d}, true});
            }
        }
    }
}

}  // namespace

std::vector<Vec3> convexVertices(std::span<const Plane> planes) {
    std::vector<Vec3> verts;
    bool bounded = true;
    clipLines(planes, verts, nullptr, bounded);
    if (!bounded || verts.size() < 4) return {};
    return verts;
}

bool isNonCollidingClass(std::string_view className) {
    const std::string c = asciiLower(className);
    if (c.rfind("trigger_", 0) == 0) return true;
    static constexpr std::string_view kNames[] = {
        "func_illusionary", "func_vehicleclip", "func_occluder",   "func_areaportal", "func_areaportalwindow",
        "func_dustmotes",   "func_dustcloud",   "func_smokevolume", "func_precipitation", "func_clip_vphysics",
    };
    return std::any_of(std::begin(kNames), std::end(kNames), [&](std::string_view n) { return c == n; });
}

Status ModelBuilder::addVolume(std::vector<Side> sides, VolumeKind kind, std::uint32_t contents,
                               std::int32_t sourceId, std::int32_t triangle, std::int32_t model) {
    std::vector<Plane> planes;
    planes.reserve(sides.size());
    for (const Side& s : sides) planes.push_back(s.plane);
    std::vector<Vec3> verts;
    std::vector<Edge> edges;
    bool bounded = true;
    clipLines(planes, verts, &edges, bounded);
    if (!bounded) {
        return Error("collision.unbounded", "the planes do not close a volume").record(static_cast<std::uint64_t>(
            sourceId < 0 ? 0 : sourceId));
    }
    if (verts.size() < 4) {
        ++mModel.mStats.degenerateSkipped;
        return {};
    }
    Aabb bounds;
    for (const Vec3& v : verts) bounds.expand(v);
    const std::size_t before = sides.size();
    addBevels(sides, verts, edges, bounds);
    Volume vol;
    vol.kind = kind;
    vol.contents = contents;
    vol.sourceId = sourceId;
    vol.triangle = triangle;
    vol.model = model;
    vol.firstSide = static_cast<std::uint32_t>(mModel.mSides.size());
    vol.numSides = static_cast<std::uint32_t>(sides.size());
    vol.bounds = bounds;
    mModel.mStats.bevels += sides.size() - before;
    mModel.mStats.sides += sides.size();
    mModel.mSides.insert(mModel.mSides.end(), sides.begin(), sides.end());
    mModel.mVolumes.push_back(vol);
    if (kind == VolumeKind::Brush) ++mModel.mStats.brushes;
    else ++mModel.mStats.displacementTriangles;
    return {};
}

Status ModelBuilder::addBrush(const BrushInput& brush, Vec3 origin, std::int32_t model) {
    if (brush.planes.size() < 4) {
        ++mModel.mStats.degenerateSkipped;
        return {};
    }
    if (!isFinite(origin)) return Error("collision.bad_origin", "brush model origin is not finite").field("origin");
    std::vector<Side> sides;
    sides.reserve(brush.planes.size() + 8);
    for (std::size_t i = 0; i < brush.planes.size(); ++i) {
        const Plane& p = brush.planes[i];
        if (!isFinite(p.normal) || !std::isfinite(p.dist) || lengthSquared(p.normal) < 1e-12f) {
            return Error("collision.bad_plane", "brush plane is degenerate or not finite")
                .record(i)
                .field("planes")
                .entry("brush " + std::to_string(brush.id));
        }
        const float len = length(p.normal);
        Plane w{p.normal / len, p.dist / len};
        w.dist += dot(w.normal, origin);  // brush models: planes move with their entity's origin
        const bool bevel = i < brush.bevel.size() && brush.bevel[i];
        sides.push_back({w, bevel});
    }
    const std::int32_t id = brush.id >= 0 ? brush.id : mNextId;
    mNextId = std::max(mNextId, id + 1);
    return addVolume(std::move(sides), VolumeKind::Brush, brush.contents, id, -1, model);
}

Status ModelBuilder::addDisplacement(const DisplacementInput& disp) {
    const Vec3 up = normalize(disp.up);
    if (lengthSquared(up) < 0.5f) return Error("collision.bad_up", "displacement up direction is zero").field("up");
    float lowest = std::numeric_limits<float>::infinity();
    for (std::size_t i = 0; i < disp.vertices.size(); ++i) {
        if (!isFinite(disp.vertices[i])) {
            return Error("collision.bad_vertex", "displacement vertex is not finite").record(i).field("vertices");
        }
        lowest = std::min(lowest, dot(up, disp.vertices[i]));
    }
    const std::int32_t id = disp.id >= 0 ? disp.id : mNextDispId;
    mNextDispId = std::max(mNextDispId, id + 1);
    const float bottom = lowest - kDisplacementDepth;
    for (std::size_t t = 0; t < disp.triangles.size(); ++t) {
        const auto& tri = disp.triangles[t];
        for (std::uint32_t idx : tri) {
            if (idx >= disp.vertices.size()) {
                return Error("collision.bad_index", "triangle index beyond the vertex list")
                    .record(t)
                    .field("triangles")
                    .expected("< " + std::to_string(disp.vertices.size()))
                    .actual(std::to_string(idx));
            }
        }
        const Vec3 v[3] = {disp.vertices[tri[0]], disp.vertices[tri[1]], disp.vertices[tri[2]]};
        Vec3 n = normalize(cross(v[2] - v[0], v[1] - v[0]));
        // Terrain is solid below: the surface normal must face up out of it (seed E23.5).
        if (dot(n, up) < 0.0f) n = -n;
        if (dot(n, up) < 0.01f) {
            ++mModel.mStats.degenerateSkipped;  // vertical or zero-area: its neighbours' columns cover it
            continue;
        }
        std::vector<Side> sides;
        sides.push_back({Plane{n, dot(n, v[0])}, false});
        bool ok = true;
        for (int e = 0; e < 3 && ok; ++e) {
            const Vec3 a = v[e];
            const Vec3 b = v[(e + 1) % 3];
            const Vec3 c = v[(e + 2) % 3];
            Vec3 s = cross(b - a, up);
            if (lengthSquared(s) < 1e-8f) {
                ok = false;
                break;
            }
            s = normalize(s);
            if (dot(s, c - a) > 0.0f) s = -s;
            sides.push_back({Plane{s, dot(s, a)}, false});
        }
        if (!ok) {
            ++mModel.mStats.degenerateSkipped;
            continue;
        }
        sides.push_back({Plane{-up, -bottom}, false});
        VESTIGE_CHECK(addVolume(std::move(sides), VolumeKind::Displacement, disp.contents, id,
                                static_cast<std::int32_t>(t), 0));
    }
    return {};
}

std::int32_t ModelBuilder::addBox(Vec3 mins, Vec3 maxs, std::uint32_t contents, Vec3 origin, std::int32_t model) {
    BrushInput b;
    b.contents = contents;
    b.id = mNextId;
    b.planes = {Plane{{1, 0, 0}, maxs.x}, Plane{{-1, 0, 0}, -mins.x}, Plane{{0, 1, 0}, maxs.y},
                Plane{{0, -1, 0}, -mins.y}, Plane{{0, 0, 1}, maxs.z}, Plane{{0, 0, -1}, -mins.z}};
    (void)addBrush(b, origin, model);
    return b.id;
}

std::int32_t ModelBuilder::addRamp(float x0, float y0, float y1, float z0, float length, float angleDegrees,
                                   bool descendingX, std::uint32_t contents) {
    const float a = degToRad(angleDegrees);
    const float s = std::sin(a);
    const float c = std::cos(a);
    BrushInput b;
    b.contents = contents;
    b.id = mNextId;
    const Vec3 slope = descendingX ? Vec3{s, 0, c} : Vec3{-s, 0, c};
    const float back = descendingX ? x0 - length : x0 + length;
    b.planes = {Plane{slope, dot(slope, Vec3{x0, 0, z0})},
                descendingX ? Plane{{-1, 0, 0}, -back} : Plane{{1, 0, 0}, back},
                Plane{{0, 1, 0}, y1},
                Plane{{0, -1, 0}, -y0},
                Plane{{0, 0, -1}, -z0}};
    (void)addBrush(b);
    return b.id;
}

void ModelBuilder::addStairs(float x0, float y0, float y1, float z0, int count, float stepHeight, float stepDepth) {
    for (int i = 0; i < count; ++i) {
        const float xa = x0 + static_cast<float>(i) * stepDepth;
        addBox({xa, y0, z0}, {xa + stepDepth, y1, z0 + static_cast<float>(i + 1) * stepHeight});
    }
}

DisplacementInput displacementGrid(Vec3 origin, float size, int power, const std::function<float(float, float)>& height) {
    DisplacementInput d;
    const int n = (1 << power) + 1;
    const float step = size / static_cast<float>(n - 1);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const float x = static_cast<float>(j) * step;
            const float y = static_cast<float>(i) * step;
            d.vertices.push_back({origin.x + x, origin.y + y, origin.z + height(x, y)});
        }
    }
    for (int i = 0; i + 1 < n; ++i) {
        for (int j = 0; j + 1 < n; ++j) {
            const auto k = static_cast<std::uint32_t>(i * n + j);
            const auto un = static_cast<std::uint32_t>(n);
            if (k % 2 == 1) {
                d.triangles.push_back({k, k + un, k + 1});
                d.triangles.push_back({k + 1, k + un, k + un + 1});
            } else {
                d.triangles.push_back({k, k + un, k + un + 1});
                d.triangles.push_back({k, k + un + 1, k + 1});
            }
        }
    }
    return d;
}

CollisionModel ModelBuilder::build() {
    CollisionModel w = std::move(mModel);
    mModel = CollisionModel{};
    w.buildTree();
    mNextId = 0;
    mNextDispId = 0;
    return w;
}

}  // namespace vestige::source::collision
