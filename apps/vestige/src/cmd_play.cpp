// play: one game, two front ends. `vestige play MAP` opens a window: keyboard and mouse through Source's binds and
// CInput, the console's commands (config.cfg, autoexec.cfg, --exec, +commands on the command line), fixed ticks and
// the view drawn between them. `vestige play MAP --headless` runs the very session `vestige lua --map MAP --input
// FILE` runs (lua_session.hpp; the same tick trace and hash) and draws the map from the player's eye every K ticks
// to PNG, with the client realm's HUD (HUDPaint's surface drawing) over each shot; without --input the console
// (--exec, +commands) drives the player. Sound (play_sound.hpp): the default device in a window (--no-sound: none),
// headless the loopback device into a WAV with --sound-capture. The window has the on-screen console (` key).
#include <fmt/format.h>

#include <cmath>
#include <fstream>

#include "app.hpp"
#include "content_options.hpp"
#include "options.hpp"
#include "play_session.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/viewer/input_script.hpp"

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
    std::string execFile, cfgDir, script, fps = "60", frames = "0", screenshots = ".";
    std::string record, playback;
    std::string soundCapture;
    bool noSound = false;
    std::vector<std::string> commands;  // "+cmd args ..." after MAP
};

int playUsage(const std::string& message) { return usageError("play", message); }

std::string summaryLine(const nlohmann::json& r) {
    const bool window = r.contains("frames");
    std::string line =
        window ? fmt::format(
                     "played {} in a window: {} frames ({} driver), {} ticks at {:.2f} Hz, {} screenshot(s), "
                     "trace hash {}",
                     r["map"].get<std::string>(), r["frames"].get<std::uint64_t>(), r["driver"].get<std::string>(),
                     r["ticks"].get<std::uint64_t>(), r["tickRate"].get<double>(), r["screenshots"].size(),
                     r["traceHash"].get<std::string>())
               : fmt::format("played {}: {} ticks at {:.2f} Hz, {} screenshot(s) {}x{}, trace hash {}",
                             r["map"].get<std::string>(), r["ticks"].get<std::uint64_t>(), r["tickRate"].get<double>(),
                             r["shots"].size(), r["size"][0].get<int>(), r["size"][1].get<int>(),
                             r["traceHash"].get<std::string>());
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
    if (r.contains("sound")) {
        const auto& s = r["sound"];
        line += fmt::format(", {} sound(s) played", s["played"].get<std::uint64_t>());
        if (s.contains("capture") && !s["capture"]["firstAudibleTick"].is_null())
            line +=
                fmt::format(" (captured, audible from tick {})", s["capture"]["firstAudibleTick"].get<std::uint64_t>());
        if (s.contains("note")) line += ", " + s["note"].get<std::string>();
        if (!s["missingSamples"].empty()) line += fmt::format(", {} missing wave(s)", s["missingSamples"].size());
    }
    if (r.contains("console")) {
        const auto& c = r["console"];
        line += fmt::format(", console ran {} command(s)", c["commandsRun"].get<std::uint64_t>());
        if (!c["unknownCommands"].empty()) line += fmt::format(", {} unknown", c["unknownCommands"].size());
    }
    return line;
}

// The console's start-up options from the command line.
PlayConsoleOptions consoleOptions(const PlayArgs& a) {
    PlayConsoleOptions o;
    o.cfgDir = a.cfgDir;
    if (!a.content.gmodDir.empty()) o.gmodCfg = fs::path(a.content.gmodDir) / "cfg";
    o.execFile = a.execFile;
    o.commandLine = a.commands;
    o.playback = !a.playback.empty();
    return o;
}

