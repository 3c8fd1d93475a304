// MSH probe, `info` description and glTF export.
#include "vestige/iron3d/msh/inspect.hpp"

#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::msh {
namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec3 v) { return Json::array({v.x, v.y, v.z}); }

// Iron3D text is CP1251; JSON and glTF need UTF-8.
using vestige::cp1251ToUtf8;

const char* streamLabel(std::uint32_t t) {
    switch (t) {
        case 1:
            return "nodes";
        case 2:
            return "slots";
        case 3:
            return "positions";
        case 4:
            return "normals";
        case 5:
            return "uv0";
        case 6:
            return "indices";
        case 7:
            return "triangle descriptors";
        case 8:
            return "animation keys";
        case 9:
            return "service stream (opaque)";
        case 10:
            return "node names";
        case 13:
            return "batches";
        case 15:
            return "auxiliary stream (opaque)";
        case 16:
            return "vertex colours (opaque)";
        case 17:
            return "auxiliary data (opaque)";
        case 18:
            return "uv1";
        case 19:
            return "animation frame map";
        case 20:
            return "auxiliary table (opaque)";
        default:
            return "unknown (opaque)";
    }
}

std::string displayName(const Model& m, std::size_t i) {
    auto n = m.nodeName(i);
    return n.empty() ? fmt::format("node{}", i) : cp1251ToUtf8(n);
}

}  // namespace

int probe(ByteView data, std::string_view fileName) {
    // Peek at the NRes directory only (the full NRes checks run when the model is read).
    if (data.size() < nres::kHeaderSize || std::memcmp(data.data(), "NRes", 4) != 0) return 0;
    const auto count = static_cast<std::int32_t>(loadU32(data.data() + 8));
    if (count <= 0 || static_cast<std::uint64_t>(count) * nres::kEntrySize > data.size() - nres::kHeaderSize) return 0;
    const std::uint64_t dir = data.size() - static_cast<std::uint64_t>(count) * nres::kEntrySize;
    std::uint32_t mask = 0;
    for (std::int32_t i = 0; i < count; ++i) {
        const auto t = loadU32(data.data() + dir + static_cast<std::uint64_t>(i) * nres::kEntrySize);
        if (t < 32) mask |= 1u << t;
    }
    constexpr std::uint32_t kRequired = (1u << 1) | (1u << 2) | (1u << 3) | (1u << 6) | (1u << 13);
    const bool named = endsWithNoCase(fileName, ".msh");
    if ((mask & kRequired) == kRequired) return named ? 125 : 120;
    // A model with a required stream missing must reach the reader, which names the stream, instead of
    // falling through to the plain NRes describer: a .msh name, or indices and batches (streams only a
    // model has). The terrain's exact stream set scores 130 and still wins for Land.msh.
    constexpr std::uint32_t kModelOnly = (1u << 6) | (1u << 13);
    return named || (mask & kModelOnly) == kModelOnly ? 110 : 0;
}

