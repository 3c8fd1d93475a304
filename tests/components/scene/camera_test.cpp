#include <gtest/gtest.h>

#include "vestige/scene/camera.hpp"

namespace vestige::scene {
namespace {

void expectVec(Vec3 a, Vec3 b, float tol = 1e-6f) {
    EXPECT_NEAR(a.x, b.x, tol);
    EXPECT_NEAR(a.y, b.y, tol);
    EXPECT_NEAR(a.z, b.z, tol);
}

TEST(Camera, SourceAngleVectorsMatchTheSpec) {
    expectVec(sourceAngleVectors({0, 0, 0}).forward, {1, 0, 0});
    expectVec(sourceAngleVectors({0, 90, 0}).forward, {0, 1, 0});
    expectVec(sourceAngleVectors({90, 0, 0}).forward, {0, 0, -1});  // positive pitch looks down
    const SourceBasis b = sourceAngleVectors({0, 0, 0});
    expectVec(b.right, {0, -1, 0});
    expectVec(b.up, {0, 0, 1});
}

TEST(Camera, SourceFovIsHorizontalOn43) {
    // fov 90 on 4:3: tan(v/2) = tan(45deg) * 3/4.
    EXPECT_NEAR(sourceFovToVertical(90), 2 * std::atan(0.75f), 1e-6f);
    EXPECT_NEAR(radToDeg(sourceFovToVertical(90)), 73.7398f, 1e-3f);
}

TEST(Camera, ViewMapsEyeToOriginAndForwardToMinusZ) {
    const Camera c = sourceCamera({100, 200, 300}, {30, 60, 10}, 90);
    const Mat4 v = c.view();
    expectVec(v.transformPoint(c.position), {0, 0, 0}, 1e-3f);
    expectVec(v.transformVector(c.forward), {0, 0, -1}, 1e-5f);
    expectVec(v.transformVector(c.up), {0, 1, 0}, 1e-5f);
    expectVec(v.transformVector(c.left), {-1, 0, 0}, 1e-5f);  // screen right is the camera's -left
    EXPECT_NEAR(v.upper3x3().determinant(), 1.0f, 1e-5f);
}

TEST(Camera, SourceAndIronConventionsAgree) {
    for (Vec3 ang : {Vec3{0, 0, 0}, Vec3{12, 38, 0}, Vec3{-40, 200, 0}, Vec3{20, -75, 15}}) {
        const Camera s = sourceCamera({-5, 6, 7}, ang, 75);
        const Camera i = ironCamera({-5, 6, 7}, degToRad(ang.y), degToRad(-ang.x), degToRad(ang.z),
                                    sourceFovToVertical(75));
        expectVec(s.forward, i.forward, 1e-6f);
        expectVec(s.left, i.left, 1e-6f);
        expectVec(s.up, i.up, 1e-6f);
        EXPECT_FLOAT_EQ(s.verticalFov, i.verticalFov);
    }
}

TEST(Camera, LookAtPointsAtTheTarget) {
    const Camera c = lookAtCamera({0, 0, 0}, {0, 10, 0}, 1.0f);
    expectVec(c.forward, {0, 1, 0});
    expectVec(c.up, {0, 0, 1});
    expectVec(c.left, {-1, 0, 0});
    const Camera down = lookAtCamera({0, 0, 10}, {0, 0, 0}, 1.0f);  // straight down: no NaN
    expectVec(down.forward, {0, 0, -1});
    EXPECT_TRUE(isFinite(down.left) && isFinite(down.up));
    EXPECT_NEAR(length(down.left), 1.0f, 1e-6f);
}

TEST(Camera, FrameBoxSeesTheWholeSphere) {
    Aabb box{{-10, -10, -10}, {10, 10, 10}};
    const Camera c = frameBox(box, 0, 0, degToRad(60), 16.0f / 9.0f);
    // Looking along +X at the centre; the bounding sphere radius is sqrt(300).
    expectVec(c.forward, {1, 0, 0});
    const float radius = std::sqrt(300.0f);
    const float distance = -c.position.x;
    EXPECT_NEAR(distance, radius / std::sin(degToRad(30)) * 1.05f, 1e-3f);
    EXPECT_LT(c.zNear, distance - radius);
    EXPECT_GT(c.zFar, distance + radius);
}

}  // namespace
}  // namespace vestige::scene
