// lua: run GLua scripts, addons and gamemodes headless for N ticks and report what happened.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "lua_report.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/json.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/source/game/headless.hpp"
#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;
namespace glua = vestige::source::glua;
namespace game = vestige::source::game;

// Numeric options are taken as text and parsed strictly (vestige/core/parse.hpp): a negative, fractional or
// out-of-range value is a usage error, never wrapped or clamped.
struct LuaArgs {
    std::string gmodDir;
    std::string gamemode;
    std::string map;
    std::string dataDir;
    std::string target;
    std::string eval;
    std::string ticks = "66";  // with --input and no --ticks: the script's length
    bool ticksGiven = false;
    std::string input;
    bool trace = false;
    std::string tickRate = "66.666666666666667";
    std::string budget = "200000000";
    std::string timeLimit = "5";
    std::string memoryMb = "512";
    std::string outputMb = "16";
    bool repl = false;
};

constexpr std::uint64_t kMaxTicks = 1'000'000'000;  // ~174 days of game time at 66.67 Hz
constexpr std::uint64_t kMaxMegabytes = 1u << 20;   // 1 TiB
constexpr double kMaxTimeLimit = 86400;             // a day per engine call

int luaUsage(const std::string& message) {
    std::fprintf(stderr, "vestige lua: usage error: %s\n", message.c_str());
    return kExitUsage;
}

// Parses an unsigned option within [0, max]; false (with the usage message in *error) otherwise.
bool parseCount(const char* name, const std::string& text, std::uint64_t max, std::uint64_t* out, std::string* error) {
    const auto v = parseInteger<std::uint64_t>(text);
    if (v && *v <= max) {
        *out = *v;
        return true;
    }
    *error = fmt::format("{} expects a whole number from 0 to {}, got '{}'", name, max, text);
    return false;
}

bool parseSeconds(const char* name, const std::string& text, double min, double max, bool minOpen, double* out,
                  std::string* error) {
    const auto v = parseDouble(text);
    if (v && (minOpen ? *v > min : *v >= min) && *v <= max) {
        *out = *v;
        return true;
    }
    *error = fmt::format("{} expects a number in {}{}, {}], got '{}'", name, minOpen ? "(" : "[", min, max, text);
    return false;
}

// The numeric options, checked before anything runs.
struct LuaNumbers {
    std::uint64_t ticks = 0, budget = 0, memoryMb = 0, outputMb = 0;
    double tickRate = 0, timeLimit = 0;
};
bool parseNumbers(const LuaArgs& a, LuaNumbers* n, std::string* error) {
    return parseCount("--ticks", a.ticks, kMaxTicks, &n->ticks, error) &&
           parseSeconds("--tick-rate", a.tickRate, 0, 10000, true, &n->tickRate, error) &&
           parseCount("--budget", a.budget, UINT64_MAX, &n->budget, error) &&
           parseSeconds("--time-limit", a.timeLimit, 0, kMaxTimeLimit, false, &n->timeLimit, error) &&
           parseCount("--memory-mb", a.memoryMb, kMaxMegabytes, &n->memoryMb, error) &&
           parseCount("--output-limit-mb", a.outputMb, kMaxMegabytes, &n->outputMb, error);
}

// An addon with exactly one gamemodes/<name>/ folder runs that gamemode unless --gamemode says otherwise.
std::string soleGamemode(const fs::path& addon) {
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(addon / "gamemodes", ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec)) names.push_back(it->path().filename().string());
    return names.size() == 1 ? names.front() : std::string();
}

int runRepl(glua::Runtime& rt) {
    std::string line;
    std::fputs("vestige lua REPL (GLua syntax; Ctrl-D to quit; `:tick N` advances ticks)\n> ", stdout);
    std::fflush(stdout);
    while (std::getline(std::cin, line)) {
        if (line.rfind(":tick", 0) == 0) {
            std::string arg = line.substr(5), error;
            arg.erase(0, arg.find_first_not_of(' '));
            std::uint64_t n = 1;
            if (!arg.empty() && !parseCount(":tick", arg, kMaxTicks, &n, &error)) {
                std::printf("%s\n> ", error.c_str());
                std::fflush(stdout);
                continue;
            }
            rt.runTicks(n);
            std::printf("tick %llu  CurTime %.3f\n", static_cast<unsigned long long>(rt.currentTick()), rt.curTime());
        } else if (!line.empty()) {
            auto r = rt.eval(line, "repl");
            if (r && !r->empty()) std::printf("%s\n", r->c_str());
        }
        std::fputs("> ", stdout);
        std::fflush(stdout);
    }
    std::fputs("\n", stdout);
    return kExitOk;
}

}  // namespace

void addLuaCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd =
        cli.add_subcommand("lua", "Run GLua scripts, an addon or a gamemode headless and report hooks, timers, errors");
    auto* json = addJsonFlag(cmd);
    static LuaArgs a;
    cmd->add_option("TARGET", a.target, "A .lua file, or an addon/gamemode folder (with lua/ and/or gamemodes/)");
    cmd->add_option("--gmod-dir", a.gmodDir, "GMod install mode: a garrysmod/ folder whose lua/includes run as-is");
    cmd->add_option("--gamemode", a.gamemode, "Gamemode to load (default: base, or the addon's only gamemode)");
    cmd->add_option("--map", a.map,
                    "Map .bsp (file, or archive entry as archive:entry): its entities appear in ents.*, "
                    "util.TraceLine/TraceHull hit its brushes, game.GetMap() is its name");
    auto* ticksOption = cmd->add_option("--ticks", a.ticks,
                                        "Ticks to simulate after boot (default: 66, or the --input script's length)");
    cmd->add_option("--input", a.input, "Input script for the player (the `vestige move` / `vestige game` format)");
    cmd->add_flag("--trace", a.trace, "One JSON line per tick on stdout: the player and the entities that changed");
    cmd->add_option("--tick-rate", a.tickRate, "Ticks per second")->capture_default_str();
    cmd->add_option("--data-dir", a.dataDir,
                    "Folder for the DATA path id (file.Write); default: none, or <gmod-dir>/data");
    cmd->add_option("--budget", a.budget,
                    "Instructions per engine->Lua call, natives' bytes and pattern steps included (0 = unlimited, JIT "
                    "on, no time limit)")
        ->capture_default_str();
    cmd->add_option("--time-limit", a.timeLimit, "Wall-clock seconds per engine->Lua call (0 = none; needs a budget)")
        ->capture_default_str();
    cmd->add_option("--memory-mb", a.memoryMb, "Lua heap ceiling in MiB (0 = unlimited)")->capture_default_str();
    cmd->add_option("--output-limit-mb", a.outputMb, "print/Msg output kept, in MiB; the rest is dropped (0 = all)")
        ->capture_default_str();
    cmd->add_option("-e,--eval", a.eval, "GLua code to run after boot (before ticks)");
    cmd->add_flag("--repl", a.repl, "Interactive prompt after boot");
    cmd->footer(
        "Example: vestige lua --ticks 200 --json my_addon/\n"
        "         vestige lua --map gm_flatgrass.bsp --gamemode sandbox --ticks 66 my_addon/\n"
        "         vestige lua --map room.bsp --input walk.txt --trace my_gamemode/\n"
        "         vestige lua -e 'print(Vector(1, 2, 3) * 2)' --ticks 0");
    cmd->callback([&ctx, json, ticksOption] {
        ctx.json = json->count() > 0;
        a.ticksGiven = ticksOption->count() > 0;
        ctx.run = [&ctx] {
            LuaNumbers n;
            if (std::string error; !parseNumbers(a, &n, &error)) return luaUsage(error);
            glua::Options opt;
            TraceSink trace;  // the session's determinism trace: its hash goes in the report
            opt.traceSink = &trace;
            std::vector<std::string> notes;
            std::string output;
            if (ctx.json) opt.output = [&output](std::string_view s) { output.append(s); };
            if (!a.gmodDir.empty()) {
                std::error_code ec;
                if (!fs::is_directory(a.gmodDir, ec))
                    return reportError(ctx, Error("lua.gmod_dir", "not a directory").file(a.gmodDir));
                opt.gmodDir = fs::path(a.gmodDir);
                opt.dataDir = fs::path(a.gmodDir) / "data";
            }
            if (!a.dataDir.empty()) opt.dataDir = fs::path(a.dataDir);
            if (!a.target.empty()) {
                std::error_code ec;
                const fs::path t(a.target);
                if (fs::is_directory(t, ec)) {
                    opt.addonDirs.push_back(t);
                    if (a.gamemode.empty()) a.gamemode = soleGamemode(t);
                } else if (fs::is_regular_file(t, ec)) {
                    opt.scripts.push_back(t);
                    opt.addonDirs.push_back(t.parent_path().empty() ? fs::path(".") : t.parent_path());
                } else {
                    return reportError(ctx, Error("lua.target", "no such file or folder").file(a.target));
                }
            }
            if (!a.gamemode.empty()) opt.gamemode = a.gamemode;
            std::vector<source::movement::ScriptCommand> script;
            if (!a.input.empty()) {
                auto bytes = readFile(a.input);
                if (!bytes) return reportError(ctx, bytes.error());
                auto parsed = source::movement::parseInputScript(
                    std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
                if (!parsed) return reportError(ctx, std::move(parsed).error().file(a.input));
                script = std::move(*parsed);
            }
            std::shared_ptr<const game::GameMap> map;
            if (!a.map.empty()) {
                auto resolved = vfs::openSpec(a.map, ctx.archives);
                if (!resolved) return reportError(ctx, resolved.error());
                auto loaded = game::GameMap::load(resolved->data, fs::path(resolved->name).stem().string());
                if (!loaded) return reportError(ctx, std::move(loaded).error().file(a.map));
                map = *loaded;
            }
            opt.tickInterval = TickClock::fromRate(n.tickRate).interval();
            opt.instructionBudget = n.budget;
            opt.timeLimit = n.timeLimit;
            opt.memoryLimit = static_cast<std::size_t>(n.memoryMb) << 20;
            opt.outputLimit = static_cast<std::size_t>(n.outputMb) << 20;
            auto rt = map ? game::createRuntime(map, std::move(opt)) : glua::Runtime::create(std::move(opt));
            if (!rt) return reportError(ctx, rt.error());
            glua::Runtime& r = **rt;
            if (auto st = r.boot(); !st) return reportError(ctx, st.error());
            if (!a.eval.empty()) {
                auto res = r.eval(a.eval, "eval");
                if (res && !res->empty()) r.print(*res + "\n");
            }
            if (a.repl) return runRepl(r);
            const std::uint64_t ticks =
                a.ticksGiven || script.empty() ? n.ticks : source::game::ScriptCursor(script).length();
            runLuaTicks(r, script, ticks, a.trace);
            if (r.outputDropped() > 0)
                notes.push_back(fmt::format("{} bytes of print/Msg output dropped past --output-limit-mb {}",
                                            r.outputDropped(), n.outputMb));
            auto report = luaReport(r, a.map, map.get(), ctx.json ? output : std::string(), !a.eval.empty(), notes);
            report["traceHash"] = trace.hashHex();
            if (ctx.json)
                printOut(dumpJson(report, 2));
            else
                printLuaReport(report);
            return luaRunClean(r) ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
