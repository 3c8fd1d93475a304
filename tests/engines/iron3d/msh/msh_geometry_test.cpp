// Static (state, lod) geometry view.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace vestige::iron3d::msh::test {
namespace {

Model tank() {
    auto m = Model::read(tankBytes());
    EXPECT_TRUE(m.ok());
    return std::move(m).value();
}

TEST(MshGeometry, State0Lod0) {
    const Model m = tank();
    auto g = staticGeometry(m, 0, 0);
    ASSERT_TRUE(g.ok()) << g.error().render();
    EXPECT_EQ(g->positions.size(), 120u);
    EXPECT_EQ(g->normals.size(), 120u);
    EXPECT_EQ(g->uv0.size(), 120u);
    EXPECT_EQ(g->uv1.size(), 120u);
    EXPECT_EQ(g->indices.size(), 180u);
    ASSERT_EQ(g->nodes.size(), 4u);

    const auto& body = g->nodes[0];
    EXPECT_EQ(body.name, "body");
    EXPECT_FALSE(body.parent.has_value());
    EXPECT_EQ(body.slot, std::optional<std::uint16_t>(0));
    EXPECT_EQ(body.bounds.min, (Vec3{-2, -1, 0.3f}));
    EXPECT_EQ(body.bounds.max, (Vec3{2, 1, 1.3f}));
    ASSERT_EQ(body.ranges.size(), 2u);
    EXPECT_EQ(body.ranges[0].batch, 0u);
    EXPECT_EQ(body.ranges[0].materialIndex, 0);
    EXPECT_EQ(body.ranges[0].lightmapIndex, std::optional<std::uint8_t>(0));
    EXPECT_EQ(body.ranges[0].indexStart, 0u);
    EXPECT_EQ(body.ranges[0].indexCount, 30u);
    EXPECT_EQ(body.ranges[0].vertexCount, 20);
    EXPECT_EQ(body.ranges[0].minVertex, 0u);
    EXPECT_EQ(body.ranges[0].maxVertex, 19u);
    EXPECT_EQ(body.ranges[1].materialIndex, 1);
    EXPECT_FALSE(body.ranges[1].lightmapIndex.has_value());
    EXPECT_EQ(body.ranges[1].localBatchIndex, 1);
    EXPECT_EQ(body.ranges[1].baseVertex, 20u);
    EXPECT_EQ(body.ranges[1].minVertex, 20u);
    EXPECT_EQ(body.ranges[1].maxVertex, 23u);
    // The deck is the +z face: every vertex at z = 1.3 with normal +z.
    for (std::uint32_t v = 20; v < 24; ++v) {
        EXPECT_EQ(g->positions[v].z, 1.3f);
        EXPECT_EQ(g->normals[v], (Vec3{0, 0, 1}));
    }
    EXPECT_EQ(g->uv0[22], (Vec2{1, 1}));

    EXPECT_EQ(g->nodes[1].parent, std::optional<std::uint16_t>(0));
    ASSERT_EQ(g->nodes[1].ranges.size(), 1u);
    EXPECT_EQ(g->nodes[1].ranges[0].materialIndex, 2);
    EXPECT_EQ(g->nodes[1].ranges[0].baseVertex, 72u);
    EXPECT_EQ(g->nodes[3].name, "turret_socket");
    EXPECT_FALSE(g->nodes[3].slot.has_value());  // socket: no geometry
    EXPECT_TRUE(g->nodes[3].ranges.empty());
    EXPECT_TRUE(g->nodes[3].bounds.isEmpty());
}

TEST(MshGeometry, OtherStatesAndLods) {
    const Model m = tank();
    auto lod1 = staticGeometry(m, 0, 1);
    ASSERT_TRUE(lod1.ok());
    ASSERT_EQ(lod1->nodes[0].ranges.size(), 1u);
    EXPECT_EQ(lod1->nodes[0].ranges[0].indexCount, 36u);
    EXPECT_EQ(lod1->nodes[1].slot, std::optional<std::uint16_t>(3));

    auto wreck = staticGeometry(m, 1, 0);
    ASSERT_TRUE(wreck.ok());
    EXPECT_EQ(wreck->nodes[0].slot, std::optional<std::uint16_t>(2));
    EXPECT_EQ(wreck->nodes[0].ranges[0].materialIndex, 3);
    EXPECT_EQ(wreck->nodes[0].bounds.max.z, 0.4f);
    EXPECT_FALSE(wreck->nodes[1].slot.has_value());

    auto none = staticGeometry(m, 2, 4);
    ASSERT_TRUE(none.ok());
    for (const auto& n : none->nodes) EXPECT_TRUE(n.ranges.empty());
}

TEST(MshGeometry, RejectsBadSelectors) {
    const Model m = tank();
    EXPECT_EQ(staticGeometry(m, 3, 0).error().code(), "msh.bad_state");
    EXPECT_EQ(staticGeometry(m, 0, 5).error().code(), "msh.bad_lod");
}

TEST(MshGeometry, ModelWithoutOptionalStreamsHasEmptyAttributes) {
    ModelData d = sampleTank();
    d.normals.reset();
    d.uv1.reset();
    auto b = build(d);
    ASSERT_TRUE(b.ok());
    auto m = Model::read(*b);
    ASSERT_TRUE(m.ok());
    auto g = staticGeometry(*m, 0, 0);
    ASSERT_TRUE(g.ok());
    EXPECT_TRUE(g->normals.empty());
    EXPECT_TRUE(g->uv1.empty());
    EXPECT_EQ(g->uv0.size(), 120u);
}

}  // namespace
}  // namespace vestige::iron3d::msh::test
