// MSH reader and validator: NRes framing first (nres::Archive), then each typed stream is found by
// type id, decoded record by record and cross-checked. Every error names the entry type, the record,
// the field and the absolute byte offset in the .msh. Layout picture: include/vestige/iron3d/msh/msh.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::msh {

Vec3 PackedNormal::decode() const {
    auto f = [](std::int8_t v) { return std::clamp(v / 127.0f, -1.0f, 1.0f); };
    return {f(x), f(y), f(z)};
}

Quat AnimKey::rotation() const {
    constexpr float k = 1.0f / 32767.0f;
    return Quat{wxyz[1] * k, wxyz[2] * k, wxyz[3] * k, wxyz[0] * k};
}

namespace {

// One typed entry of the archive, with what error messages need.
struct StreamRef {
    std::size_t entry = 0;
    std::uint32_t type = 0;
    std::string name;
    std::uint64_t base = 0;  // absolute offset of the payload
    const std::uint8_t* p = nullptr;
    std::size_t size = 0;
    std::uint32_t attr1 = 0, attr2 = 0, attr3 = 0;
};

Error streamError(const StreamRef& s, std::string code, std::string message, std::optional<std::uint64_t> record,
                  std::string_view field, std::uint64_t offsetInPayload) {
    Error e("msh." + std::move(code), std::move(message));
    e.at(s.base + offsetInPayload).field(std::string(field));
    if (record) e.record(*record);
    e.in("stream", fmt::format("type {}", s.type));
    e.entry(fmt::format("#{} {}", s.entry, s.name));
    return e;
}

// Size must be a whole number of records.
Status checkStride(const StreamRef& s, std::size_t stride, const char* what) {
    if (s.size % stride != 0)
        return streamError(s, "stream_size", fmt::format("{} payload is not a multiple of {} bytes", what, stride),
                           std::nullopt, "size", 0)
            .expected(fmt::format("multiple of {}", stride))
            .actual(std::to_string(s.size));
    return {};
}

bool finite3(Vec3 v) { return isFinite(v); }

// The streams every model must have (seed 000 entry map; iron3d.md section 5: exactly one each).
const char* requiredStreamName(std::uint32_t type) {
    switch (type) {
        case stream::kNodes: return "nodes";
        case stream::kSlots: return "slots";
        case stream::kPositions: return "positions";
        case stream::kIndices: return "indices";
        case stream::kBatches: return "batches";
        default: return "?";
    }
}
Vec3 loadVec3(const std::uint8_t* p) { return {loadF32(p), loadF32(p + 4), loadF32(p + 8)}; }

// Streams whose in-memory struct matches the on-disk record byte for byte are bulk-copied.
static_assert(std::endian::native == std::endian::little, "bulk copies assume a little-endian host");
static_assert(sizeof(Vec3) == 12 && sizeof(PackedNormal) == 4 && sizeof(PackedUv) == 4);
static_assert(sizeof(TriangleDescriptor) == kTriangleSize && offsetof(TriangleDescriptor, normal) == 8 &&
              offsetof(TriangleDescriptor, word14) == 14);
static_assert(sizeof(AnimKey) == kAnimKeySize && offsetof(AnimKey, time) == 12 && offsetof(AnimKey, wxyz) == 16);
static_assert(sizeof(Slot) == kSlotSize && offsetof(Slot, aabbMin) == 0x08 && offsetof(Slot, aabbMax) == 0x14 &&
              offsetof(Slot, sphereCenter) == 0x20 && offsetof(Slot, sphereRadius) == 0x2C && offsetof(Slot, opaque) == 0x30);

template <class T>
void bulkCopy(std::vector<T>& out, const std::uint8_t* p, std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>);
    out.resize(count);
    if (count) std::memcpy(out.data(), p, count * sizeof(T));
}

// True when any of the n floats at p is NaN or infinite (exponent bits all set); branch-free so it vectorises.
bool anyNonFinite(const float* p, std::size_t n) {
    std::uint32_t acc = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(p[i]);
        acc |= static_cast<std::uint32_t>((bits & 0x7F800000u) == 0x7F800000u);
    }
    return acc != 0;
}

// Shared between the reader and validate(): a check that knows how to describe a failure.
struct Checker {
    const ModelData& d;
    // Offsets for errors, when known (reader); otherwise errors carry record and field only.
    const StreamRef* nodes = nullptr;
    const StreamRef* slots = nullptr;
    const StreamRef* batches = nullptr;
    const StreamRef* indices = nullptr;

