#pragma once
// Behavior controller prerequisites and its first-run schedule (seed 002 "Behavior", "Первый запуск сценария").
//
// Six diagnostic states, each a structured error (never repaired by a teleport):
//   behavior.no_system_map           the system map is missing
//   behavior.no_terrain              the terrain interface is missing
//   behavior.no_areal_map            an active Behavior has no IArealMap
//   behavior.non_reachable           the object is in a non-reachable area
//   behavior.leaving_non_walkable    the object tries to leave a non-walkable area
//   behavior.path_cycle              the path generator entered an infinite cycle
//
// First run: deadline = queue time (u32 ms) + 3 x 64 ms + a 0..63 ms delay drawn from the *shared* generator, so the
// order in which clans start changes their values. A re-call before the deadline with a stored (non-zero) time keeps
// it and draws nothing. What a re-call after the deadline does is not recovered: it is an error, not a guess.
#include <cstdint>
#include <span>
#include <string_view>

#include "vestige/core/handles.hpp"
#include "vestige/iron3d/ai/seams.hpp"

namespace vestige::iron3d::ai {

enum class Diagnostic { NoSystemMap, NoTerrain, NoArealMap, NonReachable, LeavingNonWalkable, PathCycle };
[[nodiscard]] std::string_view diagnosticCode(Diagnostic d);
[[nodiscard]] Error diagnosticError(Diagnostic d, Handle object);

enum class AreaState { Walkable, NonReachable, LeavingNonWalkable };

// What Behavior asks the world before it moves an object (World3D / terrain / ArealMap provide it).
class BehaviorEnvironment {
public:
    virtual ~BehaviorEnvironment() = default;
    [[nodiscard]] virtual bool hasSystemMap() const = 0;
    [[nodiscard]] virtual bool hasTerrain() const = 0;
    [[nodiscard]] virtual bool hasArealMap(std::uint32_t slot) const = 0;  // the clan context's IArealMap
    [[nodiscard]] virtual AreaState areaState(Handle object) const = 0;
};

// The first five states in the order listed above; OK when none holds.
[[nodiscard]] Status checkBehavior(const BehaviorEnvironment& env, std::uint32_t slot, Handle object);
// A path generator's areal sequence: revisiting an areal is the infinite cycle [P: our detector].
[[nodiscard]] Status checkPathProgress(std::span<const std::uint32_t> areals, Handle object);

constexpr std::uint32_t kFirstRunIntervalMs = 64;
constexpr std::uint32_t kFirstRunIntervals = 3;
constexpr std::uint32_t kFirstRunJitter = 64;  // 0..63 ms

struct FirstRun {
    std::uint32_t deadline = 0;  // 0: not prepared
};

enum class FirstRunEffect { Scheduled, Kept };
struct FirstRunResult {
    FirstRunEffect effect = FirstRunEffect::Scheduled;
    std::uint32_t deadline = 0;
    std::uint32_t delay = 0;  // the random part (Scheduled only)
};

[[nodiscard]] Result<FirstRunResult> prepareFirstRun(FirstRun& run, std::uint32_t queueTime, SharedRandom& rng,
                                                     std::uint32_t clan, const Tracer& trace = {});

}  // namespace vestige::iron3d::ai
