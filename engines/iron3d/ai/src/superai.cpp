// Mission start: bundles, varset selection, SuperAI slots, the first Init.
#include "vestige/iron3d/ai/superai.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::ai {
namespace {

// Reads one game file, naming it in any error.
Result<std::optional<Bytes>> readGameFile(const ScriptFiles& files, const std::string& path) {
    auto r = files.read(path);
    if (!r) return std::move(r).error().file(path);
    return std::move(r).value();
}

Result<std::shared_ptr<const varset::VarSet>> loadVarSet(
    const ScriptFiles& files, const std::string& base, std::string& chosen,
    std::map<std::string, std::shared_ptr<const varset::VarSet>>& cache) {
    // The personal <base>.var first; the shared file only when the personal one is *not found* (a malformed
    // personal varset is an error, never a reason to fall back).
    const std::string personal = fmt::format("{}{}.var", kScriptsDir, base);
    for (const std::string& path : {personal, std::string(kSharedVarSet)}) {
        if (auto it = cache.find(path); it != cache.end()) {
            chosen = path;
            return it->second;
        }
        VESTIGE_TRY(std::optional<Bytes> bytes, readGameFile(files, path));
        if (!bytes) continue;
        auto set = varset::parse(*bytes);
        if (!set) return std::move(set).error().file(path);
        chosen = path;
        auto shared = std::make_shared<const varset::VarSet>(std::move(set).value());
        cache.emplace(path, shared);
        return shared;
    }
    return Error("ai.no_varset", "neither the bundle's varset nor the shared varset.var exists")
        .file(personal)
        .expected(fmt::format("{} or {}", personal, kSharedVarSet));
}

Json clanJson(const SuperAi& sa) {
    Json j{{"clan", sa.clan.index}, {"name", cp1251ToUtf8(sa.clan.name)}, {"res0", cp1251ToUtf8(sa.clan.res0)}};
    j["package"] = sa.bundle ? Json(sa.bundle->path) : Json(nullptr);
    j["varset"] = sa.bundle ? Json(sa.bundle->varsetPath) : Json(nullptr);
    return j;
}

}  // namespace

std::vector<ClanSpec> clansOf(const tma::Mission& mission) {
    std::vector<ClanSpec> out;
    for (std::size_t i = 0; i < mission.clans.size(); ++i) {
        const auto& c = mission.clans[i];
        out.push_back({static_cast<std::uint32_t>(i), c.name, c.res0, c.anchorX, c.anchorY});
    }
    return out;
}

std::string bundleFile(std::string_view res0) {
    return endsWithNoCase(res0, ".scr") ? std::string(res0) : fmt::format("{}.scr", res0);
}

std::string bundleBase(std::string_view res0) {
    return std::string(endsWithNoCase(res0, ".scr") ? res0.substr(0, res0.size() - 4) : res0);
}

const SuperAi* AiWorld::getSuperAi(std::uint32_t n) const {
    if (n >= slots.size() || !slots[n]) return nullptr;
    return &clans[*slots[n]];
}

SuperAi* AiWorld::getSuperAi(std::uint32_t n) {
    return const_cast<SuperAi*>(static_cast<const AiWorld*>(this)->getSuperAi(n));
}

