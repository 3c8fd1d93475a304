#pragma once
// The Iron3D camera for `vestige view` of a mission folder (seed 002 "Ввод, камера и управление"): each frame's
// neutral input (viewer::FrameInput) becomes the engine's input events, and the camera runs in a MissionRuntime
// of its own at the fixed game tick through installCamera's six steps, so the same keys give the same camera after
// the same game time at any frame rate. The drawn camera is the RenderCamera of the last tick.
//
//   Left / A, Right / D     CMD_CAMERA_LEFT / RIGHT (yaw wraps into [-pi, pi))
//   Up / W, Down / S        CMD_CAMERA_UP / DOWN (pitch clamped)
//   C (or Home)             CMD_CAMERA_CENTER        I   CMD_CAMERA_INFRARED
//   mouse x / y             MCMD_ANGLE_X / MCMD_ANGLE_Y (input::addMouseLook: the config's coefficient, dead zone)
//
// Timing: the frame's events are stamped with the frame's time (the sum of elapsed frame times) and a pass takes,
// in CollectPlatformEvents, the events stamped at or before its tick's end ((tick + 1) x 16 ms). A pass that the
// clock runs late, inside a later frame, so never sees an event from after its own game time; which tick first sees
// an event depends only on the event's time, not on the frame rate.
//
// Keys reach the engine as DirectInput scan codes (DIK_*: Vestige's [P] choice of numbering, the original's own
// table is not recovered); focus lost or a removed device loses and re-adds the keyboard and mouse, so nothing
// stays held. The simulation of the mission's objects does not run here (the world is empty): the camera orbits
// a fixed target.
#include <deque>
#include <memory>
#include <string>

#include "vestige/iron3d/mission/camera_system.hpp"
#include "vestige/iron3d/mission/runtime.hpp"
#include "vestige/viewer/controller.hpp"

namespace vestige::iron3d::mission {

// The DIK_* scan code of a neutral key (0 for a key without one).
[[nodiscard]] std::uint32_t dikScanCode(viewer::Key key);

class MissionViewController final : public viewer::CameraController {
public:
    // target: the orbit point; verticalFov in radians; aspect = width / height (the viewport of the RenderCamera).
    [[nodiscard]] static Result<std::unique_ptr<MissionViewController>> create(Vec3 target, float verticalFov,
                                                                               float aspect,
                                                                               input::CameraConfig config = {});
    [[nodiscard]] Status update(const viewer::FrameInput& input) override;
    [[nodiscard]] scene::Camera camera() const override;
    [[nodiscard]] std::string_view name() const override { return "iron3d_mission"; }
    [[nodiscard]] std::string stateJson() const override;

    [[nodiscard]] const input::GameCamera& gameCamera() const { return mRig->controller.camera(); }
    [[nodiscard]] const input::RenderCamera& renderCamera() const { return mShown; }
    [[nodiscard]] std::uint64_t tick() const { return mRuntime->world().tick(); }

private:
    MissionViewController() = default;
    void push(const viewer::FrameInput& in);
    void queue(input::InputEvent e) { mQueue.push_back({mNowMicros, e}); }
    struct Stamped {
        std::uint64_t micros = 0;
        input::InputEvent event;
    };
    std::deque<Stamped> mQueue;
    std::uint64_t mNowMicros = 0;  // frame time so far
    std::unique_ptr<MissionRuntime> mRuntime;
    std::unique_ptr<CameraRig> mRig;  // stable address: the runtime's systems hold it
    input::RenderCamera mShown;
    float mVerticalFov = 1.0f;
};

}  // namespace vestige::iron3d::mission
