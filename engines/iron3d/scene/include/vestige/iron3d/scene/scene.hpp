#pragma once
// Iron3D MSH -> backend-neutral scene (vestige::scene), posed by the node animation sampler.
//
//   * geometry: msh::staticGeometry(state, lod); one scene::Mesh per node with geometry, vertices = the
//     node's used vertex span, indices = baseVertex + index - spanStart, in the original order;
//   * one DrawRange per Batch20 record of the slot, same order, ironFaceSide on with the raw batch flags, so
//     the seed-000 colour-pass side test (0x0002 / 0x4000 / determinant sign) decides the faces per frame;
//   * placement: the global node pose from animation::ModelAnimation (fallback key, one time for every node,
//     or per-node times), or node matrices given by the caller (e.g. a posed AniMesh piece tree);
//   * materials: toScene gives one flat lit colour per WEAR row (deterministic palette); appendModel takes the
//     caller's material per Batch20 record (the mission scene, mission_scene.hpp, resolves WEAR -> MAT0 -> Texm).
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/scene/scene.hpp"

namespace vestige::iron3d::scene {

struct SceneOptions {
    unsigned state = 0;
    unsigned lod = 0;
    // One animation time for every node (None = the fallback/static pose).
    std::optional<float> time;
    // Per-node times (one per node, None = fallback key); when non-empty it replaces `time`.
    std::vector<std::optional<float>> nodeTimes;
    // Global node matrices (one per node) computed by the caller; when non-empty they replace the sampler.
    std::vector<Mat4> nodeWorld;
};

// Colour of one WEAR row: golden-ratio hue steps, so neighbouring rows differ and stay stable.
[[nodiscard]] Vec4 wearColour(unsigned row);

// Global node matrices at the options' time(s), parent first.
[[nodiscard]] Result<std::vector<Mat4>> nodeMatrices(const msh::Model& model, const SceneOptions& options);

[[nodiscard]] Result<vestige::scene::Scene> toScene(const msh::Model& model, const SceneOptions& options = {});

// The scene material of one Batch20 record (its WEAR row and lightmap row); the caller owns Scene::materials.
using MaterialFor = std::function<Result<std::uint32_t>(const msh::DrawRange& range)>;
// Appends the model's meshes (the rules above) to `scene`, each node's placement = `placement` x node pose, mesh
// names prefixed by `prefix`. Returns the triangles appended.
[[nodiscard]] Result<std::uint64_t> appendModel(vestige::scene::Scene& scene, const msh::Model& model,
                                                const SceneOptions& options, const Mat4& placement,
                                                std::string_view prefix, const MaterialFor& materialFor);

}  // namespace vestige::iron3d::scene
