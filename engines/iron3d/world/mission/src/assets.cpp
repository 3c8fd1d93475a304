// The Visuals (WEAR -> MAT0 -> Texm per distinct mesh) and Assets (meshes, lightmaps, CTLD poses, raw resources)
// phases of the mission load.
#include <fmt/format.h>

#include <map>
#include <set>

#include "loader.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/prototype/names.hpp"

namespace vestige::iron3d::mission::detail {
namespace {

std::string folded(std::string_view archive, std::string_view entry) {
    return resources::ResourceCache::normalisedKey(archive) + ":" + asciiLower(entry);
}

// The component context of an error (unit component, prototype) inside the object's.
Error componentError(Error e, const ComponentInstance& c, bool unit) {
    e.in("prototype", c.prototypeKey);
    if (unit) e.in("unit_component", std::to_string(c.unitComponentIndex));
    return e;
}

// Keeps a phase texture once (LoadOptions::keepTextures); the name resolved in the chain, so it exists.
Status keepTexture(LoadedMission& out, materials::Resolver& chain, const materials::TextureRef& ref) {
    if (ref.untextured()) return {};
    const std::string key = asciiLower(ref.name);
    if (out.textures.count(key)) return {};
    VESTIGE_TRY(texm::Texture t, chain.texture(ref.name, false));
    out.textures.emplace(key, std::make_shared<const texm::Texture>(std::move(t)));
    ++out.counts.texturesKept;
    return {};
}

}  // namespace

// The terrain's Land1.wea / Land2.wea (load.hpp). Optional links: a missing table or a row that does not resolve
// is a warning, and the scene counts the faces that wear it as unresolved.
Status Loader::landMaterials(materials::Resolver& chain) {
    const std::string dir = out->landFiles.directory;
    for (std::size_t t = 0; t < 2; ++t) {
        LandMaterialTable& table = out->landMaterials[t];
        table.path = dir.empty() ? std::string(kLandTableNames[t]) : dir + "\\" + std::string(kLandTableNames[t]);
        auto bytes = cache.file(table.path);
        if (!bytes) {
            if (!bytes.error().code().ends_with("not_found"))
                return std::move(bytes).error().in("mission", out->missionDir);
            out->warnings.push_back(
                Error("mission.land_wear_missing", "a terrain material table does not exist").file(table.path));
            continue;
        }
        bytesInPhase += bytes->size();
        auto wea = wear::read(*bytes);
        if (!wea) return std::move(wea).error().file(table.path).in("mission", out->missionDir);
        for (std::size_t r = 0; r < wea->materials.size(); ++r) {
            ++out->counts.landMaterialRows;
            auto b = chain.resolveMaterial(wea->materials[r].name);
            if (!b) {
                out->warnings.push_back(std::move(b).error().record(r).file(table.path));
                table.rows.emplace_back();
                continue;
            }
            b->row = r;
            ++out->counts.landRowsResolved;
            if (options.keepTextures)
                for (const auto& phase : b->phases)
                    VESTIGE_CHECK(keepTexture(*out, chain, phase).file(table.path).in("mission", out->missionDir));
            table.rows.emplace_back(std::move(*b));
        }
        table.table = std::move(*wea);
    }
    return {};
}

Status Loader::visuals() {
    materials::Options mo = options.materials;
    mo.archives = cache.materialArchives();
    materials::Resolver chain(vfs, mo);
    std::map<std::string, std::size_t> index;  // folded "archive:entry" -> models
    std::size_t distinct = 0;
    for (const auto& o : out->objects)
        for (const auto& c : o.components) distinct += c.geometry == resources::Geometry::Mesh;
    progress.begin("material chain", distinct);
    for (std::size_t i = 0; i < out->objects.size(); ++i) {
        LoadedObject& o = out->objects[i];
        o.visuals.assign(o.components.size(), std::nullopt);
        for (std::size_t k = 0; k < o.components.size(); ++k) {
            const ComponentInstance& c = o.components[k];
            if (c.geometry != resources::Geometry::Mesh) continue;
            const std::string key = folded(c.meshArchive, c.meshEntry);
            if (auto it = index.find(key); it != index.end()) {
                o.visuals[k] = it->second;
                continue;
            }
            request();  // the mesh
            request();  // its WEAR
            ++out->counts.wearRequests;
            auto m = chain.resolve(c.meshArchive + "::" + c.meshEntry);
            if (!m) return objectError(componentError(std::move(m).error(), c, o.unit.has_value()), i);
            for (const auto& row : m->rows) {
                request();
                ++out->counts.materialSlots;
                for (const auto& phase : row.phases) {
                    request();
                    ++out->counts.textureReferences;
                    out->counts.untexturedPhases += phase.untextured();
                }
            }
            for (const auto& lm : m->lightmaps) {
                request();
                ++out->counts.lightmapRequests;
                out->counts.lightmapsResolved += lm.entry.has_value();
            }
            for (const auto& w : m->warnings)
                out->warnings.push_back(Error("materials.warning", w).in("model", c.meshArchive + ":" + c.meshEntry));
            if (options.keepTextures)
                for (const auto& row : m->rows)
                    for (const auto& phase : row.phases)
                        if (auto st = keepTexture(*out, chain, phase); !st)
                            return objectError(componentError(std::move(st).error(), c, o.unit.has_value()), i);
            VisualModel v;
            v.archive = c.meshArchive;
            v.entry = c.meshEntry;
            v.materials = std::move(*m);
            v.firstObject = i;
            index.emplace(key, out->models.size());
            o.visuals[k] = out->models.size();
            out->models.push_back(std::move(v));
        }
    }
    progress.end();
    out->counts.distinctMeshes = out->models.size();
    return landMaterials(chain);
}

Status Loader::assets() {
    // Meshes, decoded once each.
    for (auto& v : out->models) {
        auto fail = [&](Error e) { return objectError(e.entry(v.entry).in("archive", v.archive), v.firstObject); };
        auto a = cache.archive(v.archive);
        if (!a) return fail(std::move(a).error());
        const auto entry = cache.find(**a, v.entry);
        if (!entry) return fail(Error("mission.mesh_vanished", "a resolved mesh is no longer in its archive"));
        auto model = cache.model(*a, *entry);
        if (!model) return fail(std::move(model).error());
        v.model = *model;
        bytesInPhase += (*a)->nres() ? (*a)->nres()->payload(*entry).size() : 0;
        // Lightmaps are kept for the mission's lifetime (never evicted with the other textures).
        for (const auto& lm : v.materials.lightmaps) {
            if (!lm.entry) continue;
            auto lib = cache.archive(options.materials.lightmapLib);
            if (!lib) return fail(std::move(lib).error());
            auto tex = cache.lightmap(*lib, *lm.entry);
            if (!tex) return fail(std::move(tex).error());
            out->lightmaps.emplace(asciiLower(lm.name), *tex);
        }
    }
    // CTLD pose per component instance, and every other reference kept raw.
    std::set<std::string> rawSeen;
    for (std::size_t i = 0; i < out->objects.size(); ++i) {
        LoadedObject& o = out->objects[i];
        o.poses.assign(o.components.size(), std::nullopt);
        for (std::size_t k = 0; k < o.components.size(); ++k) {
            const ComponentInstance& c = o.components[k];
            bool poseDone = c.geometry != resources::Geometry::Mesh;
            for (const auto& ref : c.otherReferences) {
                const auto [archive, entry] = splitReference(ref);
                if (prototype::hasExtension(entry, "wea")) continue;  // consumed by the material chain
                const bool ctl = !poseDone && prototype::hasExtension(entry, "ctl");
                const std::string key = folded(archive, entry);
                if (!ctl && rawSeen.count(key)) continue;
                auto raw = resolver.rawResource(archive, entry);
                if (!raw) return objectError(componentError(std::move(raw).error(), c, o.unit.has_value()), i);
                if (!*raw) {
                    if (rawSeen.insert(key).second)
                        out->warnings.push_back(
                            Error("mission.reference_missing", "a non-mesh reference of a prototype does not exist")
                                .entry(entry)
                                .in("archive", archive)
                                .in("prototype", c.prototypeKey));
                    continue;
                }
                if (ctl) {
                    // The first CTL reference binds this instance's static pose (seed 002 "CTLD"): per instance,
                    // even when instances share the prepared model.
                    poseDone = true;
                    // Named copies: clang 14 cannot capture structured bindings.
                    auto fail = [&, entryName = entry, archiveName = archive](Error e) {
                        return objectError(
                            componentError(e.entry(entryName).in("archive", archiveName), c, o.unit.has_value()), i);
                    };
                    auto file = ctl::read((*raw)->bytes);
                    if (!file) return fail(std::move(file).error());
                    auto pose = ctl::poseBindings(*file, out->models[*o.visuals[k]].model->data().nodes.size());
                    if (!pose) return fail(std::move(pose).error());
                    o.poses[k] = std::move(*pose);
                    ++out->counts.poseBindings;
                }
                if (rawSeen.insert(key).second) {
                    bytesInPhase += (*raw)->bytes.size();
                    out->rawResources.push_back(std::move(**raw));
                }
            }
        }
    }
    out->counts.rawResources = out->rawResources.size();
    return {};
}

}  // namespace vestige::iron3d::mission::detail
