// Terrain probe, `info` descriptions and glTF export.
#include "vestige/iron3d/land/inspect.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::land {
namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec3 v) { return Json::array({v.x, v.y, v.z}); }

const char* streamLabel(std::uint32_t t) {
    switch (t) {
        case stream::kNodes:
            return "nodes (Node38)";
        case stream::kSlots:
            return "slots (0x8C header + Slot68)";
        case stream::kPositions:
            return "positions";
        case stream::kNormals:
            return "packed normals";
        case stream::kUv0:
            return "packed UV0";
        case stream::kMicro:
            return "micro-texture mapping words (raw)";
        case stream::kAux14:
            return "auxiliary words (raw)";
        case stream::kMaterialPairs:
            return "material pairs";
        case stream::kFaces:
            return "faces (Face28)";
        default:
            return "unknown";
    }
}

// The directory's type ids, or nothing when the bytes are not an NRes with a directory that fits.
std::optional<std::vector<std::uint32_t>> directoryTypes(ByteView data) {
    if (data.size() < nres::kHeaderSize || std::memcmp(data.data(), "NRes", 4) != 0) return std::nullopt;
    const auto count = static_cast<std::int32_t>(loadU32(data.data() + 8));
    if (count <= 0 || static_cast<std::uint64_t>(count) * nres::kEntrySize > data.size() - nres::kHeaderSize)
        return std::nullopt;
    const std::uint64_t dir = data.size() - static_cast<std::uint64_t>(count) * nres::kEntrySize;
    std::vector<std::uint32_t> types;
    for (std::int32_t i = 0; i < count; ++i)
        types.push_back(loadU32(data.data() + dir + static_cast<std::uint64_t>(i) * nres::kEntrySize));
    return types;
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace

int probeTerrain(ByteView data, std::string_view) {
    auto types = directoryTypes(data);
    if (!types || types->size() != kStreamOrder.size()) return 0;
    std::sort(types->begin(), types->end());
    auto want = std::vector<std::uint32_t>(kStreamOrder.begin(), kStreamOrder.end());
    std::sort(want.begin(), want.end());
    return *types == want ? 130 : 0;
}

int probeArealMap(ByteView data, std::string_view) {
    auto types = directoryTypes(data);
    return types && types->size() == 1 && (*types)[0] == kArealEntryType ? 130 : 0;
}

int probeBuildList(ByteView, std::string_view fileName) {
    const auto slash = fileName.find_last_of("\\/");
    const auto base = slash == std::string_view::npos ? fileName : fileName.substr(slash + 1);
    return iequals(base, "BuildDat.lst") ? 100 : 0;
}

registry::Description describe(const Terrain& terrain, std::string_view label) {
    const TerrainData& d = terrain.data();
    const auto& entries = terrain.archive().entries();
    Json j;
    j["format"] = "land_msh";
    j["label"] = std::string(label);
    Json je = Json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        je.push_back({{"index", i},
                      {"type", e.type},
                      {"name", cp1251ToUtf8(e.name())},
                      {"size", e.size},
                      {"attr1", e.attr1},
                      {"attr2", e.attr2},
                      {"attr3", e.attr3},
                      {"content", streamLabel(e.type)}});
    }
    j["entries"] = std::move(je);
    j["canonical_order"] = terrain.canonicalOrder();
    j["nodes"] = d.nodes.size();
    j["slots"] = d.slots.size();
    j["vertices"] = d.positions.size();
    j["normals"] = d.normals.size();
    j["uv0"] = d.uv0.size();
    j["micro_words"] = d.micro.size();
    j["aux14_words"] = d.aux14.size();
    j["material_pairs"] = d.pairs.size();
    j["faces"] = d.faces.size();
    const Geometry g = geometry(d);
    if (!g.bounds.isEmpty()) j["bounds"] = {{"min", vec(g.bounds.min)}, {"max", vec(g.bounds.max)}};
    std::map<std::uint16_t, std::size_t> tags;
    std::size_t openEdges = 0;
    std::uint16_t compactUnion = 0;
    std::uint8_t classUnion = 0;
    std::uint32_t unmappedUnion = 0;
    for (const auto& f : d.faces) {
        ++tags[f.materialTag];
        for (auto n : f.nbr) openEdges += n == kNoNeighbour;
        const auto m = compactSurfaceMask(f.flags);
        compactUnion = static_cast<std::uint16_t>(compactUnion | m.compact);
        classUnion = static_cast<std::uint8_t>(classUnion | m.materialClass);
        unmappedUnion |= m.unmapped;
    }
    Json jt = Json::array();
    for (auto [tag, n] : tags) {
        const Face probe{0, tag};
        const auto land1 = probe.land1Row();
        jt.push_back({{"tag", tag},
                      {"land1_row", land1 ? Json(*land1) : Json(nullptr)},
                      {"land2_row", probe.land2Row()},
                      {"faces", n}});
    }
    j["material_tags"] = std::move(jt);
    j["open_edges"] = openEdges;
    j["surface_compact_union"] = compactUnion;
    j["surface_class_union"] = classUnion;
    j["surface_unmapped_union"] = unmappedUnion;
    std::size_t boundaries = 0;
    for (const auto& p : d.pairs) boundaries += p.batchBoundary();
    j["pair_batch_boundaries"] = boundaries;
    Json js = Json::array();
    for (std::size_t i = 0; i < d.slots.size() && i < 64; ++i)
        js.push_back(
            {{"index", i}, {"pair_table_index", d.slots[i].pairTableIndex}, {"pair_count", d.slots[i].pairCount}});
    j["slot_pairs"] = std::move(js);

    std::string t = fmt::format(
        "Land.msh {}: {} vertices, {} faces, {} nodes, {} slots, {} material pairs ({} batch "
        "boundaries), {} open edges\n",
        label, d.positions.size(), d.faces.size(), d.nodes.size(), d.slots.size(), d.pairs.size(), boundaries,
        openEdges);
    if (!g.bounds.isEmpty())
        t += fmt::format("  bounds ({} {} {})..({} {} {})\n", g.bounds.min.x, g.bounds.min.y, g.bounds.min.z,
                         g.bounds.max.x, g.bounds.max.y, g.bounds.max.z);
    t += fmt::format("  stream order {}\n",
                     terrain.canonicalOrder() ? "canonical (1 2 3 4 5 18 14 11 21)" : "non-canonical");
    for (std::size_t i = 0; i < entries.size(); ++i)
        t += fmt::format("  #{} type {:>2} {:<8} count {:>7} stride {:>2}  {}\n", i, entries[i].type,
                         cp1251ToUtf8(entries[i].name()), entries[i].attr1, entries[i].attr3,
                         streamLabel(entries[i].type));
    for (auto [tag, n] : tags) {
        const Face probe{0, tag};
        const auto land1 = probe.land1Row();
        t += fmt::format("  material_tag 0x{:04X}: {} faces (Land1 row {}, Land2 row {})\n", tag, n,
                         land1 ? std::to_string(*land1) : "none", probe.land2Row());
    }
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {dump(j), std::move(t)};
}

