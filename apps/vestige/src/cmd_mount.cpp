// `vestige mount` (the content search path, in order) and `vestige which PATH` (which mount serves a path).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "app.hpp"
#include "content_options.hpp"
#include "vestige/source/bsp/bsp.hpp"

namespace vestige::app {

namespace content = source::content;

void addContentOptions(CLI::App* cmd, ContentOptions& options) {
    cmd->add_option("--gmod-dir", options.gmodDir, "Garry's Mod's garrysmod/ folder (addons, VPKs, mount.cfg)");
    cmd->add_option("--mount", options.mounts, "Extra folder, .gma or .vpk (repeatable; after mount.cfg games)");
}

bool wantsContent(const ContentOptions& options) { return !options.gmodDir.empty() || !options.mounts.empty(); }

Result<content::GmodMounts> openContent(const ContentOptions& options, ByteView map, std::string mapLabel) {
    content::GmodOptions go;
    go.gmodDir = options.gmodDir;
    for (const auto& m : options.mounts) go.extra.emplace_back(m);
    if (map.empty()) return content::mountGmod(go);
    VESTIGE_TRY(auto bsp, std::move(source::bsp::readBsp(map)).file(mapLabel));
    return content::mountForMap(go, bsp.lumps[source::bsp::kLumpPakfile].data, std::move(mapLabel));
}

namespace {

nlohmann::json mountJson(const content::Mount& m, std::size_t index) {
    return {{"index", index},     {"name", m.name},       {"kind", content::kindName(m.kind)},
            {"origin", m.origin}, {"entries", m.entries}, {"pathIds", content::pathIdNames(m.pathIds)},
            {"gameId", m.gameId}};
}

struct MountArgs {
    ContentOptions content;
    std::string map;
    std::string path;
    std::string pathId = "GAME";
};

Result<content::GmodMounts> openFor(const AppContext& ctx, const MountArgs& args) {
    if (args.map.empty()) return openContent(args.content);
    VESTIGE_TRY(auto resolved, vfs::openSpec(args.map, ctx.archives));
    return openContent(args.content, resolved.data, args.map);
}

int runMount(AppContext& ctx, const MountArgs& args) {
    auto opened = openFor(ctx, args);
    if (!opened) return reportError(ctx, opened.error());
    const auto& mounts = opened->mounts.mounts();
    if (ctx.json) {
        nlohmann::json list = nlohmann::json::array();
        for (std::size_t i = 0; i < mounts.size(); ++i) list.push_back(mountJson(mounts[i], i));
        printOut(nlohmann::json{{"ok", true}, {"mounts", list}, {"skipped", opened->skipped}}.dump(2));
        return kExitOk;
    }
    std::string text;
    for (std::size_t i = 0; i < mounts.size(); ++i) {
        const auto& m = mounts[i];
        text += fmt::format("{:>3}  {:<8} {:>7}  {:<24} {}\n", i, content::kindName(m.kind), m.entries,
                            content::pathIdNames(m.pathIds), m.origin);
    }
    for (const auto& s : opened->skipped) text += "skipped: " + s + "\n";
    text += fmt::format("{} mounts", mounts.size());
    printOut(text);
    return kExitOk;
}

int runWhich(AppContext& ctx, const MountArgs& args) {
    const auto bits = content::pathIdBits(args.pathId);
    if (!bits)
        return reportError(ctx, Error("content.path_id", "unknown path id")
                                    .field("--path-id")
                                    .expected("GAME|MOD|BSP|DOWNLOAD|THIRDPARTY|WORKSHOP|DATA")
                                    .actual(args.pathId));
    auto opened = openFor(ctx, args);
    if (!opened) return reportError(ctx, opened.error());
    const auto& mounts = opened->mounts.mounts();
    const auto all = opened->mounts.all(args.path, *bits);
    if (all.empty())
        return reportError(ctx, Error("content.not_found", fmt::format("no mount has '{}'", args.path))
                                    .entry(args.path)
                                    .expected(args.pathId));
    if (ctx.json) {
        nlohmann::json shadowed = nlohmann::json::array();
        for (std::size_t k = 1; k < all.size(); ++k) shadowed.push_back(mountJson(mounts[all[k]], all[k]));
        printOut(nlohmann::json{
            {"ok", true}, {"path", args.path}, {"mount", mountJson(mounts[all[0]], all[0])}, {"shadowed", shadowed}}
                     .dump(2));
        return kExitOk;
    }
    std::string text =
        fmt::format("{}: {} [{}] {}", args.path, all[0], content::kindName(mounts[all[0]].kind), mounts[all[0]].origin);
    for (std::size_t k = 1; k < all.size(); ++k)
        text += fmt::format("\n  shadows {} [{}] {}", all[k], content::kindName(mounts[all[k]].kind),
                            mounts[all[k]].origin);
    printOut(text);
    return kExitOk;
}

}  // namespace

void addMountCommands(CLI::App& cli, AppContext& ctx) {
    static MountArgs args;
    auto* mount = cli.add_subcommand("mount", "List the Source content search path in order (GMod's rules)");
    auto* mountJsonFlag = addJsonFlag(mount);
    addContentOptions(mount, args.content);
    mount->add_option("--map", args.map, "A BSP whose PAKFILE lump is searched first");
    mount->footer("Example: vestige mount --json --gmod-dir ~/GarrysMod/garrysmod --mount css/cstrike");
    mount->callback([&ctx, mountJsonFlag] {
        ctx.json = mountJsonFlag->count() > 0;
        ctx.run = [&ctx] { return runMount(ctx, args); };
    });

    auto* which = cli.add_subcommand("which", "Say which mount serves a content path (and what it shadows)");
    auto* whichJsonFlag = addJsonFlag(which);
    which->add_option("PATH", args.path, "Content path, e.g. materials/brick/brickwall001a.vmt")->required();
    addContentOptions(which, args.content);
    which->add_option("--map", args.map, "A BSP whose PAKFILE lump is searched first");
    which->add_option("--path-id", args.pathId, "GAME (default), MOD, BSP, DOWNLOAD, THIRDPARTY, WORKSHOP, DATA");
    which->footer("Example: vestige which materials/demo/brick.vmt --gmod-dir ~/GarrysMod/garrysmod");
    which->callback([&ctx, whichJsonFlag] {
        ctx.json = whichJsonFlag->count() > 0;
        ctx.run = [&ctx] { return runWhich(ctx, args); };
    });
}

}  // namespace vestige::app