Result<AiWorld> createSuperAis(std::span<const ClanSpec> clans, const ScriptFiles& files, const StartOptions& options,
                               const Tracer& trace) {
    AiWorld world;
    world.autoDemo = options.autoDemo;
    world.problemRecords = options.problemRecords;
    std::map<std::string, std::shared_ptr<const varset::VarSet>> varsets;
    const bool full = options.mode == LoadMode::Full;
    for (const ClanSpec& clan : clans) {
        SuperAi sa;
        sa.clan = clan;
        sa.base = clanBase(clan.index, clan.anchorX, clan.anchorY);
        for (const auto& w : sa.base.warnings) world.aiLog.push_back(w);
        const std::string path = fmt::format("{}{}", kScriptsDir, bundleFile(clan.res0));
        auto loaded = [&]() -> Result<std::optional<ScriptBundle>> {
            VESTIGE_TRY(std::optional<Bytes> bytes, readGameFile(files, path));
            if (!bytes) return std::optional<ScriptBundle>();
            auto package = scr::read(*bytes);
            if (!package) return std::move(package).error().file(path);
            if (Status version = scr::checkVersion(*package); !version) return std::move(version).error().file(path);
            ScriptBundle b;
            b.path = path;
            b.package = std::make_shared<const scr::Package>(std::move(package).value());
            VESTIGE_TRY(b.vars, loadVarSet(files, bundleBase(clan.res0), b.varsetPath, varsets));
            return std::optional<ScriptBundle>(std::move(b));
        }();
        if (!loaded) {
            world.aiLog.push_back(scr::aiLogLine(path, loaded.error()));
            if (full) return std::move(loaded).error().in("clan", std::to_string(clan.index));
            sa.loadError = std::move(loaded).error();
        } else if (!*loaded) {
            world.aiLog.push_back(fmt::format("{}: script package not found (the SuperAI runs without one)", path));
        } else {
            sa.bundle = std::move(**loaded);
            sa.vm.cells = defaultCells(*sa.bundle->vars);
            sa.vm.problems.assign(options.problemRecords, ProblemRecord{});
            if (clan.index < kSuperAiSlots) {
                world.slots[clan.index] = static_cast<std::uint32_t>(world.clans.size());
            } else if (full) {
                return Error("ai.too_many_clans", "GetSuperAI has 64 slots")
                    .in("clan", std::to_string(clan.index))
                    .expected("clan index <= 63");
            }
        }
        if (trace.on()) {
            Json j = clanJson(sa);
            j["event"] = "superai";
            j["slot"] = sa.bundle && clan.index < kSuperAiSlots ? Json(clan.index) : Json(nullptr);
            j["base"] = {sa.base.roundedX, sa.base.roundedY};
            if (sa.loadError) j["error"] = sa.loadError->code();
            trace.emit("ai", std::move(j));
        }
        world.clans.push_back(std::move(sa));
    }
    return world;
}

