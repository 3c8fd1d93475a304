// The mission load phases Context .. Scripts (load.hpp); Visuals and Assets are in assets.cpp.
#include "vestige/iron3d/mission/load.hpp"

#include <fmt/format.h>

#include "loader.hpp"
#include "vestige/core/text.hpp"
#include "vestige/iron3d/prototype/names.hpp"

namespace vestige::iron3d::mission {

std::string_view loadPhaseName(LoadPhase phase) {
    static constexpr std::string_view kNames[] = {"context", "map",       "tma",      "graph",  "visuals",
                                                  "assets",  "construct", "register", "scripts"};
    return kNames[static_cast<int>(phase)];
}

namespace detail {

std::pair<std::string, std::string> splitReference(const std::string& reference) {
    const auto colon = reference.rfind(':');
    if (colon == std::string::npos) return {std::string(), reference};
    return {reference.substr(0, colon), reference.substr(colon + 1)};
}

Loader::Loader(const vfs::Vfs& v, std::string_view dir, const LoadOptions& o)
    : vfs(v), options(o), cache(v), resolver(cache, o.registry), progress(o.progress ? *o.progress : silentProgress()) {
    out->missionDir = std::string(dir);
    while (!out->missionDir.empty() && (out->missionDir.back() == '/' || out->missionDir.back() == '\\'))
        out->missionDir.pop_back();
}

void Loader::finishPhase() {
    if (out->timings.empty()) return;
    out->timings.back().milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - phaseStart).count();
    out->timings.back().bytesRead = bytesInPhase;
}

void Loader::enter(LoadPhase phase) {
    finishPhase();
    out->timings.push_back({phase, 0, 0});
    phaseStart = std::chrono::steady_clock::now();
    bytesInPhase = 0;
    if (options.onPhase) options.onPhase(phase);
}

void Loader::request() {
    if (++out->counts.requests % kProgressEvery == 0) {
        ++out->counts.progressUpdates;
        progress.update(out->counts.requests);
    }
}

Result<Bytes> Loader::file(const std::string& path) {
    VESTIGE_TRY(Bytes b, cache.file(path));
    bytesInPhase += b.size();
    return b;
}

Error Loader::objectError(Error e, std::size_t object) const {
    const auto& objects = out->mission.objects;
    std::string label = std::to_string(object);
    if (object < objects.size()) label += " (" + cp1251ToUtf8(objects[object].resourceName) + ")";
    e.in("object", label);
    e.in("mission", out->missionDir);
    return e;
}

std::string Loader::missionPath(std::string_view name) const {
    return out->missionDir.empty() ? std::string(name) : out->missionDir + "/" + std::string(name);
}

Status Loader::context(Bytes& tma) {
    if (out->missionDir.empty()) return Error("mission.bad_path", "no mission folder was named");
    auto bytes = file(missionPath(options.tmaName));
    if (!bytes) return std::move(bytes).error().in("mission", out->missionDir);
    tma = std::move(*bytes);
    return {};
}

Status Loader::map(const Bytes& tma) {
    auto inMission = [this](Error e) { return e.in("mission", out->missionDir); };
    auto landPath = tma::readLandPath(tma);
    if (!landPath) return inMission(std::move(landPath).error().file(missionPath(options.tmaName)));
    out->landFiles = tma::landFiles(*landPath);
    auto meshBytes = file(out->landFiles.mesh);
    if (!meshBytes) return inMission(std::move(meshBytes).error());
    auto terrain = land::Terrain::read(*meshBytes);
    if (!terrain) return inMission(std::move(terrain).error().file(out->landFiles.mesh));
    out->land = terrain->data();
    auto mapBytes = file(out->landFiles.map);
    if (!mapBytes) return inMission(std::move(mapBytes).error());
    auto areals = land::ArealMap::read(*mapBytes);
    if (!areals) return inMission(std::move(areals).error().file(out->landFiles.map));
    out->arealMap = areals->data();
    auto listBytes = file(options.buildList);
    if (!listBytes) return inMission(std::move(listBytes).error());
    auto list = land::BuildList::read(*listBytes);
    if (!list) return inMission(std::move(list).error().file(options.buildList));
    out->buildCategories = list->categories();
    auto world = terrain::TerrainWorld::build(out->land, &out->arealMap);
    if (!world) return inMission(std::move(world).error().file(out->landFiles.mesh));
    out->terrain = std::move(*world);
    out->counts.faces = out->land.faces.size();
    out->counts.areals = out->arealMap.areals.size();
    out->counts.buildCategories = out->buildCategories.size();
    return {};
}

Status Loader::readTma(const Bytes& tma) {
    auto mission = tma::read(tma);
    if (!mission) return std::move(mission).error().file(missionPath(options.tmaName)).in("mission", out->missionDir);
    out->mission = std::move(*mission);
    out->counts.objects = out->mission.objects.size();
    out->counts.paths = out->mission.paths.size();
    out->counts.clans = out->mission.clans.size();
    out->counts.extras = out->mission.extras.size();
    return {};
}

Status Loader::graph() {
    progress.begin("prototype graph", out->mission.objects.size());
    for (std::size_t i = 0; i < out->mission.objects.size(); ++i) {
        const tma::PlacedObject& placed = out->mission.objects[i];
        auto root = resolver.resolveRoot(placed.resourceName);
        if (!root) return objectError(std::move(root).error(), i);
        LoadedObject o;
        o.originalId = static_cast<world::OriginalObjectId>(i);
        o.placed = placed;
        o.unit = std::move(root->unit);
        (root->unitDat ? out->counts.unitReferences : out->counts.directReferences)++;
        for (auto& c : root->components) {
            request();
            ++out->counts.components;
            (c.geometry == resources::Geometry::Mesh ? out->counts.meshComponents : out->counts.nonGeometric)++;
        }
        o.components = std::move(root->components);
        out->objects.push_back(std::move(o));
        progress.update(i + 1);
    }
    progress.end();
    // Every object resolved, so a registry entry that is still broken is one no object reaches: a warning.
    if (auto reg = cache.registry(options.registry); reg)
        for (auto& e : (*reg)->inventory()) out->warnings.push_back(std::move(e.in("inventory", options.registry)));
    return {};
}

Status Loader::construct() {
    world::World3D w;
    std::vector<world::ObjectHandle> handles;
    for (std::size_t i = 0; i < out->mission.objects.size(); ++i) {
        const auto& p = out->mission.objects[i];
        auto h = w.construct({static_cast<world::OriginalObjectId>(i),
                              world::Transform::fromFloats(p.position, p.orientation, p.scale)});
        if (!h) return objectError(std::move(h).error(), i);
        handles.push_back(*h);
    }
    enter(LoadPhase::Register);
    for (std::size_t i = 0; i < handles.size(); ++i) {
        auto st = w.registerObject(handles[i]);
        if (!st) return objectError(std::move(st).error(), i);
        out->objects[i].handle = handles[i];
    }
    out->runtime = std::make_unique<MissionRuntime>(std::move(w), options.seed);
    return {};
}

Status Loader::scripts() {
    if (!options.scripts) return {};
    ScriptsHookContext ctx{vfs, out->missionDir, out->mission, out->objects, *out->runtime, progress, out->terrain};
    auto st = options.scripts(ctx);
    if (!st) return std::move(st).error().in("phase", "scripts").in("mission", out->missionDir);
    return {};
}

}  // namespace detail

