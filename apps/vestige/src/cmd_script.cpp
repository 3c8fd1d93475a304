// `vestige script`: an Iron3D AI package with its varset, and its first Init run per clan (issue 21 item 6):
//   vestige script PACKAGE [--varset VAR] [--run-init (--clan-anchor X,Y ... | --mission DIR)] [--full] [--json]
// Without --varset the bundle's own <base>.var next to the package is tried, then varset.var next to it (the
// loader's rule). Runs in preview unless --full: an unsupported record is reported and every default kept.
#include <fmt/format.h>

#include <filesystem>

#include "app.hpp"
#include "options.hpp"
#include "vestige/core/json.hpp"
#include "vestige/core/parse.hpp"
#include "vestige/iron3d/ai/superai.hpp"
#include "vestige/iron3d/scr/inspect.hpp"
#include "vestige/iron3d/tma/tma.hpp"

namespace vestige::app {
namespace {

using namespace vestige::iron3d;
using Json = ai::Json;

int scriptUsage(const std::string& message) {
    std::fprintf(stderr, "vestige script: usage error: %s\n", message.c_str());
    return kExitUsage;
}

// The spec of a file next to `spec` (same directory or archive).
std::string sibling(const std::string& spec, std::string_view name) {
    const std::size_t cut = spec.find_last_of("/\\:");
    return cut == std::string::npos ? std::string(name) : spec.substr(0, cut + 1) + std::string(name);
}

// The game tree as the AI loader sees it: the package as MISSIONS/SCRIPTS/<bundle>.scr, the varsets from
// --varset or from beside the package.
class CliFiles final : public ai::ScriptFiles {
public:
    CliFiles(const AppContext& ctx, std::string package, Bytes packageBytes, std::string base, std::string varset)
        : mCtx(ctx),
          mPackage(std::move(package)),
          mBytes(std::move(packageBytes)),
          mBase(std::move(base)),
          mVarset(std::move(varset)) {}
    Result<std::optional<Bytes>> read(std::string_view path) const override {
        const std::string scripts(ai::kScriptsDir);
        if (path == scripts + ai::bundleFile(mBase)) return std::optional<Bytes>(mBytes);
        if (path == scripts + mBase + ".var")
            return mVarset.empty() ? load(sibling(mPackage, mBase + ".var")) : std::optional<Bytes>();
        if (path == ai::kSharedVarSet) return load(mVarset.empty() ? sibling(mPackage, "varset.var") : mVarset);
        return std::optional<Bytes>();
    }

private:
    Result<std::optional<Bytes>> load(const std::string& spec) const {
        // Only the fallback's own lookups may miss; an explicit --varset must exist.
        const bool optional = mVarset.empty();
        if (optional && spec.find(':') == std::string::npos && !std::filesystem::exists(spec))
            return std::optional<Bytes>();
        auto r = vfs::openSpec(spec, mCtx.archives);
        if (r) return std::optional<Bytes>(std::move(r->data));
        if (optional && r.error().code().ends_with(".not_found")) return std::optional<Bytes>();
        return std::move(r).error();
    }
    const AppContext& mCtx;
    std::string mPackage;
    Bytes mBytes;
    std::string mBase, mVarset;
};

bool parseAnchor(const std::string& text, float& x, float& y) {
    const auto v = parseList<float, 2>(text);
    if (!v) return false;
    x = (*v)[0];
    y = (*v)[1];
    return true;
}

std::string clanText(const Json& c) {
    std::string t = fmt::format("clan {} slot {}: Init {}{}{}\n", c["clan"].get<int>(),
                                c["slot"].is_null() ? "-" : std::to_string(c["slot"].get<int>()),
                                c["init_found"].get<bool>() ? "found" : "not found",
                                c["skipped_busy"].get<bool>() ? ", skipped (busy)" : "",
                                c["applied"].get<bool>() ? ", applied" : ", nothing applied");
    for (const auto& w : c["cells_written"])
        t += fmt::format("  {}[{}] = {} (bits {})\n", w["name"].get<std::string>(), w["index"].get<int>(),
                         w["value"].dump(), hex(w["bits"].get<std::uint32_t>()));
    for (const auto& u : c["unsupported"])
        t += fmt::format("  Unsupported: record {} {}: {}\n", u["instruction"].get<int>(),
                         u["selector"].get<std::string>(), u["why"].get<std::string>());
    for (const auto& w : c["warnings"]) t += fmt::format("  warning: {}\n", w.get<std::string>());
    if (!c["error"].is_null()) t += fmt::format("  error: {}\n", c["error"]["message"].get<std::string>());
    return t;
}

}  // namespace

void addScriptCommand(CLI::App& cli, AppContext& ctx) {
    auto* cmd = cli.add_subcommand("script", "Inspect an Iron3D AI script package and run its first Init per clan");
    auto* json = addJsonFlag(cmd);
    static std::string packagePath, varsetPath, missionDir;
    static std::vector<std::string> anchors;
    static bool runInit = false, full = false;
    cmd->add_option("PACKAGE", packagePath, "The .scr package (file or archive entry)")->required();
    cmd->add_option("--varset", varsetPath, "varset.var to use (default: <base>.var, then varset.var beside it)");
    cmd->add_flag("--run-init", runInit, "Run the first Init event for each clan");
    cmd->add_option("--clan-anchor", anchors, "Base anchor X,Y of clan 0, 1, ... (repeat per clan)");
    cmd->add_option("--mission", missionDir, "Mission folder DATA_DIR/MISSIONS/NAME: the clans' anchors from data.tma");
    cmd->add_flag("--full", full, "Full-load policy: an unsupported record is an error, not a report");
    cmd->footer(
        "Example: vestige script MISSIONS/SCRIPTS/default.scr --varset MISSIONS/SCRIPTS/varset.var --run-init "
        "--clan-anchor 500.2857,752 --clan-anchor 728,449 --json");
    cmd->callback([&ctx, json] {
        ctx.json = json->count() > 0;
        ctx.run = [&ctx]() -> int {
            auto resolved = vfs::openSpec(packagePath, ctx.archives);
            if (!resolved) return reportError(ctx, resolved.error());
            const std::string base = ai::bundleBase(resolved->name.empty() ? packagePath : resolved->name);
            const CliFiles files(ctx, packagePath, resolved->data, base, varsetPath);
            std::vector<ai::ClanSpec> clans;
            for (std::size_t i = 0; i < anchors.size(); ++i) {
                ai::ClanSpec c{static_cast<std::uint32_t>(i), fmt::format("clan{}", i), base, 0, 0};
                if (!parseAnchor(anchors[i], c.anchorX, c.anchorY))
                    return scriptUsage("--clan-anchor expects X,Y (two numbers), got '" + anchors[i] + "'");
                clans.push_back(std::move(c));
            }
            if (!missionDir.empty()) {
                if (!clans.empty()) return scriptUsage("give --clan-anchor or --mission, not both");
                auto tmaBytes = vfs::openSpec(missionDir + "/data.tma", ctx.archives);
                if (!tmaBytes) return reportError(ctx, tmaBytes.error());
                auto mission = tma::read(tmaBytes->data);
                if (!mission) return reportError(ctx, std::move(mission).error().file(missionDir + "/data.tma"));
                for (auto c : ai::clansOf(*mission)) {
                    c.res0 = base;  // this package for every clan
                    clans.push_back(std::move(c));
                }
            }
            ai::StartOptions options;
            options.mode = full ? ai::LoadMode::Full : ai::LoadMode::Preview;
            if (!runInit) {
                if (!clans.empty()) return scriptUsage("--clan-anchor / --mission need --run-init");
                clans.push_back({0, "clan0", base, 0, 0});
            } else if (clans.empty()) {
                return scriptUsage("--run-init needs --clan-anchor X,Y (per clan) or --mission DIR");
            }
            auto world = ai::createSuperAis(clans, files, options);
            if (!world) return reportError(ctx, world.error());
            const ai::SuperAi& first = world->clans[0];
            if (!first.bundle) return reportError(ctx, first.loadError.value_or(Error("script.load", "not loaded")));
            if (!runInit) {
                const auto& vars = *first.bundle->vars;
                const auto desc = scr::describe(*first.bundle->package, resolved->label, [&](std::uint32_t i) {
                    return i < vars.declarations.size() ? vars.declarations[i].name : std::string();
                });
                printOut(ctx.json ? desc.json : desc.text + "\n  varset: " + first.bundle->varsetPath);
                return kExitOk;
            }
            Json out{{"format", "script_init"}, {"package", resolved->label}, {"mode", full ? "full" : "preview"}};
            out["varset"] = first.bundle->varsetPath;
            Json reports = Json::array();
            bool failed = false;
            for (std::uint32_t c = 0; c < world->clans.size(); ++c) {
                auto report = ai::runFirstInit(*world, c, options.mode);
                if (!report) return reportError(ctx, report.error());
                reports.push_back(ai::initReportJson(*report, *world));
                failed = failed || !reports.back()["error"].is_null();
            }
            out["clans"] = reports;
            out["ai_log"] = world->aiLog;
            std::string text = fmt::format("{}: {} clan(s), varset {}, {} mode\n", resolved->label, reports.size(),
                                           first.bundle->varsetPath, full ? "full" : "preview");
            for (const auto& c : reports) text += clanText(c);
            if (!text.empty() && text.back() == '\n') text.pop_back();
            printOut(ctx.json ? dumpJson(out) : text);
            return failed ? kExitError : kExitOk;
        };
    });
}

}  // namespace vestige::app
