// Pose sampling: frame choice, interpolation, fallback, errors, the conjugation boundary, composition.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fixture.hpp"
#include "vestige/iron3d/msh/sample.hpp"

namespace vestige::iron3d::animation {
namespace {

using test::makeKey;
using test::track;

// One animated node: keys 0..4 at times 0..4 with x = 10 * time, key 5 = fallback at x = 100.
// Map block: frame f -> key f, 5 frames.
ModelAnimation linearNode() {
    std::vector<Key> keys;
    for (int i = 0; i < 5; ++i) keys.push_back(makeKey({10.0f * i, 0, 0}, static_cast<float>(i)));
    keys.push_back(makeKey({100, 0, 0}, 0));
    auto a = ModelAnimation::create({track(std::nullopt, 5, 0)}, keys, std::vector<std::uint16_t>{0, 1, 2, 3, 4}, 5);
    EXPECT_TRUE(a.ok()) << a.error().render();
    return std::move(a).value();
}

TEST(AnimationFrame, RoundHalfEvenOfTimeMinusHalf) {
    // time - 0.5 is a tie at every integer time; ties go to the even frame.
    struct Case {
        float time;
        std::uint64_t frame;
    };
    const Case cases[] = {
        {1.0f, 0},  // 0.5 -> 0 (even)
        {2.0f, 2},  // 1.5 -> 2 (even)
        {3.0f, 2},  // 2.5 -> 2 (even)
        {4.0f, 4},  // 3.5 -> 4 (even)
        {1.4f, 1},  // 0.9 -> 1 (nearest)
        {0.5f, 0},  // 0.0 -> 0
        {0.0f, 0},  // -0.5 -> -0 -> 0 (even)
        {2.6f, 2},  // 2.1 -> 2
        {2.9f, 2},  // 2.4 -> 2
    };
    for (const auto& c : cases) {
        auto f = frameForTime(c.time);
        ASSERT_TRUE(f.ok()) << c.time;
        EXPECT_EQ(*f, c.frame) << "time " << c.time;
    }
}

TEST(AnimationFrame, BadTimesAreClearErrors) {
    // The largest float is finite but no 64-bit frame number holds it (found by fuzz_animation under UBSan).
    for (float t : {-0.001f, -1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                    std::numeric_limits<float>::max(), 3.7e19f}) {
        auto f = frameForTime(t);
        ASSERT_FALSE(f.ok()) << t;
        EXPECT_EQ(f.error().code(), "animation.bad_time");
    }
    const ModelAnimation a = linearNode();
    auto p = a.sourcePose(0, -2.0f);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().code(), "animation.bad_time");
    const std::vector<std::optional<float>> times{std::numeric_limits<float>::quiet_NaN()};
    auto h = a.sampledHierarchyAtTimes(times);
    ASSERT_FALSE(h.ok());
    EXPECT_EQ(h.error().code(), "animation.bad_time");
    EXPECT_EQ(h.error().find("record"), "0");
}

TEST(AnimationSample, FrameKeyAndNextInterpolatedAtTheFloatTime) {
    const ModelAnimation a = linearNode();
    struct Case {
        float time;
        std::uint32_t frame;
        PoseSource source;
        std::uint16_t keyA, keyB;
        float x;
    };
    const Case cases[] = {
        {1.0f, 0, PoseSource::Sampled, 0, 1, 10.0f},     // frame 0: keys 0,1 at alpha (1-0)/1 = 1 -> key 1
        {1.4f, 1, PoseSource::Sampled, 1, 2, 14.0f},     // frame 1: alpha 0.4 -> 10 + 4
        {2.0f, 2, PoseSource::SampledKey, 2, 2, 20.0f},  // frame 2: exact match of key 2 (alpha 0)
        {3.0f, 2, PoseSource::Sampled, 2, 3, 30.0f},     // frame 2 (tie to even): alpha 1 -> key 3
        {0.5f, 0, PoseSource::Sampled, 0, 1, 5.0f},      // frame 0: alpha 0.5
        {4.0f, 4, PoseSource::SampledKey, 4, 4, 40.0f},  // frame 4: key 5 has time 0 (not greater) -> key 4 as is
        {4.6f, 4, PoseSource::SampledKey, 4, 4, 40.0f},  // frame 4 still (4.1 rounds to 4)
    };
    for (const auto& c : cases) {
        SampleInfo info;
        auto p = a.sourcePose(0, c.time, &info);
        ASSERT_TRUE(p.ok());
        EXPECT_EQ(info.frame, std::optional<std::uint32_t>(c.frame)) << c.time;
        EXPECT_EQ(info.source, c.source) << c.time;
        EXPECT_EQ(info.keyA, c.keyA) << c.time;
        EXPECT_EQ(info.keyB, c.keyB) << c.time;
        EXPECT_NEAR(p->translation.x, c.x, 1e-5f) << c.time;
    }
}

TEST(AnimationSample, OutsideTheFrameCountAndNoneUseTheFallbackKey) {
    const ModelAnimation a = linearNode();
    for (float t : {5.5f, 5.6f, 100.0f}) {  // frames 5, 5, 100: all >= 5 frames
        SampleInfo info;
        auto p = a.sourcePose(0, t, &info);
        ASSERT_TRUE(p.ok());
        EXPECT_EQ(info.source, PoseSource::Fallback) << t;
        EXPECT_EQ(p->translation.x, 100.0f) << t;
    }
    // 5.4 -> 4.9 -> frame 5 as well; 5.0 -> 4.5 -> frame 4 (tie to even): still sampled.
    SampleInfo info;
    ASSERT_TRUE(a.sourcePose(0, 5.0f, &info).ok());
    EXPECT_EQ(info.source, PoseSource::SampledKey);
    auto none = a.sourcePose(0, std::nullopt, &info);
    ASSERT_TRUE(none.ok());
    EXPECT_EQ(info.source, PoseSource::Fallback);
    EXPECT_EQ(none->translation.x, 100.0f);
    auto fb = a.fallbackHierarchy();
    ASSERT_TRUE(fb.ok());
    EXPECT_EQ((*fb)[0].translation.x, 100.0f);
}

TEST(AnimationSample, NodeWithoutMapUsesFallbackAtAnyTime) {
    std::vector<Key> keys{makeKey({1, 2, 3}, 0), makeKey({9, 9, 9}, 1)};
    auto a = ModelAnimation::create({track(std::nullopt, 0)}, keys, std::vector<std::uint16_t>{1}, 1);
    ASSERT_TRUE(a.ok());
    SampleInfo info;
    auto p = a->sourcePose(0, 0.0f, &info);
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(info.source, PoseSource::Fallback);
    EXPECT_EQ(p->translation, (Vec3{1, 2, 3}));
}

TEST(AnimationSample, QuaternionBlendTakesTheShorterArc) {
    // Key 1 stores the negated quaternion of a 90-degree turn about Z; halfway must be 45 degrees, not 135.
    const float h = std::sqrt(0.5f);
    std::vector<Key> keys{makeKey({}, 0), makeKey({}, 2, Quat{0, 0, -h, -h})};
    auto a = ModelAnimation::create({track(std::nullopt, 0, 0)}, keys, std::vector<std::uint16_t>{0}, 1);
    ASSERT_TRUE(a.ok());
    auto p = a->sourcePose(0, 1.0f);
    ASSERT_TRUE(p.ok());
    const float s = std::sin(kPi / 8), c = std::cos(kPi / 8);  // 45 degrees: half angle 22.5
    EXPECT_NEAR(p->rotation.x, 0, 1e-6f);
    EXPECT_NEAR(p->rotation.z, s, 1e-4f);
    EXPECT_NEAR(p->rotation.w, c, 1e-4f);
}

TEST(AnimationConjugation, LocalMatrixIsTheNativeTransposedBasis) {
    // A non-trivial source quaternion (unit within the 1/32767 quantisation).
    const Quat src = Quat::fromAxisAngle({1, 2, 3}, 0.7f);
    std::vector<Key> keys{makeKey({0.5f, -1, 2}, 0, src)};
    auto a = ModelAnimation::create({track(std::nullopt, 0)}, keys, std::nullopt, 0);
    ASSERT_TRUE(a.ok());
    auto s = a->sourcePose(0, std::nullopt);
    auto l = a->localPose(0, std::nullopt);
    ASSERT_TRUE(s.ok() && l.ok());
    const Quat q = s->rotation;  // normalised source quaternion, not conjugated
    EXPECT_EQ(l->rotation.x, -q.x);
    EXPECT_EQ(l->rotation.y, -q.y);
    EXPECT_EQ(l->rotation.z, -q.z);
    EXPECT_EQ(l->rotation.w, q.w);

    // Native scalar path (seed 000): the transpose of the active basis of q, row-major N[row][col]:
    //   N01 = 2(xy + zw), N02 = 2(xz - yw), N10 = 2(xy - zw), and the rest of the transpose.
    const float x = q.x, y = q.y, z = q.z, w = q.w;
    const float n[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)},
                           {2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)},
                           {2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)}};
    const Mat4 m = l->matrix();  // m[col][row]
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(m.m[c][r], n[r][c], 1e-6f) << "row " << r << " col " << c;
    EXPECT_EQ(m.translationPart(), (Vec3{0.5f, -1, 2}));
    // Without the conjugation the off-diagonal terms would flip sign: make sure the fixture can tell.
    const Mat4 raw = s->matrix();
    EXPECT_GT(std::fabs(raw.m[1][0] - n[0][1]), 0.1f);
}

