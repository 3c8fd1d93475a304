// Land.map reader, validator and writer. Layout picture: areal_map.hpp.
#include "vestige/iron3d/land/areal_map.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::land {
namespace {

Error linkError(std::size_t areal, std::size_t link, std::uint64_t offset, const char* field, std::string expected,
                std::string actual) {
    Error e("land.map_link", "edge link is neither (-1, -1) nor a valid (areal, edge) reference");
    e.at(offset).field(field).in("link", std::to_string(link)).in("areal", std::to_string(areal));
    e.expected(std::move(expected)).actual(std::move(actual));
    return e;
}

// Link rules shared by the reader (with offsets) and validate() (offsets 0).
Status checkLinks(const std::vector<Areal>& areals, const std::vector<std::uint64_t>* linkBase) {
    for (std::size_t a = 0; a < areals.size(); ++a) {
        const auto& links = areals[a].links;
        for (std::size_t l = 0; l < links.size(); ++l) {
            const EdgeLink& k = links[l];
            if (k.none()) continue;
            const std::uint64_t at = linkBase ? (*linkBase)[a] + l * kEdgeLinkSize : 0;
            if (k.areaRef < 0 || static_cast<std::uint64_t>(k.areaRef) >= areals.size())
                return linkError(a, l, at, "area_ref", fmt::format("-1 (with edge_ref -1) or < {}", areals.size()),
                                 fmt::format("({}, {})", k.areaRef, k.edgeRef));
            const auto targetLinks = areals[static_cast<std::size_t>(k.areaRef)].links.size();
            if (k.edgeRef < 0 || static_cast<std::uint64_t>(k.edgeRef) >= targetLinks)
                return linkError(a, l, at + 4, "edge_ref",
                                 fmt::format("< {} (links of areal {})", targetLinks, k.areaRef),
                                 fmt::format("({}, {})", k.areaRef, k.edgeRef));
        }
    }
    return {};
}

}  // namespace

