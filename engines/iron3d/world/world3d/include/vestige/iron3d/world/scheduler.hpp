#pragma once
// Scheduler phases of one simulation pass (spec section 14), in this order:
//
//   CollectPlatformEvents, BuildInputSnapshot, AdvanceGameClock, CalculateWorldQueue, ApplyDeferredOperations,
//   UpdateAnimationAndEffects, [PublishRenderSnapshot, RenderWorld: rendered mode only], EndFrameCallbacks,
//   Maintenance
//
// A pass may skip phases but never go back: entering a phase at or before the current one is
// scheduler.phase_order, a render phase in headless mode is scheduler.render_phase_headless. Every entered phase
// is recorded, so traces show the order a pass really took.
#include <cstdint>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"

namespace vestige::iron3d::world {

enum class SchedulerPhase : std::uint8_t {
    CollectPlatformEvents,
    BuildInputSnapshot,
    AdvanceGameClock,
    CalculateWorldQueue,
    ApplyDeferredOperations,
    UpdateAnimationAndEffects,
    PublishRenderSnapshot,
    RenderWorld,
    EndFrameCallbacks,
    Maintenance,
};
inline constexpr std::size_t kSchedulerPhaseCount = 10;

[[nodiscard]] std::string_view phaseName(SchedulerPhase phase);
[[nodiscard]] bool isRenderPhase(SchedulerPhase phase);

class FrameScheduler {
public:
    explicit FrameScheduler(bool rendered = false) : mRendered(rendered) {}
    [[nodiscard]] Status enter(SchedulerPhase phase);
    // Starts a new pass (the next CollectPlatformEvents may follow Maintenance).
    void beginPass() {
        mCurrent = -1;
        mEntered.clear();
    }
    [[nodiscard]] bool rendered() const { return mRendered; }
    [[nodiscard]] const std::vector<SchedulerPhase>& entered() const { return mEntered; }
    [[nodiscard]] bool inPhase(SchedulerPhase phase) const { return mCurrent == static_cast<int>(phase); }

private:
    bool mRendered;
    int mCurrent = -1;
    std::vector<SchedulerPhase> mEntered;
};

}  // namespace vestige::iron3d::world
