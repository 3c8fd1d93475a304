// Mounts: ordered lookup over folders, GMAs, VPKs and a map's pakfile.
#include "vestige/source/content/mounts.hpp"

#include <fmt/format.h>

#include <array>
#include <system_error>

#include "pakfile_provider.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/gma/gma.hpp"
#include "vestige/source/gma/register.hpp"
#include "vestige/source/vpk/register.hpp"
#include "vestige/source/vpk/vpk.hpp"
#include "vestige/vfs/archive_provider.hpp"

namespace vestige::source::content {
namespace {

struct IdName {
    std::string_view name;
    std::uint32_t bit;
};
constexpr std::array<IdName, 7> kIds{{{"GAME", pathid::kGame},
                                      {"MOD", pathid::kMod},
                                      {"BSP", pathid::kBsp},
                                      {"DOWNLOAD", pathid::kDownload},
                                      {"THIRDPARTY", pathid::kThirdParty},
                                      {"WORKSHOP", pathid::kWorkshop},
                                      {"DATA", pathid::kData}}};

Result<Bytes> readHostFile(const std::filesystem::path& path) {
    auto data = vfs::DirProvider(path.parent_path()).read(path.filename().string());
    if (!data) return std::move(data).error().file(path.string());
    return data;
}

// GMA through the format's own provider (Compatible profile, CRC checked on every read).
struct GmaAccess {
    static constexpr std::string_view kKind = "gma";
    [[nodiscard]] std::vector<vfs::EntryInfo> list(const gma::Addon& a) const {
        std::vector<vfs::EntryInfo> out;
        for (const auto& f : a.files()) out.push_back({f.path, static_cast<std::uint64_t>(f.size)});
        return out;
    }
    [[nodiscard]] std::optional<std::size_t> find(const gma::Addon& a, std::string_view n) const { return a.find(n); }
    [[nodiscard]] Result<Bytes> load(const gma::Addon& a, std::size_t i) const { return a.load(i, true); }
};

// "pak01.vpk" when only "pak01_dir.vpk" exists beside it.
std::filesystem::path withDirSuffix(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) || !endsWithNoCase(path.filename().string(), ".vpk")) return path;
    std::filesystem::path dir = path;
    dir.replace_filename(path.stem().string() + "_dir.vpk");
    return std::filesystem::exists(dir, ec) ? dir : path;
}

Result<std::unique_ptr<vfs::Provider>> openVpk(const std::filesystem::path& path) {
    VESTIGE_TRY(Bytes data, readHostFile(path));
    const std::string fileName = path.filename().string();
    std::shared_ptr<const vpk::ChunkSource> chunks = vpk::hostChunksFor(path.string(), data);
    // A directory file named without "_dir": its chunks are "<stem>_NNN.vpk" (ValvePak reads them the same way).
    if (!chunks) chunks = std::make_shared<vpk::HostChunks>(path.parent_path(), path.stem().string());
    auto archive = vpk::Archive::read(std::move(data), vpk::Profile::Compatible);
    if (!archive) return std::move(archive).error().file(path.string());
    return vpk::makeProvider(std::move(*archive), std::move(chunks), path.string());
}

std::size_t countEntries(const vfs::Provider& provider) {
    auto listed = provider.list();
    return listed ? listed->size() : 0;
}

}  // namespace

std::optional<std::uint32_t> pathIdBits(std::string_view id) {
    for (const auto& [name, bit] : kIds)
        if (iequals(name, id)) return bit;
    return std::nullopt;
}

std::string pathIdNames(std::uint32_t bits) {
    std::string out;
    for (const auto& [name, bit] : kIds)
        if (bits & bit) out += (out.empty() ? "" : " ") + std::string(name);
    return out;
}

std::string_view kindName(MountKind kind) {
    switch (kind) {
        case MountKind::Pakfile:
            return "pakfile";
        case MountKind::Dir:
            return "dir";
        case MountKind::Gma:
            return "gma";
        case MountKind::Vpk:
            return "vpk";
    }
    return "?";
}

