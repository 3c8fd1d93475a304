// Reading, decoding and round-tripping builder-made models.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace vestige::iron3d::msh::test {
namespace {

TEST(MshRead, SampleTankDecodes) {
    const Bytes bytes = tankBytes();
    auto m = Model::read(bytes);
    ASSERT_TRUE(m.ok()) << m.error().render();
    const auto& d = m->data();
    EXPECT_EQ(d.nodes.size(), 4u);
    EXPECT_EQ(d.slots.size(), 5u);
    EXPECT_EQ(d.batches.size(), 6u);
    EXPECT_EQ(d.positions.size(), 120u);
    EXPECT_EQ(d.indices.size(), 180u);
    EXPECT_EQ(m->triangleCount(), 60u);
    ASSERT_TRUE(d.triangles);
    EXPECT_EQ(d.triangles->size(), 60u);
    ASSERT_TRUE(d.normals && d.uv0 && d.uv1 && d.animKeys && d.frameMap && d.names);
    EXPECT_EQ(d.normals->size(), 120u);
    EXPECT_EQ(d.uv1->size(), 120u);
    EXPECT_EQ(d.animKeys->size(), 6u);
    EXPECT_EQ(d.frameMap->frameCount, 4u);
    EXPECT_EQ(d.frameMap->words, (std::vector<std::uint16_t>{3, 3, 4, 4}));
    EXPECT_TRUE(m->type16Present());
    EXPECT_FALSE(m->hierarchyFlat());
    EXPECT_EQ(m->nodeName(0), "body");
    EXPECT_EQ(m->nodeName(3), "turret_socket");
    EXPECT_EQ(m->parentOf(0), std::nullopt);
    EXPECT_EQ(m->parentOf(2), std::optional<std::uint16_t>(0));

    // Canonical entry order with every stream type of the entry map.
    std::vector<std::uint32_t> order;
    for (const auto& e : m->archive().entries()) order.push_back(e.type);
    EXPECT_EQ(order, (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 18, 15, 13, 6, 7, 8, 19, 9, 10, 17, 16, 20}));
    EXPECT_EQ(m->archive().entries()[0].attr3, 38u);
    EXPECT_EQ(m->archive().entries()[2].attr1, 120u);   // type 3 attr1 = count
    EXPECT_EQ(m->archive().entries()[2].attr3, 12u);    // attr3 = stride
    EXPECT_EQ(m->archive().entries()[11].attr2, 4u);    // type 19 attr2 = frames

    // state * 5 + lod.
    EXPECT_EQ(d.nodes[0].slot(0, 0), 0);
    EXPECT_EQ(d.nodes[0].slot(0, 1), 1);
    EXPECT_EQ(d.nodes[0].slot(1, 0), 2);
    EXPECT_EQ(d.nodes[0].slotTable[5], 2);
    EXPECT_EQ(d.nodes[0].slot(2, 4), kNone);
    EXPECT_EQ(d.nodes[0].slot(3, 0), kNone);  // out of range reads as none
    EXPECT_EQ(d.nodes[1].slot(0, 0), 3);
    EXPECT_EQ(d.nodes[3].slot(0, 0), kNone);  // socket
    EXPECT_EQ(d.nodes[3].animMapStart, 0);
    EXPECT_EQ(d.nodes[3].fallbackKey, 5);

    // Opaque streams byte-exact.
    ASSERT_EQ(d.opaque.size(), 5u);
    EXPECT_EQ(d.opaque[0].type, stream::kAux15);  // entry order
    const auto tank = sampleTank();
    for (const auto& o : d.opaque) {
        bool found = false;
        for (const auto& src : tank.opaque)
            if (src.type == o.type) { EXPECT_EQ(src.data, o.data); found = true; }
        EXPECT_TRUE(found) << o.type;
    }
}

TEST(MshRead, RoundTripIsByteIdentical) {
    const Bytes bytes = tankBytes();
    auto m = Model::read(bytes);
    ASSERT_TRUE(m.ok());
    auto w = write(*m);
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(*w, bytes);
    auto rebuilt = build(m->data());  // decode -> encode loses nothing
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().render();
    EXPECT_EQ(*rebuilt, bytes);
}

