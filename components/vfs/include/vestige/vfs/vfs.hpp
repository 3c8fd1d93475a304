#pragma once
// Virtual file system.
//
// Paths inside the VFS use '/' (a '\' is read as '/'), are relative, and resolve ASCII
// case-insensitively on every host. ':' separates nesting levels: "data/outer.lib:inner.msh:entry"
// reads "data/outer.lib" from the mounts, opens it as an archive (format found by probing), reads
// "inner.msh" from it, opens that as an archive, and reads "entry".
//
// Rejected in every path segment: "..", ".", empty segments, absolute paths, drive letters, NUL.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::vfs {

struct EntryInfo {
    std::string name;        // as the container spells it ('/'-separated for directories)
    std::uint64_t size = 0;  // uncompressed size
};

// A mounted container: a host directory or an opened archive.
class Provider {
public:
    virtual ~Provider() = default;
    [[nodiscard]] virtual std::string_view kind() const = 0;  // "dir", "nres", "rsli", ...
    // Every entry, in the container's own order (archive directory order; sorted paths for directories).
    [[nodiscard]] virtual Result<std::vector<EntryInfo>> list() const = 0;
    // Reads one entry by the container's lookup rules (ASCII case-insensitive for every format we have).
    // A missing entry fails with an error code ending in ".not_found"; the VFS then tries lower mounts.
    [[nodiscard]] virtual Result<Bytes> read(std::string_view name) const = 0;
    [[nodiscard]] virtual bool contains(std::string_view name) const = 0;
};

// Where an archive's bytes came from, for formats whose content spans sibling files (VPK chunk files next to a
// *_dir.vpk). `name` is the archive's own file name; `hostPath` is set when the archive is a plain host file;
// `readSibling` reads a whole file next to it in its container (the same folder of a mount or of an outer
// archive) by name. The reader keeps its container alive.
struct ArchiveOrigin {
    std::string name;
    std::optional<std::filesystem::path> hostPath;
    std::function<Result<Bytes>(std::string_view siblingName)> readSibling;
};

struct ArchiveServices;  // vestige/vfs/archive_service.hpp

// How the VFS recognises and opens an archive inside a path.
struct ArchiveFormat {
    std::string name;  // "nres"
    std::function<bool(ByteView data, std::string_view fileName)> probe;
    std::function<Result<std::unique_ptr<Provider>>(Bytes data, std::string label)> open;
    // Set by formats with sibling files: the VFS calls it instead of `open`, with what it knows of the origin.
    std::function<Result<std::unique_ptr<Provider>>(Bytes data, std::string label, ArchiveOrigin origin)> openFrom;
    // What the format offers `vestige ls`, `extract` and `pack` (its manifest, name rule and writer); null when it
    // offers none of them.
    std::shared_ptr<const ArchiveServices> services;
};

// `openFrom` when the format has one, else `open`.
[[nodiscard]] Result<std::unique_ptr<Provider>> openArchiveWith(const ArchiveFormat& format, Bytes data,
                                                                std::string label, ArchiveOrigin origin);

class ArchiveRegistry {
public:
    void add(ArchiveFormat format);
    [[nodiscard]] const ArchiveFormat* detect(ByteView data, std::string_view fileName) const;
    [[nodiscard]] const ArchiveFormat* find(std::string_view name) const;
    [[nodiscard]] const std::vector<ArchiveFormat>& formats() const { return mFormats; }

private:
    std::vector<ArchiveFormat> mFormats;
};

// Validates and normalises one VFS path level (no ':'): folds '\' to '/', rejects escapes.
// Returns the segments. Errors: vfs.empty_path, vfs.absolute, vfs.drive_letter, vfs.dot_segment,
// vfs.empty_segment, vfs.nul.
[[nodiscard]] Result<std::vector<std::string>> splitPath(std::string_view path);
// Splits "a.lib:b.msh:c" into levels; the first level may be empty only if the path is empty.
[[nodiscard]] std::vector<std::string> splitLevels(std::string_view spec);
// Validates every level with splitPath and re-joins them with '/' and ':' ("A\\b.lib:c" -> "A/b.lib:c").
[[nodiscard]] Result<std::string> normalizeSpec(std::string_view spec);

// A host directory, resolved case-insensitively segment by segment. Two host names in one
// directory that fold to the same name make lookups of that name fail (vfs.ambiguous).
// Symbolic links that lead outside the root are refused (vfs.escape).
class DirProvider final : public Provider {
public:
    explicit DirProvider(std::filesystem::path root);
    [[nodiscard]] std::string_view kind() const override { return "dir"; }
    [[nodiscard]] Result<std::vector<EntryInfo>> list() const override;
    [[nodiscard]] Result<Bytes> read(std::string_view name) const override;
    [[nodiscard]] bool contains(std::string_view name) const override;
    // The host path a VFS path resolves to (file or directory).
    [[nodiscard]] Result<std::filesystem::path> resolve(std::string_view name) const;
    [[nodiscard]] const std::filesystem::path& root() const { return mRoot; }

private:
    std::filesystem::path mRoot;
};

class Vfs {
public:
    explicit Vfs(const ArchiveRegistry* archives = nullptr) : mArchives(archives) {}

    // Mounts are searched last-mounted first (a later mount overrides an earlier one).
    // mountPoint "" mounts at the root; otherwise it is a normalised VFS directory prefix.
    [[nodiscard]] Status mountDir(std::string_view mountPoint, const std::filesystem::path& hostDir);
    [[nodiscard]] Status mount(std::string_view mountPoint, std::shared_ptr<Provider> provider);

    // Reads a (possibly nested) path.
    [[nodiscard]] Result<Bytes> read(std::string_view path) const;
    [[nodiscard]] bool exists(std::string_view path) const;
    // Opens a (possibly nested) path as an archive provider.
    [[nodiscard]] Result<std::shared_ptr<Provider>> openArchive(std::string_view path) const;

    [[nodiscard]] const ArchiveRegistry* archives() const { return mArchives; }

private:
    struct Mount {
        std::vector<std::string> prefix;
        std::shared_ptr<Provider> provider;
    };
    // A level-0 path's bytes, the mount that served them and the path inside that mount.
    struct Located {
        Bytes data;
        std::shared_ptr<Provider> container;
        std::string entry;
    };
    [[nodiscard]] Result<Bytes> readLevel0(std::string_view path) const;
    [[nodiscard]] Result<Located> locateLevel0(std::string_view path) const;
    const ArchiveRegistry* mArchives;
    std::vector<Mount> mMounts;
    mutable std::mutex mCacheMutex;
    mutable std::map<std::string, std::shared_ptr<Provider>> mArchiveCache;  // keyed by folded path
};

// For the CLI: "host/path/file.lib:entry:inner". The first level is a host path (absolute or relative
// to the working directory, as the user typed it); the remaining levels are archive entries. A first level that
// exists but is not a regular file (a device, a FIFO) is "io.not_regular", never opened.
struct Resolved {
    Bytes data;
    std::string label;     // the whole spec as given
    std::string name;      // the last level's name (entry or file name), for extension probes
    ArchiveOrigin origin;  // where the last level came from, to open it as an archive with its siblings
    std::string hostFile;  // the host file the spec starts in (outputs must never overwrite it)
};
[[nodiscard]] Result<Resolved> openSpec(std::string_view spec, const ArchiveRegistry& archives);
// Opens the archive a spec names (host file or nested entry).
[[nodiscard]] Result<std::shared_ptr<Provider>> openArchiveSpec(std::string_view spec, const ArchiveRegistry& archives);

}  // namespace vestige::vfs
