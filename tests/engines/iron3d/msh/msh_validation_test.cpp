// One negative test per validation rule. Each checks the error code and where it points: entry
// type, record, field and the absolute byte offset in the .msh.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fixture.hpp"

namespace vestige::iron3d::msh::test {
namespace {

Error readError(const Bytes& bytes, const ReadOptions& options = {}) {
    auto m = Model::read(bytes, options);
    EXPECT_FALSE(m.ok()) << "expected a validation error";
    return m.ok() ? Error() : m.error();
}

// Mutates the payload of one entry type in place.
Bytes patched(std::uint32_t type, const std::function<void(Bytes&)>& fn) {
    return mutated([&](auto& entries) { fn(byType(entries, type).data); });
}

void expectAt(const Error& e, const std::string& code, std::uint32_t type, std::optional<std::uint64_t> record,
              const std::string& field, std::uint64_t offset) {
    EXPECT_EQ(e.code(), code) << e.render();
    EXPECT_EQ(e.find("stream"), "type " + std::to_string(type)) << e.render();
    if (record) { EXPECT_EQ(e.find("record"), std::to_string(*record)) << e.render(); }
    EXPECT_EQ(e.find("field"), field) << e.render();
    EXPECT_EQ(e.offset(), offset) << e.render();
    EXPECT_TRUE(e.find("entry").has_value()) << e.render();
}

TEST(MshValidation, NresFramingErrorsPassThrough) {
    Bytes b = tankBytes();
    b[0] = 'X';
    EXPECT_EQ(readError(b).code().rfind("nres.", 0), 0u);
    Bytes t = tankBytes();
    t.pop_back();
    EXPECT_EQ(readError(t).code().rfind("nres.", 0), 0u);
}

TEST(MshValidation, MissingRequiredStream) {
    const std::pair<std::uint32_t, const char*> required[] = {
        {1u, "nodes"}, {2u, "slots"}, {3u, "positions"}, {6u, "indices"}, {13u, "batches"}};
    for (const auto& [type, name] : required) {
        const std::uint32_t want = type;  // a named copy: clang 14 cannot capture structured bindings
        const Bytes b = mutated([&](auto& entries) {
            entries.erase(std::find_if(entries.begin(), entries.end(), [&](auto& e) { return e.type == want; }));
        });
        const Error e = readError(b);
        EXPECT_EQ(e.code(), "msh.missing_stream") << type;
        EXPECT_EQ(e.find("stream"), "type " + std::to_string(type) + " (" + name + ")");
        EXPECT_NE(e.message().find(name), std::string::npos);
    }
}

TEST(MshValidation, ValidateRefusesNonFinitePositions) {
    // The reader refuses them (msh.position_value); validate() on builder data must too.
    ModelData d = sampleTank();
    d.positions[3].y = std::numeric_limits<float>::quiet_NaN();
    const auto st = validate(d);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "msh.position_value");
    EXPECT_EQ(st.error().find("record"), "3");
    EXPECT_FALSE(build(d).ok());
}

TEST(MshValidation, DuplicateStream) {
    Bytes b = mutated([](auto& entries) { entries.push_back(byType(entries, stream::kUv0)); });
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.duplicate_stream");
    auto a = nres::Archive::read(b);
    EXPECT_EQ(e.offset(), a->recordOffset(a->size() - 1));  // the second entry's directory record
}

TEST(MshValidation, NodeStrideAttr) {
    Bytes b = mutated([](auto& entries) { byType(entries, stream::kNodes).attr3 = 37; });
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.node_stride");
    EXPECT_EQ(e.find("field"), "attr3");
    EXPECT_EQ(e.offset(), nres::Archive::read(b)->recordOffset(0) + 0x10);
}

TEST(MshValidation, NodePayloadNotWholeRecords) {
    Bytes b = patched(stream::kNodes, [](Bytes& p) { p.pop_back(); });
    expectAt(readError(b), "msh.stream_size", 1, std::nullopt, "size", payloadOffset(b, 1));
}

TEST(MshValidation, SlotHeaderAndFraming) {
    Bytes shortHeader = patched(stream::kSlots, [](Bytes& p) { p.resize(0x8B); });
    EXPECT_EQ(readError(shortHeader).code(), "msh.stream_size");
    Bytes ragged = patched(stream::kSlots, [](Bytes& p) { p.push_back(0); });
    expectAt(readError(ragged), "msh.stream_size", 2, std::nullopt, "size", payloadOffset(ragged, 2));
}

TEST(MshValidation, PositionStrideAttr) {
    Bytes b = mutated([](auto& entries) { byType(entries, stream::kPositions).attr3 = 8; });
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.stream_attr");
    EXPECT_EQ(e.find("field"), "attr3");
}

TEST(MshValidation, PositionCountAttr) {
    Bytes b = mutated([](auto& entries) { byType(entries, stream::kPositions).attr1 = 119; });
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.stream_attr");
    EXPECT_EQ(e.find("field"), "attr1");
    EXPECT_EQ(e.offset(), nres::Archive::read(b)->recordOffset(2) + 4);
}

TEST(MshValidation, PositionNotFinite) {
    Bytes b = patched(stream::kPositions, [](Bytes& p) { putF32(p, 7 * 12 + 4, std::nanf("")); });
    expectAt(readError(b), "msh.position_value", 3, 7, "xyz", payloadOffset(b, 3) + 7 * 12);
}

TEST(MshValidation, NormalFraming) {
    Bytes b = patched(stream::kNormals, [](Bytes& p) { p.resize(p.size() - 2); });
    expectAt(readError(b), "msh.stream_size", 4, std::nullopt, "size", payloadOffset(b, 4));
}

TEST(MshValidation, NormalCount) {
    Bytes b = patched(stream::kNormals, [](Bytes& p) { p.resize(p.size() - 4); });
    expectAt(readError(b), "msh.stream_count", 4, std::nullopt, "size", payloadOffset(b, 4));
}

TEST(MshValidation, Uv0Count) {
    Bytes b = patched(stream::kUv0, [](Bytes& p) { p.insert(p.end(), 4, 0); });
    expectAt(readError(b), "msh.stream_count", 5, std::nullopt, "size", payloadOffset(b, 5));
}

TEST(MshValidation, Uv1Attr3MustBe4) {
    Bytes b = mutated([](auto& entries) { byType(entries, stream::kUv1).attr3 = 8; });
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.uv1_attr");
    EXPECT_EQ(e.find("field"), "attr3");
    EXPECT_EQ(e.offset(), nres::Archive::read(b)->recordOffset(5) + 0x10);
}

TEST(MshValidation, Uv1Attr1MustMatchPayload) {
    Bytes b = mutated([](auto& entries) { byType(entries, stream::kUv1).attr1 = 121; });
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.uv1_attr");
    EXPECT_EQ(e.find("field"), "attr1");
}

TEST(MshValidation, Uv1CountMustMatchPositions) {
    Bytes b = mutated([](auto& entries) {
        auto& e = byType(entries, stream::kUv1);
        e.data.resize(e.data.size() - 4);
        e.attr1 = 119;
    });
    expectAt(readError(b), "msh.stream_count", 18, std::nullopt, "size", payloadOffset(b, 18));
}

TEST(MshValidation, IndexFraming) {
    Bytes b = patched(stream::kIndices, [](Bytes& p) { p.push_back(0); });
    expectAt(readError(b), "msh.stream_size", 6, std::nullopt, "size", payloadOffset(b, 6));
}

TEST(MshValidation, TriangleDescriptorFraming) {
    Bytes b = patched(stream::kTriangles, [](Bytes& p) { p.resize(p.size() - 1); });
    expectAt(readError(b), "msh.stream_size", 7, std::nullopt, "size", payloadOffset(b, 7));
}

TEST(MshValidation, AnimKeyFraming) {
    Bytes b = patched(stream::kAnimKeys, [](Bytes& p) { p.resize(p.size() - 3); });
    expectAt(readError(b), "msh.stream_size", 8, std::nullopt, "size", payloadOffset(b, 8));
}

TEST(MshValidation, AnimKeyTimeNotFinite) {
    Bytes b = patched(stream::kAnimKeys, [](Bytes& p) { putF32(p, 2 * 24 + 12, INFINITY); });
    expectAt(readError(b), "msh.anim_key_time", 8, 2, "time", payloadOffset(b, 8) + 2 * 24 + 12);
}

TEST(MshValidation, FrameMapFraming) {
    Bytes b = patched(stream::kFrameMap, [](Bytes& p) { p.push_back(1); });
    expectAt(readError(b), "msh.stream_size", 19, std::nullopt, "size", payloadOffset(b, 19));
}

TEST(MshValidation, NameLengthPastEnd) {
    Bytes b = patched(stream::kNames, [](Bytes& p) { putU32(p, 0, 1000); });
    expectAt(readError(b), "msh.names_size", 10, 0, "name", payloadOffset(b, 10) + 4);
}

TEST(MshValidation, NameWithoutNul) {
    Bytes b = patched(stream::kNames, [](Bytes& p) { p[8] = 'X'; });  // after "body"
    expectAt(readError(b), "msh.names_nul", 10, 0, "name", payloadOffset(b, 10) + 8);
}

TEST(MshValidation, NamesTruncatedLength) {
    Bytes b = patched(stream::kNames, [](Bytes& p) { p.resize(11); });  // node 1's length cut
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "bytes.eof");
    EXPECT_EQ(e.find("record"), "1");
    EXPECT_EQ(e.find("field"), "name_length");
    EXPECT_EQ(e.offset(), payloadOffset(b, 10) + 9);
}

