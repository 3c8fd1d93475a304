// Land.msh: sample layout, byte-exact round trips, cross-stream checks and the surface-mask maps.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"

namespace vestige::iron3d::land::test {
namespace {

TEST(LandMsh, SampleBuildsToTheCanonicalLayout) {
    auto bytes = build(sampleTerrain());
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    // 16 header + payloads padded to 8 (40+208+112+40+40+40+40+8+224 = 752) + 9 x 64 directory.
    EXPECT_EQ(bytes->size(), 1344u);
    auto t = Terrain::read(*bytes);
    ASSERT_TRUE(t.ok()) << t.error().render();
    const auto& e = t->archive().entries();
    ASSERT_EQ(e.size(), 9u);
    for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(e[i].type, kStreamOrder[i]);
    EXPECT_EQ(e[1].attr1, 1u);  // slot count
    EXPECT_EQ(e[1].size, 0x8Cu + 68u);
    EXPECT_EQ(e[2].attr1, 9u);
    EXPECT_EQ(e[2].attr3, 12u);
    EXPECT_EQ(e[8].attr1, 8u);
    EXPECT_EQ(e[8].attr3, 28u);
    EXPECT_TRUE(t->canonicalOrder());
    const auto& d = t->data();
    EXPECT_EQ(d.nodes.size(), 1u);
    EXPECT_EQ(d.nodes[0].slot(0, 0), 0u);
    EXPECT_EQ(d.slots[0].pairCount, 2u);
    EXPECT_EQ(d.positions.size(), 9u);
    EXPECT_EQ(d.positions[8], (Vec3{16, 16, 4}));
    EXPECT_EQ(d.faces.size(), 8u);
    EXPECT_EQ(d.pairs.size(), 2u);
    EXPECT_TRUE(d.pairs[0].batchBoundary());
    EXPECT_FALSE(d.pairs[1].batchBoundary());
    EXPECT_EQ(d.slotHeader[0x8B], 0x8B);
}

TEST(LandMsh, ReadWriteAndRebuildAreByteIdentical) {
    const Bytes bytes = build(sampleTerrain()).value();
    auto t = Terrain::read(bytes).value();
    auto again = write(t);
    ASSERT_TRUE(again.ok()) << again.error().render();
    EXPECT_EQ(*again, bytes);
    auto rebuilt = build(t.data());
    ASSERT_TRUE(rebuilt.ok());
    EXPECT_EQ(*rebuilt, bytes);
}

TEST(LandMsh, NameTailsAndFaceTailsAreKept) {
    const Bytes bytes = build(sampleTerrain()).value();
    auto t = Terrain::read(bytes).value();
    const auto& field = t.archive().entries()[2].nameField;
    EXPECT_EQ(field.text(), "Res3");
    EXPECT_EQ(std::string(field.raw.begin() + 5, field.raw.begin() + 9), "tail");
    const Face& f = t.data().faces[3];
    EXPECT_EQ(f.tail[0], 0x13);
    EXPECT_EQ(f.tail[7], 0x83);
    EXPECT_EQ(f.auxTag, 3u);
}

TEST(LandMsh, FacesNeighboursAndMaterialTags) {
    auto t = Terrain::read(build(sampleTerrain()).value()).value();
    const auto& faces = t.data().faces;
    EXPECT_EQ(faces[0].v, (std::array<std::uint16_t, 3>{0, 1, 4}));
    EXPECT_EQ(faces[0].nbr, (std::array<std::uint16_t, 3>{kNoNeighbour, 3, 1}));
    EXPECT_EQ(faces[0].materialTag, 0x0102);
    EXPECT_EQ(faces[0].land2Row(), 2);
    EXPECT_EQ(faces[0].land1Row(), std::optional<std::uint8_t>(1));
    EXPECT_EQ(faces[2].materialTag, 0xFF03);
    EXPECT_EQ(faces[2].land2Row(), 3);
    EXPECT_FALSE(faces[2].land1Row().has_value());
    EXPECT_EQ(materialKey(1, faces[0].land2Row()), 0x10002u);
    EXPECT_EQ(materialKey(0, *faces[0].land1Row()), 0x1u);
}

TEST(LandMsh, StreamOrderDoesNotMatterAndIsKept) {
    auto entries = sampleEntries();
    std::reverse(entries.begin(), entries.end());
    const Bytes bytes = pack(entries);
    auto t = Terrain::read(bytes);
    ASSERT_TRUE(t.ok()) << t.error().render();
    EXPECT_FALSE(t->canonicalOrder());
    EXPECT_EQ(t->data().faces.size(), 8u);
    EXPECT_EQ(t->data().layout.front().type, stream::kFaces);
    EXPECT_EQ(write(*t).value(), bytes);
    EXPECT_EQ(build(t->data()).value(), bytes);
}

TEST(LandMsh, StrideMustMatchAttr3) {
    const Bytes bytes = mutated([](auto& e) { entryOf(e, stream::kPositions).attr3 = 16; });
    auto t = Terrain::read(bytes);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "land.bad_stride");
    EXPECT_EQ(t.error().find("field"), "attr3");
    EXPECT_EQ(t.error().expectedText(), "12");
    EXPECT_EQ(t.error().actualText(), "16");
}

TEST(LandMsh, CountMustMatchThePayload) {
    const Bytes bytes = mutated([](auto& e) { entryOf(e, stream::kFaces).attr1 = 9; });
    auto t = Terrain::read(bytes);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "land.bad_count");
    EXPECT_EQ(t.error().actualText(), "size 224");
    const Bytes slots = mutated([](auto& e) { entryOf(e, stream::kSlots).data.push_back(0); });
    EXPECT_EQ(Terrain::read(slots).error().code(), "land.bad_count");
    // A huge attr1 cannot overflow the check.
    const Bytes huge = mutated([](auto& e) { entryOf(e, stream::kFaces).attr1 = 0xFFFFFFFF; });
    EXPECT_EQ(Terrain::read(huge).error().code(), "land.bad_count");
}

