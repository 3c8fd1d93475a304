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

#include "vestige/core/text.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/bsp/lzma.hpp"

namespace vestige::source::bsp {

namespace {

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

// Valve's MAX_MAP_* limits (Source SDK 2013 bspfile.h).
constexpr std::uint64_t kMaxModels = 1024, kMaxBrushes = 8192, kMaxEntities = 8192, kMaxTexInfo = 12288,
                        kMaxTexData = 2048, kMaxDispInfo = 2048, kMaxDispVerts = kMaxDispInfo * 17 * 17,
                        kMaxDispTris = kMaxDispInfo * 2 * 16 * 16, kMaxPlanes = 65536, kMaxNodes = 65536,
                        kMaxBrushSides = 65536, kMaxLeafs = 65536, kMaxVerts = 65536, kMaxFaces = 65536,
                        kMaxLeafFaces = 65536, kMaxLeafBrushes = 65536, kMaxEdges = 256000, kMaxSurfEdges = 512000,
                        kMaxLighting = 0x1000000, kMaxAreas = 256, kMaxWorldLights = 8192,
                        kMaxCubemaps = 1024, kMaxOverlays = 512, kMaxStringData = 256000, kMaxStringTable = 65536,
                        kMaxLeafWaterData = 32768, kMaxPrimitives = 32768, kMaxPrimVerts = 65536,
                        kMaxPrimIndices = 65536;

float f32At(const std::uint8_t* p) { return loadF32(p); }
std::int32_t i32At(const std::uint8_t* p) { return static_cast<std::int32_t>(loadU32(p)); }
std::int16_t i16At(const std::uint8_t* p) { return static_cast<std::int16_t>(loadU16(p)); }
Vec3 vec3At(const std::uint8_t* p) { return {loadF32(p), loadF32(p + 4), loadF32(p + 8)}; }

class Reader {
public:
    Reader(ByteView file, Bsp& bsp) : mFile(file), mBsp(bsp) {}

    Status run(const ReadOptions& options);

private:
    // Absolute offset of byte `pos` of a lump's decoded data; compressed lumps report the lump start.
    std::uint64_t absolute(int lump, std::uint64_t pos) const {
        const auto& l = mBsp.lumps[lump];
        return static_cast<std::uint64_t>(l.entry.offset) + (l.compressed ? 0 : pos);
    }
    Error lumpError(int lump, std::string code, std::string message, std::uint64_t pos) const {
        Error e(std::move(code), std::move(message));
        e.at(absolute(lump, pos));
        if (mBsp.lumps[lump].compressed) e.in("decoded_offset", std::to_string(pos));
        e.in("lump", fmt::format("{} ({})", lumpName(lump), lump));
        return e;
    }

    Status readHeader();
    Status decodeLump(int index);

    // Splits a lump into `stride`-byte records, checking the length and the count limit.
    template <class T, class Fn>
    Status records(int lump, std::size_t stride, std::uint64_t maxCount, std::vector<T>& out, Fn decode) {
        const Bytes& data = mBsp.lumps[lump].data;
        if (data.size() % stride != 0) {
            Error e = lumpError(lump, "bsp.lump_size", "lump length is not a multiple of its record size",
                                data.size() - data.size() % stride);
            return std::move(e.expected(fmt::format("a multiple of {}", stride)).actual(std::to_string(data.size())));
        }
        const std::uint64_t count = data.size() / stride;
        if (count > maxCount) {
            Error e = lumpError(lump, "bsp.limit", "record count exceeds Valve's MAX_MAP limit", 0);
            return std::move(e.expected(fmt::format("<= {}", maxCount)).actual(std::to_string(count)));
        }
        out.resize(count);
        for (std::uint64_t i = 0; i < count; ++i) decode(data.data() + i * stride, out[i]);
        return {};
    }

