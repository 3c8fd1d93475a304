// Math: rounding, IEEE helpers, quaternion/matrix identities, boxes and spheres.
#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <cmath>
#include <limits>

#include "vestige/core/math.hpp"
#include "vestige/core/rng.hpp"

namespace vestige {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr double kInfD = std::numeric_limits<double>::infinity();
constexpr float kEps = 1e-5f;

void expectNear(Vec3 a, Vec3 b, float eps = kEps) {
    EXPECT_NEAR(a.x, b.x, eps);
    EXPECT_NEAR(a.y, b.y, eps);
    EXPECT_NEAR(a.z, b.z, eps);
}

void expectNear(const Mat4& a, const Mat4& b, float eps = kEps) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) EXPECT_NEAR(a.m[c][r], b.m[c][r], eps) << "m[" << c << "][" << r << "]";
}

// Same rotation: q and -q are the same rotation.
void expectSameRotation(Quat a, Quat b, float eps = kEps) {
    const float d = std::fabs(dot(a, b));
    EXPECT_NEAR(d, 1.0f, eps) << "(" << a.x << "," << a.y << "," << a.z << "," << a.w << ") vs (" << b.x << ","
                              << b.y << "," << b.z << "," << b.w << ")";
}

Quat randomUnitQuat(Pcg32& rng) {
    Quat q{rng.unit() * 2 - 1, rng.unit() * 2 - 1, rng.unit() * 2 - 1, rng.unit() * 2 - 1};
    return normalize(q);
}

Vec3 randomVec(Pcg32& rng, float scale = 10.0f) {
    return {(rng.unit() * 2 - 1) * scale, (rng.unit() * 2 - 1) * scale, (rng.unit() * 2 - 1) * scale};
}

// ---- roundHalfEven ----

TEST(RoundHalfEven, Ties) {
    EXPECT_EQ(roundHalfEven(0.5), 0.0);
    EXPECT_EQ(roundHalfEven(1.5), 2.0);
    EXPECT_EQ(roundHalfEven(2.5), 2.0);
    EXPECT_EQ(roundHalfEven(3.5), 4.0);
    EXPECT_EQ(roundHalfEven(-0.5), 0.0);
    EXPECT_EQ(roundHalfEven(-1.5), -2.0);
    EXPECT_EQ(roundHalfEven(-2.5), -2.0);
    EXPECT_EQ(roundHalfEven(-3.5), -4.0);
    EXPECT_EQ(roundHalfEven(0.5f), 0.0f);
    EXPECT_EQ(roundHalfEven(1.5f), 2.0f);
    EXPECT_EQ(roundHalfEven(2.5f), 2.0f);
    EXPECT_EQ(roundHalfEven(-0.5f), 0.0f);
    EXPECT_EQ(roundHalfEven(-1.5f), -2.0f);
    EXPECT_EQ(roundHalfEven(-2.5f), -2.0f);
}

TEST(RoundHalfEven, NonTies) {
    EXPECT_EQ(roundHalfEven(0.49999997f), 0.0f);  // the float just below 0.5: naive floor(x + 0.5) gives 1
    EXPECT_EQ(roundHalfEven(0.49999999999999994), 0.0);
    EXPECT_EQ(roundHalfEven(-0.49999997f), 0.0f);
    EXPECT_EQ(roundHalfEven(0.50000006f), 1.0f);
    EXPECT_EQ(roundHalfEven(1.4999999f), 1.0f);
    EXPECT_EQ(roundHalfEven(2.5000002f), 3.0f);
    EXPECT_EQ(roundHalfEven(-2.5000002f), -3.0f);
    EXPECT_EQ(roundHalfEven(7.0f), 7.0f);
    EXPECT_EQ(roundHalfEven(-7.0), -7.0);
}

