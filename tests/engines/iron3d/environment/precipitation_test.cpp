// Precipitation numbers of seed 002 "Погода, осадки и звуковые события".
#include "vestige/iron3d/environment/precipitation.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace vestige;
using namespace vestige::iron3d::environment;

TEST(Precipitation, ReferenceBoxIsTheSeedsHalfAnglesAtDepth50) {
    const PrecipitationBox r = referenceBox();
    EXPECT_FLOAT_EQ(r.nearDepth, 2.0f);
    EXPECT_FLOAT_EQ(r.farDepth, 50.0f);
    EXPECT_NEAR(r.halfX, 50 * std::tan(0.65), 1e-4);
    EXPECT_NEAR(r.halfY, 50 * std::tan(0.4875), 1e-4);
    // The current box: half_y = tan(vfov/2)*50, half_x = half_y*aspect.
    const PrecipitationBox b = boxFor(static_cast<float>(M_PI / 2), 2.0f);
    EXPECT_NEAR(b.halfY, 50.0, 1e-4);  // tan(45°) = 1
    EXPECT_NEAR(b.halfX, 100.0, 1e-3);
    // A camera whose box equals the reference gives ratio 1; a wider one is clamped to 1 in the count.
    EXPECT_GT(volumeRatio(b), 1.0);
    EXPECT_EQ(particleCount(volumeRatio(b), 1, 0.5f), 500u);
}

TEST(Precipitation, CountRoundsHalfToEven) {
    // 0.0625 and 0.1875 are exact in binary, so the products are exact halves: 62.5 -> 62, 187.5 -> 188.
    EXPECT_EQ(particleCount(1.0, 1.0f, 0.0625f), 62u);
    EXPECT_EQ(particleCount(1.0, 1.0f, 0.1875f), 188u);
    EXPECT_EQ(particleCount(0.5, 1.0f, 0.125f), 62u);  // 62.5 again through the volume ratio
    EXPECT_EQ(particleCount(0.75, 1.0f, 1.0f), 750u);
    EXPECT_EQ(particleCount(-3.0, 1.0f, 1.0f), 0u);  // clamp to 0
    EXPECT_EQ(particleCount(1.0, 1.0f, 0.0f), 0u);
    EXPECT_EQ(particleCount(std::nan(""), 1.0f, 1.0f), 0u);
}

TEST(Precipitation, SizesFromViewportAndHorizontalFov) {
    // vfov 90°, aspect 1: hfov 90° = pi/2, scalar = 800 / (pi/2) = 509.2958; rain 3.3104, snow 9.9313.
    const double s1 = precipitationScalar(800, static_cast<float>(M_PI / 2), 1.0f);
    EXPECT_NEAR(horizontalFov(static_cast<float>(M_PI / 2), 1.0f), M_PI / 2, 1e-6);
    EXPECT_NEAR(s1, 509.2958, 1e-3);
    EXPECT_NEAR(particleSize(Precipitation::Rain, s1), 3.31042, 1e-4);
    EXPECT_NEAR(particleSize(Precipitation::Snow, s1), 9.93127, 1e-4);
    // vfov 60°, aspect 16:9, 1920 wide: hfov = 2 atan(0.5773503 * 16/9) = 2 atan(1.0264004) = 1.5968514;
    // scalar 1202.366; rain 7.81538, snow 23.44614.
    const double s2 = precipitationScalar(1920, static_cast<float>(M_PI / 3), 16.0f / 9.0f);
    EXPECT_NEAR(horizontalFov(static_cast<float>(M_PI / 3), 16.0f / 9.0f), 1.5968514, 1e-6);
    EXPECT_NEAR(s2, 1202.366, 1e-3);
    EXPECT_NEAR(particleSize(Precipitation::Rain, s2), 7.81538, 1e-4);
    EXPECT_NEAR(particleSize(Precipitation::Snow, s2), 23.44614, 1e-4);
}

