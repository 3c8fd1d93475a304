// MDL reader (studiohdr_t, versions 44-49). All offsets little-endian int32; "rel" = relative to the struct
// that holds the field, "abs" = from the start of the file.
//
//   header (408 bytes at 0)
//   0    id "IDST"            4   version (44..49)      8   checksum (== .vvd/.vtx)   12  name[64]
//   76   length (== file size, the payload end)          80  eyeposition, illumposition, hull min/max,
//                                                             view bbmin/bbmax (6 x vec3) .. 152 flags
//   156  numbones / boneindex (abs) ----------------------> bone[216]      x numbones
//   164  numbonecontrollers / index                        (kept, not walked)
//   172  numhitboxsets / index (abs) ---------------------> hitboxset[12]  -> hitbox[68] (rel set)
//   180  numlocalanim / index (abs) ----------------------> animdesc[100]  (name rel desc)
//   188  numlocalseq / index (abs) -----------------------> seqdesc[212]   -> i16 anim grid (rel seq)
//   196  activitylistversion, eventsindexed
//   204  numtextures / index (abs) -----------------------> texture[64]    (name rel texture)
//   212  numcdtextures / index (abs) ---------------------> i32 abs offset -> "dir/" string
//   220  numskinref, numskinfamilies, skinindex (abs) ----> i16[families][skinref] -> texture index
//   232  numbodyparts / index (abs) ----------------------> bodypart[16] -> model[148] (rel part)
//                                                                          -> mesh[116] (rel model)
//   240  numlocalattachments / index (abs) ---------------> attachment[92]
//   248 .. 324  nodes, flexes, ik chains, mouths, pose parameters, keyvalues, ik locks (kept, not walked)
//   308  surfacepropindex (abs string)   328 mass (f32)   332 contents
//   336  numincludemodels / index (abs) ------------------> includemodel[8] (names rel struct)
//   344  runtime slot   348 szanimblocknameindex (abs string)   352 numanimblocks / animblockindex
//   360  runtime slot   364 bonetablebynameindex   368/372 runtime slots
//   376  u8 constdirectionallightdot, rootLOD, numAllowedRootLODs, unused   380 unused
//   384  numflexcontrollerui / index   392 f32 flVertAnimFixedPointScale   396 unused
//   400  studiohdr2index (abs, 0 = none) ------------------> studiohdr2[256] (name rel studiohdr2)
//   404  unused
//
//   bone[216]: 0 nameindex(rel) 4 parent 8 bonecontroller[6] 32 pos 44 quat(xyzw) 60 rot 72 posscale
//              84 rotscale 96 poseToBone 3x4 144 qAlignment 160 flags 164 proctype 168 procindex
//              172 physicsbone 176 surfacepropidx(rel) 180 contents 184 unused[8]
//   model[148]: 0 name[64] 64 type 68 boundingradius 72 nummeshes 76 meshindex(rel) 80 numvertices
//              84 vertexindex (bytes into the VVD vertex stream, /48) 88 tangentsindex 92.. attachments,
//              eyeballs, 2 runtime slots, unused[8]
//   mesh[116]: 0 material 4 modelindex(rel, back to the model) 8 numvertices 12 vertexoffset 16 flexes
//              24 materialtype/param 32 meshid 36 center 48 vertex data (9 ints) 84 unused[8]
#include <fmt/format.h>

#include "mdl_fields.hpp"