    // index must be in [lo, count) of the target lump.
    Status checkIndex(int lump, std::size_t stride, std::uint64_t record, std::size_t fieldOffset,
                      std::string_view field, std::int64_t value, std::int64_t lo, std::uint64_t count,
                      int targetLump) const {
        if (value >= lo && (value < 0 || static_cast<std::uint64_t>(value) < count)) return {};
        Error e = lumpError(lump, "bsp.index", fmt::format("{} points outside {}", field, lumpName(targetLump)),
                            record * stride + fieldOffset);
        e.record(record).field(std::string(field));
        e.expected(lo < 0 ? fmt::format("-1 or 0..{}", static_cast<std::int64_t>(count) - 1)
                          : fmt::format("0..{} ({} records)", static_cast<std::int64_t>(count) - 1, count));
        e.actual(std::to_string(value));
        return e;
    }
    // [first, first+num) must lie inside [0, count).
    Status checkRange(int lump, std::size_t stride, std::uint64_t record, std::size_t fieldOffset,
                      std::string_view field, std::int64_t first, std::int64_t num, std::uint64_t count,
                      int targetLump) const {
        if (first >= 0 && num >= 0 && static_cast<std::uint64_t>(first) + static_cast<std::uint64_t>(num) <= count)
            return {};
        Error e = lumpError(lump, "bsp.index", fmt::format("{} range points outside {}", field, lumpName(targetLump)),
                            record * stride + fieldOffset);
        e.record(record).field(std::string(field));
        e.expected(fmt::format("a range inside 0..{}", count));
        e.actual(fmt::format("{} + {}", first, num));
        return e;
    }

    Status parseTyped();
    Status parseFaces(int lump, std::vector<Face>& out);
    Status parseLeafs();
    Status parseWorldLights(int lump, std::vector<WorldLight>& out);
    Status parseStrings();
    Status parseGameLump();
    Status parseStaticProps(const GameLump& gl, std::size_t index);
    Status parsePakfile();
    Status validate();
    Status validateFaces(int lump, const std::vector<Face>& faces, const Bytes& lighting);

    ByteView mFile;
    Bsp& mBsp;
};

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
        return std::move(e.at(4).field("version").expected("19 or 20")
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
        const bool bad = entry.offset < 0 || entry.length < 0 ||
                         static_cast<std::uint64_t>(entry.offset) + static_cast<std::uint64_t>(entry.length) >
                             mFile.size();
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
    ByteView onDisk = mFile.subspan(static_cast<std::size_t>(lump.entry.offset), static_cast<std::size_t>(lump.entry.length));
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
        Error e = lumpError(kLumpTexDataStringData, "bsp.limit", "texture name data exceeds MAX_MAP_TEXDATA_STRING_DATA", 0);
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
            return std::move(e.record(i).expected(fmt::format("a NUL-terminated name starting in 0..{}",
                                                              static_cast<std::int64_t>(data.size()) - 1))
                                 .actual(std::to_string(ofs)));
        }
    }
    return {};
}

