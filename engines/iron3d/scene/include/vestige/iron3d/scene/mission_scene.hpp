#pragma once
// A loaded Iron3D mission -> backend-neutral scene (what `vestige render MISSIONS/NAME` draws). Built only from the
// loaded mission's records (mission/load.hpp), never by reading the files again:
//
//   terrain   Land.msh faces as one mesh, one draw range per Land2.wea row (a face's material_tag low byte,
//             table 1, spec section 12.1) in face order, UV0 from type 5; the row's MAT0 phase-0 texture. The
//             high byte (a Land1.wea row, table 0) has no known blend weight: those faces are counted, the second
//             layer is not drawn. Land tables' LIGHTMAPS rows have no known face mapping: counted, not drawn.
//             No software side test (seed 000: terrain does not use it) and no hardware culling [P].
//   objects   every mesh component of every placed object: the MSH scene rules (scene.hpp: one range per
//             Batch20 record, the seed-000 face-side policy), posed by its own CTLD bindings (per node times,
//             per component instance), placed by the section 12.4 transform of the object's World3D record:
//             world = T(position) * Rz(o.z) * Ry(o.y) * Rx(o.x) * S(scale) * node pose. Every component of a unit
//             sits at the object's transform (no component offsets are known).
//   materials a batch's WEAR row -> its resolved MAT0 -> phase 0 texture (decoded Texm, never the palette); its
//             lightmap row -> LightMap.lib through UV1. What cannot be resolved draws the dark checker and is
//             counted (MissionSceneReport::unresolved): a WEAR row outside the table, a missing Land table or
//             row, a texture the load did not keep. A phase that is deliberately untextured draws lit white.
#include <cstdint>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/mission/load.hpp"
#include "vestige/iron3d/world/world3d.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::iron3d::scene {

struct MissionSceneOptions {
    // false: every material flat (the WEAR palette for objects, grey terrain), no textures or lightmaps; the
    // benchmark's same-scene baseline.
    bool textured = true;
    float aspect = 16.0f / 9.0f;  // of the default camera
    // false: every object's meshes appended at its placement (what render draws). true: each distinct (model,
    // CTLD pose) appended once at the identity placement and each object lists the models it instances
    // (MissionScene::instances; the glTF export). Unresolved triangles are then counted once per shared model.
    bool instanced = false;
};

// One material that could not be resolved: where it is worn and why.
struct UnresolvedMaterial {
    std::string where;  // "terrain Land2.wea row 3", "units.rlb:tank.msh WEAR row 7"
    std::string why;
    std::uint64_t triangles = 0;  // drawn with the checker
};

struct MissionSceneReport {
    std::size_t objects = 0, objectsDrawn = 0, meshComponents = 0, nonGeometric = 0;
    std::size_t posedComponents = 0;  // components drawn in their CTLD pose
    std::uint64_t terrainTriangles = 0, objectTriangles = 0;
    std::size_t materials = 0, texturesResolved = 0, lightmapsDrawn = 0, untexturedMaterials = 0;
    std::size_t lightmapsMissing = 0;           // lightmap rows at slot -1 (drawn lit, without the lightmap)
    std::uint64_t terrainSecondLayerFaces = 0;  // faces with a Land1 row: second layer not drawn
    std::size_t terrainLightmapRows = 0;        // LIGHTMAPS rows of the Land tables: not drawn
    std::vector<UnresolvedMaterial> unresolved;
    [[nodiscard]] std::uint64_t triangles() const { return terrainTriangles + objectTriangles; }
};

// Instanced mode: one (model, pose) appended once, its meshes Scene::meshes[firstMesh, firstMesh + meshCount).
struct InstancedModel {
    std::string name;  // "units.rlb:tank.msh" (cp1251 -> UTF-8)
    std::size_t firstMesh = 0, meshCount = 0;
    std::uint64_t triangles = 0;
};

// Instanced mode: a placed object still in the world (deleted ones are absent), its section 12.4 placement and
// the InstancedModel of each of its mesh components, in component order (empty = non-geometric).
struct ObjectInstance {
    std::size_t object = 0;  // TMA index
    std::string name;        // instance name, or the resource name when it has none
    Mat4 placement = Mat4::identity();
    std::vector<std::size_t> models;
};

struct MissionScene {
    vestige::scene::Scene scene;
    vestige::scene::Camera camera;  // frames the terrain
    MissionSceneReport report;
    // Instanced mode only: the terrain mesh index (kNone without terrain faces), the shared models and the objects.
    std::uint32_t terrainMesh = vestige::scene::kNone;
    std::vector<InstancedModel> models;
    std::vector<ObjectInstance> instances;
};

// Section 12.4 [L]: world = R * (scale (.) local) + position, R = Rz(o.z) * Ry(o.y) * Rx(o.x), radians.
[[nodiscard]] Mat4 placementMatrix(const world::Transform& transform);

[[nodiscard]] Result<MissionScene> toScene(const mission::LoadedMission& mission,
                                           const MissionSceneOptions& options = {});

// The report as a JSON object (`vestige render --stats`).
[[nodiscard]] std::string reportJson(const MissionSceneReport& report);

}  // namespace vestige::iron3d::scene
