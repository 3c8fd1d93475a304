// Camera commands and frame order (seed 002 "Два camera interface", "Camera commands и порядок кадра",
// "Проверки input и камеры"): wrap, clamp, centre in game time identical at 30 and 144 frames per second, the
// six-step order, and the terrain and the listener receiving the same camera frame.
#include "vestige/iron3d/input/camera.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/mission/camera_system.hpp"

namespace vestige::iron3d::input {
namespace {

const Button kLeft{Device::Keyboard, 75}, kUp{Device::Keyboard, 72}, kCentre{Device::Keyboard, 76};

TEST(CameraController, HorizontalWrapsVerticalClamps) {
    CameraController cam;
    cam.bind(CameraCommand::Left, kLeft);
    cam.bind(CameraCommand::Up, kUp);
    InputCollector c;
    c.push({InputEvent::Kind::Down, kLeft});
    c.push({InputEvent::Kind::Down, kUp});
    float lastYaw = 0;
    bool wrapped = false;
    for (int t = 1; t <= 200; ++t) {  // 3.2 s at 1.5 rad/s left: past -pi
        cam.update(c.build(t), 16);
        wrapped = wrapped || cam.camera().yaw > lastYaw;
        lastYaw = cam.camera().yaw;
        EXPECT_GE(cam.camera().yaw, -kPi);
        EXPECT_LT(cam.camera().yaw, kPi);
    }
    EXPECT_TRUE(wrapped) << "yaw crossed -pi and came back in at +pi";
    EXPECT_EQ(cam.camera().pitch, cam.config().pitchMax) << "pitch stops at its limit";
}

TEST(CameraController, InfraredTogglesOncePerPress) {
    CameraController cam;
    cam.bind(CameraCommand::Infrared, kCentre);
    InputCollector c;
    c.push({InputEvent::Kind::Down, kCentre});
    cam.update(c.build(1), 16);
    cam.update(c.build(2), 16);
    EXPECT_TRUE(cam.camera().infrared);
    cam.command(CameraCommand::Infrared);
    cam.update(c.build(3), 16);
    EXPECT_FALSE(cam.camera().infrared);
    EXPECT_EQ(cameraCommandName(CameraCommand::Infrared), "CMD_CAMERA_INFRARED");
}

struct CameraRun {
    std::vector<float> yaw, pitch;
    std::uint64_t ticks = 0;
};

// Holds LEFT+UP from t = 0 to 960 ms, presses CENTER at 1500 ms, runs to 4 s; frames at `fps` with the event
// pushed at the first frame boundary after its wall time, exactly as a windowed viewer would.
CameraRun drive(int fps) {
    mission::MissionRuntime rt;
    mission::CameraRig rig;
    rig.controller.bind(CameraCommand::Left, kLeft);
    rig.controller.bind(CameraCommand::Up, kUp);
    rig.controller.bind(CameraCommand::Center, kCentre);
    mission::installCamera(rt, rig);
    CameraRun r;
    rt.addSystem(world::SchedulerPhase::Maintenance, "record", [&](mission::SystemContext&) {
        r.yaw.push_back(rig.frame.saved(0)->yaw);
        r.pitch.push_back(rig.frame.saved(0)->pitch);
        return Status{};
    });
    std::uint64_t last = 0;
    bool released = false, centred = false;
    rig.collector.push({InputEvent::Kind::Down, kLeft});
    rig.collector.push({InputEvent::Kind::Down, kUp});
    for (std::uint64_t k = 1;; ++k) {
        const std::uint64_t now = k * 1'000'000 / static_cast<std::uint64_t>(fps);
        if (now > 4'000'000) break;
        auto f = rt.frame(now - last, true);
        EXPECT_TRUE(f.ok());
        last = now;
        if (!released && now >= 960'000) {
            rig.collector.push({InputEvent::Kind::Up, kLeft});
            rig.collector.push({InputEvent::Kind::Up, kUp});
            released = true;
        }
        if (!centred && now >= 1'500'000) {
            rig.collector.push({InputEvent::Kind::Down, kCentre});
            centred = true;
        }
    }
    r.ticks = rt.world().tick();
    return r;
}

TEST(CameraController, CentreEasingIsIdenticalAtThirtyAndOneFortyFourFps) {
    const CameraRun a = drive(30), b = drive(144);
    ASSERT_EQ(a.ticks, b.ticks);
    EXPECT_EQ(a.ticks, 250u);
    EXPECT_EQ(a.yaw, b.yaw) << "every tick's angles, bit for bit";
    EXPECT_EQ(a.pitch, b.pitch);
    const CameraConfig cfg;
    EXPECT_EQ(a.yaw.back(), cfg.centreYaw);
    EXPECT_EQ(a.pitch.back(), cfg.centrePitch);
    EXPECT_NE(a.yaw[100], cfg.centreYaw) << "easing takes time: not a snap";
}

TEST(CameraFrame, SixStepsInOrderAndOneFrameForTerrainAndListener) {
    mission::MissionRuntime rt;
    mission::CameraRig rig;
    mission::installCamera(rt, rig);
    auto f = rt.frame(16'000, true);
    ASSERT_TRUE(f.ok()) << f.error().render();
    EXPECT_EQ(rig.frame.steps(), (std::vector<CameraStep>{CameraStep::CollectEvents, CameraStep::UpdateController,
                                                          CameraStep::FinalTransform, CameraStep::SetCurrent,
                                                          CameraStep::Distribute, CameraStep::SaveState}));
    ASSERT_TRUE(rig.frame.current().has_value());
    EXPECT_EQ(&*rig.frame.current(), &*rig.frame.listener()) << "the terrain and the listener share the frame";
    EXPECT_EQ(rig.frame.current()->tick, 1u);
    CameraFrame fresh;
    ASSERT_TRUE(fresh.step(CameraStep::SetCurrent).ok());
    EXPECT_EQ(fresh.step(CameraStep::UpdateController).error().code(), "input.frame_order");
}

}  // namespace
}  // namespace vestige::iron3d::input
