// Land.msh reader, validator, encoder and interpreted view. Layout picture: land.hpp.
#include "vestige/iron3d/land/land.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace vestige::iron3d::land {
namespace {

// One located stream of the archive.
struct StreamRef {
    std::size_t entry = 0;
    const nres::Entry* meta = nullptr;
    ByteView payload;
};

Error streamError(const StreamRef& s, std::string code, std::string message, std::optional<std::uint64_t> record,
                  std::string_view field, std::uint64_t offsetInPayload) {
    Error e("land." + std::move(code), std::move(message));
    e.at(static_cast<std::uint64_t>(s.meta->dataOffset) + offsetInPayload).field(std::string(field));
    if (record) e.record(*record);
    e.in("stream", fmt::format("type {}", s.meta->type));
    e.entry(fmt::format("#{} {}", s.entry, s.meta->name()));
    return e;
}

// attr3 == stride, attr1 * stride (+ header) == size, computed without overflow.
Status checkCounts(const StreamRef& s, std::size_t stride, std::size_t header) {
    const auto& m = *s.meta;
    if (m.attr3 != stride)
        return streamError(s, "bad_stride", "attr3 (stride) does not match the stream's record size", std::nullopt,
                           "attr3", 0)
            .expected(std::to_string(stride))
            .actual(std::to_string(m.attr3));
    std::uint64_t body = 0, total = 0;
    if (!checkedMul(m.attr1, stride, body) || !checkedAdd(body, header, total) || total != m.size)
        return streamError(s, "bad_count", "attr1 (count) x stride does not match the payload size", std::nullopt,
                           "attr1", 0)
            .expected(header ? fmt::format("size = 0x{:X} + {} x {}", header, m.attr1, stride)
                             : fmt::format("size = {} x {}", m.attr1, stride))
            .actual(fmt::format("size {}", m.size));
    return {};
}

void putNode(ByteWriter& w, const msh::Node& n) {
    w.u16(n.flags);
    w.u16(n.parent);
    w.u16(n.animMapStart);
    w.u16(n.fallbackKey);
    for (auto s : n.slotTable) w.u16(s);
}

}  // namespace

std::size_t strideOf(std::uint32_t type) {
    switch (type) {
        case stream::kNodes:
            return kNodeSize;
        case stream::kSlots:
            return kSlotSize;
        case stream::kPositions:
            return kPositionSize;
        case stream::kFaces:
            return kFaceSize;
        default:
            return kWordSize;
    }
}

// The two fixed maps between the full 32-bit surface mask and its compact form (full bit, compact bit).
constexpr std::array<std::pair<std::uint32_t, std::uint16_t>, 15> kCompactBits{{{0x1, 0x1},
                                                                              {0x8, 0x2},
                                                                              {0x10, 0x4},
                                                                              {0x20, 0x8},
                                                                              {0x1000, 0x10},
                                                                              {0x4000, 0x20},
                                                                              {0x2, 0x40},
                                                                              {0x400, 0x80},
                                                                              {0x800, 0x100},
                                                                              {0x20000, 0x200},
                                                                              {0x2000, 0x400},
                                                                              {0x200, 0x800},
                                                                              {0x4, 0x1000},
                                                                              {0x40, 0x2000},
                                                                              {0x200000, 0x8000}}};
constexpr std::array<std::pair<std::uint32_t, std::uint8_t>, 6> kClassBits{
    {{0x100, 0x1}, {0x8000, 0x2}, {0x10000, 0x4}, {0x40000, 0x8}, {0x80000, 0x10}, {0x80, 0x20}}};

SurfaceMask compactSurfaceMask(std::uint32_t full) {
    SurfaceMask m;
    std::uint32_t used = 0;
    for (auto [bit, c] : kCompactBits)
        if (full & bit) {
            m.compact = static_cast<std::uint16_t>(m.compact | c);
            used |= bit;
        }
    for (auto [bit, c] : kClassBits)
        if (full & bit) {
            m.materialClass = static_cast<std::uint8_t>(m.materialClass | c);
            used |= bit;
        }
    m.unmapped = full & ~used;
    return m;
}