TEST(RoundHalfEven, LargeValues) {
    EXPECT_EQ(roundHalfEven(8388607.5f), 8388608.0f);  // 2^23 - 0.5: the largest float tie, odd floor
    EXPECT_EQ(roundHalfEven(8388606.5f), 8388606.0f);
    EXPECT_EQ(roundHalfEven(16777217.0f), 16777217.0f);  // not a float, but the literal rounds to 2^24
    EXPECT_EQ(roundHalfEven(1e30f), 1e30f);
    EXPECT_EQ(roundHalfEven(-1e30f), -1e30f);
    EXPECT_EQ(roundHalfEven(std::numeric_limits<float>::max()), std::numeric_limits<float>::max());
    EXPECT_EQ(roundHalfEven(4503599627370495.5), 4503599627370496.0);  // 2^52 - 0.5
    EXPECT_EQ(roundHalfEven(4503599627370494.5), 4503599627370494.0);
    EXPECT_EQ(roundHalfEven(9007199254740993.0), 9007199254740993.0);
    EXPECT_EQ(roundHalfEven(std::numeric_limits<double>::max()), std::numeric_limits<double>::max());
    EXPECT_EQ(roundHalfEven(-std::numeric_limits<double>::max()), -std::numeric_limits<double>::max());
}

TEST(RoundHalfEven, NanAndInfPassThrough) {
    EXPECT_EQ(roundHalfEven(kInf), kInf);
    EXPECT_EQ(roundHalfEven(-kInf), -kInf);
    EXPECT_EQ(roundHalfEven(kInfD), kInfD);
    EXPECT_TRUE(std::isnan(roundHalfEven(std::numeric_limits<float>::quiet_NaN())));
    EXPECT_TRUE(std::isnan(roundHalfEven(std::numeric_limits<double>::quiet_NaN())));
    // The float path goes through double; the NaN payload should survive the round trip on x86-64.
    const float payload = std::bit_cast<float>(0x7FC12345u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(roundHalfEven(payload)), 0x7FC12345u);
}

TEST(RoundHalfEven, IndependentOfRoundingMode) {
    const int saved = std::fegetround();
    for (int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST}) {
        ASSERT_EQ(std::fesetround(mode), 0);
        volatile double half = 2.5;
        volatile float halfF = -1.5f;
        volatile double odd = 1e15 + 0.5;
        EXPECT_EQ(roundHalfEven(static_cast<double>(half)), 2.0) << mode;
        EXPECT_EQ(roundHalfEven(static_cast<float>(halfF)), -2.0f) << mode;
        EXPECT_EQ(roundHalfEven(static_cast<double>(odd)), 1e15) << mode;
        EXPECT_EQ(roundHalfEven(0.49999997f), 0.0f) << mode;
    }
    std::fesetround(saved);
}

TEST(RoundHalfEven, MatchesIeeeNearbyintOnASweep) {
    // Under the default mode std::nearbyint is IEEE roundTiesToEven: compare the values.
    Pcg32 rng(7, 1);
    for (int i = 0; i < 200000; ++i) {
        const float f = std::bit_cast<float>(rng.next());
        if (!std::isfinite(f)) continue;
        EXPECT_EQ(roundHalfEven(f), std::nearbyint(f)) << std::hexfloat << f;
    }
    for (float f = -8.0f; f <= 8.0f; f += 0.25f) EXPECT_EQ(roundHalfEven(f), std::nearbyint(f)) << f;
}

TEST(RoundHalfEven, KeepsTheSignOfZero) {
    EXPECT_EQ(std::bit_cast<std::uint64_t>(roundHalfEven(-0.5)), std::bit_cast<std::uint64_t>(-0.0));
    EXPECT_EQ(std::bit_cast<std::uint32_t>(roundHalfEven(-0.25f)), 0x80000000u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(roundHalfEven(-0.49999997f)), 0x80000000u);
}

TEST(RoundHalfEven, NegativeZeroStaysNegative) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(roundHalfEven(-0.0f)), 0x80000000u);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(roundHalfEven(0.0f)), 0u);
}

// ---- IEEE helpers ----

TEST(Ieee, BitEqualAndUlp) {
    EXPECT_FALSE(bitEqual(0.0f, -0.0f));
    EXPECT_TRUE(bitEqual(-0.0f, -0.0f));
    const float nan = std::bit_cast<float>(0x7FC00123u);
    EXPECT_TRUE(bitEqual(nan, nan));
    EXPECT_FALSE(bitEqual(nan, std::bit_cast<float>(0x7FC00124u)));
    EXPECT_EQ(ulpDistance(1.0f, 1.0f), 0);
    EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f)), 1);
    EXPECT_EQ(ulpDistance(std::nextafter(1.0f, 2.0f), 1.0f), 1);
    EXPECT_EQ(ulpDistance(1.0f, 2.0f), 1 << 23);
    EXPECT_EQ(ulpDistance(0.0f, -0.0f), 0);
    EXPECT_EQ(ulpDistance(-std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::denorm_min()), 2);
    EXPECT_TRUE(isFinite(1.0f));
    EXPECT_FALSE(isFinite(kInf));
    EXPECT_FALSE(isFinite(Vec3{0, std::nanf(""), 0}));
}

