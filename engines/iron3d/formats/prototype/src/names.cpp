#include "vestige/iron3d/prototype/names.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige::iron3d::prototype {
namespace {

bool isAsciiSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

std::string_view trimAscii(std::string_view s) {
    while (!s.empty() && isAsciiSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isAsciiSpace(s.back())) s.remove_suffix(1);
    return s;
}

std::string_view fieldText(const FixedString& field) { return trimAscii(field.text()); }

bool hasExtension(std::string_view name, std::string_view ext) {
    const auto dot = name.rfind('.');
    return dot != std::string_view::npos && iequals(name.substr(dot + 1), ext);
}

std::string_view fileStem(std::string_view name) {
    const auto slash = name.find_last_of("/\\");
    if (slash != std::string_view::npos) name.remove_prefix(slash + 1);
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos ? name : name.substr(0, dot);
}

std::vector<std::string> lookupCandidates(std::string_view key) {
    const std::string_view trimmed = trimAscii(key);
    std::vector<std::string> out;
    if (trimmed.empty()) return out;
    auto push = [&out](std::string s) {
        if (s.empty()) return;
        for (const auto& o : out)
            if (iequals(o, s)) return;
        out.push_back(std::move(s));
    };
    push(std::string(trimmed));
    if (hasExtension(trimmed, "msh"))
        push(std::string(fileStem(trimmed)));
    else
        push(std::string(trimmed) + ".msh");
    return out;
}

Result<FixedString> makeNameField(std::string_view text, std::string_view field, bool allowFull) {
    const std::size_t limit = allowFull ? 32 : 31;
    if (text.size() > limit || text.find('\0') != std::string_view::npos)
        return Error("prototype.name_too_long", "a name does not fit its 32-byte field")
            .field(std::string(field))
            .expected(fmt::format("at most {} bytes, no NUL", limit))
            .actual(std::string(text));
    FixedString f;
    f.raw.assign(32, 0);
    std::copy(text.begin(), text.end(), f.raw.begin());
    f.terminated = text.size() < 32;
    return f;
}

}  // namespace vestige::iron3d::prototype
