#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "vestige/viewer/controller.hpp"

namespace vestige::viewer {

FlyController::FlyController(const scene::Camera& start, float speed) : mBase(start), mSpeed(speed) {
    mHeading = std::atan2(start.forward.y, start.forward.x);
    mPitch = std::asin(std::clamp(start.forward.z, -1.0f, 1.0f));
}

scene::Camera FlyController::camera() const {
    // Heading/pitch are kept and the basis rebuilt each frame, so the camera never rolls.
    scene::Camera c = scene::ironCamera(mBase.position, mHeading, mPitch, 0, mBase.verticalFov);
    c.zNear = mBase.zNear;
    c.zFar = mBase.zFar;
    return c;
}

Status FlyController::update(const FrameInput& in) {
    mHeading -= in.mouseDelta.x * 0.003f;
    mPitch = std::clamp(mPitch - in.mouseDelta.y * 0.003f, -1.55f, 1.55f);
    const scene::Camera cam = camera();
    Vec3 move;
    if (in.isHeld(Key::W)) move += cam.forward;
    if (in.isHeld(Key::S)) move -= cam.forward;
    if (in.isHeld(Key::A)) move += cam.left;
    if (in.isHeld(Key::D)) move -= cam.left;
    if (in.isHeld(Key::Space)) move += Vec3{0, 0, 1};
    if (in.isHeld(Key::LeftCtrl)) move -= Vec3{0, 0, 1};
    const float speed = mSpeed * (in.isHeld(Key::LeftShift) ? 4.0f : 1.0f);
    const float dt = std::min(static_cast<float>(in.elapsedMicros) / 1e6f, 0.1f);
    mBase.position += normalize(move) * (speed * dt);
    return {};
}

std::string FlyController::stateJson() const {
    const Vec3 p = mBase.position;
    return fmt::format(R"({{"name":"free_fly","position":[{},{},{}],"heading":{},"pitch":{}}})", p.x, p.y, p.z,
                       mHeading, mPitch);
}

}  // namespace vestige::viewer
