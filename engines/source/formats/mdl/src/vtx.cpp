// VTX reader and writer (version 7; every struct packed, no padding). Each *Offset is relative to the start of
// the struct holding it; counts are elements.
//
//   FileHeader (36 at 0)
//   0 version (7)  4 vertCacheSize  8 u16 maxBonesPerStrip  10 u16 maxBonesPerTri  12 maxBonesPerVert
//   16 checksum (== .mdl)  20 numLODs  24 materialReplacementListOffset  28 numBodyParts  32 bodyPartOffset
//     |
//     +-> BodyPart[8]    0 numModels 4 modelOffset
//          +-> Model[8]     0 numLODs 4 lodOffset
//               +-> ModelLOD[12]  0 numMeshes 4 meshOffset 8 f32 switchPoint
//                    +-> Mesh[9]     0 numStripGroups 4 stripGroupHeaderOffset 8 u8 flags (1 teeth, 2 eyes)
//                         +-> StripGroup[25]  0 numVerts 4 vertOffset 8 numIndices 12 indexOffset
//                              |              16 numStrips 20 stripOffset 24 u8 flags
//                              +-> Vertex[9]  0 u8 boneWeightIndex[3] 3 u8 numBones 4 u16 origMeshVertID
//                              |              6 i8 boneID[3]
//                              +-> u16 index (into this group's vertices)
//                              +-> Strip[27]  0 numIndices 4 indexOffset (elements into the group's indices)
//                                             8 numVerts 12 vertOffset 16 i16 numBones 18 u8 flags
//                                             (1 tri-list, 2 tri-strip) 19 numBoneStateChanges
//                                             23 boneStateChangeOffset (-> 8-byte records, kept)
//   materialReplacementListOffset -> List[8] x numLODs: 0 numReplacements 4 replacementOffset
//                                      +-> Replacement[6]: i16 materialID, i32 nameOffset (rel replacement)
//
// The format names no payload end; bytes no struct claims are kept in Vtx::raw.
#include "vestige/source/mdl/vtx.hpp"

#include <fmt/format.h>

#include "codec.hpp"

namespace vestige::source::mdl {

using namespace detail;

namespace {

constexpr std::string_view kCode = "vtx";

// clang-format off
inline constexpr auto headerFields = [](auto& c, auto& h) {
    c.i32(h.version); c.i32(h.vertCacheSize); c.u16(h.maxBonesPerStrip); c.u16(h.maxBonesPerTri);
    c.i32(h.maxBonesPerVert); c.i32(h.checksum); c.i32(h.numLods); c.i32(h.materialReplacementListOffset);
    c.i32(h.numBodyParts); c.i32(h.bodyPartOffset);
};
inline constexpr auto bodyPartFields = [](auto& c, auto& b) { c.i32(b.numModels); c.i32(b.modelOffset); };
inline constexpr auto modelFields = [](auto& c, auto& m) { c.i32(m.numLods); c.i32(m.lodOffset); };
inline constexpr auto lodFields = [](auto& c, auto& l) {
    c.i32(l.numMeshes); c.i32(l.meshOffset); c.f32(l.switchPoint);
};
inline constexpr auto meshFields = [](auto& c, auto& m) {
    c.i32(m.numStripGroups); c.i32(m.stripGroupOffset); c.u8(m.flags);
};
inline constexpr auto groupFields = [](auto& c, auto& g) {
    c.i32(g.numVerts); c.i32(g.vertOffset); c.i32(g.numIndices); c.i32(g.indexOffset); c.i32(g.numStrips);
    c.i32(g.stripOffset); c.u8(g.flags);
};
inline constexpr auto stripFields = [](auto& c, auto& s) {
    c.i32(s.numIndices); c.i32(s.indexOffset); c.i32(s.numVerts); c.i32(s.vertOffset); c.i16(s.numBones);
    c.u8(s.flags); c.i32(s.numBoneStateChanges); c.i32(s.boneStateChangeOffset);
};
inline constexpr auto vertexFields = [](auto& c, auto& v) {
    c.each(v.boneWeightIndex); c.u8(v.numBones); c.u16(v.origMeshVertId); c.each(v.boneId);
};
inline constexpr auto listFields = [](auto& c, auto& l) { c.i32(l.numReplacements); c.i32(l.replacementOffset); };
inline constexpr auto replacementFields = [](auto& c, auto& r) { c.i16(r.materialId); c.i32(r.nameOffset); };
// clang-format on

class Reader {
public:
    Reader(ByteView data) : mData(data), mBudget("vtx", data.size()) {}

