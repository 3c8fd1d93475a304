// Animation decoding (§5.4) on a track list written by hand into the builder's sample model.
#include "vestige/source/mdl/animation.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "vestige/source/mdl/builder.hpp"

namespace vestige::source::mdl {
namespace {

// bone 0: RAWROT (Quaternion48, 90 degrees about Z) + RAWPOS (Vector48 1, 2, 3).
// bone 1: ANIMROT + ANIMPOS, Z channels only: rot RLE {valid 3, total 10: 0, 8192, 16384} (x pi/32768 rad),
//         pos RLE {valid 2, total 10: 0, 1024} (x 1/1024 inch).
// clang-format off
Bytes tracks() {
    ByteWriter w;
    w.u8(0); w.u8(anim_flag::kRawRot | anim_flag::kRawPos); w.i16(16);
    const auto z = static_cast<std::uint16_t>(std::lround(std::sqrt(0.5) * 16384 + 16384));
    w.u16(32768); w.u16(32768); w.u16(z);
    w.u16(0x3C00); w.u16(0x4000); w.u16(0x4200);
    // track 2 at 16
    w.u8(1); w.u8(anim_flag::kAnimRot | anim_flag::kAnimPos); w.i16(0);
    w.i16(0); w.i16(0); w.i16(12);  // rot value pointer at 20 -> RLE at 32
    w.i16(0); w.i16(0); w.i16(14);  // pos value pointer at 26 -> RLE at 40
    w.u8(3); w.u8(10); w.i16(0); w.i16(8192); w.i16(16384);
    w.u8(2); w.u8(10); w.i16(0); w.i16(1024);
    return w.take();
}
// clang-format on

Mdl model() {
    BuildSpec spec = sampleSpec();
    spec.sequences[1].animData = tracks();
    auto built = buildModel(spec);
    EXPECT_TRUE(built.ok()) << built.error().render();
    auto m = readMdl(built->mdl);
    EXPECT_TRUE(m.ok()) << m.error().render();
    return std::move(m).value();
}

void expectQuat(Quat a, Quat b, float tol) {
    if (dot(a, b) < 0) b = {-b.x, -b.y, -b.z, -b.w};
    EXPECT_NEAR(a.x, b.x, tol);
    EXPECT_NEAR(a.y, b.y, tol);
    EXPECT_NEAR(a.z, b.z, tol);
    EXPECT_NEAR(a.w, b.w, tol);
}

TEST(Animation, PackedValues) {
    EXPECT_EQ(halfToFloat(0x3C00), 1.0f);
    EXPECT_EQ(halfToFloat(0xC200), -3.0f);
    EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24));
    EXPECT_EQ(halfToFloat(0x7C00), 65504.0f);                          // Inf
    EXPECT_EQ(halfToFloat(0xFC00), -65504.0f);                         // -Inf
    EXPECT_EQ(halfToFloat(0x7E00), 0.0f);                              // NaN
    const std::uint8_t q48[6] = {0x00, 0x80, 0x00, 0x80, 0x00, 0xC0};  // x 0, y 0, z 0, w negative
    expectQuat(decodeQuaternion48(q48), {0, 0, 0, -1}, 1e-6f);
    EXPECT_LT(decodeQuaternion48(q48).w, 0.0f);
    // Quaternion64: x field 1048576 + 524288 (x = 0.5), y = z = 1048576 (0), w sign clear.
    const std::uint64_t v =
        (std::uint64_t{1048576 + 524288}) | (std::uint64_t{1048576} << 21) | (std::uint64_t{1048576} << 42);
    std::uint8_t q64[8];
    for (int i = 0; i < 8; ++i) q64[i] = static_cast<std::uint8_t>(v >> (8 * i));
    const Quat q = decodeQuaternion64(q64);
    EXPECT_NEAR(q.x, 0.5f, 1e-6f);
    EXPECT_NEAR(q.w, std::sqrt(0.75f), 1e-6f);
}

