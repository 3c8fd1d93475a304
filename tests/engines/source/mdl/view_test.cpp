// The interpreted view (LOD triangles through VTX -> VVD), sibling checks, glTF export and the registry entry.
#include "vestige/source/mdl/view.hpp"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "vestige/core/file_io.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/mdl/register.hpp"

namespace vestige::source::mdl {
namespace {

BuiltModel sample() {
    auto built = buildModel(sampleSpec());
    EXPECT_TRUE(built.ok()) << built.error().render();
    return std::move(built).value();
}

StudioFiles studio(const BuiltModel& b) {
    auto f = readStudio(b.mdl, b.vvd, b.vtx);
    EXPECT_TRUE(f.ok()) << f.error().render();
    return std::move(f).value();
}

TEST(View, ResolvesStripsToVvdVertices) {
    const BuiltModel b = sample();
    auto view = buildView(studio(b));
    ASSERT_TRUE(view.ok()) << view.error().render();
    EXPECT_EQ(view->triangles, 16u);
    ASSERT_EQ(view->meshes.size(), 2u);
    const ViewMesh& upper = view->meshes[1];
    EXPECT_EQ(upper.materialName, "stripe");
    EXPECT_EQ(upper.vertices.size(), 8u);
    ASSERT_EQ(upper.indices.size(), 24u);
    // First triangle a, d, c of side 0: VVD vertices 8, 12, 13 (mesh 1 starts at vertex offset 8).
    EXPECT_EQ(upper.vertices[upper.indices[0]].vvdIndex, 8u);
    EXPECT_EQ(upper.vertices[upper.indices[1]].vvdIndex, 12u);
    EXPECT_EQ(upper.vertices[upper.indices[2]].vvdIndex, 13u);
    EXPECT_EQ(upper.vertices[upper.indices[2]].pos, (Vec3{-4, 4, 32}));
    EXPECT_EQ(upper.vertices[upper.indices[2]].bones[0], 1);
    // Bind pose: tip sits 16 units up, and bindWorld * poseToBone is the identity.
    ASSERT_EQ(view->bones.size(), 2u);
    EXPECT_NEAR(view->bones[1].bindWorld.translationPart().z, 16.0f, 1e-5f);
    const Mat4 id = view->bones[1].bindWorld * view->bones[1].poseToBone;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) EXPECT_NEAR(id.m[c][r], c == r ? 1.0f : 0.0f, 1e-5f);
}

TEST(View, RejectsNegativeBodyValues) {
    auto view = buildView(studio(sample()), ViewOptions{0, -1});
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code(), "mdl.bad_body");
}

TEST(View, ChecksumMismatchNamesBothFilesAndValues) {
    BuiltModel b = sample();
    b.vvd[8] ^= 0xFF;
    auto f = readStudio(b.mdl, b.vvd, b.vtx, "m.mdl", "m.vvd", "m.dx90.vtx");
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().code(), "mdl.checksum_mismatch");
    EXPECT_EQ(f.error().find("file"), "m.vvd");
    EXPECT_EQ(f.error().offset(), 8u);
    EXPECT_EQ(f.error().expectedText(), "m.mdl checksum 1592594996 (0x5EED1234)");
    EXPECT_EQ(f.error().actualText(), "m.vvd checksum 1592595147 (0x5EED12CB)");
}

TEST(View, RejectsStripVerticesPastTheModel) {
    BuiltModel b = sample();
    auto x = readVtx(b.vtx);
    ASSERT_TRUE(x.ok());
    auto& g = x->bodyParts[0].models[0].lods[0].meshes[1].stripGroups[0];
    g.vertices[0].origMeshVertId = 100;
    auto bytes = writeVtx(*x);
    ASSERT_TRUE(bytes.ok());
    auto f = readStudio(b.mdl, b.vvd, *bytes);
    ASSERT_TRUE(f.ok());
    auto view = buildView(*f);
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.error().code(), "mdl.bad_vertex_ref");
    EXPECT_EQ(view.error().offset(), g.offset + static_cast<std::uint64_t>(g.vertOffset) + 4);
}

