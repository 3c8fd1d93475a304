#include "vestige/iron3d/input/camera.hpp"

#include <algorithm>
#include <cmath>

#include "vestige/iron3d/input/manual.hpp"

namespace vestige::iron3d::input {
namespace {

// Moves `from` toward `to` by at most `step` (exactly `to` when within reach).
float approach(float from, float to, float step) {
    const float d = to - from;
    return std::fabs(d) <= step ? to : from + (d > 0 ? step : -step);
}

}  // namespace

std::string_view cameraCommandName(CameraCommand c) {
    static constexpr std::string_view kNames[] = {"CMD_CAMERA_LEFT", "CMD_CAMERA_RIGHT",  "CMD_CAMERA_UP",
                                                  "CMD_CAMERA_DOWN", "CMD_CAMERA_CENTER", "CMD_CAMERA_INFRARED"};
    return kNames[static_cast<int>(c)];
}

void CameraController::update(const InputSnapshot& s, std::uint32_t stepMs, float angleXInput, float angleYInput) {
    const float dt = static_cast<float>(stepMs) / 1000.0f;
    auto held = [&](CameraCommand c) {
        const auto [from, to] = mBindings.equal_range(c);
        return std::any_of(from, to, [&](const auto& b) { return s.isHeld(b.second); });
    };
    auto pressed = [&](CameraCommand c) {
        const auto [from, to] = mBindings.equal_range(c);
        return std::any_of(from, to, [&](const auto& b) { return s.wasPressed(b.second); }) ||
               std::find(mQueued.begin(), mQueued.end(), c) != mQueued.end();
    };
    float yawInput = angleXInput, pitchInput = angleYInput;
    if (held(CameraCommand::Left)) yawInput -= mConfig.yawRate * dt;
    if (held(CameraCommand::Right)) yawInput += mConfig.yawRate * dt;
    if (held(CameraCommand::Up)) pitchInput += mConfig.pitchRate * dt;
    if (held(CameraCommand::Down)) pitchInput -= mConfig.pitchRate * dt;
    if (pressed(CameraCommand::Infrared)) mCamera.infrared = !mCamera.infrared;
    if (pressed(CameraCommand::Center)) mCamera.centring = true;
    if (yawInput != 0 || pitchInput != 0) mCamera.centring = false;  // manual control takes the camera back
    mQueued.clear();
    GameCamera& c = mCamera;
    if (c.centring) {
        const float step = mConfig.centreRate * dt;
        // Shortest way round for the wrapping axis.
        const float dy = wrapInto(mConfig.centreYaw - c.yaw, -kPi, kPi);
        c.yaw = wrapInto(c.yaw + std::clamp(dy, -step, step), -kPi, kPi);
        if (std::fabs(dy) <= step) c.yaw = wrapInto(mConfig.centreYaw, -kPi, kPi);
        c.pitch = approach(c.pitch, mConfig.centrePitch, step);
        if (c.yaw == wrapInto(mConfig.centreYaw, -kPi, kPi) && c.pitch == mConfig.centrePitch) c.centring = false;
    } else {
        c.yaw = wrapInto(c.yaw + yawInput, -kPi, kPi);
        c.pitch = std::clamp(c.pitch + pitchInput, mConfig.pitchMin, mConfig.pitchMax);
    }
}

RenderCamera CameraController::renderCamera(std::uint64_t tick, std::array<std::int32_t, 4> viewport) const {
    RenderCamera r;
    r.tick = tick;
    r.viewport = viewport;
    r.infrared = mCamera.infrared;
    const float cp = std::cos(mCamera.pitch), sp = std::sin(mCamera.pitch);
    r.forward = {cp * std::cos(mCamera.yaw), cp * std::sin(mCamera.yaw), sp};
    r.position = mCamera.targetPosition - r.forward * mConfig.distance;
    r.view = Mat4::lookAt(r.position, mCamera.targetPosition, {0, 0, 1});
    return r;
}

Status addMouseLook(ManualCommands& manual, const CameraConfig& config) {
    ManualBinding x;
    x.command = ManualCommand::AngleX;
    x.source.kind = ManualSource::Kind::MouseX;
    x.coefficient = config.mouseCoefficient;
    x.wrap = WrapMode::Wrap;
    x.deadZone = config.mouseDeadZone;
    x.minValue = -kPi;
    x.maxValue = kPi;
    VESTIGE_CHECK(manual.add(x));
    ManualBinding y = x;
    y.command = ManualCommand::AngleY;
    y.source.kind = ManualSource::Kind::MouseY;
    y.coefficient = -config.mouseCoefficient;
    y.wrap = WrapMode::NotWrap;
    y.minValue = config.pitchMin;
    y.maxValue = config.pitchMax;
    return manual.add(y);
}

Status CameraFrame::step(CameraStep s) {
    if (static_cast<int>(s) <= mLast)
        return Error("input.frame_order", "a camera frame step ran after a later one")
            .in("step", std::to_string(static_cast<int>(s) + 1));
    mLast = static_cast<int>(s);
    mSteps.push_back(s);
    return {};
}

const GameCamera* CameraFrame::saved(std::uint32_t mode) const {
    const auto it = mSaved.find(mode);
    return it == mSaved.end() ? nullptr : &it->second;
}

}  // namespace vestige::iron3d::input
