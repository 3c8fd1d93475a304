// AniMesh -> animated binary glTF (node TRS channels sampled per frame).
#include "vestige/iron3d/animesh/export.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "vestige/gltf/gltf.hpp"

namespace vestige::iron3d::animesh {
namespace {

// The triangles of one slot, with vertices renumbered compactly.
gltf::Primitive slotPrimitive(const msh::ModelData& d, const msh::Slot& s) {
    gltf::Primitive prim;
    std::map<std::uint32_t, std::uint32_t> remap;
    for (std::uint32_t b = s.batchStart; b < std::uint32_t{s.batchStart} + s.batchCount; ++b) {
        const msh::Batch& batch = d.batches[b];
        for (std::uint32_t k = 0; k < batch.indexCount; ++k) {
            const std::uint32_t v = batch.baseVertex + d.indices[batch.indexStart + k];
            auto [it, added] = remap.try_emplace(v, static_cast<std::uint32_t>(prim.positions.size()));
            if (added) prim.positions.push_back(d.positions[v]);
            prim.indices.push_back(it->second);
        }
    }
    return prim;
}

}  // namespace

Result<Bytes> exportAnimatedGlb(const AniMesh& source, const GlbOptions& options) {
    if (!(options.framesPerSecond > 0.0f) || !std::isfinite(options.framesPerSecond))
        return Error("animesh.export", "frames per second must be positive").field("framesPerSecond");
    AniMesh mesh = source;
    gltf::Document doc;
    doc.generator = "vestige animesh";
    const auto& pieces = mesh.pieces();
    for (std::uint32_t i = 0; i < pieces.size(); ++i) {
        const Piece& p = pieces[i];
        gltf::Node node;
        node.name = p.name.empty() ? fmt::format("piece{}", i) : p.name;
        node.translation = p.local.translation;
        node.rotation = p.local.rotation;
        node.children = {};
        for (std::uint32_t c : mesh.children(i)) node.children.push_back(static_cast<int>(c));
        node.extras.ints = {{"piece", i}, {"tag", p.tag}, {"source_node", p.sourceNode}, {"flags", p.flags}};
        VESTIGE_TRY(const auto slot, mesh.resolveSlot(i, options.lod, options.state));
        if (slot) {
            const msh::ModelData& d = *mesh.loads()[p.load].model;
            gltf::Mesh m;
            m.name = node.name;
            m.primitives.push_back(slotPrimitive(d, d.slots[*slot]));
            if (!m.primitives.back().indices.empty()) {
                node.mesh = static_cast<int>(doc.meshes.size());
                doc.meshes.push_back(std::move(m));
            }
        }
        doc.nodes.push_back(std::move(node));
    }
    // Sample every frame; keep channels only for pieces whose pose changes.
    std::vector<std::vector<animation::Pose>> samples(pieces.size());
    std::vector<float> times;
    for (std::uint32_t f = 0; f < options.frames; ++f) {
        mesh.setAllTimes(static_cast<float>(f));
        VESTIGE_CHECK(mesh.update());
        times.push_back(static_cast<float>(f) / options.framesPerSecond);
        for (std::size_t i = 0; i < pieces.size(); ++i) samples[i].push_back(mesh.pieces()[i].local);
    }
    gltf::Animation anim;
    anim.name = "frames";
    for (std::size_t i = 0; i < pieces.size() && times.size() > 1; ++i) {
        const auto& s = samples[i];
        if (std::all_of(s.begin(), s.end(), [&](const animation::Pose& p) { return p == s.front(); })) continue;
        gltf::AnimationChannel t{
            static_cast<int>(i), gltf::AnimationPath::Translation, gltf::Interpolation::Linear, times, {}, {}};
        gltf::AnimationChannel r{
            static_cast<int>(i), gltf::AnimationPath::Rotation, gltf::Interpolation::Linear, times, {}, {}};
        for (const auto& p : s) {
            t.vec3Values.push_back(p.translation);
            r.quatValues.push_back(p.rotation);
        }
        anim.channels.push_back(std::move(t));
        anim.channels.push_back(std::move(r));
    }
    if (!anim.channels.empty()) doc.animations.push_back(std::move(anim));
    return gltf::writeGlb(doc);
}

}  // namespace vestige::iron3d::animesh
