#pragma once
// Iron3D segment query over one node and slot of an MSH model (seed 000 "Type 7 и сегментный запрос",
// recovered from GOG AniMesh.dll +0x11090 and Ngi32.dll +0x1D560 / ordinal 202 mrnPointInPoly).
//
// The bytes it reads (layouts: vestige/iron3d/msh/msh.hpp):
//   Node38  +0x00 u16 hdr0                  -> node mask
//   Slot68  +0x00 u16 tri_start             -> first type-7 descriptor of the slot
//           +0x04 u16 batch_start, +0x06 u16 batch_count
//   Batch20 +0x00 u16 batch_flags, +0x02 u16 material_index_hi
//                                           -> batch mask on batch_flags | material_index_hi << 16
//           +0x08 u16 index_count, +0x0A u32 index_start, +0x10 u32 base_vertex
//   TriDesc16 +0x00 u16 tri_flags           -> triangle mask
//             +0x08 i16 normal[3]           -> plane normal, x 1/32767
//   type 6 u16 indices (+ base_vertex) into type 3 float3 positions
//
// Rules:
//   mask field: include = every include bit set; exclude = no exclude bit set;
//   descriptor cursor = tri_start, += index_count / 3 after EVERY batch (also a filtered one);
//     face f of a batch uses descriptor cursor + f and indices index_start + 3f .. + 2;
//   plane through the face's first vertex, threshold 0:
//     forward  d(start) > 0, d(end) <= 0, dot(n, end - start) < 0;
//     reverse  (only batch_flags & 0x0002, only when forward did not cross) the same on end -> start;
//   point in polygon (mrnPointInPoly): project on the axis of the largest |n| component, pass while no
//     edge expression is < 0 (edges and vertices hit);
//   nearest by squared distance from the segment's first endpoint; an equal later candidate replaces
//   the earlier one (scan order: batch order, then face order);
//   no type 7 -> Outcome::NoDescriptors (neither an error nor a miss).
// Our numerical choices (docs/query.md): the crossing parameter t = d(start) / -dot(n, dir) is clamped
// to <= 1 (exact arithmetic never exceeds it) so a hit point stays on the segment; plain f32 division,
// where the original uses RCPSS plus one refinement step. Coordinates (model positions and segment
// endpoints) are limited to |v| <= 1e9 so no product in the tests overflows (query.coordinate_range).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::query {

constexpr std::uint16_t kBatchReverse = 0x0002;  // batch_flags: reverse plane test allowed
constexpr float kNormalScale = 1.0f / 32767.0f;
constexpr float kCoordinateLimit = 1e9f;

struct FieldMask {
    std::uint32_t include = 0;  // every bit must be set
    std::uint32_t exclude = 0;  // any set bit skips the record
    [[nodiscard]] constexpr bool passes(std::uint32_t value) const {
        return (value & include) == include && (value & exclude) == 0;
    }
};

struct Masks {
    FieldMask node;   // Node38 hdr0
    FieldMask batch;  // Batch20 batch_flags | material_index_hi << 16
    FieldMask tri;    // TriDesc16 tri_flags
};

enum class Outcome : std::uint8_t { Hit, Miss, NoDescriptors };
[[nodiscard]] const char* toString(Outcome o);

struct SlotHit {
    Vec3 point;                    // node space
    float distance2 = 0;           // from the segment's first endpoint
    std::uint32_t batch = 0;       // type 13 record
    std::uint32_t face = 0;        // face within the batch
    std::uint32_t descriptor = 0;  // type 7 record
    bool reversed = false;         // found by the 0x0002 reverse test
};

struct SlotResult {
    Outcome outcome = Outcome::Miss;
    std::optional<SlotHit> hit;
    std::uint32_t facesTested = 0;  // faces that reached the plane test (a cost figure, differs by method)
};

// Face records of one slot in scan order plus a bounding-volume hierarchy over them (built once).
struct SlotIndex;

// A validated model prepared for queries. Geometry is node-local, so one index serves every pose.
class QueryModel {
public:
    [[nodiscard]] static Result<QueryModel> create(std::shared_ptr<const msh::ModelData> data);
    [[nodiscard]] static Result<QueryModel> create(msh::ModelData data);
    QueryModel(QueryModel&&) noexcept;
    QueryModel& operator=(QueryModel&&) noexcept;
    ~QueryModel();

    [[nodiscard]] const msh::ModelData& data() const { return *mData; }
    [[nodiscard]] bool hasDescriptors() const { return mData->triangles.has_value(); }
    // The indexed query: same answer as scanSlotSegment, found through the slot's hierarchy.
    [[nodiscard]] Result<SlotResult> querySlot(std::uint32_t node, std::uint32_t slot, const Segment& segment,
                                               const Masks& masks) const;

private:
    QueryModel();
    std::shared_ptr<const msh::ModelData> mData;
    std::vector<SlotIndex> mSlots;
};

// query_slot_segment: the indexed query (QueryModel::querySlot).
[[nodiscard]] Result<SlotResult> querySlotSegment(const QueryModel& model, std::uint32_t node, std::uint32_t slot,
                                                  const Segment& segment, const Masks& masks = {});
// The same rule as a literal walk over every batch and face of the slot; the reference the index is
// checked against (tests, fuzz, bench). `data` must be valid (msh::validate).
[[nodiscard]] Result<SlotResult> scanSlotSegment(const msh::ModelData& data, std::uint32_t node, std::uint32_t slot,
                                                 const Segment& segment, const Masks& masks = {});

}  // namespace vestige::iron3d::query
