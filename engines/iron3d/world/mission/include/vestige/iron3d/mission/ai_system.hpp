#pragma once
// The AI area (engines/iron3d/ai, docs/ai.md) wired into a mission load and its runtime (issue 21):
//
//   the scripts/AI hook (loaded.hpp), after "Register all", before the first tick:
//     clans of the TMA -> AiRuntime::start (SuperAI per clan, GetSuperAI slots, per clan Behavior's first-run draw
//     then the first Init, memberships, initial ore); scripts read through the mission's VFS, "not found" apart
//     from errors; any error aborts the load (nothing is published)
//     -> hash chunks "AI" and "BEHAVIOR" (AiRuntime::aiChunk / behaviorChunk) in the simulation hash
//     -> system "ai" in CalculateWorldQueue: AiRuntime::tick(queue time = tick x 16 ms, dt = one step)
//   the seams World3D provides:
//     SharedRandom   the runtime's section-14 "ai" stream; below(n) = (u32 x n) >> 32 [P]
//     AiTrace        the load's trace sink (AiSession::trace) during the hook, the runtime's trace in ticks
//     Behavior env   system map and terrain = the mission's Land.msh / Land.map loaded [P]; IArealMap = Land.map
//                    has areals; area state Walkable [P: no path or areal state exists yet]
//     ResourceObjects StockObjects with zero rates (docs/ai.md: until real resource objects exist)
//     ScriptTargets  none: Handler(15) stays Unsupported (an error in a full load)
// The AI state is the session's: a failure later in a pass restores the world and RNG, not the AI state.
#include <memory>
#include <optional>

#include "vestige/core/trace.hpp"
#include "vestige/iron3d/ai/runtime.hpp"
#include "vestige/iron3d/mission/loaded.hpp"

namespace vestige::iron3d::mission {

struct AiSession {
    ai::StartOptions options;              // Full for a mission load
    TraceSink* trace = nullptr;            // where the hook's start events go (the runtime has no sink yet)
    std::optional<ai::AiRuntime> runtime;  // set by the hook
    ai::TickReport lastTick;
    std::uint64_t ticks = 0;
};

// The hook for LoadOptions::scripts. The session outlives the load: the installed system and chunks share it.
[[nodiscard]] ScriptsHook aiScriptsHook(std::shared_ptr<AiSession> session);

// What `vestige mission --json` reports under "ai": per clan the package, slot and Init outcome, the ai.log lines,
// the distributor sizes, the AI state hash.
[[nodiscard]] ai::Json aiSummaryJson(const AiSession& session);

}  // namespace vestige::iron3d::mission
