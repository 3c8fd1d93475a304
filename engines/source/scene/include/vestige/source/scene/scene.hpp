#pragma once
// Source BSP -> backend-neutral scene (vestige::scene), built on the map mesh builder (engines/source/mapmesh).
//
//   * meshes: mapmesh::buildMapMesh (model 0 + drawn brush entities, displacements, skip flags), one scene::Mesh
//     per material, counter-clockwise front (the builder already reversed Source's clockwise order), back-face
//     culling;
//   * without mounts: base colour = texdata reflectivity (`textureMissing` off so it shows); with mounts: the
//     face's VMT (materials.hpp): base texture, $color/$alpha, unlit families without the lightmap, Sky
//     materials not drawn in the world pass, the checker for what is missing;
//   * lightmap: the builder's linear atlas (style 0, flat block, 1x1 white block for unlit faces) stored as
//     value / kLightmapRange in one RGBA8 page (clamped, linear filter), lightmapScale =
//     kLightmapRange, so decoded values up to 4.0 survive; a map without any lighting lump draws with the sun;
//   * studio models (props.hpp), with mounts only: 'sprp' static props and entities with a .mdl model key, each
//     placed by origin and angles, materials through the same VMT/VTF path; what fails is listed;
//   * fog: env_fog_controller (colour 0..255 -> 0..1); sun/ambient: light_environment (else kDefaultSun);
//     sky: a flat colour (sky textures are not loaded yet);
//   * spawn camera: the first info_player_start (base::findSpawnPoint), origin + eye height (64), the pitch and
//     yaw of its spawn angles (base::EntityKeys::angles: "angles", then "angle"), fov 90 (Hor+ 4:3).
#include <optional>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/scene/scene.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/content/gmod.hpp"
#include "vestige/source/mapmesh/mapmesh.hpp"
#include "vestige/source/scene/materials.hpp"
#include "vestige/source/scene/props.hpp"

namespace vestige::source::scene {

constexpr float kLightmapRange = 4.0f;
constexpr float kEyeHeight = 64.0f;
constexpr Vec3 kSkyColor{0.46f, 0.58f, 0.72f};
// Used when the map has no light_environment (only matters for maps without a lighting lump).
inline const vestige::scene::Sun kDefaultSun{
    normalize(Vec3{0.4f, -0.3f, 0.85f}), {0.8f, 0.78f, 0.72f}, {0.35f, 0.36f, 0.40f}};

struct SceneOptions {
    mapmesh::MapMeshOptions mesh;
    float fov = 90.0f;  // spawn camera, Source horizontal FOV at 4:3
    // With mounts, faces get their VMT/VTF materials (materials.hpp); without, the reflectivity colours.
    const content::Mounts* mounts = nullptr;
    double seconds = 0;  // proxy time (tick x interval)
    keyvalues::ResolveOptions resolve;
    bool props = true;  // with mounts: draw the studio models (props.hpp)
};

struct MapScene {
    vestige::scene::Scene scene;
    std::optional<vestige::scene::Camera> spawnCamera;  // unset when the map has no info_player_start
    mapmesh::MapMeshStats stats;
    bool lightmapped = false;
    std::optional<MaterialReport> materials;  // set when SceneOptions::mounts was given
    std::optional<PropReport> props;          // set when mounts were given and SceneOptions::props is on
    bool skyBox = false;                      // worldspawn's skyname loaded as Scene::sky
    TextureCacheStats textures;
};

// The camera at the first info_player_start (origin + eye height, its spawn angles' pitch and yaw).
[[nodiscard]] std::optional<vestige::scene::Camera> spawnCamera(const bsp::Bsp& map, float fov = 90.0f);

[[nodiscard]] Result<MapScene> toScene(const bsp::Bsp& map, const SceneOptions& options = {});
[[nodiscard]] Result<MapScene> toScene(ByteView data, const SceneOptions& options = {});

// The map with its materials: GMod's mounts (content::mountForMap, the map's pakfile first) then toScene with them.
// `options.mounts` is ignored (the mounts made here are used).
[[nodiscard]] Result<MapScene> toSceneWithContent(ByteView data, std::string_view label,
                                                  const content::GmodOptions& content,
                                                  const SceneOptions& options = {});
// {"materials", "families", "missingMaterials", "missingTextures", "errors", "ignoredProxies", "textures": {count,
// bytes, vtfBytes}, "skyBox", "props": {static, entities, drawn, notDrawn, badPlacement, modelsLoaded, triangles,
// lighting, missingModels: [{model, code, reason, instances}]}} for `vestige render --stats`; "{}" without a
// material report ("props" only when props were drawn).
[[nodiscard]] std::string materialReportJson(const MapScene& scene);

}  // namespace vestige::source::scene
