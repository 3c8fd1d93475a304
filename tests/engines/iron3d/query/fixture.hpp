#pragma once
// Helpers for query tests: every slot query runs through both the literal scan and the index, and the
// two answers must be identical to the bit.
#include <gtest/gtest.h>

#include <bit>

#include "vestige/iron3d/query/builder.hpp"
#include "vestige/iron3d/query/slot_query.hpp"
#include "vestige/iron3d/query/world_query.hpp"

namespace vestige::iron3d::query::test {

inline bool sameHit(const std::optional<SlotHit>& a, const std::optional<SlotHit>& b) {
    if (a.has_value() != b.has_value()) return false;
    if (!a) return true;
    return bitEqual(a->point.x, b->point.x) && bitEqual(a->point.y, b->point.y) && bitEqual(a->point.z, b->point.z) &&
           bitEqual(a->distance2, b->distance2) && a->batch == b->batch && a->face == b->face &&
           a->descriptor == b->descriptor && a->reversed == b->reversed;
}

// Runs the scan and the index; fails the test when they disagree; returns the scan's answer.
inline SlotResult both(const msh::ModelData& d, std::uint32_t node, std::uint32_t slot, Segment seg,
                       const Masks& masks = {}) {
    auto scan = scanSlotSegment(d, node, slot, seg, masks);
    auto model = QueryModel::create(d);
    EXPECT_TRUE(model.ok()) << (model.ok() ? "" : model.error().render());
    if (!scan.ok() || !model.ok()) {
        ADD_FAILURE() << (scan.ok() ? "" : scan.error().render());
        return {};
    }
    auto indexed = model->querySlot(node, slot, seg, masks);
    EXPECT_TRUE(indexed.ok());
    if (indexed.ok()) {
        EXPECT_EQ(indexed->outcome, scan->outcome);
        EXPECT_TRUE(sameHit(indexed->hit, scan->hit)) << "index and scan disagree";
    }
    return *scan;
}

// A one-sided wall rectangle in the plane x = `x` facing -x, y and z in [lo, hi].
inline void wall(ModelBuilder& b, float x, float lo = -1, float hi = 1, std::uint16_t triFlags = 0) {
    b.addQuad({x, lo, lo}, {x, lo, hi}, {x, hi, hi}, {x, hi, lo}, triFlags);
}

// A one-node model with one slot; `fill` adds batches and faces.
template <class F>
msh::ModelData oneSlot(F&& fill, std::uint16_t nodeFlags = 0) {
    ModelBuilder b;
    b.addNode(msh::kNone, nodeFlags);
    b.beginSlot(0);
    fill(b);
    return b.finish();
}

inline Segment alongX(float from, float to, float y = 0.25f, float z = 0.25f) { return {{from, y, z}, {to, y, z}}; }

}  // namespace vestige::iron3d::query::test
