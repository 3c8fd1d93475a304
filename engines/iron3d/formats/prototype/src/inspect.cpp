// objects.rlb and unit DAT probes and `info` descriptions.
#include "vestige/iron3d/prototype/inspect.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "vestige/core/json.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/prototype/names.hpp"

namespace vestige::iron3d::prototype {
namespace {

using Json = nlohmann::ordered_json;

std::string text(std::string_view raw) { return cp1251ToUtf8(raw); }

}  // namespace

int probeRegistry(ByteView data, std::string_view fileName) {
    const auto slash = fileName.find_last_of("/\\:");
    const std::string_view base = slash == std::string_view::npos ? fileName : fileName.substr(slash + 1);
    return iequals(base, kRegistryArchive) && data.size() >= 4 && asChars(data.first(4)) == "NRes" ? 110 : 0;
}

int probeUnitDat(ByteView data, std::string_view fileName) {
    if (!endsWithNoCase(fileName, ".dat")) return 0;
    return readUnitFile(data).ok() ? 100 : 0;
}

registry::Description describe(const Registry& registry, std::string_view label) {
    Json j;
    j["format"] = "objects_rlb";
    j["label"] = text(label);
    Json protos = Json::array();
    std::size_t geometric = 0, nonGeometric = 0, withParents = 0;
    for (std::size_t i = 0; i < registry.size(); ++i) {
        const std::string key(registry.archive().entries()[i].name());
        auto e = registry.expand(key);
        if (!e || !*e) continue;  // listed under "broken"
        const Expansion& x = **e;
        Json refs = Json::array();
        std::size_t meshes = 0;
        for (const auto& r : x.refs) {
            meshes += r.ref.isMesh();
            refs.push_back(text(std::string(r.ref.archiveName()) + ":" + std::string(r.ref.resourceName())));
        }
        (meshes ? geometric : nonGeometric)++;
        withParents += x.parents > 0;
        protos.push_back({{"key", text(key)},
                          {"references", std::move(refs)},
                          {"parents", x.parents},
                          {"depth", x.maxDepth},
                          {"mesh_references", meshes},
                          {"non_geometric", meshes == 0}});
    }
    Json broken = Json::array();
    for (const auto& err : registry.inventory()) broken.push_back(Json::parse(err.toJson()));
    j["prototypes"] = registry.size();
    j["with_mesh_references"] = geometric;
    j["non_geometric"] = nonGeometric;
    j["with_parents"] = withParents;
    j["broken"] = std::move(broken);
    j["entries"] = std::move(protos);
    std::string t = fmt::format(
        "objects.rlb {}: {} prototypes, {} with .msh references, {} non-geometric, {} through a parent, {} broken\n",
        label, registry.size(), geometric, nonGeometric, withParents, j["broken"].size());
    for (const auto& p : j["entries"])
        t += fmt::format("  {:<24} {} reference(s), {} parent(s){}\n", p["key"].get<std::string>(),
                         p["references"].size(), p["parents"].get<std::size_t>(),
                         p["non_geometric"].get<bool>() ? ", non-geometric" : "");
    for (const auto& b : registry.inventory()) t += "  broken: " + b.render() + "\n";
    return {dumpJson(j), t};
}

registry::Description describe(const UnitFile& unit, std::string_view label) {
    Json j;
    j["format"] = "unit_dat";
    j["label"] = text(label);
    j["layout"] = unit.layout == UnitLayout::Records ? "records" : "binding";
    j["class_word"] = fmt::format("{:#010x}", unit.classWord());
    std::string t;
    if (unit.binding) {
        j["archive"] = text(fieldText(unit.binding->archive));
        j["model"] = text(fieldText(unit.binding->model));
        j["tail_bytes"] = unit.binding->tail.size();
        t = fmt::format("unit DAT {} (binding layout): {}:{}, class word {:#010x}\n", label,
                        j["archive"].get<std::string>(), j["model"].get<std::string>(), unit.classWord());
    } else {
        j["header"] = hexBytes(unit.dat.header, 8);
        Json recs = Json::array();
        for (const auto& r : unit.dat.records)
            recs.push_back({{"archive", text(r.archiveName())},
                            {"resource", text(r.resourceName())},
                            {"kind", r.kind},
                            {"parent_or_link", r.parentOrLink},
                            {"description", text(r.description.text())},
                            {"tail0", r.tail0},
                            {"tail1", r.tail1}});
        j["records"] = std::move(recs);
        t = fmt::format("unit DAT {}: {} component(s), class word {:#010x}\n", label, unit.dat.records.size(),
                        unit.classWord());
        for (std::size_t i = 0; i < unit.dat.records.size(); ++i) {
            const auto& r = unit.dat.records[i];
            t += fmt::format("  {:>3} {}:{} kind {} link {} \"{}\"\n", i, text(r.archiveName()), text(r.resourceName()),
                             r.kind, r.parentOrLink, text(r.description.text()));
        }
    }
    return {dumpJson(j), t};
}

}  // namespace vestige::iron3d::prototype