TEST(AnimationConjugation, AppliedOnceForSampledAndFallbackThroughTheHierarchy) {
    const Quat q1 = normalize(Quat{0.1f, 0.2f, 0.3f, 0.9f});
    const Quat q2 = normalize(Quat{-0.4f, 0.1f, 0.2f, 0.8f});
    // Node 0 (root) fallback key 0; node 1 child sampled (map -> key 1, single frame).
    std::vector<Key> keys{makeKey({1, 0, 0}, 0, q1), makeKey({0, 2, 0}, 0, q2), makeKey({}, 0)};
    auto a = ModelAnimation::create({track(std::nullopt, 0), track(0, 2, 0)}, keys, std::vector<std::uint16_t>{1}, 1);
    ASSERT_TRUE(a.ok());
    std::vector<Pose> local, global;
    std::vector<SampleInfo> info;
    const std::vector<std::optional<float>> times{std::nullopt, 0.25f};
    ASSERT_TRUE(a->sampleInto(times, local, global, &info).ok());
    EXPECT_EQ(info[0].source, PoseSource::Fallback);
    EXPECT_EQ(info[1].source, PoseSource::SampledKey);
    const Quat k1 = normalize(keys[0].rotation), k2 = normalize(keys[1].rotation);
    EXPECT_EQ(local[0].rotation, k1.conjugate());
    EXPECT_EQ(local[1].rotation, k2.conjugate());
    const Quat expected = normalize(k1.conjugate() * k2.conjugate());
    EXPECT_NEAR(global[1].rotation.x, expected.x, 1e-6f);
    EXPECT_NEAR(global[1].rotation.y, expected.y, 1e-6f);
    EXPECT_NEAR(global[1].rotation.z, expected.z, 1e-6f);
    EXPECT_NEAR(global[1].rotation.w, expected.w, 1e-6f);
    const Vec3 t = Vec3{1, 0, 0} + rotate(k1.conjugate(), Vec3{0, 2, 0});
    EXPECT_NEAR(global[1].translation.x, t.x, 1e-6f);
    EXPECT_NEAR(global[1].translation.y, t.y, 1e-6f);
    EXPECT_NEAR(global[1].translation.z, t.z, 1e-6f);
}

