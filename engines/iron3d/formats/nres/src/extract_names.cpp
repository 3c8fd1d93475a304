// Host file names for extracted entries.
#include "vestige/iron3d/nres/extract_names.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::nres {

std::string hostFileName(std::string_view entryName) {
    std::string out;
    for (unsigned char c : entryName) {
        const bool bad = c < 0x20 || c >= 0x7F ||
                         std::string_view("<>:\"/\\|?*").find(static_cast<char>(c)) != std::string_view::npos;
        out += bad ? '_' : static_cast<char>(c);
    }
    while (!out.empty() && (out.back() == '.' || out.back() == ' ')) out.back() = '_';
    if (out.empty()) return "_";
    static const std::set<std::string> kDevices{"CON",  "PRN",  "AUX",  "NUL",  "COM1", "COM2", "COM3", "COM4",
                                                "COM5", "COM6", "COM7", "COM8", "COM9", "LPT1", "LPT2", "LPT3",
                                                "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9"};
    const std::string stem = asciiUpper(out.substr(0, out.find('.')));
    if (kDevices.count(stem) != 0 || out[0] == '.') out = "_" + out;
    return out;
}

std::string uniqueHostName(const std::string& name, std::set<std::string>& used) {
    if (used.insert(asciiLower(name)).second) return name;
    const auto dot = name.rfind('.');
    const bool hasExt = dot != std::string::npos && dot != 0;
    const std::string stem = hasExt ? name.substr(0, dot) : name;
    const std::string ext = hasExt ? name.substr(dot) : "";
    for (int k = 2;; ++k) {
        std::string candidate = fmt::format("{}~{}{}", stem, k, ext);
        if (used.insert(asciiLower(candidate)).second) return candidate;
    }
}

}  // namespace vestige::iron3d::nres