TEST(MshValidation, BatchFraming) {
    Bytes b = patched(stream::kBatches, [](Bytes& p) { p.resize(p.size() - 4); });
    expectAt(readError(b), "msh.stream_size", 13, std::nullopt, "size", payloadOffset(b, 13));
}

TEST(MshValidation, NodeSlotIndexRange) {
    Bytes b = patched(stream::kNodes, [](Bytes& p) { putU16(p, 2 * 38 + 8 + 2 * 6, 5); });  // node 2, state 1 lod 1
    expectAt(readError(b), "msh.node_slot", 1, 2, "slot_index[6]", payloadOffset(b, 1) + 2 * 38 + 8 + 12);
}

TEST(MshValidation, NodeFallbackKeyRange) {
    Bytes b = patched(stream::kNodes, [](Bytes& p) { putU16(p, 1 * 38 + 6, 6); });
    expectAt(readError(b), "msh.node_fallback_key", 1, 1, "fallback_key", payloadOffset(b, 1) + 38 + 6);
}

TEST(MshValidation, NodeAnimMapBlockPastEnd) {
    Bytes b = patched(stream::kNodes, [](Bytes& p) { putU16(p, 3 * 38 + 4, 1); });  // 1 + 4 frames > 4 words
    expectAt(readError(b), "msh.node_anim_map", 1, 3, "anim_map_start", payloadOffset(b, 1) + 3 * 38 + 4);
}

