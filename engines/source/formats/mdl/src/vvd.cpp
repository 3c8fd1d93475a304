// VVD reader and writer (version 4).
//
//   header (64 bytes at 0)
//   0   id "IDSV"   4 version (4)   8 checksum (== .mdl)   12 numLODs (1..8)   16 numLODVertexes[8]
//   48  numFixups   52 fixupTableStart (abs)   56 vertexDataStart (abs)   60 tangentDataStart (abs, 0 = none)
//
//   fixupTableStart  -> fixup[12] x numFixups:  i32 lod, i32 sourceVertexID, i32 numVertexes
//   vertexDataStart  -> vertex[48] x numLODVertexes[0]:
//                        0 f32 weight[3]  12 i8 bone[3]  15 u8 numBones  16 f32 pos[3]  28 f32 normal[3]
//                        40 f32 uv[2]
//   tangentDataStart -> f32 tangent[4] x numLODVertexes[0]
//
// The file ends where the last of these regions ends; extra bytes after it are refused.
#include "vestige/source/mdl/vvd.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "codec.hpp"

namespace vestige::source::mdl {

using namespace detail;

namespace {

// clang-format off
inline constexpr auto vvdHeaderFields = [](auto& c, auto& h) {
    c.u32(h.id); c.i32(h.version); c.i32(h.checksum); c.i32(h.numLods); c.each(h.numLodVertexes);
    c.i32(h.numFixups); c.i32(h.fixupTableStart); c.i32(h.vertexDataStart); c.i32(h.tangentDataStart);
};
inline constexpr auto vvdVertexFields = [](auto& c, auto& v) {
    c.each(v.weights); c.each(v.bones); c.u8(v.numBones); c.vec3(v.pos); c.vec3(v.normal); c.vec2(v.uv);
};
inline constexpr auto vvdFixupFields = [](auto& c, auto& f) {
    c.i32(f.lod); c.i32(f.sourceVertexId); c.i32(f.numVertexes);
};
inline constexpr auto vec4Fields = [](auto& c, auto& v) { c.vec4(v); };
// clang-format on

constexpr std::string_view kCode = "vvd";

}  // namespace

Result<Vvd> readVvd(ByteView data) {
    Vvd v;
    if (data.size() < kVvdHeaderSize)
        return Error::atField("vvd.truncated", "file is shorter than the VVD header", "header", 0)
            .expected(fmt::format("at least {} bytes", kVvdHeaderSize))
            .actual(std::to_string(data.size()));
    decodeAt<kVvdHeaderSize>(data, 0, v.header, vvdHeaderFields);
    const auto& h = v.header;
    if (h.id != kVvdIdent)
        return Error::atField("vvd.bad_magic", "not a studio vertex file", "id", 0)
            .expected("49 44 53 56 (\"IDSV\")")
            .actual(hexBytes(data.first(4)));
    if (h.version != kVvdVersion)
        return Error::atField("vvd.bad_version", "unsupported VVD version", "version", 4)
            .expected(std::to_string(kVvdVersion))
            .actual(std::to_string(h.version));
    if (h.numLods < 1 || h.numLods > kMaxLods)
        return Error::atField("vvd.bad_lod_count", "LOD count out of range", "numLODs", 12)
            .expected(fmt::format("1..{}", kMaxLods))
            .actual(std::to_string(h.numLods));
    const std::int32_t total = h.numLodVertexes[0];
    for (int l = 0; l < kMaxLods; ++l)
        if (h.numLodVertexes[l] < 0 || h.numLodVertexes[l] > total)
            return Error::atField("vvd.bad_lod_vertexes", "LOD vertex count outside 0..numLODVertexes[0]",
                                  fmt::format("numLODVertexes[{}]", l), 16 + 4 * static_cast<std::uint64_t>(l))
                .expected(fmt::format("0..{}", total))
                .actual(std::to_string(h.numLodVertexes[l]));

    std::uint64_t end = kVvdHeaderSize;
    auto region = [&](std::int32_t start, std::int32_t count, std::uint64_t stride, const char* field,
                      std::uint64_t fieldOffset) -> Result<std::uint64_t> {
        VESTIGE_TRY(std::uint64_t at, tableAt(kCode, data, 0, start, count, stride, field, fieldOffset));
        if (count > 0 && at < kVvdHeaderSize)
            return Error::atField("vvd.bad_offset", "table overlaps the header", field, fieldOffset)
                .expected(fmt::format(">= {}", kVvdHeaderSize))
                .actual(std::to_string(at));
        if (count > 0) end = std::max(end, at + static_cast<std::uint64_t>(count) * stride);
        return at;
    };
    VESTIGE_TRY(std::uint64_t fixAt, region(h.fixupTableStart, h.numFixups, kVvdFixupSize, "fixupTableStart", 52));
    VESTIGE_TRY(std::uint64_t vertAt, region(h.vertexDataStart, total, kVvdVertexSize, "vertexDataStart", 56));
    std::uint64_t tanAt = 0;
    if (h.tangentDataStart != 0) {
        VESTIGE_TRY(tanAt, region(h.tangentDataStart, total, kVvdTangentSize, "tangentDataStart", 60));
    }
    if (end != data.size())
        return Error::atField("vvd.trailing_bytes", "bytes after the last VVD table", "tangentDataStart", 60)
            .at(end)
            .expected(fmt::format("file size {}", end))
            .actual(std::to_string(data.size()));

    for (std::int32_t i = 0; i < h.numFixups; ++i) {
        VvdFixup f;
        const std::uint64_t at = fixAt + static_cast<std::uint64_t>(i) * kVvdFixupSize;
        decodeAt<kVvdFixupSize>(data, at, f, vvdFixupFields);
        const std::int64_t fend = std::int64_t{f.sourceVertexId} + f.numVertexes;
        if (f.lod < 0 || f.lod >= h.numLods || f.sourceVertexId < 0 || f.numVertexes < 0 || fend > total)
            return Error::atField("vvd.bad_fixup", "fixup LOD or vertex range out of range", "fixup", at)
                .record(i)
                .expected(fmt::format("lod 0..{}, range inside 0..{}", h.numLods - 1, total))
                .actual(fmt::format("lod {}, {} + {}", f.lod, f.sourceVertexId, f.numVertexes));
        v.fixups.push_back(f);
    }
    v.vertices.resize(static_cast<std::size_t>(total));
    for (std::int32_t i = 0; i < total; ++i) {
        const std::uint64_t at = vertAt + static_cast<std::uint64_t>(i) * kVvdVertexSize;
        decodeAt<kVvdVertexSize>(data, at, v.vertices[static_cast<std::size_t>(i)], vvdVertexFields);
        if (v.vertices[static_cast<std::size_t>(i)].numBones > 3)
            return Error::atField("vvd.bad_bone_count", "a vertex has more than 3 bone weights", "vertex.numBones",
                                  at + 15)
                .record(i)
                .expected("0..3")
                .actual(std::to_string(v.vertices[static_cast<std::size_t>(i)].numBones));
    }
    if (h.tangentDataStart != 0) {
        v.tangents.resize(static_cast<std::size_t>(total));
        for (std::int32_t i = 0; i < total; ++i)
            decodeAt<kVvdTangentSize>(data, tanAt + static_cast<std::uint64_t>(i) * kVvdTangentSize,
                                      v.tangents[static_cast<std::size_t>(i)], vec4Fields);
    }
    v.raw.assign(data.begin(), data.end());
    return v;
}

Result<Bytes> writeVvd(const Vvd& v) {
    Bytes out = v.raw;
    if (out.size() < kVvdHeaderSize) out.resize(kVvdHeaderSize, 0);
    VESTIGE_CHECK(encodeAt<kVvdHeaderSize>(out, 0, v.header, vvdHeaderFields, "header"));
    const auto& h = v.header;
    for (std::size_t i = 0; i < v.fixups.size(); ++i)
        VESTIGE_CHECK(encodeAt<kVvdFixupSize>(out, static_cast<std::uint64_t>(h.fixupTableStart) + i * kVvdFixupSize,
                                              v.fixups[i], vvdFixupFields, "fixup"));
    for (std::size_t i = 0; i < v.vertices.size(); ++i)
        VESTIGE_CHECK(encodeAt<kVvdVertexSize>(out, static_cast<std::uint64_t>(h.vertexDataStart) + i * kVvdVertexSize,
                                               v.vertices[i], vvdVertexFields, "vertex"));
    for (std::size_t i = 0; i < v.tangents.size(); ++i)
        VESTIGE_CHECK(encodeAt<kVvdTangentSize>(out,
                                                static_cast<std::uint64_t>(h.tangentDataStart) + i * kVvdTangentSize,
                                                v.tangents[i], vec4Fields, "tangent"));
    return out;
}

Result<std::vector<std::uint32_t>> lodVertexIds(const Vvd& v, int lod) {
    if (lod < 0 || lod >= v.header.numLods)
        return Error("vvd.bad_lod", "LOD out of range")
            .expected(fmt::format("0..{}", v.header.numLods - 1))
            .actual(std::to_string(lod));
    std::vector<std::uint32_t> ids;
    if (v.fixups.empty()) {
        const auto n = static_cast<std::uint32_t>(v.header.numLodVertexes[lod]);
        ids.resize(n);
        for (std::uint32_t i = 0; i < n; ++i) ids[i] = i;
        return ids;
    }
    // The engine copies every fixup range that still exists at this LOD, in table order.
    for (const auto& f : v.fixups) {
        if (f.lod < lod) continue;
        if (ids.size() + static_cast<std::size_t>(f.numVertexes) >
            static_cast<std::size_t>(v.header.numLodVertexes[lod]))
            return Error::atField("vvd.fixup_count", "fixups for this LOD exceed its vertex count",
                                  fmt::format("numLODVertexes[{}]", lod), 16 + 4 * static_cast<std::uint64_t>(lod))
                .expected(std::to_string(v.header.numLodVertexes[lod]))
                .actual(fmt::format("more than {}", ids.size()));
        for (std::int32_t k = 0; k < f.numVertexes; ++k)
            ids.push_back(static_cast<std::uint32_t>(f.sourceVertexId + k));
    }
    if (ids.size() != static_cast<std::size_t>(v.header.numLodVertexes[lod]))
        return Error::atField("vvd.fixup_count", "fixups for this LOD do not add up to its vertex count",
                              fmt::format("numLODVertexes[{}]", lod), 16 + 4 * static_cast<std::uint64_t>(lod))
            .expected(std::to_string(v.header.numLodVertexes[lod]))
            .actual(std::to_string(ids.size()));
    return ids;
}

}  // namespace vestige::source::mdl
