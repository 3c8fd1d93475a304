#include <gtest/gtest.h>

#include "vestige/scene/scene.hpp"
#include "vestige/scene/test_card.hpp"

namespace vestige::scene {
namespace {

TEST(Fog, LinearFractionCappedByMaxDensity) {
    Fog f{true, {0, 0, 0}, 1024.0f, 250000.0f, 1.0f};  // gm_construct's fog
    EXPECT_FLOAT_EQ(f.fraction(500), 0.0f);
    EXPECT_NEAR(f.fraction(2000), 976.0f / 248976.0f, 1e-8f);  // ~0.4 % at 2000 units (spec §7)
    EXPECT_FLOAT_EQ(f.fraction(1e9f), 1.0f);
    f.maxDensity = 0.25f;
    EXPECT_FLOAT_EQ(f.fraction(1e9f), 0.25f);
    f = {true, {}, 100, 100, 1};
    EXPECT_FLOAT_EQ(f.fraction(5000), 0.0f) << "end <= start means no fog";
    f = {false, {}, 0, 10, 1};
    EXPECT_FLOAT_EQ(f.fraction(5), 0.0f);
    f = {true, {}, 50, 150, 1};
    EXPECT_FLOAT_EQ(f.fraction(100), 0.5f);
}

TEST(Scene, TestCardIsValid) {
    const Scene s = makeTestCard();
    EXPECT_TRUE(validate(s).ok());
    // Floor 2 + 4 boxes x 12 + wall 2 + mirrored piece 12.
    EXPECT_EQ(s.triangleCount(), 64u);
    const Aabb b = s.bounds();
    EXPECT_FLOAT_EQ(b.min.x, -1024);
    EXPECT_FLOAT_EQ(b.max.z, 300);
}

TEST(Scene, TriangleFieldHasTheRequestedSize) {
    const Scene s = makeTriangleField(50000);
    EXPECT_TRUE(validate(s).ok());
    EXPECT_EQ(s.triangleCount(), 2u + 4166u * 12u);
}

TEST(Scene, AppendBoxIsOutwardCounterClockwise) {
    Mesh m;
    appendBox(m, {0, 0, 0}, {1, 1, 1});
    ASSERT_EQ(m.indices.size(), 36u);
    const Vec3 centre{0.5f, 0.5f, 0.5f};
    for (std::size_t i = 0; i < m.indices.size(); i += 3) {
        const Vec3 a = m.vertices[m.indices[i]].position, b = m.vertices[m.indices[i + 1]].position,
                   c = m.vertices[m.indices[i + 2]].position;
        const Vec3 n = cross(b - a, c - a);
        EXPECT_GT(dot(n, (a + b + c) / 3.0f - centre), 0.0f) << "triangle " << i / 3;
        EXPECT_GT(dot(n, m.vertices[m.indices[i]].normal), 0.0f);
    }
}

TEST(Scene, ValidateNamesTheBadReference) {
    Scene s = makeTestCard();
    s.meshes[0].ranges[2].material = 99;
    auto st = validate(s);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "scene.bad_material_ref");
    EXPECT_EQ(st.error().find("entry"), "testcard/world");
    EXPECT_EQ(st.error().find("record"), "2");
    EXPECT_EQ(st.error().find("field"), "material");

    s = makeTestCard();
    s.meshes[0].indices[5] = 100000;
    st = validate(s);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "scene.bad_index");
    EXPECT_EQ(st.error().find("record"), "5");

    s = makeTestCard();
    s.meshes[0].ranges[0].indexCount = 4;
    EXPECT_EQ(validate(s).error().code(), "scene.bad_range");
    s = makeTestCard();
    s.meshes[0].ranges[0].firstIndex = 0xFFFFFFFFu;
    EXPECT_EQ(validate(s).error().code(), "scene.bad_range");

    s = makeTestCard();
    s.textures[1].rgba.pop_back();
    st = validate(s);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "scene.bad_texture_size");
    EXPECT_EQ(st.error().find("entry"), "testcard/lightmap");

    s = makeTestCard();
    s.materials[0].lightmap = 7;
    st = validate(s);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "scene.bad_texture_ref");
    EXPECT_EQ(st.error().find("field"), "lightmap");
}

}  // namespace
}  // namespace vestige::scene
