#pragma once
// Number parsing shared by every reader, option and script parser, so each rule is written once.
//
// Two families:
//   parseInteger / parseFloat / parseDouble: the whole text must be the number (no blanks, no sign '+', no
//     trailing bytes); integers are range-checked against T; floats must be finite. For CLI options, manifests and
//     our own text formats, where anything else is a mistake to report.
//   scanFloat / scanFloats: C `atof`/`sscanf("%f")` style, as the original engines read key values: leading
//     blanks skipped, an optional sign, the longest number prefix taken, the rest left to the caller.
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>

namespace vestige {

namespace detail {
std::optional<std::int64_t> parseSigned(std::string_view text, int base);
std::optional<std::uint64_t> parseUnsigned(std::string_view text, int base);
}  // namespace detail

// Decimal integer filling the whole text, within T's range. `base` 16 reads bare hex digits (no "0x").
template <class T>
[[nodiscard]] std::optional<T> parseInteger(std::string_view text, int base = 10) {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
    if constexpr (std::is_signed_v<T>) {
        const auto v = detail::parseSigned(text, base);
        if (!v || *v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
            *v > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
            return std::nullopt;
        return static_cast<T>(*v);
    } else {
        const auto v = detail::parseUnsigned(text, base);
        if (!v || *v > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return std::nullopt;
        return static_cast<T>(*v);
    }
}

// Finite float/double filling the whole text (decimal or exponent form; "inf"/"nan" refused).
[[nodiscard]] std::optional<float> parseFloat(std::string_view text);
[[nodiscard]] std::optional<double> parseDouble(std::string_view text);

// The longest float prefix after blanks (space, tab, CR, LF) and an optional '+'/'-', as C's strtof reads it
// (decimal and exponent forms, "inf"/"nan"). `used` receives the bytes consumed, blanks included; nothing is
// consumed when no number starts there.
[[nodiscard]] std::optional<float> scanFloat(std::string_view text, std::size_t* used = nullptr);

// Up to N blank-separated floats read with scanFloat; returns how many were read (stops at the first byte that
// does not start a number). `rest` receives the unread tail.
template <std::size_t N>
std::size_t scanFloats(std::string_view text, std::array<float, N>& out, std::string_view* rest = nullptr) {
    std::size_t n = 0;
    while (n < N) {
        std::size_t used = 0;
        const auto v = scanFloat(text, &used);
        if (!v) break;
        out[n++] = *v;
        text.remove_prefix(used);
    }
    if (rest) *rest = text;
    return n;
}

// True when only blanks (space, tab, CR, LF) remain.
[[nodiscard]] bool onlyBlanks(std::string_view text);

}  // namespace vestige
