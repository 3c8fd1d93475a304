#pragma once
// Wires the input snapshot and the camera into the mission runtime's phases, in the seed's six-step frame order:
//
//   BuildInputSnapshot         1 collect the batch of manual events into this tick's snapshot
//   CalculateWorldQueue        2 update the manual commands, then the camera controller, in game time
//   UpdateAnimationAndEffects  3 final transform and limits (the RenderCamera of this tick)
//   PublishRenderSnapshot      4 set the current camera (rendered passes)
//   RenderWorld                5 the same camera to the terrain renderer and the sound listener (rendered passes)
//   EndFrameCallbacks          6 save the mode's state
//
// A headless pass skips 4 and 5 (there is no frame to show); the game camera still moves identically.
#include <array>

#include "vestige/iron3d/input/camera.hpp"
#include "vestige/iron3d/input/input.hpp"
#include "vestige/iron3d/mission/runtime.hpp"

namespace vestige::iron3d::mission {

struct CameraRig {
    input::InputCollector collector;
    input::CameraController controller;
    input::ManualCommands manual;  // MCMD_ANGLE_X/Y inputs feed the controller each tick (input::addMouseLook)
    input::CameraFrame frame;
    input::InputSnapshot snapshot;
    input::RenderCamera pending;  // step 3's result, shown by steps 4 and 5
    std::array<std::int32_t, 4> viewport{0, 0, 1280, 720};
};

// The rig must outlive the runtime's use of it.
void installCamera(MissionRuntime& runtime, CameraRig& rig);

}  // namespace vestige::iron3d::mission
