// query_slot_segment: the literal scan and the indexed query. Rules: include/vestige/iron3d/query/slot_query.hpp.
#include "vestige/iron3d/query/slot_query.hpp"

#include <fmt/format.h>

#include <cmath>

#include "face_test.hpp"
#include "slot_index.hpp"

namespace vestige::iron3d::query {

const char* toString(Outcome o) {
    switch (o) {
        case Outcome::Hit:
            return "hit";
        case Outcome::Miss:
            return "miss";
        case Outcome::NoDescriptors:
            return "no_descriptors";
    }
    return "?";
}

namespace {

bool inRange(Vec3 v) {
    return std::fabs(v.x) <= kCoordinateLimit && std::fabs(v.y) <= kCoordinateLimit &&
           std::fabs(v.z) <= kCoordinateLimit;
}

// Argument checks shared by both methods; the first answer (an error or NoDescriptors) wins.
Result<bool> checkArguments(const msh::ModelData& d, std::uint32_t node, std::uint32_t slot, const Segment& seg) {
    if (node >= d.nodes.size())
        return Error("query.node_index", "no such node")
            .field("node")
            .expected(fmt::format("< {}", d.nodes.size()))
            .actual(std::to_string(node));
    if (slot >= d.slots.size())
        return Error("query.slot_index", "no such slot")
            .field("slot")
            .expected(fmt::format("< {}", d.slots.size()))
            .actual(std::to_string(slot));
    if (!inRange(seg.a) || !inRange(seg.b))
        return Error("query.segment", "segment endpoints must be finite and within +-1e9")
            .field(inRange(seg.a) ? "to" : "from")
            .expected("finite coordinates, |v| <= 1e9")
            .actual(fmt::format("({}, {}, {})", inRange(seg.a) ? seg.b.x : seg.a.x, inRange(seg.a) ? seg.b.y : seg.a.y,
                                inRange(seg.a) ? seg.b.z : seg.a.z));
    return d.triangles.has_value();
}

}  // namespace

Result<SlotResult> scanSlotSegment(const msh::ModelData& d, std::uint32_t node, std::uint32_t slot,
                                   const Segment& segment, const Masks& masks) {
    VESTIGE_TRY(const bool hasDescriptors, checkArguments(d, node, slot, segment));
    SlotResult out;
    if (!hasDescriptors) {
        out.outcome = Outcome::NoDescriptors;
        return out;
    }
    VESTIGE_CHECK(checkDescriptorRange(d, slot));
    if (!masks.node.passes(d.nodes[node].flags)) return out;
    const Vec3 s = segment.a, e = segment.b, dir = e - s;
    const msh::Slot& sl = d.slots[slot];
    std::uint32_t cursor = sl.triStart;
    detail::Crossing c;
    for (std::uint32_t b = sl.batchStart; b < std::uint32_t{sl.batchStart} + sl.batchCount; ++b) {
        const msh::Batch& batch = d.batches[b];
        const std::uint32_t faces = batch.indexCount / 3u;
        if (masks.batch.passes(batch.leadingDword())) {
            for (std::uint32_t f = 0; f < faces; ++f) {
                const msh::TriangleDescriptor& t = (*d.triangles)[cursor + f];
                if (!masks.tri.passes(t.flags)) continue;
                ++out.facesTested;
                const std::uint16_t* ix = d.indices.data() + batch.indexStart + 3 * f;
                const Vec3 v0 = d.positions[batch.baseVertex + ix[0]];
                const Vec3 v1 = d.positions[batch.baseVertex + ix[1]];
                const Vec3 v2 = d.positions[batch.baseVertex + ix[2]];
                if (!detail::crossFace(s, e, dir, v0, v1, v2, detail::decodeNormal(t.normal),
                                       (batch.flags & kBatchReverse) != 0, c))
                    continue;
                const float d2 = lengthSquared(c.point - s);
                if (!out.hit || d2 <= out.hit->distance2) out.hit = SlotHit{c.point, d2, b, f, cursor + f, c.reversed};
            }
        }
        cursor += faces;  // after every batch, filtered or not
    }
    out.outcome = out.hit ? Outcome::Hit : Outcome::Miss;
    return out;
}

QueryModel::QueryModel() = default;
QueryModel::QueryModel(QueryModel&&) noexcept = default;
QueryModel& QueryModel::operator=(QueryModel&&) noexcept = default;
QueryModel::~QueryModel() = default;

Result<QueryModel> QueryModel::create(std::shared_ptr<const msh::ModelData> data) {
    if (!data) return Error("query.model", "no model data");
    VESTIGE_CHECK(msh::validate(*data));
    for (std::size_t i = 0; i < data->positions.size(); ++i)
        if (!inRange(data->positions[i]))
            return Error("query.coordinate_range", "a position is outside the query's +-1e9 range")
                .in("stream", "type 3")
                .record(i)
                .field("xyz")
                .expected("|v| <= 1e9");
    QueryModel m;
    m.mData = std::move(data);
    m.mSlots.reserve(m.mData->slots.size());
    for (std::uint32_t s = 0; s < m.mData->slots.size(); ++s) m.mSlots.push_back(SlotIndex::build(*m.mData, s));
    return m;
}

Result<QueryModel> QueryModel::create(msh::ModelData data) {
    return create(std::make_shared<const msh::ModelData>(std::move(data)));
}

Result<SlotResult> QueryModel::querySlot(std::uint32_t node, std::uint32_t slot, const Segment& segment,
                                         const Masks& masks) const {
    VESTIGE_TRY(const bool hasDescriptors, checkArguments(*mData, node, slot, segment));
    SlotResult out;
    if (!hasDescriptors) {
        out.outcome = Outcome::NoDescriptors;
        return out;
    }
    const SlotIndex& idx = mSlots[slot];
    if (idx.invalid) return *idx.invalid;
    if (!masks.node.passes(mData->nodes[node].flags)) return out;
    idx.query(segment, masks, out);
    return out;
}

Result<SlotResult> querySlotSegment(const QueryModel& model, std::uint32_t node, std::uint32_t slot,
                                    const Segment& segment, const Masks& masks) {
    return model.querySlot(node, slot, segment, masks);
}

}  // namespace vestige::iron3d::query
