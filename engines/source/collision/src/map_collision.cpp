// BSP -> collision model: brush ownership through model subtrees, entity origins, displacement columns.
#include "vestige/source/collision/map_collision.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "vestige/source/base/entity_keys.hpp"
#include "vestige/source/collision/builder.hpp"

namespace vestige::source::collision {

namespace {

constexpr std::int32_t kDispNoHull = 0x4;  // DISPINFO flag: no collision hull (spec §2.4)

// Brushes reached from a model's head node (LEAFBRUSHES of every leaf in the subtree).
void collectBrushes(const bsp::Bsp& map, std::int32_t headNode, std::int32_t model, std::vector<std::int32_t>& owner) {
    std::vector<std::int32_t> stack{headNode};
    std::vector<bool> seen(map.nodes.size(), false);
    while (!stack.empty()) {
        const std::int32_t n = stack.back();
        stack.pop_back();
        if (n < 0) {
            const auto leafIndex = static_cast<std::size_t>(-1 - static_cast<std::int64_t>(n));
            if (leafIndex >= map.leafs.size()) continue;
            const bsp::Leaf& leaf = map.leafs[leafIndex];
            for (std::size_t i = 0; i < leaf.numLeafBrushes; ++i) {
                const std::size_t lb = static_cast<std::size_t>(leaf.firstLeafBrush) + i;
                if (lb >= map.leafBrushes.size()) break;
                const std::uint16_t b = map.leafBrushes[lb];
                if (b < owner.size() && owner[b] < 0) owner[b] = model;
            }
            continue;
        }
        const auto ni = static_cast<std::size_t>(n);
        if (ni >= map.nodes.size() || seen[ni]) continue;  // the reader checks indices; cycles are still cut
        seen[ni] = true;
        stack.push_back(map.nodes[ni].children[0]);
        stack.push_back(map.nodes[ni].children[1]);
    }
}

struct ModelPlacement {
    bool collides = false;
    Vec3 origin;
    bool rotated = false;
};

}  // namespace

Result<MapCollision> fromBsp(const bsp::Bsp& map) {
    MapCollision out;
    // Which entity places each brush model ("model" "*N").
    std::vector<ModelPlacement> placement(map.models.size());
    if (!placement.empty()) placement[0].collides = true;
    for (const bsp::Entity& e : map.entities) {
        const auto index = base::brushModelIndex(e.value("model"));
        if (!index || *index == 0 || *index >= map.models.size()) continue;
        ModelPlacement& p = placement[*index];
        p.collides = !isNonCollidingClass(e.className()) && e.value("StartDisabled") != "1";
        p.origin = e.vec3("origin").value_or(Vec3{});
        if (!isFinite(p.origin)) p.collides = false;  // cannot be placed; counted as excluded
        const Vec3 angles = e.vec3("angles").value_or(Vec3{});
        p.rotated = angles.x != 0.0f || angles.y != 0.0f || angles.z != 0.0f;
    }

    std::vector<std::int32_t> owner(map.brushes.size(), -1);
    for (std::size_t m = 1; m < map.models.size(); ++m) {
        collectBrushes(map, map.models[m].headNode, static_cast<std::int32_t>(m), owner);
    }
    if (!map.models.empty()) collectBrushes(map, map.models[0].headNode, 0, owner);

    ModelBuilder builder;
    for (std::size_t m = 0; m < placement.size(); ++m) {
        if (m > 0 && placement[m].rotated && placement[m].collides) ++out.stats.rotatedModels;
    }
    for (std::size_t b = 0; b < map.brushes.size(); ++b) {
        const bsp::Brush& brush = map.brushes[b];
        std::int32_t model = owner[b];
        if (model < 0) {
            model = 0;
            ++out.stats.unreferencedBrushes;
        }
        const ModelPlacement& place = placement[static_cast<std::size_t>(model)];
        if (!place.collides) {
            ++out.stats.excludedBrushes;
            continue;
        }
        if (brush.contents == 0) {
            ++out.stats.emptyBrushes;
            continue;
        }
        BrushInput in;
        in.id = static_cast<std::int32_t>(b);
        in.contents = static_cast<std::uint32_t>(brush.contents);
        for (std::int32_t s = 0; s < brush.numSides; ++s) {
            const std::size_t si = static_cast<std::size_t>(brush.firstSide) + static_cast<std::size_t>(s);
            if (si >= map.brushSides.size()) {
                return Error("collision.bsp_index", "brush side index beyond BRUSHSIDES").record(b).field("firstSide");
            }
            const bsp::BrushSide& side = map.brushSides[si];
            if (side.planeNum >= map.planes.size()) {
                return Error("collision.bsp_index", "brush side plane beyond PLANES").record(si).field("planenum");
            }
            const bsp::Plane& p = map.planes[side.planeNum];
            in.planes.push_back(Plane{p.normal, p.dist});
            in.bevel.push_back(side.bevel != 0);
        }
        const Status st = builder.addBrush(in, model == 0 ? Vec3{} : place.origin, model);
        if (!st.ok()) {
            // An open or broken brush is reported and left out, like vbsp's own "brush has no volume".
            ++out.stats.excludedBrushes;
            continue;
        }
        ++out.stats.brushes;
        if (model == 0) ++out.stats.worldBrushes;
        else ++out.stats.modelBrushes;
    }

    // Displacements (spec §1.8): corners in surfedge order, rotated so corner 0 is nearest startPosition.
    for (std::size_t d = 0; d < map.dispInfos.size(); ++d) {
        const bsp::DispInfo& info = map.dispInfos[d];
        if (info.minTess & kDispNoHull) {
            ++out.stats.displacementsNoHull;
            continue;
        }
        if (info.mapFace >= map.faces.size()) {
            return Error("collision.bsp_index", "displacement face beyond FACES").record(d).field("mapFace");
        }
        const bsp::Face& face = map.faces[info.mapFace];
        if (face.numEdges != 4) {
            return Error("collision.bsp_disp", "displacement base face must have 4 edges")
                .record(d)
                .field("numEdges")
                .expected("4")
                .actual(std::to_string(face.numEdges));
        }
        Vec3 corners[4];
        for (int i = 0; i < 4; ++i) {
            const std::size_t se = static_cast<std::size_t>(face.firstEdge) + static_cast<std::size_t>(i);
            if (se >= map.surfEdges.size()) return Error("collision.bsp_index", "surfedge beyond SURFEDGES").record(d);
            const std::uint16_t v = map.surfEdgeVertex(se);
            if (v >= map.vertexes.size()) return Error("collision.bsp_index", "vertex beyond VERTEXES").record(d);
            corners[i] = map.vertexes[v];
        }
        int first = 0;
        float best = lengthSquared(corners[0] - info.startPosition);
        for (int i = 1; i < 4; ++i) {
            const float dd = lengthSquared(corners[i] - info.startPosition);
            if (dd < best) {
                best = dd;
                first = i;
            }
        }
        const Vec3 p0 = corners[first], p1 = corners[(first + 1) % 4], p2 = corners[(first + 2) % 4],
                   p3 = corners[(first + 3) % 4];
        const int n = (1 << info.power) + 1;
        if (info.power < 0 || info.power > 4) {
            return Error("collision.bsp_disp", "displacement power out of range").record(d).field("power");
        }
        const auto start = static_cast<std::size_t>(info.dispVertStart);
        if (info.dispVertStart < 0 || start + static_cast<std::size_t>(n * n) > map.dispVerts.size()) {
            return Error("collision.bsp_index", "displacement vertices beyond DISP_VERTS").record(d);
        }
        DisplacementInput disp;
        disp.id = static_cast<std::int32_t>(d);
        disp.contents = contents::kSolid;
        if (face.planeNum < map.planes.size()) {
            Vec3 up = map.planes[face.planeNum].normal;
            if (face.side) up = -up;
            if (lengthSquared(up) > 0.5f) disp.up = up;
        }
        const float last = static_cast<float>(n - 1);
        for (int i = 0; i < n; ++i) {
            const Vec3 a = lerp(p0, p1, static_cast<float>(i) / last);
            const Vec3 bb = lerp(p3, p2, static_cast<float>(i) / last);
            for (int j = 0; j < n; ++j) {
                const bsp::DispVert& dv = map.dispVerts[start + static_cast<std::size_t>(i * n + j)];
                disp.vertices.push_back(lerp(a, bb, static_cast<float>(j) / last) + dv.vec * dv.dist);
            }
        }
        for (int i = 0; i + 1 < n; ++i) {
            for (int j = 0; j + 1 < n; ++j) {
                const auto k = static_cast<std::uint32_t>(i * n + j);
                const auto un = static_cast<std::uint32_t>(n);
                if (k % 2 == 1) {
                    disp.triangles.push_back({k, k + un, k + 1});
                    disp.triangles.push_back({k + 1, k + un, k + un + 1});
                } else {
                    disp.triangles.push_back({k, k + un, k + un + 1});
                    disp.triangles.push_back({k, k + un + 1, k + 1});
                }
            }
        }
        VESTIGE_CHECK(std::move(builder.addDisplacement(disp)).record(d));
        ++out.stats.displacements;
    }

    const auto spawn = base::findSpawnPoint(map.entities, [](const bsp::Entity& e) { return e.className(); });
    if (spawn) out.spawn = map.entities[*spawn].view().origin();
    out.model = builder.build();
    return out;
}

}  // namespace vestige::source::collision
