#include "vestige/iron3d/mission/camera_system.hpp"

namespace vestige::iron3d::mission {

using world::SchedulerPhase;

void installCamera(MissionRuntime& runtime, CameraRig& rig) {
    const auto stepMs = runtime.clock().config().stepMicros / 1000;
    runtime.addSystem(SchedulerPhase::BuildInputSnapshot, "camera.collect", [&rig](SystemContext& c) -> Status {
        rig.frame.next();
        VESTIGE_CHECK(rig.frame.step(input::CameraStep::CollectEvents));
        rig.snapshot = rig.collector.build(c.tick + 1);
        return {};
    });
    runtime.addSystem(SchedulerPhase::CalculateWorldQueue, "camera.update", [&rig, stepMs](SystemContext&) -> Status {
        VESTIGE_CHECK(rig.frame.step(input::CameraStep::UpdateController));
        rig.manual.update(rig.snapshot, stepMs);
        rig.controller.update(rig.snapshot, stepMs, rig.manual.inputOf(input::ManualCommand::AngleX),
                              rig.manual.inputOf(input::ManualCommand::AngleY));
        return {};
    });
    runtime.addSystem(SchedulerPhase::UpdateAnimationAndEffects, "camera.transform",
                      [&rig](SystemContext& c) -> Status {
                          VESTIGE_CHECK(rig.frame.step(input::CameraStep::FinalTransform));
                          if (const auto target = rig.controller.camera().targetObject)
                              if (const auto h = c.world.findByOriginalId(*target))
                                  rig.controller.camera().targetPosition = c.world.transform(*h)->position();
                          rig.pending = rig.controller.renderCamera(c.world.tick(), rig.viewport);
                          return {};
                      });
    runtime.addSystem(SchedulerPhase::PublishRenderSnapshot, "camera.set", [&rig](SystemContext&) -> Status {
        VESTIGE_CHECK(rig.frame.step(input::CameraStep::SetCurrent));
        rig.frame.setCurrent(rig.pending);
        return {};
    });
    runtime.addSystem(SchedulerPhase::RenderWorld, "camera.distribute",
                      [&rig](SystemContext&) { return rig.frame.step(input::CameraStep::Distribute); });
    runtime.addSystem(SchedulerPhase::EndFrameCallbacks, "camera.save", [&rig](SystemContext&) -> Status {
        VESTIGE_CHECK(rig.frame.step(input::CameraStep::SaveState));
        rig.frame.saveMode(rig.controller.camera());
        return {};
    });
}

}  // namespace vestige::iron3d::mission
