// VBSP reader.
//
//   file offset 0 (1036-byte header)
//   +0     char[4] ident "VBSP"
//   +4     i32     version (19, 20; 21 recognised and refused)
//   +8     lump_t[64], 16 bytes each:
//            +0 i32 fileofs  (absolute)   +4 i32 filelen (bytes on disk)
//            +8 i32 version               +12 u32 fourCC (uncompressed size when LZMA, else 0)
//   +1032  i32     mapRevision
//   lumps anywhere after the header; a compressed lump's bytes start with Valve's 17-byte "LZMA" header.
//
// Record layouts are in bsp.hpp / the spec (§1.4). Every record array is checked for an exact multiple of its
// size and Valve's MAX_MAP_* count limit, then every index is checked against the array it points into.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "reader.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/lzma.hpp"

namespace vestige::source::bsp {

namespace {

// clang-format off
constexpr std::string_view kLumpNames[kLumpCount] = {
    "ENTITIES", "PLANES", "TEXDATA", "VERTEXES", "VISIBILITY", "NODES", "TEXINFO", "FACES", "LIGHTING", "OCCLUSION",
    "LEAFS", "FACEIDS", "EDGES", "SURFEDGES", "MODELS", "WORLDLIGHTS", "LEAFFACES", "LEAFBRUSHES", "BRUSHES",
    "BRUSHSIDES", "AREAS", "AREAPORTALS", "UNUSED0", "UNUSED1", "UNUSED2", "UNUSED3", "DISPINFO", "ORIGINALFACES",
    "PHYSDISP", "PHYSCOLLIDE", "VERTNORMALS", "VERTNORMALINDICES", "DISP_LIGHTMAP_ALPHAS", "DISP_VERTS",
    "DISP_LIGHTMAP_SAMPLE_POSITIONS", "GAME_LUMP", "LEAFWATERDATA", "PRIMITIVES", "PRIMVERTS", "PRIMINDICES",
    "PAKFILE", "CLIPPORTALVERTS", "CUBEMAPS", "TEXDATA_STRING_DATA", "TEXDATA_STRING_TABLE", "OVERLAYS",
    "LEAFMINDISTTOWATER", "FACE_MACRO_TEXTURE_INFO", "DISP_TRIS", "PHYSCOLLIDESURFACE", "WATEROVERLAYS",
    "LEAF_AMBIENT_INDEX_HDR", "LEAF_AMBIENT_INDEX", "LIGHTING_HDR", "WORLDLIGHTS_HDR", "LEAF_AMBIENT_LIGHTING_HDR",
    "LEAF_AMBIENT_LIGHTING", "XZIPPAKFILE", "FACES_HDR", "MAP_FLAGS", "OVERLAY_FADES", "LUMP_61", "LUMP_62",
    "LUMP_63"};
// clang-format on

}  // namespace

namespace detail {

Status Reader::readHeader() {
    if (mFile.size() < kHeaderSize) {
        Error e("bsp.truncated", "file is shorter than the 1036-byte BSP header");
        return std::move(e.at(mFile.size()).expected("1036 bytes").actual(fmt::format("{} bytes", mFile.size())));
    }
    if (loadU32(mFile.data()) != kIdent) {
        Error e("bsp.bad_magic", "not a Source BSP (ident is not VBSP)");
        return std::move(e.at(0).field("ident").expected("56 42 53 50 (\"VBSP\")").actual(hexBytes(mFile.first(4))));
    }
    mBsp.version = i32At(mFile.data() + 4);
    if (mBsp.version == 21) {
        // L4D2 reorders lump_t as {version, fileofs, filelen, fourCC}: its first field is the entity lump version 0.
        const bool l4d2 = loadU32(mFile.data() + 8) == 0;
        Error e("bsp.unsupported_version",
                "BSP version 21 (Left 4 Dead 2 / Portal 2 / CS:GO) is recognised but not supported; Garry's Mod "
                "loads versions 19 and 20");
        return std::move(e.at(4)
                             .field("version")
                             .expected("19 or 20")
                             .actual(l4d2 ? "21 (L4D2 lump order)" : "21 (Portal 2 / CS:GO lump order)"));
    }
    if (mBsp.version != 19 && mBsp.version != 20) {
        Error e("bsp.unsupported_version", "unsupported BSP version");
        return std::move(e.at(4).field("version").expected("19 or 20").actual(std::to_string(mBsp.version)));
    }
    for (int i = 0; i < kLumpCount; ++i) {
        const std::uint8_t* p = mFile.data() + 8 + 16 * i;
        LumpEntry& entry = mBsp.lumps[i].entry;
        entry.offset = i32At(p);
        entry.length = i32At(p + 4);
        entry.version = i32At(p + 8);
        entry.fourCC = loadU32(p + 12);
        const std::uint64_t entryAt = 8 + 16 * static_cast<std::uint64_t>(i);
        const bool bad =
            entry.offset < 0 || entry.length < 0 ||
            static_cast<std::uint64_t>(entry.offset) + static_cast<std::uint64_t>(entry.length) > mFile.size();
        if (bad && entry.length != 0) {
            Error e("bsp.lump_range", "lump lies outside the file (truncated file?)");
            e.at(entryAt).in("lump", fmt::format("{} ({})", lumpName(i), i));
            return std::move(e.expected(fmt::format("offset + length <= file size {}", mFile.size()))
                                 .actual(fmt::format("offset {} + length {}", entry.offset, entry.length)));
        }
    }
    mBsp.mapRevision = i32At(mFile.data() + 1032);
    return {};
}

Status Reader::decodeLump(int index) {
    RawLump& lump = mBsp.lumps[index];
    if (lump.entry.length == 0) return {};
    ByteView onDisk =
        mFile.subspan(static_cast<std::size_t>(lump.entry.offset), static_cast<std::size_t>(lump.entry.length));
    // GAME_LUMP and PAKFILE are never wrapped as a whole; their fourCC is not a size.
    if (lump.entry.fourCC != 0 && index != kLumpGameLump && index != kLumpPakfile) {
        lump.compressed = true;
        auto decoded = decompressLzma(onDisk, static_cast<std::uint64_t>(lump.entry.offset), lump.entry.fourCC);
        if (!decoded) return std::move(decoded).error().in("lump", fmt::format("{} ({})", lumpName(index), index));
        lump.data = std::move(decoded).value();
    } else {
        lump.data.assign(onDisk.begin(), onDisk.end());
    }
    return {};
}

Status Reader::parseFaces(int lump, std::vector<Face>& out) {
    return records(lump, 56, kMaxFaces, out, [](const std::uint8_t* p, Face& f) {
        f.planeNum = loadU16(p);
        f.side = p[2];
        f.onNode = p[3];
        f.firstEdge = i32At(p + 4);
        f.numEdges = i16At(p + 8);
        f.texInfo = i16At(p + 10);
        f.dispInfo = i16At(p + 12);
        f.surfaceFogVolumeId = i16At(p + 14);
        std::memcpy(f.styles.data(), p + 16, 4);
        f.lightOfs = i32At(p + 20);
        f.area = f32At(p + 24);
        f.lightmapMins = {i32At(p + 28), i32At(p + 32)};
        f.lightmapSize = {i32At(p + 36), i32At(p + 40)};
        f.origFace = i32At(p + 44);
        f.numPrims = loadU16(p + 48);
        f.firstPrimId = loadU16(p + 50);
        f.smoothingGroups = loadU32(p + 52);
    });
}

Status Reader::parseLeafs() {
    const auto& lump = mBsp.lumps[kLumpLeafs];
    if (lump.data.empty()) return {};
    const int version = lump.entry.version;
    if (version != 0 && version != 1) {
        Error e = lumpError(kLumpLeafs, "bsp.lump_version", "unknown LEAFS lump version", 0);
        return std::move(e.expected("0 (56-byte leaves) or 1 (32-byte leaves)").actual(std::to_string(version)));
    }
    const std::size_t stride = version == 0 ? 56 : 32;
    return records(kLumpLeafs, stride, kMaxLeafs, mBsp.leafs, [version](const std::uint8_t* p, Leaf& l) {
        l.contents = i32At(p);
        l.cluster = i16At(p + 4);
        l.areaFlags = loadU16(p + 6);
        for (int k = 0; k < 3; ++k) {
            l.mins[k] = i16At(p + 8 + 2 * k);
            l.maxs[k] = i16At(p + 14 + 2 * k);
        }
        l.firstLeafFace = loadU16(p + 20);
        l.numLeafFaces = loadU16(p + 22);
        l.firstLeafBrush = loadU16(p + 24);
        l.numLeafBrushes = loadU16(p + 26);
        l.leafWaterDataId = i16At(p + 28);
        if (version == 0) {
            std::memcpy(l.ambient.data(), p + 30, 24);
            l.pad = loadU16(p + 54);
        } else {
            l.pad = loadU16(p + 30);
        }
    });
}

Status Reader::parseWorldLights(int lump, std::vector<WorldLight>& out) {
    const auto& raw = mBsp.lumps[lump];
    if (raw.data.empty()) return {};
    // Version 0: 88-byte records; version 1 adds a shadow_cast_offset vector after the normal (100 bytes).
    const bool v1 = raw.entry.version >= 1;
    return records(lump, v1 ? 100 : 88, kMaxWorldLights, out, [v1](const std::uint8_t* p, WorldLight& w) {
        w.origin = vec3At(p);
        w.intensity = vec3At(p + 12);
        w.normal = vec3At(p + 24);
        if (v1) {
            w.shadowCastOffset = vec3At(p + 36);
            p += 12;
        }
        w.cluster = i32At(p + 36);
        w.type = i32At(p + 40);
        w.style = i32At(p + 44);
        w.stopDot = f32At(p + 48);
        w.stopDot2 = f32At(p + 52);
        w.exponent = f32At(p + 56);
        w.radius = f32At(p + 60);
        w.constantAttn = f32At(p + 64);
        w.linearAttn = f32At(p + 68);
        w.quadraticAttn = f32At(p + 72);
        w.flags = i32At(p + 76);
        w.texInfo = i32At(p + 80);
        w.owner = i32At(p + 84);
    });
}

Status Reader::parseStrings() {
    const Bytes& data = mBsp.lumps[kLumpTexDataStringData].data;
    if (data.size() > kMaxStringData) {
        Error e =
            lumpError(kLumpTexDataStringData, "bsp.limit", "texture name data exceeds MAX_MAP_TEXDATA_STRING_DATA", 0);
        return std::move(e.expected(fmt::format("<= {} bytes", kMaxStringData)).actual(std::to_string(data.size())));
    }
    mBsp.texDataStringData = data;
    VESTIGE_CHECK(records(kLumpTexDataStringTable, 4, kMaxStringTable, mBsp.texDataStringTable,
                          [](const std::uint8_t* p, std::int32_t& v) { v = i32At(p); }));
    for (std::size_t i = 0; i < mBsp.texDataStringTable.size(); ++i) {
        const std::int32_t ofs = mBsp.texDataStringTable[i];
        const bool inRange = ofs >= 0 && static_cast<std::size_t>(ofs) < data.size();
        if (!inRange || std::find(data.begin() + ofs, data.end(), 0) == data.end()) {
            Error e = lumpError(kLumpTexDataStringTable, "bsp.strings",
                                inRange ? "texture name is not NUL-terminated inside TEXDATA_STRING_DATA"
                                        : "string offset points outside TEXDATA_STRING_DATA",
                                i * 4);
            return std::move(e.record(i)
                                 .expected(fmt::format("a NUL-terminated name starting in 0..{}",
                                                       static_cast<std::int64_t>(data.size()) - 1))
                                 .actual(std::to_string(ofs)));
        }
    }
    return {};
}

Status Reader::parsePakfile() {
    const RawLump& lump = mBsp.lumps[kLumpPakfile];
    VESTIGE_TRY(mBsp.pakEntries, listPakfile(lump.data, static_cast<std::uint64_t>(lump.entry.offset)));
    return {};
}

Status Reader::parseTyped() {
    Bsp& b = mBsp;
    VESTIGE_CHECK(records(kLumpPlanes, 20, kMaxPlanes, b.planes, [](const std::uint8_t* p, Plane& v) {
        v.normal = vec3At(p);
        v.dist = f32At(p + 12);
        v.type = i32At(p + 16);
    }));
    VESTIGE_CHECK(records(kLumpTexData, 32, kMaxTexData, b.texData, [](const std::uint8_t* p, TexData& v) {
        v.reflectivity = vec3At(p);
        v.nameStringTableId = i32At(p + 12);
        v.width = i32At(p + 16);
        v.height = i32At(p + 20);
        v.viewWidth = i32At(p + 24);
        v.viewHeight = i32At(p + 28);
    }));
    VESTIGE_CHECK(
        records(kLumpVertexes, 12, kMaxVerts, b.vertexes, [](const std::uint8_t* p, Vec3& v) { v = vec3At(p); }));
    VESTIGE_CHECK(records(kLumpNodes, 32, kMaxNodes, b.nodes, [](const std::uint8_t* p, Node& n) {
        n.planeNum = i32At(p);
        n.children = {i32At(p + 4), i32At(p + 8)};
        for (int k = 0; k < 3; ++k) {
            n.mins[k] = i16At(p + 12 + 2 * k);
            n.maxs[k] = i16At(p + 18 + 2 * k);
        }
        n.firstFace = loadU16(p + 24);
        n.numFaces = loadU16(p + 26);
        n.area = i16At(p + 28);
        n.pad = loadU16(p + 30);
    }));
    VESTIGE_CHECK(records(kLumpTexInfo, 72, kMaxTexInfo, b.texInfo, [](const std::uint8_t* p, TexInfo& t) {
        for (int k = 0; k < 2; ++k) {
            t.textureVecs[k] = {f32At(p + 16 * k), f32At(p + 16 * k + 4), f32At(p + 16 * k + 8),
                                f32At(p + 16 * k + 12)};
            t.lightmapVecs[k] = {f32At(p + 32 + 16 * k), f32At(p + 36 + 16 * k), f32At(p + 40 + 16 * k),
                                 f32At(p + 44 + 16 * k)};
        }
        t.flags = i32At(p + 64);
        t.texData = i32At(p + 68);
    }));
    VESTIGE_CHECK(parseFaces(kLumpFaces, b.faces));
    VESTIGE_CHECK(parseFaces(kLumpFacesHdr, b.facesHdr));
    VESTIGE_CHECK(parseFaces(kLumpOriginalFaces, b.origFaces));
    for (int lump : {kLumpLighting, kLumpLightingHdr}) {
        const Bytes& data = b.lumps[lump].data;
        if (data.size() % 4 != 0 || data.size() > kMaxLighting) {
            Error e = lumpError(lump, data.size() % 4 ? "bsp.lump_size" : "bsp.limit",
                                "lighting is not a whole number of 4-byte samples within MAX_MAP_LIGHTING", 0);
            return std::move(e.expected("a multiple of 4, <= 16 MiB").actual(std::to_string(data.size())));
        }
        (lump == kLumpLighting ? b.lighting : b.lightingHdr) = data;
    }
    VESTIGE_CHECK(parseLeafs());
    VESTIGE_CHECK(records(kLumpEdges, 4, kMaxEdges, b.edges, [](const std::uint8_t* p, Edge& e) {
        e.v = {loadU16(p), loadU16(p + 2)};
    }));
    VESTIGE_CHECK(records(kLumpSurfEdges, 4, kMaxSurfEdges, b.surfEdges,
                          [](const std::uint8_t* p, std::int32_t& v) { v = i32At(p); }));
    VESTIGE_CHECK(records(kLumpModels, 48, kMaxModels, b.models, [](const std::uint8_t* p, Model& m) {
        m.mins = vec3At(p);
        m.maxs = vec3At(p + 12);
        m.origin = vec3At(p + 24);
        m.headNode = i32At(p + 36);
        m.firstFace = i32At(p + 40);
        m.numFaces = i32At(p + 44);
    }));
    VESTIGE_CHECK(parseWorldLights(kLumpWorldLights, b.worldLights));
    VESTIGE_CHECK(parseWorldLights(kLumpWorldLightsHdr, b.worldLightsHdr));
    auto u16s = [](const std::uint8_t* p, std::uint16_t& v) { v = loadU16(p); };
    VESTIGE_CHECK(records(kLumpLeafFaces, 2, kMaxLeafFaces, b.leafFaces, u16s));
    VESTIGE_CHECK(records(kLumpLeafBrushes, 2, kMaxLeafBrushes, b.leafBrushes, u16s));
    VESTIGE_CHECK(records(kLumpBrushes, 12, kMaxBrushes, b.brushes, [](const std::uint8_t* p, Brush& v) {
        v.firstSide = i32At(p);
        v.numSides = i32At(p + 4);
        v.contents = i32At(p + 8);
    }));
    VESTIGE_CHECK(records(kLumpBrushSides, 8, kMaxBrushSides, b.brushSides, [](const std::uint8_t* p, BrushSide& s) {
        s.planeNum = loadU16(p);
        s.texInfo = i16At(p + 2);
        s.dispInfo = i16At(p + 4);
        s.bevel = i16At(p + 6);
    }));
    VESTIGE_CHECK(records(kLumpAreas, 8, kMaxAreas, b.areas, [](const std::uint8_t* p, Area& a) {
        a.numAreaPortals = i32At(p);
        a.firstAreaPortal = i32At(p + 4);
    }));
    VESTIGE_CHECK(records(kLumpDispInfo, 176, kMaxDispInfo, b.dispInfos, [](const std::uint8_t* p, DispInfo& d) {
        d.startPosition = vec3At(p);
        d.dispVertStart = i32At(p + 12);
        d.dispTriStart = i32At(p + 16);
        d.power = i32At(p + 20);
        d.minTess = i32At(p + 24);
        d.smoothingAngle = f32At(p + 28);
        d.contents = i32At(p + 32);
        d.mapFace = loadU16(p + 36);
        d.pad = loadU16(p + 38);
        d.lightmapAlphaStart = i32At(p + 40);
        d.lightmapSamplePositionStart = i32At(p + 44);
        std::memcpy(d.neighbours.data(), p + 48, 128);
    }));
    VESTIGE_CHECK(records(kLumpDispVerts, 20, kMaxDispVerts, b.dispVerts, [](const std::uint8_t* p, DispVert& v) {
        v.vec = vec3At(p);
        v.dist = f32At(p + 12);
        v.alpha = f32At(p + 16);
    }));
    VESTIGE_CHECK(records(kLumpDispTris, 2, kMaxDispTris, b.dispTris, u16s));
    VESTIGE_CHECK(records(kLumpLeafWaterData, 12, kMaxLeafWaterData, b.leafWaterData,
                          [](const std::uint8_t* p, LeafWaterData& w) {
                              w.surfaceZ = f32At(p);
                              w.minZ = f32At(p + 4);
                              w.texInfo = i16At(p + 8);
                              w.pad = loadU16(p + 10);
                          }));
    VESTIGE_CHECK(records(kLumpPrimitives, 10, kMaxPrimitives, b.primitives, [](const std::uint8_t* p, Primitive& v) {
        v.type = p[0];
        v.pad = p[1];
        v.firstIndex = loadU16(p + 2);
        v.indexCount = loadU16(p + 4);
        v.firstVert = loadU16(p + 6);
        v.vertCount = loadU16(p + 8);
    }));
    VESTIGE_CHECK(
        records(kLumpPrimVerts, 12, kMaxPrimVerts, b.primVerts, [](const std::uint8_t* p, Vec3& v) { v = vec3At(p); }));
    VESTIGE_CHECK(records(kLumpPrimIndices, 2, kMaxPrimIndices, b.primIndices, u16s));
    VESTIGE_CHECK(records(kLumpCubemaps, 16, kMaxCubemaps, b.cubemaps, [](const std::uint8_t* p, CubemapSample& c) {
        c.origin = {i32At(p), i32At(p + 4), i32At(p + 8)};
        c.size = p[12];
        c.pad = {p[13], p[14], p[15]};
    }));
    VESTIGE_CHECK(records(kLumpOverlays, 352, kMaxOverlays, b.overlays, [](const std::uint8_t* p, Overlay& o) {
        o.id = i32At(p);
        o.texInfo = i16At(p + 4);
        o.faceCountAndOrder = loadU16(p + 6);
        for (int k = 0; k < 64; ++k) o.faces[k] = i32At(p + 8 + 4 * k);
        o.u = {f32At(p + 264), f32At(p + 268)};
        o.v = {f32At(p + 272), f32At(p + 276)};
        for (int k = 0; k < 4; ++k) o.uvPoints[k] = vec3At(p + 280 + 12 * k);
        o.origin = vec3At(p + 328);
        o.basisNormal = vec3At(p + 340);
    }));
    VESTIGE_CHECK(parseStrings());
    return {};
}

Status Reader::run(const ReadOptions& options) {
    VESTIGE_CHECK(readHeader());
    for (int i = 0; i < kLumpCount; ++i) VESTIGE_CHECK(decodeLump(i));
    VESTIGE_CHECK(parseTyped());
    VESTIGE_CHECK(validate());
    VESTIGE_CHECK(parseGameLump());
    VESTIGE_CHECK(parsePakfile());
    if (options.parseEntities) {
        const Bytes& text = mBsp.lumps[kLumpEntities].data;
        auto ents =
            parseEntities(asChars(text), mBsp.lumps[kLumpEntities].compressed
                                             ? static_cast<std::uint64_t>(mBsp.lumps[kLumpEntities].entry.offset)
                                             : static_cast<std::uint64_t>(mBsp.lumps[kLumpEntities].entry.offset));
        if (!ents) return std::move(ents).error().in("lump", "ENTITIES (0)");
        if (ents->size() > kMaxEntities) {
            Error e = lumpError(kLumpEntities, "bsp.limit", "entity count exceeds MAX_MAP_ENTITIES", 0);
            return std::move(e.expected(fmt::format("<= {}", kMaxEntities)).actual(std::to_string(ents->size())));
        }
        mBsp.entities = std::move(ents).value();
    }
    return {};
}

}  // namespace detail

std::string_view lumpName(int index) {
    if (index < 0 || index >= kLumpCount) return "?";
    return kLumpNames[index];
}

std::string GameLump::idText() const {
    std::string s;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const char c = static_cast<char>((id >> shift) & 0xFF);
        s.push_back(c >= 0x20 && c < 0x7F ? c : '?');
    }
    return s;
}