TEST(Animation, RawAndRleTracksAtFrames) {
    const Mdl m = model();
    auto pose = sampleAnimation(m, 1, 1.0f);
    ASSERT_TRUE(pose.ok()) << pose.error().render();
    ASSERT_EQ(pose->size(), 2u);
    expectQuat((*pose)[0].rot, {0, 0, std::sqrt(0.5f), std::sqrt(0.5f)}, 1e-4f);
    EXPECT_EQ((*pose)[0].pos, (Vec3{1, 2, 3}));
    // Rest rot z = pi/2 plus 8192 * pi/32768 = pi/4.
    const float a = 3 * kPi / 4;
    expectQuat((*pose)[1].rot, {0, 0, std::sin(a / 2), std::cos(a / 2)}, 1e-5f);
    EXPECT_NEAR((*pose)[1].pos.z, 17.0f, 1e-5f);

    // Past the stored values the last one repeats; the frame clamps to numFrames - 1.
    auto late = sampleAnimation(m, 1, 50.0f);
    ASSERT_TRUE(late.ok());
    const float b = kPi / 2 + kPi / 2;
    expectQuat((*late)[1].rot, {0, 0, std::sin(b / 2), std::cos(b / 2)}, 1e-5f);
    EXPECT_NEAR((*late)[1].pos.z, 17.0f, 1e-5f);

    // Halfway between frames 0 and 1: positions lerp, rotations blend.
    auto half = sampleAnimation(m, 1, 0.5f);
    ASSERT_TRUE(half.ok());
    EXPECT_NEAR((*half)[1].pos.z, 16.5f, 1e-5f);
    const float c = 5 * kPi / 8;
    expectQuat((*half)[1].rot, {0, 0, std::sin(c / 2), std::cos(c / 2)}, 1e-3f);

    // The sample's other animation has an empty track: the rest pose.
    auto rest = sampleAnimation(m, 0, 0.0f);
    ASSERT_TRUE(rest.ok());
    EXPECT_EQ((*rest)[1].pos, (Vec3{0, 0, 16}));
    const auto world = poseToWorld(m, *pose);
    // tip world = root (rot 90 about Z, at 1,2,3) * tip (0, 0, 17): z = 3 + 17.
    EXPECT_NEAR(world[1].translationPart().z, 20.0f, 1e-4f);
}

TEST(Animation, SampleBendTurnsTheTip) {
    auto built = buildModel(sampleSpec());
    ASSERT_TRUE(built.ok());
    auto m = readMdl(built->mdl);
    ASSERT_TRUE(m.ok());
    auto pose = sampleAnimation(*m, 1, 9.0f);
    ASSERT_TRUE(pose.ok()) << pose.error().render();
    expectQuat((*pose)[1].rot, quatFromRadianEuler({kPi / 4, 0, kPi / 2}), 1e-5f);
    EXPECT_EQ((*pose)[1].pos, (Vec3{0, 0, 16}));  // no position channel: rest
    expectQuat((*pose)[0].rot, Quat{}, 1e-6f);    // no track for root: rest
}

TEST(Animation, RejectsBrokenTrackLists) {
    BuildSpec spec = sampleSpec();
    Bytes bad = tracks();
    bad[16] = 7;  // bone 7 of 2
    spec.sequences[1].animData = bad;
    auto built = buildModel(spec);
    ASSERT_TRUE(built.ok());
    auto m = readMdl(built->mdl);
    ASSERT_TRUE(m.ok());
    auto pose = sampleAnimation(*m, 1, 0.0f);
    ASSERT_FALSE(pose.ok());
    EXPECT_EQ(pose.error().code(), "mdl.bad_animation");
    EXPECT_EQ(pose.error().offset(),
              m->animations[1].offset + static_cast<std::uint64_t>(m->animations[1].animIndex) + 16);

    bad = tracks();
    bad[33] = 0;  // rot RLE run with total 0
    spec.sequences[1].animData = bad;
    built = buildModel(spec);
    ASSERT_TRUE(built.ok());
    m = readMdl(built->mdl);
    ASSERT_TRUE(m.ok());
    pose = sampleAnimation(*m, 1, 3.0f);
    ASSERT_FALSE(pose.ok());
    EXPECT_EQ(pose.error().code(), "mdl.bad_animation");
    EXPECT_FALSE(sampleAnimation(*m, 5, 0.0f).ok());

    // A frame count near 2^31 with a frame past it: clamped without overflow, then the RLE walk runs out.
    Mdl huge = model();
    huge.animations[1].numFrames = 0x7FFFFFFF;
    pose = sampleAnimation(huge, 1, 1e12f);
    ASSERT_FALSE(pose.ok());
    EXPECT_EQ(pose.error().code(), "mdl.bad_animation");
}

}  // namespace
}  // namespace vestige::source::mdl
