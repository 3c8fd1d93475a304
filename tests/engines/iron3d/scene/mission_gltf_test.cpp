// Loaded mission -> glTF on the sample game root (our writers), read back with tinygltf: one node per placed object
// plus the terrain, one mesh per distinct model shared by its objects, node matrices equal to the placement the
// mission scene uses, textures embedded (base colour on TEXCOORD_0, lightmap as occlusion on TEXCOORD_1), unresolved
// materials counted, equal bytes from equal input. These are regression guards of our own pipeline (the numbers
// come from the sample we build); the placement rule's evidence is the section 12.4 test in mission_scene_test.cpp.
#include "vestige/iron3d/scene/mission_gltf.hpp"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "sample_game.hpp"

namespace vestige::iron3d::scene {
namespace {

using Game = test::SampleGame;

tinygltf::Model parse(const Bytes& glb) {
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    EXPECT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb.data(), static_cast<unsigned>(glb.size()))) << err;
    return model;
}

std::size_t triangles(const tinygltf::Model& g, const tinygltf::Mesh& mesh) {
    std::size_t n = 0;
    for (const auto& p : mesh.primitives) n += g.accessors[static_cast<std::size_t>(p.indices)].count / 3;
    return n;
}

TEST(MissionGltf, SampleMissionNodesMeshesAndPlacements) {
    Game game;
    auto m = game.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    // Move object 1 first: the export follows the World3D record, as the scene does.
    auto& w = m->runtime->world();
    auto moved = *w.transform(m->objects[1].handle);
    moved.setPosition({20, 30, 5});
    ASSERT_TRUE(w.setTransform(m->objects[1].handle, moved).ok());
    auto out = exportGlb(*m);
    ASSERT_TRUE(out.ok()) << out.error().render();
    const tinygltf::Model g = parse(out->glb);
    ASSERT_EQ(m->objects.size(), 4u);
    ASSERT_EQ(g.nodes.size(), 1u + 4u) << "the terrain + one node per placed object";
    EXPECT_EQ(out->stats.nodes, g.nodes.size());
    EXPECT_EQ(out->stats.objectNodes, 4u);
    ASSERT_EQ(g.meshes.size(), 2u) << "the terrain and s_tank, whose mesh both tanks share";
    EXPECT_EQ(out->stats.meshes, 2u);
    EXPECT_EQ(g.nodes[0].name, "terrain");
    EXPECT_EQ(g.nodes[0].mesh, 0);
    EXPECT_EQ(triangles(g, g.meshes[0]), 128u);
    EXPECT_EQ(triangles(g, g.meshes[1]), 36u) << "the tank at state 0, LOD 0, stored once";
    EXPECT_EQ(g.nodes[1].mesh, 1) << "object 0: the unit DAT's s_tank";
    EXPECT_EQ(g.nodes[2].mesh, 1) << "object 1: the direct s_tank instances the same mesh";
    EXPECT_EQ(g.nodes[3].mesh, -1) << "sun_01 is non-geometric";
    EXPECT_EQ(g.nodes[4].mesh, -1) << "fort_wall is non-geometric";
    EXPECT_EQ(g.scenes.at(0).nodes.size(), 5u);
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& node = g.nodes[1 + i];
        EXPECT_EQ(node.name.substr(0, 2), std::to_string(i) + " ");
        ASSERT_EQ(node.matrix.size(), 16u) << node.name;
        const Mat4 expected = placementMatrix(*w.transform(m->objects[i].handle));
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                EXPECT_FLOAT_EQ(static_cast<float>(node.matrix[static_cast<std::size_t>(c * 4 + r)]),
                                expected.m[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)])
                    << node.name << " column " << c << " row " << r;
    }
    EXPECT_FLOAT_EQ(static_cast<float>(g.nodes[2].matrix[12]), 20.0f) << "the moved World3D record";
    EXPECT_FLOAT_EQ(static_cast<float>(g.nodes[2].matrix[14]), 5.0f);
}

