#pragma once
// CAniMesh: one flat `pieces` vector aggregating several .msh loads (seed 001), posed with the
// Node38 sampler, with the native joint bounds queries.
//
// One append = one .msh load; every piece it creates gets the load's tag.
//   tag == 0 (primary model, first load only): node i -> piece first_new + i (= i), parent p -> p.
//   tag != 0 (attached):  source node 0 is skipped (virtual attach root);
//                         node j >= 1 -> piece first_new + j - 1;
//                         parent 0      -> attach_parent_absolute_piece_index
//                         parent p > 0  -> first_new + p - 1
//                         parent 0xFFFF -> none
//   the first piece created by a load carries SUBMODEL_ROOT (0x01000000).
// Parents always precede children (node parents are < the node, attach parents already exist).
//
// Piece runtime flags: the MSH01 node flags (hdr0) in the low 16 bits | SUBMODEL_ROOT.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/iron3d/animation/animation.hpp"
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::animesh {

constexpr std::uint32_t kSubmodelRoot = 0x01000000;  // MSH_PIECE_FLAG_SUBMODEL_ROOT
constexpr int kModelStateDefault = -1;               // "the piece's own state"
constexpr int kModelStateRegular = 0;
constexpr int kModelStateCollapsed = 1;

struct Load {
    std::string name;
    std::uint32_t tag = 0;
    std::optional<std::uint32_t> attachParent;  // absolute piece index (tag != 0)
    std::uint32_t firstPiece = 0;
    std::uint32_t pieceCount = 0;
    std::shared_ptr<const msh::ModelData> model;
    animation::ModelAnimation animation;
};

struct Piece {
    std::uint32_t tag = 0;
    std::uint32_t load = 0;               // index into AniMesh::loads()
    std::uint16_t sourceNode = 0;         // node of that load's .msh
    std::optional<std::uint32_t> parent;  // absolute piece index
    std::uint16_t nodeFlags = 0;          // MSH01 hdr0
    std::uint32_t flags = 0;              // nodeFlags | kSubmodelRoot
    int state = kModelStateRegular;       // the state kModelStateDefault resolves to
    std::string name;
    std::optional<float> time;           // animation time; nullopt = fallback key
    std::optional<std::uint32_t> frame;  // explicit type 19 frame; overrides `time` when set
    animation::Pose local;               // conjugated source-local pose
    animation::Pose mesh;                // composed, mesh space
    animation::SampleInfo sample;
    [[nodiscard]] bool submodelRoot() const { return (flags & kSubmodelRoot) != 0; }
};

enum class JointSpace { Mesh, World };
enum class BoundsScope { SinglePiece, Subtree };

// Which children a subtree query visits (node flags are the MSH01 hdr0 bits).
struct JointBoundsFilter {
    std::uint16_t excludeNodeFlags = 0;  // a child sharing a bit is skipped with its whole branch
    std::uint16_t stopNodeFlags = 0;     // a piece sharing a bit contributes itself but not its children
    bool sameTagOnly = false;            // stay inside the queried piece's submodel
};

struct BoundsQuery {
    int lod = 0;                     // 0..4
    int state = kModelStateDefault;  // -1 = each piece's own state
    JointSpace space = JointSpace::Mesh;
    BoundsScope scope = BoundsScope::Subtree;
    std::optional<float> meshScale;  // scales the slot box before the joint transform
    JointBoundsFilter filter;
};

class AniMesh {
public:
    // Appends one .msh load; returns the index of the first piece created. The model is validated
    // (msh::validate + ModelAnimation); a tag 0 load must come first; a tag != 0 load needs an
    // existing attach parent.
    [[nodiscard]] Result<std::uint32_t> append(std::string name, msh::ModelData model, std::uint32_t tag,
                                               std::optional<std::uint32_t> attachParent = std::nullopt);

    [[nodiscard]] const std::vector<Piece>& pieces() const { return mPieces; }
    [[nodiscard]] const std::vector<Load>& loads() const { return mLoads; }
    [[nodiscard]] std::vector<std::uint32_t> children(std::uint32_t piece) const;

    void setPlacement(const animation::Placement& p) { mPlacement = p; }
    [[nodiscard]] const animation::Placement& placement() const { return mPlacement; }
    [[nodiscard]] Status setTime(std::uint32_t piece, std::optional<float> time);
    void setAllTimes(std::optional<float> time);  // also clears frame overrides
    // Explicit frame for every piece (a global override, like a static animation frame).
    void setAllFrames(std::uint32_t frame);
    [[nodiscard]] Status setState(std::uint32_t piece, int state);

    // Samples every piece at its time, composes parent before child and refreshes the cached
    // whole-mesh bounds (piece 0 subtree, lod 0, default state, mesh space, default filter).
    [[nodiscard]] Status update();

    [[nodiscard]] Mat4 jointMatrix(std::uint32_t piece, JointSpace space) const;
    // The (lod, state) slot of a piece; nullopt = no geometry (helper/socket joint).
    [[nodiscard]] Result<std::optional<std::uint16_t>> resolveSlot(std::uint32_t piece, int lod, int state) const;

    // Native IJointMesh bounds: see docs/animation.md.
    [[nodiscard]] Result<Aabb> computeJointBoundingBox(std::uint32_t piece, const BoundsQuery& q = {}) const;
    [[nodiscard]] Result<Sphere> computeJointBoundingSphere(std::uint32_t piece, const BoundsQuery& q = {}) const;
    [[nodiscard]] const Aabb& cachedMeshBox() const { return mCachedBox; }
    [[nodiscard]] const Sphere& cachedMeshSphere() const { return mCachedSphere; }

private:
    [[nodiscard]] Status checkPiece(std::uint32_t piece) const;
    [[nodiscard]] Result<Aabb> pieceBox(std::uint32_t piece, const BoundsQuery& q) const;
    [[nodiscard]] Status subtreeBox(std::uint32_t piece, const BoundsQuery& q, std::uint32_t rootTag, Aabb& box) const;

    std::vector<Load> mLoads;
    std::vector<Piece> mPieces;
    std::vector<std::vector<std::uint32_t>> mChildren;
    animation::Placement mPlacement;
    Aabb mCachedBox;
    Sphere mCachedSphere;
};

// Human text and JSON for a posed mesh: per piece index, tag, source node, name, parent, flags,
// local and mesh-space transform (translation, quaternion XYZW, 4x4) and joint bounds (box, sphere).
[[nodiscard]] Result<std::string> describeText(const AniMesh& mesh, const BoundsQuery& q = {});
[[nodiscard]] Result<std::string> describeJson(const AniMesh& mesh, const BoundsQuery& q = {});

// One trace event per tick: every piece's mesh-space pose and the cached whole-mesh box, with
// time = (tick % period) * step for every piece. Used for the determinism check.
[[nodiscard]] Status traceTicks(AniMesh& mesh, TraceSink& sink, std::uint64_t ticks, float step = 0.25f,
                                std::uint64_t period = 64);

}  // namespace vestige::iron3d::animesh
