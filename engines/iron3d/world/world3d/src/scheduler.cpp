#include "vestige/iron3d/world/scheduler.hpp"

#include <array>
#include <string>

namespace vestige::iron3d::world {

std::string_view phaseName(SchedulerPhase phase) {
    static constexpr std::array<std::string_view, kSchedulerPhaseCount> kNames{
        "CollectPlatformEvents",   "BuildInputSnapshot",
        "AdvanceGameClock",        "CalculateWorldQueue",
        "ApplyDeferredOperations", "UpdateAnimationAndEffects",
        "PublishRenderSnapshot",   "RenderWorld",
        "EndFrameCallbacks",       "Maintenance"};
    return kNames[static_cast<std::size_t>(phase)];
}

bool isRenderPhase(SchedulerPhase phase) {
    return phase == SchedulerPhase::PublishRenderSnapshot || phase == SchedulerPhase::RenderWorld;
}

Status FrameScheduler::enter(SchedulerPhase phase) {
    if (!mRendered && isRenderPhase(phase))
        return Error("scheduler.render_phase_headless", "a render phase was entered in headless mode")
            .in("phase", std::string(phaseName(phase)));
    if (static_cast<int>(phase) <= mCurrent)
        return Error("scheduler.phase_order", "a scheduler phase was entered after a later one")
            .in("phase", std::string(phaseName(phase)))
            .expected("a phase after " + std::string(phaseName(static_cast<SchedulerPhase>(mCurrent))))
            .actual(std::string(phaseName(phase)));
    mCurrent = static_cast<int>(phase);
    mEntered.push_back(phase);
    return {};
}

}  // namespace vestige::iron3d::world