registry::Description describe(const Model& model, std::string_view label) {
    const ModelData& d = model.data();
    const auto& entries = model.archive().entries();
    Json j;
    j["format"] = "msh";
    j["label"] = std::string(label);
    Json jentries = Json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        jentries.push_back({{"index", i},
                            {"type", e.type},
                            {"name", cp1251ToUtf8(e.name())},
                            {"size", e.size},
                            {"attr1", e.attr1},
                            {"attr2", e.attr2},
                            {"attr3", e.attr3},
                            {"content", streamLabel(e.type)}});
    }
    j["entries"] = std::move(jentries);
    j["node_stride"] = d.nodeStride;
    j["hierarchy"] = model.hierarchyFlat() ? "flat" : "tree";
    if (model.hierarchyFlat()) j["hierarchy_issue"] = model.hierarchyIssue();
    Json jnodes = Json::array();
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
        const Node& n = d.nodes[i];
        Json jn{{"index", i}, {"name", cp1251ToUtf8(model.nodeName(i))}};
        const auto parent = model.parentOf(i);
        jn["parent"] = parent ? Json(*parent) : Json(nullptr);
        jn["parent_raw"] = n.parent;
        jn["flags"] = n.flags;
        jn["anim_map_start"] = n.animMapStart;
        jn["fallback_key"] = n.fallbackKey;
        if (n.variantTail.empty()) {
            Json table = Json::array();
            for (unsigned s = 0; s < kStateCount; ++s) {
                Json row = Json::array();
                for (unsigned l = 0; l < kLodCount; ++l) {
                    const auto v = n.slot(s, l);
                    row.push_back(v == kNone ? Json(nullptr) : Json(v));
                }
                table.push_back(std::move(row));
            }
            jn["slots_by_state_lod"] = std::move(table);
        }
        jnodes.push_back(std::move(jn));
    }
    j["nodes"] = std::move(jnodes);
    Json jslots = Json::array();
    for (std::size_t i = 0; i < d.slots.size(); ++i) {
        const Slot& s = d.slots[i];
        jslots.push_back({{"index", i},
                          {"tri_start", s.triStart},
                          {"tri_count", s.triCount},
                          {"batch_start", s.batchStart},
                          {"batch_count", s.batchCount},
                          {"aabb_min", vec(s.aabbMin)},
                          {"aabb_max", vec(s.aabbMax)},
                          {"sphere_center", vec(s.sphereCenter)},
                          {"sphere_radius", s.sphereRadius}});
    }
    j["slots"] = std::move(jslots);
    j["batches"] = d.batches.size();
    std::map<int, int> wear;
    std::size_t lightmapped = 0;
    for (const auto& b : d.batches) {
        ++wear[b.materialIndex];
        if (b.hasLightmap()) ++lightmapped;
    }
    Json jwear = Json::array();
    for (auto [row, count] : wear) jwear.push_back({{"wear_row", row}, {"batches", count}});
    j["materials"] = std::move(jwear);
    j["lightmapped_batches"] = lightmapped;
    j["vertices"] = d.positions.size();
    j["indices"] = d.indices.size();
    j["triangles"] = model.triangleCount();
    j["has_normals"] = d.normals.has_value();
    j["has_uv0"] = d.uv0.has_value();
    j["has_uv1"] = d.uv1.has_value();
    j["has_triangle_descriptors"] = d.triangles.has_value();
    j["triangle_descriptors"] = d.triangles ? d.triangles->size() : 0;
    j["type16_present"] = model.type16Present();
    std::size_t animated = 0;
    for (const auto& n : d.nodes) animated += n.animMapStart != kNone ? 1 : 0;
    j["animation"] = {{"keys", d.animKeys ? d.animKeys->size() : 0},
                      {"frames", d.frameMap ? d.frameMap->frameCount : 0},
                      {"frame_map_words", d.frameMap ? d.frameMap->words.size() : 0},
                      {"animated_nodes", animated}};
    Json jopaque = Json::array();
    for (const auto& o : d.opaque) jopaque.push_back({{"type", o.type}, {"size", o.data.size()}});
    j["opaque_streams"] = std::move(jopaque);

    std::string t = fmt::format("{}: Iron3D MSH model, {} entries\n", label, entries.size());
    t += "  streams:";
    for (const auto& e : entries) t += fmt::format(" {}", e.type);
    t += "\n";
    t += fmt::format("  nodes {} (stride {}, hierarchy {}), slots {}, batches {}\n", d.nodes.size(), d.nodeStride,
                     model.hierarchyFlat() ? "flat" : "tree", d.slots.size(), d.batches.size());
    t += fmt::format("  vertices {}, indices {}, triangles {}; normals {}, uv0 {}, uv1 {}, triangle descriptors {}\n",
                     d.positions.size(), d.indices.size(), model.triangleCount(), d.normals ? "yes" : "no",
                     d.uv0 ? "yes" : "no", d.uv1 ? "yes" : "no",
                     d.triangles ? std::to_string(d.triangles->size()) : std::string("no"));
    t += fmt::format("  animation: {} keys, {} frames, {} animated nodes; type 16 {}\n",
                     d.animKeys ? d.animKeys->size() : 0, d.frameMap ? d.frameMap->frameCount : 0, animated,
                     model.type16Present() ? "present" : "absent");
    if (model.hierarchyFlat()) t += fmt::format("  hierarchy issue: {}\n", model.hierarchyIssue());
    t += "  node tree (slot per state, LOD 0):\n";
    // Depth-first from roots; parents always precede children in a valid tree.
    std::vector<std::vector<std::size_t>> children(d.nodes.size());
    std::vector<std::size_t> roots;
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
        if (auto p = model.parentOf(i))
            children[*p].push_back(i);
        else
            roots.push_back(i);
    }
    std::vector<std::pair<std::size_t, int>> stack;
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, 0});
    while (!stack.empty()) {
        auto [i, depth] = stack.back();
        stack.pop_back();
        const Node& n = d.nodes[i];
        std::string slots;
        if (n.variantTail.empty()) {
            for (unsigned s = 0; s < kStateCount; ++s) {
                const auto v = n.slot(s, 0);
                slots += fmt::format("{}{}", s ? "/" : "", v == kNone ? std::string("-") : std::to_string(v));
            }
        } else {
            slots = "n/a";
        }
        t += fmt::format("    {:>{}}[{}] {}  flags 0x{:04X}  slots {}\n", "", depth * 2, i, displayName(model, i),
                         n.flags, slots);
        for (auto c = children[i].rbegin(); c != children[i].rend(); ++c) stack.push_back({*c, depth + 1});
    }
    for (std::size_t i = 0; i < d.slots.size(); ++i) {
        const Slot& s = d.slots[i];
        t += fmt::format("  slot {}: batches {}+{}, tris {}+{}, aabb ({} {} {})..({} {} {}), r {}\n", i, s.batchStart,
                         s.batchCount, s.triStart, s.triCount, s.aabbMin.x, s.aabbMin.y, s.aabbMin.z, s.aabbMax.x,
                         s.aabbMax.y, s.aabbMax.z, s.sphereRadius);
    }
    if (!t.empty() && t.back() == '\n') t.pop_back();
    // Names are converted above; the label comes from the host and may still be invalid UTF-8.
    return {j.dump(-1, ' ', false, Json::error_handler_t::replace), std::move(t)};
}

