#pragma once
// The two camera interfaces and the camera frame order (seed 002 "Два camera interface", "Camera commands и
// порядок кадра").
//
//   GameCamera    World3D's stdSetCurrentCamera / stdGetCurrentCamera: the camera as game state (mode, target,
//                 angles, manual state); it changes only in game ticks
//   RenderCamera  Terrain's stdSetCurrentCamera2: the concrete camera the world renderer uses (position,
//                 orientation, view matrix, projection, near/far, viewport), derived from the game camera
//
// Commands CMD_CAMERA_LEFT / RIGHT / UP / DOWN / CENTER / INFRARED: the horizontal angle wraps into [-pi, pi),
// the vertical angle is clamped, CENTER returns both axes to the centre angles at a fixed angular rate in game
// time (so 30 and 144 frames per second give the same angles after the same ticks); INFRARED toggles the
// infrared view. The rates, limits and centre angles are not known from the original: CameraConfig holds
// Vestige's defaults [P], to be replaced by the game's settings when they are recovered.
//
// Frame order (CameraFrame records it): 1 collect manual events -> 2 update the controller during calculation
// -> 3 final transform and limits -> 4 set the current camera before render -> 5 hand the same camera to the
// terrain and the sound listener -> 6 after the frame, save the mode's state. Going back is input.frame_order.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/input/input.hpp"
#include "vestige/iron3d/input/manual.hpp"

namespace vestige::iron3d::input {

enum class CameraCommand : std::uint8_t { Left, Right, Up, Down, Center, Infrared };
[[nodiscard]] std::string_view cameraCommandName(CameraCommand c);  // "CMD_CAMERA_LEFT", ...

struct CameraConfig {        // [P] defaults, none from the original
    float yawRate = 1.5f;    // rad/s while LEFT/RIGHT is held
    float pitchRate = 1.0f;  // rad/s while UP/DOWN is held
    float pitchMin = -1.2f, pitchMax = 0.3f;
    float centreYaw = 0.0f, centrePitch = -0.4f;
    float centreRate = 2.0f;  // rad/s on each axis while centring
    float distance = 24.0f;   // orbit distance from the target
    // Mouse look through MCMD_ANGLE_X / MCMD_ANGLE_Y (addMouseLook): radians per mouse count, and the dead zone
    // in counts per tick below which a motion is ignored.
    float mouseCoefficient = 0.003f;
    float mouseDeadZone = 0.0f;
};

struct GameCamera {
    std::uint32_t mode = 0;
    std::optional<std::uint32_t> targetObject;  // OriginalObjectId
    Vec3 targetPosition;
    float yaw = 0, pitch = -0.4f;
    bool infrared = false;
    bool centring = false;
};

struct RenderCamera {
    std::uint64_t tick = 0;
    Vec3 position;
    Vec3 forward;
    Mat4 view;
    float fovY = 1.0f, nearPlane = 0.5f, farPlane = 4000.0f;
    std::array<std::int32_t, 4> viewport{0, 0, 1280, 720};
    bool infrared = false;
};

class CameraController {
public:
    explicit CameraController(CameraConfig config = {}) : mConfig(config) {}
    // Key bindings for the commands (held = continuous, pressed = one-shot for CENTER/INFRARED); a command may
    // have several buttons (arrow keys and WASD), any of them held or pressed counts.
    void bind(CameraCommand command, Button button) { mBindings.emplace(command, button); }
    // Step 2, once per tick in game time; manual mouse angles add to yaw/pitch (MCMD_ANGLE_X/Y inputs).
    void update(const InputSnapshot& snapshot, std::uint32_t stepMs, float angleXInput = 0, float angleYInput = 0);
    // One-shot commands from elsewhere (scripts, UI), applied at the next update.
    void command(CameraCommand c) { mQueued.push_back(c); }
    [[nodiscard]] GameCamera& camera() { return mCamera; }
    [[nodiscard]] const GameCamera& camera() const { return mCamera; }
    [[nodiscard]] const CameraConfig& config() const { return mConfig; }
    // Step 3: the render camera for this game camera.
    [[nodiscard]] RenderCamera renderCamera(std::uint64_t tick, std::array<std::int32_t, 4> viewport) const;

private:
    CameraConfig mConfig;
    GameCamera mCamera;
    std::multimap<CameraCommand, Button> mBindings;
    std::vector<CameraCommand> mQueued;
};

// The mouse as MCMD_ANGLE_X (mouse x, MAN_WRAP into [-pi, pi)) and MCMD_ANGLE_Y (mouse y, inverted: moving the
// mouse down looks down, MAN_NOTWRAP within the pitch limits), each with the config's coefficient and dead zone;
// their per-tick inputs are what CameraController::update takes as angle inputs (CameraRig does this).
[[nodiscard]] Status addMouseLook(ManualCommands& manual, const CameraConfig& config);

enum class CameraStep : std::uint8_t {
    CollectEvents,
    UpdateController,
    FinalTransform,
    SetCurrent,
    Distribute,
    SaveState
};

// One frame's camera hand-off, in the seed's order; the terrain and the listener read the same RenderCamera.
class CameraFrame {
public:
    [[nodiscard]] Status step(CameraStep s);
    void setCurrent(const RenderCamera& c) { mCurrent = c; }
    [[nodiscard]] const std::optional<RenderCamera>& current() const { return mCurrent; }   // the Terrain camera
    [[nodiscard]] const std::optional<RenderCamera>& listener() const { return mCurrent; }  // the sound listener
    void saveMode(const GameCamera& c) { mSaved[c.mode] = c; }
    [[nodiscard]] const GameCamera* saved(std::uint32_t mode) const;
    void next() { mLast = -1; }
    [[nodiscard]] const std::vector<CameraStep>& steps() const { return mSteps; }

private:
    int mLast = -1;
    std::vector<CameraStep> mSteps;
    std::optional<RenderCamera> mCurrent;
    std::map<std::uint32_t, GameCamera> mSaved;
};

}  // namespace vestige::iron3d::input