TEST(Export, GlbHasSkeletonSkinAndNamedMaterials) {
    const BuiltModel b = sample();
    auto glb = exportGlb(studio(b));
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb->data(), static_cast<unsigned>(glb->size())))
        << err;
    ASSERT_EQ(model.skins.size(), 1u);
    EXPECT_EQ(model.skins[0].joints, (std::vector<int>{0, 1}));
    EXPECT_EQ(model.nodes[0].name, "root");
    EXPECT_EQ(model.nodes[1].name, "tip");
    EXPECT_EQ(model.nodes[0].children, std::vector<int>{1});
    EXPECT_EQ(model.nodes[2].name, "studio_model");
    EXPECT_EQ(model.nodes[3].skin, 0);
    ASSERT_EQ(model.materials.size(), 2u);
    EXPECT_EQ(model.materials[0].name, "body");
    EXPECT_EQ(model.materials[1].name, "stripe");
    ASSERT_EQ(model.meshes.size(), 1u);
    ASSERT_EQ(model.meshes[0].primitives.size(), 2u);
    const auto& prim = model.meshes[0].primitives[1];
    ASSERT_TRUE(prim.attributes.count("JOINTS_0"));
    ASSERT_TRUE(prim.attributes.count("WEIGHTS_0"));
    EXPECT_EQ(model.accessors[static_cast<std::size_t>(prim.attributes.at("WEIGHTS_0"))].count, 8u);
    EXPECT_EQ(model.accessors[static_cast<std::size_t>(prim.indices)].count, 24u);
    // Inverse bind matrix of tip: translation -16 along Z (column 3, row 2).
    const auto& ibm = model.accessors[static_cast<std::size_t>(model.skins[0].inverseBindMatrices)];
    EXPECT_EQ(ibm.count, 2u);
    const auto& view = model.bufferViews[static_cast<std::size_t>(ibm.bufferView)];
    float m[32];
    std::memcpy(m, model.buffers[0].data.data() + view.byteOffset, sizeof(m));
    EXPECT_NEAR(m[16 + 14], -16.0f, 1e-5f);
    // Winding reversed: Source a, d, c becomes a, c, d.
    const auto& iv =
        model.bufferViews[static_cast<std::size_t>(model.accessors[static_cast<std::size_t>(prim.indices)].bufferView)];
    std::uint16_t idx[3];
    std::memcpy(idx, model.buffers[0].data.data() + iv.byteOffset, sizeof(idx));
    EXPECT_EQ(idx[0], 0);
    EXPECT_EQ(idx[1], 2);
    EXPECT_EQ(idx[2], 1);
}

TEST(Export, SequencesBecomeGltfAnimations) {
    const BuiltModel b = sample();
    ViewOptions options;
    options.animations = true;
    auto glb = exportGlb(studio(b), options);
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb->data(), static_cast<unsigned>(glb->size())))
        << err;
    ASSERT_EQ(model.animations.size(), 2u);
    EXPECT_EQ(model.animations[1].name, "bend");
    ASSERT_EQ(model.animations[1].channels.size(), 4u);  // translation + rotation for root and tip
    const auto& ch = model.animations[1].channels[3];
    EXPECT_EQ(ch.target_node, 1);
    EXPECT_EQ(ch.target_path, "rotation");
    const auto& input = model.accessors[static_cast<std::size_t>(
        model.animations[1].samplers[static_cast<std::size_t>(ch.sampler)].input)];
    EXPECT_EQ(input.count, 10u);
    ASSERT_EQ(input.maxValues.size(), 1u);
    EXPECT_NEAR(input.maxValues[0], 9.0 / 15.0, 1e-6);
    EXPECT_EQ(model.skins.size(), 1u);
}

TEST(Export, RegistryFindsSiblingsNextToTheModel) {
    const BuiltModel b = sample();
    const auto dir = std::filesystem::temp_directory_path() / "vestige_mdl_siblings";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    ASSERT_TRUE(writeFileAtomic(dir / "tube.mdl", b.mdl).ok());
    ASSERT_TRUE(writeFileAtomic(dir / "tube.vvd", b.vvd).ok());
    registry::FormatRegistry formats;
    vfs::ArchiveRegistry archives;
    registerFormat(formats, archives);
    const auto* info = formats.detect(b.mdl, "tube.mdl");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->name, "mdl");
    const std::string spec = (dir / "tube.mdl").string();
    auto missing = info->exportGlb(b.mdl, spec, {});
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code(), "mdl.missing_sibling");
    ASSERT_TRUE(writeFileAtomic(dir / "tube.dx90.vtx", b.vtx).ok());
    auto glb = info->exportGlb(b.mdl, spec, {});
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    EXPECT_EQ(*glb, *exportGlb(studio(b)));
    auto d = info->describe(b.mdl, spec);
    ASSERT_TRUE(d.ok()) << d.error().render();
    const auto j = nlohmann::json::parse(d->json);
    EXPECT_EQ(j["format"], "mdl");
    EXPECT_EQ(j["counts"]["bones"], 2);
    EXPECT_EQ(j["counts"]["meshes"], 2);
    EXPECT_EQ(j["sequences"][1]["label"], "bend");
    EXPECT_EQ(j["siblings"]["vertices"], 16);
    EXPECT_EQ(j["siblings"]["indices"], 48);
    EXPECT_NE(d->text.find("tip"), std::string::npos);
    EXPECT_EQ(formats.detect(b.vvd, "tube.vvd")->name, "vvd");
    EXPECT_EQ(formats.detect(b.vtx, "tube.dx90.vtx")->name, "vtx");
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace vestige::source::mdl
