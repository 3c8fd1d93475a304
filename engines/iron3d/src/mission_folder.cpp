#include "mission_folder.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/mission/view_controller.hpp"
#include "vestige/iron3d/scene/mission_gltf.hpp"
#include "vestige/iron3d/scene/mission_scene.hpp"

namespace vestige::iron3d {

namespace fs = std::filesystem;
namespace vs = vestige::scene;

int probeMissionFolder(const fs::path& folder) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (iequals(it->path().filename().string(), "data.tma") && it->is_regular_file(ec)) return 100;
    return 0;
}

namespace {

// MISSIONS/NAME under its game root, loaded with its textures kept (what the scene and the export draw from).
Result<mission::LoadedMission> loadFolder(const vfs::ArchiveRegistry* archives, const fs::path& folder) {
    fs::path dir = fs::absolute(folder).lexically_normal();
    if (dir.filename().empty()) dir = dir.parent_path();
    const fs::path root = dir.parent_path().parent_path();
    const std::string missionDir = dir.parent_path().filename().string() + "/" + dir.filename().string();
    vfs::Vfs v(archives);
    VESTIGE_CHECK(v.mountDir("", root).file(root.string()));
    mission::LoadOptions lo;
    lo.keepTextures = true;
    return mission::loadMission(v, missionDir, lo);
}

Result<registry::SceneView> missionScene(const vfs::ArchiveRegistry* archives, const fs::path& folder,
                                         const registry::ExportOptions& options) {
    for (const char* key : {"state", "lod", "time"})
        if (!options.get(key).empty())
            return Error("render.bad_option", fmt::format("--{} applies to a model, not to a mission", key))
                .in("option", key)
                .file(folder.string());
    VESTIGE_TRY(mission::LoadedMission m, loadFolder(archives, folder));
    VESTIGE_TRY(scene::MissionScene s, scene::toScene(m));
    // `vestige view` orbits the first placed object with the game's camera rules (the terrain's centre when the
    // mission places none).
    const auto& world = m.runtime->world();
    const Aabb box = s.scene.bounds();
    Vec3 target = box.isEmpty() ? Vec3{} : box.center();
    if (!m.objects.empty())
        if (const auto t = world.transform(m.objects.front().handle)) target = t->position();
    registry::SceneView view{std::move(s.scene), s.camera, scene::reportJson(s.report)};
    view.controller = [target](const vs::Camera& start,
                               float aspect) -> Result<std::unique_ptr<viewer::CameraController>> {
        VESTIGE_TRY(auto c, mission::MissionViewController::create(target, start.verticalFov, aspect));
        return std::unique_ptr<viewer::CameraController>(std::move(c));
    };
    return view;
}

// Every model option (--state, --lod, --textures, ...) is refused: a mission has its own poses and libraries.
Result<registry::FolderExport> missionGlb(const vfs::ArchiveRegistry* archives, const fs::path& folder,
                                          const registry::ExportOptions& options) {
    if (!options.values.empty()) {
        const std::string& key = options.values.begin()->first;
        return Error("export.bad_option", fmt::format("--{} applies to a model, not to a mission", key))
            .in("option", key)
            .file(folder.string());
    }
    VESTIGE_TRY(mission::LoadedMission m, loadFolder(archives, folder));
    VESTIGE_TRY(scene::MissionGlb out, scene::exportGlb(m));
    return registry::FolderExport{std::move(out.glb), scene::statsJson(out.stats), scene::statsText(out.stats)};
}

}  // namespace

registry::FolderFormat missionFolderFormat(const vfs::ArchiveRegistry* archives) {
    registry::FolderFormat f;
    f.name = "iron3d_mission";
    f.summary = "Iron3D mission folder (MISSIONS/NAME with data.tma): terrain and placed objects, textured";
    f.probe = probeMissionFolder;
    f.toScene = [archives](const fs::path& folder, const registry::ExportOptions& options) {
        return missionScene(archives, folder, options);
    };
    f.exportGlb = [archives](const fs::path& folder, const registry::ExportOptions& options) {
        return missionGlb(archives, folder, options);
    };
    return f;
}

}  // namespace vestige::iron3d
