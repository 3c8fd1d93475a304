// Behavior diagnostics and the first-run schedule.
#include "vestige/iron3d/ai/behavior.hpp"

#include <fmt/format.h>

#include <set>

namespace vestige::iron3d::ai {

std::string_view diagnosticCode(Diagnostic d) {
    switch (d) {
        case Diagnostic::NoSystemMap:
            return "behavior.no_system_map";
        case Diagnostic::NoTerrain:
            return "behavior.no_terrain";
        case Diagnostic::NoArealMap:
            return "behavior.no_areal_map";
        case Diagnostic::NonReachable:
            return "behavior.non_reachable";
        case Diagnostic::LeavingNonWalkable:
            return "behavior.leaving_non_walkable";
        case Diagnostic::PathCycle:
            return "behavior.path_cycle";
    }
    return "behavior.unknown";
}

Error diagnosticError(Diagnostic d, Handle object) {
    static constexpr std::string_view kText[] = {
        "Behavior has no system map",
        "Behavior has no terrain interface",
        "the active Behavior has no IArealMap",
        "the object is in a non-reachable area",
        "the object tries to leave a non-walkable area",
        "the path generator entered an infinite cycle",
    };
    Error e(std::string(diagnosticCode(d)), std::string(kText[static_cast<int>(d)]));
    return e.in("object", fmt::format("{}:{}", object.slot, object.generation));
}

Status checkBehavior(const BehaviorEnvironment& env, std::uint32_t slot, Handle object) {
    if (!env.hasSystemMap()) return diagnosticError(Diagnostic::NoSystemMap, object);
    if (!env.hasTerrain()) return diagnosticError(Diagnostic::NoTerrain, object);
    if (!env.hasArealMap(slot)) return diagnosticError(Diagnostic::NoArealMap, object).in("slot", std::to_string(slot));
    switch (env.areaState(object)) {
        case AreaState::Walkable:
            break;
        case AreaState::NonReachable:
            return diagnosticError(Diagnostic::NonReachable, object);
        case AreaState::LeavingNonWalkable:
            return diagnosticError(Diagnostic::LeavingNonWalkable, object);
    }
    return okStatus();
}

Status checkPathProgress(std::span<const std::uint32_t> areals, Handle object) {
    std::set<std::uint32_t> seen;
    for (std::size_t i = 0; i < areals.size(); ++i)
        if (!seen.insert(areals[i]).second)
            return diagnosticError(Diagnostic::PathCycle, object)
                .in("step", std::to_string(i))
                .actual(fmt::format("areal {} again", areals[i]));
    return okStatus();
}

Result<FirstRunResult> prepareFirstRun(FirstRun& run, std::uint32_t queueTime, SharedRandom& rng, std::uint32_t clan,
                                       const Tracer& trace) {
    FirstRunResult r;
    if (run.deadline != 0) {
        if (queueTime >= run.deadline)
            return Error("behavior.first_run_after_deadline",
                         "a first-run preparation after the stored deadline is not recovered")
                .in("clan", std::to_string(clan))
                .expected(fmt::format("queue time < {}", run.deadline))
                .actual(std::to_string(queueTime));
        r.effect = FirstRunEffect::Kept;
        r.deadline = run.deadline;
    } else {
        r.delay = rng.below(kFirstRunJitter);
        r.deadline = queueTime + kFirstRunIntervals * kFirstRunIntervalMs + r.delay;  // u32 queue time wraps
        run.deadline = r.deadline;
    }
    if (trace.on())
        trace.emit("behavior", {{"event", "first_run"},
                                {"clan", clan},
                                {"effect", r.effect == FirstRunEffect::Kept ? "kept" : "scheduled"},
                                {"queue_time", queueTime},
                                {"deadline", r.deadline},
                                {"delay", r.delay}});
    return r;
}

}  // namespace vestige::iron3d::ai