std::uint32_t expandSurfaceMask(const SurfaceMask& mask) {
    // Inverse of the two fixed maps; every compact/class bit has exactly one full bit.
    std::uint32_t full = mask.unmapped;
    for (auto [bit, c] : kCompactBits)
        if (mask.compact & c) full |= bit;
    for (auto [bit, c] : kClassBits)
        if (mask.materialClass & c) full |= bit;
    return full;
}

Result<Terrain> Terrain::read(ByteView bytes, nres::Profile profile) {
    VESTIGE_TRY(nres::Archive archive, nres::Archive::read(bytes, profile));
    Terrain t;
    const auto& entries = archive.entries();
    std::array<std::optional<StreamRef>, 22> refs;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const bool known = std::find(kStreamOrder.begin(), kStreamOrder.end(), e.type) != kStreamOrder.end();
        if (!known)
            return Error("land.unexpected_stream", "Land.msh holds only the types 1, 2, 3, 4, 5, 18, 14, 11, 21")
                .at(archive.recordOffset(i))
                .field("type_id")
                .recordNamed(i, e.name())
                .expected("one of 1, 2, 3, 4, 5, 18, 14, 11, 21")
                .actual(std::to_string(e.type));
        if (refs[e.type])
            return Error("land.duplicate_stream", fmt::format("a second type-{} stream", e.type))
                .at(archive.recordOffset(i))
                .field("type_id")
                .recordNamed(i, e.name())
                .expected(fmt::format("exactly one type-{} entry (first is #{})", e.type, refs[e.type]->entry))
                .actual(fmt::format("another at #{}", i));
        refs[e.type] = StreamRef{i, &e, archive.payload(i)};
        t.mData.layout.push_back(EntryLayout{e.type, e.attr2, e.nameField});
        if (i >= kStreamOrder.size() || kStreamOrder[i] != e.type) t.mCanonicalOrder = false;
    }
    for (auto type : kStreamOrder)
        if (!refs[type])
            return Error("land.missing_stream", fmt::format("Land.msh has no type-{} stream", type))
                .field("type_id")
                .at(archive.directoryOffset())
                .expected(fmt::format("one type-{} entry", type))
                .actual("none");
    for (auto type : kStreamOrder)
        VESTIGE_CHECK(checkCounts(*refs[type], strideOf(type), type == stream::kSlots ? kSlotHeaderSize : 0));

    TerrainData& d = t.mData;
    const auto& nodes = *refs[stream::kNodes];
    d.nodes.resize(nodes.meta->attr1);
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
        const std::uint8_t* p = nodes.payload.data() + i * kNodeSize;
        msh::Node& n = d.nodes[i];
        n.flags = loadU16(p);
        n.parent = loadU16(p + 2);
        n.animMapStart = loadU16(p + 4);
        n.fallbackKey = loadU16(p + 6);
        for (std::size_t k = 0; k < n.slotTable.size(); ++k) n.slotTable[k] = loadU16(p + 8 + 2 * k);
    }
    const auto& slots = *refs[stream::kSlots];
    d.slotHeader.assign(slots.payload.begin(), slots.payload.begin() + kSlotHeaderSize);
    d.slots.resize(slots.meta->attr1);
    for (std::size_t i = 0; i < d.slots.size(); ++i) {
        const std::uint8_t* p = slots.payload.data() + kSlotHeaderSize + i * kSlotSize;
        Slot& s = d.slots[i];
        s.pairTableIndex = loadU16(p);
        s.pairCount = loadU16(p + 2);
        std::copy_n(p + 4, kSlotTailSize, s.tail.begin());
    }
    const auto& positions = *refs[stream::kPositions];
    d.positions.resize(positions.meta->attr1);
    for (std::size_t i = 0; i < d.positions.size(); ++i) {
        const std::uint8_t* p = positions.payload.data() + i * kPositionSize;
        d.positions[i] = {loadF32(p), loadF32(p + 4), loadF32(p + 8)};
    }
    const auto& normals = *refs[stream::kNormals];
    d.normals.resize(normals.meta->attr1);
    for (std::size_t i = 0; i < d.normals.size(); ++i) {
        const std::uint8_t* p = normals.payload.data() + i * kWordSize;
        d.normals[i] = {static_cast<std::int8_t>(p[0]), static_cast<std::int8_t>(p[1]), static_cast<std::int8_t>(p[2]),
                        static_cast<std::int8_t>(p[3])};
    }
    const auto& uv0 = *refs[stream::kUv0];
    d.uv0.resize(uv0.meta->attr1);
    for (std::size_t i = 0; i < d.uv0.size(); ++i) {
        const std::uint8_t* p = uv0.payload.data() + i * kWordSize;
        d.uv0[i] = {loadU16(p), loadU16(p + 2)};
    }
    auto words = [](const StreamRef& s, std::vector<std::uint32_t>& out) {
        out.resize(s.meta->attr1);
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = loadU32(s.payload.data() + i * kWordSize);
    };
    words(*refs[stream::kMicro], d.micro);
    words(*refs[stream::kAux14], d.aux14);
    const auto& pairs = *refs[stream::kMaterialPairs];
    d.pairs.resize(pairs.meta->attr1);
    for (std::size_t i = 0; i < d.pairs.size(); ++i) {
        const std::uint8_t* p = pairs.payload.data() + i * kWordSize;
        d.pairs[i] = {loadU16(p), loadU16(p + 2)};
    }
    const auto& faces = *refs[stream::kFaces];
    d.faces.resize(faces.meta->attr1);
    for (std::size_t i = 0; i < d.faces.size(); ++i) {
        const std::uint8_t* p = faces.payload.data() + i * kFaceSize;
        Face& f = d.faces[i];
        f.flags = loadU32(p);
        f.materialTag = loadU16(p + 4);
        f.auxTag = loadU16(p + 6);
        for (int k = 0; k < 3; ++k) {
            f.v[k] = loadU16(p + 8 + 2 * k);
            f.nbr[k] = loadU16(p + 0x0E + 2 * k);
        }
        std::copy_n(p + 0x14, kFaceTailSize, f.tail.begin());
    }

    // Cross-stream references, with the absolute offset of the offending field.
    for (std::size_t i = 0; i < d.slots.size(); ++i) {
        const Slot& s = d.slots[i];
        const std::uint64_t end = std::uint64_t{s.pairTableIndex} + s.pairCount;
        if (end > d.pairs.size())
            return streamError(slots, "slot_pairs", "slot's material-pair run ends past type 11", i, "pair_count",
                               kSlotHeaderSize + i * kSlotSize + 2)
                .expected(fmt::format("pair_table_index + pair_count <= {}", d.pairs.size()))
                .actual(fmt::format("{} + {} = {}", s.pairTableIndex, s.pairCount, end));
    }
    for (std::size_t i = 0; i < d.faces.size(); ++i) {
        const Face& f = d.faces[i];
        for (int k = 0; k < 3; ++k) {
            if (f.v[k] >= d.positions.size())
                return streamError(faces, "face_vertex", "face vertex index is outside type 3", i,
                                   fmt::format("v[{}]", k), i * kFaceSize + 8 + 2 * k)
                    .expected(fmt::format("< {}", d.positions.size()))
                    .actual(std::to_string(f.v[k]));
            if (f.nbr[k] != kNoNeighbour && f.nbr[k] >= d.faces.size())
                return streamError(faces, "face_neighbour", "face neighbour is neither 0xFFFF nor a face index", i,
                                   fmt::format("nbr[{}]", k), i * kFaceSize + 0x0E + 2 * k)
                    .expected(fmt::format("0xFFFF or < {}", d.faces.size()))
                    .actual(std::to_string(f.nbr[k]));
        }
    }
    t.mArchive = std::move(archive);
    return t;
}

