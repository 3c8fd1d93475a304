// Land.map: sample layout, round trips, polygon framing, links, grid and the packed cells.
#include <gtest/gtest.h>

#include "vestige/iron3d/land/areal_map.hpp"
#include "vestige/iron3d/land/sample.hpp"

namespace vestige::iron3d::land::test {
namespace {

Bytes packPayload(Bytes payload, std::uint32_t attr1, std::uint32_t type = kArealEntryType) {
    nres::NewEntry e;
    e.type = type;
    e.attr1 = attr1;
    e.name = "Res12";
    e.data = std::move(payload);
    std::vector<nres::NewEntry> entries{e};
    return nres::writeCanonical(entries).value();
}

// The minimal map of the reference tests: one areal with 2 vertices, a 1 x 1 grid naming it.
ArealMapData minimalMap() {
    ArealMapData d;
    Areal a;
    a.normal = {0, 0, 1};
    a.vertices = {{0, 0, 0}, {1, 0, 0}};
    a.links = {{-1, -1}, {-1, -1}};
    d.areals = {a};
    d.grid = {1, 1, {{0}}};
    return d;
}

TEST(LandMap, SampleLayoutAndRoundTrip) {
    const ArealMapData sample = sampleArealMap();
    // Each areal: 56 prefix + 3 x 12 vertices + 3 x 8 links = 116; grid: 8 + (4 + 2 + 2 + 4) + 4 x 2 counts = 28.
    EXPECT_EQ(encodePayload(sample).size(), 260u);
    auto bytes = build(sample);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    EXPECT_EQ(bytes->size(), 16u + 264u + 64u);
    auto m = ArealMap::read(*bytes);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->archive().entries()[0].attr1, 2u);
    EXPECT_EQ(m->data().areals.size(), 2u);
    EXPECT_EQ(m->vertexCount(), 6u);
    EXPECT_EQ(m->data().areals[0].links[2].areaRef, 1);
    EXPECT_EQ(m->data().areals[1].classId, 2u);
    EXPECT_EQ(m->data().grid.cellsX, 2u);
    EXPECT_EQ(m->data().grid.cells[3], (std::vector<std::uint16_t>{0, 1}));
    EXPECT_EQ(write(*m).value(), *bytes);
    EXPECT_EQ(build(m->data()).value(), *bytes);
}

TEST(LandMap, MinimalMapPacksOneCell) {
    auto bytes = build(minimalMap());
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto m = ArealMap::read(*bytes).value();
    auto packed = packGrid(m.data().grid).value();
    ASSERT_EQ(packed.cells.size(), 1u);
    EXPECT_EQ(packed.cells[0], 0x00400000u);
    EXPECT_EQ(packed.pool, (std::vector<std::uint16_t>{0}));
    auto sample = packGrid(sampleArealMap().grid).value();
    EXPECT_EQ(sample.cells, (std::vector<std::uint32_t>{0x00800000u, 0x00400002u, 0x00400003u, 0x00800004u}));
    EXPECT_EQ(sample.pool, (std::vector<std::uint16_t>{0, 1, 0, 1, 0, 1}));
}

TEST(LandMap, PolygonBlockFraming) {
    // "u32 n + 4 * (3n + 1) raw bytes": n = 0 -> 4 raw bytes after n, n = 1 -> 16.
    ArealMapData d = minimalMap();
    const std::size_t base = encodePayload(d).size();
    d.areals[0].polygons.push_back({{0xAABBCCDD}});                    // n = 0
    d.areals[0].links.insert(d.areals[0].links.end(), 3, EdgeLink{});  // + 3 links per polygon
    EXPECT_EQ(encodePayload(d).size(), base + 4 + 4 + 24);
    d.areals[0].polygons.push_back({{7, 8, 9, 10}});  // n = 1
    d.areals[0].links.insert(d.areals[0].links.end(), 3, EdgeLink{});
    EXPECT_EQ(encodePayload(d).size(), base + (4 + 4) + (4 + 16) + 48);
    auto bytes = build(d);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto m = ArealMap::read(*bytes).value();
    EXPECT_EQ(m.data().areals[0].polygons[0].words, (std::vector<std::uint32_t>{0xAABBCCDD}));
    EXPECT_EQ(m.data().areals[0].polygons[1].words, (std::vector<std::uint32_t>{7, 8, 9, 10}));
    EXPECT_EQ(write(m).value(), *bytes);
    d.areals[0].polygons[1].words.pop_back();  // 3 words is not 3n + 1
    EXPECT_EQ(validate(d).error().code(), "land.map_polygon");
    // A block whose n claims more than the payload holds.
    ArealMapData one = minimalMap();
    one.areals[0].polygons.push_back({{0}});
    one.areals[0].links.insert(one.areals[0].links.end(), 3, EdgeLink{});
    Bytes big = encodePayload(one);
    const std::size_t nAt = 56 + 2 * 12 + 5 * 8;
    EXPECT_EQ(loadU32(big.data() + nAt), 0u);
    big[nAt + 3] = 0x10;  // n = 0x10000000
    auto r = ArealMap::readPayload(big, 1);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "land.map_polygon");
    EXPECT_EQ(r.error().offset(), nAt);
}

