// The GLua game session of `vestige lua` and `vestige play` (lua_session.hpp).
#include "lua_session.hpp"

#include <fmt/format.h>

#include "vestige/core/file_io.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/source/game/headless.hpp"

namespace vestige::app {
namespace {

namespace fs = std::filesystem;
namespace glua = vestige::source::glua;
namespace game = vestige::source::game;

constexpr std::uint64_t kMaxMegabytes = 1u << 20;  // 1 TiB
constexpr double kMaxTimeLimit = 86400;            // a day per engine call

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

// An addon with exactly one gamemodes/<name>/ folder runs that gamemode unless --gamemode says otherwise.
std::string soleGamemode(const fs::path& addon) {
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(addon / "gamemodes", ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec)) names.push_back(it->path().filename().string());
    return names.size() == 1 ? names.front() : std::string();
}

}  // namespace

bool parseCount(const char* name, const std::string& text, std::uint64_t max, std::uint64_t* out, std::string* error) {
    const auto v = parseInteger<std::uint64_t>(text);
    if (v && *v <= max) {
        *out = *v;
        return true;
    }
    *error = fmt::format("{} expects a whole number from 0 to {}, got '{}'", name, max, text);
    return false;
}

CLI::Option* addSessionOptions(CLI::App* cmd, LuaSessionArgs& a) {
    cmd->add_option("--gamemode", a.gamemode, "Gamemode to load (default: base, or the addon's only gamemode)");
    auto* ticks = cmd->add_option("--ticks", a.ticks,
                                  "Ticks to simulate after boot (default: 66, or the --input script's length)");
    cmd->add_option("--input", a.input, "Input script for the player (the `vestige move` / `vestige game` format)");
    return ticks;
}

bool parseLuaNumbers(const LuaSessionArgs& a, LuaNumbers* n, std::string* error) {
    return parseCount("--ticks", a.ticks, kMaxTicks, &n->ticks, error) &&
           parseSeconds("--tick-rate", a.tickRate, 0, 10000, true, &n->tickRate, error) &&
           parseCount("--budget", a.budget, UINT64_MAX, &n->budget, error) &&
           parseSeconds("--time-limit", a.timeLimit, 0, kMaxTimeLimit, false, &n->timeLimit, error) &&
           parseCount("--memory-mb", a.memoryMb, kMaxMegabytes, &n->memoryMb, error) &&
           parseCount("--output-limit-mb", a.outputMb, kMaxMegabytes, &n->outputMb, error);
}

Result<std::unique_ptr<LuaSession>> openLuaSession(const LuaSessionArgs& a, const LuaNumbers& n, const AppContext& ctx,
                                                   bool captureOutput) {
    auto s = std::make_unique<LuaSession>();
    glua::Options opt;
    opt.traceSink = &s->trace;
    if (captureOutput) opt.output = [out = &s->output](std::string_view text) { out->append(text); };
    if (!a.gmodDir.empty()) {
        std::error_code ec;
        if (!fs::is_directory(a.gmodDir, ec)) return Error("lua.gmod_dir", "not a directory").file(a.gmodDir);
        opt.gmodDir = fs::path(a.gmodDir);
        opt.dataDir = fs::path(a.gmodDir) / "data";
    }
    if (!a.dataDir.empty()) opt.dataDir = fs::path(a.dataDir);
    std::string gamemode = a.gamemode;
    if (!a.target.empty()) {
        std::error_code ec;
        const fs::path t(a.target);
        if (fs::is_directory(t, ec)) {
            opt.addonDirs.push_back(t);
            if (gamemode.empty()) gamemode = soleGamemode(t);
        } else if (fs::is_regular_file(t, ec)) {
            opt.scripts.push_back(t);
            opt.addonDirs.push_back(t.parent_path().empty() ? fs::path(".") : t.parent_path());
        } else {
            return Error("lua.target", "no such file or folder").file(a.target);
        }
    }
    if (!gamemode.empty()) opt.gamemode = gamemode;
    if (!a.input.empty()) {
        VESTIGE_TRY(auto bytes, readFile(a.input));
        auto parsed = source::movement::parseInputScript(
            std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        if (!parsed) return std::move(parsed).error().file(a.input);
        s->script = std::move(*parsed);
    }
    if (!a.map.empty()) {
        VESTIGE_TRY(auto resolved, vfs::openSpec(a.map, ctx.archives));
        auto loaded = game::GameMap::load(resolved.data, fs::path(resolved.name).stem().string());
        if (!loaded) return std::move(loaded).error().file(a.map);
        s->map = *loaded;
    }
    opt.tickInterval = TickClock::fromRate(n.tickRate).interval();
    opt.instructionBudget = n.budget;
    opt.timeLimit = n.timeLimit;
    opt.memoryLimit = static_cast<std::size_t>(n.memoryMb) << 20;
    opt.outputLimit = static_cast<std::size_t>(n.outputMb) << 20;
    VESTIGE_TRY(s->runtime,
                s->map ? game::createRuntime(s->map, std::move(opt)) : glua::Runtime::create(std::move(opt)));
    VESTIGE_CHECK(s->runtime->boot());
    s->ticks = a.ticksGiven || s->script.empty() ? n.ticks : game::ScriptCursor(s->script).length();
    return s;
}

Status openClientRealm(LuaSession& s, std::uint32_t width, std::uint32_t height) {
    const glua::Options& so = s.runtime->options();
    if (so.gmodDir) {
        s.clientAbsent =
            "GMod install mode: the client realm runs with the standalone base library only (not yet "
            "with the install's client Lua)";
        return {};
    }
    glua::Options co;
    co.realm = glua::Realm::Client;
    co.addonDirs = so.addonDirs;
    co.gamemode = so.gamemode;
    co.map = so.map;
    co.tickInterval = so.tickInterval;
    co.instructionBudget = so.instructionBudget;
    co.timeLimit = so.timeLimit;
    co.memoryLimit = so.memoryLimit;
    co.outputLimit = so.outputLimit;
    co.output = so.output;
    co.screenWidth = width;
    co.screenHeight = height;
    for (const auto& d : so.addonDirs) co.fontDirs.push_back(d / "resource" / "fonts");
    const glua::Runtime* server = s.runtime.get();
    co.sentToClient = [server](std::string_view path) { return server->sentToClient(path); };
    VESTIGE_TRY(s.client, glua::Runtime::create(std::move(co)));
    return s.client->boot();
}

}  // namespace vestige::app
