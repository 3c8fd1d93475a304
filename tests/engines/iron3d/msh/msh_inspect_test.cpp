// Probe, `info` description, registry wiring and glTF export (reloaded with tinygltf).
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <nlohmann/json.hpp>

#include "fixture.hpp"
#include "vestige/iron3d/msh/inspect.hpp"
#include "vestige/iron3d/msh/register.hpp"

namespace vestige::iron3d::msh::test {
namespace {

tinygltf::Model loadGlb(const Bytes& glb) {
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    EXPECT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb.data(), static_cast<unsigned>(glb.size()))) << err;
    return model;
}

TEST(MshInspect, Probe) {
    const Bytes b = tankBytes();
    EXPECT_EQ(probe(b, "tank.msh"), 125);
    EXPECT_EQ(probe(b, "TANK.MSH"), 125);
    EXPECT_EQ(probe(b, "tank.bin"), 120);
    Bytes noBatches = mutated([](auto& entries) {
        entries.erase(std::find_if(entries.begin(), entries.end(), [](auto& e) { return e.type == stream::kBatches; }));
    });
    // A .msh name still reaches the reader (which names the missing stream) instead of the NRes describer;
    // without the name, indices + batches (streams only a model has) do the same.
    EXPECT_EQ(probe(noBatches, "x.msh"), 110);
    EXPECT_EQ(probe(noBatches, "x.bin"), 0);
    Bytes noPositions = mutated([](auto& entries) {
        entries.erase(
            std::find_if(entries.begin(), entries.end(), [](auto& e) { return e.type == stream::kPositions; }));
    });
    EXPECT_EQ(probe(noPositions, "x.bin"), 110);
    EXPECT_EQ(probe(noPositions, "x.msh"), 110);
    EXPECT_EQ(probe(asBytes("NRes"), "x.msh"), 0);
    EXPECT_EQ(probe(Bytes{}, "x.msh"), 0);
    Bytes other = b;
    other[0] = 'M';
    EXPECT_EQ(probe(other, "x.msh"), 0);
}

TEST(MshInspect, DescribeJsonAndText) {
    auto m = Model::read(tankBytes());
    ASSERT_TRUE(m.ok());
    const auto desc = describe(*m, "tank.msh");
    const auto j = nlohmann::json::parse(desc.json);
    EXPECT_EQ(desc.json.rfind("{\"format\":\"msh\"", 0), 0u);  // format first
    EXPECT_EQ(j["format"], "msh");
    EXPECT_EQ(j["entries"].size(), 17u);
    EXPECT_EQ(j["entries"][5]["type"], 18);
    EXPECT_EQ(j["entries"][5]["content"], "uv1");
    EXPECT_EQ(j["nodes"].size(), 4u);
    EXPECT_EQ(j["nodes"][1]["name"], "track_left");
    EXPECT_EQ(j["nodes"][1]["parent"], 0);
    EXPECT_TRUE(j["nodes"][0]["parent"].is_null());
    EXPECT_EQ(j["nodes"][0]["slots_by_state_lod"][0][1], 1);
    EXPECT_EQ(j["nodes"][0]["slots_by_state_lod"][1][0], 2);
    EXPECT_TRUE(j["nodes"][0]["slots_by_state_lod"][2][4].is_null());
    EXPECT_EQ(j["slots"].size(), 5u);
    EXPECT_EQ(j["slots"][4]["batch_start"], 5);
    EXPECT_EQ(j["batches"], 6);
    EXPECT_EQ(j["vertices"], 120);
    EXPECT_EQ(j["indices"], 180);
    EXPECT_EQ(j["triangles"], 60);
    EXPECT_EQ(j["has_uv1"], true);
    EXPECT_EQ(j["has_triangle_descriptors"], true);
    EXPECT_EQ(j["type16_present"], true);
    EXPECT_EQ(j["hierarchy"], "tree");
    EXPECT_EQ(j["animation"]["keys"], 6);
    EXPECT_EQ(j["animation"]["frames"], 4);
    EXPECT_EQ(j["animation"]["animated_nodes"], 1);
    EXPECT_EQ(j["materials"].size(), 4u);
    EXPECT_EQ(j["opaque_streams"].size(), 5u);

    EXPECT_NE(desc.text.find("Iron3D MSH model, 17 entries"), std::string::npos) << desc.text;
    EXPECT_NE(desc.text.find("[0] body"), std::string::npos) << desc.text;
    EXPECT_NE(desc.text.find("  [3] turret_socket"), std::string::npos) << desc.text;  // indented under body
    EXPECT_NE(desc.text.find("slots -/-/-"), std::string::npos) << desc.text;
}

TEST(MshInspect, Cp1251NamesBecomeUtf8) {
    ModelData d = sampleTank();
    d.names->names[0] = std::string("\xD2\xE0\xED\xEA \xB9\x31");  // "Танк №1" in CP1251
    auto b = build(d);
    ASSERT_TRUE(b.ok());
    auto m = Model::read(*b);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->nodeName(0), "\xD2\xE0\xED\xEA \xB9\x31");  // raw bytes kept
    const auto j = nlohmann::json::parse(describe(*m, "t").json);
    EXPECT_EQ(j["nodes"][0]["name"], "\xD0\xA2\xD0\xB0\xD0\xBD\xD0\xBA \xE2\x84\x96\x31");
    auto glb = exportGlb(*m, {});
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    EXPECT_EQ(loadGlb(*glb).nodes[0].name, "\xD0\xA2\xD0\xB0\xD0\xBD\xD0\xBA \xE2\x84\x96\x31");
}

