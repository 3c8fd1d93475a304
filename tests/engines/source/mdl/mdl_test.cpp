// Readers, writers and validation of the three studio files, on fixtures from our own builder.
#include "vestige/source/mdl/mdl.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/mdl/vtx.hpp"
#include "vestige/source/mdl/vvd.hpp"

namespace vestige::source::mdl {
namespace {

BuiltModel sample() {
    auto built = buildModel(sampleSpec());
    EXPECT_TRUE(built.ok()) << built.error().render();
    return std::move(built).value();
}

void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) b[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

TEST(Mdl, ReadsTheBuiltHeaderAndTables) {
    const BuiltModel files = sample();
    auto m = readMdl(files.mdl);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->header.version, 48);
    EXPECT_EQ(m->header.checksum, 0x5EED1234);
    EXPECT_EQ(m->nameText(), "vestige/studio_demo.mdl");
    EXPECT_EQ(static_cast<std::size_t>(m->header.length), files.mdl.size());
    ASSERT_EQ(m->bones.size(), 2u);
    EXPECT_EQ(m->bones[0].name, "root");
    EXPECT_EQ(m->bones[1].name, "tip");
    EXPECT_EQ(m->bones[1].parent, 0);
    EXPECT_EQ(m->bones[1].pos, (Vec3{0, 0, 16}));
    // poseToBone of tip = inverse(bind world): the translation row moves the tip back to the origin.
    EXPECT_NEAR(m->bones[1].poseToBone[11], -16.0f, 1e-5f);
    EXPECT_NEAR(m->bones[1].quat.z, std::sqrt(0.5f), 1e-6f);
    ASSERT_EQ(m->bodyParts.size(), 1u);
    ASSERT_EQ(m->bodyParts[0].models.size(), 1u);
    const Model& model = m->bodyParts[0].models[0];
    EXPECT_EQ(model.nameText(), "tube");
    EXPECT_EQ(model.numVertices, 16);
    ASSERT_EQ(model.meshes.size(), 2u);
    EXPECT_EQ(model.meshes[1].vertexOffset, 8);
    EXPECT_EQ(model.meshes[1].material, 1);
    ASSERT_EQ(m->textures.size(), 2u);
    EXPECT_EQ(m->textures[1].name, "stripe");
    EXPECT_EQ(m->cdTextures, std::vector<std::string>{"models/vestige/"});
    EXPECT_EQ(m->skinFamilies, (std::vector<std::vector<std::int16_t>>{{0, 1}, {1, 0}}));
    ASSERT_EQ(m->sequences.size(), 2u);
    EXPECT_EQ(m->sequences[1].label, "bend");
    EXPECT_EQ(m->sequences[1].activityName, "ACT_VM_IDLE");
    EXPECT_EQ(m->sequences[0].flags, 1);
    ASSERT_EQ(m->animations.size(), 2u);
    EXPECT_EQ(m->animations[1].name, "@bend");
    EXPECT_EQ(m->animations[1].numFrames, 10);
    EXPECT_FLOAT_EQ(m->animations[1].fps, 15.0f);
    ASSERT_EQ(m->attachments.size(), 1u);
    EXPECT_EQ(m->attachments[0].name, "top");
    ASSERT_EQ(m->hitboxSets.size(), 1u);
    EXPECT_EQ(m->hitboxSets[0].hitboxes.size(), 2u);
    ASSERT_TRUE(m->header2.has_value());
    EXPECT_EQ(m->header2->offset, kHeaderSize);
    EXPECT_EQ(m->header2->name, "vestige/studio_demo.mdl");
    EXPECT_EQ(m->surfaceProp, "default");
}

TEST(Mdl, RoundTripsByteExactAndEditsLandInPlace) {
    const BuiltModel files = sample();
    auto m = readMdl(files.mdl);
    ASSERT_TRUE(m.ok());
    auto again = writeMdl(*m);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, files.mdl);
    m->bones[1].pos.z = 20;
    auto edited = writeMdl(*m);
    ASSERT_TRUE(edited.ok());
    auto back = readMdl(*edited);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->bones[1].pos.z, 20.0f);

    auto v = readVvd(files.vvd);
    ASSERT_TRUE(v.ok()) << v.error().render();
    EXPECT_EQ(*writeVvd(*v), files.vvd);
    auto x = readVtx(files.vtx);
    ASSERT_TRUE(x.ok()) << x.error().render();
    EXPECT_EQ(*writeVtx(*x), files.vtx);
}

TEST(Mdl, KeepsUnknownHeaderBytes) {
    BuiltModel files = sample();
    put32(files.mdl, 380, 0xDEADBEEF);  // unused1
    files.mdl[379] = 0x7F;              // unused byte after numAllowedRootLODs
    auto m = readMdl(files.mdl);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->header.unused1, static_cast<std::int32_t>(0xDEADBEEF));
    EXPECT_EQ(*writeMdl(*m), files.mdl);
}

