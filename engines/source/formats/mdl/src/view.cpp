// Interpreted view: sibling checks, LOD triangle lists resolved through VTX -> VVD, bind pose.
#include "vestige/source/mdl/view.hpp"

#include <fmt/format.h>

#include <map>

namespace vestige::source::mdl {

namespace {

Mat4 fromRows3x4(const std::array<float, 12>& r) {
    Mat4 m;
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 4; ++col) m.m[col][row] = r[static_cast<std::size_t>(row * 4 + col)];
    return m;
}

Error siblingError(std::string code, std::string message, const std::string& a, const std::string& b) {
    Error e(std::move(code), std::move(message));
    e.file(a + " / " + b);
    return e;
}

}  // namespace

Status checkSiblings(const StudioFiles& f) {
    auto checksum = [&](const std::string& other, std::int32_t value, std::uint64_t at) -> Status {
        if (value == f.mdl.header.checksum) return {};
        return Error::atField("mdl.checksum_mismatch",
                              fmt::format("{} does not belong to {}: checksums differ", other, f.mdlName), "checksum",
                              at)
            .file(other)
            .expected(fmt::format("{} checksum {} (0x{:08X})", f.mdlName, f.mdl.header.checksum,
                                  static_cast<std::uint32_t>(f.mdl.header.checksum)))
            .actual(fmt::format("{} checksum {} (0x{:08X})", other, value, static_cast<std::uint32_t>(value)));
    };
    VESTIGE_CHECK(checksum(f.vvdName, f.vvd.header.checksum, 8));
    VESTIGE_CHECK(checksum(f.vtxName, f.vtx.header.checksum, 16));
    if (f.vtx.bodyParts.size() != f.mdl.bodyParts.size())
        return siblingError("mdl.sibling_mismatch", "body part counts differ", f.mdlName, f.vtxName)
            .field("numbodyparts")
            .expected(std::to_string(f.mdl.bodyParts.size()))
            .actual(std::to_string(f.vtx.bodyParts.size()));
    for (std::size_t p = 0; p < f.mdl.bodyParts.size(); ++p) {
        const auto& mp = f.mdl.bodyParts[p];
        const auto& xp = f.vtx.bodyParts[p];
        if (mp.models.size() != xp.models.size())
            return siblingError("mdl.sibling_mismatch", "model counts differ", f.mdlName, f.vtxName)
                .in("bodypart", std::to_string(p))
                .field("nummodels")
                .expected(std::to_string(mp.models.size()))
                .actual(std::to_string(xp.models.size()));
        for (std::size_t k = 0; k < mp.models.size(); ++k) {
            const auto& mm = mp.models[k];
            for (std::size_t l = 0; l < xp.models[k].lods.size(); ++l)
                if (xp.models[k].lods[l].meshes.size() != mm.meshes.size())
                    return siblingError("mdl.sibling_mismatch", "mesh counts differ", f.mdlName, f.vtxName)
                        .in("lod", std::to_string(l))
                        .in("model", std::to_string(k))
                        .in("bodypart", std::to_string(p))
                        .field("nummeshes")
                        .expected(std::to_string(mm.meshes.size()))
                        .actual(std::to_string(xp.models[k].lods[l].meshes.size()));
            const std::uint64_t first = static_cast<std::uint64_t>(mm.vertexIndex) / kVvdVertexSize;
            if (first + static_cast<std::uint64_t>(mm.numVertices) > f.vvd.vertices.size())
                return siblingError("mdl.sibling_mismatch", "model vertex range runs past the VVD vertices", f.mdlName,
                                    f.vvdName)
                    .in("model", std::to_string(k))
                    .in("bodypart", std::to_string(p))
                    .field("model.vertexindex")
                    .at(mm.offset + 84)
                    .expected(fmt::format("<= {} vertices", f.vvd.vertices.size()))
                    .actual(fmt::format("{} + {}", first, mm.numVertices));
        }
    }
    return {};
}

