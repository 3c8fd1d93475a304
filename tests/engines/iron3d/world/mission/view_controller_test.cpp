// `vestige view` of a mission: the neutral frame input drives the engine's camera rules (seed 002 "Camera commands
// и порядок кадра") at the fixed game tick. Rates, limits, centre angles and the mouse coefficient are Vestige's
// [P] CameraConfig defaults, so these numbers check the rules (wrap, clamp, centre, frame-rate independence), not
// values of the original; DIK_* codes are DirectInput's (dinput.h).
#include "vestige/iron3d/mission/view_controller.hpp"

#include <gtest/gtest.h>

#include "vestige/viewer/input_script.hpp"

namespace vestige::iron3d::mission {
namespace {

using viewer::Key;

std::unique_ptr<MissionViewController> make(input::CameraConfig config = {}) {
    auto c = MissionViewController::create({10, 20, 5}, 1.0f, 16.0f / 9.0f, config);
    EXPECT_TRUE(c.ok()) << c.error().render();
    return c.ok() ? std::move(*c) : nullptr;
}

// Plays `script` at `fps` for `seconds` of frame time.
std::unique_ptr<MissionViewController> play(std::string_view script, std::uint32_t fps, std::uint32_t seconds,
                                            input::CameraConfig config = {}) {
    auto s = viewer::InputScript::parse(script);
    EXPECT_TRUE(s.ok()) << s.error().render();
    auto c = make(config);
    viewer::ScriptPlayer p(*s, fps);
    for (std::uint64_t k = 0; k <= static_cast<std::uint64_t>(seconds) * fps; ++k) {
        const auto st = c->update(p.next());
        EXPECT_TRUE(st.ok()) << st.error().render();
    }
    return c;
}

TEST(MissionViewController, DirectInputScanCodes) {
    EXPECT_EQ(dikScanCode(Key::Left), 0xCBu);  // DIK_LEFT
    EXPECT_EQ(dikScanCode(Key::Up), 0xC8u);    // DIK_UP
    EXPECT_EQ(dikScanCode(Key::A), 0x1Eu);     // DIK_A
    EXPECT_EQ(dikScanCode(Key::Escape), 0x01u);
    EXPECT_EQ(dikScanCode(Key::Unknown), 0u);
}

TEST(MissionViewController, YawWrapsPitchClampsThroughArrowsAndWasd) {
    const input::CameraConfig cfg;
    // Right arrow for 2 s then D for 1.5 s: 3.5 s x 1.5 rad/s = 5.25 rad, past +pi; W holds pitch at its top.
    const auto c = play("0 down right\n0 down w\n2000 up right\n2000 down d\n3500 up d\n", 30, 4);
    ASSERT_TRUE(c);
    const float yaw = c->gameCamera().yaw;
    EXPECT_GE(yaw, -kPi);
    EXPECT_LT(yaw, kPi);
    // 3.5 s = 218.75 ticks of 16 ms; the held ticks are those before the release frame (3500 ms -> frame 105).
    EXPECT_NEAR(yaw, input::wrapInto(cfg.yawRate * 0.016f * 218, -kPi, kPi), 1e-3f);
    EXPECT_EQ(c->gameCamera().pitch, cfg.pitchMax);
    EXPECT_EQ(c->tick(), 250u) << "4 s of 16 ms ticks";
    // The drawn camera is the RenderCamera of the last tick: it orbits the target at the configured distance.
    const scene::Camera cam = c->camera();
    EXPECT_NEAR(length(cam.position - Vec3{10, 20, 5}), cfg.distance, 1e-3f);
    EXPECT_NEAR(dot(cam.forward, c->renderCamera().forward), 1.0f, 1e-5f);
}

TEST(MissionViewController, CentreReturnsToTheCentreAnglesAndInfraredToggles) {
    const input::CameraConfig cfg;
    const auto c = play("0 down left\n0 down s\n1000 up left\n1000 up s\n1000 tap c\n1000 tap i\n", 60, 4);
    EXPECT_EQ(c->gameCamera().yaw, cfg.centreYaw);
    EXPECT_EQ(c->gameCamera().pitch, cfg.centrePitch);
    EXPECT_FALSE(c->gameCamera().centring);
    EXPECT_TRUE(c->gameCamera().infrared);
    EXPECT_TRUE(c->renderCamera().infrared);
}

TEST(MissionViewController, SameCameraAtThirtyAndOneFortyFourFps) {
    const char* script =
        "0 down left\n0 down up\n1000 up up\n1000 mouse 40 25\n1500 up left\n2000 tap home\n"
        "2500 down d\n3000 focus-lost\n";
    const auto a = play(script, 30, 4), b = play(script, 144, 4);
    EXPECT_EQ(a->tick(), b->tick());
    EXPECT_EQ(a->gameCamera().yaw, b->gameCamera().yaw) << "bit for bit";
    EXPECT_EQ(a->gameCamera().pitch, b->gameCamera().pitch);
    EXPECT_EQ(a->camera().position, b->camera().position);
    EXPECT_EQ(a->stateJson(), b->stateJson());
}

TEST(MissionViewController, MouseThroughTheManualCommandsWithDeadZone) {
    input::CameraConfig cfg;
    const auto c = play("500 mouse 100 50\n", 30, 1, cfg);
    const input::CameraConfig centre;
    EXPECT_NEAR(c->gameCamera().yaw, centre.centreYaw + 100 * cfg.mouseCoefficient, 1e-6f);
    EXPECT_NEAR(c->gameCamera().pitch, centre.centrePitch - 50 * cfg.mouseCoefficient, 1e-6f) << "down looks down";
    cfg.mouseDeadZone = 60;
    const auto d = play("500 mouse 50 50\n", 30, 1, cfg);
    EXPECT_EQ(d->gameCamera().yaw, centre.centreYaw) << "inside the dead zone";
    EXPECT_EQ(d->gameCamera().pitch, centre.centrePitch);
}

TEST(MissionViewController, FocusLostReleasesTheHeldKeys) {
    const auto held = play("0 down left\n", 30, 2), lost = play("0 down left\n1000 focus-lost\n", 30, 2);
    const auto oneSecond = play("0 down left\n1000 up left\n", 30, 2);
    EXPECT_NE(held->gameCamera().yaw, lost->gameCamera().yaw);
    EXPECT_EQ(lost->gameCamera().yaw, oneSecond->gameCamera().yaw) << "losing focus is a release, not a stuck key";
}

}  // namespace
}  // namespace vestige::iron3d::mission
