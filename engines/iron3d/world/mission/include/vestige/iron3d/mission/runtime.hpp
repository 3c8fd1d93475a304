#pragma once
// The simulation of a loaded mission: one World3D, the fixed-step clock, the scheduler and the named RNG streams,
// plus the systems other areas plug in (AI, Behavior, Control, camera). One pass = one simulation tick:
//
//   CollectPlatformEvents      systems                       (platform collections counted by the clock)
//   BuildInputSnapshot         systems
//   AdvanceGameClock           systems
//   CalculateWorldQueue        World3D::step: the phase's systems run first inside the calculating phase (their
//                              deletes are deferred, their commands drain in this step), then the queue drains
//                              and every command is dispatched to the handler registered for its message
//   ApplyDeferredOperations    (deferred deletes applied, tick + 1, world snapshot published) then systems
//   UpdateAnimationAndEffects  systems
//   PublishRenderSnapshot, RenderWorld   rendered passes only
//   EndFrameCallbacks          World3D::runEndOfFrame, then systems
//   Maintenance                systems
//
// Within a phase, systems run in registration order. A failure anywhere in a pass restores the world (World3D's
// rollback) and the RNG streams to their state before the pass and is returned; other state a system keeps is
// its own to roll back. frame(elapsed) asks the fixed-step clock how many passes a presentation frame runs.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/core/sha256.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/iron3d/world/clock.hpp"
#include "vestige/iron3d/world/rng.hpp"
#include "vestige/iron3d/world/scheduler.hpp"
#include "vestige/iron3d/world/world3d.hpp"

namespace vestige::iron3d::mission {

class MissionRuntime;

struct SystemContext {
    MissionRuntime& runtime;
    world::World3D& world;
    world::RngStreams& rng;
    world::SchedulerPhase phase;
    std::uint64_t tick = 0;        // the world tick this pass computes (before the step: current tick)
    std::uint64_t gameTimeMs = 0;  // tick x step, in milliseconds (the queue time AI schedules against)
    TraceSink* trace = nullptr;    // null when no trace is recorded
};
using System = std::function<Status(SystemContext&)>;

struct PassReport {
    world::Snapshot snapshot;  // the world after the pass
    Sha256Digest simulationHash{};
    std::vector<world::SchedulerPhase> phases;
};

struct FrameReport {
    std::uint32_t passes = 0;
    std::vector<PassReport> reports;
};

class MissionRuntime {
public:
    explicit MissionRuntime(world::World3D world = {}, std::uint64_t seed = 0, world::FixedStepConfig clock = {});

    // Adds a system to a phase (render phases only run in rendered passes).
    void addSystem(world::SchedulerPhase phase, std::string name, System system);
    // The handler for every command whose message equals `message`; a command without one is only delivered
    // as an event. A second handler for the same message is runtime.duplicate_handler.
    [[nodiscard]] Status addCommandHandler(std::string message, world::CommandHandler handler);
    // Bytes another subsystem contributes to the simulation hash (e.g. "BEHAVIOR", "AI"), read once per pass.
    void addHashChunk(std::string name, std::function<Bytes()> chunk);

    // One headless pass (one tick).
    [[nodiscard]] Result<PassReport> tick();
    // One presentation frame: the clock decides the passes (0 when paused); the last one is rendered when asked.
    [[nodiscard]] Result<FrameReport> frame(std::uint64_t elapsedMicros, bool rendered = false);

    // SHA-256 of "vestige-mission-state-v1\0", the 32-byte World3D state hash, the 32-byte RNG digest (cosmetic
    // excluded), then per hash chunk in name order: u32 name length, name, u64 size, bytes [P: Vestige layout].
    [[nodiscard]] Sha256Digest simulationHash() const;
    // The same with the World3D state hash already known (a pass computes it once, for the snapshot).
    [[nodiscard]] Sha256Digest simulationHash(const Sha256Digest& worldHash) const;

    [[nodiscard]] world::World3D& world() { return mWorld; }
    [[nodiscard]] const world::World3D& world() const { return mWorld; }
    [[nodiscard]] world::RngStreams& rng() { return mRng; }
    [[nodiscard]] const world::RngStreams& rng() const { return mRng; }
    [[nodiscard]] world::FixedStepClock& clock() { return mClock; }
    [[nodiscard]] const world::FixedStepClock& clock() const { return mClock; }
    // Trace lines: one "pass" line per tick (world tick, state hash, RNG counters) plus whatever systems write.
    void setTrace(TraceSink* trace) { mTrace = trace; }
    [[nodiscard]] TraceSink* trace() const { return mTrace; }

private:
    struct NamedSystem {
        std::string name;
        System system;
    };
    [[nodiscard]] Status runSystems(world::SchedulerPhase phase, std::uint64_t tick);
    [[nodiscard]] Result<PassReport> pass(bool rendered);

    world::World3D mWorld;
    world::RngStreams mRng;
    world::FixedStepClock mClock;
    std::array<std::vector<NamedSystem>, world::kSchedulerPhaseCount> mSystems;
    std::map<std::string, world::CommandHandler, std::less<>> mHandlers;
    std::map<std::string, std::function<Bytes()>, std::less<>> mChunks;
    TraceSink* mTrace = nullptr;
};

}  // namespace vestige::iron3d::mission
