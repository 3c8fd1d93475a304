// The AI area's mission start and tick inside a mission load and its runtime (ai_system.hpp).
#include "vestige/iron3d/mission/ai_system.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::mission {
namespace {

// Game files through the mission's VFS: a missing file is "not found", any other failure an error.
class VfsScriptFiles final : public ai::ScriptFiles {
public:
    explicit VfsScriptFiles(const vfs::Vfs& v) : mVfs(v) {}
    Result<std::optional<Bytes>> read(std::string_view path) const override {
        auto r = mVfs.read(path);
        if (r) return std::optional<Bytes>(std::move(r).value());
        if (r.error().code().ends_with(".not_found")) return std::optional<Bytes>();
        return std::move(r).error();
    }

private:
    const vfs::Vfs& mVfs;
};

// The shared Behavior generator over the runtime's "ai" stream (looked up per call: a pass rollback replaces the
// stream objects).
class WorldRandom final : public ai::SharedRandom {
public:
    explicit WorldRandom(MissionRuntime& rt) : mRt(&rt) {}
    std::uint32_t below(std::uint32_t bound) override {
        const std::uint64_t v = mRt->rng().stream(world::kStreamAi).nextU32();
        return static_cast<std::uint32_t>((v * bound) >> 32);
    }
    [[nodiscard]] std::uint64_t draws() const override {
        const auto* s = mRt->rng().find(world::kStreamAi);
        return s ? s->calls() : 0;
    }
    [[nodiscard]] std::string_view stream() const override { return world::kStreamAi; }

private:
    MissionRuntime* mRt;
};

class RuntimeTrace final : public ai::AiTrace {
public:
    void event(std::string_view subsystem, std::string_view payloadJson) override {
        if (sink) sink->event(tick, phase, subsystem, payloadJson);
    }
    TraceSink* sink = nullptr;
    std::uint64_t tick = 0;
    std::string phase;
};

class LoadedEnvironment final : public ai::BehaviorEnvironment {
public:
    bool map = false, areals = false;
    bool hasSystemMap() const override { return map; }
    bool hasTerrain() const override { return map; }
    bool hasArealMap(std::uint32_t) const override { return areals; }
    ai::AreaState areaState(Handle) const override { return ai::AreaState::Walkable; }
};

struct Seams {
    Seams(std::shared_ptr<AiSession> s, MissionRuntime& rt) : session(std::move(s)), rng(rt) {}
    std::shared_ptr<AiSession> session;
    WorldRandom rng;
    RuntimeTrace trace;
    LoadedEnvironment env;
    ai::StockObjects objects;
    [[nodiscard]] ai::Tracer tracer() { return {trace.sink ? &trace : nullptr, &rng}; }
};

std::vector<ai::PlacedUnit> unitsOf(const std::vector<LoadedObject>& objects) {
    std::vector<ai::PlacedUnit> out;
    for (const LoadedObject& o : objects) {
        ai::PlacedUnit u;
        u.handle = {o.handle.slot, o.handle.generation};
        u.tmaIndex = o.originalId;
        u.rawAfterResource = o.placed.rawAfterResource;
        if (o.unit) u.classWord = o.unit->classWord();
        u.properties = o.placed.properties;
        out.push_back(std::move(u));
    }
    return out;
}

}  // namespace

ScriptsHook aiScriptsHook(std::shared_ptr<AiSession> session) {
    return [session](ScriptsHookContext& ctx) -> Status {
        auto seams = std::make_shared<Seams>(session, ctx.runtime);
        seams->trace.sink = session->trace;
        seams->trace.phase = "Scripts";
        seams->trace.tick = ctx.runtime.world().tick();
        seams->env.map = ctx.terrain.faceCount() > 0;
        seams->env.areals = ctx.terrain.arealCount() > 0;
        seams->objects = ai::StockObjects(ctx.runtime.world().slotCount());
        ai::RuntimeSetup setup;
        setup.clans = ai::clansOf(ctx.mission);
        setup.units = unitsOf(ctx.objects);
        setup.options = session->options;
        const std::uint64_t stepMs = ctx.runtime.clock().config().stepMicros / 1000;
        setup.queueTime = static_cast<std::uint32_t>(ctx.runtime.world().tick() * stepMs);
        const VfsScriptFiles files(ctx.vfs);
        auto started = ai::AiRuntime::start(setup, files, seams->rng, nullptr, seams->tracer());
        if (!started) return std::move(started).error().in("ai", "mission start");
        session->runtime = std::move(started).value();
        session->ticks = 0;

        ctx.runtime.addHashChunk("AI", [session] { return session->runtime->aiChunk(); });
        ctx.runtime.addHashChunk("BEHAVIOR", [session] { return session->runtime->behaviorChunk(); });
        const float dt = static_cast<float>(stepMs) / 1000.0f;
        ctx.runtime.addSystem(world::SchedulerPhase::CalculateWorldQueue, "ai",
                              [seams, dt](SystemContext& c) -> Status {
                                  seams->trace.sink = c.trace;
                                  seams->trace.tick = c.tick + 1;
                                  seams->trace.phase = "CalculateWorldQueue";
                                  AiSession& s = *seams->session;
                                  VESTIGE_TRY(s.lastTick, s.runtime->tick(static_cast<std::uint32_t>(c.gameTimeMs), dt,
                                                                          seams->objects, seams->env, seams->tracer()));
                                  ++s.ticks;
                                  return {};
                              });
        return {};
    };
}

ai::Json aiSummaryJson(const AiSession& session) {
    if (!session.runtime) return nullptr;
    const ai::AiRuntime& rt = *session.runtime;
    ai::Json clans = ai::Json::array();
    for (std::size_t i = 0; i < rt.ai.clans.size(); ++i) {
        const ai::SuperAi& sa = rt.ai.clans[i];
        ai::Json c{
            {"index", sa.clan.index},
            {"name", cp1251ToUtf8(sa.clan.name)},
            {"res0", cp1251ToUtf8(sa.clan.res0)},
            {"package", sa.bundle ? ai::Json(sa.bundle->path) : ai::Json(nullptr)},
            {"slot", sa.bundle && sa.clan.index < ai::kSuperAiSlots ? ai::Json(sa.clan.index) : ai::Json(nullptr)},
            {"init_one_shot", sa.initOneShot},
            {"first_run_ms", i < rt.behavior.size() ? rt.behavior[i].firstRun.deadline : 0},
            {"members", i < rt.behavior.size() ? rt.behavior[i].distributor.rows().size() : 0}};
        if (i < rt.inits.size())
            c["init"] = {{"found", rt.inits[i].found},
                         {"applied", rt.inits[i].applied},
                         {"unsupported", rt.inits[i].unsupported}};
        clans.push_back(std::move(c));
    }
    return {{"clans", std::move(clans)},
            {"ore_objects", rt.ore.size()},
            {"ai_log", rt.ai.aiLog},
            {"ticks", session.ticks},
            {"state_hash", fmt::format("{:016x}", rt.stateHash())}};
}

}  // namespace vestige::iron3d::mission