registry::Description describe(const ArealMap& map, std::string_view label) {
    const ArealMapData& d = map.data();
    Json j;
    j["format"] = "land_map";
    j["label"] = std::string(label);
    j["areals"] = d.areals.size();
    j["vertices"] = map.vertexCount();
    std::size_t polygons = 0, linked = 0, maxHits = 0, hits = 0;
    std::map<std::uint32_t, std::size_t> classes;
    for (const auto& a : d.areals) {
        polygons += a.polygons.size();
        for (const auto& l : a.links) linked += !l.none();
        ++classes[a.classId];
    }
    for (const auto& c : d.grid.cells) {
        maxHits = std::max(maxHits, c.size());
        hits += c.size();
    }
    j["polygons"] = polygons;
    j["linked_edges"] = linked;
    j["grid"] = {
        {"cells_x", d.grid.cellsX}, {"cells_y", d.grid.cellsY}, {"candidates", hits}, {"max_per_cell", maxHits}};
    Json jc = Json::array();
    for (auto [id, n] : classes) jc.push_back({{"class_id", id}, {"areals", n}});
    j["classes"] = std::move(jc);
    std::string t = fmt::format("Land.map {}: {} areals, {} vertices, {} polygon blocks, {} linked edges\n", label,
                                d.areals.size(), map.vertexCount(), polygons, linked);
    t += fmt::format("  grid {} x {} cells, {} candidates, at most {} per cell (cell order unknown, kept as stored)\n",
                     d.grid.cellsX, d.grid.cellsY, hits, maxHits);
    for (auto [id, n] : classes) t += fmt::format("  class_id {}: {} areals\n", id, n);
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {dump(j), std::move(t)};
}

