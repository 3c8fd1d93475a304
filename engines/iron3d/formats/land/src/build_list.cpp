// BuildDat.lst reader and writer. Layout picture: build_list.hpp.
#include "vestige/iron3d/land/build_list.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <utility>

namespace vestige::iron3d::land {
namespace {

constexpr std::array<std::pair<std::string_view, std::uint32_t>, 12> kCategories{{{"Bunker_Small", 0x80010000},
                                                                                  {"Bunker_Medium", 0x80020000},
                                                                                  {"Bunker_Large", 0x80040000},
                                                                                  {"Generator", 0x80000002},
                                                                                  {"Mine", 0x80000004},
                                                                                  {"Storage", 0x80000008},
                                                                                  {"Plant", 0x80000010},
                                                                                  {"Hangar", 0x80000040},
                                                                                  {"MainTeleport", 0x80000200},
                                                                                  {"Institute", 0x80000400},
                                                                                  {"Tower_Medium", 0x80100000},
                                                                                  {"Tower_Large", 0x80200000}}};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    return s;
}

bool pathChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
           c == '/' || c == '\\' || c == '-';
}

// The first character outside the path alphabet, or npos.
std::size_t badPathChar(std::string_view path) {
    for (std::size_t i = 0; i < path.size(); ++i)
        if (!pathChar(path[i])) return i;
    return std::string_view::npos;
}

struct Line {
    std::string_view text;  // trimmed
    std::uint32_t number = 0;
    std::uint64_t offset = 0;  // of the first trimmed byte
};

// Context innermost first: field, then the line it sits on.
Error lineError(const Line& l, std::string code, std::string message, std::string field) {
    Error e("land.builddat_" + std::move(code), std::move(message));
    e.at(l.offset).field(std::move(field)).in("line", std::to_string(l.number));
    return e;
}

}  // namespace

std::optional<std::uint32_t> categoryMask(std::string_view category) {
    for (auto [name, mask] : kCategories)
        if (name == category) return mask;
    return std::nullopt;
}

Result<BuildList> BuildList::read(ByteView bytes) {
    BuildList list;
    list.mRaw.assign(bytes.begin(), bytes.end());
    const std::string_view all = asChars(bytes);
    std::vector<Line> lines;
    std::size_t start = 0;
    std::uint32_t number = 0;
    while (start <= all.size()) {
        std::size_t end = all.find('\n', start);
        if (end == std::string_view::npos) end = all.size();
        ++number;
        const std::string_view raw = all.substr(start, end - start);
        const std::string_view t = trim(raw);
        if (!t.empty() && !t.starts_with("//"))
            lines.push_back({t, number, start + static_cast<std::uint64_t>(t.data() - raw.data())});
        if (end == all.size()) break;
        start = end + 1;
    }
    for (std::size_t i = 0; i < lines.size();) {
        const Line& h = lines[i];
        if (h.text.front() == '"')
            return lineError(h, "count_mismatch",
                             "a path where a category header was expected (the count above is too small)", "header")
                .expected("<Category> <count>")
                .actual(std::string(h.text));
        const std::size_t space = h.text.find_first_of(" \t");
        const std::string_view name = h.text.substr(0, space);
        const std::string_view rest = space == std::string_view::npos ? std::string_view{} : trim(h.text.substr(space));
        if (rest.empty() || rest.find_first_of(" \t") != std::string_view::npos)
            return lineError(h, "header", "a category header is exactly two tokens: <Category> <count>", "header")
                .expected("<Category> <count>")
                .actual(std::string(h.text));
        const auto mask = categoryMask(name);
        if (!mask)
            return lineError(h, "category", "unknown building category", "category")
                .expected(
                    "Bunker_Small, Bunker_Medium, Bunker_Large, Generator, Mine, Storage, Plant, Hangar, "
                    "MainTeleport, Institute, Tower_Medium or Tower_Large")
                .actual(std::string(name));
        std::uint32_t count = 0;
        const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), count);
        if (ec != std::errc() || p != rest.data() + rest.size())
            return lineError(h, "count", "the category count is not a decimal number", "count")
                .at(h.offset + static_cast<std::uint64_t>(rest.data() - h.text.data()))
                .expected("decimal u32")
                .actual(std::string(rest));
        BuildCategory cat{std::string(name), *mask, {}, h.number};
        ++i;
        for (std::uint32_t k = 0; k < count; ++k, ++i) {
            if (i >= lines.size())
                return lineError(h, "count_mismatch", "the file ends before the category's paths", "count")
                    .expected(fmt::format("{} paths", count))
                    .actual(fmt::format("{} paths", k));
            const Line& l = lines[i];
            const bool quoted = l.text.size() >= 2 && l.text.front() == '"' && l.text.back() == '"';
            if (!quoted) {
                // A non-path line inside the run: the header's count is wrong (or the line is).
                const bool header = categoryMask(l.text.substr(0, l.text.find_first_of(" \t"))).has_value();
                return lineError(l, header ? "count_mismatch" : "path", "expected a double-quoted path", "path")
                    .expected(fmt::format("path {} of {} for {}", k + 1, count, name))
                    .actual(std::string(l.text));
            }
            const std::string_view path = l.text.substr(1, l.text.size() - 2);
            if (const auto bad = badPathChar(path); bad != std::string_view::npos || path.empty())
                return lineError(l, "path", "a path uses only [A-Za-z0-9_./\\-]", "path")
                    .at(l.offset + 1 + (bad == std::string_view::npos ? 0 : bad))
                    .expected("[A-Za-z0-9_./\\-]+")
                    .actual(std::string(l.text));
            cat.paths.emplace_back(path);
        }
        list.mCategories.push_back(std::move(cat));
    }
    return list;
}

std::size_t BuildList::pathCount() const {
    std::size_t n = 0;
    for (const auto& c : mCategories) n += c.paths.size();
    return n;
}

Result<Bytes> buildBuildList(const std::vector<BuildCategory>& categories) {
    std::string out;
    for (std::size_t i = 0; i < categories.size(); ++i) {
        const auto& c = categories[i];
        if (!categoryMask(c.name))
            return Error("land.builddat_category", "unknown building category").record(i).field("name").actual(c.name);
        out += fmt::format("{} {}\r\n", c.name, c.paths.size());
        for (std::size_t k = 0; k < c.paths.size(); ++k) {
            if (c.paths[k].empty() || badPathChar(c.paths[k]) != std::string_view::npos)
                return Error("land.builddat_path", "a path uses only [A-Za-z0-9_./\\-]")
                    .in("path", std::to_string(k))
                    .record(i)
                    .actual(c.paths[k]);
            out += fmt::format("\"{}\"\r\n", c.paths[k]);
        }
    }
    return Bytes(out.begin(), out.end());
}

}  // namespace vestige::iron3d::land
