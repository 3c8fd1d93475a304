#pragma once
// The camera-controller seam of the view loop: each frame the loop hands the controller that frame's input and
// draws from the camera it returns. Which controller runs is decided by what was loaded (a format's scene hook
// may supply one, registry::SceneView::controller); without one the loop flies freely (FlyController).
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "vestige/core/result.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/viewer/frame_input.hpp"

namespace vestige::viewer {

class CameraController {
public:
    virtual ~CameraController() = default;
    // Once per presentation frame, before drawing; an error ends the view.
    [[nodiscard]] virtual Status update(const FrameInput& input) = 0;
    [[nodiscard]] virtual scene::Camera camera() const = 0;
    [[nodiscard]] virtual std::string_view name() const = 0;
    // Its state as one JSON object (the `controller` field of `vestige view --json`).
    [[nodiscard]] virtual std::string stateJson() const = 0;
};

// start: the camera the verb chose (--camera, the scene's own, or one framing the scene); aspect: width / height.
using ControllerFactory =
    std::function<Result<std::unique_ptr<CameraController>>(const scene::Camera& start, float aspect)>;

// Free flight in real time: W/S forward/back, A/D strafe, Space/LCtrl up/down, LShift x4, mouse look
// (0.003 rad per count, pitch limited to +-1.55 rad). Frames longer than 0.1 s move as 0.1 s.
class FlyController final : public CameraController {
public:
    explicit FlyController(const scene::Camera& start, float speed = 400.0f);
    [[nodiscard]] Status update(const FrameInput& input) override;
    [[nodiscard]] scene::Camera camera() const override;
    [[nodiscard]] std::string_view name() const override { return "free_fly"; }
    [[nodiscard]] std::string stateJson() const override;

private:
    scene::Camera mBase;
    float mHeading = 0, mPitch = 0, mSpeed;
};

}  // namespace vestige::viewer