TEST(LandMsh, BadVertexIndexNamesTheFieldAndOffset) {
    TerrainData d = sampleTerrain();
    d.faces[5].v[1] = 9;
    const Bytes bytes = pack(sampleEntries(d));
    auto t = Terrain::read(bytes);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "land.face_vertex");
    EXPECT_EQ(t.error().find("field"), "v[1]");
    EXPECT_EQ(t.error().find("record"), "5");
    EXPECT_EQ(t.error().offset(), payloadOffset(bytes, stream::kFaces) + 5 * 28 + 8 + 2);
    EXPECT_EQ(t.error().expectedText(), "< 9");
    EXPECT_EQ(t.error().actualText(), "9");
    EXPECT_EQ(validate(d).error().code(), "land.face_vertex");
}

TEST(LandMsh, BadNeighbourIsRejected) {
    TerrainData d = sampleTerrain();
    d.faces[2].nbr[0] = 8;
    const Bytes bytes = pack(sampleEntries(d));
    auto t = Terrain::read(bytes);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "land.face_neighbour");
    EXPECT_EQ(t.error().offset(), payloadOffset(bytes, stream::kFaces) + 2 * 28 + 0x0E);
    d.faces[2].nbr[0] = kNoNeighbour;
    EXPECT_TRUE(Terrain::read(pack(sampleEntries(d))).ok());
}

TEST(LandMsh, SlotPairRunMustFitType11) {
    TerrainData d = sampleTerrain();
    d.slots[0].pairTableIndex = 1;  // 1 + 2 > 2
    const Bytes bytes = pack(sampleEntries(d));
    auto t = Terrain::read(bytes);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "land.slot_pairs");
    EXPECT_EQ(t.error().offset(), payloadOffset(bytes, stream::kSlots) + 0x8C + 2);
    EXPECT_EQ(t.error().actualText(), "1 + 2 = 3");
}