TEST(MshInspect, RegistryDetectsDescribesAndExports) {
    registry::FormatRegistry formats;
    vfs::ArchiveRegistry archives;
    registry::FormatInfo nresLike{
        "nres", "", [](ByteView d, std::string_view) { return d.size() >= 4 ? 100 : 0; }, {}, {}};
    formats.add(nresLike);
    registerFormat(formats, archives);
    const Bytes b = tankBytes();
    const auto* f = formats.detect(b, "tank.msh");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name, "msh");
    auto desc = f->describe(b, "tank.msh");
    ASSERT_TRUE(desc.ok());
    registry::ExportOptions options;
    options.values["state"] = "1";
    auto glb = f->exportGlb(b, "tank.msh", options);
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    auto g = loadGlb(*glb);
    EXPECT_EQ(g.meshes.size(), 1u);  // only the wreck in state 1
    options.values["lod"] = "5";
    EXPECT_EQ(f->exportGlb(b, "tank.msh", options).error().code(), "msh.bad_option");
    options.values["lod"] = "x";
    EXPECT_EQ(f->exportGlb(b, "tank.msh", options).error().code(), "msh.bad_option");
    Bytes broken = b;
    broken[broken.size() / 2] ^= 0xFF;
    broken.resize(broken.size() - 1);
    EXPECT_FALSE(f->describe(broken, "x").ok());
}

TEST(MshInspect, GlbExportReloads) {
    auto m = Model::read(tankBytes());
    ASSERT_TRUE(m.ok());
    auto glb = exportGlb(*m, {});
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    const auto g = loadGlb(*glb);
    ASSERT_EQ(g.nodes.size(), 4u);
    EXPECT_EQ(g.nodes[0].name, "body");
    EXPECT_EQ(g.nodes[0].children, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(g.scenes[0].nodes, std::vector<int>{0});
    EXPECT_EQ(g.nodes[3].mesh, -1);  // socket
    // Fallback pose: the left track sits at (0, 1.4, 0.4).
    ASSERT_EQ(g.nodes[1].translation.size(), 3u);
    EXPECT_FLOAT_EQ(static_cast<float>(g.nodes[1].translation[1]), 1.4f);
    EXPECT_FLOAT_EQ(static_cast<float>(g.nodes[1].translation[2]), 0.4f);

    std::size_t primitives = 0;
    for (const auto& mesh : g.meshes) primitives += mesh.primitives.size();
    EXPECT_EQ(g.meshes.size(), 3u);
    EXPECT_EQ(primitives, 4u);  // body 2 batches + 2 tracks

    const auto& body = g.meshes[g.nodes[0].mesh];
    ASSERT_EQ(body.primitives.size(), 2u);
    const auto& sides = body.primitives[0];
    EXPECT_EQ(sides.attributes.count("TEXCOORD_0"), 1u);
    EXPECT_EQ(sides.attributes.count("TEXCOORD_1"), 1u);
    EXPECT_EQ(sides.attributes.count("NORMAL"), 1u);
    const auto& pos = g.accessors[sides.attributes.at("POSITION")];
    EXPECT_EQ(pos.count, 20u);
    EXPECT_FLOAT_EQ(static_cast<float>(pos.minValues[0]), -2.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(pos.minValues[2]), 0.3f);
    EXPECT_FLOAT_EQ(static_cast<float>(pos.maxValues[1]), 1.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(pos.maxValues[2]), 1.3f);
    const auto& deck = g.accessors[body.primitives[1].attributes.at("POSITION")];
    EXPECT_EQ(deck.count, 4u);  // compacted to the used range
    EXPECT_FLOAT_EQ(static_cast<float>(deck.minValues[2]), 1.3f);
    EXPECT_EQ(g.accessors[body.primitives[1].indices].count, 6u);
    EXPECT_EQ(body.primitives[1].extras.Get("lightmap_index").GetNumberAsInt(), -1);
    EXPECT_EQ(body.primitives[0].extras.Get("lightmap_index").GetNumberAsInt(), 0);
    const auto& track = g.accessors[g.meshes[g.nodes[2].mesh].primitives[0].attributes.at("POSITION")];
    EXPECT_FLOAT_EQ(static_cast<float>(track.maxValues[0]), 2.1f);
    EXPECT_FLOAT_EQ(static_cast<float>(track.minValues[2]), -0.4f);

    ASSERT_EQ(g.materials.size(), 3u);
    EXPECT_EQ(g.materials[0].name, "wear_0");
    EXPECT_EQ(g.materials[2].name, "wear_2");
    EXPECT_EQ(g.materials[body.primitives[1].material].name, "wear_1");
}

TEST(MshInspect, GlbExportWithoutPoseAndOtherLod) {
    auto m = Model::read(tankBytes());
    ASSERT_TRUE(m.ok());
    ExportSettings s;
    s.lod = 1;
    s.fallbackPose = false;
    auto doc = toGltf(*m, s);
    ASSERT_TRUE(doc.ok());
    EXPECT_EQ(doc->nodes[1].translation, (Vec3{0, 0, 0}));
    ASSERT_EQ(doc->meshes.size(), 3u);
    EXPECT_EQ(doc->meshes[0].primitives.size(), 1u);
    EXPECT_EQ(doc->meshes[0].primitives[0].positions.size(), 24u);
    EXPECT_EQ(doc->meshes[0].primitives[0].uv1.size(), 24u);
}

}  // namespace
}  // namespace vestige::iron3d::msh::test