Result<ArealMapData> ArealMap::readPayload(ByteView payload, std::uint32_t arealCount, std::uint64_t base) {
    ByteReader r(payload, base);
    ArealMapData d;
    // Every areal is at least its 56-byte prefix: check before allocating.
    std::uint64_t minBytes = 0;
    if (!checkedMul(arealCount, kArealPrefixSize, minBytes) || minBytes > r.remaining())
        return Error("land.map_count", "attr1 (areal count) cannot fit the payload")
            .field("attr1")
            .at(base)
            .expected(fmt::format("areal_count x 56 <= {}", r.remaining()))
            .actual(std::to_string(arealCount));
    d.areals.resize(arealCount);
    std::vector<std::uint64_t> linkBase(arealCount);
    for (std::uint32_t a = 0; a < arealCount; ++a) {
        Areal& ar = d.areals[a];
        auto ctx = [a](Error e) { return std::move(e.in("areal", std::to_string(a))); };
#define LAND_READ(dst, call)                             \
    do {                                                 \
        auto v_ = (call);                                \
        if (!v_.ok()) return ctx(std::move(v_).error()); \
        dst = *v_;                                       \
    } while (0)
        LAND_READ(ar.anchor.x, r.f32("anchor.x"));
        LAND_READ(ar.anchor.y, r.f32("anchor.y"));
        LAND_READ(ar.anchor.z, r.f32("anchor.z"));
        LAND_READ(ar.reserved12, r.f32("reserved_12"));
        LAND_READ(ar.areaMetric, r.f32("area_metric"));
        LAND_READ(ar.normal.x, r.f32("normal.x"));
        LAND_READ(ar.normal.y, r.f32("normal.y"));
        LAND_READ(ar.normal.z, r.f32("normal.z"));
        LAND_READ(ar.logicFlag, r.u32("logic_flag"));
        LAND_READ(ar.reserved36, r.u32("reserved_36"));
        LAND_READ(ar.classId, r.u32("class_id"));
        LAND_READ(ar.reserved44, r.u32("reserved_44"));
        std::uint32_t vertexCount = 0, polyCount = 0;
        const std::uint64_t countAt = r.absolute();
        LAND_READ(vertexCount, r.u32("vertex_count"));
        LAND_READ(polyCount, r.u32("poly_count"));
        // vertices (12 each), links (8 each, vertex + 3 * poly) and at least 8 bytes per polygon block.
        std::uint64_t linkCount = 0, need = 0, t = 0;
        bool fits = checkedMul(polyCount, 3, t) && checkedAdd(t, vertexCount, linkCount) &&
                    checkedMul(linkCount, kEdgeLinkSize, need) && checkedMul(vertexCount, 12, t) &&
                    checkedAdd(need, t, need) && checkedMul(polyCount, 8, t) && checkedAdd(need, t, need) &&
                    need <= r.remaining();
        if (!fits)
            return ctx(Error("land.map_count", "vertex_count / poly_count cannot fit the payload")
                           .field("vertex_count")
                           .at(countAt)
                           .expected(fmt::format("12 v + 8 (v + 3 p) + 8 p <= {}", r.remaining()))
                           .actual(fmt::format("v = {}, p = {}", vertexCount, polyCount)));
        ar.vertices.resize(vertexCount);
        for (auto& v : ar.vertices) {
            LAND_READ(v.x, r.f32("vertex.x"));
            LAND_READ(v.y, r.f32("vertex.y"));
            LAND_READ(v.z, r.f32("vertex.z"));
        }
        linkBase[a] = r.absolute();
        ar.links.resize(static_cast<std::size_t>(linkCount));
        for (auto& k : ar.links) {
            LAND_READ(k.areaRef, r.i32("area_ref"));
            LAND_READ(k.edgeRef, r.i32("edge_ref"));
        }
        ar.polygons.resize(polyCount);
        for (std::uint32_t p = 0; p < polyCount; ++p) {
            std::uint32_t n = 0;
            const std::uint64_t nAt = r.absolute();
            LAND_READ(n, r.u32("polygon.n"));
            std::uint64_t bytes = 0;
            std::uint64_t words = 0;
            if (!checkedMul(n, 3, words) || !checkedAdd(words, 1, words) || !checkedMul(words, 4, bytes) ||
                bytes > r.remaining())
                return ctx(Error("land.map_polygon", "polygon block runs past the payload")
                               .field("polygon.n")
                               .record(p)
                               .at(nAt)
                               .expected(fmt::format("4 (3n + 1) <= {}", r.remaining()))
                               .actual(std::to_string(n)));
            ar.polygons[p].words.resize(static_cast<std::size_t>(words));
            for (auto& w : ar.polygons[p].words) LAND_READ(w, r.u32("polygon.word"));
        }
#undef LAND_READ
    }
    VESTIGE_CHECK(checkLinks(d.areals, &linkBase));

    const std::uint64_t gridAt = r.absolute();
    VESTIGE_TRY(d.grid.cellsX, r.u32("cells_x"));
    VESTIGE_TRY(d.grid.cellsY, r.u32("cells_y"));
    std::uint64_t cellCount = 0, cellBytes = 0;
    if (d.grid.cellsX == 0 || d.grid.cellsY == 0)
        return Error("land.map_grid", "the grid must have at least one cell on each axis")
            .field(d.grid.cellsX == 0 ? "cells_x" : "cells_y")
            .at(gridAt + (d.grid.cellsX == 0 ? 0 : 4))
            .expected("> 0")
            .actual("0");
    if (!checkedMul(d.grid.cellsX, d.grid.cellsY, cellCount) || !checkedMul(cellCount, 2, cellBytes) ||
        cellBytes > r.remaining())
        return Error("land.map_grid", "cells_x x cells_y cannot fit the payload")
            .field("cells_x")
            .at(gridAt)
            .expected(fmt::format("2 x cells <= {}", r.remaining()))
            .actual(fmt::format("{} x {}", d.grid.cellsX, d.grid.cellsY));
    d.grid.cells.resize(static_cast<std::size_t>(cellCount));
    for (std::size_t c = 0; c < d.grid.cells.size(); ++c) {
        auto hits = r.u16("hit_count");
        if (!hits) return std::move(hits).error().record(c);
        auto ids = r.array(*hits, 2, "area_id");
        if (!ids) return std::move(ids).error().record(c);
        auto& cell = d.grid.cells[c];
        cell.resize(*hits);
        for (std::size_t h = 0; h < cell.size(); ++h) {
            const std::uint64_t at = ids->absolute();
            cell[h] = *ids->u16("area_id");
            if (cell[h] >= arealCount)
                return Error("land.map_grid_ref", "grid cell names an areal that does not exist")
                    .at(at)
                    .field("area_id")
                    .in("hit", std::to_string(h))
                    .record(c)
                    .expected(fmt::format("< {}", arealCount))
                    .actual(std::to_string(cell[h]));
        }
    }
    VESTIGE_CHECK(r.expectEnd("Land.map payload"));
    return d;
}

