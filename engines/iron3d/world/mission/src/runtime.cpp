#include "vestige/iron3d/mission/runtime.hpp"

#include <fmt/format.h>

namespace vestige::iron3d::mission {

using world::SchedulerPhase;

MissionRuntime::MissionRuntime(world::World3D world, std::uint64_t seed, world::FixedStepConfig clock)
    : mWorld(std::move(world)),
      mRng(seed),
      mClock(*world::FixedStepClock::create(clock.stepMicros ? clock : world::FixedStepConfig{})) {}

void MissionRuntime::addSystem(SchedulerPhase phase, std::string name, System system) {
    mSystems[static_cast<std::size_t>(phase)].push_back({std::move(name), std::move(system)});
}

Status MissionRuntime::addCommandHandler(std::string message, world::CommandHandler handler) {
    if (mHandlers.count(message))
        return Error("runtime.duplicate_handler", "a command handler is already registered for this message")
            .in("message", message);
    mHandlers.emplace(std::move(message), std::move(handler));
    return {};
}

void MissionRuntime::addHashChunk(std::string name, std::function<Bytes()> chunk) {
    mChunks[std::move(name)] = std::move(chunk);
}

Status MissionRuntime::runSystems(SchedulerPhase phase, std::uint64_t tick) {
    const std::uint64_t stepMs = mClock.config().stepMicros / 1000;
    for (auto& s : mSystems[static_cast<std::size_t>(phase)]) {
        SystemContext ctx{*this, mWorld, mRng, phase, tick, tick * stepMs, mTrace};
        auto st = s.system(ctx);
        if (!st) return std::move(st).error().in("system", s.name).in("phase", std::string(world::phaseName(phase)));
    }
    return {};
}

Result<PassReport> MissionRuntime::pass(bool rendered) {
    world::FrameScheduler scheduler(rendered);
    const std::uint64_t tick = mWorld.tick();
    const world::RngStreams rngBefore = mRng;
    auto run = [&]() -> Result<PassReport> {
        PassReport report;
        for (auto phase : {SchedulerPhase::CollectPlatformEvents, SchedulerPhase::BuildInputSnapshot,
                           SchedulerPhase::AdvanceGameClock}) {
            VESTIGE_CHECK(scheduler.enter(phase));
            VESTIGE_CHECK(runSystems(phase, tick));
        }
        VESTIGE_CHECK(scheduler.enter(SchedulerPhase::CalculateWorldQueue));
        const world::CommandHandler dispatch = [this](world::World3D& w, const world::Command& c) -> Status {
            const auto it = mHandlers.find(c.message);
            return it == mHandlers.end() ? Status{} : it->second(w, c);
        };
        VESTIGE_TRY(report.snapshot, mWorld.step(dispatch, [&](world::World3D&) {
            return runSystems(SchedulerPhase::CalculateWorldQueue, tick);
        }));
        VESTIGE_CHECK(scheduler.enter(SchedulerPhase::ApplyDeferredOperations));
        VESTIGE_CHECK(runSystems(SchedulerPhase::ApplyDeferredOperations, tick));
        VESTIGE_CHECK(scheduler.enter(SchedulerPhase::UpdateAnimationAndEffects));
        VESTIGE_CHECK(runSystems(SchedulerPhase::UpdateAnimationAndEffects, tick));
        if (rendered) {
            for (auto phase : {SchedulerPhase::PublishRenderSnapshot, SchedulerPhase::RenderWorld}) {
                VESTIGE_CHECK(scheduler.enter(phase));
                VESTIGE_CHECK(runSystems(phase, tick));
            }
        }
        VESTIGE_CHECK(scheduler.enter(SchedulerPhase::EndFrameCallbacks));
        VESTIGE_CHECK(mWorld.runEndOfFrame());
        VESTIGE_CHECK(runSystems(SchedulerPhase::EndFrameCallbacks, tick));
        VESTIGE_CHECK(scheduler.enter(SchedulerPhase::Maintenance));
        VESTIGE_CHECK(runSystems(SchedulerPhase::Maintenance, tick));
        // Later phases may have moved objects after the snapshot: the hash of the world as it ends the pass
        // (World3D caches it, so an unchanged world is not hashed twice).
        report.snapshot.hash = mWorld.stateHash();
        report.simulationHash = simulationHash(report.snapshot.hash);
        report.phases = scheduler.entered();
        return report;
    };
    // The whole pass is the unit of rollback (a failure after the world step must undo the tick too), so the
    // runtime keeps one copy of the world and the step does not take a second one.
    world::World3D worldBefore = mWorld;
    mWorld.setStepRollback(false);
    auto result = run();
    mWorld.setStepRollback(true);
    if (!result) {
        mWorld = std::move(worldBefore);
        mRng = rngBefore;
        return std::move(result).error().in("tick", std::to_string(tick + 1));
    }
    if (mTrace)
        mTrace->event(result->snapshot.tick, "Maintenance", "runtime",
                      fmt::format(R"({{"world_hash":"{}","simulation_hash":"{}","rng":{}}})",
                                  toHex(result->snapshot.hash), toHex(result->simulationHash), mRng.countersJson()));
    return result;
}

Result<PassReport> MissionRuntime::tick() {
    mClock.collectPlatformEvents();
    return pass(false);
}

Result<FrameReport> MissionRuntime::frame(std::uint64_t elapsedMicros, bool rendered) {
    mClock.collectPlatformEvents();
    FrameReport report;
    report.passes = mClock.advance(elapsedMicros);
    for (std::uint32_t i = 0; i < report.passes; ++i) {
        VESTIGE_TRY(PassReport r, pass(rendered && i + 1 == report.passes));
        report.reports.push_back(std::move(r));
    }
    return report;
}

Sha256Digest MissionRuntime::simulationHash() const { return simulationHash(mWorld.stateHash()); }

Sha256Digest MissionRuntime::simulationHash(const Sha256Digest& worldHash) const {
    Sha256 h;
    h.update(asBytes(std::string_view("vestige-mission-state-v1\0", 25)));
    h.update(worldHash);
    h.update(mRng.digest());
    for (const auto& [name, chunk] : mChunks) {
        const Bytes bytes = chunk();
        ByteWriter w;
        w.u32(static_cast<std::uint32_t>(name.size()));
        w.chars(name);
        w.u64(bytes.size());
        h.update(w.data());
        h.update(bytes);
    }
    return h.finish();
}

}  // namespace vestige::iron3d::mission
