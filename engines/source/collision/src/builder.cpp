// Builds convex volumes (shape and bevels from the base brush geometry), displacement columns, the BVH.
#include "vestige/source/collision/builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/source/base/brush_geometry.hpp"

namespace vestige::source::collision {

namespace {

constexpr float kDisplacementDepth = 16.0f;  // columns reach this far below the displacement's lowest point
constexpr float kSamePoint = 1e-4f;          // squared distance under which two vertices are one

}  // namespace

std::vector<Vec3> convexVertices(std::span<const Plane> planes) {
    const base::BrushHull hull = base::brushHull(planes);
    if (!hull.closed()) return {};
    std::vector<Vec3> verts;
    for (const base::Winding& w : hull.windings)
        for (const base::DVec3& p : w) {
            const Vec3 v = base::toFloat(p);
            if (std::none_of(verts.begin(), verts.end(), [&](Vec3 u) { return lengthSquared(v - u) < kSamePoint; }))
                verts.push_back(v);
        }
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
    // The volume's shape and bevels as vbsp computes them for a brush (base/brush_geometry.hpp).
    std::vector<Plane> planes;
    planes.reserve(sides.size());
    for (const Side& s : sides) planes.push_back(s.plane);
    const base::BrushHull hull = base::brushHull(planes);
    if (hull.open) {
        return Error("collision.unbounded", "the planes do not close a volume").record(static_cast<std::uint64_t>(
            sourceId < 0 ? 0 : sourceId));
    }
    if (!hull.closed()) {
        ++mModel.mStats.degenerateSkipped;
        return {};
    }
    const Aabb bounds = hull.bounds;
    const std::size_t before = sides.size();
    for (const Plane& p : base::bevelPlanes(planes, hull.windings)) sides.push_back({p, true});
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