Status Reader::parseStaticProps(const GameLump& gl, std::size_t index) {
    // 'sprp': i32 dictCount, char[128][dictCount], i32 leafCount, u16[leafCount], i32 propCount, props.
    ByteReader r(gl.data, gl.compressed ? 0 : static_cast<std::uint64_t>(gl.fileOfs));
    auto fail = [&](Error e) {
        e.in("game_lump", fmt::format("sprp #{} v{}", index, gl.version));
        if (gl.compressed) e.at(static_cast<std::uint64_t>(gl.fileOfs));
        return e.in("lump", "GAME_LUMP (35)");
    };
    StaticProps props;
    auto dictCount = r.i32("dictCount");
    if (!dictCount) return fail(std::move(dictCount).error());
    if (*dictCount < 0 || static_cast<std::uint64_t>(*dictCount) * 128 > r.remaining())
        return fail(std::move(Error("bsp.static_props", "static prop dictionary runs past the game lump")
                                  .at(r.absolute() - 4).field("dictCount")
                                  .expected(fmt::format("<= {}", r.remaining() / 128)).actual(std::to_string(*dictCount))));
    for (std::int32_t i = 0; i < *dictCount; ++i) {
        auto name = r.fixedString(128, "name");
        if (!name) return fail(std::move(name).error());
        props.names.emplace_back(name->text());
    }
    auto leafCount = r.i32("leafCount");
    if (!leafCount) return fail(std::move(leafCount).error());
    if (*leafCount < 0 || static_cast<std::uint64_t>(*leafCount) * 2 > r.remaining())
        return fail(std::move(Error("bsp.static_props", "static prop leaf list runs past the game lump")
                                  .at(r.absolute() - 4).field("leafCount")
                                  .expected(fmt::format("<= {}", r.remaining() / 2)).actual(std::to_string(*leafCount))));
    for (std::int32_t i = 0; i < *leafCount; ++i) props.leaves.push_back(*r.u16("leaf"));
    auto propCount = r.i32("propCount");
    if (!propCount) return fail(std::move(propCount).error());
    const std::uint64_t propCountAt = r.absolute() - 4;
    if (*propCount < 0)
        return fail(std::move(Error("bsp.static_props", "negative static prop count").at(propCountAt)
                                  .field("propCount").actual(std::to_string(*propCount))));
    if (*propCount > 0) {
        const std::size_t remaining = r.remaining();
        if (remaining % static_cast<std::size_t>(*propCount) != 0 || remaining / *propCount < 56)
            return fail(std::move(Error("bsp.static_props", "static prop records do not divide the remaining bytes")
                                      .at(propCountAt).field("propCount")
                                      .expected(fmt::format("a count dividing {} bytes into records of >= 56", remaining))
                                      .actual(std::to_string(*propCount))));
        props.recordSize = remaining / static_cast<std::size_t>(*propCount);
    } else if (!r.atEnd()) {
        return fail(std::move(Error("bsp.static_props", "bytes after an empty static prop list").at(r.absolute())
                                  .expected("end of the game lump").actual(fmt::format("{} bytes", r.remaining()))));
    }
    for (std::int32_t i = 0; i < *propCount; ++i) {
        const std::uint64_t at = r.absolute();
        auto rec = r.bytes(props.recordSize, "prop");
        if (!rec) return fail(std::move(rec).error());
        const std::uint8_t* p = rec->data();
        StaticProp sp;
        sp.origin = vec3At(p);
        sp.angles = vec3At(p + 12);
        sp.propType = loadU16(p + 24);
        sp.firstLeaf = loadU16(p + 26);
        sp.leafCount = loadU16(p + 28);
        sp.solid = p[30];
        sp.flags = p[31];
        sp.skin = i32At(p + 32);
        sp.fadeMinDist = f32At(p + 36);
        sp.fadeMaxDist = f32At(p + 40);
        sp.lightingOrigin = vec3At(p + 44);
        sp.raw.assign(rec->begin(), rec->end());
        if (sp.propType >= props.names.size())
            return fail(std::move(Error("bsp.index", "static prop model index outside the dictionary")
                                      .at(at + 24).record(static_cast<std::uint64_t>(i)).field("propType")
                                      .expected(fmt::format("< {}", props.names.size())).actual(std::to_string(sp.propType))));
        if (static_cast<std::size_t>(sp.firstLeaf) + sp.leafCount > props.leaves.size())
            return fail(std::move(Error("bsp.index", "static prop leaf range outside the leaf list")
                                      .at(at + 26).record(static_cast<std::uint64_t>(i)).field("firstLeaf")
                                      .expected(fmt::format("a range inside 0..{}", props.leaves.size()))
                                      .actual(fmt::format("{} + {}", sp.firstLeaf, sp.leafCount))));
        props.props.push_back(std::move(sp));
    }
    for (std::size_t i = 0; i < props.leaves.size(); ++i)
        if (props.leaves[i] >= mBsp.leafs.size() && !mBsp.leafs.empty())
            return fail(std::move(Error("bsp.index", "static prop leaf points outside LEAFS")
                                      .record(i).field("leaf").expected(fmt::format("< {}", mBsp.leafs.size()))
                                      .actual(std::to_string(props.leaves[i]))));
    mBsp.staticProps = std::move(props);
    return {};
}