Result<ArealMap> ArealMap::read(ByteView bytes, nres::Profile profile) {
    VESTIGE_TRY(nres::Archive archive, nres::Archive::read(bytes, profile));
    if (archive.size() != 1)
        return Error("land.map_entries", "Land.map holds exactly one entry")
            .field("entry_count")
            .at(8)
            .expected("1")
            .actual(std::to_string(archive.size()));
    const nres::Entry& e = archive.entries()[0];
    if (e.type != kArealEntryType)
        return Error("land.map_type", "the Land.map entry must have type 12")
            .at(archive.recordOffset(0))
            .field("type_id")
            .recordNamed(0, e.name())
            .expected("12")
            .actual(std::to_string(e.type));
    auto data = readPayload(archive.payload(0), e.attr1, e.dataOffset);
    if (!data) return std::move(data).error().entry(fmt::format("#0 {}", e.name()));
    ArealMap m;
    m.mData = std::move(*data);
    m.mData.attr2 = e.attr2;
    m.mData.attr3 = e.attr3;
    m.mData.nameField = e.nameField;
    m.mArchive = std::move(archive);
    return m;
}

std::size_t ArealMap::vertexCount() const {
    std::size_t n = 0;
    for (const auto& a : mData.areals) n += a.vertices.size();
    return n;
}

Status validate(const ArealMapData& d) {
    for (std::size_t a = 0; a < d.areals.size(); ++a) {
        const auto& ar = d.areals[a];
        if (ar.links.size() != ar.vertices.size() + 3 * ar.polygons.size())
            return Error("land.map_links", "an areal needs vertex_count + 3 * poly_count links")
                .field("links")
                .in("areal", std::to_string(a))
                .expected(std::to_string(ar.vertices.size() + 3 * ar.polygons.size()))
                .actual(std::to_string(ar.links.size()));
        for (std::size_t p = 0; p < ar.polygons.size(); ++p)
            if (ar.polygons[p].words.size() % 3 != 1)
                return Error("land.map_polygon", "a polygon block holds 3n + 1 words after n")
                    .field("polygon.words")
                    .record(p)
                    .in("areal", std::to_string(a))
                    .actual(std::to_string(ar.polygons[p].words.size()));
    }
    VESTIGE_CHECK(checkLinks(d.areals, nullptr));
    if (d.grid.cellsX == 0 || d.grid.cellsY == 0 || std::uint64_t{d.grid.cellsX} * d.grid.cellsY != d.grid.cells.size())
        return Error("land.map_grid", "the grid needs cells_x x cells_y > 0 cells")
            .field("cells")
            .expected(fmt::format("{} x {}", d.grid.cellsX, d.grid.cellsY))
            .actual(std::to_string(d.grid.cells.size()));
    for (std::size_t c = 0; c < d.grid.cells.size(); ++c) {
        if (d.grid.cells[c].size() > 0xFFFF)
            return Error("land.map_grid", "a cell lists more than 65535 areals").record(c).field("hit_count");
        for (auto id : d.grid.cells[c])
            if (id >= d.areals.size())
                return Error("land.map_grid_ref", "grid cell names an areal that does not exist")
                    .field("area_id")
                    .record(c)
                    .expected(fmt::format("< {}", d.areals.size()))
                    .actual(std::to_string(id));
    }
    return {};
}

