#pragma once
// A loaded Iron3D mission -> binary glTF 2.0 (`vestige export MISSIONS/NAME -o mission.glb`): the mission scene
// (mission_scene.hpp, instanced mode) written as a document, so the file holds exactly what `vestige render` draws:
//
//   node 0     "terrain": the terrain mesh, one primitive per Land2.wea row (no terrain faces: a node without mesh)
//   node 1..n  one per placed object in TMA order ("<index> <instance or resource>"), matrix = the section 12.4
//              placementMatrix of its World3D record (Iron3D world, Z up, as stored); one mesh component = the
//              node's mesh, several = one child node per component, none = an empty node (extras non_geometric)
//   meshes     one per distinct (model, CTLD pose), shared by every object that places it; the static pose is
//              baked into the vertices (one primitive per Batch20 record, vertices compacted to the used span)
//   materials  the scene's: base colour texture on TEXCOORD_0, the lightmap as occlusionTexture on TEXCOORD_1 (as
//              the textured model export does); doubleSided, since the seed-000 software side test has no glTF
//              form. An unresolved material has no texture, the checker's light colour and extras "unresolved"
//              (why); their number is in the document extras and in MissionGltfStats.
//   images     every scene texture once, PNG (image::encodePng: equal pixels, equal bytes)
#include <cstddef>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/gltf/gltf.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/scene/mission_scene.hpp"

namespace vestige::iron3d::scene {

struct MissionGltfStats {
    std::size_t nodes = 0, meshes = 0, materials = 0, textures = 0;
    std::size_t objects = 0, objectNodes = 0, unresolvedMaterials = 0;
};

struct MissionGlb {
    Bytes glb;
    MissionGltfStats stats;
};

// `instanced` must come from toScene(mission, {.instanced = true}).
[[nodiscard]] Result<gltf::Document> toGltf(const MissionScene& instanced, const std::string& missionDir);
[[nodiscard]] Result<MissionGlb> exportGlb(const mission::LoadedMission& mission);

// The stats as a JSON object (`vestige export --json` fields) and one human line.
[[nodiscard]] std::string statsJson(const MissionGltfStats& stats);
[[nodiscard]] std::string statsText(const MissionGltfStats& stats);

}  // namespace vestige::iron3d::scene
