#pragma once
// The AI + Behavior layer of one mission, as World3D drives it.
//
// start (the loader's "scripts/AI hook", after every object is registered):
//   1. a SuperAI per clan (createSuperAis)
//   2. per clan, in clan order: Behavior prepares its first run (one shared-RNG draw), then the clan's first Init
//      runs (runFirstInit) - the original's engine callback order
//   3. distributor memberships (in TMA object order) and the initial ore of every object with a Unit DAT
//   Preview (a static look at a mission) stops after the Inits: no Behavior draw, memberships or ore (seed 002).
// tick (every World3D fixed tick, queue time in u32 ms):
//   1. Behavior's prerequisite check of every distributor member (a diagnostic state is the tick's error)
//   2. per clan whose first-run deadline has passed: the distributor's transfer step over dt
// Every step is a trace event carrying the shared stream's counter; aiChunk()/behaviorChunk() are the canonical
// bytes of the "AI" and "BEHAVIOR" state chunks World3D folds into its state hash.
#include <cstdint>
#include <vector>

#include "vestige/iron3d/ai/behavior.hpp"
#include "vestige/iron3d/ai/distributor.hpp"
#include "vestige/iron3d/ai/ore.hpp"
#include "vestige/iron3d/ai/superai.hpp"

namespace vestige::iron3d::ai {

struct RuntimeSetup {
    std::vector<ClanSpec> clans;
    std::vector<PlacedUnit> units;
    StartOptions options;
    std::uint32_t queueTime = 0;  // the world queue's time at the hook
};

struct ClanBehavior {
    FirstRun firstRun;
    Distributor distributor;
};

struct TickReport {
    std::uint32_t checked = 0;    // members whose prerequisites were checked
    std::uint32_t transfers = 0;  // clans that ran their transfer step
    TransferStep totals;
};

class AiRuntime {
public:
    [[nodiscard]] static Result<AiRuntime> start(const RuntimeSetup& setup, const ScriptFiles& files, SharedRandom& rng,
                                                 ScriptTargets* targets = nullptr, const Tracer& trace = {});
    [[nodiscard]] Result<TickReport> tick(std::uint32_t queueTime, float dt, ResourceObjects& objects,
                                          const BehaviorEnvironment& env, const Tracer& trace = {});

    [[nodiscard]] Bytes aiChunk() const;
    [[nodiscard]] Bytes behaviorChunk() const;
    // FNV-1a 64 of both chunks, for tests and the demo.
    [[nodiscard]] std::uint64_t stateHash() const;

    AiWorld ai;
    std::vector<ClanBehavior> behavior;  // one per clan (clan index)
    std::vector<OreState> ore;
    std::vector<InitReport> inits;
};

}  // namespace vestige::iron3d::ai
