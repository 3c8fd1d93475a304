// Garry's Mod's mount order from an install folder (mounts.hpp has the picture; docs/content.md the sources).
#include "vestige/source/content/gmod.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <system_error>

#include "vestige/core/text.hpp"
#include "vestige/source/keyvalues/keyvalues.hpp"

namespace vestige::source::content {
namespace {

namespace fs = std::filesystem;

bool isDir(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(p, ec);
}

// Children of a folder sorted by folded name (the host's order is not an input).
std::vector<fs::path> sortedChildren(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) out.push_back(it->path());
    std::sort(out.begin(), out.end(), [](const fs::path& a, const fs::path& b) {
        const int c = icompareLower(a.filename().string(), b.filename().string());
        return c != 0 ? c < 0 : a.filename().string() < b.filename().string();
    });
    return out;
}

bool isDirVpk(const fs::path& p) { return endsWithNoCase(p.filename().string(), "_dir.vpk"); }

// A game folder: the folder itself, then every *_dir.vpk in it (sorted).
Status addGameFolder(Mounts& mounts, const fs::path& dir, std::uint32_t ids, const std::string& name,
                     const std::string& gameId) {
    const std::size_t first = mounts.mounts().size();
    VESTIGE_CHECK(mounts.addHost(dir, ids, name));
    for (const fs::path& child : sortedChildren(dir))
        if (isDirVpk(child) && !isDir(child))
            VESTIGE_CHECK(mounts.addHost(child, ids, name + "/" + child.filename().string()));
    mounts.setGameId(first, gameId);
    return okStatus();
}

}  // namespace

Result<std::vector<MountCfgEntry>> parseMountCfg(std::string_view text) {
    VESTIGE_TRY(auto doc, keyvalues::parse(text));
    std::vector<MountCfgEntry> out;
    if (doc.roots.empty()) return out;
    const keyvalues::Node& root = doc.roots.front();
    if (!root.isBlock || !iequals(root.key, "mountcfg"))
        return Error("content.mountcfg", "mount.cfg's root block is not \"mountcfg\"")
            .expected("mountcfg")
            .actual(root.key)
            .at(root.offset);
    for (const auto& n : root.children)
        if (!n.isBlock) out.push_back({n.key, n.value});
    return out;
}

Result<GmodMounts> mountGmod(const GmodOptions& options) {
    using namespace pathid;
    GmodMounts out;
    Mounts& m = out.mounts;
    const fs::path gm = options.gmodDir;
    if (gm.empty()) {  // no install: only what --mount names
        for (const fs::path& extra : options.extra) VESTIGE_CHECK(m.addHost(extra, kGame, "mount:" + extra.string()));
        return out;
    }
    if (!isDir(gm))
        return Error("content.no_gmod_dir", "the Garry's Mod folder does not exist")
            .file(gm.string())
            .expected("the garrysmod/ folder of an install");
    // Addons: legacy folders and .gma files, one search path each.
    if (const fs::path addons = gm / "addons"; isDir(addons))
        for (const fs::path& child : sortedChildren(addons)) {
            const std::string name = "addons/" + child.filename().string();
            if (isDir(child))
                VESTIGE_CHECK(m.addHost(child, kGame | kThirdParty, name));
            else if (endsWithNoCase(child.string(), ".gma"))
                VESTIGE_CHECK(m.addHost(child, kGame | kThirdParty | kWorkshop, name));
        }
    if (isDir(gm / "overrides")) VESTIGE_CHECK(m.addHost(gm / "overrides", kGame | kMod, "overrides"));
    VESTIGE_CHECK(m.addHost(gm, kGame | kMod, "garrysmod"));
    if (fs::path vpk = gm / "garrysmod_dir.vpk"; fs::exists(vpk))
        VESTIGE_CHECK(m.addHost(vpk, kGame | kMod, "garrysmod_dir.vpk"));
    for (const char* base : {"sourceengine", "platform"})
        if (const fs::path dir = gm.parent_path() / base; isDir(dir))
            VESTIGE_CHECK(addGameFolder(m, dir, kGame, base, {}));
    if (options.readMountCfg)
        if (const fs::path cfg = gm / "cfg" / "mount.cfg"; fs::exists(cfg)) {
            auto text = vfs::DirProvider(cfg.parent_path()).read("mount.cfg");
            if (!text) return std::move(text).error().file(cfg.string());
            VESTIGE_TRY(auto games, std::move(parseMountCfg(asChars(*text))).file(cfg.string()));
            for (const auto& g : games) {
                if (!isDir(g.path)) {
                    out.skipped.push_back(fmt::format("{}: {} (not a folder)", g.id, g.path));
                    continue;
                }
                VESTIGE_CHECK(addGameFolder(m, g.path, kGame, g.id, g.id));
            }
        }
    for (const fs::path& extra : options.extra) VESTIGE_CHECK(m.addHost(extra, kGame, "mount:" + extra.string()));
    if (isDir(gm / "download")) VESTIGE_CHECK(m.addHost(gm / "download", kGame | kDownload, "download"));
    if (isDir(gm / "fallbacks")) VESTIGE_CHECK(m.addHost(gm / "fallbacks", kGame | kMod, "fallbacks"));
    if (isDir(gm / "data")) VESTIGE_CHECK(m.addHost(gm / "data", kData, "data"));
    return out;
}

Result<GmodMounts> mountForMap(const GmodOptions& options, ByteView pakfileLump, std::string mapLabel) {
    VESTIGE_TRY(GmodMounts out, mountGmod(options));
    if (!pakfileLump.empty()) VESTIGE_CHECK(out.mounts.addPakfile(pakfileLump, std::move(mapLabel)));
    return out;
}

}  // namespace vestige::source::content