TEST(AnimationCompose, ParentRotationRotatesChildTranslation) {
    const float h = std::sqrt(0.5f);
    // Source root quaternion (0, 0, -h, h) is -90 degrees about Z; after the conjugation it is +90.
    std::vector<Key> keys{makeKey({1, 0, 0}, 0, Quat{0, 0, -h, h}), makeKey({1, 0, 0}, 0)};
    auto a = ModelAnimation::create({track(std::nullopt, 0), track(0, 1)}, keys, std::nullopt, 0);
    ASSERT_TRUE(a.ok());
    auto g = a->fallbackHierarchy();
    ASSERT_TRUE(g.ok());
    // child = (1,0,0) + Rz(+90) (1,0,0) = (1, 1, 0); rotation = root rotation.
    EXPECT_NEAR((*g)[1].translation.x, 1.0f, 1e-4f);
    EXPECT_NEAR((*g)[1].translation.y, 1.0f, 1e-4f);
    EXPECT_NEAR((*g)[1].translation.z, 0.0f, 1e-6f);
    EXPECT_NEAR((*g)[1].rotation.z, h, 1e-4f);
    EXPECT_NEAR((*g)[1].rotation.w, h, 1e-4f);
}

TEST(AnimationPlacement, RzRyRxThenScaleThenTranslation) {
    Placement p;
    p.orientation = {kPi / 2, 0, kPi / 2};
    // Rx first: (0,1,0) -> (0,0,1); then Rz leaves it. (Rz first would give (-1,0,0) and Rx keeps it.)
    const Vec3 v = p.matrix().transformPoint({0, 1, 0});
    EXPECT_NEAR(v.x, 0, 1e-6f);
    EXPECT_NEAR(v.y, 0, 1e-6f);
    EXPECT_NEAR(v.z, 1, 1e-6f);
    Placement q;
    q.position = {10, 0, 0};
    q.orientation = {0, 0, kPi / 2};
    q.scale = {2, 2, 2};
    const Pose node{{1, 0, 0}, Quat{}};
    const Vec3 w = (q.matrix() * node.matrix()).transformPoint({0, 0, 0});
    EXPECT_NEAR(w.x, 10, 1e-5f);  // T + Rz(90) * (2 * (1,0,0)) = (10, 2, 0)
    EXPECT_NEAR(w.y, 2, 1e-5f);
    EXPECT_NEAR(w.z, 0, 1e-6f);
}

