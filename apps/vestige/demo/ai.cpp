// Demo stage: Iron3D AI. Builds two script packages (the AutoDemo Init shape and the c1m2p shape), a shared varset
// with the GOG file's shape, a Behavior.ini, a TRF and a .fml with our writers, reads each back byte-identically,
// then starts a two-clan mission: SuperAIs, the first Init (Handler(19) writes ClanBaseX/Y/ClanID), Behavior's
// first-run schedule on a shared RNG, distributor shares and initial ore, and 60 fixed ticks with a trace.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/core/json.hpp"
#include "vestige/iron3d/ai/behavior_ini.hpp"
#include "vestige/iron3d/ai/runtime.hpp"
#include "vestige/iron3d/fml/fml.hpp"
#include "vestige/iron3d/scr/builder.hpp"
#include "vestige/iron3d/trf/trf.hpp"
#include "vestige/iron3d/varset/builder.hpp"

namespace vestige::app {
namespace {

using namespace vestige::iron3d;

class DemoEnv final : public ai::BehaviorEnvironment {
public:
    bool hasSystemMap() const override { return true; }
    bool hasTerrain() const override { return true; }
    bool hasArealMap(std::uint32_t) const override { return true; }
    ai::AreaState areaState(Handle) const override { return ai::AreaState::Walkable; }
};

constexpr std::string_view kBehaviorIni =
    "// Vestige demo Behavior.ini\r\nLogFile = Behavior.log\r\nSaveLog = 0\r\nUseWizard = 1\r\n"
    "PathFind_CorridorRadius = 4.5\r\n";

}  // namespace

DemoStage demoStageAi() {
    return {"ai",
            "Iron3D AI: .scr packages, varset.var, first Init per clan, Behavior distributor and ore, traced ticks",
            [](DemoContext& demo) -> Status {
                VESTIGE_TRY(Bytes autoDemo, scr::write(scr::autoDemoShape()));
                VESTIGE_TRY(Bytes c1m2p, scr::write(scr::c1m2pShape()));
                const std::string varsetText = varset::sharedShapeText();
                std::vector<nres::NewEntry> trfEntries(2);
                trfEntries[0].name = "wor_l_n1";
                trfEntries[0].data = {1, 2, 3, 4};
                trfEntries[1].name = "gener01";
                trfEntries[1].data = {5, 6};
                VESTIGE_TRY(Bytes trfBytes, nres::writeCanonical(trfEntries));
                const std::string fmlText = "// Vestige demo formula export\r\nF0 = ClanBaseX + 1\r\n";
                // Read back what was written: every writer round-trips byte-exact.
                VESTIGE_TRY(scr::Package pkg, scr::read(c1m2p));
                VESTIGE_TRY(Bytes again, scr::write(pkg));
                VESTIGE_TRY(varset::VarSet vars, varset::parse(asBytes(varsetText)));
                VESTIGE_TRY(trf::Table table, trf::read(trfBytes));
                VESTIGE_TRY(fml::Formulas formulas, fml::read(asBytes(fmlText)));
                VESTIGE_TRY(ai::BehaviorIni ini, ai::parseBehaviorIni(asBytes(kBehaviorIni)));
                if (again != c1m2p || varset::write(vars) != Bytes(varsetText.begin(), varsetText.end()) ||
                    table.write() != trfBytes || formulas.write().size() != fmlText.size())
                    return Error("demo.ai", "read -> write is not byte-identical");
                const scr::Counts counts = scr::count(pkg);

                ai::MapScriptFiles files;
                files.add("MISSIONS/SCRIPTS/default.scr", autoDemo).add("MISSIONS/SCRIPTS/varset.var", varsetText);
                ai::RuntimeSetup setup;
                setup.clans = {{0, "Clan0", "default", 500.2857f, 752.0f}, {1, "Clan1", "default", 728.0f, 449.0f}};
                setup.queueTime = 1000;
                for (std::uint32_t i = 4; i < 8; ++i) {
                    ai::PlacedUnit u;
                    u.handle = {i, 0};
                    u.tmaIndex = i;
                    u.rawAfterResource = i % 2;
                    u.classWord = i < 6 ? 0x80000010u : 0x80000002u;
                    setup.units.push_back(std::move(u));
                }
                RngStreams streams(21);
                ai::StreamRandom rng(streams, "behavior.shared");
                std::string lines;
                TraceSink sink([&lines](std::string_view line) {
                    lines.append(line);
                    lines += '\n';
                });
                std::uint64_t tick = 0;
                ai::TraceSinkAdapter adapter(sink, tick);
                const ai::Tracer trace{&adapter, &rng};
                VESTIGE_TRY(ai::AiRuntime rt, ai::AiRuntime::start(setup, files, rng, nullptr, trace));
                ai::StockObjects objects(8);
                objects.parties[4].producing = 2.0f;
                objects.parties[5].producing = 1.0f;
                const DemoEnv env;
                for (tick = 1; tick <= 60; ++tick) {
                    VESTIGE_CHECK(rt.tick(1000 + 16 * static_cast<std::uint32_t>(tick), 0.016f, objects, env, trace));
                }
                ai::Json inits = ai::Json::array();
                std::string cells;
                for (const auto& r : rt.inits) {
                    inits.push_back(ai::initReportJson(r, rt.ai));
                    const auto& c = rt.ai.clans[r.clan].vm.cells;
                    cells += fmt::format("{}({}, {}, {})", cells.empty() ? "" : " ", c[224], c[225], c[226]);
                }
                demo.notes.push_back(fmt::format(
                    "c1m2p.scr shape: {} handlers, {} events, {} records, {} references; varset: {} declarations "
                    "({} float, {} DWORD); Behavior.ini: {} keys; TRF: {} entries; all read->write byte-identical",
                    pkg.handlerCount, pkg.events.size(), counts.instructions, counts.references,
                    vars.declarations.size(), vars.count(varset::Kind::Float), vars.count(varset::Kind::Dword),
                    ini.entries.size(), table.archive.size()));
                demo.notes.push_back(fmt::format(
                    "first Init per clan -> ClanBaseX, ClanBaseY, ClanID = {} (the AutoDemo values); first runs at "
                    "{} and {} ms; shares {} / {}; receiver ore after 60 ticks {:.3f}; {} trace events, hash {}, "
                    "state hash {:016x}",
                    cells, rt.behavior[0].firstRun.deadline, rt.behavior[1].firstRun.deadline,
                    rt.behavior[0].distributor.rows()[0].share, rt.behavior[1].distributor.rows()[1].share,
                    objects.parties[6].value, sink.count(), sink.hashHex(), rt.stateHash()));
                VESTIGE_CHECK(demo.write("ai/MISSIONS/SCRIPTS/default.scr", autoDemo));
                VESTIGE_CHECK(demo.write("ai/MISSIONS/SCRIPTS/c1m2p.scr", c1m2p));
                VESTIGE_CHECK(demo.write("ai/MISSIONS/SCRIPTS/varset.var", varsetText));
                VESTIGE_CHECK(demo.write("ai/MISSIONS/SCRIPTS/c1m2p.fml", fmlText));
                VESTIGE_CHECK(demo.write("ai/MISSIONS/SCRIPTS/auto.trf", trfBytes));
                VESTIGE_CHECK(demo.write("ai/Behavior.ini", kBehaviorIni));
                VESTIGE_CHECK(demo.write("ai/init.json", dumpJson(inits, 2)));
                return demo.write("ai/trace.jsonl", lines);
            }};
}

}  // namespace vestige::app