TEST(LandMap, BadLinksAreRejectedWithOffsets) {
    ArealMapData d = sampleArealMap();
    d.areals[1].links[1] = {5, 0};  // no areal 5
    Bytes payload = encodePayload(d);
    auto r = ArealMap::readPayload(payload, 2, 1000);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "land.map_link");
    EXPECT_EQ(r.error().find("field"), "area_ref");
    EXPECT_EQ(r.error().find("areal"), "1");
    EXPECT_EQ(r.error().find("link"), "1");
    // areal 1 starts at 116; its links follow the 56-byte prefix and 36 bytes of vertices.
    EXPECT_EQ(r.error().offset(), 1000u + 116 + 56 + 36 + 8);
    d.areals[1].links[1] = {0, 3};  // areal 0 has 3 links
    auto e = ArealMap::readPayload(encodePayload(d), 2);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().find("field"), "edge_ref");
    d.areals[1].links[1] = {-2, -1};
    EXPECT_EQ(ArealMap::readPayload(encodePayload(d), 2).error().code(), "land.map_link");
    d.areals[1].links[1] = {-1, 0};  // half a "none" is not none
    EXPECT_EQ(ArealMap::readPayload(encodePayload(d), 2).error().code(), "land.map_link");
    EXPECT_EQ(validate(d).error().code(), "land.map_link");
}

TEST(LandMap, GridErrors) {
    ArealMapData d = sampleArealMap();
    d.grid.cells[2] = {2};
    auto r = ArealMap::readPayload(encodePayload(d), 2);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "land.map_grid_ref");
    EXPECT_EQ(r.error().find("record"), "2");
    // grid at 232; cells 0 and 1 take 6 + 4 bytes; cell 2's id follows its count.
    EXPECT_EQ(r.error().offset(), 232u + 8 + 6 + 4 + 2);

    ArealMapData zero = minimalMap();
    zero.grid = {0, 1, {}};
    auto z = ArealMap::readPayload(encodePayload(zero), 1);
    ASSERT_FALSE(z.ok());
    EXPECT_EQ(z.error().code(), "land.map_grid");
    EXPECT_EQ(z.error().find("field"), "cells_x");

    Bytes trailing = encodePayload(minimalMap());
    trailing.push_back(0);
    auto t = ArealMap::readPayload(trailing, 1);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().offset(), trailing.size() - 1);

    Bytes huge = encodePayload(minimalMap());
    huge[0x30] = 0xFF;
    huge[0x31] = 0xFF;
    huge[0x32] = 0xFF;
    huge[0x33] = 0x7F;
    EXPECT_EQ(ArealMap::readPayload(huge, 1).error().code(), "land.map_count");
    EXPECT_EQ(ArealMap::readPayload(encodePayload(minimalMap()), 0x7FFFFFFF).error().code(), "land.map_count");
}

TEST(LandMap, EntryRules) {
    const Bytes payload = encodePayload(sampleArealMap());
    auto wrongType = ArealMap::read(packPayload(payload, 2, 13));
    ASSERT_FALSE(wrongType.ok());
    EXPECT_EQ(wrongType.error().code(), "land.map_type");
    EXPECT_EQ(wrongType.error().offset(), 16u + 264u);
    auto wrongCount = ArealMap::read(packPayload(payload, 1));
    ASSERT_FALSE(wrongCount.ok());  // one areal parsed, then the second is read as the grid
    nres::NewEntry a, b;
    a.type = b.type = kArealEntryType;
    a.name = "a";
    b.name = "b";
    std::vector<nres::NewEntry> two{a, b};
    EXPECT_EQ(ArealMap::read(nres::writeCanonical(two).value()).error().code(), "land.map_entries");
    EXPECT_TRUE(ArealMap::read(packPayload(payload, 2)).ok());
}

}  // namespace
}  // namespace vestige::iron3d::land::test