Bytes encodePayload(const ArealMapData& d) {
    ByteWriter w;
    for (const auto& a : d.areals) {
        w.f32(a.anchor.x);
        w.f32(a.anchor.y);
        w.f32(a.anchor.z);
        w.f32(a.reserved12);
        w.f32(a.areaMetric);
        w.f32(a.normal.x);
        w.f32(a.normal.y);
        w.f32(a.normal.z);
        w.u32(a.logicFlag);
        w.u32(a.reserved36);
        w.u32(a.classId);
        w.u32(a.reserved44);
        w.u32(static_cast<std::uint32_t>(a.vertices.size()));
        w.u32(static_cast<std::uint32_t>(a.polygons.size()));
        for (const auto& v : a.vertices) {
            w.f32(v.x);
            w.f32(v.y);
            w.f32(v.z);
        }
        for (const auto& k : a.links) {
            w.i32(k.areaRef);
            w.i32(k.edgeRef);
        }
        for (const auto& p : a.polygons) {
            w.u32(static_cast<std::uint32_t>(p.words.empty() ? 0 : (p.words.size() - 1) / 3));
            for (auto x : p.words) w.u32(x);
        }
    }
    w.u32(d.grid.cellsX);
    w.u32(d.grid.cellsY);
    for (const auto& cell : d.grid.cells) {
        w.u16(static_cast<std::uint16_t>(cell.size()));
        for (auto id : cell) w.u16(id);
    }
    return w.take();
}

Result<Bytes> build(const ArealMapData& d) {
    VESTIGE_CHECK(validate(d));
    nres::NewEntry e;
    e.type = kArealEntryType;
    e.attr1 = static_cast<std::uint32_t>(d.areals.size());
    e.attr2 = d.attr2;
    e.attr3 = d.attr3;
    if (d.nameField.raw.empty())
        e.name = "Res12";
    else
        e.nameField = d.nameField;
    e.data = encodePayload(d);
    std::vector<nres::NewEntry> entries;
    entries.push_back(std::move(e));
    VESTIGE_TRY(Bytes bytes, nres::writeCanonical(entries));
    VESTIGE_TRY(ArealMap check, ArealMap::read(bytes));
    (void)check;
    return bytes;
}

Result<Bytes> write(const ArealMap& map) {
    nres::Editor editor(map.archive());
    VESTIGE_CHECK(editor.replace(0, encodePayload(map.data())));
    return editor.write();
}

Result<PackedGrid> packGrid(const Grid& grid) {
    PackedGrid out;
    out.cells.reserve(grid.cells.size());
    for (std::size_t c = 0; c < grid.cells.size(); ++c) {
        const auto& cell = grid.cells[c];
        if (cell.size() >= (1u << 10) || out.pool.size() >= (1u << 22))
            return Error("land.map_pack", "cell does not fit the 10-bit count / 22-bit pool offset packing")
                .record(c)
                .field("hit_count")
                .expected("count < 1024, offset < 4194304")
                .actual(fmt::format("count {}, offset {}", cell.size(), out.pool.size()));
        out.cells.push_back(static_cast<std::uint32_t>(cell.size() << 22) |
                            static_cast<std::uint32_t>(out.pool.size()));
        out.pool.insert(out.pool.end(), cell.begin(), cell.end());
    }
    return out;
}

}  // namespace vestige::iron3d::land