Result<InitReport> runFirstInit(AiWorld& world, std::uint32_t clan, LoadMode mode, ScriptTargets* targets,
                                const Tracer& trace) {
    if (clan >= world.clans.size())
        return Error("ai.no_clan", "no SuperAI for this clan")
            .expected(fmt::format("< {}", world.clans.size()))
            .actual(std::to_string(clan));
    SuperAi& sa = world.clans[clan];
    InitReport report;
    report.clan = clan;
    report.packageLoaded = sa.bundle.has_value();
    const auto finish = [&]() -> Result<InitReport> {
        if (trace.on())
            trace.emit("ai", {{"event", "init"},
                              {"clan", clan},
                              {"found", report.found},
                              {"skipped_busy", report.skippedBusy},
                              {"applied", report.applied},
                              {"unsupported", report.unsupported},
                              {"one_shot", sa.initOneShot}});
        return std::move(report);
    };
    if (!sa.bundle) return finish();
    const scr::Package& package = *sa.bundle->package;
    const auto event = scr::findEvent(package, "Init");
    if (!event) return finish();  // the one-shot flag stays off
    report.found = true;
    report.event = static_cast<std::uint32_t>(*event);
    sa.initOneShot = true;
    if (sa.busy) {
        report.skippedBusy = true;
        return finish();
    }
    sa.busy = true;
    VmState working = sa.vm;
    std::vector<PendingCall> pending;
    const ExecEnv env{package, *sa.bundle->vars, sa.base, targets};
    const auto& instructions = package.events[*event].instructions;
    for (std::uint32_t i = 0; i < instructions.size(); ++i) {
        auto r = execute(env, report.event.value(), i, working, pending);
        if (!r) {
            sa.busy = false;
            Error e = std::move(r).error();
            e.record(i).in("event", "Init").in("clan", std::to_string(clan)).file(sa.bundle->path);
            if (mode == LoadMode::Full) return e;
            report.error = std::move(e);
            return finish();
        }
        if (r->outcome == Outcome::Unsupported) ++report.unsupported;
        if (trace.on()) {
            Json j = resultJson(*r, sa.bundle->vars.get());
            j["event_name"] = "Init";
            j["clan"] = clan;
            trace.emit("ai.handler", std::move(j));
        }
        report.results.push_back(std::move(r).value());
    }
    if (report.unsupported) {
        sa.busy = false;
        if (mode == LoadMode::Full) {
            const auto first = std::find_if(report.results.begin(), report.results.end(),
                                            [](const HandlerResult& h) { return h.outcome == Outcome::Unsupported; });
            return Error("ai.unsupported", "Init holds a record whose form is not recovered")
                .record(first->instruction)
                .in("event", "Init")
                .in("clan", std::to_string(clan))
                .file(sa.bundle->path)
                .actual(fmt::format("{}: {}", first->selector.label(), first->detail));
        }
        return finish();  // Preview: every default kept
    }
    sa.vm = std::move(working);
    for (const HandlerResult& r : report.results)
        for (const CellWrite& w : r.writes)
            if (trace.on())
                trace.emit("ai.cell", {{"clan", clan},
                                       {"index", w.index},
                                       {"name", cp1251ToUtf8(sa.bundle->vars->declarations[w.index].name)},
                                       {"before", w.before},
                                       {"after", w.after}});
    for (const PendingCall& call : pending) {
        if (const auto* t = std::get_if<TargetCall>(&call)) {
            const std::uint32_t result = targets->invoke(t->word0, t->payload, t->word2);
            sa.vm.flag = result != 0 ? 1 : 0;
            report.notes.push_back(fmt::format("target {} called: result {}, flag {}", t->word0, result, sa.vm.flag));
        } else {
            const auto& cb = std::get<HostCallback>(call);
            const OutcomeEffect effect = applyOutcome(world.outcome, cb.payload, world.autoDemo);
            report.notes.push_back(fmt::format("host callback (0, 0, {}): {} ({})", cb.payload,
                                               effect == OutcomeEffect::Changed  ? "changed"
                                               : effect == OutcomeEffect::Repeat ? "repeat, no change"
                                                                                 : "suppressed in the demo game",
                                               outcomeName(world.outcome)));
        }
        if (trace.on()) trace.emit("ai.call", {{"clan", clan}, {"note", report.notes.back()}});
    }
    sa.busy = false;
    report.applied = true;
    return finish();
}

Json initReportJson(const InitReport& report, const AiWorld& world) {
    const SuperAi& sa = world.clans.at(report.clan);
    Json j = clanJson(sa);
    j["slot"] = sa.bundle && sa.clan.index < kSuperAiSlots ? Json(sa.clan.index) : Json(nullptr);
    j["base_words"] = {sa.base.roundedX, sa.base.roundedY};
    j["init_found"] = report.found;
    j["skipped_busy"] = report.skippedBusy;
    j["applied"] = report.applied;
    Json cells = Json::array();
    Json unsupported = Json::array();
    Json results = Json::array();
    for (const HandlerResult& r : report.results) {
        results.push_back(resultJson(r, sa.bundle ? sa.bundle->vars.get() : nullptr));
        if (r.outcome == Outcome::Unsupported)
            unsupported.push_back(
                {{"instruction", r.instruction}, {"selector", r.selector.label()}, {"why", r.detail}});
        if (!report.applied) continue;
        for (const CellWrite& w : r.writes) {
            const auto& d = sa.bundle->vars->declarations[w.index];
            cells.push_back(
                {{"name", cp1251ToUtf8(d.name)},
                 {"index", w.index},
                 {"bits", w.after},
                 {"value", d.kind == varset::Kind::Float ? Json(std::bit_cast<float>(w.after)) : Json(w.after)}});
        }
    }
    j["cells_written"] = std::move(cells);
    j["results"] = std::move(results);
    j["unsupported"] = std::move(unsupported);
    j["warnings"] = sa.base.warnings;
    j["notes"] = report.notes;
    j["error"] = sa.loadError   ? Json::parse(sa.loadError->toJson())
                 : report.error ? Json::parse(report.error->toJson())
                                : Json(nullptr);
    return j;
}

}  // namespace vestige::iron3d::ai
