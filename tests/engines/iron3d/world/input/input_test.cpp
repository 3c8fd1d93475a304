// Input snapshots and manual commands (seed 002 "Event, state и axis", joystick loss, "Проверки input и
// камеры"). The manual-command formulas are Vestige's [P]; the snapshot rules are the seed's.
#include "vestige/iron3d/input/input.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/input/manual.hpp"

namespace vestige::iron3d::input {
namespace {

using K = InputEvent::Kind;
const Button kFire{Device::Keyboard, 57};
const Button kJoyA{Device::Joystick, 1};

TEST(InputSnapshot, EdgesAreNotRepeatedAsHeldState) {
    InputCollector c;
    c.push({K::Down, kFire});
    auto s1 = c.build(1);
    EXPECT_TRUE(s1.wasPressed(kFire));
    EXPECT_TRUE(s1.isHeld(kFire));
    c.push({K::Down, kFire});  // a repeat while held is no new edge
    auto s2 = c.build(2);
    EXPECT_FALSE(s2.wasPressed(kFire));
    EXPECT_TRUE(s2.isHeld(kFire));
    c.push({K::Up, kFire});
    auto s3 = c.build(3);
    EXPECT_TRUE(s3.wasReleased(kFire));
    EXPECT_FALSE(s3.isHeld(kFire));
    c.push({K::Down, kFire});
    c.push({K::Up, kFire});
    auto s4 = c.build(4);
    EXPECT_TRUE(s4.wasPressed(kFire) && s4.wasReleased(kFire)) << "both edges of a tap inside one tick";
    EXPECT_FALSE(s4.isHeld(kFire));
    EXPECT_FALSE(c.build(5).wasPressed(kFire));
}

TEST(InputSnapshot, MouseDeltaResetsAndJoystickAxesPersist) {
    InputCollector c;
    InputEvent move{K::MouseMove};
    move.motion = {3, -1};
    c.push(move);
    c.push(move);
    InputEvent axis{K::Axis};
    axis.axis = 0;
    axis.value = 0.75f;
    c.push(axis);
    auto s1 = c.build(1);
    EXPECT_EQ(s1.mouseDelta, (Vec2{6, -2}));
    EXPECT_EQ(s1.axis(0), 0.75f);
    auto s2 = c.build(2);
    EXPECT_EQ(s2.mouseDelta, (Vec2{0, 0}));
    EXPECT_EQ(s2.axis(0), 0.75f) << "an axis keeps its position until it moves";
    axis.value = 3;
    c.push(axis);
    EXPECT_EQ(c.build(3).axis(0), 1.0f) << "clamped to [-1, 1]";
}

TEST(InputSnapshot, DeviceLossAndHotUnplugClearStaleState) {
    InputCollector c;
    InputEvent axis{K::Axis};
    axis.axis = 1;
    axis.value = -0.9f;
    c.push(axis);
    c.push({K::Down, kJoyA});
    c.push({K::Down, kFire});
    ASSERT_EQ(c.build(1).axis(1), -0.9f);
    c.push({K::DeviceLost, {Device::Joystick, 0}});
    auto s = c.build(2);
    EXPECT_EQ(s.axis(1), 0.0f) << "no axis stays deflected";
    EXPECT_TRUE(s.wasReleased(kJoyA));
    EXPECT_TRUE(s.isHeld(kFire)) << "other devices are untouched";
    c.push(axis);  // stale events from the lost device are ignored
    EXPECT_EQ(c.build(3).axis(1), 0.0f);
    c.push({K::DeviceAdded, {Device::Joystick, 0}});
    c.push(axis);
    EXPECT_EQ(c.build(4).axis(1), -0.9f);
}

TEST(ManualCommands, DeadZoneAccelerationAndWrapModes) {
    InputCollector c;
    ManualCommands m;
    ASSERT_TRUE(
        m.add({ManualCommand::State, {ManualSource::Kind::JoystickAxis, {}, 0}, 2.0f, WrapMode::NotWrap, 0.2f}).ok());
    ASSERT_TRUE(
        m.add({ManualCommand::AngleX, {ManualSource::Kind::Button, kFire}, 0.5f, WrapMode::Wrap, 0, 64, -1, 1}).ok());
    ASSERT_TRUE(
        m.add({ManualCommand::AngleY, {ManualSource::Kind::MouseY}, 1.0f, WrapMode::NotWrap, 0, 0, -2, 2}).ok());
    EXPECT_EQ(m.add({ManualCommand::AngleX, {}, 1, WrapMode::Wrap}).error().code(), "input.bad_binding");
    InputEvent axis{K::Axis};
    axis.value = 0.15f;
    c.push(axis);
    c.push({K::Down, kFire});
    InputEvent move{K::MouseMove};
    move.motion = {0, 5};
    c.push(move);
    m.update(c.build(1), 16);
    EXPECT_EQ(m.value(0), 0.0f) << "inside the dead zone";
    EXPECT_FLOAT_EQ(m.input(1), 0.5f * 0.25f) << "16 of 64 ms of acceleration";
    EXPECT_EQ(m.value(2), 2.0f) << "MAN_NOTWRAP clamps";
    std::vector<float> inputs;
    for (int t = 2; t <= 5; ++t) {
        m.update(c.build(t), 16);
        inputs.push_back(m.input(1));
    }
    EXPECT_EQ(inputs, (std::vector<float>{0.25f, 0.375f, 0.5f, 0.5f}));
    // 0.125 + 0.25 + 0.375 + 0.5 + 0.5 = 1.75 -> wraps into [-1, 1) as -0.25.
    EXPECT_FLOAT_EQ(m.value(1), -0.25f);
    axis.value = 0.5f;
    c.push(axis);
    c.push({K::Up, kFire});
    m.update(c.build(6), 16);
    EXPECT_EQ(m.value(0), 1.0f) << "MCMD_STATE is the current input, not a sum";
    EXPECT_EQ(m.input(1), 0.0f) << "released: the ramp restarts";
    EXPECT_EQ(wrapInto(3.14159274f, -kPi, kPi), -kPi);
}

}  // namespace
}  // namespace vestige::iron3d::input
