// Compact surfaces, solids and .phy files from convex pieces (builder.hpp).
#include "vestige/source/phy/builder.hpp"

#include <LinearMath/btConvexHullComputer.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace vestige::source::phy {

namespace {

struct D3 {
    double x = 0, y = 0, z = 0;
    D3() = default;
    D3(double a, double b, double c) : x(a), y(b), z(c) {}
    explicit D3(Vec3 v) : x(v.x), y(v.y), z(v.z) {}
    double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
    friend D3 operator+(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend D3 operator-(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend D3 operator*(D3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
};
double dotD(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
D3 crossD(D3 a, D3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
double lengthD(D3 a) { return std::sqrt(dotD(a, a)); }
Vec3 toVec(D3 a) { return {static_cast<float>(a.x), static_cast<float>(a.y), static_cast<float>(a.z)}; }

// A piece converted to IVP space (the precision of the file), with its triangles.
struct IvpPiece {
    std::vector<D3> points;
    const ConvexInput* input = nullptr;
    D3 boxMin, boxMax;
};

D3 toIvp(Vec3 p) {
    const Vec3 v = sourceToIvp(p);
    return D3(v);
}

// Volume, centroid and second moments by summing signed tetrahedra against the origin (points in any one space).
struct MassSums {
    double volume = 0;
    D3 center;
    D3 inertia;  // per unit mass
};
Result<MassSums> massSums(const std::vector<std::vector<D3>>& points, std::span<const ConvexInput> pieces) {
    double volume = 0;
    D3 first;
    double c[3][3] = {};
    for (std::size_t p = 0; p < pieces.size(); ++p)
        for (const auto& t : pieces[p].triangles) {
            const D3 a = points[p][t[0]], b = points[p][t[1]], cc = points[p][t[2]];
            const double det = dotD(a, crossD(b, cc));
            volume += det / 6.0;
            first = first + (a + b + cc) * (det / 24.0);
            const D3 s = a + b + cc;
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    c[i][j] += det / 120.0 * (a[i] * a[j] + b[i] * b[j] + cc[i] * cc[j] + s[i] * s[j]);
        }
    if (!(volume > 1e-12))
        return Error("phy.degenerate", "convex pieces enclose no volume (check the winding)")
            .actual(fmt::format("{}", volume));
    MassSums m;
    m.volume = volume;
    m.center = first * (1.0 / volume);
    double cov[3][3];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) cov[i][j] = c[i][j] / volume - m.center[i] * m.center[j];
    m.inertia = {cov[1][1] + cov[2][2], cov[0][0] + cov[2][2], cov[0][0] + cov[1][1]};
    return m;
}

// IVP's pierce pairing (insert_pierce_info): triangles are visited from the last to the first; each one not yet
// paired is paired, both ways, with the triangle whose unit normal is most opposite to its own (dot < -1e-6;
// on a tie the later triangle, the first one met going backwards).
std::vector<std::uint16_t> pierceTriangles(const IvpPiece& p) {
    const auto& tris = p.input->triangles;
    const std::size_t n = tris.size();
    std::vector<D3> normals(n);
    for (std::size_t i = 0; i < n; ++i) {
        const D3 a = p.points[tris[i][0]], b = p.points[tris[i][1]], c = p.points[tris[i][2]];
        const D3 cr = crossD(b - a, c - a);
        normals[i] = cr * (1.0 / std::max(lengthD(cr), 1e-30));
    }
    std::vector<std::int64_t> pierce(n, -1);
    for (std::size_t jj = n; jj-- > 0;) {
        if (pierce[jj] >= 0) continue;
        double best = -1e-6;
        std::int64_t found = -1;
        for (std::size_t ii = n; ii-- > 0;) {
            const double d = dotD(normals[ii], normals[jj]);
            if (d < best) {
                best = d;
                found = static_cast<std::int64_t>(ii);
            }
        }
        if (found < 0) found = static_cast<std::int64_t>(jj);  // no opposite face (only a degenerate hull)
        pierce[jj] = found;
        pierce[static_cast<std::size_t>(found)] = static_cast<std::int64_t>(jj);
    }
    return {pierce.begin(), pierce.end()};
}

Result<std::vector<Triangle>> ledgeTriangles(const IvpPiece& p, std::uint16_t firstPoint, std::size_t pieceIndex) {
    const auto& tris = p.input->triangles;
    if (tris.empty() || tris.size() > 0xFFF)
        return Error("phy.limit", "a convex piece needs 1..4095 triangles")
            .record(pieceIndex)
            .actual(std::to_string(tris.size()));
    std::map<std::pair<std::uint16_t, std::uint16_t>, std::pair<std::size_t, std::size_t>> directed;
    for (std::size_t t = 0; t < tris.size(); ++t)
        for (std::size_t e = 0; e < 3; ++e) {
            const auto key = std::make_pair(tris[t][e], tris[t][(e + 1) % 3]);
            if (key.first >= p.points.size() || key.second >= p.points.size())
                return Error("phy.degenerate", "triangle index beyond the piece's points").record(pieceIndex);
            if (!directed.emplace(key, std::make_pair(t, e)).second)
                return Error("phy.degenerate", "edge used twice in one direction (not a closed hull)")
                    .record(pieceIndex);
        }
    std::vector<Triangle> out(tris.size());
    const std::vector<std::uint16_t> pierce = pierceTriangles(p);
    for (std::size_t t = 0; t < tris.size(); ++t) {
        Triangle& tri = out[t];
        tri.index = static_cast<std::uint16_t>(t);
        tri.pierceIndex = pierce[t];
        tri.material = p.input->material;
        for (std::size_t e = 0; e < 3; ++e) {
            const auto back = directed.find({tris[t][(e + 1) % 3], tris[t][e]});
            if (back == directed.end())
                return Error("phy.degenerate", "edge without a neighbour (not a closed hull)").record(pieceIndex);
            const auto unitOf = [](std::size_t tt, std::size_t ee) { return static_cast<int>(4 * tt + 1 + ee); };
            tri.edges[e].startPoint = static_cast<std::uint16_t>(firstPoint + tris[t][e]);
            tri.edges[e].opposite =
                static_cast<std::int16_t>(unitOf(back->second.first, back->second.second) - unitOf(t, e));
        }
    }
    return out;
}

struct NodeBuilder {
    const std::vector<IvpPiece>& pieces;
    const std::vector<std::uint32_t>& ledgeOffsets;
    std::vector<LedgeNode> nodes;
    std::uint32_t next = 0;

    void build(std::vector<std::size_t> items) {
        D3 lo(INFINITY, INFINITY, INFINITY), hi(-INFINITY, -INFINITY, -INFINITY);
        for (std::size_t i : items) {
            lo = {std::min(lo.x, pieces[i].boxMin.x), std::min(lo.y, pieces[i].boxMin.y),
                  std::min(lo.z, pieces[i].boxMin.z)};
            hi = {std::max(hi.x, pieces[i].boxMax.x), std::max(hi.y, pieces[i].boxMax.y),
                  std::max(hi.z, pieces[i].boxMax.z)};
        }
        LedgeNode n;
        n.offset = next;
        next += static_cast<std::uint32_t>(kNodeSize);
        const D3 center = (lo + hi) * 0.5;
        double radius = 0;
        for (std::size_t i : items)
            for (const auto& v : pieces[i].points) radius = std::max(radius, lengthD(v - center));
        n.center = toVec(center);
        n.radius = static_cast<float>(radius);
        for (int k = 0; k < 3; ++k) {
            const double q = radius > 0 ? std::ceil((hi[k] - lo[k]) * 0.5 / radius * 250.0) : 0.0;
            n.boxSizes[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(std::clamp(q, 0.0, 255.0));
        }
        const std::size_t slot = nodes.size();
        nodes.push_back(n);
        if (items.size() == 1) {
            nodes[slot].ledgeOffset =
                static_cast<std::int32_t>(ledgeOffsets[items[0]]) - static_cast<std::int32_t>(n.offset);
            return;
        }
        const D3 extent = hi - lo;
        const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
        std::stable_sort(items.begin(), items.end(), [&](std::size_t a, std::size_t b) {
            return (pieces[a].boxMin[axis] + pieces[a].boxMax[axis]) <
                   (pieces[b].boxMin[axis] + pieces[b].boxMax[axis]);
        });
        const std::size_t half = items.size() / 2;
        build(std::vector<std::size_t>(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(half)));
        nodes[slot].rightOffset = static_cast<std::int32_t>(next - n.offset);
        build(std::vector<std::size_t>(items.begin() + static_cast<std::ptrdiff_t>(half), items.end()));
    }
};

}  // namespace

ConvexInput boxHull(Vec3 mins, Vec3 maxs) {
    ConvexInput c;
    for (int i = 0; i < 8; ++i)
        c.points.push_back({(i & 1) ? maxs.x : mins.x, (i & 2) ? maxs.y : mins.y, (i & 4) ? maxs.z : mins.z});
    // Two triangles per face, counter-clockwise seen from outside.
    c.triangles = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                   {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
    return c;
}

Result<ConvexInput> hullFromPoints(std::span<const Vec3> points) {
    std::vector<btScalar> coords;
    coords.reserve(points.size() * 3);
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!isFinite(points[i])) return Error("phy.nan_point", "non-finite hull point").record(i);
        coords.insert(coords.end(), {points[i].x, points[i].y, points[i].z});
    }
    if (points.size() < 4)
        return Error("phy.degenerate", "a hull needs at least 4 points").actual(std::to_string(points.size()));
    btConvexHullComputer hull;
    hull.compute(coords.data(), static_cast<int>(3 * sizeof(btScalar)), static_cast<int>(points.size()), 0, 0);
    if (hull.vertices.size() < 4 || hull.faces.size() < 4 || hull.vertices.size() > 0xFFFF)
        return Error("phy.degenerate", "points are coplanar or too many for one hull")
            .actual(std::to_string(hull.vertices.size()));
    ConvexInput c;
    D3 centroid;
    for (int i = 0; i < hull.vertices.size(); ++i) {
        const btVector3& v = hull.vertices[i];
        c.points.push_back({static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())});
        centroid = centroid + D3(c.points.back()) * (1.0 / hull.vertices.size());
    }
    for (int f = 0; f < hull.faces.size(); ++f) {
        std::vector<std::uint16_t> poly;
        const btConvexHullComputer::Edge* start = &hull.edges[hull.faces[f]];
        const btConvexHullComputer::Edge* e = start;
        do {
            poly.push_back(static_cast<std::uint16_t>(e->getSourceVertex()));
            e = e->getNextEdgeOfFace();
        } while (e != start && poly.size() <= static_cast<std::size_t>(hull.vertices.size()));
        for (std::size_t k = 1; k + 1 < poly.size(); ++k) {
            std::array<std::uint16_t, 3> t{poly[0], poly[k], poly[k + 1]};
            const D3 a(c.points[t[0]]), b(c.points[t[1]]), cc(c.points[t[2]]);
            if (dotD(crossD(b - a, cc - a), a - centroid) < 0) std::swap(t[1], t[2]);
            c.triangles.push_back(t);
        }
    }
    return c;
}

Result<MassProperties> massProperties(std::span<const ConvexInput> pieces) {
    std::vector<std::vector<D3>> points;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        points.emplace_back();
        for (Vec3 v : pieces[i].points) {
            if (!isFinite(v)) return Error("phy.nan_point", "non-finite convex point").record(i);
            points.back().push_back(D3(v));
        }
        for (const auto& t : pieces[i].triangles)
            for (auto k : t)
                if (k >= points.back().size())
                    return Error("phy.degenerate", "triangle index beyond the points").record(i);
    }
    VESTIGE_TRY(MassSums m, massSums(points, pieces));
    MassProperties out;
    out.volume = m.volume;
    out.center = toVec(m.center);
    out.inertiaPerMass = toVec(m.inertia);
    double radius = 0;
    for (const auto& ps : points)
        for (const auto& v : ps) radius = std::max(radius, lengthD(v - m.center));
    out.radius = static_cast<float>(radius);
    return out;
}

Result<CompactSurface> buildCompactSurface(std::span<const ConvexInput> inputs) {
    if (inputs.empty()) return Error("phy.degenerate", "a compact surface needs at least one convex piece");
    std::vector<IvpPiece> pieces(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        IvpPiece& p = pieces[i];
        p.input = &inputs[i];
        p.boxMin = {INFINITY, INFINITY, INFINITY};
        p.boxMax = {-INFINITY, -INFINITY, -INFINITY};
        for (std::size_t k = 0; k < inputs[i].points.size(); ++k) {
            if (!isFinite(inputs[i].points[k]))
                return Error("phy.nan_point", "non-finite convex point").record(i).field(fmt::format("point[{}]", k));
            const D3 v = toIvp(inputs[i].points[k]);
            p.points.push_back(v);
            p.boxMin = {std::min(p.boxMin.x, v.x), std::min(p.boxMin.y, v.y), std::min(p.boxMin.z, v.z)};
            p.boxMax = {std::max(p.boxMax.x, v.x), std::max(p.boxMax.y, v.y), std::max(p.boxMax.z, v.z)};
        }
    }
    std::vector<std::vector<D3>> ivpPoints;
    for (const auto& p : pieces) ivpPoints.push_back(p.points);
    VESTIGE_TRY(MassSums mass, massSums(ivpPoints, inputs));
    double radius = 0;
    for (const auto& p : pieces)
        for (const auto& v : p.points) radius = std::max(radius, lengthD(v - mass.center));

    CompactSurface s;
    s.massCenter = toVec(mass.center);
    s.rotationInertia = toVec(mass.inertia);
    s.upperLimitRadius = static_cast<float>(radius);
    std::uint32_t cursor = static_cast<std::uint32_t>(kSurfaceHeaderSize);
    std::vector<std::uint32_t> ledgeOffsets;
    std::uint32_t totalPoints = 0;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        totalPoints += static_cast<std::uint32_t>(pieces[i].points.size());
        if (totalPoints > 0xFFFF) return Error("phy.limit", "more than 65535 points in one surface");
    }
    std::uint32_t pointsAt = cursor;
    for (const auto& p : pieces)
        pointsAt += static_cast<std::uint32_t>(kLedgeHeaderSize + kTriangleSize * p.input->triangles.size());
    PointArray shared;
    shared.offset = pointsAt;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const IvpPiece& p = pieces[i];
        Ledge l;
        l.offset = cursor;
        l.pointOffset = static_cast<std::int32_t>(pointsAt) - static_cast<std::int32_t>(cursor);
        l.clientData = p.input->clientData;
        l.isCompact = 1;
        VESTIGE_TRY(l.triangles, ledgeTriangles(p, static_cast<std::uint16_t>(shared.points.size()), i));
        l.sizeDiv16 = static_cast<std::uint32_t>(1 + l.triangles.size() + p.points.size());
        for (const D3& v : p.points)
            shared.points.push_back({static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z), 0.0f});
        ledgeOffsets.push_back(cursor);
        cursor += static_cast<std::uint32_t>(kLedgeHeaderSize + kTriangleSize * l.triangles.size());
        s.ledges.push_back(std::move(l));
    }
    cursor = pointsAt + static_cast<std::uint32_t>(kPointSize * shared.points.size());
    s.pointArrays.push_back(std::move(shared));
    NodeBuilder nb{pieces, ledgeOffsets, {}, cursor};
    std::vector<std::size_t> all(pieces.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    nb.build(all);
    s.ledgeTreeRoot = static_cast<std::int32_t>(cursor);
    s.nodes = std::move(nb.nodes);
    s.byteSize = nb.next;
    if (s.byteSize > 0xFFFFFF) return Error("phy.limit", "compact surface larger than 16 MiB");
    return s;
}

