#pragma once
// Entry names meeting hosts and terminals: the one rule every archive format's extraction uses to turn entry names
// into host paths that stay inside the output folder, and the escaping of names in human output.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/result.hpp"

namespace vestige::vfs {

// Text safe to print on a terminal: printable ASCII and valid UTF-8 stay; C0 controls, DEL, C1 controls (U+0080..
// U+009F, which terminals read as escape introducers) and bytes that are not valid UTF-8 show as \xNN, one per
// byte. JSON output keeps the raw name instead (JSON-escaped).
[[nodiscard]] std::string printable(std::string_view text);

// A safe host file name for one name segment: separators, control, reserved (<>:"/\|?*) and non-ASCII bytes become
// '_'; no trailing dot or space; never empty, never starting with '.', never a Windows device name (CON, NUL, COM1,
// ...). The result is one path segment that cannot leave its folder.
[[nodiscard]] std::string hostFileName(std::string_view segment);

// The rule for entry paths of the path-keyed formats (VPK, GMA), shared by their writers (pack) and extraction:
// what splitPath accepts ('/' or '\' between segments; no empty, '.' or '..' segment, no absolute path, drive letter,
// ':' or NUL), at most kMaxSegmentBytes per segment and kMaxPathBytes in all (what host file systems take).
// Errors: splitPath's vfs.* codes, "vfs.name_too_long".
inline constexpr std::size_t kMaxSegmentBytes = 255;
inline constexpr std::size_t kMaxPathBytes = 1024;
[[nodiscard]] Status checkEntryPath(std::string_view name);

// Assigns host paths to entries as they are extracted, so that no two collide on a case-insensitive host: each
// segment goes through hostFileName; a folder keeps the spelling it was first created with; a file name already
// taken in its folder (by a file or a folder, compared ASCII case-insensitively) gets "~2", "~3", ... before its
// extension. `reserved` are top-level names no entry may take (the manifest).
class HostNames {
public:
    explicit HostNames(const std::vector<std::string>& reserved = {});
    ~HostNames();
    HostNames(const HostNames&) = delete;
    HostNames& operator=(const HostNames&) = delete;

    struct Placed {
        std::string path;    // '/'-separated, relative to the output folder
        std::string reason;  // "" (the entry's own name), "sanitised" (unsafe bytes replaced) or "collision"
    };
    // `segments` is the entry's name split at its separators (one segment for archives of flat names).
    [[nodiscard]] Placed place(const std::vector<std::string>& segments);

private:
    struct Node;
    std::unique_ptr<Node> mRoot;
};

}  // namespace vestige::vfs