Status validate(const TerrainData& d) {
    if (d.slotHeader.size() != kSlotHeaderSize)
        return Error("land.slot_header", "the type-2 header must be 0x8C bytes")
            .field("slot_header")
            .expected(std::to_string(kSlotHeaderSize))
            .actual(std::to_string(d.slotHeader.size()));
    const std::size_t limit = 0xFFFFFFFFu / kFaceSize;  // every attr1 * stride must fit the u32 size field
    auto count = [&](std::size_t n, const char* what) -> Status {
        if (n > limit)
            return Error("land.too_many", "stream too large for a u32 size").field(what).actual(std::to_string(n));
        return {};
    };
    VESTIGE_CHECK(count(d.nodes.size(), "nodes"));
    VESTIGE_CHECK(count(d.slots.size(), "slots"));
    VESTIGE_CHECK(count(d.positions.size(), "positions"));
    VESTIGE_CHECK(count(d.faces.size(), "faces"));
    for (std::size_t i = 0; i < d.slots.size(); ++i)
        if (std::size_t{d.slots[i].pairTableIndex} + d.slots[i].pairCount > d.pairs.size())
            return Error("land.slot_pairs", "slot's material-pair run ends past type 11")
                .field("pair_count")
                .record(i)
                .expected(fmt::format("<= {}", d.pairs.size()))
                .actual(std::to_string(d.slots[i].pairTableIndex + d.slots[i].pairCount));
    for (std::size_t i = 0; i < d.faces.size(); ++i)
        for (int k = 0; k < 3; ++k) {
            if (d.faces[i].v[k] >= d.positions.size())
                return Error("land.face_vertex", "face vertex index is outside type 3")
                    .field(fmt::format("v[{}]", k))
                    .record(i)
                    .expected(fmt::format("< {}", d.positions.size()))
                    .actual(std::to_string(d.faces[i].v[k]));
            if (d.faces[i].nbr[k] != kNoNeighbour && d.faces[i].nbr[k] >= d.faces.size())
                return Error("land.face_neighbour", "face neighbour is neither 0xFFFF nor a face index")
                    .field(fmt::format("nbr[{}]", k))
                    .record(i)
                    .expected(fmt::format("0xFFFF or < {}", d.faces.size()))
                    .actual(std::to_string(d.faces[i].nbr[k]));
        }
    if (!d.layout.empty()) {
        if (d.layout.size() != kStreamOrder.size())
            return Error("land.layout", "the layout must list the nine streams once each")
                .field("layout")
                .expected("9 entries")
                .actual(std::to_string(d.layout.size()));
        for (auto type : kStreamOrder)
            if (std::count_if(d.layout.begin(), d.layout.end(), [&](const EntryLayout& l) { return l.type == type; }) !=
                1)
                return Error("land.layout", fmt::format("the layout must list type {} exactly once", type))
                    .field("layout");
    }
    return {};
}

