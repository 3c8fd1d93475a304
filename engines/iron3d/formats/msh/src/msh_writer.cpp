// MSH builder and writer. build() encodes ModelData stream by stream (layouts in msh.hpp), lays
// the entries out in the recorded or canonical order and hands them to nres::writeCanonical; the
// result is read back so a builder can never emit a model our reader rejects.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "vestige/iron3d/msh/msh.hpp"

namespace vestige::iron3d::msh {
namespace {

// Corpus order of model streams (iron3d.md section 5); 16 and unknown types follow.
constexpr std::uint32_t kCanonicalOrder[] = {1, 2, 3, 4, 5, 18, 15, 13, 6, 7, 8, 19, 9, 10, 17, 16, 20};

bool isDecoded(std::uint32_t t) {
    switch (t) {
    case stream::kNodes: case stream::kSlots: case stream::kPositions: case stream::kNormals: case stream::kUv0:
    case stream::kIndices: case stream::kTriangles: case stream::kAnimKeys: case stream::kNames: case stream::kBatches:
    case stream::kUv1: case stream::kFrameMap:
        return true;
    default:
        return false;
    }
}

bool present(const ModelData& d, std::uint32_t t) {
    switch (t) {
    case stream::kNodes: case stream::kSlots: case stream::kPositions: case stream::kIndices: case stream::kBatches: return true;
    case stream::kNormals: return d.normals.has_value();
    case stream::kUv0: return d.uv0.has_value();
    case stream::kUv1: return d.uv1.has_value();
    case stream::kTriangles: return d.triangles.has_value();
    case stream::kAnimKeys: return d.animKeys.has_value();
    case stream::kFrameMap: return d.frameMap.has_value();
    case stream::kNames: return d.names.has_value();
    default: return false;
    }
}

void putPacked(ByteWriter& w, const std::vector<PackedUv>& v) {
    for (const auto& uv : v) { w.u16(uv.u); w.u16(uv.v); }
}

// Payload and derived attributes (attr1 = count, attr3 = stride) of one decoded stream.
nres::NewEntry encode(const ModelData& d, std::uint32_t t) {
    nres::NewEntry e;
    e.type = t;
    ByteWriter w;
    switch (t) {
    case stream::kNodes:
        for (const auto& n : d.nodes) {
            w.u16(n.flags); w.u16(n.parent); w.u16(n.animMapStart); w.u16(n.fallbackKey);
            if (d.nodeStride == kNodeSize) for (auto s : n.slotTable) w.u16(s);
            else w.bytes(n.variantTail);
        }
        e.attr1 = static_cast<std::uint32_t>(d.nodes.size());
        e.attr3 = d.nodeStride;
        break;
    case stream::kSlots:
        w.bytes(d.slotHeader);
        for (const auto& s : d.slots) {
            w.u16(s.triStart); w.u16(s.triCount); w.u16(s.batchStart); w.u16(s.batchCount);
            for (Vec3 v : {s.aabbMin, s.aabbMax, s.sphereCenter}) { w.f32(v.x); w.f32(v.y); w.f32(v.z); }
            w.f32(s.sphereRadius);
            for (auto o : s.opaque) w.u32(o);
        }
        e.attr1 = static_cast<std::uint32_t>(d.slots.size());
        e.attr3 = kSlotSize;
        break;
    case stream::kPositions: {
        Bytes raw(d.positions.size() * kPositionSize);
        if (!raw.empty()) std::memcpy(raw.data(), d.positions.data(), raw.size());
        e.data = std::move(raw);
        e.attr1 = static_cast<std::uint32_t>(d.positions.size());
        e.attr3 = kPositionSize;
        return e;
    }
    case stream::kNormals:
        for (const auto& n : *d.normals) { w.i8(n.x); w.i8(n.y); w.i8(n.z); w.i8(n.w); }
        e.attr1 = static_cast<std::uint32_t>(d.normals->size());
        e.attr3 = kPackedSize;
        break;
    case stream::kUv0:
        putPacked(w, *d.uv0);
        e.attr1 = static_cast<std::uint32_t>(d.uv0->size());
        e.attr3 = kPackedSize;
        break;
    case stream::kUv1:
        putPacked(w, *d.uv1);
        e.attr1 = static_cast<std::uint32_t>(d.uv1->size());
        e.attr3 = kPackedSize;
        break;
    case stream::kIndices: {
        Bytes raw(d.indices.size() * 2);
        if (!raw.empty()) std::memcpy(raw.data(), d.indices.data(), raw.size());
        e.data = std::move(raw);
        e.attr1 = static_cast<std::uint32_t>(d.indices.size());
        e.attr3 = 2;
        return e;
    }
    case stream::kTriangles:
        for (const auto& tr : *d.triangles) {
            w.u16(tr.flags); w.u16(tr.word2); w.u16(tr.word4); w.u16(tr.word6);
            for (auto c : tr.normal) w.i16(c);
            w.u16(tr.word14);
        }
        e.attr1 = static_cast<std::uint32_t>(d.triangles->size());
        e.attr3 = kTriangleSize;
        break;
    case stream::kAnimKeys:
        for (const auto& k : *d.animKeys) {
            w.f32(k.position.x); w.f32(k.position.y); w.f32(k.position.z); w.f32(k.time);
            for (auto c : k.wxyz) w.i16(c);
        }
        e.attr1 = static_cast<std::uint32_t>(d.animKeys->size());
        e.attr3 = kAnimKeySize;
        break;
    case stream::kFrameMap:
        for (auto v : d.frameMap->words) w.u16(v);
        e.attr1 = static_cast<std::uint32_t>(d.frameMap->words.size());
        e.attr2 = d.frameMap->frameCount;
        e.attr3 = 2;
        break;
    case stream::kNames:
        for (const auto& n : d.names->names) {
            if (!n) { w.u32(0); continue; }
            w.u32(static_cast<std::uint32_t>(n->size()));
            w.chars(*n);
            w.u8(0);
        }
        w.bytes(d.names->tail);
        e.attr1 = static_cast<std::uint32_t>(d.names->names.size());
        break;
    case stream::kBatches:
        for (const auto& b : d.batches) {
            w.u16(b.flags); w.u16(b.materialIndexHi); w.u8(b.materialIndex); w.u8(b.lightmapIndex);
            w.u16(b.localBatchIndex); w.u16(b.indexCount); w.u32(b.indexStart); w.u16(b.vertexCount); w.u32(b.baseVertex);
        }
        e.attr1 = static_cast<std::uint32_t>(d.batches.size());
        e.attr3 = kBatchSize;
        break;
    default:
        break;
    }
    e.data = w.take();
    return e;
}

Status checkNames(const ModelData& d) {
    if (!d.names) return {};
    for (std::size_t i = 0; i < d.names->names.size(); ++i) {
        const auto& n = d.names->names[i];
        if (n && n->empty())
            return Error("msh.names_empty", "a present node name must not be empty (length 0 means unnamed)").record(i).field("names");
    }
    return {};
}

}  // namespace

Result<Bytes> build(const ModelData& d) {
    VESTIGE_CHECK(validate(d));
    VESTIGE_CHECK(checkNames(d));
    if (d.uv1 && d.uv1->size() != d.positions.size())
        return Error("msh.stream_count", "UV1 count differs from the position count").field("uv1");

    std::vector<nres::NewEntry> out;
    std::vector<bool> opaqueUsed(d.opaque.size(), false);
    auto takeOpaque = [&](std::uint32_t t) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < d.opaque.size(); ++i)
            if (!opaqueUsed[i] && d.opaque[i].type == t) { opaqueUsed[i] = true; return i; }
        return std::nullopt;
    };
    if (d.layout.empty()) {
        for (auto t : kCanonicalOrder) {
            if (isDecoded(t)) {
                if (present(d, t)) out.push_back(encode(d, t));
                continue;
            }
            while (auto i = takeOpaque(t)) out.push_back({t, 0, 0, 0, {}, {}, d.opaque[*i].data});
        }
        for (std::size_t i = 0; i < d.opaque.size(); ++i)
            if (!opaqueUsed[i]) { opaqueUsed[i] = true; out.push_back({d.opaque[i].type, 0, 0, 0, {}, {}, d.opaque[i].data}); }
        for (auto& e : out) e.name = fmt::format("Res{}", e.type);
    } else {
        std::array<bool, 21> seen{};
        for (std::size_t li = 0; li < d.layout.size(); ++li) {
            const auto& l = d.layout[li];
            nres::NewEntry e;
            if (isDecoded(l.type)) {
                if (!present(d, l.type) || seen[l.type])
                    return Error("msh.layout", fmt::format("layout lists stream type {} that is absent or listed twice", l.type))
                        .record(li).field("layout");
                seen[l.type] = true;
                e = encode(d, l.type);
                // Keep the recorded attributes except those the data defines (validated on read).
                const std::uint32_t derived1 = e.attr1, derived2 = e.attr2, derived3 = e.attr3;
                e.attr1 = l.attr1; e.attr2 = l.attr2; e.attr3 = l.attr3;
                if (l.type == stream::kNodes) e.attr3 = derived3;
                if (l.type == stream::kPositions || l.type == stream::kUv1) { e.attr1 = derived1; e.attr3 = derived3; }
                if (l.type == stream::kFrameMap) e.attr2 = derived2;
            } else {
                auto i = takeOpaque(l.type);
                if (!i)
                    return Error("msh.layout", fmt::format("layout lists more type {} entries than opaque streams", l.type))
                        .record(li).field("layout");
                e = {l.type, l.attr1, l.attr2, l.attr3, {}, {}, d.opaque[*i].data};
            }
            if (l.nameField.raw.empty()) e.name = fmt::format("Res{}", l.type);
            else e.nameField = l.nameField;
            out.push_back(std::move(e));
        }
        for (std::uint32_t t = 0; t < seen.size(); ++t)
            if (isDecoded(t) && present(d, t) && !seen[t])
                return Error("msh.layout", fmt::format("stream type {} is present but not in the layout", t)).field("layout");
        for (std::size_t i = 0; i < d.opaque.size(); ++i)
            if (!opaqueUsed[i])
                return Error("msh.layout", fmt::format("opaque stream type {} is not in the layout", d.opaque[i].type))
                    .record(i).field("opaque");
    }
    VESTIGE_TRY(Bytes bytes, nres::writeCanonical(out));
    auto check = Model::read(bytes);
    if (!check) return std::move(check).error().in("phase", "build read-back");
    return bytes;
}

Result<Bytes> write(const Model& model) { return nres::writeCanonical(model.archive()); }

}  // namespace vestige::iron3d::msh