TEST(MshValidation, NodeAnimMapWithoutType19) {
    Bytes b = mutated([](auto& entries) {
        entries.erase(
            std::find_if(entries.begin(), entries.end(), [](auto& e) { return e.type == stream::kFrameMap; }));
    });
    expectAt(readError(b), "msh.node_anim_map", 1, 3, "anim_map_start", payloadOffset(b, 1) + 3 * 38 + 4);
}

TEST(MshValidation, NodeParentMustPrecedeChild) {
    Bytes b = patched(stream::kNodes, [](Bytes& p) { putU16(p, 1 * 38 + 2, 2); });  // node 1's parent = 2
    expectAt(readError(b), "msh.node_parent", 1, 1, "parent", payloadOffset(b, 1) + 38 + 2);
    Bytes self = patched(stream::kNodes, [](Bytes& p) { putU16(p, 2 * 38 + 2, 2); });
    EXPECT_EQ(readError(self).code(), "msh.node_parent");
}

TEST(MshValidation, BadParentGivesAnExplicitFlatViewWhenAsked) {
    Bytes b = patched(stream::kNodes, [](Bytes& p) { putU16(p, 1 * 38 + 2, 3); });
    ReadOptions options;
    options.allowFlatHierarchy = true;
    auto m = Model::read(b, options);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_TRUE(m->hierarchyFlat());
    EXPECT_NE(m->hierarchyIssue().find("msh.node_parent"), std::string::npos);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(m->parentOf(i), std::nullopt) << i;
    EXPECT_EQ(m->data().nodes[1].parent, 3);  // raw word kept
    auto g = staticGeometry(*m, 0, 0);
    ASSERT_TRUE(g.ok());
    for (const auto& n : g->nodes) EXPECT_FALSE(n.parent.has_value());
}

TEST(MshValidation, SlotBatchRange) {
    const std::size_t at = 0x8C + 4 * 68;                                        // slot 4 (right track)
    Bytes b = patched(stream::kSlots, [&](Bytes& p) { putU16(p, at + 6, 2); });  // 5 + 2 > 6
    expectAt(readError(b), "msh.slot_batch_range", 2, 4, "batch_count", payloadOffset(b, 2) + at + 6);
}

