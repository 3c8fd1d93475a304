// play: one game, two front ends. `vestige play MAP --headless` runs the very session `vestige lua --map MAP
// --input FILE` runs (lua_session.hpp; the same tick trace and hash) and draws the map from the player's eye every
// K ticks to PNG, with the client realm's HUD (HUDPaint's surface drawing) over each shot. The windowed client (SDL
// window, console, sound) is not built yet.
#include <fmt/format.h>

#include <fstream>

#include "app.hpp"
#include "content_options.hpp"
#include "options.hpp"
#include "play_session.hpp"
#include "vestige/core/json.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;

struct PlayArgs {
    LuaSessionArgs session;
    ContentOptions content;  // --gmod-dir (GMod install mode and its mounts) and --mount, as for `render`
    bool headless = false;
    std::string size = "1280x720";
    std::string every = "66";
    std::string out;
};

int playUsage(const std::string& message) { return usageError("play", message); }

std::string summaryLine(const nlohmann::json& r) {
    std::string line = fmt::format("played {}: {} ticks at {:.2f} Hz, {} screenshot(s) {}x{}, trace hash {}",
                                   r["map"].get<std::string>(), r["ticks"].get<std::uint64_t>(),
                                   r["tickRate"].get<double>(), r["shots"].size(), r["size"][0].get<int>(),
                                   r["size"][1].get<int>(), r["traceHash"].get<std::string>());
    if (r.contains("player")) {
        const auto& o = r["player"]["origin"];
        line += fmt::format(", player at ({}, {}, {})", o[0].get<float>(), o[1].get<float>(), o[2].get<float>());
    }
    // What went wrong stays visible in the one line (details with --json), and the exit code is 1.
    if (!r["errors"].empty()) line += fmt::format(", {} Lua error(s)", r["errors"].size());
    if (r["client"].contains("errors") && !r["client"]["errors"].empty())
        line += fmt::format(", {} client Lua error(s)", r["client"]["errors"].size());
    if (r["client"].contains("fontNotes"))
        for (const auto& note : r["client"]["fontNotes"]) line += ", " + note.get<std::string>();
    if (!r["standInCalls"].empty()) line += fmt::format(", {} stand-in function(s) called", r["standInCalls"].size());
    if (!r["missingEnums"].empty()) line += fmt::format(", {} missing enum(s)", r["missingEnums"].size());
    return line;
}

}  // namespace

void addPlayCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand(
        "play", "Play a Source map: headless (--headless) for now, screenshots with the HUD and a trace");
    auto* json = addJsonFlag(cmd);
    static PlayArgs a;
    cmd->add_option("MAP", a.session.map, "Map .bsp (file, or archive entry as archive:entry)")->required();
    cmd->add_flag("--headless", a.headless, "No window: run the ticks, write screenshots and the tick trace to -o");
    auto* ticksOption = addSessionOptions(cmd, a.session);
    cmd->add_option("--screenshot-every", a.every, "A screenshot every K ticks, and one on the last tick")
        ->capture_default_str()
        ->transform(countIn(1, kMaxTicks));
    cmd->add_option("--size", a.size, "Screenshot size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("-o,--out", a.out, "Folder for tick_NNNNNN.png and trace.jsonl (needed with --headless)");
    addContentOptions(cmd, a.content);
    cmd->add_option("--addon", a.session.target, "An addon/gamemode folder or a .lua file, as `vestige lua TARGET`");
    cmd->footer(
        "Example: vestige play vestige-demo/play/demo.bsp --headless --input vestige-demo/play/walk.txt \\\n"
        "           --screenshot-every 60 --size 640x360 -o shots/\n"
        "         vestige play gm_construct.bsp --headless --gmod-dir ~/GarrysMod/garrysmod --gamemode sandbox \\\n"
        "           --ticks 200 -o shots/ --json\n"
        "The tick trace and its hash are those of `vestige lua --map MAP --input FILE --trace` on the same map.\n"
        "--gmod-dir serves both the map's materials (as for `vestige render`) and GMod's own Lua (as for `vestige "
        "lua`).");
    cmd->callback([&ctx, json, ticksOption] {
        ctx.json = json->count() > 0;
        a.session.ticksGiven = ticksOption->count() > 0;
        ctx.run = [&ctx] {
            if (!a.headless) {
                return reportError(ctx, Error("play.no_window",
                                              "the windowed client (SDL window, console, sound) is not built yet "
                                              "(issue #23); run with --headless")
                                            .file(a.session.map));
            }
            if (a.out.empty()) return playUsage("--headless needs -o FOLDER for the screenshots and the trace");
            SceneArgs scene;
            scene.path = a.session.map;
            scene.size = a.size;
            scene.content = a.content;
            PlayView view;
            if (auto bad = checkSceneArgs(scene, view.width, view.height); !bad.empty()) return playUsage(bad);
            LuaNumbers n;
            if (std::string error; !parseLuaNumbers(a.session, &n, &error) ||
                                   !parseCount("--screenshot-every", a.every, kMaxTicks, &view.every, &error))
                return playUsage(error);
            a.session.gmodDir = a.content.gmodDir;

            auto loaded = loadScene(ctx, scene);
            if (!loaded) return reportError(ctx, loaded.error());
            auto session = openLuaSession(a.session, n, ctx, ctx.json);
            if (!session) return reportError(ctx, session.error());
            const fs::path out(a.out), tracePath = out / "trace.jsonl";
            std::error_code ec;
            fs::create_directories(out, ec);
            if (ec) return reportError(ctx, Error("io.mkdir", ec.message()).file(a.out));
            std::ofstream trace(tracePath, std::ios::binary | std::ios::trunc);
            if (!trace) return reportError(ctx, Error("io.open", "cannot create the trace").file(tracePath.string()));
            const auto line = [&trace](std::string_view l) { trace << l << '\n'; };
            const auto write = [&out](const PlayShot& shot, const image::Image& img) {
                return image::writePng(out / shot.file, img);
            };
            auto shots = playHeadless(**session, *loaded, view, line, write);
            trace.close();
            if (!shots || !trace) {
                fs::remove(tracePath, ec);  // a cut-off trace would pass for a short game
                return reportError(
                    ctx, shots ? Error("io.write", "cannot write the trace").file(tracePath.string()) : shots.error());
            }

            auto report = playReport(**session, a.session.map, view, *shots);
            report["out"] = a.out;
            report["trace"] = "trace.jsonl";
            if (ctx.json) {
                printOut(dumpJson(report, 2));
            } else {
                printOut(summaryLine(report));
                for (const auto& s : *shots) printOut((out / s.file).string());
                printOut((out / "trace.jsonl").string());
            }
            const auto& client = (*session)->client;
            const bool clean = luaRunClean(*(*session)->runtime) && (!client || client->errors().empty());
            return clean ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