namespace vestige::source::mdl {

using namespace detail;

namespace {

constexpr std::string_view kCode = "mdl";

// The absolute offset of a header field (for errors): the header is at 0.
constexpr std::uint64_t kOffNumBones = 156, kOffNumHitboxSets = 172, kOffNumLocalAnim = 180, kOffNumLocalSeq = 188,
                        kOffNumTextures = 204, kOffNumCdTextures = 212, kOffNumSkinRef = 220, kOffNumBodyParts = 232,
                        kOffNumAttachments = 240, kOffSurfaceProp = 308, kOffNumInclude = 336, kOffAnimBlockName = 348,
                        kOffHeader2 = 400;

Result<std::string> name(ByteView data, std::uint64_t base, std::int32_t rel, std::string field,
                         std::uint64_t fieldOffset) {
    return nameAt(kCode, data, base, rel, std::move(field), fieldOffset);
}

Result<std::uint64_t> table(ByteView data, std::uint64_t base, std::int32_t rel, std::int32_t count,
                            std::uint64_t stride, std::string field, std::uint64_t fieldOffset, Budget& budget) {
    VESTIGE_TRY(std::uint64_t start, tableAt(kCode, data, base, rel, count, stride, field, fieldOffset));
    VESTIGE_CHECK(budget.take(static_cast<std::uint64_t>(count) * stride, field, fieldOffset));
    return start;
}

Status readBodyParts(Mdl& m, ByteView data, Budget& budget) {
    const auto& h = m.header;
    VESTIGE_TRY(std::uint64_t partsAt, table(data, 0, h.bodyPartIndex, h.numBodyParts, kBodyPartSize, "numbodyparts",
                                             kOffNumBodyParts, budget));
    for (std::int32_t i = 0; i < h.numBodyParts; ++i) {
        BodyPart part;
        part.offset = partsAt + static_cast<std::uint64_t>(i) * kBodyPartSize;
        decodeAt<kBodyPartSize>(data, part.offset, part, bodyPartFields);
        VESTIGE_TRY(part.name, name(data, part.offset, part.nameIndex, "bodypart.nameindex", part.offset).record(i));
        if (part.numModels > 0 && part.base <= 0)
            return Error::atField("mdl.bad_bodypart_base", "a body part with models needs a positive base",
                                  "bodypart.base", part.offset + 8)
                .record(i)
                .expected(">= 1")
                .actual(std::to_string(part.base));
        VESTIGE_TRY(std::uint64_t modelsAt, table(data, part.offset, part.modelIndex, part.numModels, kModelSize,
                                                  "bodypart.nummodels", part.offset + 4, budget)
                                                .record(i));
        for (std::int32_t k = 0; k < part.numModels; ++k) {
            Model model;
            model.offset = modelsAt + static_cast<std::uint64_t>(k) * kModelSize;
            decodeAt<kModelSize>(data, model.offset, model, modelFields);
            auto where = [&](Error e) { return e.record(k).in("bodypart", std::to_string(i)); };
            if (model.numVertices < 0 || model.vertexIndex < 0 || model.vertexIndex % 48 != 0)
                return where(
                    Error::atField("mdl.bad_model_vertices",
                                   "model vertex range must be non-negative and a whole number of 48-byte "
                                   "VVD vertices",
                                   "model.vertexindex", model.offset + 84)
                        .actual(fmt::format("numvertices {}, vertexindex {}", model.numVertices, model.vertexIndex)));
            auto meshesAt = table(data, model.offset, model.meshIndex, model.numMeshes, kMeshSize, "model.nummeshes",
                                  model.offset + 72, budget);
            if (!meshesAt) return where(std::move(meshesAt).error());
            for (std::int32_t j = 0; j < model.numMeshes; ++j) {
                Mesh mesh;
                mesh.offset = *meshesAt + static_cast<std::uint64_t>(j) * kMeshSize;
                decodeAt<kMeshSize>(data, mesh.offset, mesh, meshFields);
                // The mesh's range must sit inside its model's vertices (the view indexes through it).
                const std::int64_t end = std::int64_t{mesh.vertexOffset} + mesh.numVertices;
                if (mesh.numVertices < 0 || mesh.vertexOffset < 0 || end > model.numVertices)
                    return where(Error::atField("mdl.bad_mesh_vertices", "mesh vertex range outside its model",
                                                "mesh.vertexoffset", mesh.offset + 12)
                                     .in("mesh", std::to_string(j))
                                     .expected(fmt::format("within 0..{}", model.numVertices))
                                     .actual(fmt::format("{} + {}", mesh.vertexOffset, mesh.numVertices)));
                model.meshes.push_back(mesh);
            }
            part.models.push_back(std::move(model));
        }
        m.bodyParts.push_back(std::move(part));
    }
    return {};
}

}  // namespace

std::string Model::nameText() const { return fixedText(name.data(), name.size()); }
std::string Mdl::nameText() const { return fixedText(header.name.data(), header.name.size()); }

Result<Mdl> readMdl(ByteView data) {
    Mdl m;
    if (data.size() < kHeaderSize)
        return Error::atField("mdl.truncated", "file is shorter than the studio header", "header", 0)
            .expected(fmt::format("at least {} bytes", kHeaderSize))
            .actual(std::to_string(data.size()));
    decodeAt<kHeaderSize>(data, 0, m.header, headerFields);
    auto& h = m.header;
    if (h.id != kMdlIdent)
        return Error::atField("mdl.bad_magic", "not a studio model", "id", 0)
            .expected("49 44 53 54 (\"IDST\")")
            .actual(hexBytes(data.first(4)));
    if (h.version < kMinVersion || h.version > kMaxVersion)
        return Error::atField("mdl.bad_version", "unsupported studio model version", "version", 4)
            .expected(fmt::format("{}..{}", kMinVersion, kMaxVersion))
            .actual(std::to_string(h.version));
    if (h.length < 0 || static_cast<std::uint64_t>(h.length) != data.size())
        return Error::atField("mdl.bad_length", "header length is not the file size", "length", 76)
            .expected(std::to_string(data.size()))
            .actual(std::to_string(h.length));
    Budget budget("mdl", data.size());

    VESTIGE_TRY(std::uint64_t bonesAt,
                table(data, 0, h.boneIndex, h.numBones, kBoneSize, "numbones", kOffNumBones, budget));
    for (std::int32_t i = 0; i < h.numBones; ++i) {
        Bone b;
        b.offset = bonesAt + static_cast<std::uint64_t>(i) * kBoneSize;
        decodeAt<kBoneSize>(data, b.offset, b, boneFields);
        VESTIGE_TRY(b.name, name(data, b.offset, b.nameIndex, "bone.nameindex", b.offset).record(i));
        VESTIGE_TRY(b.surfaceProp,
                    name(data, b.offset, b.surfacePropIndex, "bone.surfacepropidx", b.offset + 176).record(i));
        // Parents come first in studio files; the bind pose and the glTF skeleton rely on it.
        if (b.parent < -1 || b.parent >= i)
            return Error::atField("mdl.bad_bone_parent", "bone parent must be -1 or an earlier bone", "bone.parent",
                                  b.offset + 4)
                .record(i)
                .entry(b.name)
                .expected(fmt::format("-1..{}", i - 1))
                .actual(std::to_string(b.parent));
        m.bones.push_back(std::move(b));
    }

    VESTIGE_TRY(std::uint64_t setsAt, table(data, 0, h.hitboxSetIndex, h.numHitboxSets, kHitboxSetSize, "numhitboxsets",
                                            kOffNumHitboxSets, budget));
    for (std::int32_t i = 0; i < h.numHitboxSets; ++i) {
        HitboxSet s;
        s.offset = setsAt + static_cast<std::uint64_t>(i) * kHitboxSetSize;
        decodeAt<kHitboxSetSize>(data, s.offset, s, hitboxSetFields);
        VESTIGE_TRY(s.name, name(data, s.offset, s.nameIndex, "hitboxset.nameindex", s.offset).record(i));
        VESTIGE_TRY(std::uint64_t boxesAt, table(data, s.offset, s.hitboxIndex, s.numHitboxes, kHitboxSize,
                                                 "hitboxset.numhitboxes", s.offset + 4, budget)
                                               .record(i));
        for (std::int32_t k = 0; k < s.numHitboxes; ++k) {
            Hitbox b;
            b.offset = boxesAt + static_cast<std::uint64_t>(k) * kHitboxSize;
            decodeAt<kHitboxSize>(data, b.offset, b, hitboxFields);
            if (b.bone < 0 || b.bone >= h.numBones)
                return Error::atField("mdl.bad_hitbox_bone", "hitbox bone out of range", "hitbox.bone", b.offset)
                    .record(k)
                    .in("hitboxset", std::to_string(i))
                    .expected(fmt::format("0..{}", h.numBones - 1))
                    .actual(std::to_string(b.bone));
            VESTIGE_TRY(b.name, name(data, b.offset, b.nameIndex, "hitbox.szhitboxnameindex", b.offset + 32).record(k));
            s.hitboxes.push_back(std::move(b));
        }
        m.hitboxSets.push_back(std::move(s));
    }

    VESTIGE_TRY(std::uint64_t animsAt, table(data, 0, h.localAnimIndex, h.numLocalAnim, kAnimDescSize, "numlocalanim",
                                             kOffNumLocalAnim, budget));
    for (std::int32_t i = 0; i < h.numLocalAnim; ++i) {
        AnimDesc a;
        a.offset = animsAt + static_cast<std::uint64_t>(i) * kAnimDescSize;
        decodeAt<kAnimDescSize>(data, a.offset, a, animDescFields);
        VESTIGE_TRY(a.name, name(data, a.offset, a.nameIndex, "animdesc.nameindex", a.offset + 4).record(i));
        if (a.numFrames < 0)
            return Error::atField("mdl.bad_frames", "negative frame count", "animdesc.numframes", a.offset + 16)
                .record(i)
                .entry(a.name)
                .expected(">= 0")
                .actual(std::to_string(a.numFrames));
        m.animations.push_back(std::move(a));
    }

    VESTIGE_TRY(std::uint64_t seqsAt,
                table(data, 0, h.localSeqIndex, h.numLocalSeq, kSeqDescSize, "numlocalseq", kOffNumLocalSeq, budget));
    for (std::int32_t i = 0; i < h.numLocalSeq; ++i) {
        SeqDesc s;
        s.offset = seqsAt + static_cast<std::uint64_t>(i) * kSeqDescSize;
        decodeAt<kSeqDescSize>(data, s.offset, s, seqDescFields);
        VESTIGE_TRY(s.label, name(data, s.offset, s.labelIndex, "seqdesc.szlabelindex", s.offset + 4).record(i));
        VESTIGE_TRY(s.activityName,
                    name(data, s.offset, s.activityNameIndex, "seqdesc.szactivitynameindex", s.offset + 8).record(i));
        std::uint64_t cells = 0;
        if (s.groupSize[0] < 0 || s.groupSize[1] < 0 ||
            !checkedMul(static_cast<std::uint64_t>(s.groupSize[0]), static_cast<std::uint64_t>(s.groupSize[1]),
                        cells) ||
            cells > 0x7FFFFFFF)
            return Error::atField("mdl.bad_groupsize", "blend grid size out of range", "seqdesc.groupsize",
                                  s.offset + 68)
                .record(i)
                .actual(fmt::format("{} x {}", s.groupSize[0], s.groupSize[1]));
        VESTIGE_TRY(std::uint64_t gridAt, table(data, s.offset, s.animIndexIndex, static_cast<std::int32_t>(cells), 2,
                                                "seqdesc.animindexindex", s.offset + 60, budget)
                                              .record(i));
        for (std::uint64_t c = 0; c < cells; ++c) {
            const auto v = static_cast<std::int16_t>(loadU16(data.data() + gridAt + c * 2));
            if (v < 0 || v >= h.numLocalAnim)
                return Error::atField("mdl.bad_anim_ref", "sequence refers to a missing local animation",
                                      "seqdesc.animindex", gridAt + c * 2)
                    .record(i)
                    .entry(s.label)
                    .expected(fmt::format("0..{}", h.numLocalAnim - 1))
                    .actual(std::to_string(v));
            s.animIndices.push_back(v);
        }
        m.sequences.push_back(std::move(s));
    }

    VESTIGE_TRY(std::uint64_t texAt,
                table(data, 0, h.textureIndex, h.numTextures, kTextureSize, "numtextures", kOffNumTextures, budget));
    for (std::int32_t i = 0; i < h.numTextures; ++i) {
        Texture t;
        t.offset = texAt + static_cast<std::uint64_t>(i) * kTextureSize;
        decodeAt<kTextureSize>(data, t.offset, t, textureFields);
        VESTIGE_TRY(t.name, name(data, t.offset, t.nameIndex, "texture.nameindex", t.offset).record(i));
        m.textures.push_back(std::move(t));
    }

    VESTIGE_TRY(std::uint64_t cdAt,
                table(data, 0, h.cdTextureIndex, h.numCdTextures, 4, "numcdtextures", kOffNumCdTextures, budget));
    for (std::int32_t i = 0; i < h.numCdTextures; ++i) {
        const std::uint64_t at = cdAt + static_cast<std::uint64_t>(i) * 4;
        const auto rel = static_cast<std::int32_t>(loadU32(data.data() + at));
        if (rel == 0)  // an empty search path would otherwise read as "no name"
            return Error::atField("mdl.bad_name", "cdtexture offset is 0", "cdtexture", at).record(i);
        VESTIGE_TRY(std::string dir, name(data, 0, rel, "cdtexture", at).record(i));
        m.cdTextureOffsets.push_back(rel);
        m.cdTextures.push_back(std::move(dir));
    }

    std::uint64_t skinCells = 0;
    if (h.numSkinRef < 0 || h.numSkinFamilies < 0 ||
        !checkedMul(static_cast<std::uint64_t>(h.numSkinRef), static_cast<std::uint64_t>(h.numSkinFamilies),
                    skinCells) ||
        skinCells > 0x7FFFFFFF)
        return Error::atField("mdl.bad_skin_table", "skin table size out of range", "numskinref", kOffNumSkinRef)
            .actual(fmt::format("{} x {}", h.numSkinFamilies, h.numSkinRef));
    VESTIGE_TRY(std::uint64_t skinAt, table(data, 0, h.skinIndex, static_cast<std::int32_t>(skinCells), 2, "skinindex",
                                            kOffNumSkinRef + 8, budget));
    // With no skin references there is nothing per family (and no bytes to bound the family count by).
    for (std::int32_t f = 0; f < (h.numSkinRef > 0 ? h.numSkinFamilies : 0); ++f) {
        std::vector<std::int16_t> row;
        for (std::int32_t r = 0; r < h.numSkinRef; ++r) {
            const std::uint64_t at = skinAt + (static_cast<std::uint64_t>(f) * h.numSkinRef + r) * 2;
            const auto v = static_cast<std::int16_t>(loadU16(data.data() + at));
            if (v < 0 || v >= h.numTextures)
                return Error::atField("mdl.bad_skin_ref", "skin table names a missing texture", "skin", at)
                    .record(static_cast<std::uint64_t>(f) * h.numSkinRef + r)
                    .expected(fmt::format("0..{}", h.numTextures - 1))
                    .actual(std::to_string(v));
            row.push_back(v);
        }
        m.skinFamilies.push_back(std::move(row));
    }

    VESTIGE_CHECK(readBodyParts(m, data, budget));
    for (std::size_t p = 0; p < m.bodyParts.size(); ++p)
        for (std::size_t k = 0; k < m.bodyParts[p].models.size(); ++k)
            for (std::size_t j = 0; j < m.bodyParts[p].models[k].meshes.size(); ++j) {
                const Mesh& mesh = m.bodyParts[p].models[k].meshes[j];
                if (mesh.material < 0 || (h.numSkinRef > 0 && mesh.material >= h.numSkinRef))
                    return Error::atField("mdl.bad_mesh_material", "mesh material is not a skin-table column",
                                          "mesh.material", mesh.offset)
                        .in("mesh", std::to_string(j))
                        .record(k)
                        .expected(fmt::format("0..{}", h.numSkinRef - 1))
                        .actual(std::to_string(mesh.material));
            }

    VESTIGE_TRY(std::uint64_t attAt, table(data, 0, h.localAttachmentIndex, h.numLocalAttachments, kAttachmentSize,
                                           "numlocalattachments", kOffNumAttachments, budget));
    for (std::int32_t i = 0; i < h.numLocalAttachments; ++i) {
        Attachment a;
        a.offset = attAt + static_cast<std::uint64_t>(i) * kAttachmentSize;
        decodeAt<kAttachmentSize>(data, a.offset, a, attachmentFields);
        VESTIGE_TRY(a.name, name(data, a.offset, a.nameIndex, "attachment.sznameindex", a.offset).record(i));
        if (a.localBone < 0 || a.localBone >= h.numBones)
            return Error::atField("mdl.bad_attachment_bone", "attachment bone out of range", "attachment.localbone",
                                  a.offset + 8)
                .record(i)
                .entry(a.name)
                .expected(fmt::format("0..{}", h.numBones - 1))
                .actual(std::to_string(a.localBone));
        m.attachments.push_back(std::move(a));
    }

    VESTIGE_TRY(std::uint64_t incAt, table(data, 0, h.includeModelIndex, h.numIncludeModels, kIncludeModelSize,
                                           "numincludemodels", kOffNumInclude, budget));
    for (std::int32_t i = 0; i < h.numIncludeModels; ++i) {
        IncludeModel inc;
        inc.offset = incAt + static_cast<std::uint64_t>(i) * kIncludeModelSize;
        decodeAt<kIncludeModelSize>(data, inc.offset, inc, includeModelFields);
        VESTIGE_TRY(inc.label, name(data, inc.offset, inc.labelIndex, "includemodel.labelindex", inc.offset).record(i));
        VESTIGE_TRY(inc.name,
                    name(data, inc.offset, inc.nameIndex, "includemodel.nameindex", inc.offset + 4).record(i));
        m.includeModels.push_back(std::move(inc));
    }

    VESTIGE_TRY(m.surfaceProp, name(data, 0, h.surfacePropIndex, "surfacepropindex", kOffSurfaceProp));
    VESTIGE_TRY(m.animBlockName, name(data, 0, h.animBlockNameIndex, "szanimblocknameindex", kOffAnimBlockName));

    if (h.studioHdr2Index != 0) {
        VESTIGE_TRY(std::uint64_t at,
                    table(data, 0, h.studioHdr2Index, 1, kHeader2Size, "studiohdr2index", kOffHeader2, budget));
        Header2 h2;
        h2.offset = at;
        decodeAt<kHeader2Size>(data, at, h2, header2Fields);
        VESTIGE_TRY(h2.name, name(data, at, h2.nameIndex, "studiohdr2.sznameindex", at + 20));
        m.header2 = std::move(h2);
    }

    m.raw.assign(data.begin(), data.end());
    return m;
}

}  // namespace vestige::source::mdl