    Error fail(const StreamRef* s, std::uint32_t type, std::string code, std::string message, std::uint64_t record,
               std::string_view field, std::uint64_t offsetInPayload) const {
        if (s) return streamError(*s, std::move(code), std::move(message), record, field, offsetInPayload);
        Error e("msh." + std::move(code), std::move(message));
        e.field(std::string(field)).record(record).in("stream", fmt::format("type {}", type));
        return e;
    }

    Status run(std::string* hierarchyIssue) const {
        const std::size_t nodeCount = d.nodes.size();
        const std::size_t slotCount = d.slots.size();
        const std::size_t batchCount = d.batches.size();
        const std::size_t indexCount = d.indices.size();
        const std::size_t positionCount = d.positions.size();
        const std::size_t stride = d.nodeStride;

        // Nodes: slot references, animation references, parent links.
        for (std::size_t i = 0; i < nodeCount; ++i) {
            const Node& n = d.nodes[i];
            const std::uint64_t at = i * stride;
            if (n.variantTail.empty()) {
                for (unsigned k = 0; k < kStateCount * kLodCount; ++k) {
                    const auto s = n.slotTable[k];
                    if (s != kNone && s >= slotCount)
                        return fail(nodes, stream::kNodes, "node_slot",
                                    fmt::format("slot_index[state {} * 5 + lod {}] points past the slot table", k / kLodCount,
                                                k % kLodCount),
                                    i, fmt::format("slot_index[{}]", k), at + 8 + 2 * k)
                            .expected(fmt::format("0xFFFF or < {}", slotCount))
                            .actual(std::to_string(s));
                }
            }
            if (d.animKeys && n.fallbackKey >= d.animKeys->size())
                return fail(nodes, stream::kNodes, "node_fallback_key", "fallback_key points past the type 8 keys", i,
                            "fallback_key", at + 6)
                    .expected(fmt::format("< {}", d.animKeys->size()))
                    .actual(std::to_string(n.fallbackKey));
            if (n.animMapStart != kNone) {
                if (!d.frameMap)
                    return fail(nodes, stream::kNodes, "node_anim_map", "anim_map_start is set but there is no type 19 map", i,
                                "anim_map_start", at + 4)
                        .expected("0xFFFF")
                        .actual(std::to_string(n.animMapStart));
                const std::uint64_t end = std::uint64_t{n.animMapStart} + d.frameMap->frameCount;
                if (end > d.frameMap->words.size())
                    return fail(nodes, stream::kNodes, "node_anim_map", "the node's frame-map block runs past type 19", i,
                                "anim_map_start", at + 4)
                        .expected(fmt::format("anim_map_start + {} frames <= {}", d.frameMap->frameCount,
                                              d.frameMap->words.size()))
                        .actual(std::to_string(n.animMapStart));
            }
            if (n.parent != kNone && n.parent >= i) {
                auto e = fail(nodes, stream::kNodes, "node_parent", "parent must be 0xFFFF or a smaller node index", i,
                              "parent", at + 2)
                             .expected(fmt::format("0xFFFF or < {}", i))
                             .actual(std::to_string(n.parent));
                if (!hierarchyIssue) return e;
                if (hierarchyIssue->empty()) *hierarchyIssue = e.render();
            }
        }
        // Slots: batch and triangle ranges, finite ordered bounds.
        const std::size_t triCount = d.triangles ? d.triangles->size() : 0;
        for (std::size_t i = 0; i < slotCount; ++i) {
            const Slot& s = d.slots[i];
            const std::uint64_t at = kSlotHeaderSize + i * kSlotSize;
            if (std::uint64_t{s.batchStart} + s.batchCount > batchCount)
                return fail(slots, stream::kSlots, "slot_batch_range", "batch_start + batch_count runs past type 13", i,
                            "batch_count", at + 6)
                    .expected(fmt::format("<= {}", batchCount))
                    .actual(fmt::format("{} + {}", s.batchStart, s.batchCount));
            if (d.triangles && std::uint64_t{s.triStart} + s.triCount > triCount)
                return fail(slots, stream::kSlots, "slot_tri_range", "tri_start + tri_count runs past type 7", i, "tri_count",
                            at + 2)
                    .expected(fmt::format("<= {}", triCount))
                    .actual(fmt::format("{} + {}", s.triStart, s.triCount));
            for (int a = 0; a < 3; ++a) {
                if (!std::isfinite(s.aabbMin[a]) || !std::isfinite(s.aabbMax[a]))
                    return fail(slots, stream::kSlots, "slot_bounds", "AABB is not finite", i,
                                fmt::format("aabb_{}[{}]", std::isfinite(s.aabbMin[a]) ? "max" : "min", a),
                                at + (std::isfinite(s.aabbMin[a]) ? 0x14 : 0x08) + 4 * a);
                if (s.aabbMin[a] > s.aabbMax[a])
                    return fail(slots, stream::kSlots, "slot_bounds", "AABB min is greater than max", i,
                                fmt::format("aabb_min[{}]", a), at + 0x08 + 4 * a)
                        .expected(fmt::format("<= {}", s.aabbMax[a]))
                        .actual(fmt::format("{}", s.aabbMin[a]));
            }
            if (!finite3(s.sphereCenter))
                return fail(slots, stream::kSlots, "slot_sphere", "sphere centre is not finite", i, "sphere_center", at + 0x20);
            if (!std::isfinite(s.sphereRadius) || s.sphereRadius < 0)
                return fail(slots, stream::kSlots, "slot_sphere", "sphere radius must be finite and >= 0", i, "sphere_radius",
                            at + 0x2C)
                    .actual(fmt::format("{}", s.sphereRadius));
        }
        // Batches: index range inside type 6, every used vertex inside type 3.
        for (std::size_t i = 0; i < batchCount; ++i) {
            const Batch& b = d.batches[i];
            const std::uint64_t at = i * kBatchSize;
            if (std::uint64_t{b.indexStart} + b.indexCount > indexCount)
                return fail(batches, stream::kBatches, "batch_index_range", "index_start + index_count runs past type 6", i,
                            "index_count", at + 8)
                    .expected(fmt::format("<= {}", indexCount))
                    .actual(fmt::format("{} + {}", b.indexStart, b.indexCount));
            const std::uint16_t* first = d.indices.data() + b.indexStart;
            // The largest index decides; only on failure look for the first offender.
            std::uint16_t maxIndex = 0;
            for (std::uint32_t k = 0; k < b.indexCount; ++k) maxIndex = std::max(maxIndex, first[k]);
            if (b.indexCount > 0 && std::uint64_t{b.baseVertex} + maxIndex >= positionCount) {
                std::uint32_t k = 0;
                while (std::uint64_t{b.baseVertex} + first[k] < positionCount) ++k;
                auto e = fail(batches, stream::kBatches, "batch_vertex_range",
                              fmt::format("index {} at type 6 position {} plus base_vertex {} is past the {} positions",
                                          first[k], b.indexStart + k, b.baseVertex, positionCount),
                              i, "base_vertex", at + 0x10);
                return e.expected(fmt::format("base_vertex + index < {}", positionCount))
                    .actual(fmt::format("{} + {}", b.baseVertex, first[k]));
            }
        }
        return {};
    }
};

}  // namespace