TEST(MshRead, EntryOrderAttrsNamesAndUnknownStreamsAreKept) {
    const Bytes bytes = mutated([](auto& entries) {
        std::reverse(entries.begin(), entries.end());
        byType(entries, stream::kService).attr1 = 77;
        byType(entries, stream::kService).attr3 = 0xDEADBEEF;
        byType(entries, stream::kNormals).attr2 = 5;
        auto field = *nres::makeNameField("normals");
        field.raw[20] = 0xAB;  // tail after the NUL
        byType(entries, stream::kNormals).nameField = field;
        entries.push_back({99, 1, 2, 3, "mystery", std::nullopt, Bytes{9, 8, 7}});
    });
    auto m = Model::read(bytes);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->archive().entries().front().type, stream::kAux20);
    EXPECT_EQ(m->data().opaque.back().type, 99u);
    EXPECT_EQ(m->data().opaque.back().data, (Bytes{9, 8, 7}));
    auto rebuilt = build(m->data());
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().render();
    EXPECT_EQ(*rebuilt, bytes);
    auto w = write(*m);
    ASSERT_TRUE(w.ok());
    EXPECT_EQ(*w, bytes);
}

TEST(MshRead, Batch20FieldsAtTheirOffsets) {
    ModelData d = sampleTank();
    Batch& b = d.batches[0];
    b.flags = 0x4002;
    b.materialIndexHi = 0x2200;
    b.materialIndex = 0x33;
    b.lightmapIndex = 0x44;
    b.localBatchIndex = 0x5566;
    b.vertexCount = 0x7788;
    auto bytes = build(d);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    const auto at = payloadOffset(*bytes, stream::kBatches);
    const std::uint8_t* p = bytes->data() + at;
    EXPECT_EQ(loadU16(p), 0x4002);
    EXPECT_EQ(loadU16(p + 2), 0x2200);
    EXPECT_EQ(p[4], 0x33);
    EXPECT_EQ(p[5], 0x44);
    EXPECT_EQ(loadU16(p + 6), 0x5566);
    EXPECT_EQ(loadU16(p + 8), 30);      // index_count (5 faces)
    EXPECT_EQ(loadU32(p + 0x0A), 0u);   // index_start, unaligned
    EXPECT_EQ(loadU16(p + 0x0E), 0x7788);
    EXPECT_EQ(loadU32(p + 0x10), 0u);
    EXPECT_EQ(loadU32(p + 20 + 0x0A), 30u);  // second batch starts after the first
    EXPECT_EQ(loadU32(p + 20 + 0x10), 20u);  // base_vertex after 20 vertices
    auto m = Model::read(*bytes);
    ASSERT_TRUE(m.ok());
    const Batch& r = m->data().batches[0];
    EXPECT_EQ(r.leadingDword(), 0x22004002u);
    EXPECT_EQ(r.materialIndex, 0x33);
    EXPECT_TRUE(r.hasLightmap());
    EXPECT_FALSE(m->data().batches[1].hasLightmap());
    EXPECT_EQ(r.localBatchIndex, 0x5566);
    EXPECT_EQ(r.vertexCount, 0x7788);
}

TEST(MshRead, PackedStreamsDecode) {
    PackedUv uv{1024, 512};
    EXPECT_EQ(uv.decode().x, 1.0f);
    EXPECT_EQ(uv.decode().y, 0.5f);
    EXPECT_EQ((PackedUv{65535, 1}.decode().x), 65535.0f / 1024.0f);
    PackedNormal n{127, -128, 0, 42};
    EXPECT_EQ(n.decode(), (Vec3{1, -1, 0}));  // -128/127 clamps to -1
    AnimKey k;
    k.wxyz = {32767, 0, -23170, 0};  // stored W, X, Y, Z
    const Quat q = k.rotation();
    EXPECT_EQ(q.w, 1.0f);
    EXPECT_NEAR(q.y, -std::sqrt(0.5f), 1e-4);
    TriangleDescriptor t{1, 2, 3, 4, {-32767, 0, 32767}, 5};
    EXPECT_EQ(t.decodedNormal(), (Vec3{-1, 0, 1}));

    ModelData d = sampleTank();
    (*d.triangles)[0] = {0x0024, 0x1111, 0x2222, 0x3333, {-5, 6, -7}, 0x4444};
    (*d.uv1)[1] = {2048, 256};
    auto bytes = build(d);
    ASSERT_TRUE(bytes.ok());
    const std::uint8_t* p = bytes->data() + payloadOffset(*bytes, stream::kTriangles);
    EXPECT_EQ(loadU16(p), 0x0024);
    EXPECT_EQ(loadU16(p + 2), 0x1111);
    EXPECT_EQ(loadU16(p + 6), 0x3333);
    EXPECT_EQ(static_cast<std::int16_t>(loadU16(p + 8)), -5);
    EXPECT_EQ(static_cast<std::int16_t>(loadU16(p + 0xC)), -7);
    EXPECT_EQ(loadU16(p + 14), 0x4444);
    auto m = Model::read(*bytes);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ((*m->data().triangles)[0].normal[1], 6);
    EXPECT_EQ((*m->data().uv1)[1].decode(), (Vec2{2.0f, 0.25f}));
    // Type 8 on disk: pos, time, then W first.
    const std::uint8_t* key4 = bytes->data() + payloadOffset(*bytes, stream::kAnimKeys) + 4 * 24;
    EXPECT_EQ(loadF32(key4 + 12), 2.0f);
    EXPECT_EQ(static_cast<std::int16_t>(loadU16(key4 + 16)), 23170);  // w
    EXPECT_EQ(static_cast<std::int16_t>(loadU16(key4 + 18)), 0);      // x
    EXPECT_EQ(static_cast<std::int16_t>(loadU16(key4 + 22)), 23170);  // z
}