TEST(MshValidation, SlotTriangleRange) {
    const std::size_t at = 0x8C + 1 * 68;
    Bytes b = patched(stream::kSlots, [&](Bytes& p) { putU16(p, at + 2, 60); });
    expectAt(readError(b), "msh.slot_tri_range", 2, 1, "tri_count", payloadOffset(b, 2) + at + 2);
}

TEST(MshValidation, SlotAabbInverted) {
    const std::size_t at = 0x8C + 2 * 68;
    Bytes b = patched(stream::kSlots, [&](Bytes& p) { putF32(p, at + 0x08 + 4, 50.0f); });  // min.y > max.y
    expectAt(readError(b), "msh.slot_bounds", 2, 2, "aabb_min[1]", payloadOffset(b, 2) + at + 0x0C);
}

TEST(MshValidation, SlotAabbNotFinite) {
    const std::size_t at = 0x8C;
    Bytes b = patched(stream::kSlots, [&](Bytes& p) { putF32(p, at + 0x14 + 8, std::nanf("")); });
    expectAt(readError(b), "msh.slot_bounds", 2, 0, "aabb_max[2]", payloadOffset(b, 2) + at + 0x1C);
}

TEST(MshValidation, SlotSphereRadius) {
    const std::size_t at = 0x8C + 3 * 68;
    Bytes b = patched(stream::kSlots, [&](Bytes& p) { putF32(p, at + 0x2C, -1.0f); });
    expectAt(readError(b), "msh.slot_sphere", 2, 3, "sphere_radius", payloadOffset(b, 2) + at + 0x2C);
}

TEST(MshValidation, SlotSphereCentre) {
    const std::size_t at = 0x8C + 3 * 68;
    Bytes b = patched(stream::kSlots, [&](Bytes& p) { putF32(p, at + 0x24, INFINITY); });
    expectAt(readError(b), "msh.slot_sphere", 2, 3, "sphere_center", payloadOffset(b, 2) + at + 0x20);
}

TEST(MshValidation, BatchIndexRange) {
    Bytes b = patched(stream::kBatches, [](Bytes& p) { putU32(p, 5 * 20 + 0x0A, 150); });  // 150 + 36 > 180
    expectAt(readError(b), "msh.batch_index_range", 13, 5, "index_count", payloadOffset(b, 13) + 5 * 20 + 8);
}

TEST(MshValidation, BatchVertexRange) {
    Bytes b = patched(stream::kBatches, [](Bytes& p) { putU32(p, 5 * 20 + 0x10, 97); });  // 97 + 23 = 120
    const Error e = readError(b);
    expectAt(e, "msh.batch_vertex_range", 13, 5, "base_vertex", payloadOffset(b, 13) + 5 * 20 + 0x10);
    EXPECT_EQ(e.actualText(), "97 + 23");
    // The last valid base: 96 + 23 = 119 < 120.
    Bytes ok = patched(stream::kBatches, [](Bytes& p) { putU32(p, 5 * 20 + 0x10, 96); });
    EXPECT_TRUE(Model::read(ok).ok());
}

TEST(MshValidation, IndexRewriteCaughtThroughBaseVertex) {
    Bytes b = patched(stream::kIndices, [](Bytes& p) { putU16(p, 2 * 35, 500); });  // batch 1's last index
    const Error e = readError(b);
    EXPECT_EQ(e.code(), "msh.batch_vertex_range");
    EXPECT_EQ(e.find("record"), "1");
}

TEST(MshValidation, ValidateWorksWithoutBytes) {
    ModelData d = sampleTank();
    d.nodes[2].parent = 3;
    EXPECT_EQ(validate(d).error().code(), "msh.node_parent");
    d = sampleTank();
    d.slotHeader.pop_back();
    EXPECT_EQ(validate(d).error().code(), "msh.slot_header");
    d = sampleTank();
    d.nodeStride = 30;
    EXPECT_EQ(validate(d).error().code(), "msh.node_stride");
    d = sampleTank();
    d.names->names.pop_back();
    EXPECT_EQ(validate(d).error().code(), "msh.names_count");
    d = sampleTank();
    (*d.animKeys)[0].time = NAN;
    EXPECT_EQ(validate(d).error().code(), "msh.anim_key_time");
}

}  // namespace
}  // namespace vestige::iron3d::msh::test