Result<ExportSettings> exportSettings(const registry::ExportOptions& options) {
    ExportSettings s;
    VESTIGE_TRY(const auto state, options.integer("state", 0, 0, kStateCount - 1, "msh"));
    VESTIGE_TRY(const auto lod, options.integer("lod", 0, 0, kLodCount - 1, "msh"));
    s.state = static_cast<unsigned>(state);
    s.lod = static_cast<unsigned>(lod);
    return s;
}

Result<gltf::Document> toGltf(const Model& model, const ExportSettings& settings) {
    VESTIGE_TRY(StaticGeometry g, staticGeometry(model, settings.state, settings.lod));
    const ModelData& d = model.data();
    gltf::Document doc;
    doc.sceneName = fmt::format("msh state {} lod {}", settings.state, settings.lod);
    doc.extras.ints["state"] = settings.state;
    doc.extras.ints["lod"] = settings.lod;
    doc.extras.strings["hierarchy"] = model.hierarchyFlat() ? "flat" : "tree";
    std::map<int, int> materialOf;  // WEAR row -> glTF material, in first-use order by row
    for (const auto& ng : g.nodes)
        for (const auto& r : ng.ranges) materialOf.emplace(r.materialIndex, 0);
    for (auto& [row, index] : materialOf) {
        index = static_cast<int>(doc.materials.size());
        gltf::Material m;
        m.name = fmt::format("wear_{}", row);
        m.extras.ints["wear_row"] = row;
        doc.materials.push_back(std::move(m));
    }
    std::size_t skipped = 0;
    for (const auto& ng : g.nodes) {
        gltf::Node node;
        node.name = displayName(model, ng.node);
        node.extras.ints["msh_node"] = ng.node;
        node.extras.ints["flags"] = ng.flags;
        if (ng.slot) node.extras.ints["slot"] = *ng.slot;
        const Node& src = d.nodes[ng.node];
        if (settings.fallbackPose && d.animKeys && src.fallbackKey < d.animKeys->size()) {
            const AnimKey& k = (*d.animKeys)[src.fallbackKey];
            Quat q = k.rotation();
            // An all-zero stored quaternion means identity when sampling.
            q = (q.x == 0 && q.y == 0 && q.z == 0 && q.w == 0) ? Quat{} : normalize(q.conjugate());
            node.translation = k.position;
            node.rotation = q;
        }
        gltf::Mesh mesh;
        mesh.name = node.name;
        for (const auto& r : ng.ranges) {
            if (r.indexCount == 0) {
                ++skipped;
                continue;
            }
            if (r.indexCount % 3 != 0)
                return Error("msh.export_not_triangles", "batch index_count is not a multiple of 3")
                    .record(r.batch)
                    .field("index_count")
                    .actual(std::to_string(r.indexCount));
            gltf::Primitive p;
            const std::uint32_t lo = r.minVertex, n = r.maxVertex - r.minVertex + 1;
            p.positions.assign(g.positions.begin() + lo, g.positions.begin() + lo + n);
            if (!g.normals.empty()) p.normals.assign(g.normals.begin() + lo, g.normals.begin() + lo + n);
            if (!g.uv0.empty()) p.uv0.assign(g.uv0.begin() + lo, g.uv0.begin() + lo + n);
            if (!g.uv1.empty()) p.uv1.assign(g.uv1.begin() + lo, g.uv1.begin() + lo + n);
            p.indices.reserve(r.indexCount);
            for (std::uint32_t k = 0; k < r.indexCount; ++k)
                p.indices.push_back(r.baseVertex + g.indices[r.indexStart + k] - lo);
            p.material = materialOf.at(r.materialIndex);
            p.extras.ints["batch"] = r.batch;
            p.extras.ints["batch_flags"] = r.flags;
            p.extras.ints["material_index_hi"] = r.materialIndexHi;
            p.extras.ints["lightmap_index"] = r.lightmapIndex ? int{*r.lightmapIndex} : -1;
            p.extras.ints["local_batch_index"] = r.localBatchIndex;
            p.extras.ints["vertex_count"] = r.vertexCount;
            mesh.primitives.push_back(std::move(p));
        }
        if (!mesh.primitives.empty()) {
            node.mesh = static_cast<int>(doc.meshes.size());
            doc.meshes.push_back(std::move(mesh));
        }
        doc.nodes.push_back(std::move(node));
    }
    for (const auto& ng : g.nodes)
        if (ng.parent) doc.nodes[*ng.parent].children.push_back(ng.node);
    if (skipped) doc.extras.ints["skipped_empty_batches"] = static_cast<std::int64_t>(skipped);
    return doc;
}

Result<Bytes> exportGlb(const Model& model, const ExportSettings& settings) {
    VESTIGE_TRY(gltf::Document doc, toGltf(model, settings));
    return gltf::writeGlb(doc);
}

}  // namespace vestige::iron3d::msh