TEST(AnimationSample, TankSocketTurnsHalfwayAtTimeOne) {
    auto a = ModelAnimation::fromModel(msh::sampleTank());
    ASSERT_TRUE(a.ok());
    SampleInfo info;
    auto p = a->localPose(3, 1.0f, &info);  // frame 0 -> keys 3 (t=0) and 4 (t=2): alpha 0.5
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(info.frame, std::optional<std::uint32_t>(0));
    EXPECT_EQ(info.keyA, 3);
    EXPECT_EQ(info.keyB, 4);
    EXPECT_EQ(info.alpha, 0.5f);
    // Source: +45 degrees about Z; after the conjugation: -45 degrees.
    EXPECT_NEAR(p->rotation.z, -std::sin(kPi / 8), 1e-4f);
    EXPECT_NEAR(p->rotation.w, std::cos(kPi / 8), 1e-4f);
    auto g = a->sampledHierarchyAtFrame(2);  // frame 2 -> key 4 at time 2 exactly
    ASSERT_TRUE(g.ok());
    EXPECT_NEAR((*g)[3].rotation.z, -std::sqrt(0.5f), 1e-4f);
    EXPECT_NEAR((*g)[3].translation.z, 1.3f, 1e-6f);
}

}  // namespace
}  // namespace vestige::iron3d::animation
