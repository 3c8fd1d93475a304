#pragma once
// Host file names for extracted archive entries (used by `vestige extract` for NRes and RsLi).
#include <set>
#include <string>
#include <string_view>

namespace vestige::iron3d::nres {

// A safe host file name for an entry name: separators, control, reserved (<>:"/\|?*) and non-ASCII
// bytes become '_'; no trailing dot or space; never empty, never starting with '.', never a Windows
// device name (CON, NUL, COM1, ...). The result never leaves the output directory.
[[nodiscard]] std::string hostFileName(std::string_view entryName);
// Makes `name` unique among `used` (compared ASCII case-insensitively, since hosts may fold case) by
// inserting "~2", "~3", ... before the extension, and records it in `used` (lower-cased).
[[nodiscard]] std::string uniqueHostName(const std::string& name, std::set<std::string>& used);

}  // namespace vestige::iron3d::nres