Status Reader::parseGameLump() {
    const auto& raw = mBsp.lumps[kLumpGameLump];
    if (raw.data.empty()) return {};
    const std::uint64_t base = static_cast<std::uint64_t>(raw.entry.offset);
    ByteReader r(raw.data, base);
    auto wrap = [](Error e) { return e.in("lump", "GAME_LUMP (35)"); };
    auto count = r.i32("lumpCount");
    if (!count) return wrap(std::move(count).error());
    if (*count < 0 || static_cast<std::uint64_t>(*count) * 16 > r.remaining())
        return wrap(std::move(Error("bsp.gamelump", "game lump directory runs past the lump").at(base)
                                  .field("lumpCount").expected(fmt::format("<= {}", r.remaining() / 16))
                                  .actual(std::to_string(*count))));
    struct Dir { std::uint32_t id; std::uint16_t flags, version; std::int32_t ofs, len; std::uint64_t at; };
    std::vector<Dir> dirs;
    for (std::int32_t i = 0; i < *count; ++i) {
        Dir d{};
        d.at = r.absolute();
        d.id = *r.u32();
        d.flags = *r.u16();
        d.version = *r.u16();
        d.ofs = *r.i32();
        d.len = *r.i32();
        dirs.push_back(d);
    }
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        const Dir& d = dirs[i];
        GameLump gl;
        gl.id = d.id;
        gl.flags = d.flags;
        gl.version = d.version;
        gl.fileOfs = d.ofs;
        gl.fileLen = d.len;
        gl.compressed = (d.flags & 1) != 0;
        // A compressed sub-lump's disk size runs to the next entry's offset (compressed maps end with a dummy).
        std::int64_t diskLen = d.len;
        if (gl.compressed) {
            if (i + 1 < dirs.size()) diskLen = static_cast<std::int64_t>(dirs[i + 1].ofs) - d.ofs;
            else diskLen = static_cast<std::int64_t>(base + raw.data.size()) - d.ofs;
        }
        if (d.id == 0 && d.len == 0) {  // terminating dummy entry of compressed maps
            mBsp.gameLumps.push_back(std::move(gl));
            continue;
        }
        if (d.ofs < 0 || diskLen < 0 || static_cast<std::uint64_t>(d.ofs) + static_cast<std::uint64_t>(diskLen) > mFile.size())
            return wrap(std::move(Error("bsp.gamelump", "game lump data lies outside the file").at(d.at + 8)
                                      .record(i).field("fileofs")
                                      .expected(fmt::format("offset + length <= {}", mFile.size()))
                                      .actual(fmt::format("{} + {}", d.ofs, diskLen))));
        ByteView bytes = mFile.subspan(static_cast<std::size_t>(d.ofs), static_cast<std::size_t>(diskLen));
        if (gl.compressed) {
            if (d.len < 0) return wrap(std::move(Error("bsp.gamelump", "negative game lump length").at(d.at + 12).record(i)));
            auto decoded = decompressLzma(bytes, static_cast<std::uint64_t>(d.ofs), static_cast<std::uint64_t>(d.len));
            if (!decoded) return wrap(std::move(decoded).error().record(i).in("game_lump", gl.idText()));
            gl.data = std::move(decoded).value();
        } else {
            gl.data.assign(bytes.begin(), bytes.end());
        }
        mBsp.gameLumps.push_back(std::move(gl));
    }
    for (std::size_t i = 0; i < mBsp.gameLumps.size(); ++i)
        if (mBsp.gameLumps[i].id == kGameLumpStaticProps && !mBsp.staticProps)
            VESTIGE_CHECK(parseStaticProps(mBsp.gameLumps[i], i));
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
    VESTIGE_CHECK(records(kLumpVertexes, 12, kMaxVerts, b.vertexes, [](const std::uint8_t* p, Vec3& v) { v = vec3At(p); }));
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
            t.textureVecs[k] = {f32At(p + 16 * k), f32At(p + 16 * k + 4), f32At(p + 16 * k + 8), f32At(p + 16 * k + 12)};
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
    VESTIGE_CHECK(records(kLumpPrimVerts, 12, kMaxPrimVerts, b.primVerts, [](const std::uint8_t* p, Vec3& v) { v = vec3At(p); }));
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

