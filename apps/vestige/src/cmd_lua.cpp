// lua: run GLua scripts, addons and gamemodes headless for N ticks and report what happened.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "app.hpp"
#include "vestige/source/game/map.hpp"
#include "vestige/source/glua/runtime.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;
namespace glua = vestige::source::glua;
namespace game = vestige::source::game;

struct LuaArgs {
    std::string gmodDir;
    std::string gamemode;
    std::string map;
    std::string dataDir;
    std::string target;
    std::string eval;
    std::uint64_t ticks = 66;
    double tickRate = kSourceTickRate;
    std::uint64_t budget = 200'000'000;
    std::uint64_t memoryMb = 512;
    bool repl = false;
};

// An addon with exactly one gamemodes/<name>/ folder runs that gamemode unless --gamemode says otherwise.
std::string soleGamemode(const fs::path& addon) {
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(addon / "gamemodes", ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec)) names.push_back(it->path().filename().string());
    return names.size() == 1 ? names.front() : std::string();
}

nlohmann::json buildReport(const glua::Runtime& rt, const LuaArgs& a, const game::GameMap* map,
                           const std::string& output, const std::vector<std::string>& notes) {
    nlohmann::json j;
    j["mode"] = rt.options().gmodDir ? "gmod" : "standalone";
    j["gamemode"] = rt.options().gamemode;
    j["map"] = rt.options().map;
    if (map) {
        j["mapFile"] = a.map;
        j["mapEntities"] = map->entities().size();
        j["mapBrushEntities"] = map->stats().brushEntities;
        j["mapCollisionVolumes"] = map->stats().worldVolumes + map->stats().modelVolumes;
        j["mapWarnings"] = nlohmann::json::array();
        for (const auto& w : map->warnings()) j["mapWarnings"].push_back(w.render());
    }
    j["ticks"] = rt.currentTick();
    j["tickRate"] = rt.clock().rate();
    j["curTime"] = rt.curTime();
    j["filesLoaded"] = rt.filesLoaded();
    j["errors"] = nlohmann::json::array();
    for (const auto& e : rt.errors())
        j["errors"].push_back({{"file", e.file}, {"line", e.line}, {"message", e.message}, {"traceback", e.traceback}});
    j["hooks"] = nlohmann::json::object();
    for (const auto& [name, count] : rt.hookCounts()) j["hooks"][name] = count;
    std::map<std::string, std::uint64_t> byName;
    for (const auto& f : rt.timersFired()) ++byName[f.name.empty() ? "(simple)" : f.name];
    j["timersFired"] = {{"total", rt.timersFired().size()}, {"byName", byName}};
    int alive = 0;
    for (const auto& e : rt.entities()) alive += e.alive ? 1 : 0;
    j["entities"] = alive;
    j["warnings"] = rt.warnings();
    j["memoryBytes"] = rt.memoryUsed();
    if (!output.empty() || a.eval.size()) j["output"] = output;
    if (!notes.empty()) j["notes"] = notes;
    return j;
}

void printHuman(const nlohmann::json& r) {
    std::string out = fmt::format("mode {}  gamemode {}  map {}  ticks {}  CurTime {:.3f}\n", r["mode"].get<std::string>(),
                                  r["gamemode"].get<std::string>(), r["map"].get<std::string>(),
                                  r["ticks"].get<std::uint64_t>(), r["curTime"].get<double>());
    if (r.contains("mapEntities")) {
        out += fmt::format("map entities: {} ({} brush entities, {} collision volumes) from {}\n",
                           r["mapEntities"].get<std::size_t>(), r["mapBrushEntities"].get<std::size_t>(),
                           r["mapCollisionVolumes"].get<std::size_t>(), r["mapFile"].get<std::string>());
        for (const auto& w : r["mapWarnings"]) out += fmt::format("  map warning: {}\n", w.get<std::string>());
    }
    out += fmt::format("files loaded: {}\n", r["filesLoaded"].size());
    for (const auto& f : r["filesLoaded"]) out += fmt::format("  {}\n", f.get<std::string>());
    out += "hooks called:\n";
    for (const auto& [name, count] : r["hooks"].items()) out += fmt::format("  {:<24} {}\n", name, count.get<std::uint64_t>());
    out += fmt::format("timers fired: {}\n", r["timersFired"]["total"].get<std::uint64_t>());
    out += fmt::format("entities: {}\n", r["entities"].get<int>());
    out += fmt::format("errors: {}\n", r["errors"].size());
    for (const auto& e : r["errors"]) {
        const auto file = e["file"].get<std::string>();
        out += file.empty() ? fmt::format("  {}\n", e["message"].get<std::string>())
                            : fmt::format("  {}:{}: {}\n", file, e["line"].get<int>(), e["message"].get<std::string>());
    }
    if (r.contains("notes"))
        for (const auto& n : r["notes"]) out += fmt::format("note: {}\n", n.get<std::string>());
    std::fwrite(out.data(), 1, out.size(), stdout);
}