std::string_view Bsp::textureName(std::size_t texDataIndex) const {
    if (texDataIndex >= texData.size()) return {};
    const auto id = texData[texDataIndex].nameStringTableId;
    if (id < 0 || static_cast<std::size_t>(id) >= texDataStringTable.size()) return {};
    const auto ofs = texDataStringTable[id];
    if (ofs < 0 || static_cast<std::size_t>(ofs) >= texDataStringData.size()) return {};
    const char* p = reinterpret_cast<const char*>(texDataStringData.data()) + ofs;
    return {p, ::strnlen(p, texDataStringData.size() - ofs)};
}

std::uint64_t Bsp::totalTriangleCount() const {
    std::uint64_t n = 0;
    for (const auto& f : faces)
        if (f.numEdges > 2) n += static_cast<std::uint64_t>(f.numEdges - 2);
    return n;
}

std::uint16_t Bsp::surfEdgeVertex(std::size_t i) const {
    const std::int32_t e = surfEdges[i];
    return e >= 0 ? edges[static_cast<std::size_t>(e)].v[0]
                  : edges[static_cast<std::size_t>(-static_cast<std::int64_t>(e))].v[1];
}

Result<Bsp> readBsp(ByteView file, const ReadOptions& options) {
    Bsp bsp;
    detail::Reader reader(file, bsp);
    VESTIGE_CHECK(reader.run(options));
    return bsp;
}

}  // namespace vestige::source::bsp
