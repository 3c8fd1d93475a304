#pragma once
// The `pose` verb and the `animesh` demo stage (iron3d animation / CAniMesh).
// cmd_pose.cpp and demo/animesh.cpp define these; tests/engines/iron3d/animesh/pose_cli_test.cpp runs them through
// the built binary.
#include "app.hpp"

namespace vestige::app {

void addPoseCommand(CLI::App& cli, AppContext& ctx);
DemoStage demoStageAnimesh();

}  // namespace vestige::app