// ---- vectors ----

TEST(Vec, Basics) {
    EXPECT_EQ(cross(Vec3{1, 0, 0}, Vec3{0, 1, 0}), (Vec3{0, 0, 1}));  // right-handed
    EXPECT_EQ(dot(Vec3{1, 2, 3}, Vec3{4, 5, 6}), 32.0f);
    EXPECT_EQ(normalize(Vec3{}), (Vec3{}));
    EXPECT_EQ(normalize(Vec3{0, 3, 0}), (Vec3{0, 1, 0}));
    EXPECT_FLOAT_EQ(length(normalize(Vec3{3, 4, 12})), 1.0f);
    EXPECT_EQ(lerp(Vec3{0, 0, 0}, Vec3{2, 4, 6}, 0.5f), (Vec3{1, 2, 3}));
    EXPECT_EQ(minComponents(Vec3{1, 5, 3}, Vec3{4, 2, 6}), (Vec3{1, 2, 3}));
    EXPECT_EQ(maxComponents(Vec3{1, 5, 3}, Vec3{4, 2, 6}), (Vec3{4, 5, 6}));
    Vec3 v{1, 2, 3};
    v[1] = 9;
    EXPECT_EQ(v.y, 9.0f);
    EXPECT_EQ(v[2], 3.0f);
}

TEST(Vec, NormalizeOfLargeAndTinyFiniteVectors) {
    expectNear(normalize(Vec3{1e20f, 0, 0}), {1, 0, 0});
    expectNear(normalize(Vec3{0, 3e-30f, 4e-30f}), {0, 0.6f, 0.8f});
}

// ---- quaternions and matrices ----

TEST(Quat, AxisAngleIsRightHanded) {
    const Quat qz = Quat::fromAxisAngle({0, 0, 1}, degToRad(90));
    expectNear(rotate(qz, {1, 0, 0}), {0, 1, 0});
    const Quat qx = Quat::fromAxisAngle({2, 0, 0}, degToRad(90));  // axis need not be unit
    expectNear(rotate(qx, {0, 1, 0}), {0, 0, 1});
    const Quat qy = Quat::fromAxisAngle({0, 1, 0}, degToRad(90));
    expectNear(rotate(qy, {0, 0, 1}), {1, 0, 0});
    expectNear(rotate(Quat::identity(), {1, 2, 3}), {1, 2, 3}, 0);
}

TEST(Quat, HamiltonProductAppliesRightFirst) {
    Pcg32 rng(1, 2);
    for (int i = 0; i < 200; ++i) {
        const Quat a = randomUnitQuat(rng), b = randomUnitQuat(rng);
        const Vec3 v = randomVec(rng);
        expectNear(rotate(a * b, v), rotate(a, rotate(b, v)), 1e-4f);
        expectNear(rotate(a * a.conjugate(), v), v, 1e-4f);
    }
}

TEST(Mat3, FromQuatMatchesRotate) {
    Pcg32 rng(3, 4);
    for (int i = 0; i < 500; ++i) {
        const Quat q = randomUnitQuat(rng);
        const Vec3 v = randomVec(rng);
        expectNear(Mat3::fromQuat(q) * v, rotate(q, v), 1e-4f);
        EXPECT_NEAR(Mat3::fromQuat(q).determinant(), 1.0f, 1e-5f);
    }
}

TEST(Mat3, ToQuatRoundTripsInEveryBranch) {
    Pcg32 rng(5, 6);
    for (int i = 0; i < 1000; ++i) {
        const Quat q = randomUnitQuat(rng);
        expectSameRotation(Mat3::fromQuat(q).toQuat(), q);
    }
    // Each Shepperd branch explicitly: trace > 0, and 180-degree turns about X, Y, Z (trace = -1).
    for (Vec3 axis : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}, Vec3{1, 1, 0}, Vec3{0, 1, 1}, Vec3{1, 0, 1}}) {
        for (float deg : {0.0f, 30.0f, 179.0f, 180.0f, 181.0f, 270.0f}) {
            const Quat q = Quat::fromAxisAngle(axis, degToRad(deg));
            expectSameRotation(Mat3::fromQuat(q).toQuat(), q);
        }
    }
}