TEST(Mdl, RejectsBadMagicVersionAndLength) {
    BuiltModel files = sample();
    Bytes bad = files.mdl;
    bad[0] = 'X';
    auto r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_magic");
    EXPECT_EQ(r.error().offset(), 0u);

    bad = files.mdl;
    put32(bad, 4, 50);
    r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_version");
    EXPECT_EQ(r.error().offset(), 4u);
    EXPECT_EQ(r.error().expectedText(), "44..49");
    EXPECT_EQ(r.error().actualText(), "50");

    bad = files.mdl;
    bad.push_back(0);  // the header length is the payload end
    r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_length");
    EXPECT_EQ(r.error().expectedText(), std::to_string(files.mdl.size() + 1));

    r = readMdl(ByteView(files.mdl).first(100));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.truncated");
}

TEST(Mdl, RejectsTablesOutsideTheFile) {
    BuiltModel files = sample();
    Bytes bad = files.mdl;
    put32(bad, 156, 0x7FFFFFFF);  // numbones
    auto r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_offset");
    EXPECT_EQ(r.error().find("field"), "numbones");
    EXPECT_EQ(r.error().offset(), 156u);

    bad = files.mdl;
    put32(bad, 156, 0xFFFFFFFF);  // -1 bones
    r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_count");

    // A bone whose parent comes after it.
    auto m = readMdl(files.mdl);
    ASSERT_TRUE(m.ok());
    bad = files.mdl;
    put32(bad, m->bones[0].offset + 4, 1);
    r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_bone_parent");
    EXPECT_EQ(r.error().offset(), m->bones[0].offset + 4);
    EXPECT_EQ(r.error().find("entry"), "root");

    // A skin-table entry naming texture 9 of 2.
    bad = files.mdl;
    bad[static_cast<std::size_t>(m->header.skinIndex) + 2] = 9;
    r = readMdl(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "mdl.bad_skin_ref");
    EXPECT_EQ(r.error().offset(), static_cast<std::uint64_t>(m->header.skinIndex) + 2);
}

TEST(Mdl, HugeSkinFamilyCountWithoutReferencesDecodesNothing) {  // fuzz find: 2^31 empty rows
    BuiltModel files = sample();
    put32(files.mdl, 220, 0);           // numskinref
    put32(files.mdl, 224, 0x7FFFFFFF);  // numskinfamilies
    auto m = readMdl(files.mdl);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_TRUE(m->skinFamilies.empty());
    EXPECT_EQ(m->header.numSkinFamilies, 0x7FFFFFFF);
    EXPECT_EQ(*writeMdl(*m), files.mdl);
}

