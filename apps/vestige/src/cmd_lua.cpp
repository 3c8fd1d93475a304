// lua: run GLua scripts, addons and gamemodes headless for N ticks and report what happened.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "lua_report.hpp"
#include "lua_session.hpp"
#include "options.hpp"
#include "vestige/core/json.hpp"

namespace vestige::app {
namespace {

namespace glua = vestige::source::glua;

struct LuaArgs {
    LuaSessionArgs session;
    std::string eval;
    bool trace = false;
    bool repl = false;
};

int luaUsage(const std::string& message) { return usageError("lua", message); }

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
    cmd->add_option("TARGET", a.session.target,
                    "A .lua file, or an addon/gamemode folder (with lua/ and/or gamemodes/)");
    cmd->add_option("--gmod-dir", a.session.gmodDir,
                    "GMod install mode: a garrysmod/ folder whose lua/includes run as-is");
    cmd->add_option("--map", a.session.map,
                    "Map .bsp (file, or archive entry as archive:entry): its entities appear in ents.*, "
                    "util.TraceLine/TraceHull hit its brushes, game.GetMap() is its name");
    auto* ticksOption = addSessionOptions(cmd, a.session);
    cmd->add_flag("--trace", a.trace, "One JSON line per tick on stdout: the player and the entities that changed");
    cmd->add_option("--tick-rate", a.session.tickRate, "Ticks per second")->capture_default_str();
    cmd->add_option("--data-dir", a.session.dataDir,
                    "Folder for the DATA path id (file.Write); default: none, or <gmod-dir>/data");
    cmd->add_option("--budget", a.session.budget,
                    "Instructions per engine->Lua call, natives' bytes and pattern steps included (0 = unlimited, JIT "
                    "on, no time limit)")
        ->capture_default_str();
    cmd->add_option("--time-limit", a.session.timeLimit,
                    "Wall-clock seconds per engine->Lua call (0 = none; needs a budget)")
        ->capture_default_str();
    cmd->add_option("--memory-mb", a.session.memoryMb, "Lua heap ceiling in MiB (0 = unlimited)")
        ->capture_default_str();
    cmd->add_option("--output-limit-mb", a.session.outputMb,
                    "print/Msg output kept, in MiB; the rest is dropped (0 = all)")
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
        a.session.ticksGiven = ticksOption->count() > 0;
        ctx.run = [&ctx] {
            LuaNumbers n;
            if (std::string error; !parseLuaNumbers(a.session, &n, &error)) return luaUsage(error);
            std::vector<std::string> notes;
            auto session = openLuaSession(a.session, n, ctx, ctx.json);
            if (!session) return reportError(ctx, session.error());
            LuaSession& s = **session;
            glua::Runtime& r = *s.runtime;
            if (!a.eval.empty()) {
                auto res = r.eval(a.eval, "eval");
                if (res && !res->empty()) r.print(*res + "\n");
            }
            if (a.repl) return runRepl(r);
            const auto line = [](std::string_view l) { printOut(l); };
            if (auto st = runLuaTicks(r, s.script, s.ticks, a.trace ? TraceLine(line) : TraceLine()); !st)
                return reportError(ctx, st.error());
            if (r.outputDropped() > 0)
                notes.push_back(fmt::format("{} bytes of print/Msg output dropped past --output-limit-mb {}",
                                            r.outputDropped(), n.outputMb));
            auto report =
                luaReport(r, a.session.map, s.map.get(), ctx.json ? s.output : std::string(), !a.eval.empty(), notes);
            report["traceHash"] = s.trace.hashHex();
            if (ctx.json)
                printOut(dumpJson(report, 2));
            else
                printLuaReport(report);
            return luaRunClean(r) ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