TEST(MshRead, MinimalModelWithoutOptionalStreams) {
    ModelData d;
    d.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    d.indices = {0, 1, 2};
    Batch b;
    b.indexCount = 3;
    b.vertexCount = 3;
    d.batches = {b};
    Slot s;
    s.batchCount = 1;
    s.aabbMax = {1, 1, 0};
    d.slots = {s};
    Node n;
    n.setSlot(0, 0, 0);
    d.nodes = {n};
    auto bytes = build(d);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto m = Model::read(*bytes);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->archive().size(), 5u);
    EXPECT_FALSE(m->data().normals || m->data().uv0 || m->data().uv1 || m->data().triangles || m->data().animKeys);
    EXPECT_FALSE(m->type16Present());
    EXPECT_EQ(m->nodeName(0), "");
    EXPECT_EQ(m->archive().entries()[1].size, 0x8C + 68u);
}

TEST(MshRead, PositionStrideFromAttr3) {
    const Bytes bytes = mutated([](auto& entries) {
        auto& e = byType(entries, stream::kPositions);
        Bytes wide;
        for (std::size_t i = 0; i < e.attr1; ++i) {
            wide.insert(wide.end(), e.data.begin() + 12 * i, e.data.begin() + 12 * i + 12);
            for (int k = 0; k < 4; ++k) wide.push_back(0xEE);
        }
        e.data = wide;
        e.attr3 = 16;
    });
    auto m = Model::read(bytes);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->data().positions, sampleTank().positions);
}

TEST(MshRead, NodeVariant24KeepsItsTail) {
    ModelData d = sampleTank();
    d.nodeStride = kNodeVariantSize;
    for (auto& n : d.nodes) {
        n.variantTail.assign(16, 0x5A);
        n.slotTable.fill(kNone);
    }
    auto bytes = build(d);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto m = Model::read(*bytes);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->data().nodeStride, 24u);
    EXPECT_EQ(m->data().nodes[2].variantTail, Bytes(16, 0x5A));
    EXPECT_EQ(m->data().nodes[2].parent, 0);
    auto rebuilt = build(m->data());
    ASSERT_TRUE(rebuilt.ok());
    EXPECT_EQ(*rebuilt, *bytes);
    auto g = staticGeometry(*m, 0, 0);
    ASSERT_FALSE(g.ok());
    EXPECT_EQ(g.error().code(), "msh.node_variant");
}

TEST(MshRead, NamesWithUnnamedNodesAndTail) {
    ModelData d = sampleTank();
    d.names->names[1].reset();
    d.names->tail = {1, 2, 3};
    auto bytes = build(d);
    ASSERT_TRUE(bytes.ok());
    const std::uint8_t* p = bytes->data() + payloadOffset(*bytes, stream::kNames);
    EXPECT_EQ(loadU32(p), 4u);  // "body"
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(p + 4), 4), "body");
    EXPECT_EQ(p[8], 0);
    EXPECT_EQ(loadU32(p + 9), 0u);  // unnamed
    auto m = Model::read(*bytes);
    ASSERT_TRUE(m.ok());
    EXPECT_FALSE(m->data().names->names[1].has_value());
    EXPECT_EQ(m->data().names->tail, (Bytes{1, 2, 3}));
    EXPECT_EQ(m->nodeName(2), "track_right");
}

TEST(MshRead, BuilderRejectsWhatTheReaderWould) {
    ModelData d = sampleTank();
    d.batches[2].baseVertex = 1000;
    auto r = build(d);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "msh.batch_vertex_range");
    EXPECT_EQ(r.error().find("record"), "2");

    ModelData e = sampleTank();
    e.names->names[0] = std::string();
    EXPECT_EQ(build(e).error().code(), "msh.names_empty");
    ModelData f = sampleTank();
    f.layout = {{stream::kNodes, 0, 0, 0, {}}};
    EXPECT_EQ(build(f).error().code(), "msh.layout");
    ModelData g = sampleTank();
    g.uv0->pop_back();
    EXPECT_EQ(build(g).error().code(), "msh.stream_count");
}

}  // namespace
}  // namespace vestige::iron3d::msh::test