registry::Description describe(const BuildList& list, std::string_view label) {
    Json j;
    j["format"] = "builddat";
    j["label"] = std::string(label);
    j["paths"] = list.pathCount();
    Json jc = Json::array();
    std::string t =
        fmt::format("BuildDat.lst {}: {} categories, {} paths\n", label, list.categories().size(), list.pathCount());
    for (const auto& c : list.categories()) {
        Json paths = Json::array();
        for (const auto& p : c.paths) paths.push_back(cp1251ToUtf8(p));
        jc.push_back({{"name", c.name}, {"mask", c.mask}, {"line", c.line}, {"paths", std::move(paths)}});
        t += fmt::format("  {} (mask 0x{:08X}): {} path(s)\n", c.name, c.mask, c.paths.size());
        for (const auto& p : c.paths) t += fmt::format("    {}\n", cp1251ToUtf8(p));
    }
    j["categories"] = std::move(jc);
    if (!t.empty() && t.back() == '\n') t.pop_back();
    return {dump(j), std::move(t)};
}

Result<gltf::Document> toGltf(const Terrain& terrain) {
    const TerrainData& d = terrain.data();
    const Geometry g = geometry(d);
    gltf::Document doc;
    doc.sceneName = "Land.msh";
    doc.extras.strings["up_axis"] = "Z (Iron3D world coordinates, unchanged)";
    doc.extras.ints["faces"] = static_cast<std::int64_t>(d.faces.size());
    doc.extras.ints["vertices"] = static_cast<std::int64_t>(d.positions.size());
    if (!g.uv1Tentative.empty()) doc.extras.strings["texcoord_1"] = "type 18 read as packed u16 UV / 1024 (tentative)";
    std::map<std::uint16_t, std::vector<std::size_t>> byTag;  // tag -> faces, ascending tag
    for (std::size_t i = 0; i < d.faces.size(); ++i) byTag[d.faces[i].materialTag].push_back(i);
    gltf::Mesh mesh;
    mesh.name = "Land";
    for (const auto& [tag, faces] : byTag) {
        gltf::Material m;
        m.name = fmt::format("land_tag_{:04X}", tag);
        const Face probe{0, tag};
        m.extras.ints["material_tag"] = tag;
        m.extras.ints["land2_row"] = probe.land2Row();
        m.extras.ints["land1_row"] = probe.land1Row() ? int{*probe.land1Row()} : -1;
        const int material = static_cast<int>(doc.materials.size());
        doc.materials.push_back(std::move(m));
        std::vector<std::uint32_t> used;
        for (auto f : faces)
            for (auto v : d.faces[f].v) used.push_back(v);
        std::sort(used.begin(), used.end());
        used.erase(std::unique(used.begin(), used.end()), used.end());
        gltf::Primitive p;
        p.material = material;
        for (auto v : used) {
            p.positions.push_back(g.positions[v]);
            if (!g.normals.empty()) p.normals.push_back(g.normals[v]);
            if (!g.uv0.empty()) p.uv0.push_back(g.uv0[v]);
            if (!g.uv1Tentative.empty()) p.uv1.push_back(g.uv1Tentative[v]);
        }
        for (auto f : faces)
            for (auto v : d.faces[f].v)
                p.indices.push_back(
                    static_cast<std::uint32_t>(std::lower_bound(used.begin(), used.end(), v) - used.begin()));
        p.extras.ints["material_tag"] = tag;
        p.extras.ints["faces"] = static_cast<std::int64_t>(faces.size());
        mesh.primitives.push_back(std::move(p));
    }
    gltf::Node node;
    node.name = "Land";
    if (!mesh.primitives.empty()) {
        node.mesh = 0;
        doc.meshes.push_back(std::move(mesh));
    }
    doc.nodes.push_back(std::move(node));
    return doc;
}

Result<Bytes> exportGlb(const Terrain& terrain) {
    VESTIGE_TRY(gltf::Document doc, toGltf(terrain));
    return gltf::writeGlb(doc);
}

}  // namespace vestige::iron3d::land
