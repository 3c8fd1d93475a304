#pragma once
// Studio models in the map scene: the prop_static records of the 'sprp' game lump and the entities whose "model"
// key names a .mdl (prop_dynamic, prop_physics, prop_door_rotating, ...), drawn through the content mounts.
//
//   prop / entity ──model path──▶ mounts: <name>.mdl, <name>.vvd, <name>.dx90.vtx ──▶ mdl::buildView (LOD 0, body 0)
//        │                                                                            │ once per model
//        ▼                                                                            ▼
//   placement = origin + angleMatrix(pitch, yaw, roll)           skin family -> texture -> first $cdmaterials
//   (one scene::Mesh per instance, vertices copied from          directory whose VMT exists -> applyMaterial
//    the model's one conversion; the renderer has no instancing)  (checker + missing lists when it fails)
//
// Lighting: the scene's sun and ambient term (light_environment), per pixel from the model's normals; no leaf
// ambient cube, no static prop vertex lighting. Fade distances, LODs above 0, body groups and detail props
// ('dprp') are not drawn. A model that cannot be found or read is listed in PropReport::missingModels with the
// reason and its instances counted in `notDrawn`; a prop with a non-finite origin or angles is counted in
// `badPlacement`.
#include <cstddef>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/content/mounts.hpp"
#include "vestige/source/mdl/view.hpp"
#include "vestige/source/scene/materials.hpp"

namespace vestige::source::scene {

struct PropInstance {
    std::string model;  // as the map names it, '\' read as '/'
    Vec3 origin, angles;
    std::int32_t skin = 0;
    bool isStatic = true;  // a 'sprp' record; false: an entity (`entity` = its index in the entity lump)
    std::size_t entity = 0;
};

struct MissingModel {
    std::string model;
    std::string code, reason;  // the error's code and rendered text
    std::size_t instances = 0;
};

struct PropReport {
    std::size_t staticProps = 0;              // 'sprp' records
    std::size_t entityProps = 0;              // drawn-class entities with a .mdl model key
    std::size_t drawn = 0;                    // instances placed in the scene
    std::size_t notDrawn = 0;                 // instances of models in missingModels
    std::size_t badPlacement = 0;             // non-finite origin or angles
    std::size_t modelsLoaded = 0;             // distinct models read and converted
    std::size_t triangles = 0;                // over the drawn instances
    std::vector<MissingModel> missingModels;  // sorted by model
};

// The instances of a map: 'sprp' records in lump order, then entities with a .mdl model key in lump order
// (mapmesh::isHiddenEntity's classes and flags left out, as for brush entities).
[[nodiscard]] std::vector<PropInstance> collectProps(const bsp::Bsp& map);

// The three files of a studio model from the mounts (first mount that has each); content.not_found / mdl.* errors
// name the file.
[[nodiscard]] Result<mdl::StudioFiles> loadStudioModel(const content::Mounts& mounts, std::string_view modelPath);

// The material of a model texture: the first $cdmaterials directory under which materials/<dir><texture>.vmt
// exists, else the first directory's name (so the missing list names what was looked for).
[[nodiscard]] std::string modelMaterialName(const content::Mounts& mounts, const mdl::Mdl& model,
                                            std::string_view texture);

// The placement of a prop: Source's AngleMatrix of (pitch, yaw, roll) degrees, then the origin.
[[nodiscard]] Mat4 propPlacement(Vec3 origin, Vec3 angles);

// Adds one scene mesh per drawable instance to ctx.scene (materials through ctx) and fills `report`.
void addProps(MaterialContext& ctx, const std::vector<PropInstance>& props, PropReport& report);

}  // namespace vestige::source::scene
