#include "vestige/core/parse.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace vestige {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

template <class T>
std::optional<T> whole(std::string_view text, int base) {
    if (text.empty()) return std::nullopt;
    T v{};
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
    if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
    return v;
}

template <class T>
std::optional<T> wholeFloat(std::string_view text) {
    if (text.empty()) return std::nullopt;
    T v{};
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::general);
    if (ec != std::errc() || p != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

}  // namespace

namespace detail {
std::optional<std::int64_t> parseSigned(std::string_view text, int base) { return whole<std::int64_t>(text, base); }
std::optional<std::uint64_t> parseUnsigned(std::string_view text, int base) { return whole<std::uint64_t>(text, base); }
}  // namespace detail

std::optional<float> parseFloat(std::string_view text) { return wholeFloat<float>(text); }
std::optional<double> parseDouble(std::string_view text) { return wholeFloat<double>(text); }

std::optional<float> scanFloat(std::string_view text, std::size_t* used) {
    std::size_t i = 0;
    while (i < text.size() && isBlank(text[i])) ++i;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    // from_chars takes no sign '+' and, with a leading '-', would accept "--1"; the sign is handled here.
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) return std::nullopt;
    float v = 0;
    const auto [p, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v, std::chars_format::general);
    if (p == text.data() + i) return std::nullopt;  // no digits
    // Out of range: strtof gives ±HUGE_VALF for overflow and 0 (or a denormal) for underflow.
    if (ec == std::errc::result_out_of_range) {
        const std::string_view digits(text.data() + i, static_cast<std::size_t>(p - (text.data() + i)));
        const auto e = digits.find_first_of("eE");
        const bool tiny = e != std::string_view::npos && e + 1 < digits.size() && digits[e + 1] == '-';
        v = tiny ? 0.0f : std::numeric_limits<float>::infinity();
    }
    if (used) *used = static_cast<std::size_t>(p - text.data());
    return negative ? -v : v;
}

bool onlyBlanks(std::string_view text) {
    for (char c : text)
        if (!isBlank(c)) return false;
    return true;
}

}  // namespace vestige