std::string normalizePath(std::string_view path) {
    std::string s(path);
    for (char& c : s)
        if (c == '\\') c = '/';
    while (s.starts_with("./")) s.erase(0, 2);
    while (s.starts_with('/')) s.erase(0, 1);
    return s;
}

std::string luaPath(std::string_view path) { return "lua/" + normalizePath(path); }

void Mounts::add(Mount mount) { mMounts.push_back(std::move(mount)); }
void Mounts::addFirst(Mount mount) { mMounts.insert(mMounts.begin(), std::move(mount)); }
void Mounts::setGameId(std::size_t from, const std::string& gameId) {
    for (std::size_t i = from; i < mMounts.size(); ++i) mMounts[i].gameId = gameId;
}

Status Mounts::addHost(const std::filesystem::path& hostPath, std::uint32_t pathIds, std::string name) {
    std::error_code ec;
    const std::filesystem::path path = withDirSuffix(hostPath);
    Mount m;
    m.name = name.empty() ? path.filename().string() : std::move(name);
    m.origin = path.string();
    m.pathIds = pathIds;
    if (std::filesystem::is_directory(path, ec)) {
        m.kind = MountKind::Dir;
        m.provider = std::make_shared<vfs::DirProvider>(path);
    } else if (endsWithNoCase(path.string(), ".gma")) {
        VESTIGE_TRY(Bytes data, readHostFile(path));
        m.kind = MountKind::Gma;
        VESTIGE_TRY(auto provider, vfs::provideArchive<GmaAccess>(
                                       gma::Addon::read(std::move(data), gma::Profile::Compatible), path.string()));
        m.provider = std::move(provider);
    } else if (endsWithNoCase(path.string(), ".vpk")) {
        m.kind = MountKind::Vpk;
        VESTIGE_TRY(auto provider, openVpk(path));
        m.provider = std::move(provider);
    } else if (!std::filesystem::exists(path, ec)) {
        return Error("content.not_found", "nothing to mount at this path").file(path.string());
    } else {
        return Error("content.mount_kind", "a mount is a folder, a .gma or a .vpk")
            .file(path.string())
            .expected("folder | .gma | .vpk");
    }
    m.entries = countEntries(*m.provider);
    add(std::move(m));
    return okStatus();
}

Status Mounts::addPakfile(ByteView lump, std::string mapName) {
    VESTIGE_TRY(auto provider, openPakfile(lump, mapName + ":pakfile"));
    Mount m;
    m.name = "pakfile";
    m.kind = MountKind::Pakfile;
    m.origin = std::move(mapName);
    m.pathIds = pathid::kBsp | pathid::kGame;
    m.entries = countEntries(*provider);
    m.provider = std::move(provider);
    addFirst(std::move(m));
    return okStatus();
}

std::vector<std::size_t> Mounts::all(std::string_view path, std::uint32_t pathIds) const {
    const std::string p = normalizePath(path);
    std::vector<std::size_t> out;
    if (p.empty()) return out;
    for (std::size_t i = 0; i < mMounts.size(); ++i)
        if ((mMounts[i].pathIds & pathIds) && mMounts[i].provider->contains(p)) out.push_back(i);
    return out;
}

std::optional<std::size_t> Mounts::which(std::string_view path, std::uint32_t pathIds) const {
    const std::string p = normalizePath(path);
    if (p.empty()) return std::nullopt;
    for (std::size_t i = 0; i < mMounts.size(); ++i)
        if ((mMounts[i].pathIds & pathIds) && mMounts[i].provider->contains(p)) return i;
    return std::nullopt;
}

Result<Bytes> Mounts::read(std::string_view path, std::uint32_t pathIds) const {
    const auto index = which(path, pathIds);
    if (!index)
        return Error("content.not_found", fmt::format("no mount has '{}'", path))
            .entry(std::string(path))
            .expected(pathIdNames(pathIds));
    const Mount& m = mMounts[*index];
    auto data = m.provider->read(normalizePath(path));
    if (!data) return std::move(data).error().in("mount", m.name);
    return data;
}

}  // namespace vestige::source::content
