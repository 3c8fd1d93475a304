// The `file` library over GMod's path ids. Every name goes through vfs::splitPath (no "..", no
// absolute paths, no drive letters) and is resolved by vfs::DirProvider under each root of the
// path id (case-insensitive; symlinks may not lead out). Writes go only under DATA, never through
// a symlink, with GMod's extension whitelist; file names written are lower-cased as GMod does. file.Open and the
// File object (file_object.cpp) go through the same two doors (readGameFile, dataWriteTarget).
#include <algorithm>
#include <chrono>
#include <set>

#include "server_api.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::glua {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxRead = std::uintmax_t(64) << 20;

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

struct Located {
    fs::path host;
    const EmbeddedFile* embedded = nullptr;
    bool isDir = false;
};

// "nil/false" -> DATA, "true" -> GAME, otherwise the string.
const char* pathIdArg(lua_State* L, int idx) {
    if (lua_isnoneornil(L, idx) || (lua_type(L, idx) == LUA_TBOOLEAN && !lua_toboolean(L, idx))) return "DATA";
    if (lua_type(L, idx) == LUA_TBOOLEAN) return "GAME";
    return luaL_checkstring(L, idx);
}

std::optional<Located> locate(Runtime& rt, const std::string& name, const std::string& pathId) {
    if (!vfs::splitPath(name).ok()) return std::nullopt;
    bool embedded = false;
    for (const auto& root : pathIdRoots(rt, pathId, &embedded)) {
        std::error_code ec;
        if (!fs::is_directory(root, ec)) continue;
        vfs::DirProvider dir(root);
        auto p = dir.resolve(name);
        if (!p) continue;
        Located l;
        l.host = *p;
        l.isDir = fs::is_directory(*p, ec);
        return l;
    }
    if (embedded) {
        for (const char* prefix : {"lua/", "gamemodes/"}) {
            const std::string full = prefix + name;
            for (std::size_t i = 0; i < kEmbeddedLuaCount; ++i) {
                if (iequals(kEmbeddedLua[i].path, full)) return Located{{}, &kEmbeddedLua[i], false};
                const std::string_view p(kEmbeddedLua[i].path);
                if (p.size() > full.size() && p[full.size()] == '/' && iequals(p.substr(0, full.size()), full))
                    return Located{{}, nullptr, true};
            }
        }
    }
    return std::nullopt;
}

std::optional<std::string> readLocated(const Located& l) {
    if (l.isDir) return std::nullopt;
    if (l.embedded) return std::string(reinterpret_cast<const char*>(l.embedded->data), l.embedded->size);
    std::error_code ec;
    if (fs::file_size(l.host, ec) > kMaxRead || ec) return std::nullopt;
    auto bytes = readFile(l.host);
    if (!bytes) return std::nullopt;
    return std::string(asChars(*bytes));
}

bool writableExtension(std::string_view name) {
    for (const char* ext :
         {".txt", ".dat", ".json", ".xml", ".csv", ".jpg", ".jpeg", ".png", ".vtf", ".vmt", ".mp3", ".wav", ".ogg"})
        if (endsWithNoCase(name, ext)) return true;
    return false;
}

// The host path a DATA write goes to, or an error code for the warning.
Result<fs::path> resolveWrite(Runtime& rt, const std::string& nameIn, bool directory) {
    if (!rt.options().dataDir) return Error("glua.file.no_data", "no DATA directory configured");
    const std::string name = asciiLower(nameIn);
    VESTIGE_TRY(auto segments, vfs::splitPath(name));
    if (!directory && !writableExtension(name))
        return Error("glua.file.extension", "file.Write only writes .txt/.dat/.json/... files").entry(name);
    const fs::path& data = *rt.options().dataDir;
    std::error_code ec;
    fs::create_directories(data, ec);
    vfs::DirProvider dir(data);
    fs::path parent = dir.root();
    if (segments.size() > 1) {
        std::string parentName;
        for (std::size_t i = 0; i + 1 < segments.size(); ++i) parentName += (i ? "/" : "") + segments[i];
        VESTIGE_TRY(parent, dir.resolve(parentName));
        if (!fs::is_directory(parent, ec)) return Error("glua.file.no_dir", "parent directory missing").entry(name);
    }
    auto existing = dir.resolve(name);
    fs::path target = existing ? *existing : parent / segments.back();
    if (fs::is_symlink(target, ec))
        return Error("glua.file.symlink", "refusing to write through a symlink").entry(name);
    return target;
}

