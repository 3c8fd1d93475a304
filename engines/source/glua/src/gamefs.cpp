// Game search paths: host roots (addons, the GMod install) resolved through vfs::DirProvider
// (case-insensitive, no "..", symlinks may not leave the root), then the embedded base library.
#include <algorithm>
#include <set>

#include "internal.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::glua {

namespace fs = std::filesystem;

bool globMatch(std::string_view pattern, std::string_view name) {
    // '*' matches any run, '?' one byte; ASCII case-insensitive like GMod's file.Find.
    std::size_t p = 0, n = 0, starP = std::string_view::npos, starN = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || asciiLower(pattern[p]) == asciiLower(name[n]))) {
            ++p;
            ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            starP = p++;
            starN = n;
        } else if (starP != std::string_view::npos) {
            p = starP + 1;
            n = ++starN;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

std::optional<FoundFile> findGameFile(Runtime& rt, const std::string& virtualPath) {
    auto& impl = implOf(rt);
    if (!vfs::splitPath(virtualPath).ok()) return std::nullopt;
    for (const auto& root : impl.roots) {
        vfs::DirProvider dir(root);
        auto path = dir.resolve(virtualPath);
        std::error_code ec;
        if (!path || !fs::is_regular_file(*path, ec)) continue;
        auto bytes = readFile(*path);
        if (!bytes) continue;
        return FoundFile{virtualPath, std::string(asChars(*bytes))};
    }
    if (impl.useEmbedded) {
        for (std::size_t i = 0; i < kEmbeddedLuaCount; ++i) {
            if (iequals(kEmbeddedLua[i].path, virtualPath))
                return FoundFile{kEmbeddedLua[i].path, std::string(reinterpret_cast<const char*>(kEmbeddedLua[i].data),
                                                                   kEmbeddedLua[i].size)};
        }
    }
    return std::nullopt;
}

std::vector<std::string> findGameFiles(Runtime& rt, const std::string& dirPath, const std::string& suffix) {
    return findGameEntries(rt, dirPath, suffix, false);
}

std::vector<std::string> findGameEntries(Runtime& rt, const std::string& dirPath, const std::string& suffix,
                                         bool directories) {
    std::set<std::string> names;  // folded names dedupe; sorted output is deterministic
    std::vector<std::string> out;
    for (const auto& root : implOf(rt).roots) {
        vfs::DirProvider dir(root);
        auto path = dir.resolve(dirPath);
        std::error_code ec;
        if (!path || !fs::is_directory(*path, ec)) continue;
        for (fs::directory_iterator it(*path, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string name = it->path().filename().string();
            const bool kind = directories ? it->is_directory(ec) : it->is_regular_file(ec);
            if (!kind || !endsWithNoCase(name, suffix)) continue;
            if (names.insert(asciiLower(name)).second) out.push_back(name);
        }
    }
    // The embedded library's files under dirPath (standalone mode: the base gamemode's entities and weapons).
    if (implOf(rt).useEmbedded) {
        const std::string prefix = dirPath + "/";
        for (std::size_t i = 0; i < kEmbeddedLuaCount; ++i) {
            const std::string_view path = kEmbeddedLua[i].path;
            if (path.size() <= prefix.size() || !iequals(path.substr(0, prefix.size()), prefix)) continue;
            const std::string_view rest = path.substr(prefix.size());
            const auto slash = rest.find('/');
            if (directories != (slash != std::string_view::npos)) continue;
            const std::string name(directories ? rest.substr(0, slash) : rest);
            if (!endsWithNoCase(name, suffix)) continue;
            if (names.insert(asciiLower(name)).second) out.push_back(name);
        }
    }
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return icompareLower(a, b) < 0; });
    return out;
}

std::vector<fs::path> pathIdRoots(Runtime& rt, const std::string& pathIdIn, bool* embeddedLua) {
    const std::string pathId = asciiUpper(pathIdIn);
    auto& impl = implOf(rt);
    std::vector<fs::path> out;
    if (embeddedLua) *embeddedLua = false;
    if (pathId == "DATA") {
        if (rt.options().dataDir) out.push_back(*rt.options().dataDir);
    } else if (pathId == "LUA" || pathId == "LSV" || pathId == "LCL") {
        // GMod mounts each gamemode's entities/ folder into the LUA path too (a SWEP's Folder "weapons/x" finds
        // gamemodes/<g>/entities/weapons/x); the active gamemode first.
        const std::vector<std::string> chain = gamemodeChain(rt);
        for (const auto& r : impl.roots) {
            out.push_back(r / "lua");
            out.push_back(r / "gamemodes");
            for (auto it = chain.rbegin(); it != chain.rend(); ++it) out.push_back(r / "gamemodes" / *it / "entities");
        }
        if (embeddedLua) *embeddedLua = impl.useEmbedded;
    } else if (pathId == "MOD") {
        if (rt.options().gmodDir)
            out.push_back(*rt.options().gmodDir);
        else if (!impl.roots.empty())
            out.push_back(impl.roots.front());
    } else if (pathId == "GAME" || pathId == "WORKSHOP" || pathId == "THIRDPARTY" || pathId == "DOWNLOAD") {
        out = impl.roots;
    }
    // BASE_PATH, EXECUTABLE_PATH and unknown ids: nothing (outside the sandbox).
    return out;
}

}  // namespace vestige::source::glua