Result<LoadedMission> loadMission(const vfs::Vfs& vfs, std::string_view missionDir, const LoadOptions& options) {
    detail::Loader loader(vfs, missionDir, options);
    Bytes tma;
    loader.enter(LoadPhase::Context);
    VESTIGE_CHECK(loader.context(tma));
    loader.enter(LoadPhase::Map);
    VESTIGE_CHECK(loader.map(tma));
    loader.enter(LoadPhase::Tma);
    VESTIGE_CHECK(loader.readTma(tma));
    loader.enter(LoadPhase::Graph);
    VESTIGE_CHECK(loader.graph());
    loader.enter(LoadPhase::Visuals);
    VESTIGE_CHECK(loader.visuals());
    loader.enter(LoadPhase::Assets);
    VESTIGE_CHECK(loader.assets());
    loader.enter(LoadPhase::Construct);
    VESTIGE_CHECK(loader.construct());  // enters Register itself
    loader.enter(LoadPhase::Scripts);
    VESTIGE_CHECK(loader.scripts());
    loader.finishPhase();
    return std::move(*loader.out);
}

Status MissionHost::load(const vfs::Vfs& vfs, std::string_view missionDir, const LoadOptions& options) {
    VESTIGE_TRY(LoadedMission m, loadMission(vfs, missionDir, options));
    mCurrent = std::make_unique<LoadedMission>(std::move(m));  // published only now, whole
    return {};
}

}  // namespace vestige::iron3d::mission
