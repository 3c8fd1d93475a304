#pragma once
// Content mounts: the ordered search path a Source game reads materials, models, sounds and Lua through.
//
//   Mounts                         one lookup, first mount that has the path wins
//   ├── 0  pakfile (map)           BSP GAME          a loaded map's PAKFILE lump, always first
//   ├── 1  addons/<a>/, <b>.gma    GAME THIRDPARTY   (+ WORKSHOP for .gma), sorted by folded name
//   ├── 2  garrysmod/overrides/    GAME MOD          when present
//   ├── 3  garrysmod/              GAME MOD          loose files
//   ├── 4  garrysmod/garrysmod_dir.vpk  GAME MOD
//   ├── 5  sourceengine/, hl2_*_dir.vpk  GAME        beside garrysmod/
//   ├── 6  platform/, platform_misc_dir.vpk  GAME
//   ├── 7  mount.cfg games, --mount  GAME + the game's own id
//   ├── 8  garrysmod/download/     GAME DOWNLOAD
//   ├── 9  garrysmod/fallbacks/    GAME MOD          when present
//   └──    garrysmod/data/         DATA              (rooted at data/)
//
// The order is the GAME search order of the GMod wiki's Filesystem page (see docs/content.md for which parts are
// our choice). Paths are matched ASCII case-insensitively with '\' read as '/' (every provider does this).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::content {

// Path ids of GMod's `file` library, as bits of Mount::pathIds. LUA is GAME's `lua/` subtree (see luaPath).
namespace pathid {
constexpr std::uint32_t kGame = 1, kMod = 2, kBsp = 4, kDownload = 8, kThirdParty = 16, kWorkshop = 32, kData = 64;
constexpr std::uint32_t kAll = 0xFFFFFFFFu;
}  // namespace pathid
// "GAME", "MOD", "BSP", "DOWNLOAD", "THIRDPARTY", "WORKSHOP", "DATA" (case-insensitive) -> bits; nullopt otherwise.
[[nodiscard]] std::optional<std::uint32_t> pathIdBits(std::string_view id);
// "GAME MOD" style names of a bit set, for listings.
[[nodiscard]] std::string pathIdNames(std::uint32_t bits);

enum class MountKind { Pakfile, Dir, Gma, Vpk };
[[nodiscard]] std::string_view kindName(MountKind kind);

struct Mount {
    std::string name;  // "pakfile", "garrysmod", "addons/foo.gma", "cstrike", ...
    MountKind kind = MountKind::Dir;
    std::string origin;  // host path of the folder or archive ("" for a pakfile)
    std::uint32_t pathIds = pathid::kGame;
    std::string gameId;  // mount.cfg key ("cstrike"): a path id of its own; empty otherwise
    std::shared_ptr<const vfs::Provider> provider;
    std::size_t entries = 0;  // files the mount lists
};

class Mounts {
public:
    // Appends at the lowest priority so far.
    void add(Mount mount);
    // Inserts before every other mount (a map's pakfile).
    void addFirst(Mount mount);
    // A host folder (entries = its files) or a .gma / .vpk archive; a `*_dir.vpk` may be named without `_dir`
    // ("pak01.vpk" finds "pak01_dir.vpk"), and a directory file without the suffix reads "<stem>_NNN.vpk" chunks.
    [[nodiscard]] Status addHost(const std::filesystem::path& path, std::uint32_t pathIds, std::string name = {});
    // The map's PAKFILE lump (stored ZIP), as mount 0.
    [[nodiscard]] Status addPakfile(ByteView lump, std::string mapName);

    // Names every mount from index `from` on as part of the game `gameId` (a mount.cfg entry).
    void setGameId(std::size_t from, const std::string& gameId);

    [[nodiscard]] const std::vector<Mount>& mounts() const { return mMounts; }
    // Index of the first mount in `pathIds` that has `path`.
    [[nodiscard]] std::optional<std::size_t> which(std::string_view path, std::uint32_t pathIds = pathid::kAll) const;
    [[nodiscard]] bool exists(std::string_view path, std::uint32_t pathIds = pathid::kAll) const {
        return which(path, pathIds).has_value();
    }
    // The bytes from the first mount that has the path; "content.not_found" naming the path otherwise. A mount
    // that lists the path but fails to read it (CRC, missing chunk) is an error, never a fall-through.
    [[nodiscard]] Result<Bytes> read(std::string_view path, std::uint32_t pathIds = pathid::kAll) const;
    // Every mount that has the path, in search order (what shadows what).
    [[nodiscard]] std::vector<std::size_t> all(std::string_view path, std::uint32_t pathIds = pathid::kAll) const;

private:
    std::vector<Mount> mMounts;
};

// "lua/" + path: LUA path id lookups go through GAME (the realm split lsv/lcl is the Lua runtime's business).
[[nodiscard]] std::string luaPath(std::string_view path);

// Folds a lookup path: '\' -> '/', leading "./" and '/' dropped. The providers fold case themselves.
[[nodiscard]] std::string normalizePath(std::string_view path);

}  // namespace vestige::source::content
