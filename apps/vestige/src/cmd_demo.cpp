#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "cmd_pose.hpp"
#include "play_session.hpp"

namespace vestige::app {

std::vector<DemoStage> demoStages() {
    // Pipeline order: foundations first, then each engine's capabilities as they land.
    // One stage per line (clang-format off) so that new stages merge without touching their neighbours.
    // clang-format off
    return {
        demoStageVfs(),
        demoStageArchives(),
        demoStageMsh(),
        demoStageIron3dTextures(),
        demoStageAnimesh(),
        demoStageTerrain(),
        demoStageBsp(),
        demoStageSourceTextures(),
        demoStageSourceArchives(),
        demoStageStudio(),
        demoStageMovement(),
        demoStagePhysics(),
        demoStageLua(),
        demoStageGame(),
        demoStageEnvironment(),
        demoStageQuery(),
        demoStageMission(),
        demoStageAi(),
        demoStageRender(),
        demoStageMaterials(),
        demoStagePlay(),
        demoStagePlaySound(),
    };
    // clang-format on
}

void addDemoCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("demo", "Build demo content with Vestige's own writers, run every capability on it");
    static std::string out = "vestige-demo";
    static std::vector<std::string> only;
    auto* json = addJsonFlag(cmd);
    cmd->add_option("--out", out, "Output directory")->capture_default_str();
    cmd->add_option("--stage", only, "Run only these stages (repeatable)");
    cmd->footer("Example: vestige demo --out /tmp/vestige-demo");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            DemoContext demo{ctx, out, {}, {}};
            nlohmann::json stagesJson = nlohmann::json::array();
            int failures = 0;
            for (const auto& stage : demoStages()) {
                if (!only.empty() && std::find(only.begin(), only.end(), stage.name) == only.end()) continue;
                const auto firstProduced = demo.produced.size();
                const auto firstNote = demo.notes.size();
                const auto t0 = std::chrono::steady_clock::now();
                auto st = stage.run(demo);
                const double ms =
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
                if (!st) ++failures;
                if (ctx.json) {
                    nlohmann::json row{{"stage", stage.name}, {"ok", st.ok()}, {"ms", std::round(ms * 10) / 10}};
                    row["files"] = nlohmann::json::array();
                    for (auto i = firstProduced; i < demo.produced.size(); ++i)
                        row["files"].push_back(demo.produced[i]);
                    if (!st) row["error"] = nlohmann::json::parse(st.error().toJson());
                    stagesJson.push_back(std::move(row));
                } else {
                    printOut(fmt::format("[{}] {:<10} {}  ({:.0f} ms)", st.ok() ? " ok " : "FAIL", stage.name,
                                         stage.summary, ms));
                    for (auto i = firstNote; i < demo.notes.size(); ++i)
                        printOut(fmt::format("         - {}", demo.notes[i]));
                    for (auto i = firstProduced; i < demo.produced.size(); ++i)
                        printOut(fmt::format("         > {}", (demo.outDir / demo.produced[i]).string()));
                    if (!st) printOut(fmt::format("         error: {}", st.error().render()));
                }
            }
            if (ctx.json) {
                printOut(nlohmann::json{{"out", out}, {"ok", failures == 0}, {"stages", stagesJson}}.dump());
            } else {
                printOut(fmt::format("demo: {} file(s) written to {}, {} failed stage(s)", demo.produced.size(), out,
                                     failures));
            }
            return failures == 0 ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
