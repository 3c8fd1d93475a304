// Builder: computes every table's place first, then fills the decoded structs (Mdl/Vtx) over a zeroed byte
// image and lets the writers encode them, so built files go through the same field lists as read files.
//
//   .mdl: header | studiohdr2 | bones | hitbox set + hitboxes | animdescs |
//         track lists | seqdescs + anim grids + bone weight lists | body parts | models | meshes | attachments |
//         textures | cdtexture offsets | skin table | bone-by-name table | strings
//   .vvd: header | vertices | tangents          (numLODs 1, no fixups)
//   .vtx: header | body parts | models | LODs | meshes | strip groups | strips | vertices | indices |
//         material replacement list (empty)
#include "vestige/source/mdl/builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "vestige/source/mdl/mdl.hpp"
#include "vestige/source/mdl/vtx.hpp"
#include "vestige/source/mdl/vvd.hpp"

namespace vestige::source::mdl {

namespace {

class Strings {
public:
    void add(const std::string& s) {
        if (!mAt.count(s)) {
            mAt[s] = 0;
            mOrder.push_back(s);
        }
    }
    // Assigns absolute offsets from `start`; returns the end.
    std::uint64_t place(std::uint64_t start) {
        for (const auto& s : mOrder) {
            mAt[s] = start;
            start += s.size() + 1;
        }
        return start;
    }
    std::int32_t rel(const std::string& s, std::uint64_t base) const {
        if (s.empty()) return 0;
        return static_cast<std::int32_t>(static_cast<std::int64_t>(mAt.at(s)) - static_cast<std::int64_t>(base));
    }
    void write(Bytes& out) const {
        for (const auto& s : mOrder)
            std::copy(s.begin(), s.end(), out.begin() + static_cast<std::ptrdiff_t>(mAt.at(s)));
    }

private:
    std::map<std::string, std::uint64_t> mAt;
    std::vector<std::string> mOrder;
};

std::uint64_t align4(std::uint64_t v) { return (v + 3) & ~std::uint64_t{3}; }

void put32(Bytes& out, std::uint64_t at, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) out[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

template <std::size_t N>
Status fixedName(std::array<std::uint8_t, N>& dst, const std::string& s, const char* what) {
    if (s.size() >= N)
        return Error("mdl.build_name", fmt::format("{} name is too long", what))
            .expected(fmt::format("< {} bytes", N))
            .actual(std::to_string(s.size()));
    std::fill(dst.begin(), dst.end(), 0);
    std::copy(s.begin(), s.end(), dst.begin());
    return {};
}

std::array<float, 12> rows3x4(const Mat4& m) {
    std::array<float, 12> r{};
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 4; ++col) r[static_cast<std::size_t>(row * 4 + col)] = m.m[col][row];
    return r;
}

}  // namespace

Quat quatFromRadianEuler(Vec3 a) {
    const float sx = std::sin(a.x * 0.5f), cx = std::cos(a.x * 0.5f);
    const float sy = std::sin(a.y * 0.5f), cy = std::cos(a.y * 0.5f);
    const float sz = std::sin(a.z * 0.5f), cz = std::cos(a.z * 0.5f);
    return {sx * cy * cz - cx * sy * sz, cx * sy * cz + sx * cy * sz, cx * cy * sz - sx * sy * cz,
            cx * cy * cz + sx * sy * sz};
}

Result<BuiltModel> buildModel(const BuildSpec& spec) {
    const auto nBones = spec.bones.size();
    if (nBones == 0 || nBones > 127)
        return Error("mdl.build_bones", "a model needs 1..127 bones").actual(std::to_string(nBones));
    for (std::size_t i = 0; i < nBones; ++i)
        if (spec.bones[i].parent < -1 || spec.bones[i].parent >= static_cast<int>(i))
            return Error("mdl.build_bones", "bone parent must be -1 or an earlier bone").record(i);
    const std::size_t nTex = spec.textures.size();
    std::vector<std::vector<std::int16_t>> skins = spec.skinFamilies;
    if (skins.empty()) {
        skins.emplace_back(nTex);
        std::iota(skins[0].begin(), skins[0].end(), std::int16_t{0});
    }
    const std::size_t nSkinRef = skins[0].size();
    for (const auto& row : skins)
        if (row.size() != nSkinRef) return Error("mdl.build_skins", "skin families must have equal widths");

    // ---- world bind pose ----
    std::vector<Mat4> world(nBones);
    for (std::size_t i = 0; i < nBones; ++i) {
        const auto& b = spec.bones[i];
        const Mat4 local = Mat4::fromTRS(b.pos, quatFromRadianEuler(b.rot));
        world[i] = b.parent < 0 ? local : world[static_cast<std::size_t>(b.parent)] * local;
    }

    // ---- .mdl layout ----
    Strings str;
    str.add(spec.name);
    for (const auto& b : spec.bones) str.add(b.name);
    str.add(spec.surfaceProp);
    str.add("default");
    for (const auto& s : spec.sequences) {
        str.add(s.label);
        str.add(s.activity);
        str.add("@" + s.label);
    }
    for (const auto& p : spec.bodyParts) str.add(p.name);
    for (const auto& a : spec.attachments) str.add(a.name);
    for (const auto& t : spec.textures) str.add(t);
    for (const auto& d : spec.cdTextures) str.add(d);

    Mdl m;
    auto& h = m.header;
    h.version = spec.version;
    h.checksum = spec.checksum;
    VESTIGE_CHECK(fixedName(h.name, spec.name, "model"));
    std::uint64_t at = kHeaderSize;
    std::uint64_t header2At = 0;
    if (spec.header2) {
        header2At = at;
        at += kHeader2Size;
    }
    const std::uint64_t bonesAt = at;
    at += nBones * kBoneSize;
    const std::uint64_t setAt = at;
    at += kHitboxSetSize;
    const std::uint64_t boxesAt = at;
    at += nBones * kHitboxSize;
    const std::size_t nSeq = spec.sequences.size();
    const std::uint64_t animsAt = at;
    at += nSeq * kAnimDescSize;
    std::vector<std::uint64_t> tracksAt;
    for (const auto& s : spec.sequences) {
        tracksAt.push_back(at);
        at = align4(at + std::max<std::size_t>(4, s.animData.size()));
    }
    const std::uint64_t seqsAt = at;
    at += nSeq * kSeqDescSize;
    const std::uint64_t gridsAt = at;
    at = align4(at + nSeq * 2);
    const std::uint64_t weightsAt = at;
    at += nSeq * nBones * 4;
    const std::uint64_t partsAt = at;
    at += spec.bodyParts.size() * kBodyPartSize;
    std::vector<std::uint64_t> modelsAt, meshesAt;
    for (const auto& p : spec.bodyParts) {
        modelsAt.push_back(at);
        at += p.models.size() * kModelSize;
    }
    for (const auto& p : spec.bodyParts)
        for (const auto& mo : p.models) {
            meshesAt.push_back(at);
            at += mo.meshes.size() * kMeshSize;
        }
    const std::uint64_t attAt = at;
    at += spec.attachments.size() * kAttachmentSize;
    const std::uint64_t texAt = at;
    at += nTex * kTextureSize;
    const std::uint64_t cdAt = at;
    at += spec.cdTextures.size() * 4;
    const std::uint64_t skinAt = at;
    at = align4(at + skins.size() * nSkinRef * 2);
    const std::uint64_t byNameAt = at;
    at = align4(at + nBones);
    const std::uint64_t total = str.place(at);

    m.raw.assign(total, 0);
    str.write(m.raw);
    h.length = static_cast<std::int32_t>(total);
    h.numBones = static_cast<std::int32_t>(nBones);
    h.boneIndex = static_cast<std::int32_t>(bonesAt);
    h.numHitboxSets = 1;
    h.hitboxSetIndex = static_cast<std::int32_t>(setAt);
    h.numLocalAnim = h.numLocalSeq = static_cast<std::int32_t>(nSeq);
    h.localAnimIndex = static_cast<std::int32_t>(animsAt);
    h.localSeqIndex = static_cast<std::int32_t>(seqsAt);
    h.numTextures = static_cast<std::int32_t>(nTex);
    h.textureIndex = static_cast<std::int32_t>(texAt);
    h.numCdTextures = static_cast<std::int32_t>(spec.cdTextures.size());
    h.cdTextureIndex = static_cast<std::int32_t>(cdAt);
    h.numSkinRef = static_cast<std::int32_t>(nSkinRef);
    h.numSkinFamilies = static_cast<std::int32_t>(skins.size());
    h.skinIndex = static_cast<std::int32_t>(skinAt);
    h.numBodyParts = static_cast<std::int32_t>(spec.bodyParts.size());
    h.bodyPartIndex = static_cast<std::int32_t>(partsAt);
    h.numLocalAttachments = static_cast<std::int32_t>(spec.attachments.size());
    h.localAttachmentIndex = static_cast<std::int32_t>(attAt);
    h.surfacePropIndex = str.rel(spec.surfaceProp, 0);
    h.mass = 10.0f;
    h.contents = 1;  // CONTENTS_SOLID
    h.boneTableByNameIndex = static_cast<std::int32_t>(byNameAt);
    h.constDirectionalLightDot = 0;
    h.numAllowedRootLods = 0;

    if (spec.header2) {
        Header2 h2;
        h2.offset = header2At;
        h2.maxEyeDeflection = 0.866f;  // cos(30 degrees), the engine's default
        h2.nameIndex = str.rel(spec.name, header2At);
        h.studioHdr2Index = static_cast<std::int32_t>(header2At);
        m.header2 = h2;
    }

    for (std::size_t i = 0; i < nBones; ++i) {
        const auto& sb = spec.bones[i];
        Bone b;
        b.offset = bonesAt + i * kBoneSize;
        b.nameIndex = str.rel(sb.name, b.offset);
        b.parent = sb.parent;
        b.boneController.fill(-1);
        b.pos = sb.pos;
        b.quat = quatFromRadianEuler(sb.rot);
        b.rot = sb.rot;
        b.posScale = {1.0f / 1024, 1.0f / 1024, 1.0f / 1024};
        b.rotScale = {kPi / 32768, kPi / 32768, kPi / 32768};
        Mat4 inv;
        if (!world[i].inverse(inv)) return Error("mdl.build_bones", "singular bind pose").record(i);
        b.poseToBone = rows3x4(inv);
        b.alignment = Quat{};
        b.surfacePropIndex = str.rel(spec.surfaceProp, b.offset);
        b.contents = 1;
        m.bones.push_back(std::move(b));
    }
    // Bones sorted by name, for the engine's name lookup.
    std::vector<std::uint8_t> byName(nBones);
    std::iota(byName.begin(), byName.end(), std::uint8_t{0});
    std::stable_sort(byName.begin(), byName.end(),
                     [&](std::uint8_t a, std::uint8_t b) { return spec.bones[a].name < spec.bones[b].name; });
    std::copy(byName.begin(), byName.end(), m.raw.begin() + static_cast<std::ptrdiff_t>(byNameAt));

    HitboxSet set;
    set.offset = setAt;
    set.nameIndex = str.rel("default", setAt);
    set.numHitboxes = static_cast<std::int32_t>(nBones);
    set.hitboxIndex = static_cast<std::int32_t>(boxesAt - setAt);
    for (std::size_t i = 0; i < nBones; ++i) {
        Hitbox box;
        box.offset = boxesAt + i * kHitboxSize;
        box.bone = static_cast<std::int32_t>(i);
        box.bbMin = {-2, -2, -2};
        box.bbMax = {2, 2, 2};
        set.hitboxes.push_back(box);
    }
    m.hitboxSets.push_back(std::move(set));

    for (std::size_t i = 0; i < nSeq; ++i) {
        const auto& s = spec.sequences[i];
        AnimDesc a;
        a.offset = animsAt + i * kAnimDescSize;
        a.basePtr = -static_cast<std::int32_t>(a.offset);
        a.nameIndex = str.rel("@" + s.label, a.offset);
        a.fps = s.fps;
        a.flags = s.flags & 1;
        a.numFrames = s.frames;
        a.animIndex = static_cast<std::int32_t>(tracksAt[i] - a.offset);
        std::copy(s.animData.begin(), s.animData.end(), m.raw.begin() + static_cast<std::ptrdiff_t>(tracksAt[i]));
        m.animations.push_back(std::move(a));

        SeqDesc q;
        q.offset = seqsAt + i * kSeqDescSize;
        q.basePtr = -static_cast<std::int32_t>(q.offset);
        q.labelIndex = str.rel(s.label, q.offset);
        q.activityNameIndex = str.rel(s.activity, q.offset);
        q.flags = s.flags;
        q.activity = -1;
        q.numBlends = 1;
        q.animIndexIndex = static_cast<std::int32_t>(gridsAt + i * 2 - q.offset);
        q.groupSize = {1, 1};
        q.paramIndex = {-1, -1};
        q.paramEnd = {1, 1};
        q.fadeInTime = q.fadeOutTime = 0.2f;
        q.weightListIndex = static_cast<std::int32_t>(weightsAt + i * nBones * 4 - q.offset);
        q.animIndices = {static_cast<std::int16_t>(i)};
        for (std::size_t b = 0; b < nBones; ++b) put32(m.raw, weightsAt + (i * nBones + b) * 4, 0x3F800000u);  // 1.0f
        m.sequences.push_back(std::move(q));
    }

    // ---- vertices (shared numbering for .vvd, .mdl model/mesh ranges and .vtx) ----
    std::vector<BuildVertex> allVerts;
    std::size_t modelSlot = 0;
    for (std::size_t p = 0; p < spec.bodyParts.size(); ++p) {
        const auto& sp = spec.bodyParts[p];
        BodyPart part;
        part.offset = partsAt + p * kBodyPartSize;
        part.nameIndex = str.rel(sp.name, part.offset);
        part.numModels = static_cast<std::int32_t>(sp.models.size());
        part.base = 1;
        for (std::size_t q = 0; q < p; ++q)
            part.base *= static_cast<std::int32_t>(std::max<std::size_t>(1, spec.bodyParts[q].models.size()));
        part.modelIndex = static_cast<std::int32_t>(modelsAt[p] - part.offset);
        for (std::size_t k = 0; k < sp.models.size(); ++k, ++modelSlot) {
            const auto& smo = sp.models[k];
            Model model;
            model.offset = modelsAt[p] + k * kModelSize;
            VESTIGE_CHECK(fixedName(model.name, smo.name, "model"));
            model.numMeshes = static_cast<std::int32_t>(smo.meshes.size());
            model.meshIndex = static_cast<std::int32_t>(meshesAt[modelSlot] - model.offset);
            model.vertexIndex = static_cast<std::int32_t>(allVerts.size() * kVvdVertexSize);
            model.tangentsIndex = static_cast<std::int32_t>(allVerts.size() * kVvdTangentSize);
            std::int32_t offset = 0;
            float radius = 0;
            for (std::size_t j = 0; j < smo.meshes.size(); ++j) {
                const auto& sm = smo.meshes[j];
                if (sm.material < 0 || static_cast<std::size_t>(sm.material) >= nSkinRef)
                    return Error("mdl.build_material", "mesh material is not a skin-table column").record(j);
                if (sm.triangles.size() % 3 != 0) return Error("mdl.build_triangles", "triangle list length").record(j);
                for (auto t : sm.triangles)
                    if (t >= sm.vertices.size())
                        return Error("mdl.build_triangles", "index past the mesh vertices").record(j);
                Mesh mesh;
                mesh.offset = meshesAt[modelSlot] + j * kMeshSize;
                mesh.material = sm.material;
                mesh.modelIndex = static_cast<std::int32_t>(static_cast<std::int64_t>(model.offset) -
                                                            static_cast<std::int64_t>(mesh.offset));
                mesh.numVertices = static_cast<std::int32_t>(sm.vertices.size());
                mesh.vertexOffset = offset;
                mesh.meshId = static_cast<std::int32_t>(j);
                Vec3 c{};
                for (const auto& v : sm.vertices) {
                    c += v.pos;
                    radius = std::max(radius, length(v.pos));
                    allVerts.push_back(v);
                }
                if (!sm.vertices.empty()) c = c / static_cast<float>(sm.vertices.size());
                mesh.center = c;
                mesh.numLodVertexes.fill(mesh.numVertices);
                offset += mesh.numVertices;
                model.meshes.push_back(mesh);
            }
            model.numVertices = offset;
            model.boundingRadius = radius;
            part.models.push_back(std::move(model));
        }
        m.bodyParts.push_back(std::move(part));
    }
    Aabb bounds;
    for (const auto& v : allVerts) bounds.expand(v.pos);
    if (bounds.isEmpty()) bounds = Aabb::fromPoint({});
    h.hullMin = h.viewBbMin = bounds.min;
    h.hullMax = h.viewBbMax = bounds.max;
    h.eyePosition = {0, 0, bounds.max.z};
    h.illumPosition = bounds.center();

    for (std::size_t i = 0; i < spec.attachments.size(); ++i) {
        Attachment a;
        a.offset = attAt + i * kAttachmentSize;
        a.nameIndex = str.rel(spec.attachments[i].name, a.offset);
        a.localBone = spec.attachments[i].bone;
        a.local = {1, 0, 0, spec.attachments[i].offset.x, 0, 1, 0, spec.attachments[i].offset.y,
                   0, 0, 1, spec.attachments[i].offset.z};
        m.attachments.push_back(std::move(a));
    }
    for (std::size_t i = 0; i < nTex; ++i) {
        Texture t;
        t.offset = texAt + i * kTextureSize;
        t.nameIndex = str.rel(spec.textures[i], t.offset);
        m.textures.push_back(std::move(t));
    }
    for (const auto& d : spec.cdTextures) m.cdTextureOffsets.push_back(str.rel(d, 0));
    m.skinFamilies = skins;
    // An empty track list stays zero: {bone 0, flags 0, nextoffset 0}, one track with no data (rest pose).
    VESTIGE_TRY(Bytes mdlBytes, writeMdl(m));

    // ---- .vvd ----
    BuiltModel out;
    out.mdl = std::move(mdlBytes);
    {
        const auto n = allVerts.size();
        ByteWriter w;
        w.u32(kVvdIdent);
        w.i32(kVvdVersion);
        w.i32(spec.checksum);
        w.i32(1);
        for (int l = 0; l < kMaxLods; ++l) w.i32(static_cast<std::int32_t>(n));
        w.i32(0);
        w.i32(static_cast<std::int32_t>(kVvdHeaderSize));
        w.i32(static_cast<std::int32_t>(kVvdHeaderSize));
        w.i32(static_cast<std::int32_t>(kVvdHeaderSize + n * kVvdVertexSize));
        for (const auto& v : allVerts) {
            for (float f : v.weights) w.f32(f);
            for (auto b : v.bones) w.i8(b);
            w.u8(v.numBones);
            for (float f : {v.pos.x, v.pos.y, v.pos.z, v.normal.x, v.normal.y, v.normal.z, v.uv.x, v.uv.y}) w.f32(f);
        }
        for (const auto& v : allVerts)
            for (float f : {v.tangent.x, v.tangent.y, v.tangent.z, v.tangent.w}) w.f32(f);
        out.vvd = w.take();
    }

    // ---- .vtx ----
    {
        Vtx x;
        x.header.checksum = spec.checksum;
        x.header.numLods = 1;
        x.header.numBodyParts = static_cast<std::int32_t>(spec.bodyParts.size());
        std::uint64_t vat = kVtxHeaderSize;
        const std::uint64_t vPartsAt = vat;
        vat += spec.bodyParts.size() * kVtxBodyPartSize;
        x.header.bodyPartOffset = static_cast<std::int32_t>(vPartsAt);
        // First pass: places. Models, LODs, meshes, groups and strips each get a contiguous run.
        std::size_t nModels = 0, nMeshes = 0, nVerts = 0, nIdx = 0;
        for (const auto& p : spec.bodyParts)
            for (const auto& mo : p.models) {
                ++nModels;
                nMeshes += mo.meshes.size();
                for (const auto& me : mo.meshes) {
                    nVerts += me.vertices.size();
                    nIdx += me.triangles.size();
                }
            }
        const std::uint64_t vModelsAt = vat;
        vat += nModels * kVtxModelSize;
        const std::uint64_t vLodsAt = vat;
        vat += nModels * kVtxLodSize;
        const std::uint64_t vMeshesAt = vat;
        vat += nMeshes * kVtxMeshSize;
        const std::uint64_t vGroupsAt = vat;
        vat += nMeshes * kVtxStripGroupSize;
        const std::uint64_t vStripsAt = vat;
        vat += nMeshes * kVtxStripSize;
        const std::uint64_t vVertsAt = vat;
        vat += nVerts * kVtxVertexSize;
        const std::uint64_t vIdxAt = vat;
        vat += nIdx * 2;
        const std::uint64_t vListAt = vat;
        vat += kVtxMaterialListSize;
        x.header.materialReplacementListOffset = static_cast<std::int32_t>(vListAt);
        x.raw.assign(vat, 0);
        std::size_t modelI = 0, meshI = 0, vertI = 0, idxI = 0;
        for (std::size_t p = 0; p < spec.bodyParts.size(); ++p) {
            VtxBodyPart part;
            part.offset = vPartsAt + p * kVtxBodyPartSize;
            part.numModels = static_cast<std::int32_t>(spec.bodyParts[p].models.size());
            part.modelOffset = static_cast<std::int32_t>(vModelsAt + modelI * kVtxModelSize - part.offset);
            for (const auto& smo : spec.bodyParts[p].models) {
                VtxModel model;
                model.offset = vModelsAt + modelI * kVtxModelSize;
                model.numLods = 1;
                model.lodOffset = static_cast<std::int32_t>(vLodsAt + modelI * kVtxLodSize - model.offset);
                VtxLod lod;
                lod.offset = vLodsAt + modelI * kVtxLodSize;
                lod.numMeshes = static_cast<std::int32_t>(smo.meshes.size());
                lod.meshOffset = static_cast<std::int32_t>(vMeshesAt + meshI * kVtxMeshSize - lod.offset);
                for (const auto& sm : smo.meshes) {
                    VtxMesh mesh;
                    mesh.offset = vMeshesAt + meshI * kVtxMeshSize;
                    mesh.numStripGroups = 1;
                    mesh.stripGroupOffset =
                        static_cast<std::int32_t>(vGroupsAt + meshI * kVtxStripGroupSize - mesh.offset);
                    VtxStripGroup g;
                    g.offset = vGroupsAt + meshI * kVtxStripGroupSize;
                    g.numVerts = static_cast<std::int32_t>(sm.vertices.size());
                    g.vertOffset = static_cast<std::int32_t>(vVertsAt + vertI * kVtxVertexSize - g.offset);
                    g.numIndices = static_cast<std::int32_t>(sm.triangles.size());
                    g.indexOffset = static_cast<std::int32_t>(vIdxAt + idxI * 2 - g.offset);
                    g.numStrips = 1;
                    g.stripOffset = static_cast<std::int32_t>(vStripsAt + meshI * kVtxStripSize - g.offset);
                    g.flags = 0x02;  // hardware skinned
                    std::vector<bool> used(nBones, false);
                    for (std::size_t i = 0; i < sm.vertices.size(); ++i) {
                        const auto& bv = sm.vertices[i];
                        VtxVertex v;
                        v.numBones = bv.numBones;
                        v.origMeshVertId = static_cast<std::uint16_t>(i);
                        for (int k = 0; k < 3; ++k) {
                            v.boneWeightIndex[k] = static_cast<std::uint8_t>(k);
                            v.boneId[k] = k < bv.numBones ? bv.bones[k] : 0;
                            if (k < bv.numBones && bv.bones[k] >= 0 && static_cast<std::size_t>(bv.bones[k]) < nBones)
                                used[static_cast<std::size_t>(bv.bones[k])] = true;
                        }
                        g.vertices.push_back(v);
                    }
                    g.indices = sm.triangles;
                    VtxStrip s;
                    s.offset = vStripsAt + meshI * kVtxStripSize;
                    s.numIndices = g.numIndices;
                    s.numVerts = g.numVerts;
                    s.numBones = static_cast<std::int16_t>(std::count(used.begin(), used.end(), true));
                    s.flags = strip_flag::kTriList;
                    g.strips.push_back(s);
                    vertI += sm.vertices.size();
                    idxI += sm.triangles.size();
                    mesh.stripGroups.push_back(std::move(g));
                    lod.meshes.push_back(std::move(mesh));
                    ++meshI;
                }
                model.lods.push_back(std::move(lod));
                part.models.push_back(std::move(model));
                ++modelI;
            }
            x.bodyParts.push_back(std::move(part));
        }
        VtxMaterialReplacementList list;
        list.offset = vListAt;
        x.materialReplacements.push_back(list);
        VESTIGE_TRY(out.vtx, writeVtx(x));
    }
    return out;
}

BuildSpec sampleSpec() {
    BuildSpec s;
    s.name = "vestige/studio_demo.mdl";
    s.bones = {{"root", -1, {0, 0, 0}, {0, 0, 0}}, {"tip", 0, {0, 0, 16}, {0, 0, kPi / 2}}};
    s.cdTextures = {"models/vestige/"};
    s.textures = {"body", "stripe"};
    s.skinFamilies = {{0, 1}, {1, 0}};
    s.sequences = {{"idle", "ACT_IDLE", 30, 1, 1, {}}, {"bend", "ACT_VM_IDLE", 15, 10, 0, {}}};
    // "bend": tip turns about its X axis from its rest pose to +45 degrees over 10 frames (ANIMROT, one RLE run
    // of 10 values on the X channel; raw * rotscale = raw * pi/32768).
    ByteWriter bend;
    bend.u8(1);
    bend.u8(0x08);  // ANIMROT
    bend.i16(0);
    bend.i16(6);  // X channel: RLE right after the 6-byte value pointer
    bend.i16(0);
    bend.i16(0);
    bend.u8(10);
    bend.u8(10);
    for (int f = 0; f < 10; ++f) bend.i16(static_cast<std::int16_t>((8192 * f + 4) / 9));
    s.sequences[1].animData = bend.take();
    s.attachments = {{"top", 1, {0, 0, 16}}};
    // A square tube of half-width 4: rings at z = 0, 16, 32; the lower segment is mesh 0 ("body"), the upper
    // segment mesh 1 ("stripe"). Ring 0 follows root, ring 1 is split 50/50, ring 2 follows tip.
    const Vec3 corners[4] = {{4, 4, 0}, {-4, 4, 0}, {-4, -4, 0}, {4, -4, 0}};
    auto ring = [&](float z, std::array<float, 3> w, std::array<std::int8_t, 3> b, std::uint8_t n,
                    std::vector<BuildVertex>& out) {
        for (int i = 0; i < 4; ++i) {
            BuildVertex v;
            v.pos = {corners[i].x, corners[i].y, z};
            v.normal = normalize(Vec3{corners[i].x, corners[i].y, 0});
            v.uv = {static_cast<float>(i) / 4.0f, 1.0f - z / 32.0f};
            v.weights = w;
            v.bones = b;
            v.numBones = n;
            out.push_back(v);
        }
    };
    BuildModel model;
    model.name = "tube";
    for (int seg = 0; seg < 2; ++seg) {
        BuildMesh mesh;
        mesh.material = seg;
        const float z0 = 16.0f * static_cast<float>(seg), z1 = z0 + 16.0f;
        if (seg == 0)
            ring(z0, {1, 0, 0}, {0, 0, 0}, 1, mesh.vertices);
        else
            ring(z0, {0.5f, 0.5f, 0}, {0, 1, 0}, 2, mesh.vertices);
        if (seg == 0)
            ring(z1, {0.5f, 0.5f, 0}, {0, 1, 0}, 2, mesh.vertices);
        else
            ring(z1, {1, 0, 0}, {1, 0, 0}, 1, mesh.vertices);
        for (std::uint16_t i = 0; i < 4; ++i) {
            const std::uint16_t a = i, b = static_cast<std::uint16_t>((i + 1) % 4),
                                c = static_cast<std::uint16_t>(b + 4), d = static_cast<std::uint16_t>(a + 4);
            // Clockwise seen from outside (Source's front face): a, d, c and a, c, b.
            mesh.triangles.insert(mesh.triangles.end(), {a, d, c, a, c, b});
        }
        model.meshes.push_back(std::move(mesh));
    }
    s.bodyParts = {{"body", {std::move(model)}}};
    return s;
}

}  // namespace vestige::source::mdl
