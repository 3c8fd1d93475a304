#include "vestige/core/text.hpp"

#include <fmt/format.h>

namespace vestige {

std::string asciiLower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = asciiLower(c);
    return r;
}

std::string asciiUpper(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = asciiUpper(c);
    return r;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (asciiLower(a[i]) != asciiLower(b[i])) return false;
    return true;
}

namespace {
template <class Fold>
int compareFolded(std::string_view a, std::string_view b, Fold fold) {
    const std::size_t n = a.size() < b.size() ? a.size() : b.size();
    for (std::size_t i = 0; i < n; ++i) {
        const auto ca = static_cast<unsigned char>(fold(a[i]));
        const auto cb = static_cast<unsigned char>(fold(b[i]));
        if (ca != cb) return ca < cb ? -1 : 1;
    }
    if (a.size() == b.size()) return 0;
    return a.size() < b.size() ? -1 : 1;
}
}  // namespace

int icompareLower(std::string_view a, std::string_view b) { return compareFolded(a, b, [](char c) { return asciiLower(c); }); }
int icompareUpper(std::string_view a, std::string_view b) { return compareFolded(a, b, [](char c) { return asciiUpper(c); }); }

bool endsWithNoCase(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

std::string jsonEscape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c >= 0x7F) out += fmt::format("\\u{:04x}", c);  // bytes, not code points: stay ASCII
                else out += static_cast<char>(c);
        }
    }
    return out;
}

}  // namespace vestige
