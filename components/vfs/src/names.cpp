#include "vestige/vfs/names.hpp"

#include <fmt/format.h>

#include <set>

#include "vestige/core/text.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (shortest form, no surrogates, at most U+10FFFF); 0 if none.
std::size_t utf8Length(std::string_view s, std::size_t i, std::uint32_t& codePoint) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    std::size_t n = 0;
    std::uint32_t cp = 0, min = 0;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1Fu, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0Fu, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07u, min = 0x10000;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    codePoint = cp;
    return n;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        std::uint32_t cp = 0;
        const std::size_t n = c >= 0x80 ? utf8Length(text, i, cp) : 0;
        const bool keep = n > 0 && !(cp >= 0x80 && cp <= 0x9F);
        const std::size_t span = n > 0 ? n : 1;
        if (keep) {
            out.append(text.substr(i, span));
        } else {
            for (std::size_t k = 0; k < span; ++k)
                out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i + k]));
        }
        i += span;
    }
    return out;
}

std::string hostFileName(std::string_view segment) {
    std::string out;
    for (unsigned char c : segment) {
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

Status checkEntryPath(std::string_view name) {
    VESTIGE_TRY(auto segments, splitPath(name));
    auto tooLong = [&](std::size_t limit, std::size_t size, const char* what) {
        Error e("vfs.name_too_long", fmt::format("{} is longer than host file systems take", what));
        e.in("path", std::string(name.substr(0, 80)))
            .expected(fmt::format("at most {} bytes", limit))
            .actual(std::to_string(size));
        return e;
    };
    if (name.size() > kMaxPathBytes) return tooLong(kMaxPathBytes, name.size(), "the path");
    for (const auto& s : segments)
        if (s.size() > kMaxSegmentBytes) return tooLong(kMaxSegmentBytes, s.size(), "a path segment");
    return {};
}

// One folder of the extraction: its children by folded name.
struct HostNames::Node {
    std::string spelling;
    bool folder = false;
    std::map<std::string, std::unique_ptr<Node>> children;

    // `name`, or the first "stem~k.ext" (k = 2, 3, ...) no child of this folder folds to.
    [[nodiscard]] std::string unique(const std::string& name) const {
        if (children.count(asciiLower(name)) == 0) return name;
        const auto dot = name.rfind('.');
        const bool hasExt = dot != std::string::npos && dot != 0;
        const std::string stem = hasExt ? name.substr(0, dot) : name;
        const std::string ext = hasExt ? name.substr(dot) : "";
        for (int k = 2;; ++k) {
            std::string candidate = fmt::format("{}~{}{}", stem, k, ext);
            if (children.count(asciiLower(candidate)) == 0) return candidate;
        }
    }
    Node& add(std::string name, bool isFolder) {
        auto node = std::make_unique<Node>();
        node->spelling = std::move(name);
        node->folder = isFolder;
        auto& slot = children[asciiLower(node->spelling)];
        slot = std::move(node);
        return *slot;
    }
};

HostNames::HostNames(const std::vector<std::string>& reserved) : mRoot(std::make_unique<Node>()) {
    mRoot->folder = true;
    for (const auto& name : reserved) mRoot->add(name, false);
}

HostNames::~HostNames() = default;

HostNames::Placed HostNames::place(const std::vector<std::string>& segments) {
    Placed placed;
    bool sanitised = false, collided = false;
    Node* folder = mRoot.get();
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const std::string safe = hostFileName(segments[i]);
        sanitised = sanitised || safe != segments[i];
        const bool last = i + 1 == segments.size();
        std::string name = safe;
        const auto it = folder->children.find(asciiLower(safe));
        if (!last && it != folder->children.end() && it->second->folder) {
            name = it->second->spelling;  // the folder as first created (a case-insensitive host merges them anyway)
            folder = it->second.get();
        } else {
            name = folder->unique(safe);
            Node& added = folder->add(name, !last);
            if (!last) folder = &added;
        }
        collided = collided || name != safe;
        placed.path += (i ? "/" : "") + name;
    }
    placed.reason = collided ? "collision" : sanitised ? "sanitised" : "";
    return placed;
}

}  // namespace vestige::vfs