int runRepl(glua::Runtime& rt) {
    std::string line;
    std::fputs("vestige lua REPL (GLua syntax; Ctrl-D to quit; `:tick N` advances ticks)\n> ", stdout);
    std::fflush(stdout);
    while (std::getline(std::cin, line)) {
        if (line.rfind(":tick", 0) == 0) {
            const long n = std::strtol(line.c_str() + 5, nullptr, 10);
            rt.runTicks(n > 0 ? static_cast<std::uint64_t>(n) : 1);
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
    auto* cmd = cli.add_subcommand("lua", "Run GLua scripts, an addon or a gamemode headless and report hooks, timers, errors");
    auto* json = addJsonFlag(cmd);
    static LuaArgs a;
    cmd->add_option("TARGET", a.target, "A .lua file, or an addon/gamemode folder (with lua/ and/or gamemodes/)");
    cmd->add_option("--gmod-dir", a.gmodDir, "GMod install mode: a garrysmod/ folder whose lua/includes run as-is");
    cmd->add_option("--gamemode", a.gamemode, "Gamemode to load (default: base, or the addon's only gamemode)");
    cmd->add_option("--map", a.map,
                    "Map .bsp (file, or archive entry as archive:entry): its entities appear in ents.*, "
                    "util.TraceLine/TraceHull hit its brushes, game.GetMap() is its name");
    cmd->add_option("--ticks", a.ticks, "Ticks to simulate after boot")->capture_default_str();
    cmd->add_option("--tick-rate", a.tickRate, "Ticks per second")->capture_default_str();
    cmd->add_option("--data-dir", a.dataDir, "Folder for the DATA path id (file.Write); default: none, or <gmod-dir>/data");
    cmd->add_option("--budget", a.budget, "VM instructions per engine->Lua call (0 = unlimited, JIT on)")->capture_default_str();
    cmd->add_option("--memory-mb", a.memoryMb, "Lua heap ceiling in MiB (0 = unlimited)")->capture_default_str();
    cmd->add_option("-e,--eval", a.eval, "GLua code to run after boot (before ticks)");
    cmd->add_flag("--repl", a.repl, "Interactive prompt after boot");
    cmd->footer("Example: vestige lua --ticks 200 --json my_addon/\n"
                "         vestige lua --map gm_flatgrass.bsp --gamemode sandbox --ticks 66 my_addon/\n"
                "         vestige lua -e 'print(Vector(1, 2, 3) * 2)' --ticks 0");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx] {
            glua::Options opt;
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
            std::shared_ptr<const game::GameMap> map;
            if (!a.map.empty()) {
                auto resolved = vfs::openSpec(a.map, ctx.archives);
                if (!resolved) return reportError(ctx, resolved.error());
                auto loaded = game::GameMap::load(resolved->data, fs::path(resolved->name).stem().string());
                if (!loaded) return reportError(ctx, std::move(loaded).error().file(a.map));
                map = *loaded;
            }
            if (!(a.tickRate > 0) || a.tickRate > 10000)
                return reportError(ctx, Error("lua.tick_rate", "tick rate must be in (0, 10000]").field("--tick-rate"));
            opt.tickInterval = TickClock::fromRate(a.tickRate).interval();
            opt.instructionBudget = a.budget;
            opt.memoryLimit = static_cast<std::size_t>(a.memoryMb) << 20;
            auto rt = map ? game::createRuntime(map, std::move(opt)) : glua::Runtime::create(std::move(opt));
            if (!rt) return reportError(ctx, rt.error());
            glua::Runtime& r = **rt;
            if (auto st = r.boot(); !st) return reportError(ctx, st.error());
            if (!a.eval.empty()) {
                auto res = r.eval(a.eval, "eval");
                if (res && !res->empty()) r.print(*res + "\n");
            }
            if (a.repl) return runRepl(r);
            r.runTicks(a.ticks);
            const auto report = buildReport(r, a, map.get(), ctx.json ? output : std::string(), notes);
            if (ctx.json) printOut(report.dump(2));
            else printHuman(report);
            return r.errors().empty() ? kExitOk : kExitError;
        };
    });
}

}  // namespace vestige::app