int fRead(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const char* pathId = pathIdArg(L, 2);
    std::optional<std::string> data;
    {
        auto l = locate(rtOf(L), name, pathId);
        if (l) data = readLocated(*l);
    }
    if (!data) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushlstring(L, data->data(), data->size());
    return 1;
}

int fExists(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const char* pathId = luaL_optstring(L, 2, "GAME");
    lua_pushboolean(L, locate(rtOf(L), name, pathId).has_value());
    return 1;
}

int fIsDir(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const char* pathId = luaL_optstring(L, 2, "GAME");
    auto l = locate(rtOf(L), name, pathId);
    lua_pushboolean(L, l && l->isDir);
    return 1;
}

int fSize(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const char* pathId = luaL_optstring(L, 2, "GAME");
    lua_Number size = -1;
    if (auto l = locate(rtOf(L), name, pathId); l && !l->isDir) {
        std::error_code ec;
        size = l->embedded ? static_cast<lua_Number>(l->embedded->size)
                           : static_cast<lua_Number>(fs::file_size(l->host, ec));
        if (ec) size = -1;
    }
    lua_pushnumber(L, size);
    return 1;
}

int fTime(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    const char* pathId = luaL_optstring(L, 2, "GAME");
    lua_Number t = 0;
    if (auto l = locate(rtOf(L), name, pathId); l && !l->embedded) {
        std::error_code ec;
        const auto ft = fs::last_write_time(l->host, ec);
        if (!ec)
            t = static_cast<lua_Number>(
                std::chrono::duration_cast<std::chrono::seconds>(std::chrono::file_clock::to_sys(ft).time_since_epoch())
                    .count());
    }
    lua_pushnumber(L, t);
    return 1;
}

bool writeImpl(Runtime& rt, const char* name, std::string_view data, bool append) {
    auto target = resolveWrite(rt, name, false);
    if (!target) {
        warn(rt, "file.Write refused '" + std::string(name) + "': " + target.error().render());
        return false;
    }
    std::string content;
    if (append) {
        if (auto old = readFile(*target)) content.assign(asChars(*old));
    }
    content.append(data);
    auto st = writeFileAtomic(*target, std::string_view(content));
    if (!st) warn(rt, "file.Write failed: " + st.error().render());
    return st.ok();
}

int fWrite(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    std::size_t len = 0;
    const char* data = luaL_checklstring(L, 2, &len);
    (void)writeImpl(rtOf(L), name, std::string_view(data, len), false);
    return 0;
}

int fAppend(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    std::size_t len = 0;
    const char* data = luaL_checklstring(L, 2, &len);
    (void)writeImpl(rtOf(L), name, std::string_view(data, len), true);
    return 0;
}

void createDirImpl(Runtime& rt, const char* nameIn) {
    if (!rt.options().dataDir) return;
    auto segments = vfs::splitPath(asciiLower(nameIn));
    if (!segments) {
        warn(rt, "file.CreateDir refused '" + std::string(nameIn) + "': " + segments.error().render());
        return;
    }
    std::error_code ec;
    fs::create_directories(*rt.options().dataDir, ec);
    vfs::DirProvider dir(*rt.options().dataDir);
    std::string sofar;
    fs::path cur = dir.root();
    for (const auto& seg : *segments) {
        sofar += (sofar.empty() ? "" : "/") + seg;
        auto existing = dir.resolve(sofar);
        if (existing) {
            if (!fs::is_directory(*existing, ec)) return;
            cur = *existing;
            continue;
        }
        if (existing.error().code() != "vfs.not_found") {
            warn(rt, "file.CreateDir refused '" + std::string(nameIn) + "': " + existing.error().render());
            return;
        }
        cur /= seg;
        fs::create_directory(cur, ec);
        if (ec) return;
    }
}

int fCreateDir(lua_State* L) {
    createDirImpl(rtOf(L), luaL_checkstring(L, 1));
    return 0;
}

void deleteImpl(Runtime& rt, const char* name) {
    if (!rt.options().dataDir || !vfs::splitPath(name).ok()) return;
    vfs::DirProvider dir(*rt.options().dataDir);
    auto p = dir.resolve(name);
    std::error_code ec;
    if (p && !fs::is_symlink(*p, ec) && fs::is_regular_file(*p, ec)) fs::remove(*p, ec);
}