Status Reader::validateFaces(int lump, const std::vector<Face>& faces, const Bytes& lighting) {
    const Bsp& b = mBsp;
    constexpr std::size_t s = 56;
    for (std::size_t i = 0; i < faces.size(); ++i) {
        const Face& f = faces[i];
        VESTIGE_CHECK(checkIndex(lump, s, i, 0, "planenum", f.planeNum, 0, b.planes.size(), kLumpPlanes));
        if (f.numEdges < 3) {
            Error e = lumpError(lump, "bsp.index", "face has fewer than 3 edges", i * s + 8);
            return std::move(e.record(i).field("numedges").expected(">= 3").actual(std::to_string(f.numEdges)));
        }
        VESTIGE_CHECK(checkRange(lump, s, i, 4, "firstedge", f.firstEdge, f.numEdges, b.surfEdges.size(), kLumpSurfEdges));
        // ORIGINALFACES keep vbsp's pre-compaction texinfo numbers (gmod_tooltextures: 186 with 40 texinfos), so
        // only their planes and edges are checked.
        if (lump == kLumpOriginalFaces) continue;
        VESTIGE_CHECK(checkIndex(lump, s, i, 10, "texinfo", f.texInfo, -1, b.texInfo.size(), kLumpTexInfo));
        VESTIGE_CHECK(checkIndex(lump, s, i, 12, "dispinfo", f.dispInfo, -1, b.dispInfos.size(), kLumpDispInfo));
        // Faces of lump 7 may point into the HDR samples when a map has only HDR lighting. Maps compiled without
        // vrad (no lighting lumps at all) keep lightofs 0 on every face: nothing to point into, nothing to check.
        const std::size_t limit = std::max(lighting.size(), lump == kLumpFaces ? b.lightingHdr.size() : 0);
        if (f.lightOfs != -1 && limit > 0) {
            VESTIGE_CHECK(checkIndex(lump, s, i, 20, "lightofs", f.lightOfs, 0, limit, lump == kLumpFacesHdr ? kLumpLightingHdr : kLumpLighting));
        }
        if (f.origFace != -1 && !b.origFaces.empty())
            VESTIGE_CHECK(checkIndex(lump, s, i, 44, "origFace", f.origFace, -1, b.origFaces.size(), kLumpOriginalFaces));
        if ((f.numPrims & 0x7FFF) != 0)
            VESTIGE_CHECK(checkRange(lump, s, i, 50, "firstPrimID", f.firstPrimId, f.numPrims & 0x7FFF,
                                     b.primitives.size(), kLumpPrimitives));
    }
    return {};
}