    Result<std::uint64_t> table(std::uint64_t base, std::int32_t rel, std::int32_t count, std::uint64_t stride,
                                const char* field, std::uint64_t fieldOffset) {
        VESTIGE_TRY(std::uint64_t at, tableAt(kCode, mData, base, rel, count, stride, field, fieldOffset));
        VESTIGE_CHECK(mBudget.take(static_cast<std::uint64_t>(count) * stride, field, fieldOffset));
        return at;
    }

    Status group(VtxStripGroup& g) {
        VESTIGE_TRY(std::uint64_t vAt,
                    table(g.offset, g.vertOffset, g.numVerts, kVtxVertexSize, "stripgroup.numVerts", g.offset));
        VESTIGE_TRY(std::uint64_t iAt,
                    table(g.offset, g.indexOffset, g.numIndices, 2, "stripgroup.numIndices", g.offset + 8));
        VESTIGE_TRY(std::uint64_t sAt,
                    table(g.offset, g.stripOffset, g.numStrips, kVtxStripSize, "stripgroup.numStrips", g.offset + 16));
        g.vertices.resize(static_cast<std::size_t>(g.numVerts));
        for (std::int32_t i = 0; i < g.numVerts; ++i)
            decodeAt<kVtxVertexSize>(mData, vAt + static_cast<std::uint64_t>(i) * kVtxVertexSize,
                                     g.vertices[static_cast<std::size_t>(i)], vertexFields);
        g.indices.resize(static_cast<std::size_t>(g.numIndices));
        for (std::int32_t i = 0; i < g.numIndices; ++i) {
            const std::uint64_t at = iAt + static_cast<std::uint64_t>(i) * 2;
            const std::uint16_t idx = loadU16(mData.data() + at);
            if (idx >= g.numVerts)
                return Error::atField("vtx.bad_index", "index past the strip group's vertices", "index", at)
                    .record(i)
                    .expected(fmt::format("< {}", g.numVerts))
                    .actual(std::to_string(idx));
            g.indices[static_cast<std::size_t>(i)] = idx;
        }
        for (std::int32_t i = 0; i < g.numStrips; ++i) {
            VtxStrip s;
            s.offset = sAt + static_cast<std::uint64_t>(i) * kVtxStripSize;
            decodeAt<kVtxStripSize>(mData, s.offset, s, stripFields);
            const std::int64_t iEnd = std::int64_t{s.indexOffset} + s.numIndices;
            const std::int64_t vEnd = std::int64_t{s.vertOffset} + s.numVerts;
            if (s.indexOffset < 0 || s.numIndices < 0 || iEnd > g.numIndices)
                return Error::atField("vtx.bad_strip_indices", "strip index range outside its strip group",
                                      "strip.indexOffset", s.offset + 4)
                    .record(i)
                    .expected(fmt::format("within 0..{}", g.numIndices))
                    .actual(fmt::format("{} + {}", s.indexOffset, s.numIndices));
            if (s.vertOffset < 0 || s.numVerts < 0 || vEnd > g.numVerts)
                return Error::atField("vtx.bad_strip_verts", "strip vertex range outside its strip group",
                                      "strip.vertOffset", s.offset + 12)
                    .record(i)
                    .expected(fmt::format("within 0..{}", g.numVerts))
                    .actual(fmt::format("{} + {}", s.vertOffset, s.numVerts));
            VESTIGE_CHECK(table(s.offset, s.boneStateChangeOffset, s.numBoneStateChanges, 8,
                                "strip.numBoneStateChanges", s.offset + 19)
                              .record(i));
            g.strips.push_back(s);
        }
        return {};
    }

    Status mesh(VtxMesh& m) {
        VESTIGE_TRY(std::uint64_t at, table(m.offset, m.stripGroupOffset, m.numStripGroups, kVtxStripGroupSize,
                                            "mesh.numStripGroups", m.offset));
        for (std::int32_t i = 0; i < m.numStripGroups; ++i) {
            VtxStripGroup g;
            g.offset = at + static_cast<std::uint64_t>(i) * kVtxStripGroupSize;
            decodeAt<kVtxStripGroupSize>(mData, g.offset, g, groupFields);
            VESTIGE_CHECK(group(g).in("stripgroup", std::to_string(i)));
            m.stripGroups.push_back(std::move(g));
        }
        return {};
    }

