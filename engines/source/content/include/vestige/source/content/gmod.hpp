#pragma once
// Garry's Mod's mount list from an install folder (the `garrysmod/` directory, VESTIGE_GMOD_DIR).
#include <filesystem>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/content/mounts.hpp"

namespace vestige::source::content {

struct GmodOptions {
    std::filesystem::path gmodDir;             // .../GarrysMod/garrysmod; empty = none
    std::vector<std::filesystem::path> extra;  // --mount: folders or archives, after the mount.cfg games
    bool readMountCfg = true;                  // garrysmod/cfg/mount.cfg
};

// One entry of cfg/mount.cfg: `"cstrike" "C:\...\cstrike"` inside "mountcfg" { }.
struct MountCfgEntry {
    std::string id;
    std::string path;
};
// Parses mount.cfg text (KeyValues; `//` lines are comments). Errors: keyvalues.*, "content.mountcfg" when the
// root block is not "mountcfg".
[[nodiscard]] Result<std::vector<MountCfgEntry>> parseMountCfg(std::string_view text);

// The mounts in GMod's order (mounts.hpp). Folders that do not exist are skipped; a mount.cfg game whose folder is
// missing is skipped and named in `skipped`. An empty gmodDir mounts only `extra`. Errors: "content.no_gmod_dir"
// (gmodDir not a folder), and any archive that fails to open (named by file).
struct GmodMounts {
    Mounts mounts;
    std::vector<std::string> skipped;  // "cstrike: /path (not a folder)"
};
[[nodiscard]] Result<GmodMounts> mountGmod(const GmodOptions& options);
// mountGmod plus a map's PAKFILE lump (stored ZIP) as mount 0; an empty lump adds nothing.
[[nodiscard]] Result<GmodMounts> mountForMap(const GmodOptions& options, ByteView pakfileLump, std::string mapLabel);

}  // namespace vestige::source::content