TEST(Mat3, AxisRotationsMatchQuaternions) {
    for (float deg : {-120.0f, 0.0f, 33.0f, 90.0f}) {
        const float r = degToRad(deg);
        const Vec3 v{0.3f, -1.2f, 2.5f};
        expectNear(Mat3::rotationX(r) * v, rotate(Quat::fromAxisAngle({1, 0, 0}, r), v));
        expectNear(Mat3::rotationY(r) * v, rotate(Quat::fromAxisAngle({0, 1, 0}, r), v));
        expectNear(Mat3::rotationZ(r) * v, rotate(Quat::fromAxisAngle({0, 0, 1}, r), v));
    }
}

TEST(Mat3, ProductTransposeDeterminant) {
    const Mat3 a = Mat3::rotationZ(0.7f), b = Mat3::scale({2, 3, 4});
    const Vec3 v{1, 2, 3};
    expectNear((a * b) * v, a * (b * v));
    EXPECT_NEAR(b.determinant(), 24.0f, 1e-5f);
    const Mat3 at = a.transposed();
    expectNear((at * a) * v, v);
    EXPECT_EQ(a.column(1), (Vec3{a.m[1][0], a.m[1][1], a.m[1][2]}));
    EXPECT_EQ(a.row(1), (Vec3{a.m[0][1], a.m[1][1], a.m[2][1]}));
    const Mat3 cols = Mat3::fromColumns({1, 2, 3}, {4, 5, 6}, {7, 8, 10});
    EXPECT_EQ(cols.m[2][2], 10.0f);
    EXPECT_EQ(cols.row(0), (Vec3{1, 4, 7}));
}

TEST(Mat4, TrsAppliesScaleThenRotationThenTranslation) {
    Pcg32 rng(8, 9);
    for (int i = 0; i < 200; ++i) {
        const Vec3 t = randomVec(rng), s{0.5f + rng.unit(), 0.5f + rng.unit(), 0.5f + rng.unit()}, p = randomVec(rng);
        const Quat q = randomUnitQuat(rng);
        const Mat4 m = Mat4::fromTRS(t, q, s);
        expectNear(m.transformPoint(p), t + rotate(q, mulComponents(s, p)), 1e-3f);
        expectNear(m.transformVector(p), rotate(q, mulComponents(s, p)), 1e-3f);
        expectNear(m.translationPart(), t, 0);
        // T * R * S composed by hand.
        const Mat4 composed = Mat4::translation(t) * Mat4::fromMat3(Mat3::fromQuat(q)) * Mat4::fromMat3(Mat3::scale(s));
        expectNear(m, composed, 1e-4f);
    }
}

TEST(Mat4, InverseOfTrs) {
    Pcg32 rng(10, 11);
    for (int i = 0; i < 200; ++i) {
        const Mat4 m = Mat4::fromTRS(randomVec(rng), randomUnitQuat(rng), {1 + rng.unit(), 2 + rng.unit(), 0.5f});
        Mat4 inv;
        ASSERT_TRUE(m.inverse(inv));
        expectNear(m * inv, Mat4::identity(), 1e-4f);
        expectNear(inv * m, Mat4::identity(), 1e-4f);
        const Vec3 p = randomVec(rng);
        expectNear(inv.transformPoint(m.transformPoint(p)), p, 1e-3f);
    }
    Mat4 inv;
    ASSERT_TRUE(Mat4::identity().inverse(inv));
    expectNear(inv, Mat4::identity(), 0);
}

TEST(Mat4, SingularInverseLeavesOutputUntouched) {
    const Mat4 singular = Mat4::fromMat3(Mat3::scale({1, 0, 1}));
    Mat4 out = Mat4::translation({7, 8, 9});
    EXPECT_FALSE(singular.inverse(out));
    expectNear(out, Mat4::translation({7, 8, 9}), 0);
    Mat4 nan;
    nan.m[0][0] = std::nanf("");
    EXPECT_FALSE(nan.inverse(out));
}

