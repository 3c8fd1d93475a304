#pragma once
// Interpreted view of a studio model: the three files checked against each other (checksums, counts), LOD
// triangle lists per mesh resolved the way the engine does (VTX strip index -> strip-group vertex ->
// origMeshVertID -> LOD-fixed VVD vertex model.vertexindex/48 + mesh.vertexoffset + origMeshVertID),
// the skeleton's bind pose, and the glTF export.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/mdl/mdl.hpp"
#include "vestige/source/mdl/vtx.hpp"
#include "vestige/source/mdl/vvd.hpp"

namespace vestige::source::mdl {

struct StudioFiles {
    Mdl mdl;
    Vvd vvd;
    Vtx vtx;
    std::string mdlName = "model.mdl", vvdName = "model.vvd", vtxName = "model.dx90.vtx";  // for errors
};

// Cross-file checks: equal checksums (error names both files and both values) and matching body part /
// model / mesh counts between the .mdl and the .vtx.
[[nodiscard]] Status checkSiblings(const StudioFiles& files);
// Reads the three files and runs checkSiblings.
[[nodiscard]] Result<StudioFiles> readStudio(ByteView mdl, ByteView vvd, ByteView vtx,
                                             std::string mdlName = "model.mdl", std::string vvdName = "model.vvd",
                                             std::string vtxName = "model.dx90.vtx");

struct ViewVertex {
    Vec3 pos, normal;
    Vec2 uv;
    std::array<float, 3> weights{};
    std::array<int, 3> bones{};  // MDL bone indices
    int numBones = 0;
    std::uint32_t vvdIndex = 0;  // index into Vvd::vertices
};

struct ViewMesh {
    int bodyPart = 0, model = 0, mesh = 0;
    int material = 0;                    // skin-table column
    std::string materialName;            // texture name for skin family 0 ("" when the table is empty)
    std::vector<ViewVertex> vertices;    // the VVD vertices the triangles use, first-use order
    std::vector<std::uint32_t> indices;  // triangle list into `vertices`, clockwise-front (Source order)
};

struct ViewBone {
    std::string name;
    int parent = -1;
    Vec3 pos;
    Quat quat;
    Mat4 bindWorld;   // parent-first accumulation of (pos, quat)
    Mat4 poseToBone;  // as stored (the inverse bind matrix used for skinning)
};

struct ModelView {
    std::vector<ViewBone> bones;
    std::vector<ViewMesh> meshes;
    std::size_t triangles = 0;
};

struct ViewOptions {
    int lod = 0;
    int body = 0;  // body-group value: submodel (body / base) % nummodels per body part
    // glTF only: one glTF animation per local sequence (its first animation), every frame sampled with
    // sampleAnimation (animation.hpp). Animations stored in an .ani block file are skipped with a warning.
    bool animations = false;
};

[[nodiscard]] Result<ModelView> buildView(const StudioFiles& files, const ViewOptions& options = {});

// glTF export (binary). Source is right-handed Z-up in inches; like the BSP export, a root node rotates
// -90 degrees about X (Z-up -> Y-up) and the units stay inches (no scale). Triangles are reversed to glTF's
// counter-clockwise front. The skeleton is a node tree under the root, the mesh is skinned (JOINTS_0 /
// WEIGHTS_0, inverse bind matrices = poseToBone), materials are named after the skin-family-0 textures;
// with options.animations the sequences become glTF animations of the bone nodes.
[[nodiscard]] Result<Bytes> exportGlb(const StudioFiles& files, const ViewOptions& options = {});

}  // namespace vestige::source::mdl