    Status body(Vtx& v) {
        const auto& h = v.header;
        VESTIGE_TRY(std::uint64_t partsAt,
                    table(0, h.bodyPartOffset, h.numBodyParts, kVtxBodyPartSize, "numBodyParts", 28));
        for (std::int32_t p = 0; p < h.numBodyParts; ++p) {
            VtxBodyPart part;
            part.offset = partsAt + static_cast<std::uint64_t>(p) * kVtxBodyPartSize;
            decodeAt<kVtxBodyPartSize>(mData, part.offset, part, bodyPartFields);
            auto st = modelsOf(part);
            if (!st) return std::move(st).in("bodypart", std::to_string(p));
            v.bodyParts.push_back(std::move(part));
        }
        return {};
    }

    Status modelsOf(VtxBodyPart& part) {
        VESTIGE_TRY(std::uint64_t at, table(part.offset, part.modelOffset, part.numModels, kVtxModelSize,
                                            "bodypart.numModels", part.offset));
        for (std::int32_t k = 0; k < part.numModels; ++k) {
            VtxModel model;
            model.offset = at + static_cast<std::uint64_t>(k) * kVtxModelSize;
            decodeAt<kVtxModelSize>(mData, model.offset, model, modelFields);
            if (model.numLods > kMaxVtxLods)
                return Error::atField("vtx.bad_lod_count", "model LOD count out of range", "model.numLODs",
                                      model.offset)
                    .in("model", std::to_string(k))
                    .expected(fmt::format("0..{}", kMaxVtxLods))
                    .actual(std::to_string(model.numLods));
            VESTIGE_TRY(std::uint64_t lodAt,
                        table(model.offset, model.lodOffset, model.numLods, kVtxLodSize, "model.numLODs", model.offset)
                            .in("model", std::to_string(k)));
            for (std::int32_t l = 0; l < model.numLods; ++l) {
                VtxLod lod;
                lod.offset = lodAt + static_cast<std::uint64_t>(l) * kVtxLodSize;
                decodeAt<kVtxLodSize>(mData, lod.offset, lod, lodFields);
                auto meshesAt =
                    table(lod.offset, lod.meshOffset, lod.numMeshes, kVtxMeshSize, "lod.numMeshes", lod.offset);
                if (!meshesAt)
                    return std::move(meshesAt).error().in("lod", std::to_string(l)).in("model", std::to_string(k));
                for (std::int32_t j = 0; j < lod.numMeshes; ++j) {
                    VtxMesh m;
                    m.offset = *meshesAt + static_cast<std::uint64_t>(j) * kVtxMeshSize;
                    decodeAt<kVtxMeshSize>(mData, m.offset, m, meshFields);
                    auto st = mesh(m);
                    if (!st)
                        return std::move(st)
                            .in("mesh", std::to_string(j))
                            .in("lod", std::to_string(l))
                            .in("model", std::to_string(k));
                    lod.meshes.push_back(std::move(m));
                }
                model.lods.push_back(std::move(lod));
            }
            part.models.push_back(std::move(model));
        }
        return {};
    }

    Status materials(Vtx& v) {
        const auto& h = v.header;
        if (h.materialReplacementListOffset == 0) return {};
        VESTIGE_TRY(std::uint64_t at, table(0, h.materialReplacementListOffset, h.numLods, kVtxMaterialListSize,
                                            "materialReplacementListOffset", 24));
        for (std::int32_t l = 0; l < h.numLods; ++l) {
            VtxMaterialReplacementList list;
            list.offset = at + static_cast<std::uint64_t>(l) * kVtxMaterialListSize;
            decodeAt<kVtxMaterialListSize>(mData, list.offset, list, listFields);
            VESTIGE_TRY(std::uint64_t rAt,
                        table(list.offset, list.replacementOffset, list.numReplacements, kVtxMaterialReplacementSize,
                              "materialReplacementList.numReplacements", list.offset)
                            .record(l));
            for (std::int32_t i = 0; i < list.numReplacements; ++i) {
                VtxMaterialReplacement r;
                r.offset = rAt + static_cast<std::uint64_t>(i) * kVtxMaterialReplacementSize;
                decodeAt<kVtxMaterialReplacementSize>(mData, r.offset, r, replacementFields);
                VESTIGE_TRY(r.name,
                            nameAt(kCode, mData, r.offset, r.nameOffset, "materialReplacement.nameOffset", r.offset + 2)
                                .record(i));
                list.replacements.push_back(std::move(r));
            }
            v.materialReplacements.push_back(std::move(list));
        }
        return {};
    }