TEST(Vvd, ReadsVerticesTangentsAndRejectsTrailingBytes) {
    const BuiltModel files = sample();
    auto v = readVvd(files.vvd);
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(v->header.numLods, 1);
    EXPECT_EQ(v->header.numLodVertexes[0], 16);
    ASSERT_EQ(v->vertices.size(), 16u);
    ASSERT_EQ(v->tangents.size(), 16u);
    EXPECT_EQ(v->vertices[4].numBones, 2);
    EXPECT_EQ(v->vertices[4].bones[1], 1);
    EXPECT_FLOAT_EQ(v->vertices[4].weights[0], 0.5f);
    EXPECT_EQ(v->vertices[15].pos, (Vec3{4, -4, 32}));
    EXPECT_EQ(files.vvd.size(), 64u + 16 * 48 + 16 * 16);

    Bytes bad = files.vvd;
    bad.push_back(0);
    auto r = readVvd(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vvd.trailing_bytes");

    bad = files.vvd;
    bad[64 + 15] = 4;  // numBones of vertex 0
    r = readVvd(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vvd.bad_bone_count");
    EXPECT_EQ(r.error().offset(), 64u + 15);
}

// A 3-LOD VVD written by hand: 5 vertices, LOD vertex counts 5 / 3 / 2, fixups in engine order.
// clang-format off
Bytes fixupVvd() {
    ByteWriter w;
    w.u32(kVvdIdent);
    w.i32(4);
    w.i32(77);
    w.i32(3);
    for (int c : {5, 3, 2, 0, 0, 0, 0, 0}) w.i32(c);
    w.i32(3);
    w.i32(64);
    w.i32(64 + 36);
    w.i32(0);
    // fixup {lod, source, count}: vertices 0-1 live to LOD 2, vertex 2 to LOD 1 only... and 3-4 to LOD 0 only.
    for (int v : {2, 0, 2, 0, 3, 2, 1, 2, 1}) w.i32(v);
    for (int i = 0; i < 5; ++i) {
        for (float f : {1.0f, 0.0f, 0.0f}) w.f32(f);
        w.i8(0); w.i8(0); w.i8(0); w.u8(1);
        for (float f : {static_cast<float>(i), 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f}) w.f32(f);
    }
    return w.take();
}
// clang-format on

TEST(Vvd, AppliesFixupsPerLodLikeTheEngine) {
    const Bytes bytes = fixupVvd();
    auto v = readVvd(bytes);
    ASSERT_TRUE(v.ok()) << v.error().render();
    EXPECT_EQ(*writeVvd(*v), bytes);
    auto l0 = lodVertexIds(*v, 0);
    ASSERT_TRUE(l0.ok()) << l0.error().render();
    EXPECT_EQ(*l0, (std::vector<std::uint32_t>{0, 1, 3, 4, 2}));
    auto l1 = lodVertexIds(*v, 1);
    ASSERT_TRUE(l1.ok()) << l1.error().render();
    EXPECT_EQ(*l1, (std::vector<std::uint32_t>{0, 1, 2}));
    auto l2 = lodVertexIds(*v, 2);
    ASSERT_TRUE(l2.ok());
    EXPECT_EQ(*l2, (std::vector<std::uint32_t>{0, 1}));
    EXPECT_FALSE(lodVertexIds(*v, 3).ok());
}

TEST(Vvd, RejectsFixupsThatDoNotAddUp) {
    Bytes bytes = fixupVvd();
    put32(bytes, 16 + 4, 4);  // numLODVertexes[1] = 4, but the fixups give 3
    auto v = readVvd(bytes);
    ASSERT_TRUE(v.ok());
    auto l1 = lodVertexIds(*v, 1);
    ASSERT_FALSE(l1.ok());
    EXPECT_EQ(l1.error().code(), "vvd.fixup_count");
    EXPECT_EQ(l1.error().offset(), 20u);
    EXPECT_EQ(l1.error().expectedText(), "4");
    EXPECT_EQ(l1.error().actualText(), "3");
}

TEST(Vtx, ReadsTheStripTree) {
    const BuiltModel files = sample();
    auto x = readVtx(files.vtx);
    ASSERT_TRUE(x.ok());
    EXPECT_EQ(x->header.version, 7);
    EXPECT_EQ(x->header.checksum, 0x5EED1234);
    ASSERT_EQ(x->bodyParts.size(), 1u);
    ASSERT_EQ(x->bodyParts[0].models[0].lods.size(), 1u);
    const auto& lod = x->bodyParts[0].models[0].lods[0];
    ASSERT_EQ(lod.meshes.size(), 2u);
    const auto& g = lod.meshes[1].stripGroups.at(0);
    EXPECT_EQ(g.vertices.size(), 8u);
    EXPECT_EQ(g.indices.size(), 24u);
    ASSERT_EQ(g.strips.size(), 1u);
    EXPECT_EQ(g.strips[0].flags, strip_flag::kTriList);
    EXPECT_EQ(g.strips[0].numBones, 2);
    EXPECT_EQ(g.vertices[7].origMeshVertId, 7);
    // The packed sizes: header 36 + part 8 + model 8 + lod 12 + 2 meshes 9 + 2 groups 25 + 2 strips 27
    // + 16 vertices 9 + 48 indices 2 + one material list 8.
    EXPECT_EQ(files.vtx.size(), 36u + 8 + 8 + 12 + 18 + 50 + 54 + 144 + 96 + 8);
}

TEST(Vtx, RejectsIndicesPastTheStripGroup) {
    BuiltModel files = sample();
    auto x = readVtx(files.vtx);
    ASSERT_TRUE(x.ok());
    const auto& g = x->bodyParts[0].models[0].lods[0].meshes[0].stripGroups[0];
    const std::size_t at = static_cast<std::size_t>(g.offset) + static_cast<std::size_t>(g.indexOffset);
    files.vtx[at] = 8;  // group has 8 vertices
    auto r = readVtx(files.vtx);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vtx.bad_index");
    EXPECT_EQ(r.error().offset(), at);
    EXPECT_EQ(r.error().expectedText(), "< 8");

    Bytes bad = files.vtx;
    put32(bad, 0, 6);
    r = readVtx(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vtx.bad_version");
}

TEST(Vtx, RejectsSharedTablesThatAmplify) {
    // 30000 body parts all pointing at one 40000-byte model table: bounded by the byte budget, not decoded.
    constexpr std::size_t kParts = 30000, kModels = 5000, kZerosAt = 36 + kParts * 8;
    ByteWriter w;
    w.i32(7);
    w.i32(24);
    w.u16(53);
    w.u16(9);
    w.i32(3);
    w.i32(0);
    w.i32(1);
    w.i32(0);
    w.i32(static_cast<std::int32_t>(kParts));
    w.i32(36);
    Bytes b = w.take();
    b.resize(kZerosAt + kModels * 8, 0);
    for (std::size_t i = 0; i < kParts; ++i) {
        put32(b, 36 + i * 8, kModels);
        put32(b, 36 + i * 8 + 4, static_cast<std::uint32_t>(kZerosAt - (36 + i * 8)));
    }
    auto r = readVtx(b);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vtx.overlapping_tables");
}

}  // namespace
}  // namespace vestige::source::mdl