Status validate(const ModelData& d) {
    if (d.nodeStride != kNodeSize && d.nodeStride != kNodeVariantSize)
        return Error("msh.node_stride", "node stride must be 38 (or the 24-byte variant)").field("nodeStride")
            .actual(std::to_string(d.nodeStride));
    if (d.slotHeader.size() != kSlotHeaderSize)
        return Error("msh.slot_header", "the type 2 header must be 0x8C bytes").field("slotHeader")
            .actual(std::to_string(d.slotHeader.size()));
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
        const std::size_t want = d.nodeStride == kNodeSize ? 0 : d.nodeStride - 8;
        if (d.nodes[i].variantTail.size() != want)
            return Error("msh.node_stride", "node variant tail does not match the stride").record(i).field("variantTail");
    }
    auto countMatches = [&](std::size_t n, const char* field) -> Status {
        if (n != d.positions.size())
            return Error("msh.stream_count", fmt::format("{} count differs from the position count", field)).field(field)
                .expected(std::to_string(d.positions.size())).actual(std::to_string(n));
        return {};
    };
    for (std::size_t i = 0; i < d.positions.size(); ++i)
        if (!finite3(d.positions[i]))
            return Error("msh.position_value", "position is not finite").in("stream", "type 3").record(i).field("xyz");
    if (d.normals) VESTIGE_CHECK(countMatches(d.normals->size(), "normals"));
    if (d.uv0) VESTIGE_CHECK(countMatches(d.uv0->size(), "uv0"));
    if (d.uv1) VESTIGE_CHECK(countMatches(d.uv1->size(), "uv1"));
    if (d.names && d.names->names.size() != d.nodes.size())
        return Error("msh.names_count", "one name slot per node").field("names")
            .expected(std::to_string(d.nodes.size())).actual(std::to_string(d.names->names.size()));
    if (d.animKeys)
        for (std::size_t i = 0; i < d.animKeys->size(); ++i)
            if (!std::isfinite((*d.animKeys)[i].time))
                return Error("msh.anim_key_time", "animation key time is not finite").record(i).field("time");
    Checker c{d};
    return c.run(nullptr);
}

