// Registry entries: .mdl (info + glTF export, siblings located by name), .vvd and .vtx (info).
#include "vestige/source/mdl/register.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/text.hpp"

namespace vestige::source::mdl {

namespace {

using Json = nlohmann::ordered_json;

Json vec(Vec3 v) { return Json::array({v.x, v.y, v.z}); }

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

Result<int> intOption(const registry::ExportOptions& options, const char* key) {
    VESTIGE_TRY(const auto v, options.integer(key, 0, 0, 0x7FFFFFFF, "mdl"));
    return static_cast<int>(v);
}

}  // namespace

int probeMdl(ByteView data, std::string_view fileName) {
    if (data.size() >= 8 && loadU32(data.data()) == kMdlIdent) {
        const auto v = static_cast<std::int32_t>(loadU32(data.data() + 4));
        if (v >= kMinVersion && v <= kMaxVersion) return 100;
    }
    return endsWithNoCase(fileName, ".mdl") ? 10 : 0;
}

int probeVvd(ByteView data, std::string_view fileName) {
    if (data.size() >= 4 && loadU32(data.data()) == kVvdIdent) return 100;
    return endsWithNoCase(fileName, ".vvd") ? 10 : 0;
}

int probeVtx(ByteView data, std::string_view fileName) {
    if (!endsWithNoCase(fileName, ".vtx")) return 0;
    return data.size() >= 4 && loadU32(data.data()) == static_cast<std::uint32_t>(kVtxVersion) ? 60 : 10;
}

Result<SiblingSpecs> siblingSpecs(std::string_view spec) {
    if (!endsWithNoCase(spec, ".mdl"))
        return Error("mdl.sibling_name", "siblings are found from a name ending in .mdl")
            .expected("*.mdl")
            .actual(std::string(spec));
    const std::string stem(spec.substr(0, spec.size() - 4));
    SiblingSpecs s;
    s.vvd = stem + ".vvd";
    for (const char* suffix : {".dx90.vtx", ".dx80.vtx", ".sw.vtx", ".vtx"}) s.vtx.push_back(stem + suffix);
    return s;
}

Result<StudioFiles> openStudio(ByteView mdlData, std::string_view mdlSpec, const vfs::ArchiveRegistry& archives) {
    VESTIGE_TRY(SiblingSpecs specs, siblingSpecs(mdlSpec));
    auto vvd = vfs::openSpec(specs.vvd, archives);
    if (!vvd)
        return Error("mdl.missing_sibling", "the model's vertex file (.vvd) was not found next to it")
            .file(specs.vvd)
            .expected(specs.vvd)
            .actual(vvd.error().render());
    std::optional<vfs::Resolved> vtx;
    std::string vtxName;
    for (const auto& name : specs.vtx) {
        auto r = vfs::openSpec(name, archives);
        if (r) {
            vtx = std::move(*r);
            vtxName = name;
            break;
        }
    }
    if (!vtx)
        return Error("mdl.missing_sibling", "the model's optimized mesh file (.vtx) was not found next to it")
            .file(specs.vtx.front())
            .expected(fmt::format("one of {}", fmt::join(specs.vtx, ", ")));
    return readStudio(mdlData, vvd->data, vtx->data, std::string(mdlSpec), specs.vvd, vtxName);
}

registry::Description describe(const Mdl& m, const StudioFiles* sib) {
    const auto& h = m.header;
    Json j;
    j["format"] = "mdl";
    j["name"] = m.nameText();
    j["version"] = h.version;
    j["checksum"] = h.checksum;
    j["length"] = h.length;
    j["flags"] = h.flags;
    j["mass"] = h.mass;
    j["contents"] = h.contents;
    j["surfaceprop"] = m.surfaceProp;
    j["eye_position"] = vec(h.eyePosition);
    j["hull"] = {{"min", vec(h.hullMin)}, {"max", vec(h.hullMax)}};
    j["view_bbox"] = {{"min", vec(h.viewBbMin)}, {"max", vec(h.viewBbMax)}};
    if (m.header2)
        j["studiohdr2"] = {{"offset", m.header2->offset},
                           {"name", m.header2->name},
                           {"max_eye_deflection", m.header2->maxEyeDeflection}};
    std::size_t models = 0, meshes = 0, hitboxes = 0;
    for (const auto& p : m.bodyParts) {
        models += p.models.size();
        for (const auto& mo : p.models) meshes += mo.meshes.size();
    }
    for (const auto& s : m.hitboxSets) hitboxes += s.hitboxes.size();
    j["counts"] = {{"bones", m.bones.size()},
                   {"body_parts", m.bodyParts.size()},
                   {"models", models},
                   {"meshes", meshes},
                   {"textures", m.textures.size()},
                   {"cd_textures", m.cdTextures.size()},
                   {"skin_families", h.numSkinFamilies},
                   {"skin_refs", h.numSkinRef},
                   {"attachments", m.attachments.size()},
                   {"hitbox_sets", m.hitboxSets.size()},
                   {"hitboxes", hitboxes},
                   {"local_animations", m.animations.size()},
                   {"local_sequences", m.sequences.size()},
                   {"include_models", m.includeModels.size()},
                   {"flex_descs", h.numFlexDesc},
                   {"pose_parameters", h.numLocalPoseParameters}};
    Json bones = Json::array();
    for (const auto& b : m.bones)
        bones.push_back({{"name", b.name},
                         {"parent", b.parent},
                         {"pos", vec(b.pos)},
                         {"quat", Json::array({b.quat.x, b.quat.y, b.quat.z, b.quat.w})},
                         {"flags", b.flags}});
    j["bones"] = bones;
    Json parts = Json::array();
    for (const auto& p : m.bodyParts) {
        Json ms = Json::array();
        for (const auto& mo : p.models) {
            Json mm = Json::array();
            for (const auto& me : mo.meshes)
                mm.push_back(
                    {{"material", me.material}, {"vertices", me.numVertices}, {"vertex_offset", me.vertexOffset}});
            ms.push_back({{"name", mo.nameText()},
                          {"vertices", mo.numVertices},
                          {"vertex_index", mo.vertexIndex},
                          {"meshes", mm}});
        }
        parts.push_back({{"name", p.name}, {"base", p.base}, {"models", ms}});
    }
    j["body_parts"] = parts;
    Json tex = Json::array();
    for (const auto& t : m.textures) tex.push_back(t.name);
    j["textures"] = tex;
    j["cd_textures"] = m.cdTextures;
    j["skin_families"] = m.skinFamilies;
    Json atts = Json::array();
    for (const auto& a : m.attachments) atts.push_back({{"name", a.name}, {"bone", a.localBone}});
    j["attachments"] = atts;
    Json anims = Json::array();
    for (const auto& a : m.animations)
        anims.push_back({{"name", a.name},
                         {"fps", a.fps},
                         {"frames", a.numFrames},
                         {"flags", a.flags},
                         {"animblock", a.animBlock}});
    j["animations"] = anims;
    Json seqs = Json::array();
    for (const auto& s : m.sequences)
        seqs.push_back({{"label", s.label},
                        {"activity", s.activityName},
                        {"flags", s.flags},
                        {"looping", (s.flags & 1) != 0},
                        {"blends", s.numBlends},
                        {"anims", s.animIndices},
                        {"fade_in", s.fadeInTime},
                        {"fade_out", s.fadeOutTime}});
    j["sequences"] = seqs;
    Json inc = Json::array();
    for (const auto& i : m.includeModels) inc.push_back({{"label", i.label}, {"name", i.name}});
    j["include_models"] = inc;

    std::string text = fmt::format("studio model v{} \"{}\", checksum 0x{:08X}, {} bytes\n", h.version, m.nameText(),
                                   static_cast<std::uint32_t>(h.checksum), h.length);
    text += fmt::format(
        "{} bones, {} body parts, {} models, {} meshes, {} textures, {} skin families, {} "
        "attachments, {} hitboxes, {} sequences, {} animations\n",
        m.bones.size(), m.bodyParts.size(), models, meshes, m.textures.size(), h.numSkinFamilies, m.attachments.size(),
        hitboxes, m.sequences.size(), m.animations.size());
    text += fmt::format("hull ({} {} {}) .. ({} {} {}), mass {}, surfaceprop \"{}\"", h.hullMin.x, h.hullMin.y,
                        h.hullMin.z, h.hullMax.x, h.hullMax.y, h.hullMax.z, h.mass, m.surfaceProp);
    text += "\nbones:";
    for (std::size_t i = 0; i < m.bones.size(); ++i)
        text += fmt::format("\n  {:>3} {:<24} parent {:>3}  pos ({} {} {})", i, m.bones[i].name, m.bones[i].parent,
                            m.bones[i].pos.x, m.bones[i].pos.y, m.bones[i].pos.z);
    text += "\nbody parts:";
    for (const auto& p : m.bodyParts) {
        text += fmt::format("\n  {} (base {})", p.name, p.base);
        for (const auto& mo : p.models)
            text += fmt::format("\n    {}: {} vertices, {} meshes", mo.nameText(), mo.numVertices, mo.meshes.size());
    }
    text += "\nmaterials:";
    for (const auto& d : m.cdTextures) text += fmt::format("\n  search path \"{}\"", d);
    for (std::size_t i = 0; i < m.textures.size(); ++i) text += fmt::format("\n  {:>3} {}", i, m.textures[i].name);
    if (!m.sequences.empty()) text += "\nsequences:";
    for (const auto& s : m.sequences) {
        const AnimDesc* a = s.animIndices.empty() ? nullptr : &m.animations[static_cast<std::size_t>(s.animIndices[0])];
        text += fmt::format("\n  {:<24} {:<16} {}{}", s.label, s.activityName,
                            a ? fmt::format("{} frames at {} fps", a->numFrames, a->fps) : std::string("no animation"),
                            (s.flags & 1) ? ", looping" : "");
    }
    if (!m.includeModels.empty()) {
        text += "\ninclude models:";
        for (const auto& i : m.includeModels) text += fmt::format("\n  {}", i.name);
    }
    if (sib) {
        std::size_t strips = 0, indices = 0;
        for (const auto& p : sib->vtx.bodyParts)
            for (const auto& mo : p.models)
                for (const auto& l : mo.lods)
                    for (const auto& me : l.meshes)
                        for (const auto& g : me.stripGroups) {
                            strips += g.strips.size();
                            indices += g.indices.size();
                        }
        j["siblings"] = {{"vvd", sib->vvdName},
                         {"vtx", sib->vtxName},
                         {"checksums_match", true},
                         {"vertices", sib->vvd.vertices.size()},
                         {"lods", sib->vvd.header.numLods},
                         {"fixups", sib->vvd.fixups.size()},
                         {"strips", strips},
                         {"indices", indices}};
        text +=
            fmt::format("\nsiblings: {} ({} vertices, {} LODs, {} fixups), {} ({} strips, {} indices); checksums match",
                        sib->vvdName, sib->vvd.vertices.size(), sib->vvd.header.numLods, sib->vvd.fixups.size(),
                        sib->vtxName, strips, indices);
    }
    return {dump(j), text};
}

registry::Description describeVvd(const Vvd& v) {
    const auto& h = v.header;
    Json j;
    j["format"] = "vvd";
    j["version"] = h.version;
    j["checksum"] = h.checksum;
    j["lods"] = h.numLods;
    j["lod_vertexes"] = Json(std::vector<std::int32_t>(h.numLodVertexes.begin(), h.numLodVertexes.begin() + h.numLods));
    j["fixups"] = v.fixups.size();
    j["vertices"] = v.vertices.size();
    j["tangents"] = v.tangents.size();
    std::string text = fmt::format(
        "studio vertex file v{}, checksum 0x{:08X}\n{} vertices, {} LODs, {} fixups, {} tangents", h.version,
        static_cast<std::uint32_t>(h.checksum), v.vertices.size(), h.numLods, v.fixups.size(), v.tangents.size());
    return {dump(j), text};
}

registry::Description describeVtx(const Vtx& v) {
    const auto& h = v.header;
    std::size_t models = 0, meshes = 0, groups = 0, strips = 0, verts = 0, indices = 0;
    for (const auto& p : v.bodyParts)
        for (const auto& mo : p.models) {
            ++models;
            for (const auto& l : mo.lods)
                for (const auto& me : l.meshes) {
                    ++meshes;
                    for (const auto& g : me.stripGroups) {
                        ++groups;
                        strips += g.strips.size();
                        verts += g.vertices.size();
                        indices += g.indices.size();
                    }
                }
        }
    Json j;
    j["format"] = "vtx";
    j["version"] = h.version;
    j["checksum"] = h.checksum;
    j["lods"] = h.numLods;
    j["max_bones_per_strip"] = h.maxBonesPerStrip;
    j["max_bones_per_tri"] = h.maxBonesPerTri;
    j["max_bones_per_vert"] = h.maxBonesPerVert;
    j["counts"] = {{"body_parts", v.bodyParts.size()},
                   {"models", models},
                   {"lod_meshes", meshes},
                   {"strip_groups", groups},
                   {"strips", strips},
                   {"vertices", verts},
                   {"indices", indices}};
    std::string text = fmt::format(
        "optimized model (VTX) v{}, checksum 0x{:08X}, {} LODs\n{} body parts, {} models, {} LOD meshes, {} strip "
        "groups, {} strips, {} vertices, {} indices",
        h.version, static_cast<std::uint32_t>(h.checksum), h.numLods, v.bodyParts.size(), models, meshes, groups,
        strips, verts, indices);
    return {dump(j), text};
}

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    const vfs::ArchiveRegistry* registry = &archives;
    registry::FormatInfo info;
    info.name = "mdl";
    info.summary = "Source studio model (MDL v44-49 + VVD + VTX; glTF export with skeleton and skin)";
    info.probe = probeMdl;
    info.describe = [registry](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Mdl m, readMdl(data));
        // Siblings are optional for info; when present they must agree with the model.
        if (!endsWithNoCase(label, ".mdl")) return describe(m, nullptr);
        auto files = openStudio(data, label, *registry);
        if (files) return describe(m, &*files);
        if (files.error().code() == "mdl.missing_sibling") return describe(m, nullptr);
        return std::move(files).error();
    };
    info.exportGlb = [registry](ByteView data, std::string_view label,
                                const registry::ExportOptions& options) -> Result<Bytes> {
        ViewOptions view;
        VESTIGE_TRY(view.lod, intOption(options, "lod"));
        VESTIGE_TRY(view.body, intOption(options, "body"));
        view.animations = options.get("animated") == "1";
        VESTIGE_TRY(StudioFiles files, openStudio(data, label, *registry));
        return exportGlb(files, view);
    };
    formats.add(std::move(info));

    registry::FormatInfo vvd;
    vvd.name = "vvd";
    vvd.summary = "Source studio model vertices (VVD v4)";
    vvd.probe = probeVvd;
    vvd.describe = [](ByteView data, std::string_view) -> Result<registry::Description> {
        VESTIGE_TRY(Vvd v, readVvd(data));
        return describeVvd(v);
    };
    formats.add(std::move(vvd));

    registry::FormatInfo vtx;
    vtx.name = "vtx";
    vtx.summary = "Source optimized studio model mesh (VTX v7)";
    vtx.probe = probeVtx;
    vtx.describe = [](ByteView data, std::string_view) -> Result<registry::Description> {
        VESTIGE_TRY(Vtx v, readVtx(data));
        return describeVtx(v);
    };
    formats.add(std::move(vtx));
}

}  // namespace vestige::source::mdl