static std::size_t elementCount(const TerrainData& d, std::uint32_t type) {
    switch (type) {
        case stream::kNodes:
            return d.nodes.size();
        case stream::kSlots:
            return d.slots.size();
        case stream::kPositions:
            return d.positions.size();
        case stream::kNormals:
            return d.normals.size();
        case stream::kUv0:
            return d.uv0.size();
        case stream::kMicro:
            return d.micro.size();
        case stream::kAux14:
            return d.aux14.size();
        case stream::kMaterialPairs:
            return d.pairs.size();
        case stream::kFaces:
            return d.faces.size();
        default:
            return 0;
    }
}

Bytes encodeStream(const TerrainData& d, std::uint32_t type) {
    ByteWriter w;
    switch (type) {
        case stream::kNodes:
            for (const auto& n : d.nodes) putNode(w, n);
            break;
        case stream::kSlots:
            w.bytes(d.slotHeader);
            for (const auto& s : d.slots) {
                w.u16(s.pairTableIndex);
                w.u16(s.pairCount);
                w.bytes(s.tail);
            }
            break;
        case stream::kPositions:
            for (const auto& p : d.positions) {
                w.f32(p.x);
                w.f32(p.y);
                w.f32(p.z);
            }
            break;
        case stream::kNormals:
            for (const auto& n : d.normals) {
                w.i8(n.x);
                w.i8(n.y);
                w.i8(n.z);
                w.i8(n.w);
            }
            break;
        case stream::kUv0:
            for (const auto& uv : d.uv0) {
                w.u16(uv.u);
                w.u16(uv.v);
            }
            break;
        case stream::kMicro:
            for (auto v : d.micro) w.u32(v);
            break;
        case stream::kAux14:
            for (auto v : d.aux14) w.u32(v);
            break;
        case stream::kMaterialPairs:
            for (const auto& p : d.pairs) {
                w.u16(p.materialLookup);
                w.u16(p.flags);
            }
            break;
        case stream::kFaces:
            for (const auto& f : d.faces) {
                w.u32(f.flags);
                w.u16(f.materialTag);
                w.u16(f.auxTag);
                for (auto v : f.v) w.u16(v);
                for (auto n : f.nbr) w.u16(n);
                w.bytes(f.tail);
            }
            break;
        default:
            break;
    }
    return w.take();
}

