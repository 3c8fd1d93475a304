#pragma once
// The `pose` verb and the `animesh` demo stage (iron3d animation / CAniMesh).
// apps/vestige/pending/cmd_pose.cpp and pending/demo_animesh.cpp define these; they need
// vestige_iron3d_animation, vestige_iron3d_animesh and vestige_iron3d_ctl linked into the app.
#include "app.hpp"

namespace vestige::app {

void addPoseCommand(CLI::App& cli, AppContext& ctx);
DemoStage demoStageAnimesh();

}  // namespace vestige::app
