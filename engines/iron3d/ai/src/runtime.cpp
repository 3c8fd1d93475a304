// AI + Behavior start and tick; the state chunks.
#include "vestige/iron3d/ai/runtime.hpp"

#include <bit>

#include "vestige/core/rng.hpp"

namespace vestige::iron3d::ai {
namespace {

void writeOptional(ByteWriter& w, const std::optional<std::uint32_t>& v) {
    w.u8(v.has_value());
    w.u32(v.value_or(0));
}

void writeHandle(ByteWriter& w, Handle h) {
    w.u32(h.slot);
    w.u32(h.generation);
}

}  // namespace

Result<AiRuntime> AiRuntime::start(const RuntimeSetup& setup, const ScriptFiles& files, SharedRandom& rng,
                                   ScriptTargets* targets, const Tracer& trace) {
    AiRuntime rt;
    VESTIGE_TRY(rt.ai, createSuperAis(setup.clans, files, setup.options, trace));
    rt.behavior.resize(rt.ai.clans.size());
    // A static preview runs no Behavior and builds no initial Behavior state: only the SuperAIs and their Init.
    const bool full = setup.options.mode == LoadMode::Full;
    for (std::uint32_t c = 0; c < rt.ai.clans.size(); ++c) {
        if (full) VESTIGE_CHECK(prepareFirstRun(rt.behavior[c].firstRun, setup.queueTime, rng, c, trace));
        VESTIGE_TRY(InitReport report, runFirstInit(rt.ai, c, setup.options.mode, targets, trace));
        rt.inits.push_back(std::move(report));
    }
    if (!full) return rt;
    for (const Membership& m : memberships(setup.units, rt.ai))
        rt.behavior[*rt.ai.slots[m.slot]].distributor.add(m.handle, m.tmaIndex, false, trace, m.slot);
    const auto descriptors = oreDescriptors();
    for (const PlacedUnit& u : setup.units)
        if (auto s = initialOre(u, descriptors, trace)) rt.ore.push_back(*s);
    return rt;
}

Result<TickReport> AiRuntime::tick(std::uint32_t queueTime, float dt, ResourceObjects& objects,
                                   const BehaviorEnvironment& env, const Tracer& trace) {
    TickReport report;
    for (std::uint32_t c = 0; c < behavior.size(); ++c)
        for (const ShareRow& row : behavior[c].distributor.rows()) {
            VESTIGE_CHECK(checkBehavior(env, c, row.object));
            ++report.checked;
        }
    for (std::uint32_t c = 0; c < behavior.size(); ++c) {
        const FirstRun& run = behavior[c].firstRun;
        if (run.deadline == 0 || queueTime < run.deadline || behavior[c].distributor.rows().empty()) continue;
        const TransferStep s = transfer(behavior[c].distributor, objects, dt, c, trace);
        ++report.transfers;
        report.totals.lookups += s.lookups;
        report.totals.skipped += s.skipped;
        report.totals.missing += s.missing;
        report.totals.produced += s.produced;
        report.totals.delivered += s.delivered;
        report.totals.undelivered += s.undelivered;
    }
    return report;
}

Bytes AiRuntime::aiChunk() const {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(ai.clans.size()));
    for (const SuperAi& sa : ai.clans) {
        w.u32(sa.clan.index);
        w.u8(sa.bundle.has_value());
        w.u8(sa.initOneShot);
        w.u8(sa.busy);
        w.u32(sa.vm.flag);
        w.u32(static_cast<std::uint32_t>(sa.vm.cells.size()));
        for (const std::uint32_t cell : sa.vm.cells) w.u32(cell);
        w.u32(static_cast<std::uint32_t>(sa.vm.h2.records().size()));
        for (const H2Record& r : sa.vm.h2.records()) {
            for (const std::uint32_t v : {r.word0, r.key4Bits, r.key5Bits, std::bit_cast<std::uint32_t>(r.scalar1),
                                          r.counter, r.increment, r.word3, std::bit_cast<std::uint32_t>(r.scalar6)})
                w.u32(v);
            writeOptional(w, r.startEvent);
            writeOptional(w, r.continueEvent);
        }
        w.u32(static_cast<std::uint32_t>(sa.vm.problems.size()));
        for (const ProblemRecord& p : sa.vm.problems)
            for (const std::uint32_t word : p) w.u32(word);
    }
    w.u32(static_cast<std::uint32_t>(ai.outcome));
    return w.take();
}

Bytes AiRuntime::behaviorChunk() const {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(behavior.size()));
    for (const ClanBehavior& b : behavior) {
        w.u32(b.firstRun.deadline);
        w.u32(static_cast<std::uint32_t>(b.distributor.rows().size()));
        for (const ShareRow& r : b.distributor.rows()) {
            writeHandle(w, r.object);
            w.u32(r.tmaIndex);
            w.f32(r.share);
            for (const std::uint32_t t : r.tail) w.u32(t);
        }
    }
    w.u32(static_cast<std::uint32_t>(ore.size()));
    for (const OreState& s : ore) {
        writeHandle(w, s.handle);
        w.u32(s.tmaIndex);
        w.u32(s.classWord);
        w.u32(s.property.key);
        w.u32(s.property.valueBits);
        w.u32(s.property.extra);
        w.u8(s.fromTma);
    }
    return w.take();
}

std::uint64_t AiRuntime::stateHash() const {
    const Bytes a = aiChunk();
    const Bytes b = behaviorChunk();
    return fnv1a64(asChars(b), fnv1a64(asChars(a)));
}

}  // namespace vestige::iron3d::ai