Result<Solid> buildSolid(std::span<const ConvexInput> pieces, bool legacy) {
    Solid solid;
    VESTIGE_TRY(solid.surface, buildCompactSurface(pieces));
    if (!legacy) {
        CollideHeader h;
        h.surfaceSize = static_cast<std::int32_t>(solid.surface->byteSize);
        solid.header = h;
    }
    return solid;
}

void PhyBuilder::addSolid(std::vector<ConvexInput> pieces, SolidKeys keys) {
    keys.index = static_cast<std::int32_t>(mSolids.size());
    mSolids.push_back(std::move(pieces));
    mKeys.solids.push_back(std::move(keys));
}

Result<PhyFile> PhyBuilder::build() const {
    PhyFile f;
    f.header.checksum = mChecksum;
    f.header.solidCount = static_cast<std::int32_t>(mSolids.size());
    for (std::size_t i = 0; i < mSolids.size(); ++i) {
        VESTIGE_TRY(Solid s, std::move(buildSolid(mSolids[i], mLegacy)).record(i));
        f.collide.solids.push_back(std::move(s));
    }
    f.collide.keyText = writeKeys(mKeys);
    return f;
}

Result<Bytes> PhyBuilder::write() const {
    VESTIGE_TRY(PhyFile f, build());
    return writePhy(f);
}

}  // namespace vestige::source::phy
