#pragma once
// query_building_segment_world: a world segment against a list of (node, slot, world_from_node) of one
// model, with the CBuilding helper retry (seed 000 "Мировой отрезок по выбранным узлам"; GOG Terrain.dll
// RVA 0x35430 / 0x35961, AniMesh.dll RVA 0x134D0 / 0x10A50).
//
//   pass 1: the input list in its order; segment_node = inverse(world_from_node) * segment_world;
//           hit_world = world_from_node * hit_node; distance2 = |hit_world - original_start|^2;
//           the nearest wins, an equal later candidate replaces the earlier one.
//   every pass excludes Batch20 flags 0x0200 and type-7 tri_flags 0x0024 (on top of the caller's masks).
//   each pass's nearest hit is one visit; visit 200 ends the query with an error, before the 0x0008 check.
//   nearest batch flag 0x0008 (helper): its local_batch_index (+ model base 0) names a new Node38 root;
//           0xFFFF is a data error; the next pass runs from the helper hit's world point to the original end
//           over the root's subtree: children (in node order) before the node itself; header 0x0010 stops
//           the descent below a node; a child with 0x0004 is skipped with its whole branch (0x0004 on the
//           root itself does not stop its own geometry); metadata of unlisted nodes is walked, slot queries
//           run only for nodes in the input list (every list entry of that node, in list order).
//   distances are always measured from the original start.
// Our readings where the seed is silent (docs/query.md): a retry pass without a hit ends in a miss; the
// input list order is the caller's (the original's choice of the first roots is not recovered).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vestige/iron3d/animesh/animesh.hpp"
#include "vestige/iron3d/query/slot_query.hpp"

namespace vestige::iron3d::query {

constexpr std::uint16_t kBatchHelper = 0x0008;
constexpr std::uint32_t kWorldBatchExclude = 0x0200;
constexpr std::uint32_t kWorldTriExclude = 0x0024;
constexpr std::uint16_t kNodeExcludeBranch = 0x0004;
constexpr std::uint16_t kNodeStopDescent = 0x0010;
constexpr std::uint32_t kVisitLimit = 200;

struct WorldNode {
    std::uint32_t node = 0;
    std::uint32_t slot = 0;
    Mat4 worldFromNode = Mat4::identity();
};

struct WorldHit {
    Vec3 point;               // world space
    float distance2 = 0;      // from the original start
    Vec3 nodePoint;           // the same hit in node space
    std::uint32_t entry = 0;  // index into the input list
    std::uint32_t node = 0, slot = 0;
    std::uint32_t batch = 0, face = 0, descriptor = 0;
    bool reversed = false;
    bool helper = false;  // the batch has 0x0008
};

struct PassInfo {
    std::optional<std::uint32_t> root;  // nullopt: the first pass (input list order)
    Vec3 start;                         // world start of this pass
    std::uint32_t slotQueries = 0;
    std::optional<WorldHit> nearest;
};

struct WorldResult {
    Outcome outcome = Outcome::Miss;
    std::optional<WorldHit> hit;  // the final (non-helper) hit
    std::uint32_t passes = 0;
    std::uint32_t visits = 0;
    std::vector<PassInfo> trace;  // one per pass
};

[[nodiscard]] Result<WorldResult> queryBuildingSegmentWorld(const QueryModel& model, std::span<const WorldNode> nodes,
                                                            const Segment& world, const Masks& extra = {});

// The input list for one load of a posed CAniMesh: every piece of the load with a slot at (lod, state)
// in piece order, world_from_node = the piece's world joint matrix (placement * mesh pose). Call
// AniMesh::update() first.
[[nodiscard]] Result<std::vector<WorldNode>> posedNodes(const animesh::AniMesh& mesh, std::uint32_t load, int lod = 0,
                                                        int state = animesh::kModelStateDefault);

}  // namespace vestige::iron3d::query
