// Map description for `vestige info`: mirrors Valve's vbspinfo object names in `counts`.
#include "vestige/source/bsp/describe.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::source::bsp {

int probeBsp(ByteView data, std::string_view fileName) {
    if (data.size() >= 4 && loadU32(data.data()) == kIdent) return 100;
    return endsWithNoCase(fileName, ".bsp") ? 10 : 0;
}

namespace {

using Json = nlohmann::ordered_json;

Json countsJson(const Bsp& b) {
    auto lumpRecords = [&](int lump, std::size_t size) { return b.lumps[lump].data.size() / size; };
    Json c;
    c["models"] = b.models.size();
    c["brushes"] = b.brushes.size();
    c["brushsides"] = b.brushSides.size();
    c["planes"] = b.planes.size();
    c["vertexes"] = b.vertexes.size();
    c["nodes"] = b.nodes.size();
    c["texinfos"] = b.texInfo.size();
    c["texdata"] = b.texData.size();
    c["dispinfos"] = b.dispInfos.size();
    c["disp_verts"] = b.dispVerts.size();
    c["disp_tris"] = b.dispTris.size();
    c["faces"] = b.faces.size();
    c["hdr_faces"] = b.facesHdr.size();
    c["origfaces"] = b.origFaces.size();
    c["leaves"] = b.leafs.size();
    c["leaffaces"] = b.leafFaces.size();
    c["leafbrushes"] = b.leafBrushes.size();
    c["areas"] = b.areas.size();
    c["areaportals"] = lumpRecords(kLumpAreaPortals, 12);
    c["surfedges"] = b.surfEdges.size();
    c["edges"] = b.edges.size();
    c["ldr_worldlights"] = b.worldLights.size();
    c["hdr_worldlights"] = b.worldLightsHdr.size();
    c["leafwaterdata"] = b.leafWaterData.size();
    c["cubemapsamples"] = b.cubemaps.size();
    c["overlays"] = b.overlays.size();
    c["primitives"] = b.primitives.size();
    c["primverts"] = b.primVerts.size();
    c["primindices"] = b.primIndices.size();
    c["vertnormals"] = lumpRecords(kLumpVertNormals, 12);
    c["vertnormalindices"] = lumpRecords(kLumpVertNormalIndices, 2);
    c["lightdata"] = b.lighting.size();
    c["hdr_lightdata"] = b.lightingHdr.size();
    c["visdata"] = b.lumps[kLumpVisibility].data.size();
    c["entdata"] = b.lumps[kLumpEntities].data.size();
    c["texdata_string_table"] = b.texDataStringTable.size();
    c["texdata_string_data"] = b.texDataStringData.size();
    c["pakfile"] = b.lumps[kLumpPakfile].data.size();
    return c;
}

}  // namespace

registry::Description describe(const Bsp& b, std::size_t fileSize) {
    Json j;
    j["format"] = "bsp";
    j["version"] = b.version;
    j["map_revision"] = b.mapRevision;
    j["file_size"] = fileSize;
    Json lumps = Json::array();
    for (int i = 0; i < kLumpCount; ++i) {
        const auto& l = b.lumps[i];
        if (l.entry.length == 0 && l.entry.offset == 0 && l.entry.version == 0 && l.entry.fourCC == 0) continue;
        lumps.push_back(Json{{"index", i},
                             {"name", lumpName(i)},
                             {"offset", l.entry.offset},
                             {"length", l.entry.length},
                             {"version", l.entry.version},
                             {"fourCC", l.entry.fourCC},
                             {"compressed", l.compressed},
                             {"decoded_length", l.data.size()}});
    }
    j["lumps"] = lumps;
    j["counts"] = countsJson(b);
    j["total_triangle_count"] = b.totalTriangleCount();
    j["entity_count"] = b.entities.size();
    j["static_prop_count"] = b.staticProps ? b.staticProps->props.size() : 0;
    j["static_prop_models"] = b.staticProps ? b.staticProps->names.size() : 0;
    Json games = Json::array();
    for (const auto& g : b.gameLumps)
        games.push_back(Json{{"id", g.idText()},
                             {"version", g.version},
                             {"flags", g.flags},
                             {"compressed", g.compressed},
                             {"length", g.data.size()}});
    j["game_lumps"] = games;
    j["pakfile_entry_count"] = b.pakEntries.size();
    Json pak = Json::array();
    for (const auto& e : b.pakEntries)
        pak.push_back(
            Json{{"name", e.name}, {"size", e.size}, {"compressed_size", e.compressedSize}, {"method", e.method}});
    j["pakfile_entries"] = pak;
    Json textures = Json::array();
    for (std::size_t i = 0; i < b.texData.size(); ++i) textures.push_back(std::string(b.textureName(i)));
    j["textures"] = textures;

    std::string text =
        fmt::format("Source BSP version {}, map revision {}, {} bytes\n", b.version, b.mapRevision, fileSize);
    text += fmt::format("{} entities, {} static props, {} pakfile entries, {} triangles (sum of numedges-2)\n",
                        b.entities.size(), b.staticProps ? b.staticProps->props.size() : 0, b.pakEntries.size(),
                        b.totalTriangleCount());
    text += "counts:\n";
    for (const auto& [k, v] : j["counts"].items()) text += fmt::format("  {:<22} {}\n", k, v.get<std::uint64_t>());
    text += "lumps (index name offset length version fourCC):\n";
    for (const auto& l : lumps)
        text +=
            fmt::format("  {:>2} {:<30} {:>9} {:>9} v{} {}{}\n", l["index"].get<int>(), l["name"].get<std::string>(),
                        l["offset"].get<std::int64_t>(), l["length"].get<std::int64_t>(), l["version"].get<int>(),
                        l["fourCC"].get<std::uint32_t>(), l["compressed"].get<bool>() ? " LZMA" : "");
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return {j.dump(-1, ' ', false, Json::error_handler_t::replace), text};
}

Result<registry::Description> describeFile(ByteView data, std::string_view label) {
    auto bsp = readBsp(data);
    (void)label;  // the caller adds the file context
    if (!bsp) return std::move(bsp).error();
    return describe(*bsp, data.size());
}

std::string entitiesJson(const Bsp& b, std::string_view classFilter) {
    Json arr = Json::array();
    for (std::size_t i = 0; i < b.entities.size(); ++i) {
        const auto& e = b.entities[i];
        if (!classFilter.empty() && !iequals(e.className(), classFilter)) continue;
        Json keys = Json::array();
        for (const auto& [k, v] : e.keys) keys.push_back(Json::array({k, v}));
        arr.push_back(Json{{"index", i}, {"classname", e.className()}, {"offset", e.offset}, {"keys", keys}});
    }
    return arr.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace vestige::source::bsp
