#include "mission_folder.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/scene/mission_scene.hpp"

namespace vestige::iron3d {

namespace fs = std::filesystem;

int probeMissionFolder(const fs::path& folder) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
        if (iequals(it->path().filename().string(), "data.tma") && it->is_regular_file(ec)) return 100;
    return 0;
}

namespace {

Result<registry::SceneView> missionScene(const vfs::ArchiveRegistry* archives, const fs::path& folder,
                                         const registry::ExportOptions& options) {
    for (const char* key : {"state", "lod", "time"})
        if (!options.get(key).empty())
            return Error("render.bad_option", fmt::format("--{} applies to a model, not to a mission", key))
                .in("option", key)
                .file(folder.string());
    fs::path dir = fs::absolute(folder).lexically_normal();
    if (dir.filename().empty()) dir = dir.parent_path();
    const fs::path root = dir.parent_path().parent_path();
    const std::string missionDir = dir.parent_path().filename().string() + "/" + dir.filename().string();
    vfs::Vfs v(archives);
    VESTIGE_CHECK(v.mountDir("", root).file(root.string()));
    mission::LoadOptions lo;
    lo.keepTextures = true;
    VESTIGE_TRY(mission::LoadedMission m, mission::loadMission(v, missionDir, lo));
    VESTIGE_TRY(scene::MissionScene s, scene::toScene(m));
    return registry::SceneView{std::move(s.scene), s.camera, scene::reportJson(s.report)};
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
    return f;
}

}  // namespace vestige::iron3d
