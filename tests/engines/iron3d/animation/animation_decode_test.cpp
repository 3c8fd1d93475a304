// Type 8 / type 19 decode and ModelAnimation validation.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fixture.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::iron3d::animation {
namespace {

using test::makeKey;
using test::track;

Bytes keyBytes(Vec3 p, float time, std::int16_t w, std::int16_t x, std::int16_t y, std::int16_t z) {
    ByteWriter out;
    out.f32(p.x);
    out.f32(p.y);
    out.f32(p.z);
    out.f32(time);
    for (std::int16_t v : {w, x, y, z}) out.i16(v);
    return out.take();
}

TEST(AnimationDecode, KeyIsStoredWxyzAndHeldXyzw) {
    // Disk: w = 23170, x = 0, y = -23170, z = 0 -> held (x, y, z, w) = (0, -sqrt(1/2), 0, sqrt(1/2)) within 1/32767.
    const Bytes b = keyBytes({1.5f, -2, 3}, 4.25f, 23170, 0, -23170, 0);
    ASSERT_EQ(b.size(), 24u);
    auto keys = decodeKeys(b);
    ASSERT_TRUE(keys.ok()) << keys.error().render();
    ASSERT_EQ(keys->size(), 1u);
    const Key& k = (*keys)[0];
    EXPECT_EQ(k.position, (Vec3{1.5f, -2, 3}));
    EXPECT_EQ(k.time, 4.25f);
    EXPECT_EQ(k.rotation.x, 0.0f);
    EXPECT_EQ(k.rotation.y, -23170.0f / 32767.0f);
    EXPECT_EQ(k.rotation.z, 0.0f);
    EXPECT_EQ(k.rotation.w, 23170.0f / 32767.0f);
    EXPECT_NEAR(k.rotation.y, -std::sqrt(0.5f), 2e-5f);
    EXPECT_EQ(k.raw, (std::array<std::int16_t, 4>{23170, 0, -23170, 0}));
}

TEST(AnimationDecode, KeyStreamSizeAndTimeErrorsCarryOffsets) {
    Bytes b = keyBytes({}, 0, 32767, 0, 0, 0);
    b.push_back(0);
    auto bad = decodeKeys(b, 0x100);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "animation.stream_size");
    EXPECT_EQ(bad.error().offset(), 0x100u);

    Bytes two = keyBytes({}, 0, 32767, 0, 0, 0);
    const Bytes nan = keyBytes({}, std::numeric_limits<float>::quiet_NaN(), 32767, 0, 0, 0);
    two.insert(two.end(), nan.begin(), nan.end());
    auto t = decodeKeys(two, 0x100);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "animation.key_time");
    EXPECT_EQ(t.error().offset(), 0x100u + 24 + 12);  // record 1, field time at +0x0C
    EXPECT_EQ(t.error().find("record"), "1");
}

TEST(AnimationDecode, FrameMapWords) {
    const Bytes b{0x03, 0x00, 0x04, 0x01};
    auto m = decodeFrameMap(b);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(*m, (std::vector<std::uint16_t>{3, 0x104}));
    auto odd = decodeFrameMap(Bytes{1, 2, 3}, 40);
    ASSERT_FALSE(odd.ok());
    EXPECT_EQ(odd.error().offset(), 40u);
}

TEST(AnimationValidate, ParentAfterChildIsRefused) {
    std::vector<Key> keys{makeKey({}, 0)};
    auto self = ModelAnimation::create({track(std::nullopt, 0), track(1, 0)}, keys, std::nullopt, 0);
    ASSERT_FALSE(self.ok());
    EXPECT_EQ(self.error().code(), "animation.parent_order");
    EXPECT_EQ(self.error().find("record"), "1");
    auto later = ModelAnimation::create({track(1, 0), track(std::nullopt, 0)}, keys, std::nullopt, 0);
    ASSERT_FALSE(later.ok());
    EXPECT_EQ(later.error().code(), "animation.parent_order");
    EXPECT_EQ(later.error().find("record"), "0");
}

TEST(AnimationValidate, KeyAndMapReferences) {
    std::vector<Key> keys{makeKey({}, 0), makeKey({}, 1)};
    auto fb = ModelAnimation::create({track(std::nullopt, 2)}, keys, std::nullopt, 0);
    ASSERT_FALSE(fb.ok());
    EXPECT_EQ(fb.error().code(), "animation.fallback_key");

    auto noMap = ModelAnimation::create({track(std::nullopt, 0, 0)}, keys, std::nullopt, 0);
    ASSERT_FALSE(noMap.ok());
    EXPECT_EQ(noMap.error().code(), "animation.no_map");

    // Block [1, 1 + 3) needs 4 words; only 3.
    auto block = ModelAnimation::create({track(std::nullopt, 0, 1)}, keys, std::vector<std::uint16_t>{0, 0, 1}, 3);
    ASSERT_FALSE(block.ok());
    EXPECT_EQ(block.error().code(), "animation.map_block");

    auto word = ModelAnimation::create({track(std::nullopt, 0, 0)}, keys, std::vector<std::uint16_t>{0, 2}, 2);
    ASSERT_FALSE(word.ok());
    EXPECT_EQ(word.error().code(), "animation.map_key");
    EXPECT_EQ(word.error().find("field"), "type19[1] (frame 1)");

    // Words outside every node's block are not key references and stay unchecked.
    auto ok = ModelAnimation::create({track(std::nullopt, 0, 0)}, keys, std::vector<std::uint16_t>{0, 1, 0xFFFF}, 2);
    ASSERT_TRUE(ok.ok()) << ok.error().render();
    EXPECT_EQ(ok->frameCount(), 2u);
    EXPECT_EQ(ok->frameMap().size(), 3u);
}

TEST(AnimationValidate, FromBuiltAndReadTank) {
    auto bytes = msh::build(msh::sampleTank());
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto model = msh::Model::read(*bytes);
    ASSERT_TRUE(model.ok()) << model.error().render();
    auto anim = ModelAnimation::fromModel(model->data());
    ASSERT_TRUE(anim.ok()) << anim.error().render();
    EXPECT_EQ(anim->nodeCount(), 4u);
    EXPECT_EQ(anim->keys().size(), 6u);
    EXPECT_EQ(anim->frameCount(), 4u);
    EXPECT_EQ(anim->nodes()[3].animMapStart, 0);
    EXPECT_EQ(anim->nodes()[3].fallbackKey, 5);
    EXPECT_EQ(anim->nodes()[1].parent, std::optional<std::uint16_t>(0));
    EXPECT_FALSE(anim->nodes()[0].parent.has_value());
    // Key 4: quarter turn about +Z stored as (w, x, y, z) = (23170, 0, 0, 23170).
    EXPECT_EQ(anim->keys()[4].raw, (std::array<std::int16_t, 4>{23170, 0, 0, 23170}));
    EXPECT_EQ(anim->keys()[4].rotation.z, 23170.0f / 32767.0f);
}

TEST(AnimationValidate, ModelWithoutKeysGivesIdentityPoses) {
    msh::ModelData d = msh::sampleGrid(2, false);
    auto anim = ModelAnimation::fromModel(d);
    ASSERT_TRUE(anim.ok());
    EXPECT_FALSE(anim->hasKeys());
    SampleInfo info;
    auto p = anim->sourcePose(0, 3.0f, &info);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(*p, Pose{});
    EXPECT_EQ(info.source, PoseSource::NoKeys);
}

}  // namespace
}  // namespace vestige::iron3d::animation