TEST(LandMsh, MissingDuplicateAndForeignStreams) {
    const Bytes missing = mutated([](auto& e) { e.erase(e.begin() + 5); });  // type 18
    auto m = Terrain::read(missing);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code(), "land.missing_stream");
    EXPECT_EQ(m.error().message(), "Land.msh has no type-18 stream");
    const Bytes dup = mutated([](auto& e) {
        e.push_back(e[6]);
        e.back().name = "Res14b";
    });
    EXPECT_EQ(Terrain::read(dup).error().code(), "land.duplicate_stream");
    const Bytes foreign = mutated([](auto& e) {
        e.push_back(e[6]);
        e.back().type = 6;
        e.back().name = "Res6";
    });
    auto f = Terrain::read(foreign);
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().code(), "land.unexpected_stream");
    EXPECT_EQ(f.error().actualText(), "6");
}

// The expected bits are the digest's table (iron3d.md §12.1, "full→compact16 is a fixed bit map") written out here
// on purpose: an independent copy, so a wrong entry in land.cpp's table fails this test.
TEST(LandMsh, SurfaceMaskMapsEveryBit) {
    const std::array<std::pair<std::uint32_t, std::uint16_t>, 15> compact{{{0x1, 0x1},
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
    for (auto [full, bit] : compact) {
        const auto m = compactSurfaceMask(full);
        EXPECT_EQ(m.compact, bit) << full;
        EXPECT_EQ(m.materialClass, 0) << full;
        EXPECT_EQ(m.unmapped, 0u) << full;
        EXPECT_EQ(expandSurfaceMask(m), full);
    }
    const std::array<std::pair<std::uint32_t, std::uint8_t>, 6> cls{
        {{0x100, 0x1}, {0x8000, 0x2}, {0x10000, 0x4}, {0x40000, 0x8}, {0x80000, 0x10}, {0x80, 0x20}}};
    for (auto [full, bit] : cls) {
        const auto m = compactSurfaceMask(full);
        EXPECT_EQ(m.compact, 0) << full;
        EXPECT_EQ(m.materialClass, bit) << full;
        EXPECT_EQ(expandSurfaceMask(m), full);
    }
    const auto mixed = compactSurfaceMask(0x80000000u | 0x100000u | 0x100u | 0x200000u | 0x1u);
    EXPECT_EQ(mixed.compact, 0x8001);
    EXPECT_EQ(mixed.materialClass, 0x1);
    EXPECT_EQ(mixed.unmapped, 0x80100000u);
    EXPECT_EQ(expandSurfaceMask(mixed), 0x80300101u);
}

TEST(LandMsh, GeometryView) {
    const Geometry g = geometry(sampleTerrain());
    ASSERT_EQ(g.positions.size(), 9u);
    ASSERT_EQ(g.indices.size(), 24u);
    EXPECT_EQ(g.indices[3], 0u);
    EXPECT_EQ(g.indices[4], 4u);
    EXPECT_EQ(g.indices[5], 3u);
    ASSERT_EQ(g.normals.size(), 9u);
    EXPECT_EQ(g.normals[0], (Vec3{0, 0, 1}));
    ASSERT_EQ(g.uv0.size(), 9u);
    EXPECT_EQ(g.uv0[8], (Vec2{1, 1}));
    ASSERT_EQ(g.uv1Tentative.size(), 9u);
    EXPECT_EQ(g.uv1Tentative[8], (Vec2{2, 2}));
    EXPECT_EQ(g.bounds.min, (Vec3{0, 0, 0}));
    EXPECT_EQ(g.bounds.max, (Vec3{16, 16, 4}));
    ASSERT_EQ(g.faceMaterials.size(), 8u);
    EXPECT_EQ(g.faceMaterials[2].land2Key, 0x10003u);
    EXPECT_FALSE(g.faceMaterials[2].land1Key.has_value());
    // A vertex stream whose count differs from type 3 is not used by the view.
    TerrainData d = sampleTerrain();
    d.micro.pop_back();
    EXPECT_TRUE(geometry(d).uv1Tentative.empty());
}

}  // namespace
}  // namespace vestige::iron3d::land::test
