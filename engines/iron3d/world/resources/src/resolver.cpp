#include "vestige/iron3d/resources/resolver.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/prototype/names.hpp"

namespace vestige::iron3d::resources {
namespace {

bool missing(const Error& e) { return e.code() == "cache.not_found"; }

std::string_view baseName(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

Error unresolved(std::string_view what, std::string_view archive, std::string_view key) {
    return Error("prototype.unresolved", std::string(what))
        .in("archive", std::string(archive))
        .in("prototype", std::string(key));
}

}  // namespace

Result<std::optional<std::string>> PrototypeResolver::findMesh(std::string_view archive, std::string_view name) {
    auto a = mCache.archive(archive);
    if (!a) {
        if (missing(a.error())) return std::optional<std::string>{};
        return std::move(a).error();
    }
    for (const auto& candidate : prototype::lookupCandidates(name)) {
        const auto entry = mCache.find(**a, candidate);
        if (!entry) continue;
        // Read the payload now: an entry that exists but does not decode is an error, not "not found".
        VESTIGE_TRY(Payload p, mCache.payload(*a, *entry));
        (void)p;
        return std::optional<std::string>(std::string((*a)->entryName(*entry)));
    }
    return std::optional<std::string>{};
}

Result<std::optional<ComponentInstance>> PrototypeResolver::resolveComponent(std::string_view archive,
                                                                             std::string_view key) {
    ComponentInstance c;
    c.archive = std::string(archive);
    c.prototypeKey = std::string(prototype::trimAscii(key));
    if (iequals(baseName(archive), baseName(mRegistry))) {
        auto reg = mCache.registry(archive);
        if (!reg && !missing(reg.error())) return std::move(reg).error();
        if (reg) {
            VESTIGE_TRY(auto expansion, (*reg)->expand(c.prototypeKey));
            if (expansion) {
                std::vector<std::string> tried;
                for (const auto& r : expansion->refs) {
                    const std::string spelled =
                        std::string(r.ref.archiveName()) + ":" + std::string(r.ref.resourceName());
                    if (!r.ref.isMesh()) {
                        c.otherReferences.push_back(spelled);
                        continue;
                    }
                    if (c.geometry == Geometry::Mesh) continue;  // the first resolvable one already won
                    VESTIGE_TRY(auto mesh, findMesh(r.ref.archiveName(), r.ref.resourceName())
                                               .entry(std::string(r.ref.resourceName()))
                                               .in("archive", std::string(r.ref.archiveName())));
                    if (!mesh) {
                        tried.push_back(spelled);
                        continue;
                    }
                    c.geometry = Geometry::Mesh;
                    c.meshArchive = std::string(r.ref.archiveName());
                    c.meshEntry = *mesh;
                    c.via = r.via;
                }
                if (c.geometry != Geometry::Mesh && !tried.empty()) {
                    std::string list;
                    for (const auto& t : tried) list += (list.empty() ? "" : " -> ") + t;
                    return Error("prototype.mesh_missing", "none of the prototype's .msh references resolves")
                        .in("prototype", c.prototypeKey)
                        .expected("an existing archive and entry for one of them")
                        .actual(list);
                }
                c.skippedMeshReferences = c.geometry == Geometry::Mesh ? tried : std::vector<std::string>{};
                return std::optional<ComponentInstance>(std::move(c));
            }
        }
    }
    VESTIGE_TRY(auto mesh, findMesh(archive, c.prototypeKey));
    if (!mesh) return std::optional<ComponentInstance>{};
    c.geometry = Geometry::Mesh;
    c.meshArchive = std::string(archive);
    c.meshEntry = *mesh;
    return std::optional<ComponentInstance>(std::move(c));
}

Result<RootResolution> PrototypeResolver::resolveRoot(std::string_view resourceName) {
    RootResolution out;
    const std::string name(prototype::trimAscii(resourceName));
    if (!prototype::hasExtension(name, "dat")) {
        VESTIGE_TRY(auto c, resolveComponent(mRegistry, name));
        if (!c) return unresolved("the prototype key resolves to nothing", mRegistry, name);
        out.components.push_back(std::move(*c));
        return out;
    }
    out.unitDat = true;
    auto bytes = mCache.file(name);
    if (!bytes) {
        if (missing(bytes.error()))
            return Error("prototype.unit_dat_missing", "the unit DAT named by the mission does not exist").file(name);
        return std::move(bytes).error();
    }
    VESTIGE_TRY(prototype::UnitFile unit, prototype::readUnitFile(*bytes).file(name));
    auto component = [&](std::size_t index, std::string_view archive, std::string_view key) -> Status {
        if (prototype::trimAscii(key).empty())
            return unresolved("a unit component has an empty resource name and did not resolve", archive, key)
                .in("unit_component", std::to_string(index))
                .file(name);
        auto c = resolveComponent(archive, key);
        if (!c) return std::move(c).error().in("unit_component", std::to_string(index)).file(name);
        if (!*c)
            return unresolved("a unit component did not resolve", archive, key)
                .in("unit_component", std::to_string(index))
                .file(name);
        (*c)->unitComponentIndex = index;
        out.components.push_back(std::move(**c));
        return {};
    };
    if (unit.layout == prototype::UnitLayout::Binding) {
        VESTIGE_CHECK(
            component(0, prototype::fieldText(unit.binding->archive), prototype::fieldText(unit.binding->model)));
    } else {
        for (std::size_t i = 0; i < unit.dat.records.size(); ++i)
            VESTIGE_CHECK(component(i, unit.dat.records[i].archiveName(), unit.dat.records[i].resourceName()));
    }
    out.unit = std::move(unit);
    return out;
}

Result<std::optional<prototype::RawResource>> PrototypeResolver::rawResource(std::string_view archive,
                                                                             std::string_view entry) {
    auto a = mCache.archive(archive);
    if (!a) {
        if (missing(a.error())) return std::optional<prototype::RawResource>{};
        return std::move(a).error();
    }
    const auto index = mCache.find(**a, entry);
    if (!index) return std::optional<prototype::RawResource>{};
    VESTIGE_TRY(Payload p, mCache.payload(*a, *index));
    prototype::RawResource r;
    r.archive = std::string(archive);
    r.entry = std::string((*a)->entryName(*index));
    r.type = (*a)->entryType(*index);
    r.bytes.assign(p.bytes.begin(), p.bytes.end());
    return std::optional<prototype::RawResource>(std::move(r));
}

}  // namespace vestige::iron3d::resources
