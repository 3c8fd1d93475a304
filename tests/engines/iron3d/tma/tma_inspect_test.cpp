// TMA probe, `info` description and the placement glTF.
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <nlohmann/json.hpp>

#include "vestige/iron3d/tma/inspect.hpp"
#include "vestige/iron3d/tma/register.hpp"
#include "vestige/iron3d/tma/sample.hpp"

namespace vestige::iron3d::tma::test {
namespace {

TEST(TmaInspect, ProbeAndRegistry) {
    const Bytes b = write(sampleMission()).value();
    EXPECT_EQ(probe(b, "MISSIONS/x/data.tma"), 100);
    EXPECT_EQ(probe(b, "data.bin"), 0);
    EXPECT_EQ(probe(Bytes{1, 0, 0}, "data.tma"), 0);
    registry::FormatRegistry formats;
    vfs::ArchiveRegistry archives;
    registerFormat(formats, archives);
    ASSERT_NE(formats.detect(b, "DATA.TMA"), nullptr);
    EXPECT_EQ(formats.detect(b, "DATA.TMA")->name, "tma");
}

TEST(TmaInspect, Describe) {
    const auto d = describe(sampleMission(), "data.tma");
    const auto j = nlohmann::json::parse(d.json);
    EXPECT_EQ(j["format"], "tma");
    EXPECT_EQ(j["land_msh"], "DATA\\MAPS\\Demo\\Land.msh");
    EXPECT_EQ(j["objects"].size(), 3u);
    EXPECT_EQ(j["objects"][1]["world_origin"][0], 12.0);
    EXPECT_EQ(j["objects"][2]["properties"].size(), 3u);
    EXPECT_EQ(j["clans"][1]["mode"], 0);
    EXPECT_EQ(j["description_bytes"], 14);
    EXPECT_NE(d.text.find("3 objects (8 properties)"), std::string::npos);
}

TEST(TmaInspect, PlacementGlb) {
    auto glb = exportGlb(sampleMission());
    ASSERT_TRUE(glb.ok()) << glb.error().render();
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromMemory(&model, &err, &warn, glb->data(), static_cast<unsigned>(glb->size())))
        << err;
    ASSERT_EQ(model.nodes.size(), 3u + 2u + 1u);
    EXPECT_EQ(model.nodes[0].name, "0 Generator 1");
    EXPECT_EQ(model.nodes[1].name, "1 s_tank");
    ASSERT_EQ(model.nodes[1].matrix.size(), 16u);
    EXPECT_DOUBLE_EQ(model.nodes[1].matrix[0], 2.0);    // scale on the diagonal
    EXPECT_DOUBLE_EQ(model.nodes[1].matrix[12], 12.0);  // column-major translation
    EXPECT_EQ(model.nodes[3].name, "path -7 point 0");
}

}  // namespace
}  // namespace vestige::iron3d::tma::test