Status Reader::validate() {
    const Bsp& b = mBsp;
    for (std::size_t i = 0; i < b.edges.size(); ++i)
        for (int k = 0; k < 2; ++k)
            VESTIGE_CHECK(checkIndex(kLumpEdges, 4, i, 2 * k, k == 0 ? "v[0]" : "v[1]", b.edges[i].v[k], 0,
                                     b.vertexes.size(), kLumpVertexes));
    for (std::size_t i = 0; i < b.surfEdges.size(); ++i) {
        const std::int64_t e = b.surfEdges[i];
        VESTIGE_CHECK(checkIndex(kLumpSurfEdges, 4, i, 0, "edge", e < 0 ? -e : e, 0, b.edges.size(), kLumpEdges));
    }
    VESTIGE_CHECK(validateFaces(kLumpFaces, b.faces, b.lighting));
    VESTIGE_CHECK(validateFaces(kLumpFacesHdr, b.facesHdr, b.lightingHdr));
    VESTIGE_CHECK(validateFaces(kLumpOriginalFaces, b.origFaces, b.lighting));
    for (std::size_t i = 0; i < b.texInfo.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpTexInfo, 72, i, 68, "texdata", b.texInfo[i].texData, -1, b.texData.size(), kLumpTexData));
    for (std::size_t i = 0; i < b.texData.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpTexData, 32, i, 12, "nameStringTableID", b.texData[i].nameStringTableId, 0,
                                 b.texDataStringTable.size(), kLumpTexDataStringTable));
    for (std::size_t i = 0; i < b.nodes.size(); ++i) {
        const Node& n = b.nodes[i];
        VESTIGE_CHECK(checkIndex(kLumpNodes, 32, i, 0, "planenum", n.planeNum, 0, b.planes.size(), kLumpPlanes));
        for (int k = 0; k < 2; ++k) {
            const std::int64_t c = n.children[k];
            if (c >= 0) VESTIGE_CHECK(checkIndex(kLumpNodes, 32, i, 4 + 4 * k, "children", c, 0, b.nodes.size(), kLumpNodes));
            else VESTIGE_CHECK(checkIndex(kLumpNodes, 32, i, 4 + 4 * k, "children (leaf)", -1 - c, 0, b.leafs.size(), kLumpLeafs));
        }
        VESTIGE_CHECK(checkRange(kLumpNodes, 32, i, 24, "firstface", n.firstFace, n.numFaces, b.faces.size(), kLumpFaces));
    }
    const std::size_t leafSize = b.lumps[kLumpLeafs].entry.version == 0 ? 56 : 32;
    for (std::size_t i = 0; i < b.leafs.size(); ++i) {
        const Leaf& l = b.leafs[i];
        VESTIGE_CHECK(checkRange(kLumpLeafs, leafSize, i, 20, "firstleafface", l.firstLeafFace, l.numLeafFaces,
                                 b.leafFaces.size(), kLumpLeafFaces));
        VESTIGE_CHECK(checkRange(kLumpLeafs, leafSize, i, 24, "firstleafbrush", l.firstLeafBrush, l.numLeafBrushes,
                                 b.leafBrushes.size(), kLumpLeafBrushes));
        VESTIGE_CHECK(checkIndex(kLumpLeafs, leafSize, i, 28, "leafWaterDataID", l.leafWaterDataId, -1,
                                 b.leafWaterData.size(), kLumpLeafWaterData));
    }
    for (std::size_t i = 0; i < b.leafFaces.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpLeafFaces, 2, i, 0, "face", b.leafFaces[i], 0, b.faces.size(), kLumpFaces));
    for (std::size_t i = 0; i < b.leafBrushes.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpLeafBrushes, 2, i, 0, "brush", b.leafBrushes[i], 0, b.brushes.size(), kLumpBrushes));
    for (std::size_t i = 0; i < b.models.size(); ++i) {
        const Model& m = b.models[i];
        VESTIGE_CHECK(checkIndex(kLumpModels, 48, i, 36, "headnode", m.headNode, 0, b.nodes.size(), kLumpNodes));
        VESTIGE_CHECK(checkRange(kLumpModels, 48, i, 40, "firstface", m.firstFace, m.numFaces, b.faces.size(), kLumpFaces));
    }
    for (std::size_t i = 0; i < b.brushes.size(); ++i)
        VESTIGE_CHECK(checkRange(kLumpBrushes, 12, i, 0, "firstside", b.brushes[i].firstSide, b.brushes[i].numSides,
                                 b.brushSides.size(), kLumpBrushSides));
    for (std::size_t i = 0; i < b.brushSides.size(); ++i) {
        const BrushSide& s = b.brushSides[i];
        VESTIGE_CHECK(checkIndex(kLumpBrushSides, 8, i, 0, "planenum", s.planeNum, 0, b.planes.size(), kLumpPlanes));
        VESTIGE_CHECK(checkIndex(kLumpBrushSides, 8, i, 2, "texinfo", s.texInfo, -1, b.texInfo.size(), kLumpTexInfo));
        // dispinfo is not checked: vbsp leaves 0 there on ordinary sides even in maps without displacements.
    }
    for (std::size_t i = 0; i < b.dispInfos.size(); ++i) {
        const DispInfo& d = b.dispInfos[i];
        if (d.power < 2 || d.power > 4) {
            Error e = lumpError(kLumpDispInfo, "bsp.index", "displacement power outside 2..4", i * 176 + 20);
            return std::move(e.record(i).field("power").expected("2..4").actual(std::to_string(d.power)));
        }
        VESTIGE_CHECK(checkRange(kLumpDispInfo, 176, i, 12, "DispVertStart", d.dispVertStart, d.vertexCount(),
                                 b.dispVerts.size(), kLumpDispVerts));
        VESTIGE_CHECK(checkRange(kLumpDispInfo, 176, i, 16, "DispTriStart", d.dispTriStart, d.triangleCount(),
                                 b.dispTris.size(), kLumpDispTris));
        VESTIGE_CHECK(checkIndex(kLumpDispInfo, 176, i, 36, "MapFace", d.mapFace, 0, b.faces.size(), kLumpFaces));
    }
    for (std::size_t i = 0; i < b.leafWaterData.size(); ++i)
        VESTIGE_CHECK(checkIndex(kLumpLeafWaterData, 12, i, 8, "surfaceTexInfoID", b.leafWaterData[i].texInfo, -1,
                                 b.texInfo.size(), kLumpTexInfo));
    for (std::size_t i = 0; i < b.primitives.size(); ++i) {
        const Primitive& p = b.primitives[i];
        VESTIGE_CHECK(checkRange(kLumpPrimitives, 10, i, 2, "firstIndex", p.firstIndex, p.indexCount,
                                 b.primIndices.size(), kLumpPrimIndices));
        VESTIGE_CHECK(checkRange(kLumpPrimitives, 10, i, 6, "firstVert", p.firstVert, p.vertCount, b.primVerts.size(),
                                 kLumpPrimVerts));
    }
    for (std::size_t i = 0; i < b.overlays.size(); ++i) {
        const Overlay& o = b.overlays[i];
        VESTIGE_CHECK(checkIndex(kLumpOverlays, 352, i, 4, "texinfo", o.texInfo, -1, b.texInfo.size(), kLumpTexInfo));
        if (o.faceCount() > 64) {
            Error e = lumpError(kLumpOverlays, "bsp.index", "overlay face count above 64", i * 352 + 6);
            return std::move(e.record(i).field("faceCount").expected("<= 64").actual(std::to_string(o.faceCount())));
        }
        for (int k = 0; k < o.faceCount(); ++k)
            VESTIGE_CHECK(checkIndex(kLumpOverlays, 352, i, 8 + 4 * k, "faces", o.faces[k], 0, b.faces.size(), kLumpFaces));
    }
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
        auto ents = parseEntities(asChars(text), mBsp.lumps[kLumpEntities].compressed
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

}  // namespace

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
    return e >= 0 ? edges[static_cast<std::size_t>(e)].v[0] : edges[static_cast<std::size_t>(-static_cast<std::int64_t>(e))].v[1];
}

Result<Bsp> readBsp(ByteView file, const ReadOptions& options) {
    Bsp bsp;
    Reader reader(file, bsp);
    VESTIGE_CHECK(reader.run(options));
    return bsp;
}

}  // namespace vestige::source::bsp