    static constexpr std::int32_t kMaxVtxLods = 8;

private:
    ByteView mData;
    Budget mBudget;
};

}  // namespace

Result<Vtx> readVtx(ByteView data) {
    Vtx v;
    if (data.size() < kVtxHeaderSize)
        return Error::atField("vtx.truncated", "file is shorter than the VTX header", "header", 0)
            .expected(fmt::format("at least {} bytes", kVtxHeaderSize))
            .actual(std::to_string(data.size()));
    decodeAt<kVtxHeaderSize>(data, 0, v.header, headerFields);
    if (v.header.version != kVtxVersion)
        return Error::atField("vtx.bad_version", "unsupported VTX version", "version", 0)
            .expected(std::to_string(kVtxVersion))
            .actual(std::to_string(v.header.version));
    if (v.header.numLods < 0 || v.header.numLods > Reader::kMaxVtxLods)
        return Error::atField("vtx.bad_lod_count", "LOD count out of range", "numLODs", 20)
            .expected(fmt::format("0..{}", Reader::kMaxVtxLods))
            .actual(std::to_string(v.header.numLods));
    Reader r(data);
    VESTIGE_CHECK(r.body(v));
    VESTIGE_CHECK(r.materials(v));
    v.raw.assign(data.begin(), data.end());
    return v;
}

Result<Bytes> writeVtx(const Vtx& v) {
    Bytes out = v.raw;
    if (out.size() < kVtxHeaderSize) out.resize(kVtxHeaderSize, 0);
    VESTIGE_CHECK(encodeAt<kVtxHeaderSize>(out, 0, v.header, headerFields, "header"));
    for (const auto& part : v.bodyParts) {
        VESTIGE_CHECK(encodeAt<kVtxBodyPartSize>(out, part.offset, part, bodyPartFields, "bodypart"));
        for (const auto& model : part.models) {
            VESTIGE_CHECK(encodeAt<kVtxModelSize>(out, model.offset, model, modelFields, "model"));
            for (const auto& lod : model.lods) {
                VESTIGE_CHECK(encodeAt<kVtxLodSize>(out, lod.offset, lod, lodFields, "lod"));
                for (const auto& mesh : lod.meshes) {
                    VESTIGE_CHECK(encodeAt<kVtxMeshSize>(out, mesh.offset, mesh, meshFields, "mesh"));
                    for (const auto& g : mesh.stripGroups) {
                        VESTIGE_CHECK(encodeAt<kVtxStripGroupSize>(out, g.offset, g, groupFields, "stripgroup"));
                        const auto vAt = static_cast<std::uint64_t>(static_cast<std::int64_t>(g.offset) + g.vertOffset);
                        for (std::size_t i = 0; i < g.vertices.size(); ++i)
                            VESTIGE_CHECK(encodeAt<kVtxVertexSize>(out, vAt + i * kVtxVertexSize, g.vertices[i],
                                                                   vertexFields, "vertex"));
                        const auto iAt =
                            static_cast<std::uint64_t>(static_cast<std::int64_t>(g.offset) + g.indexOffset);
                        for (std::size_t i = 0; i < g.indices.size(); ++i) {
                            const std::uint64_t at = iAt + i * 2;
                            if (at + 2 > out.size()) return Error("vtx.write_range", "index outside the file").at(at);
                            out[at] = static_cast<std::uint8_t>(g.indices[i]);
                            out[at + 1] = static_cast<std::uint8_t>(g.indices[i] >> 8);
                        }
                        for (const auto& s : g.strips)
                            VESTIGE_CHECK(encodeAt<kVtxStripSize>(out, s.offset, s, stripFields, "strip"));
                    }
                }
            }
        }
    }
    for (const auto& list : v.materialReplacements) {
        VESTIGE_CHECK(encodeAt<kVtxMaterialListSize>(out, list.offset, list, listFields, "materialReplacementList"));
        for (const auto& r : list.replacements)
            VESTIGE_CHECK(
                encodeAt<kVtxMaterialReplacementSize>(out, r.offset, r, replacementFields, "materialReplacement"));
    }
    return out;
}

}  // namespace vestige::source::mdl
