#pragma once
// One slot's faces in scan order and a bounding-volume hierarchy over the region where each face can
// report a hit. The hierarchy only decides which faces reach crossFace(); the answer is the scan's:
// the nearest candidate, equal distances going to the later face in scan order.
#include <cstdint>
#include <optional>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/msh/msh.hpp"
#include "vestige/iron3d/query/slot_query.hpp"

namespace vestige::iron3d::query {

struct IndexedFace {
    Vec3 v0, v1, v2;
    Vec3 normal;                   // decoded type-7 normal
    std::uint32_t batchDword = 0;  // batch_flags | material_index_hi << 16
    std::uint32_t batch = 0;
    std::uint32_t face = 0;
    std::uint32_t descriptor = 0;
    std::uint16_t triFlags = 0;
};

struct BvhNode {
    Vec3 min;
    std::uint32_t start = 0;  // leaf: first entry of SlotIndex::leafFaces; inner: first child
    Vec3 max;
    std::uint32_t count = 0;  // leaf: number of faces; 0 = inner node (children start, start + 1)
};

struct SlotIndex {
    std::vector<IndexedFace> faces;        // scan order
    std::vector<std::uint32_t> leafFaces;  // face indices, grouped by leaf
    std::vector<BvhNode> nodes;            // nodes[0] = root (absent when no bounded face)
    std::vector<std::uint32_t> always;     // faces whose hit region has no reliable bound, tested every time
    std::optional<Error> invalid;          // the descriptor cursor runs past type 7 (every query reports it)

    [[nodiscard]] static SlotIndex build(const msh::ModelData& data, std::uint32_t slot);
    // Nearest hit by the scan's rule among faces passing the masks (node mask already checked).
    void query(const Segment& segment, const Masks& masks, SlotResult& out) const;
};

// The descriptor-cursor check both methods run before anything else.
[[nodiscard]] Status checkDescriptorRange(const msh::ModelData& data, std::uint32_t slot);

}  // namespace vestige::iron3d::query
