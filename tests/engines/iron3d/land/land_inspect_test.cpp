// Probes, `info` descriptions, registry wiring and the glTF export (reloaded with tinygltf).
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <nlohmann/json.hpp>

#include "vestige/iron3d/land/inspect.hpp"
#include "vestige/iron3d/land/register.hpp"
#include "vestige/iron3d/land/sample.hpp"

namespace vestige::iron3d::land::test {
namespace {

TEST(LandInspect, Probes) {
    const Bytes mesh = build(sampleTerrain()).value();
    const Bytes map = build(sampleArealMap()).value();
    EXPECT_EQ(probeTerrain(mesh, "Land.msh"), 130);
    EXPECT_EQ(probeTerrain(map, "Land.map"), 0);
    EXPECT_EQ(probeArealMap(map, "Land.map"), 130);
    EXPECT_EQ(probeArealMap(mesh, "Land.msh"), 0);
    EXPECT_EQ(probeBuildList({}, "GAME\\BUILDDAT.LST"), 100);
    EXPECT_EQ(probeBuildList({}, "other.lst"), 0);
    registry::FormatRegistry formats;
    vfs::ArchiveRegistry archives;
    registerFormat(formats, archives);
    ASSERT_NE(formats.detect(mesh, "Land.msh"), nullptr);
    EXPECT_EQ(formats.detect(mesh, "Land.msh")->name, "land_msh");
    EXPECT_EQ(formats.detect(map, "Land.map")->name, "land_map");
    EXPECT_EQ(formats.detect(asBytes("Mine 0\n"), "BuildDat.lst")->name, "builddat");
}

TEST(LandInspect, DescribeTerrain) {
    auto t = Terrain::read(build(sampleTerrain()).value()).value();
    const auto d = describe(t, "Land.msh");
    const auto j = nlohmann::json::parse(d.json);
    EXPECT_EQ(j["format"], "land_msh");
    EXPECT_EQ(j["vertices"], 9);
    EXPECT_EQ(j["faces"], 8);
    EXPECT_EQ(j["open_edges"], 8);  // the outline of a 2 x 2 grid
    EXPECT_EQ(j["pair_batch_boundaries"], 1);
    EXPECT_EQ(j["surface_class_union"], 1);
    ASSERT_EQ(j["material_tags"].size(), 2u);
    EXPECT_EQ(j["material_tags"][0]["tag"], 0x0102);
    EXPECT_EQ(j["material_tags"][0]["faces"], 4);
    EXPECT_TRUE(j["material_tags"][1]["land1_row"].is_null());
    EXPECT_EQ(j["entries"][2]["attr3"], 12);
    EXPECT_NE(d.text.find("8 faces"), std::string::npos);
}

TEST(LandInspect, DescribeMapAndList) {
    auto m = ArealMap::read(build(sampleArealMap()).value()).value();
    const auto jm = nlohmann::json::parse(describe(m, "Land.map").json);
    EXPECT_EQ(jm["areals"], 2);
    EXPECT_EQ(jm["vertices"], 6);
    EXPECT_EQ(jm["linked_edges"], 2);
    EXPECT_EQ(jm["grid"]["candidates"], 6);
    EXPECT_EQ(jm["grid"]["max_per_cell"], 2);
    auto l = BuildList::read(buildBuildList(sampleBuildList()).value()).value();
    const auto jl = nlohmann::json::parse(describe(l, "BuildDat.lst").json);
    EXPECT_EQ(jl["paths"], 3);
    EXPECT_EQ(jl["categories"][1]["mask"], 0x80000010u);
}

TEST(LandInspect, GlbExport) {
    auto t = Terrain::read(build(sampleTerrain()).value()).value();
    auto glb = exportGlb(t);
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb->data(), static_cast<unsigned>(glb->size())))
        << err;
    ASSERT_EQ(model.meshes.size(), 1u);
    ASSERT_EQ(model.meshes[0].primitives.size(), 2u);
    ASSERT_EQ(model.materials.size(), 2u);
    EXPECT_EQ(model.materials[0].name, "land_tag_0102");
    EXPECT_EQ(model.materials[1].name, "land_tag_FF03");
    const auto& p0 = model.meshes[0].primitives[0];
    EXPECT_EQ(model.accessors[p0.indices].count, 12u);                   // 4 faces
    EXPECT_EQ(model.accessors[p0.attributes.at("POSITION")].count, 6u);  // vertices 0, 1, 3, 4, 6, 7
    EXPECT_EQ(p0.attributes.count("NORMAL"), 1u);
    EXPECT_EQ(p0.attributes.count("TEXCOORD_0"), 1u);
    EXPECT_EQ(p0.attributes.count("TEXCOORD_1"), 1u);
    const auto& pos = model.accessors[p0.attributes.at("POSITION")];
    EXPECT_DOUBLE_EQ(pos.maxValues[0], 8.0);
    EXPECT_DOUBLE_EQ(pos.maxValues[2], 3.5);  // vertex 7 is z = 0.5 * 7; Z stays up
}

}  // namespace
}  // namespace vestige::iron3d::land::test
