// The material chain resolver. Chain picture: include/vestige/iron3d/materials/materials.hpp.
#include "vestige/iron3d/materials/materials.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::materials {
namespace {

constexpr std::string_view kDefaultMaterial = "DEFAULT";

Error linkError(std::string code, std::string message, std::string_view link) {
    Error e("materials." + std::move(code), std::move(message));
    e.in("link", std::string(link));
    return e;
}

}  // namespace

std::string_view ruleName(Rule rule) {
    switch (rule) {
        case Rule::Exact:
            return "exact";
        case Rule::Default:
            return "DEFAULT";
        case Rule::FirstEntry:
            return "first entry";
    }
    return "?";
}

Result<ModelSpec> parseModelSpec(std::string_view q) {
    std::size_t split = q.rfind("::");
    std::size_t skip = 2;
    if (split == std::string_view::npos) {
        split = q.rfind(':');
        skip = 1;
    }
    if (split == std::string_view::npos || split == 0 || split + skip >= q.size())
        return Error("materials.bad_model_spec", "expected <archive>::<model>.msh")
            .expected("archive::model.msh or archive:model.msh")
            .actual(std::string(q));
    ModelSpec s;
    s.archive = std::string(q.substr(0, split));
    s.model = std::string(q.substr(split + skip));
    std::string_view stem = s.model;
    if (endsWithNoCase(stem, ".msh")) stem.remove_suffix(4);
    s.wear = std::string(stem) + ".wea";
    return s;
}

Resolver::Resolver(const vfs::Vfs& vfs, Options options) : mVfs(vfs), mOptions(std::move(options)) {}

namespace {

// A link whose archive could not be read: missing (the source's code ends in ".not_found") or unreadable.
Error readError(Error cause, const std::string& path, std::string_view link) {
    const bool missing = cause.code().ends_with(".not_found");
    Error out = linkError(missing ? "archive_missing" : "archive_unreadable",
                          fmt::format("cannot read {} \"{}\": {}", link, path, cause.message()), link);
    out.in("archive", path).actual(cause.code());
    return out;
}

}  // namespace

Result<const nres::Archive*> Resolver::archive(const std::string& path, std::string_view link) {
    const std::string key = asciiLower(path);
    if (auto it = mArchives.find(key); it != mArchives.end()) return it->second.get();
    if (mOptions.archives) {
        auto shared = mOptions.archives(path);
        if (!shared) return readError(std::move(shared).error(), path, link);
        const nres::Archive* raw = shared->get();
        mArchives.emplace(key, std::move(*shared));
        return raw;
    }
    auto bytes = mVfs.read(path);
    if (!bytes) return readError(std::move(bytes).error(), path, link);
    // Compatible profile: content loads the way the game loads it (named quirks accepted).
    auto a = nres::Archive::read(std::move(*bytes), nres::Profile::Compatible);
    if (!a) return std::move(a).error().in("archive", path).in("link", std::string(link));
    auto shared = std::make_shared<const nres::Archive>(std::move(*a));
    const nres::Archive* raw = shared.get();
    mArchives.emplace(key, std::move(shared));
    return raw;
}

Result<texm::Texture> Resolver::texture(std::string_view name, bool lightmap) {
    const std::string& lib = lightmap ? mOptions.lightmapLib : mOptions.texturesLib;
    const std::string_view link = lightmap ? "lightmap library" : "texture library";
    VESTIGE_TRY(const nres::Archive* a, archive(lib, link));
    const auto idx = a->find(name);
    if (!idx)
        return linkError(lightmap ? "lightmap_missing" : "texture_missing",
                         fmt::format("no entry \"{}\" in {}", cp1251ToUtf8(name), lib), link)
            .entry(std::string(name))
            .in("archive", lib);
    const auto& e = a->entries()[*idx];
    if (e.type != texm::kNresType)
        return linkError("texture_type", fmt::format("\"{}\" in {} is not a Texm entry", cp1251ToUtf8(name), lib), link)
            .entry(std::string(name))
            .in("archive", lib)
            .at(a->recordOffset(*idx))
            .expected("type Texm")
            .actual(nres::typeLabel(e.type));
    auto t = texm::read(a->payload(*idx), e.dataOffset);
    if (!t) return std::move(t).error().entry(std::string(name)).in("archive", lib);
    return std::move(*t);
}

Result<TextureRef> Resolver::textureRef(std::string_view name, std::size_t phase) {
    TextureRef ref;
    ref.name = std::string(name);
    if (name.empty()) return ref;  // deliberately untextured
    const std::string key = asciiLower(name);
    if (auto it = mTextures.find(key); it != mTextures.end()) return it->second;
    auto t = texture(name, false);
    if (!t) return std::move(t).error().in("phase", std::to_string(phase));
    VESTIGE_TRY(const nres::Archive* a, archive(mOptions.texturesLib, "texture library"));
    ref.entry = *a->find(name);
    ref.header = t->header;
    mTextures.emplace(key, ref);
    return ref;
}