TEST(Precipitation, WrapsAcrossEveryFace) {
    const PrecipitationBox b = boxFor(static_cast<float>(M_PI / 2), 1.0f);  // x, y in [-50, 50), z in [2, 50)
    struct Case {
        Vec3 in, out;
    };
    const Case cases[] = {
        {{51, 0, 10}, {-49, 0, 10}},  // +x face -> enters at -x
        {{-51, 0, 10}, {49, 0, 10}},  // -x face -> +x
        {{0, 50, 10}, {0, -50, 10}},  // +y face (the top edge is outside: [lo, hi))
        {{0, -52, 10}, {0, 48, 10}},  // -y face
        {{0, 0, 51}, {0, 0, 3}},      // far face -> near
        {{0, 0, 1}, {0, 0, 49}},      // near face -> far
    };
    for (const auto& c : cases) {
        Vec3 p = c.in;
        EXPECT_TRUE(wrapIntoBox(b, p));
        EXPECT_NEAR(p.x, c.out.x, 1e-4);
        EXPECT_NEAR(p.y, c.out.y, 1e-4);
        EXPECT_NEAR(p.z, c.out.z, 1e-4);
    }
    Vec3 inside{1, 2, 3};
    EXPECT_FALSE(wrapIntoBox(b, inside));
    EXPECT_EQ(inside, (Vec3{1, 2, 3}));
}

TEST(Precipitation, FallVelocityIsWorldSpaceAndRainTailIsThePreviousPosition) {
    EXPECT_EQ(fallVelocity(Precipitation::Rain), (Vec3{0.5f, 0, -60}));
    EXPECT_EQ(fallVelocity(Precipitation::Snow), (Vec3{0.5f, 0, -4}));
    // Two cameras at the same place, one looking along +X, one along +Y: a point's world step is the same.
    CameraFrame a;
    a.verticalFov = static_cast<float>(M_PI / 2);
    a.aspect = 1;
    CameraFrame b = a;
    b.forward = {0, 1, 0};
    b.right = {1, 0, 0};
    for (const CameraFrame& cam : {a, b}) {
        PrecipitationField rain(Precipitation::Rain, 7);
        rain.update(cam, 0.01f, 0.0f);  // spawn 10 points, no motion
        ASSERT_EQ(rain.particles().size(), 10u);
        const auto before = rain.particles();
        rain.update(cam, 0.01f, 0.016f);
        for (std::size_t i = 0; i < before.size(); ++i) {
            const Particle& p = rain.particles()[i];
            const Vec3 moved = p.position - before[i].position;
            if (moved.z > 0) continue;  // wrapped to the top: checked below
            EXPECT_NEAR(moved.x, 0.008f, 1e-4);
            EXPECT_NEAR(moved.z, -0.96f, 1e-4);
            EXPECT_EQ(p.tail, before[i].position);  // the streak ends at the previous world position
        }
    }
}

TEST(Precipitation, RainFallingThroughTheBottomComesBackAtTheTop) {
    CameraFrame cam;  // looking along +X, up +Z: rain leaves through the bottom face (local -y)
    cam.verticalFov = static_cast<float>(M_PI / 2);
    cam.aspect = 1;
    PrecipitationField rain(Precipitation::Rain, 3);
    rain.update(cam, 0.1f, 0);
    const std::size_t n = rain.particles().size();
    ASSERT_EQ(n, 100u);
    // 100 u of box height at 60 u/s: after 2 s every point has wrapped at least once, none left the box.
    for (int i = 0; i < 125; ++i) rain.update(cam, 0.1f, 0.016f);
    EXPECT_GE(rain.wraps(), n);
    const PrecipitationBox box = boxFor(cam.verticalFov, cam.aspect);
    for (const Particle& p : rain.particles()) {
        const Vec3 l = toLocal(cam, p.position);
        EXPECT_GE(l.y, -box.halfY);
        EXPECT_LT(l.y, box.halfY);
        EXPECT_GE(l.z, box.nearDepth);
        EXPECT_LT(l.z, box.farDepth);
    }
    // Intensity down: the surplus points are dropped from the end, the rest keep their positions.
    const auto before = rain.particles();
    rain.update(cam, 0.05f, 0);
    ASSERT_EQ(rain.particles().size(), 50u);
    for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(rain.particles()[i].position, before[i].position);
}
