// The glTF writer: documents are reloaded with tinygltf's own loader and checked field by field.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cstring>

#include "vestige/gltf/gltf.hpp"

namespace vestige::gltf {
namespace {

// Accepts any image without decoding it (the writer embeds PNG bytes as given).
bool keepImage(tinygltf::Image* image, const int, std::string*, std::string*, int, int, const unsigned char* bytes, int size,
               void*) {
    image->image.assign(bytes, bytes + size);
    return true;
}

tinygltf::Model load(const Bytes& glb) {
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(&keepImage, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    const bool ok = loader.LoadBinaryFromMemory(&model, &err, &warn, glb.data(), static_cast<unsigned>(glb.size()));
    EXPECT_TRUE(ok) << err << warn;
    EXPECT_EQ(err, "");
    return model;
}

Primitive quad(float z) {
    Primitive p;
    p.positions = {{0, 0, z}, {2, 0, z}, {2, 3, z}, {0, 3, z}};
    p.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    p.uv0 = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    p.uv1 = {{0, 0}, {0.5f, 0}, {0.5f, 0.5f}, {0, 0.5f}};
    p.indices = {0, 1, 2, 0, 2, 3};
    return p;
}

Document sample() {
    Document d;
    d.materials.push_back({"stone", {1, 0.5f, 0.25f, 1}, 0, 1, true, {}});
    d.materials.push_back({"plain", {1, 1, 1, 1}, -1, 0, false, {}});
    d.images.push_back({"tex", Bytes{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3}});
    Mesh m;
    m.name = "quads";
    m.primitives.push_back(quad(1));
    m.primitives.back().material = 0;
    m.primitives.push_back(quad(-1));
    m.primitives.back().material = 1;
    m.primitives.back().uv1.clear();
    m.primitives.back().extras.ints["batch"] = 7;
    d.meshes.push_back(m);
    Node root;
    root.name = "root";
    root.children = {1};
    root.translation = {1, 2, 3};
    Node child;
    child.name = "child";
    child.mesh = 0;
    child.rotation = Quat{0, 0, std::sqrt(0.5f), std::sqrt(0.5f)};
    child.extras.strings["role"] = "socket";
    Node matrixNode;
    matrixNode.name = "m";
    matrixNode.matrix = Mat4::translation({5, 0, 0});
    d.nodes = {root, child, matrixNode};
    Animation a;
    a.name = "turn";
    AnimationChannel ch;
    ch.node = 1;
    ch.path = AnimationPath::Rotation;
    ch.times = {0, 1, 2};
    ch.quatValues = {Quat{}, Quat{0, 0, 0.5f, 0.8660254f}, Quat{0, 0, 1, 0}};
    a.channels.push_back(ch);
    AnimationChannel tr;
    tr.node = 0;
    tr.path = AnimationPath::Translation;
    tr.interpolation = Interpolation::Step;
    tr.times = {0, 0.5f};
    tr.vec3Values = {{0, 0, 0}, {0, 0, 1}};
    a.channels.push_back(tr);
    d.animations.push_back(a);
    return d;
}

TEST(Gltf, WritesAndReloads) {
    auto glb = writeGlb(sample());
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    ASSERT_GE(glb->size(), 20u);
    EXPECT_EQ(std::string(glb->begin(), glb->begin() + 4), "glTF");
    EXPECT_EQ(loadU32(glb->data() + 4), 2u);
    EXPECT_EQ(loadU32(glb->data() + 8), glb->size());
    EXPECT_EQ(glb->size() % 4, 0u);

    auto m = load(*glb);
    ASSERT_EQ(m.nodes.size(), 3u);
    EXPECT_EQ(m.nodes[0].name, "root");
    EXPECT_EQ(m.nodes[0].children, std::vector<int>{1});
    EXPECT_EQ(m.nodes[0].translation, (std::vector<double>{1, 2, 3}));
    EXPECT_TRUE(m.nodes[0].rotation.empty());  // identity is not written
    ASSERT_EQ(m.nodes[1].rotation.size(), 4u);
    EXPECT_NEAR(m.nodes[1].rotation[2], std::sqrt(0.5), 1e-6);
    EXPECT_EQ(m.nodes[1].extras.Get("role").Get<std::string>(), "socket");
    ASSERT_EQ(m.nodes[2].matrix.size(), 16u);
    EXPECT_EQ(m.nodes[2].matrix[12], 5.0);
    ASSERT_EQ(m.scenes.size(), 1u);
    EXPECT_EQ(m.scenes[0].nodes, (std::vector<int>{0, 2}));  // roots in node order

    ASSERT_EQ(m.meshes.size(), 1u);
    ASSERT_EQ(m.meshes[0].primitives.size(), 2u);
    const auto& p0 = m.meshes[0].primitives[0];
    EXPECT_EQ(p0.mode, TINYGLTF_MODE_TRIANGLES);
    EXPECT_EQ(p0.attributes.count("POSITION"), 1u);
    EXPECT_EQ(p0.attributes.count("NORMAL"), 1u);
    EXPECT_EQ(p0.attributes.count("TEXCOORD_0"), 1u);
    EXPECT_EQ(p0.attributes.count("TEXCOORD_1"), 1u);
    EXPECT_EQ(m.meshes[0].primitives[1].attributes.count("TEXCOORD_1"), 0u);
    EXPECT_EQ(m.meshes[0].primitives[1].extras.Get("batch").GetNumberAsInt(), 7);
    const auto& pos = m.accessors[p0.attributes.at("POSITION")];
    EXPECT_EQ(pos.count, 4u);
    EXPECT_EQ(pos.minValues, (std::vector<double>{0, 0, 1}));
    EXPECT_EQ(pos.maxValues, (std::vector<double>{2, 3, 1}));
    const auto& idx = m.accessors[p0.indices];
    EXPECT_EQ(idx.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
    EXPECT_EQ(idx.count, 6u);
    // Index data survives byte for byte.
    const auto& view = m.bufferViews[idx.bufferView];
    const auto* ip = m.buffers[view.buffer].data.data() + view.byteOffset + idx.byteOffset;
    EXPECT_EQ(loadU16(ip + 4), 2);
    EXPECT_EQ(loadU16(ip + 10), 3);

    ASSERT_EQ(m.materials.size(), 2u);
    EXPECT_EQ(m.materials[0].name, "stone");
    EXPECT_TRUE(m.materials[0].doubleSided);
    EXPECT_EQ(m.materials[0].pbrMetallicRoughness.baseColorTexture.index, 0);
    EXPECT_EQ(m.materials[0].pbrMetallicRoughness.baseColorTexture.texCoord, 1);
    EXPECT_EQ(m.materials[0].pbrMetallicRoughness.baseColorFactor[1], 0.5);
    EXPECT_EQ(m.materials[1].pbrMetallicRoughness.baseColorTexture.index, -1);
    ASSERT_EQ(m.images.size(), 1u);
    EXPECT_EQ(m.images[0].mimeType, "image/png");
    EXPECT_EQ(m.images[0].image.size(), 11u);
    ASSERT_EQ(m.textures.size(), 1u);

    ASSERT_EQ(m.animations.size(), 1u);
    ASSERT_EQ(m.animations[0].channels.size(), 2u);
    EXPECT_EQ(m.animations[0].channels[0].target_path, "rotation");
    EXPECT_EQ(m.animations[0].channels[1].target_path, "translation");
    EXPECT_EQ(m.animations[0].samplers[1].interpolation, "STEP");
    const auto& input = m.accessors[m.animations[0].samplers[0].input];
    EXPECT_EQ(input.count, 3u);
    EXPECT_EQ(input.maxValues, std::vector<double>{2});
}

TEST(Gltf, WideIndicesUseU32) {
    Document d;
    Mesh mesh;
    Primitive p;
    for (int i = 0; i < 70000; ++i) p.positions.push_back({static_cast<float>(i), 0, 0});
    p.indices = {0, 1, 69999};
    mesh.primitives.push_back(p);
    d.meshes.push_back(mesh);
    d.nodes.push_back({"n", 0, {}, {}, {}, {}, {1, 1, 1}, {}});
    auto glb = writeGlb(d);
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    auto m = load(*glb);
    EXPECT_EQ(m.accessors[m.meshes[0].primitives[0].indices].componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
    EXPECT_EQ(m.accessors[m.meshes[0].primitives[0].attributes.at("POSITION")].maxValues[0], 69999.0);
}

TEST(Gltf, EmptyDocumentIsValid) {
    auto glb = writeGlb(Document{});
    ASSERT_TRUE(glb.ok());
    auto m = load(*glb);
    EXPECT_TRUE(m.nodes.empty());
    EXPECT_TRUE(m.buffers.empty());
}

std::string codeOf(const Document& d) {
    auto r = writeGlb(d);
    return r.ok() ? std::string("ok") : r.error().code();
}

TEST(Gltf, RejectsBadDocuments) {
    {
        auto d = sample();
        d.meshes[0].primitives[0].indices[2] = 4;
        EXPECT_EQ(codeOf(d), "gltf.index_range");
    }
    {
        auto d = sample();
        d.meshes[0].primitives[0].normals.pop_back();
        EXPECT_EQ(codeOf(d), "gltf.attribute_count");
    }
    {
        auto d = sample();
        d.meshes[0].primitives[0].indices.pop_back();
        EXPECT_EQ(codeOf(d), "gltf.not_triangles");
    }
    {
        auto d = sample();
        d.meshes[0].primitives[0].positions.clear();
        EXPECT_EQ(codeOf(d), "gltf.empty_primitive");
    }
    {
        auto d = sample();
        d.meshes[0].primitives[0].positions[0].x = std::numeric_limits<float>::quiet_NaN();
        EXPECT_EQ(codeOf(d), "gltf.non_finite");
    }
    {
        auto d = sample();
        d.meshes[0].primitives[0].material = 2;
        EXPECT_EQ(codeOf(d), "gltf.material_ref");
    }
    {
        auto d = sample();
        d.nodes[0].mesh = 1;
        EXPECT_EQ(codeOf(d), "gltf.mesh_ref");
    }
    {
        auto d = sample();
        d.nodes[2].children = {1};  // second parent
        EXPECT_EQ(codeOf(d), "gltf.child_ref");
    }
    {
        auto d = sample();
        d.nodes[1].children = {0};  // 0 -> 1 -> 0
        EXPECT_EQ(codeOf(d), "gltf.cycle");
    }
    {
        auto d = sample();
        d.sceneRoots = {1};  // has a parent
        EXPECT_EQ(codeOf(d), "gltf.scene_root");
    }
    {
        auto d = sample();
        d.images[0].png[1] = 'X';
        EXPECT_EQ(codeOf(d), "gltf.image_png");
    }
    {
        auto d = sample();
        d.materials[0].baseColorImage = 3;
        EXPECT_EQ(codeOf(d), "gltf.image_ref");
    }
    {
        auto d = sample();
        d.animations[0].channels[0].times = {0, 2, 1};
        EXPECT_EQ(codeOf(d), "gltf.anim_times");
    }
    {
        auto d = sample();
        d.animations[0].channels[0].quatValues.pop_back();
        EXPECT_EQ(codeOf(d), "gltf.anim_values");
    }
    {
        auto d = sample();
        d.animations[0].channels[0].node = 9;
        EXPECT_EQ(codeOf(d), "gltf.anim_node");
    }
    {
        auto d = sample();
        d.meshes[0].primitives.clear();
        EXPECT_EQ(codeOf(d), "gltf.empty_mesh");
    }
    {
        auto d = sample();
        d.nodes[1].name = "\xD2\xE0\xED\xEA";  // CP1251, not UTF-8
        EXPECT_EQ(codeOf(d), "gltf.utf8");
    }
    {
        auto d = sample();
        d.materials[0].extras.strings["k"] = "\xC0\x80";  // overlong NUL
        EXPECT_EQ(codeOf(d), "gltf.utf8");
    }
    {
        auto d = sample();
        d.nodes[1].name = "\xD0\xA2\xD0\xB0\xD0\xBD\xD0\xBA \xE2\x82\xAC \xF0\x9F\x9A\x80";  // UTF-8 is fine
        EXPECT_EQ(codeOf(d), "ok");
    }
}

}  // namespace
}  // namespace vestige::gltf

namespace vestige::gltf {
namespace {

// A two-joint skin on the sample's mesh node: the joints are the root and the matrix node.
Document skinned() {
    Document d = sample();
    for (auto& p : d.meshes[0].primitives) {
        p.joints0.assign(p.positions.size(), {0, 1, 0, 0});
        p.weights0.assign(p.positions.size(), Vec4{0.75f, 0.25f, 0, 0});
    }
    Skin s;
    s.name = "rig";
    s.joints = {0, 2};
    s.inverseBind = {Mat4::translation({-1, -2, -3}), Mat4::translation({-5, 0, 0})};
    s.skeleton = 0;
    d.skins.push_back(s);
    d.nodes[1].skin = 0;
    return d;
}

TEST(GltfSkin, WritesJointsWeightsAndInverseBind) {
    auto glb = writeGlb(skinned());
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    const auto model = load(*glb);
    ASSERT_EQ(model.skins.size(), 1u);
    EXPECT_EQ(model.skins[0].name, "rig");
    EXPECT_EQ(model.skins[0].joints, (std::vector<int>{0, 2}));
    EXPECT_EQ(model.skins[0].skeleton, 0);
    EXPECT_EQ(model.nodes[1].skin, 0);
    EXPECT_EQ(model.nodes[0].skin, -1);
    const auto& ibm = model.accessors[static_cast<std::size_t>(model.skins[0].inverseBindMatrices)];
    EXPECT_EQ(ibm.type, TINYGLTF_TYPE_MAT4);
    EXPECT_EQ(ibm.count, 2u);
    const auto& view = model.bufferViews[static_cast<std::size_t>(ibm.bufferView)];
    float m[32];
    std::memcpy(m, model.buffers[0].data.data() + view.byteOffset + ibm.byteOffset, sizeof m);
    EXPECT_EQ(m[12], -1.0f);  // column-major: translation in elements 12..14
    EXPECT_EQ(m[14], -3.0f);
    EXPECT_EQ(m[16 + 12], -5.0f);
    const auto& prim = model.meshes[0].primitives[0];
    ASSERT_TRUE(prim.attributes.count("JOINTS_0"));
    ASSERT_TRUE(prim.attributes.count("WEIGHTS_0"));
    const auto& joints = model.accessors[static_cast<std::size_t>(prim.attributes.at("JOINTS_0"))];
    EXPECT_EQ(joints.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
    EXPECT_EQ(joints.type, TINYGLTF_TYPE_VEC4);
    EXPECT_EQ(joints.count, 4u);
    const auto& weights = model.accessors[static_cast<std::size_t>(prim.attributes.at("WEIGHTS_0"))];
    const auto& wv = model.bufferViews[static_cast<std::size_t>(weights.bufferView)];
    float w[4];
    std::memcpy(w, model.buffers[0].data.data() + wv.byteOffset + weights.byteOffset, sizeof w);
    EXPECT_EQ(w[0], 0.75f);
    EXPECT_EQ(w[1], 0.25f);
}

TEST(GltfSkin, RejectsBadSkins) {
    {
        auto d = skinned();
        d.meshes[0].primitives[0].joints0[2] = {0, 2, 0, 0};  // the skin has joints 0 and 1 only
        EXPECT_EQ(codeOf(d), "gltf.skin_joint_index");
    }
    {
        auto d = skinned();
        d.meshes[0].primitives[1].weights0[0] = Vec4{0.5f, 0.25f, 0, 0};
        EXPECT_EQ(codeOf(d), "gltf.skin_weights");
    }
    {
        auto d = skinned();
        d.meshes[0].primitives[0].weights0.clear();
        EXPECT_EQ(codeOf(d), "gltf.skin_attributes");
    }
    {
        auto d = skinned();
        d.meshes[0].primitives[0].joints0.pop_back();
        EXPECT_EQ(codeOf(d), "gltf.attribute_count");
    }
    {
        auto d = skinned();
        d.skins[0].inverseBind.pop_back();
        EXPECT_EQ(codeOf(d), "gltf.skin_inverse_bind");
    }
    {
        auto d = skinned();
        d.skins[0].joints.push_back(7);
        EXPECT_EQ(codeOf(d), "gltf.skin_joints");
    }
    {
        auto d = skinned();
        d.nodes[0].skin = 0;  // the root draws no mesh
        EXPECT_EQ(codeOf(d), "gltf.skin_ref");
    }
    {
        auto d = skinned();
        d.nodes[1].skin = 3;
        EXPECT_EQ(codeOf(d), "gltf.skin_ref");
    }
}

}  // namespace
}  // namespace vestige::gltf