Result<RowBinding> Resolver::resolveMaterial(std::string_view wearName) {
    VESTIGE_TRY(const nres::Archive* lib, archive(mOptions.materialLib, "material library"));
    RowBinding b;
    b.wearName = std::string(wearName);
    auto isMat0 = [&](std::size_t i) { return lib->entries()[i].type == mat0::kNresType; };
    std::optional<std::size_t> chosen;
    if (auto i = lib->find(wearName); i && isMat0(*i)) {
        chosen = i;
        b.rule = Rule::Exact;
    } else if (auto d = lib->find(kDefaultMaterial); d && isMat0(*d)) {
        chosen = d;
        b.rule = Rule::Default;
    } else {
        for (std::size_t k = 0; k < lib->size(); ++k)
            if (isMat0(k)) {
                chosen = k;
                b.rule = Rule::FirstEntry;
                break;
            }
    }
    if (!chosen)
        return linkError("material_unresolved",
                         fmt::format("\"{}\": no such MAT0, no DEFAULT and no MAT0 entry at all in {}",
                                     cp1251ToUtf8(wearName), mOptions.materialLib),
                         "material library")
            .entry(std::string(wearName))
            .in("archive", mOptions.materialLib);
    const auto& e = lib->entries()[*chosen];
    b.materialEntry = *chosen;
    b.materialName = std::string(e.name());
    b.version = e.attr2;
    auto m = mat0::read(lib->payload(*chosen), e.attr2, e.dataOffset);
    if (!m) return std::move(m).error().entry(b.materialName).in("archive", mOptions.materialLib);
    b.material = std::move(*m);
    b.phases.reserve(b.material.phases.size());
    for (std::size_t p = 0; p < b.material.phases.size(); ++p) {
        auto ref = textureRef(b.material.phases[p].texture(), p);
        if (!ref) return std::move(ref).error().in("material", b.materialName);
        b.phases.push_back(std::move(*ref));
    }
    return b;
}

Result<ModelMaterials> Resolver::resolve(std::string_view qualifiedModel) {
    VESTIGE_TRY(ModelSpec spec, parseModelSpec(qualifiedModel));
    VESTIGE_TRY(const nres::Archive* models, archive(spec.archive, "model archive"));
    if (!models->find(spec.model))
        return linkError("model_missing", fmt::format("no model \"{}\" in {}", spec.model, spec.archive), "model")
            .entry(spec.model)
            .in("archive", spec.archive);
    const auto wi = models->find(spec.wear);
    if (!wi)
        return linkError(
                   "wear_missing",
                   fmt::format("no material table \"{}\" next to \"{}\" in {}", spec.wear, spec.model, spec.archive),
                   "wear table")
            .entry(spec.wear)
            .in("archive", spec.archive);
    ModelMaterials out;
    auto table = wear::read(models->payload(*wi), models->entries()[*wi].dataOffset);
    if (!table) return std::move(table).error().entry(spec.wear).in("archive", spec.archive);
    out.table = std::move(*table);
    out.spec = std::move(spec);
    for (std::size_t r = 0; r < out.table.materials.size(); ++r) {
        const auto& row = out.table.materials[r];
        auto b = resolveMaterial(row.name);
        if (!b) return std::move(b).error().record(r).in("wear", out.spec.wear);
        b->row = r;
        if (b->rule != Rule::Exact)
            out.warnings.push_back(fmt::format("row {} \"{}\" resolved by the {} rule to \"{}\"", r,
                                               cp1251ToUtf8(row.name), ruleName(b->rule),
                                               cp1251ToUtf8(b->materialName)));
        out.rows.push_back(std::move(*b));
    }
    if (out.table.lightmaps) {
        // Lightmaps are optional: a missing library or entry leaves slot -1, never a substitute texture.
        auto lib = archive(mOptions.lightmapLib, "lightmap library");
        for (std::size_t l = 0; l < out.table.lightmaps->rows.size(); ++l) {
            LightmapBinding lb;
            lb.row = l;
            lb.name = out.table.lightmaps->rows[l].name;
            if (!lib) {
                out.warnings.push_back(
                    fmt::format("lightmap {} \"{}\": {}", l, cp1251ToUtf8(lb.name), lib.error().render()));
            } else if (auto idx = (*lib)->find(lb.name); !idx) {
                out.warnings.push_back(fmt::format("lightmap {} \"{}\" not in {}: slot -1", l, cp1251ToUtf8(lb.name),
                                                   mOptions.lightmapLib));
            } else {
                // A lightmap that is present but broken is corrupt data, not a missing optional: an error.
                auto t = texture(lb.name, true);
                if (!t) return std::move(t).error().in("lightmap_row", std::to_string(l)).in("wear", out.spec.wear);
                lb.entry = idx;
                lb.header = t->header;
            }
            out.lightmaps.push_back(std::move(lb));
        }
    }
    return out;
}

Result<ModelMaterials> resolveModel(const vfs::Vfs& vfs, std::string_view qualifiedModel, const Options& options) {
    Resolver r(vfs, options);
    return r.resolve(qualifiedModel);
}

std::string describe(const ModelMaterials& m) {
    std::string s = fmt::format("{}::{} -> {} ({} row(s), {} lightmap(s))\n", m.spec.archive, m.spec.model, m.spec.wear,
                                m.rows.size(), m.lightmaps.size());
    for (const auto& r : m.rows) {
        s += fmt::format("  row {} \"{}\" -> MAT0 \"{}\" (#{}, v{}, {})\n", r.row, cp1251ToUtf8(r.wearName),
                         cp1251ToUtf8(r.materialName), r.materialEntry, r.version, ruleName(r.rule));
        for (std::size_t p = 0; p < r.phases.size(); ++p) {
            const auto& t = r.phases[p];
            if (t.untextured())
                s += fmt::format("    phase {}: untextured\n", p);
            else
                s += fmt::format("    phase {}: Texm \"{}\" (#{}, {}x{}, format {}, {} mip(s))\n", p,
                                 cp1251ToUtf8(t.name), t.entry, t.header.width, t.header.height, t.header.format,
                                 t.header.mipCount);
        }
    }
    for (const auto& l : m.lightmaps)
        s += fmt::format("  lightmap {} \"{}\" -> slot {}\n", l.row, cp1251ToUtf8(l.name), l.slot());
    for (const auto& w : m.warnings) s += "  warning: " + w + "\n";
    return s;
}

}  // namespace vestige::iron3d::materials
