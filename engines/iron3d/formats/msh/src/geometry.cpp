// Static (state, lod) geometry: decodes the shared vertex streams once and lists, per node, the
// Batch20 draw ranges of the slot that node selects. Nothing is merged, reordered or dropped.
#include <fmt/format.h>

#include <algorithm>

#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::msh {

Result<StaticGeometry> staticGeometry(const Model& model, unsigned state, unsigned lod) {
    const ModelData& d = model.data();
    if (state >= kStateCount)
        return Error("msh.bad_state", "state must be 0..2").field("state").actual(std::to_string(state));
    if (lod >= kLodCount) return Error("msh.bad_lod", "lod must be 0..4").field("lod").actual(std::to_string(lod));
    if (d.nodeStride != kNodeSize)
        return Error("msh.node_variant", "this node variant has no decoded state/LOD slot table")
            .field("nodeStride")
            .expected("38")
            .actual(std::to_string(d.nodeStride));

    StaticGeometry g;
    g.state = state;
    g.lod = lod;
    g.positions = d.positions;
    if (d.normals) {
        g.normals.reserve(d.normals->size());
        for (const auto& n : *d.normals) g.normals.push_back(n.decode());
    }
    if (d.uv0) {
        g.uv0.reserve(d.uv0->size());
        for (const auto& uv : *d.uv0) g.uv0.push_back(uv.decode());
    }
    if (d.uv1) {
        g.uv1.reserve(d.uv1->size());
        for (const auto& uv : *d.uv1) g.uv1.push_back(uv.decode());
    }
    g.indices = d.indices;
    g.nodes.reserve(d.nodes.size());
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
        const Node& n = d.nodes[i];
        NodeGeometry ng;
        ng.node = static_cast<std::uint16_t>(i);
        ng.name = model.nodeName(i);
        ng.parent = model.parentOf(i);
        ng.flags = n.flags;
        const auto s = n.slot(state, lod);
        if (s != kNone) {
            const Slot& slot = d.slots[s];  // range checked by the reader
            ng.slot = s;
            ng.bounds = Aabb{slot.aabbMin, slot.aabbMax};
            ng.sphere = Sphere{slot.sphereCenter, slot.sphereRadius};
            for (std::uint32_t b = slot.batchStart; b < std::uint32_t{slot.batchStart} + slot.batchCount; ++b) {
                const Batch& batch = d.batches[b];
                DrawRange r;
                r.batch = b;
                r.flags = batch.flags;
                r.materialIndex = batch.materialIndex;
                r.materialIndexHi = batch.materialIndexHi;
                if (batch.hasLightmap()) r.lightmapIndex = batch.lightmapIndex;
                r.localBatchIndex = batch.localBatchIndex;
                r.vertexCount = batch.vertexCount;
                r.indexStart = batch.indexStart;
                r.indexCount = batch.indexCount;
                r.baseVertex = batch.baseVertex;
                if (batch.indexCount > 0) {
                    const auto* first = d.indices.data() + batch.indexStart;
                    const auto [lo, hi] = std::minmax_element(first, first + batch.indexCount);
                    r.minVertex = batch.baseVertex + *lo;
                    r.maxVertex = batch.baseVertex + *hi;
                }
                ng.ranges.push_back(r);
            }
        }
        g.nodes.push_back(std::move(ng));
    }
    return g;
}

}  // namespace vestige::iron3d::msh