// An object whose prototype resolves to several mesh components: its node keeps the placement and no mesh, and one
// child node per mesh component carries that component's mesh (the sample places none such, so the loaded
// object 1 gets a second tank component, without the CTLD pose: a distinct (model, pose) mesh).
TEST(MissionGltf, MultiComponentObjectHasOneChildNodePerMeshComponent) {
    Game game;
    auto m = game.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    auto& o = m->objects[1];
    std::size_t mesh = o.components.size();
    for (std::size_t k = 0; k < o.visuals.size(); ++k)
        if (o.visuals[k]) mesh = k;
    ASSERT_LT(mesh, o.components.size()) << "s_tank has a mesh component";
    ASSERT_TRUE(mesh < o.poses.size() && o.poses[mesh]) << "and it is posed";
    o.components.push_back(o.components[mesh]);
    o.visuals.push_back(o.visuals[mesh]);
    o.poses.push_back(std::nullopt);
    auto out = exportGlb(*m);
    ASSERT_TRUE(out.ok()) << out.error().render();
    const tinygltf::Model g = parse(out->glb);
    ASSERT_EQ(g.nodes.size(), 1u + 4u + 2u) << "the terrain, four objects, two component children";
    EXPECT_EQ(out->stats.objectNodes, 4u);
    EXPECT_EQ(g.scenes.at(0).nodes.size(), 5u) << "the children are not scene roots";
    ASSERT_EQ(g.meshes.size(), 3u) << "terrain, the posed tank, the unposed tank";
    const tinygltf::Node* parent = &g.nodes[2];  // the terrain, object 0, then object 1
    EXPECT_EQ(parent->name.substr(0, 2), "1 ");
    EXPECT_EQ(parent->mesh, -1) << "several components: the mesh moves to the children";
    EXPECT_EQ(parent->matrix.size(), 16u) << "the placement stays on the object's node";
    ASSERT_EQ(parent->children.size(), 2u);
    const auto& c0 = g.nodes[static_cast<std::size_t>(parent->children[0])];
    const auto& c1 = g.nodes[static_cast<std::size_t>(parent->children[1])];
    EXPECT_EQ(c0.name, "1 component 0");
    EXPECT_EQ(c1.name, "1 component 1");
    EXPECT_TRUE(c0.matrix.empty()) << "children sit at their parent's placement";
    EXPECT_EQ(c0.mesh, g.nodes[1].mesh) << "the posed component shares object 0's tank mesh";
    EXPECT_NE(c1.mesh, c0.mesh);
    EXPECT_GE(c1.mesh, 0);
    EXPECT_EQ(triangles(g, g.meshes[static_cast<std::size_t>(c1.mesh)]), 36u);
}

TEST(MissionGltf, TexturesEmbeddedWithTheLightmapOnUv1) {
    Game game;
    auto m = game.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    auto out = exportGlb(*m);
    ASSERT_TRUE(out.ok()) << out.error().render();
    const tinygltf::Model g = parse(out->glb);
    // HULL_CAMO, DECK_PLATE, TRACK_LINKS, GRASS, SAND and the lightmap LM_TANK, as the scene resolves them.
    EXPECT_EQ(g.images.size(), 6u);
    EXPECT_EQ(out->stats.textures, 6u);
    EXPECT_EQ(out->stats.unresolvedMaterials, 0u);
    EXPECT_EQ(g.materials.size(), out->stats.materials);
    for (const auto& img : g.images) {
        EXPECT_EQ(img.mimeType, "image/png") << img.name;
        EXPECT_GT(img.width, 0) << img.name << ": embedded and decodable";
    }
    std::size_t lightmapped = 0;
    for (const auto& mat : g.materials) {
        EXPECT_GE(mat.pbrMetallicRoughness.baseColorTexture.index, 0) << mat.name << ": textured, not the palette";
        EXPECT_EQ(mat.pbrMetallicRoughness.baseColorTexture.texCoord, 0) << mat.name;
        if (mat.occlusionTexture.index >= 0) {
            ++lightmapped;
            EXPECT_EQ(mat.occlusionTexture.texCoord, 1) << mat.name;
        }
    }
    EXPECT_GE(lightmapped, 1u) << "LM_TANK";
    for (const auto& mesh : g.meshes)
        for (const auto& p : mesh.primitives) {
            const auto& mat = g.materials[static_cast<std::size_t>(p.material)];
            EXPECT_TRUE(p.attributes.count("TEXCOORD_0")) << mesh.name;
            EXPECT_EQ(p.attributes.count("TEXCOORD_1") > 0, mat.occlusionTexture.index >= 0)
                << mesh.name << ": UV1 exactly where the lightmap samples it";
        }
    auto again = exportGlb(*game.load());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->glb, out->glb) << "no pointers, hash order or clock in the bytes";
}

TEST(MissionGltf, UnresolvedMaterialsAreCountedNotDropped) {
    Game game;
    game.m.files->erase("DATA/MAPS/DEMO/Land2.wea");
    auto m = game.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    auto out = exportGlb(*m);
    ASSERT_TRUE(out.ok()) << out.error().render();
    EXPECT_EQ(out->stats.unresolvedMaterials, 2u) << "the two Land2 rows the terrain wears";
    const tinygltf::Model g = parse(out->glb);
    std::size_t flagged = 0;
    for (const auto& mat : g.materials)
        if (mat.extras.Has("unresolved")) {
            ++flagged;
            EXPECT_LT(mat.pbrMetallicRoughness.baseColorTexture.index, 0) << mat.name;
            EXPECT_NE(mat.extras.Get("unresolved").Get<std::string>().find("Land2.wea"), std::string::npos);
        }
    EXPECT_EQ(flagged, 2u);
    EXPECT_EQ(g.meshes.size(), 2u) << "the terrain is still exported, with the unresolved materials";
    ASSERT_TRUE(g.extras.Has("unresolved_materials"));
    EXPECT_EQ(g.extras.Get("unresolved_materials").GetNumberAsInt(), 2);
}

}  // namespace
}  // namespace vestige::iron3d::scene