TEST(Mat4, TransposeAndLayout) {
    const Mat4 t = Mat4::translation({1, 2, 3});
    EXPECT_EQ(t.data()[12], 1.0f);  // column-major: translation in elements 12..14
    EXPECT_EQ(t.data()[13], 2.0f);
    EXPECT_EQ(t.data()[14], 3.0f);
    const Mat4 tt = t.transposed();
    EXPECT_EQ(tt.m[0][3], 1.0f);
    expectNear(tt.transposed(), t, 0);
    expectNear(t.upper3x3() * Vec3{1, 2, 3}, {1, 2, 3}, 0);
    const Vec4 v = t * Vec4{1, 1, 1, 1};
    EXPECT_EQ(v, (Vec4{2, 3, 4, 1}));
}

TEST(Mat4, LookAtAndPerspective) {
    const Mat4 view = Mat4::lookAt({0, 0, 5}, {0, 0, 0}, {0, 1, 0});
    expectNear(view.transformPoint({0, 0, 0}), {0, 0, -5});
    expectNear(view.transformPoint({1, 0, 5}), {1, 0, 0});
    const Mat4 proj = Mat4::perspective(degToRad(90), 2.0f, 1.0f, 100.0f);
    const Vec4 nearPt = proj * Vec4{0, 0, -1, 1};
    const Vec4 farPt = proj * Vec4{0, 0, -100, 1};
    EXPECT_NEAR(nearPt.z / nearPt.w, -1.0f, 1e-6f);
    EXPECT_NEAR(farPt.z / farPt.w, 1.0f, 1e-5f);
    const Vec4 edge = proj * Vec4{2, 1, -1, 1};  // 90 deg vertical fov, aspect 2: top-right corner
    EXPECT_NEAR(edge.x / edge.w, 1.0f, 1e-6f);
    EXPECT_NEAR(edge.y / edge.w, 1.0f, 1e-6f);
}

TEST(Quat, SlerpAndNlerp) {
    const Quat a = Quat::identity();
    const Quat b = Quat::fromAxisAngle({0, 0, 1}, degToRad(90));
    expectSameRotation(slerp(a, b, 0), a);
    expectSameRotation(slerp(a, b, 1), b);
    expectSameRotation(slerp(a, b, 0.5f), Quat::fromAxisAngle({0, 0, 1}, degToRad(45)));
    expectSameRotation(nlerp(a, b, 0.5f), Quat::fromAxisAngle({0, 0, 1}, degToRad(45)));
    // Shorter arc: -b is the same rotation, the midpoint must not swing the long way.
    const Quat nb{-b.x, -b.y, -b.z, -b.w};
    expectSameRotation(slerp(a, nb, 0.5f), Quat::fromAxisAngle({0, 0, 1}, degToRad(45)));
    expectSameRotation(nlerp(a, nb, 0.5f), Quat::fromAxisAngle({0, 0, 1}, degToRad(45)));
    // Nearly equal inputs take the nlerp path and stay unit.
    const Quat c = Quat::fromAxisAngle({0, 0, 1}, 1e-4f);
    EXPECT_NEAR(std::sqrt(dot(slerp(a, c, 0.3f), slerp(a, c, 0.3f))), 1.0f, 1e-6f);
    EXPECT_EQ(normalize(Quat{0, 0, 0, 0}), Quat::identity());
}

// ---- boxes, spheres, planes ----

TEST(Aabb, CornersFollowTheBitOrder) {
    const Aabb box{{-1, -2, -3}, {1, 2, 3}};
    const auto c = box.corners();
    EXPECT_EQ(c[0], (Vec3{-1, -2, -3}));
    EXPECT_EQ(c[1], (Vec3{1, -2, -3}));
    EXPECT_EQ(c[2], (Vec3{-1, 2, -3}));
    EXPECT_EQ(c[4], (Vec3{-1, -2, 3}));
    EXPECT_EQ(c[7], (Vec3{1, 2, 3}));
    EXPECT_EQ(c[6], (Vec3{-1, 2, 3}));
}