Result<Bytes> build(const TerrainData& d) {
    VESTIGE_CHECK(validate(d));
    std::vector<EntryLayout> layout = d.layout;
    if (layout.empty())
        for (auto type : kStreamOrder) layout.push_back(EntryLayout{type, 0, {}});
    std::vector<nres::NewEntry> entries;
    for (const auto& l : layout) {
        nres::NewEntry e;
        e.type = l.type;
        e.attr1 = static_cast<std::uint32_t>(elementCount(d, l.type));
        e.attr2 = l.attr2;
        e.attr3 = static_cast<std::uint32_t>(strideOf(l.type));
        if (l.nameField.raw.empty())
            e.name = fmt::format("Res{}", l.type);
        else
            e.nameField = l.nameField;
        e.data = encodeStream(d, l.type);
        entries.push_back(std::move(e));
    }
    VESTIGE_TRY(Bytes bytes, nres::writeCanonical(entries));
    VESTIGE_TRY(Terrain check, Terrain::read(bytes));
    (void)check;
    return bytes;
}

Result<Bytes> write(const Terrain& terrain) {
    nres::Editor editor(terrain.archive());
    for (std::size_t i = 0; i < editor.size(); ++i)
        VESTIGE_CHECK(editor.replace(i, encodeStream(terrain.data(), editor.entry(i).type)));
    return editor.write();
}

Geometry geometry(const TerrainData& d) {
    Geometry g;
    g.positions = d.positions;
    for (const auto& p : d.positions) g.bounds.expand(p);
    if (d.normals.size() == d.positions.size())
        for (const auto& n : d.normals) g.normals.push_back(n.decode());
    if (d.uv0.size() == d.positions.size())
        for (const auto& uv : d.uv0) g.uv0.push_back(uv.decode());
    if (d.micro.size() == d.positions.size())
        for (auto w : d.micro)
            g.uv1Tentative.push_back(
                msh::PackedUv{static_cast<std::uint16_t>(w & 0xFFFF), static_cast<std::uint16_t>(w >> 16)}.decode());
    g.indices.reserve(d.faces.size() * 3);
    for (const auto& f : d.faces) {
        for (auto v : f.v) g.indices.push_back(v);
        FaceMaterial m;
        m.tag = f.materialTag;
        m.land2Key = materialKey(1, f.land2Row());
        if (auto r = f.land1Row()) m.land1Key = materialKey(0, *r);
        g.faceMaterials.push_back(m);
    }
    return g;
}

}  // namespace vestige::iron3d::land