// --record / --playback: the recording read, the output opened (nothing is written before the run starts).
struct Tape {
    std::optional<source::client::Recording> recording;
    std::ofstream out;
    PlayTape tape;
};
Status openTape(const PlayArgs& a, Tape& t) {
    if (!a.playback.empty()) {
        VESTIGE_TRY(auto bytes, readFile(a.playback));
        auto parsed =
            source::client::parseRecording(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        if (!parsed) return std::move(parsed).error().file(a.playback);
        t.recording = std::move(*parsed);
        t.tape.playback = &*t.recording;
    }
    if (!a.record.empty()) {
        t.out.open(a.record, std::ios::binary | std::ios::trunc);
        if (!t.out) return Error("io.open", "cannot create the recording").file(a.record);
        t.tape.record = &t.out;
    }
    return {};
}
// A recording replays only on its own map at its own tick rate.
Status checkTape(const Tape& t, const LuaSession& s, const std::string& file) {
    if (!t.recording) return {};
    const std::string map = s.map ? s.map->name() : std::string();
    const double rate = 1.0 / s.runtime->interval();
    if (t.recording->map != map)
        return Error("play.recording_map", "the recording was made on another map")
            .file(file)
            .expected(t.recording->map)
            .actual(map);
    if (std::abs(t.recording->tickRate - rate) > 1e-6 * rate)
        return Error("play.recording_rate", "the recording was made at another tick rate")
            .file(file)
            .expected(std::to_string(t.recording->tickRate))
            .actual(std::to_string(rate));
    return {};
}

// The report's part, and whether a whole playback reproduced the recorded trace (false fails the run).
bool tapeReport(const PlayArgs& a, Tape& t, std::uint64_t ticks, const std::string& traceHash, nlohmann::json& report) {
    bool ok = true;
    if (t.tape.record) {
        t.out.close();
        report["recording"] = {{"file", a.record}, {"ticks", ticks}, {"written", static_cast<bool>(t.out)}};
        ok = static_cast<bool>(t.out);
    }
    if (t.recording) {
        const source::client::Recording& r = *t.recording;
        nlohmann::json j{{"file", a.playback}, {"ticks", r.ticks.size()}, {"complete", r.complete}};
        if (r.complete && ticks == r.ticks.size()) {
            j["recordedTraceHash"] = r.traceHash;
            j["matches"] = r.traceHash == traceHash;
            ok = ok && r.traceHash == traceHash;
        }
        report["playback"] = j;
    }
    return ok;
}

SceneArgs sceneOf(const PlayArgs& a) {
    SceneArgs scene;
    scene.path = a.session.map;
    scene.size = a.size;
    scene.content = a.content;
    return scene;
}

// The windowed client: the session, its console, the window loop; the report as `--headless` gives it (no shots).
int runWindow(AppContext& ctx, PlayArgs& a) {
    const SceneArgs scene = sceneOf(a);
    PlayWindowRun run;
    if (auto bad = checkSceneArgs(scene, run.width, run.height); !bad.empty()) return playUsage(bad);
    LuaNumbers n;
    std::uint64_t fps = 0;
    if (std::string error; !parseLuaNumbers(a.session, &n, &error) || !parseCount("--fps", a.fps, 1000, &fps, &error) ||
                           !parseCount("--frames", a.frames, kMaxTicks, &run.frames, &error))
        return playUsage(error);
    if (fps == 0) return playUsage("--fps must be at least 1");
    run.fps = static_cast<std::uint32_t>(fps);
    run.ticks = a.session.ticksGiven ? n.ticks : 0;
    run.title = fmt::format("Vestige - {}", a.session.map);
    run.screenshotDir = a.screenshots;
    std::optional<viewer::InputScript> script;
    if (!a.script.empty()) {
        auto text = readFile(a.script);
        if (!text) return reportError(ctx, text.error());
        auto parsed =
            viewer::InputScript::parse(std::string_view(reinterpret_cast<const char*>(text->data()), text->size()));
        if (!parsed) return reportError(ctx, Error(parsed.error()).file(a.script));
        script = std::move(*parsed);
        run.script = &*script;
        if (run.frames == 0) run.frames = script->lastFrame(run.fps) + 1;
    }
    a.session.gmodDir = a.content.gmodDir;
    auto loaded = loadScene(ctx, scene);
    if (!loaded) return reportError(ctx, loaded.error());
    auto session = openLuaSession(a.session, n, ctx, ctx.json);
    if (!session) return reportError(ctx, session.error());
    Tape tape;
    if (auto st = openTape(a, tape); !st) return reportError(ctx, st.error());
    if (auto st = checkTape(tape, **session, a.playback); !st) return reportError(ctx, st.error());
    if (tape.recording && run.ticks == 0) run.ticks = tape.recording->ticks.size();
    auto console = PlayConsole::create(**session, consoleOptions(a));
    if (!console) return reportError(ctx, console.error());
    std::unique_ptr<PlaySound> sound;
    if (!a.noSound) {
        auto opened = openPlaySound(ctx, a.session.map, a.content, a.session.target, **session, {.device = true});
        if (!opened) return reportError(ctx, opened.error());
        sound = std::move(*opened);
        tape.tape.sound = sound.get();
    }
    std::ofstream trace;
    if (!a.out.empty()) {
        std::error_code ec;
        fs::create_directories(a.out, ec);
        trace.open(fs::path(a.out) / "trace.jsonl", std::ios::binary | std::ios::trunc);
        if (!trace) return reportError(ctx, Error("io.open", "cannot create the trace").file(a.out));
    }
    const auto line = [&trace](std::string_view l) {
        if (trace.is_open()) trace << l << '\n';
    };
    std::ofstream frames;
    if (trace.is_open()) {
        frames.open(fs::path(a.out) / "frames.jsonl", std::ios::binary | std::ios::trunc);
        if (!frames) return reportError(ctx, Error("io.open", "cannot create the frame log").file(a.out));
        run.frameSink = [&frames](const PlayFrame& f) { frames << frameJson(f) << '\n'; };
    }
    auto done = playWindow(**session, **console, *loaded, run, line, tape.tape);
    if (!done) return reportError(ctx, done.error());
    PlayView view{run.width, run.height, 0};
    auto report = playReport(**session, a.session.map, view, {});
    report.erase("shots");
    report.erase("screenshotEvery");
    report["driver"] = done->driver;
    report["frames"] = done->frames;
    report["screenshots"] = nlohmann::json::array();
    for (const auto& p : done->screenshots) report["screenshots"].push_back(p.string());
    report["console"] = (*console)->reportJson();
    if (sound) report["sound"] = sound->report();
    const bool tapeOk = tapeReport(a, tape, done->ticks, (*session)->trace.hashHex(), report);
    if (ctx.json) {
        printOut(dumpJson(report, 2));
    } else {
        printOut(summaryLine(report));
        for (const auto& p : done->screenshots) printOut(p.string());
    }
    const auto& client = (*session)->client;
    const bool clean = luaRunClean(*(*session)->runtime) && (!client || client->errors().empty());
    return clean && tapeOk ? kExitOk : kExitError;
}

}  // namespace

void addPlayCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand(
        "play", "Play a Source map in a window (keyboard, mouse, binds, console commands) or --headless");
    auto* json = addJsonFlag(cmd);
    static PlayArgs a;
    cmd->add_option("MAP", a.session.map, "Map .bsp (file, or archive entry as archive:entry)")->required();
    cmd->add_option(
        "COMMANDS", a.commands,
        "Console commands after the map, Source style: +sv_cheats 1 +bind f noclip (run after autoexec.cfg)");
    cmd->add_flag("--headless", a.headless, "No window: run the ticks, write screenshots and the tick trace to -o");
    cmd->add_option("--exec", a.execFile, "A console script (.cfg text) run after autoexec.cfg");
    auto* recordOption =
        cmd->add_option("--record", a.record, "Write each tick's command and console lines to FILE (a recording)");
    cmd->add_option("--playback", a.playback,
                    "Play a recording: its commands instead of the keyboard's; the run "
                    "fails when the trace hash differs from the recorded one")
        ->excludes(recordOption);
    cmd->add_option("--cfg-dir", a.cfgDir,
                    "Folder of config.cfg/autoexec.cfg; config.cfg is written there on quit (default: none, GMod's "
                    "default binds; with --gmod-dir its cfg/ is read too, never written)");
    cmd->add_option("--sound-capture", a.soundCapture,
                    "Headless: render the game's sound (OpenAL Soft's loopback device) into this WAV file");
    cmd->add_flag("--no-sound", a.noSound, "Window: do not open an audio device");
    cmd->add_option("--script", a.script, "Window: scripted keys and mouse (the `vestige view --script` format)");
    cmd->add_option("--fps", a.fps, "Window: frames per second of a scripted run")->capture_default_str();
    cmd->add_option("--frames", a.frames, "Window: stop after N frames (0: until quit or the script ends)")
        ->capture_default_str();
    cmd->add_option("--screenshots", a.screenshots, "Window: folder for screenshots (F12, `screenshot`, `jpeg`)")
        ->capture_default_str();
    auto* ticksOption = addSessionOptions(cmd, a.session);
    cmd->add_option("--screenshot-every", a.every, "A screenshot every K ticks, and one on the last tick")
        ->capture_default_str()
        ->transform(countIn(1, kMaxTicks));
    cmd->add_option("--size", a.size, "Screenshot size WIDTHxHEIGHT")->capture_default_str();
    cmd->add_option("-o,--out", a.out,
                    "Folder for tick_NNNNNN.png and trace.jsonl (needed with --headless); the window adds frames.jsonl");
    addContentOptions(cmd, a.content);
    cmd->add_option("--addon", a.session.target, "An addon/gamemode folder or a .lua file, as `vestige lua TARGET`");
    cmd->footer(
        "Example: vestige play vestige-demo/play/demo.bsp --addon vestige-demo/play/hud +sensitivity 2\n"
        "         vestige play vestige-demo/play/demo.bsp --headless --input vestige-demo/play/walk.txt \\\n"
        "           --screenshot-every 60 --size 640x360 -o shots/\n"
        "         vestige play gm_construct.bsp --headless --gmod-dir ~/GarrysMod/garrysmod --gamemode sandbox \\\n"
        "           --ticks 200 -o shots/ --json\n"
        "         vestige play vestige-demo/play_sound/button.bsp --headless --exec vestige-demo/play_sound/press.cfg "
        "\\\n"
        "           --ticks 140 -o shots/ --sound-capture press.wav --json\n"
        "The tick trace and its hash are those of `vestige lua --map MAP --input FILE --trace` on the same map.\n"
        "Keys are GMod's default binds (WASD, space, ctrl, shift, mouse1/2, e, r, v noclip; Escape quits) unless\n"
        "config.cfg in --cfg-dir says otherwise; type console commands with --exec or +commands.\n"
        "--gmod-dir serves both the map's materials (as for `vestige render`) and GMod's own Lua (as for `vestige "
        "lua`).");
    cmd->callback([&ctx, json, ticksOption] {
        ctx.json = json->count() > 0;
        a.session.ticksGiven = ticksOption->count() > 0;
        ctx.run = [&ctx] {
            if (!a.headless && !a.soundCapture.empty())
                return playUsage("--sound-capture records a --headless run; a window plays to the audio device");
            if (!a.playback.empty() && !a.session.input.empty())
                return playUsage("--playback and --input both give the player's commands; choose one");
            if (!a.headless) return runWindow(ctx, a);
            if (a.out.empty()) return playUsage("--headless needs -o FOLDER for the screenshots and the trace");
            if (!a.script.empty())
                return playUsage("--script plays keys into a window; headless, use --input or --exec");
            if (a.noSound)
                return playUsage("--no-sound is for the window; headless plays no sound unless --sound-capture");
            const SceneArgs scene = sceneOf(a);
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
            Tape tape;
            if (auto st = openTape(a, tape); !st) return reportError(ctx, st.error());
            if (auto st = checkTape(tape, **session, a.playback); !st) return reportError(ctx, st.error());
            if (tape.recording && !a.session.ticksGiven) (*session)->ticks = tape.recording->ticks.size();
            auto console = PlayConsole::create(**session, consoleOptions(a));
            if (!console) return reportError(ctx, console.error());
            std::unique_ptr<PlaySound> sound;
            if (!a.soundCapture.empty()) {
                auto opened = openPlaySound(ctx, a.session.map, a.content, a.session.target, **session,
                                            {.capture = a.soundCapture});
                if (!opened) return reportError(ctx, opened.error());
                sound = std::move(*opened);
                tape.tape.sound = sound.get();
            }
            auto shots = playHeadless(**session, **console, *loaded, view, line, write, tape.tape);
            if (shots && sound) {
                if (auto st = sound->finish(); !st) shots = st.error();
            }
            trace.close();
            if (!shots || !trace) {
                fs::remove(tracePath, ec);  // a cut-off trace would pass for a short game
                return reportError(
                    ctx, shots ? Error("io.write", "cannot write the trace").file(tracePath.string()) : shots.error());
            }

            auto report = playReport(**session, a.session.map, view, *shots);
            report["console"] = (*console)->reportJson();
            if (sound) report["sound"] = sound->report();
            const bool tapeOk =
                tapeReport(a, tape, (*session)->runtime->currentTick(), (*session)->trace.hashHex(), report);
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
            return clean && tapeOk ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