TEST(Aabb, EmptyExpandContains) {
    Aabb box = Aabb::empty();
    EXPECT_TRUE(box.isEmpty());
    box.expand(Aabb::empty());
    EXPECT_TRUE(box.isEmpty());
    box.expand(Vec3{1, 2, 3});
    EXPECT_FALSE(box.isEmpty());
    EXPECT_EQ(box.min, (Vec3{1, 2, 3}));
    EXPECT_EQ(box.max, (Vec3{1, 2, 3}));
    box.expand(Aabb{{-1, 0, 0}, {0, 5, 0}});
    EXPECT_EQ(box.min, (Vec3{-1, 0, 0}));
    EXPECT_EQ(box.max, (Vec3{1, 5, 3}));
    EXPECT_EQ(box.center(), (Vec3{0, 2.5f, 1.5f}));
    EXPECT_EQ(box.extents(), (Vec3{1, 2.5f, 1.5f}));
    EXPECT_TRUE(box.contains({1, 5, 3}));
    EXPECT_FALSE(box.contains({1.0001f, 5, 3}));
    EXPECT_TRUE(box.overlaps(Aabb{{1, 5, 3}, {9, 9, 9}}));  // touching counts
    EXPECT_FALSE(box.overlaps(Aabb{{1.5f, 0, 0}, {9, 9, 9}}));
    EXPECT_EQ(Aabb::fromPoint({4, 4, 4}).extents(), (Vec3{}));
}

TEST(Aabb, TransformedBoundsTheTransformedCorners) {
    const Aabb box{{0, 0, 0}, {1, 2, 3}};
    const Mat4 rz = Mat4::fromMat3(Mat3::rotationZ(degToRad(90)), {10, 0, 0});
    const Aabb t = box.transformed(rz);
    expectNear(t.min, {8, 0, 0});
    expectNear(t.max, {10, 1, 3});
    // 45 degrees about Z grows the box: x-extent becomes (1 + 2) / sqrt(2).
    const Aabb r45 = box.transformed(Mat4::fromMat3(Mat3::rotationZ(degToRad(45))));
    EXPECT_NEAR(r45.max.x - r45.min.x, 3.0f / std::sqrt(2.0f), 1e-5f);
    EXPECT_TRUE(Aabb::empty().transformed(rz).isEmpty());
    // Negative scale flips min and max per axis but the result is still a valid box.
    const Aabb flipped = box.transformed(Mat4::fromMat3(Mat3::scale({-1, 1, 1})));
    EXPECT_EQ(flipped.min, (Vec3{-1, 0, 0}));
    EXPECT_EQ(flipped.max, (Vec3{0, 2, 3}));
}

TEST(Sphere, AroundABox) {
    const Sphere s = Sphere::around(Aabb{{-1, -2, -2}, {1, 2, 2}});
    EXPECT_EQ(s.center, (Vec3{0, 0, 0}));
    EXPECT_FLOAT_EQ(s.radius, 3.0f);
    const Sphere off = Sphere::around(Aabb{{10, 10, 10}, {12, 12, 12}});
    EXPECT_EQ(off.center, (Vec3{11, 11, 11}));
    EXPECT_FLOAT_EQ(off.radius, std::sqrt(3.0f));
    const Sphere empty = Sphere::around(Aabb::empty());
    EXPECT_EQ(empty.radius, 0.0f);
    EXPECT_EQ(empty.center, (Vec3{}));
    EXPECT_EQ(Sphere::around(Aabb::fromPoint({1, 2, 3})).radius, 0.0f);
}

TEST(Plane, FromPoints) {
    const Plane p = Plane::fromPoints({0, 0, 2}, {1, 0, 2}, {0, 1, 2});
    EXPECT_EQ(p.normal, (Vec3{0, 0, 1}));
    EXPECT_EQ(p.dist, 2.0f);
    EXPECT_EQ(p.distanceTo({5, 5, 7}), 5.0f);
    EXPECT_EQ(p.distanceTo({5, 5, -1}), -3.0f);
    const Segment s{{0, 0, 0}, {2, 4, 6}};
    EXPECT_EQ(s.at(0.5f), (Vec3{1, 2, 3}));
    EXPECT_EQ(s.delta(), (Vec3{2, 4, 6}));
    EXPECT_FLOAT_EQ(radToDeg(degToRad(123.0f)), 123.0f);
}

}  // namespace
}  // namespace vestige
