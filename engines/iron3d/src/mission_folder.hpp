#pragma once
// The Iron3D mission directory as a folder format (private to vestige_iron3d): `vestige render
// DATA_DIR/MISSIONS/NAME`, `vestige view` and `vestige export` recognise it by its data.tma, load it
// transactionally and draw or export the mission scene (engines/iron3d/scene/mission_scene.hpp).
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d {

// Probe: 100 when the folder holds a data.tma (ASCII case-insensitive), else 0.
[[nodiscard]] int probeMissionFolder(const std::filesystem::path& folder);

// The folder's grandparent is the game root, "<parent>/<name>" the mission's VFS path (MISSIONS/NAME). Loads it
// without the scripts step (scripts change nothing before the first tick) keeping its textures; the view's
// report is the scene report JSON. Options "state", "lod", "time" do not apply to a mission: render.bad_option.
// `vestige export DATA_DIR/MISSIONS/NAME -o mission.glb` writes the same scene as glTF (scene/mission_gltf.hpp);
// every model option there is export.bad_option.
[[nodiscard]] registry::FolderFormat missionFolderFormat(const vfs::ArchiveRegistry* archives);

}  // namespace vestige::iron3d
