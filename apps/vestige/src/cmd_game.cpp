// `vestige game`: a Source map's entity world headless (map entities with their I/O, the player moved by
// CGameMovement from an input script, damage), N ticks:
//   vestige game MAP.bsp [--input FILE] [--ticks N] [--tick-rate HZ] [--falldamage] [--trace] [--json]
// --trace prints one JSON line per tick (the player and the entities that changed); --json the final report.
#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/game/headless.hpp"
#include "vestige/source/movement/script.hpp"

namespace vestige::app {

namespace {

int gameUsage(const std::string& message) {
    std::fprintf(stderr, "vestige game: usage error: %s\n", message.c_str());
    return kExitUsage;
}

nlohmann::json errorsJson(const std::vector<Error>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const Error& e : list) out.push_back(nlohmann::json::parse(e.toJson()));
    return out;
}

}  // namespace

void addGameCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("game", "Run a Source map's entities and a scripted player headless");
    auto* json = addJsonFlag(cmd);
    static std::string path, inputPath;
    static std::uint64_t ticks = 0;
    static double tickRate = 66.666666666666667;
    static bool trace = false, realistic = false;
    cmd->add_option("MAP", path, "BSP file, or archive entry as archive:entry")->required();
    cmd->add_option("--input", inputPath,
                    "Input script (the `vestige move` format): TICKS [+button ...] FORWARD SIDE YAW PITCH");
    cmd->add_option("--ticks", ticks, "Ticks to run (default: the script's length; 200 without a script)")
        ->transform(countIn(0, 1000000000));
    cmd->add_option("--tick-rate", tickRate, "Ticks per second (default 66.67)")->check(numberIn(0, 10000, true));
    cmd->add_flag("--falldamage", realistic, "mp_falldamage 1: realistic fall damage (default: a flat 10)");
    cmd->add_flag("--trace", trace, "One JSON line per tick: the player and every entity that changed");
    cmd->footer(
        "Example: vestige game --trace vestige-demo/bsp/demo.bsp --input vestige-demo/movement/walk.txt\n"
        "The player spawns on tick 1 at the base gamemode's spawn point; map I/O, doors, buttons, triggers and\n"
        "logic entities run in the engine's order. --json prints the report: ticks, hash, player, I/O events,\n"
        "entities, unimplemented classes, warnings and errors.");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            using namespace vestige::source;
            if (!(tickRate >= 1.0 && tickRate <= 10000.0)) return gameUsage("--tick-rate must be within 1..10000");
            std::vector<movement::ScriptCommand> script;
            if (!inputPath.empty()) {
                auto bytes = readFile(inputPath);
                if (!bytes) return reportError(ctx, bytes.error());
                auto parsed = movement::parseInputScript(
                    std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
                if (!parsed) return reportError(ctx, std::move(parsed).error().file(inputPath));
                script = std::move(*parsed);
            } else if (ticks == 0) {
                ticks = 200;
            }
            auto resolved = vfs::openSpec(path, ctx.archives);
            if (!resolved) return reportError(ctx, resolved.error());
            auto map = bsp::readBsp(resolved->data);
            if (!map) return reportError(ctx, std::move(map).error().file(path));
            game::WorldOptions options;
            options.tickRate = tickRate;
            options.realisticFallDamage = realistic;
            auto world = game::World::fromBsp(*map, options);
            if (!world) return reportError(ctx, std::move(world).error().file(path));
            auto summary = game::runHeadless(**world, script, ticks, [](std::string_view line) {
                if (trace) printOut(line);
            });
            if (!summary) return reportError(ctx, std::move(summary).error().file(path));
            const game::World& w = **world;
            if (ctx.json) {
                nlohmann::json report;
                report["map"] = path;
                report["ticks"] = summary->ticks;
                report["hash"] = fmt::format("{:016x}", summary->finalHash);
                report["entities"] = summary->entities;
                report["ioEvents"] = summary->ioEvents;
                report["player"] = {{"origin", {summary->origin.x, summary->origin.y, summary->origin.z}},
                                    {"health", summary->health},
                                    {"deaths", summary->deaths}};
                report["unimplementedClasses"] = w.unimplementedClasses();
                report["warnings"] = errorsJson(w.warnings());
                report["errors"] = errorsJson(w.errors());
                printOut(dumpJson(report));
            } else {
                printOut(
                    fmt::format("{} ticks at {:.2f} Hz; {} entities, {} I/O events; player at {:.2f} {:.2f} "
                                "{:.2f}, health {}, deaths {}",
                                summary->ticks, tickRate, summary->entities, summary->ioEvents, summary->origin.x,
                                summary->origin.y, summary->origin.z, summary->health, summary->deaths));
                int classes = 0;
                for (const auto& [name, n] : w.unimplementedClasses()) classes += n;
                printOut(fmt::format("{} entities of {} classes without behaviour (kept inert); {} warnings; {} errors",
                                     classes, w.unimplementedClasses().size(), w.warnings().size(), w.errors().size()));
                for (const Error& e : w.errors()) printOut("error: " + e.render());
            }
            return w.errors().empty() ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