int fDelete(lua_State* L) {
    deleteImpl(rtOf(L), luaL_checkstring(L, 1));
    return 0;
}

struct FindResult {
    std::vector<std::string> files, dirs;
};

FindResult findImpl(Runtime& rt, const std::string& pattern, const std::string& pathId, bool descending) {
    FindResult r;
    std::string dirPart, mask = pattern;
    if (const auto slash = pattern.rfind('/'); slash != std::string::npos) {
        dirPart = pattern.substr(0, slash);
        mask = pattern.substr(slash + 1);
    }
    if (!dirPart.empty() && !vfs::splitPath(dirPart).ok()) return r;
    std::set<std::string> seenFiles, seenDirs;
    auto add = [&](const std::string& name, bool isDir) {
        if (!globMatch(mask, name)) return;
        if (isDir ? seenDirs.insert(asciiLower(name)).second : seenFiles.insert(asciiLower(name)).second)
            (isDir ? r.dirs : r.files).push_back(name);
    };
    bool embedded = false;
    for (const auto& root : pathIdRoots(rt, pathId, &embedded)) {
        std::error_code ec;
        if (!fs::is_directory(root, ec)) continue;
        vfs::DirProvider provider(root);
        fs::path dir = provider.root();
        if (!dirPart.empty()) {
            auto p = provider.resolve(dirPart);
            if (!p) continue;
            dir = *p;
        }
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string name = it->path().filename().string();
            if (it->is_symlink(ec)) {
                if (!provider.resolve(dirPart.empty() ? name : dirPart + "/" + name)) continue;  // leads outside
            }
            add(name, it->is_directory(ec));
        }
    }
    if (embedded) {
        for (const char* prefix : {"lua/", "gamemodes/"}) {
            const std::string base = prefix + (dirPart.empty() ? std::string() : dirPart + "/");
            for (std::size_t i = 0; i < kEmbeddedLuaCount; ++i) {
                const std::string_view p(kEmbeddedLua[i].path);
                if (p.size() <= base.size() || !iequals(p.substr(0, base.size()), base)) continue;
                const std::string_view rest = p.substr(base.size());
                const auto slash = rest.find('/');
                if (slash == std::string_view::npos)
                    add(std::string(rest), false);
                else
                    add(std::string(rest.substr(0, slash)), true);
            }
        }
    }
    auto order = [descending](const std::string& a, const std::string& b) {
        const int c = icompareLower(a, b);
        return descending ? c > 0 : c < 0;
    };
    std::sort(r.files.begin(), r.files.end(), order);
    std::sort(r.dirs.begin(), r.dirs.end(), order);
    return r;
}

void pushList(lua_State* L, const std::vector<std::string>& names) {
    lua_createtable(L, static_cast<int>(names.size()), 0);
    int i = 0;
    for (const auto& n : names) {
        lua_pushlstring(L, n.data(), n.size());
        lua_rawseti(L, -2, ++i);
    }
}

int fFind(lua_State* L) {
    const char* pattern = luaL_checkstring(L, 1);
    const char* pathId = luaL_checkstring(L, 2);
    const char* sorting = luaL_optstring(L, 3, "nameasc");
    const bool descending = std::string_view(sorting) == "namedesc" || std::string_view(sorting) == "datedesc";
    FindResult r = findImpl(rtOf(L), pattern, pathId, descending);
    pushList(L, r.files);
    pushList(L, r.dirs);
    return 2;
}

const luaL_Reg kFile[] = {{"Read", fRead},           {"Write", fWrite},   {"Append", fAppend}, {"Exists", fExists},
                          {"IsDir", fIsDir},         {"Size", fSize},     {"Time", fTime},     {"Find", fFind},
                          {"CreateDir", fCreateDir}, {"Delete", fDelete}, {nullptr, nullptr}};

}  // namespace

std::optional<std::string> readGameFile(Runtime& rt, const std::string& name, const std::string& pathId) {
    auto l = locate(rt, name, pathId);
    return l ? readLocated(*l) : std::nullopt;
}
Result<std::filesystem::path> dataWriteTarget(Runtime& rt, const std::string& name) {
    return resolveWrite(rt, name, false);
}

void openFile(Runtime& /*rt*/, lua_State* L) {
    lua_newtable(L);
    setFuncs(L, kFile);
    lua_setglobal(L, "file");
}

}  // namespace vestige::source::glua