Result<Model> Model::read(ByteView bytes, const ReadOptions& options) {
    auto archive = nres::Archive::read(bytes, options.nresProfile);
    if (!archive) return std::move(archive).error();
    Model model;
    model.mArchive = std::move(*archive);
    const auto& entries = model.mArchive.entries();
    ModelData& d = model.mData;

    // Find each decoded stream; a decoded type may appear at most once.
    static constexpr std::uint32_t kDecoded[] = {stream::kNodes,     stream::kSlots,    stream::kPositions, stream::kNormals,
                                                 stream::kUv0,       stream::kIndices,  stream::kTriangles, stream::kAnimKeys,
                                                 stream::kNames,     stream::kBatches,  stream::kUv1,       stream::kFrameMap};
    static constexpr std::uint32_t kRequired[] = {stream::kNodes, stream::kSlots, stream::kPositions, stream::kIndices,
                                                  stream::kBatches};
    std::array<std::optional<StreamRef>, 21> refs;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const bool decoded = std::find(std::begin(kDecoded), std::end(kDecoded), e.type) != std::end(kDecoded);
        if (decoded) {
            StreamRef s{i, e.type, std::string(e.name()), e.dataOffset, model.mArchive.payload(i).data(), e.size,
                        e.attr1, e.attr2, e.attr3};
            if (refs[e.type])
                return streamError(s, "duplicate_stream", fmt::format("stream type {} appears twice", e.type), std::nullopt,
                                   "type", 0)
                    .expected("exactly one")
                    .actual(fmt::format("entries #{} and #{}", refs[e.type]->entry, i))
                    .at(model.mArchive.recordOffset(i));
            refs[e.type] = std::move(s);
        } else {
            auto payload = model.mArchive.payload(i);
            d.opaque.push_back({e.type, Bytes(payload.begin(), payload.end())});
        }
        d.layout.push_back({e.type, e.attr1, e.attr2, e.attr3, e.nameField});
    }
    for (auto t : kRequired)
        if (!refs[t])
            return Error("msh.missing_stream",
                         fmt::format("required stream type {} ({}) is missing", t, requiredStreamName(t)))
                .in("stream", fmt::format("type {} ({})", t, requiredStreamName(t)))
                .expected("exactly one entry")
                .actual("none");

    // Type 1: nodes.
    const StreamRef& rn = *refs[stream::kNodes];
    if (rn.attr3 != kNodeSize && rn.attr3 != kNodeVariantSize)
        return streamError(rn, "node_stride", "node stride (attr3) must be 38 or 24", std::nullopt, "attr3", 0)
            .at(model.mArchive.recordOffset(rn.entry) + 0x10)
            .expected("38")
            .actual(std::to_string(rn.attr3));
    d.nodeStride = rn.attr3;
    VESTIGE_CHECK(checkStride(rn, d.nodeStride, "node"));
    d.nodes.resize(rn.size / d.nodeStride);
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
        const std::uint8_t* p = rn.p + i * d.nodeStride;
        Node& n = d.nodes[i];
        n.flags = loadU16(p);
        n.parent = loadU16(p + 2);
        n.animMapStart = loadU16(p + 4);
        n.fallbackKey = loadU16(p + 6);
        if (d.nodeStride == kNodeSize)
            for (std::size_t k = 0; k < n.slotTable.size(); ++k) n.slotTable[k] = loadU16(p + 8 + 2 * k);
        else
            n.variantTail.assign(p + 8, p + d.nodeStride);
    }

    // Type 2: 0x8C header, then Slot68 records.
    const StreamRef& rs = *refs[stream::kSlots];
    if (rs.size < kSlotHeaderSize || (rs.size - kSlotHeaderSize) % kSlotSize != 0)
        return streamError(rs, "stream_size", "type 2 must be a 0x8C-byte header plus whole 68-byte slots", std::nullopt,
                           "size", 0)
            .expected("0x8C + 68 * n")
            .actual(std::to_string(rs.size));
    d.slotHeader.assign(rs.p, rs.p + kSlotHeaderSize);
    bulkCopy(d.slots, rs.p + kSlotHeaderSize, (rs.size - kSlotHeaderSize) / kSlotSize);

    // Type 3: positions, attr1 = count, attr3 = record size.
    const StreamRef& rp = *refs[stream::kPositions];
    std::uint64_t posBytes = 0;
    if (rp.attr3 < kPositionSize)
        return streamError(rp, "stream_attr", "position record size (attr3) must be at least 12", std::nullopt, "attr3", 0)
            .at(model.mArchive.recordOffset(rp.entry) + 0x10)
            .expected(">= 12")
            .actual(std::to_string(rp.attr3));
    if (!checkedMul(rp.attr1, rp.attr3, posBytes) || posBytes != rp.size)
        return streamError(rp, "stream_attr", "position count (attr1) * stride (attr3) must equal the payload size",
                           std::nullopt, "attr1", 0)
            .at(model.mArchive.recordOffset(rp.entry) + 0x04)
            .expected(std::to_string(rp.size))
            .actual(fmt::format("{} * {}", rp.attr1, rp.attr3));
    if (rp.attr3 == kPositionSize) {
        bulkCopy(d.positions, rp.p, rp.attr1);
    } else {
        d.positions.resize(rp.attr1);
        for (std::size_t i = 0; i < d.positions.size(); ++i) d.positions[i] = loadVec3(rp.p + i * rp.attr3);
    }
    if (anyNonFinite(&d.positions.data()->x, 3 * d.positions.size())) {
        for (std::size_t i = 0; i < d.positions.size(); ++i)
            if (!finite3(d.positions[i]))
                return streamError(rp, "position_value", "position is not finite", i, "xyz", i * rp.attr3);
    }

    auto decodePacked = [&](const StreamRef& r, std::vector<PackedUv>& out) -> Status {
        VESTIGE_CHECK(checkStride(r, kPackedSize, "UV"));
        bulkCopy(out, r.p, r.size / kPackedSize);
        return {};
    };
    auto sameCount = [&](const StreamRef& r, std::size_t n, const char* what) -> Status {
        if (n != d.positions.size())
            return streamError(r, "stream_count", fmt::format("{} count differs from the position count", what),
                               std::nullopt, "size", 0)
                .expected(fmt::format("{} records", d.positions.size()))
                .actual(fmt::format("{} records", n));
        return {};
    };
    // Type 4: normals.
    if (refs[stream::kNormals]) {
        const StreamRef& r = *refs[stream::kNormals];
        VESTIGE_CHECK(checkStride(r, kPackedSize, "normal"));
        d.normals.emplace();
        bulkCopy(*d.normals, r.p, r.size / kPackedSize);
        VESTIGE_CHECK(sameCount(r, d.normals->size(), "normal"));
    }
    // Type 5: UV0.
    if (refs[stream::kUv0]) {
        const StreamRef& r = *refs[stream::kUv0];
        d.uv0.emplace();
        VESTIGE_CHECK(decodePacked(r, *d.uv0));
        VESTIGE_CHECK(sameCount(r, d.uv0->size(), "UV0"));
    }
    // Type 18: UV1, attr3 == 4, attr1 == count == position count.
    if (refs[stream::kUv1]) {
        const StreamRef& r = *refs[stream::kUv1];
        if (r.attr3 != kPackedSize)
            return streamError(r, "uv1_attr", "type 18 record size (attr3) must be 4", std::nullopt, "attr3", 0)
                .at(model.mArchive.recordOffset(r.entry) + 0x10)
                .expected("4")
                .actual(std::to_string(r.attr3));
        std::uint64_t want = 0;
        if (!checkedMul(r.attr1, kPackedSize, want) || want != r.size)
            return streamError(r, "uv1_attr", "type 18 count (attr1) * 4 must equal the payload size", std::nullopt,
                               "attr1", 0)
                .at(model.mArchive.recordOffset(r.entry) + 0x04)
                .expected(std::to_string(r.size))
                .actual(fmt::format("{} * 4", r.attr1));
        d.uv1.emplace();
        VESTIGE_CHECK(decodePacked(r, *d.uv1));
        VESTIGE_CHECK(sameCount(r, d.uv1->size(), "UV1"));
    }
    // Type 6: indices.
    const StreamRef& ri = *refs[stream::kIndices];
    VESTIGE_CHECK(checkStride(ri, 2, "index"));
    bulkCopy(d.indices, ri.p, ri.size / 2);
    // Type 7: triangle descriptors (optional).
    if (refs[stream::kTriangles]) {
        const StreamRef& r = *refs[stream::kTriangles];
        VESTIGE_CHECK(checkStride(r, kTriangleSize, "triangle descriptor"));
        d.triangles.emplace();
        bulkCopy(*d.triangles, r.p, r.size / kTriangleSize);
    }
    // Type 8: animation keys.
    if (refs[stream::kAnimKeys]) {
        const StreamRef& r = *refs[stream::kAnimKeys];
        VESTIGE_CHECK(checkStride(r, kAnimKeySize, "animation key"));
        d.animKeys.emplace();
        bulkCopy(*d.animKeys, r.p, r.size / kAnimKeySize);
        for (std::size_t i = 0; i < d.animKeys->size(); ++i)
            if (!std::isfinite((*d.animKeys)[i].time))
                return streamError(r, "anim_key_time", "animation key time is not finite", i, "time", i * kAnimKeySize + 12);
    }
    // Type 19: frame map, attr2 = frame count.
    if (refs[stream::kFrameMap]) {
        const StreamRef& r = *refs[stream::kFrameMap];
        VESTIGE_CHECK(checkStride(r, 2, "frame map"));
        d.frameMap.emplace();
        d.frameMap->frameCount = r.attr2;
        bulkCopy(d.frameMap->words, r.p, r.size / 2);
    }
    // Type 10: per node u32 len; len 0 = unnamed; else len text bytes + NUL. Trailing bytes kept raw.
    if (refs[stream::kNames]) {
        const StreamRef& r = *refs[stream::kNames];
        d.names.emplace();
        ByteReader br(ByteView(r.p, r.size), r.base);
        for (std::size_t i = 0; i < d.nodes.size(); ++i) {
            auto len = br.u32("name_length");
            if (!len) return std::move(len).error().record(i).in("stream", "type 10").entry(fmt::format("#{} {}", r.entry, r.name));
            if (*len == 0) { d.names->names.emplace_back(); continue; }
            const std::uint64_t at = br.position();
            if (*len >= br.remaining())
                return streamError(r, "names_size", "node name runs past the end of type 10", i, "name", at)
                    .expected(fmt::format("{} bytes + NUL", *len))
                    .actual(fmt::format("{} remaining", br.remaining()));
            auto text = br.bytes(*len);
            auto nul = br.u8();
            if (*nul != 0)
                return streamError(r, "names_nul", "node name is not followed by a NUL", i, "name", at + *len)
                    .expected("0").actual(std::to_string(*nul));
            d.names->names.emplace_back(std::string(asChars(*text)));
        }
        d.names->tail.assign(br.rest().begin(), br.rest().end());
    }
    // Type 13: batches.
    const StreamRef& rb = *refs[stream::kBatches];
    VESTIGE_CHECK(checkStride(rb, kBatchSize, "batch"));
    d.batches.resize(rb.size / kBatchSize);
    for (std::size_t i = 0; i < d.batches.size(); ++i) {
        const std::uint8_t* p = rb.p + i * kBatchSize;
        Batch& b = d.batches[i];
        b.flags = loadU16(p);
        b.materialIndexHi = loadU16(p + 2);
        b.materialIndex = p[4];
        b.lightmapIndex = p[5];
        b.localBatchIndex = loadU16(p + 6);
        b.indexCount = loadU16(p + 8);
        b.indexStart = loadU32(p + 0x0A);
        b.vertexCount = loadU16(p + 0x0E);
        b.baseVertex = loadU32(p + 0x10);
    }

    Checker c{d, &rn, &rs, &rb, &ri};
    VESTIGE_CHECK(c.run(options.allowFlatHierarchy ? &model.mHierarchyIssue : nullptr));
    return model;
}

std::optional<std::uint16_t> Model::parentOf(std::size_t node) const {
    if (hierarchyFlat() || node >= mData.nodes.size() || mData.nodes[node].isRoot()) return std::nullopt;
    return mData.nodes[node].parent;
}

bool Model::type16Present() const {
    for (const auto& o : mData.opaque)
        if (o.type == stream::kColors) return true;
    return false;
}

std::string Model::nodeName(std::size_t node) const {
    if (!mData.names || node >= mData.names->names.size() || !mData.names->names[node]) return {};
    return *mData.names->names[node];
}

std::size_t Model::triangleCount() const {
    std::size_t n = 0;
    for (const auto& b : mData.batches) n += b.indexCount / 3;
    return n;
}

}  // namespace vestige::iron3d::msh