Result<StudioFiles> readStudio(ByteView mdl, ByteView vvd, ByteView vtx, std::string mdlName, std::string vvdName,
                               std::string vtxName) {
    StudioFiles f;
    f.mdlName = std::move(mdlName);
    f.vvdName = std::move(vvdName);
    f.vtxName = std::move(vtxName);
    VESTIGE_TRY(f.mdl, readMdl(mdl).file(f.mdlName));
    VESTIGE_TRY(f.vvd, readVvd(vvd).file(f.vvdName));
    VESTIGE_TRY(f.vtx, readVtx(vtx).file(f.vtxName));
    VESTIGE_CHECK(checkSiblings(f));
    return f;
}

Result<ModelView> buildView(const StudioFiles& f, const ViewOptions& options) {
    // The walk below indexes the .vtx tree by the .mdl's counts; files assembled by hand get the same checks.
    VESTIGE_CHECK(checkSiblings(f));
    if (options.body < 0)
        return Error("mdl.bad_body", "body-group value must be >= 0").actual(std::to_string(options.body));
    ModelView view;
    for (std::size_t i = 0; i < f.mdl.bones.size(); ++i) {
        const Bone& b = f.mdl.bones[i];
        ViewBone vb;
        vb.name = b.name;
        vb.parent = b.parent;
        vb.pos = b.pos;
        vb.quat = b.quat;
        const Mat4 local = Mat4::fromTRS(b.pos, normalize(b.quat));
        vb.bindWorld = b.parent < 0 ? local : view.bones[static_cast<std::size_t>(b.parent)].bindWorld * local;
        vb.poseToBone = fromRows3x4(b.poseToBone);
        view.bones.push_back(std::move(vb));
    }
    if (options.lod < 0 || options.lod >= f.vvd.header.numLods)
        return Error("mdl.bad_lod", "LOD not in the vertex file")
            .file(f.vvdName)
            .expected(fmt::format("0..{}", f.vvd.header.numLods - 1))
            .actual(std::to_string(options.lod));
    VESTIGE_TRY(const std::vector<std::uint32_t> lodIds, lodVertexIds(f.vvd, options.lod).file(f.vvdName));
    const auto numBones = static_cast<int>(f.mdl.bones.size());

    for (std::size_t p = 0; p < f.mdl.bodyParts.size(); ++p) {
        const BodyPart& part = f.mdl.bodyParts[p];
        if (part.models.empty()) continue;
        const auto k = static_cast<std::size_t>((options.body / part.base) % part.numModels);
        const Model& model = part.models[k];
        const VtxModel& xmodel = f.vtx.bodyParts[p].models[k];
        if (options.lod >= static_cast<int>(xmodel.lods.size()))
            return Error("mdl.bad_lod", "LOD not in the optimized model")
                .file(f.vtxName)
                .in("model", std::to_string(k))
                .in("bodypart", std::to_string(p))
                .expected(fmt::format("0..{}", static_cast<int>(xmodel.lods.size()) - 1))
                .actual(std::to_string(options.lod));
        const VtxLod& xlod = xmodel.lods[static_cast<std::size_t>(options.lod)];
        const std::uint64_t first = static_cast<std::uint64_t>(model.vertexIndex) / kVvdVertexSize;
        for (std::size_t j = 0; j < model.meshes.size(); ++j) {
            const Mesh& mesh = model.meshes[j];
            ViewMesh vm;
            vm.bodyPart = static_cast<int>(p);
            vm.model = static_cast<int>(k);
            vm.mesh = static_cast<int>(j);
            vm.material = mesh.material;
            if (!f.mdl.skinFamilies.empty() && mesh.material >= 0 &&
                static_cast<std::size_t>(mesh.material) < f.mdl.skinFamilies[0].size())
                vm.materialName = f.mdl
                                      .textures[static_cast<std::size_t>(
                                          f.mdl.skinFamilies[0][static_cast<std::size_t>(mesh.material)])]
                                      .name;
            std::map<std::uint32_t, std::uint32_t> local;  // LOD vertex slot -> index in vm.vertices
            auto where = [&](Error e) {
                return e.in("mesh", std::to_string(j)).in("model", std::to_string(k)).in("bodypart", std::to_string(p));
            };
            auto vertex = [&](const VtxStripGroup& g, std::uint16_t index) -> Result<std::uint32_t> {
                const VtxVertex& gv = g.vertices[index];
                const std::uint64_t slot = first + static_cast<std::uint64_t>(mesh.vertexOffset) + gv.origMeshVertId;
                if (slot >= lodIds.size())
                    return where(
                        Error::atField("mdl.bad_vertex_ref", "strip vertex resolves past the LOD's vertices",
                                       "origMeshVertID",
                                       g.offset + static_cast<std::uint64_t>(g.vertOffset) + index * kVtxVertexSize + 4)
                            .file(f.vtxName)
                            .expected(fmt::format("< {}", lodIds.size()))
                            .actual(fmt::format("{} + {} + {}", first, mesh.vertexOffset, gv.origMeshVertId)));
                const auto key = static_cast<std::uint32_t>(slot);
                if (auto it = local.find(key); it != local.end()) return it->second;
                const std::uint32_t id = lodIds[key];
                const VvdVertex& src = f.vvd.vertices[id];
                ViewVertex v;
                v.pos = src.pos;
                v.normal = src.normal;
                v.uv = src.uv;
                v.numBones = src.numBones;
                v.vvdIndex = id;
                for (int b = 0; b < 3; ++b) {
                    v.weights[static_cast<std::size_t>(b)] =
                        b < src.numBones ? src.weights[static_cast<std::size_t>(b)] : 0.0f;
                    v.bones[static_cast<std::size_t>(b)] =
                        b < src.numBones ? src.bones[static_cast<std::size_t>(b)] : 0;
                    if (b < src.numBones &&
                        (v.bones[static_cast<std::size_t>(b)] < 0 || v.bones[static_cast<std::size_t>(b)] >= numBones))
                        return Error::atField(
                                   "mdl.bad_vertex_bone", "vertex weight names a missing bone", "vertex.bone",
                                   static_cast<std::uint64_t>(f.vvd.header.vertexDataStart) +
                                       std::uint64_t{id} * kVvdVertexSize + 12 + static_cast<std::uint64_t>(b))
                            .file(f.vvdName)
                            .record(id)
                            .expected(fmt::format("0..{}", numBones - 1))
                            .actual(std::to_string(v.bones[static_cast<std::size_t>(b)]));
                }
                const auto added = static_cast<std::uint32_t>(vm.vertices.size());
                vm.vertices.push_back(v);
                local.emplace(key, added);
                return added;
            };
            for (const VtxStripGroup& g : xlod.meshes[j].stripGroups)
                for (const VtxStrip& s : g.strips) {
                    auto tri = [&](std::int32_t a, std::int32_t b, std::int32_t c) -> Status {
                        const auto base = static_cast<std::size_t>(s.indexOffset);
                        VESTIGE_TRY(std::uint32_t va, vertex(g, g.indices[base + static_cast<std::size_t>(a)]));
                        VESTIGE_TRY(std::uint32_t vb, vertex(g, g.indices[base + static_cast<std::size_t>(b)]));
                        VESTIGE_TRY(std::uint32_t vc, vertex(g, g.indices[base + static_cast<std::size_t>(c)]));
                        vm.indices.insert(vm.indices.end(), {va, vb, vc});
                        return {};
                    };
                    if (s.flags & strip_flag::kTriStrip) {
                        // Every other strip triangle flips to keep one winding; degenerate joins are dropped.
                        for (std::int32_t i = 0; i + 2 < s.numIndices; ++i) {
                            const auto base = static_cast<std::size_t>(s.indexOffset + i);
                            if (g.indices[base] == g.indices[base + 1] || g.indices[base + 1] == g.indices[base + 2] ||
                                g.indices[base] == g.indices[base + 2])
                                continue;
                            VESTIGE_CHECK(i % 2 == 0 ? tri(i, i + 1, i + 2) : tri(i + 1, i, i + 2));
                        }
                    } else {
                        for (std::int32_t i = 0; i + 2 < s.numIndices; i += 3) VESTIGE_CHECK(tri(i, i + 1, i + 2));
                    }
                }
            view.triangles += vm.indices.size() / 3;
            view.meshes.push_back(std::move(vm));
        }
    }
    return view;
}

}  // namespace vestige::source::mdl
