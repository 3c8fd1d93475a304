#pragma once
// Numeric command-line options, one rule for every verb: the whole text is one decimal number (core/parse.hpp: no
// sign '+', no hex or octal, no trailing bytes, floats finite) inside the option's range, or the run stops with a
// usage error (exit 2) before anything is read. Ranges that depend on the file (a texture's mip count) are the
// format's to check (exit 1). Attach the integer validators with ->transform() (they rewrite "010" as "10", which
// CLI11's own conversion would read as octal), the others with ->check().
#include <CLI/CLI.hpp>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "vestige/core/parse.hpp"

namespace vestige::app {

// An integer in lo..hi.
[[nodiscard]] CLI::Validator integerIn(std::int64_t lo, std::int64_t hi);
// An unsigned integer in lo..hi (a leading '-' is refused, not wrapped).
[[nodiscard]] CLI::Validator countIn(std::uint64_t lo, std::uint64_t hi);
// A finite number in [lo, hi], or (lo, hi] when `openLow`.
[[nodiscard]] CLI::Validator numberIn(double lo, double hi, bool openLow = false);
// An index (state, LOD, node, frame, mip, face) whose upper end only the file knows: 0..2^31-1.
[[nodiscard]] inline CLI::Validator indexOption() { return integerIn(0, 0x7FFFFFFF); }
// Any finite number.
[[nodiscard]] inline CLI::Validator finiteOption() { return numberIn(-3.4e38, 3.4e38); }
// An animation time: a finite number >= 0.
[[nodiscard]] inline CLI::Validator timeOption() { return numberIn(0, 3.4e38); }

// Exactly N comma-separated values of T ("X,Y,Z"), each read by the same rule; nullopt on any malformed, missing or
// extra part.
template <class T, std::size_t N>
[[nodiscard]] std::optional<std::array<T, N>> parseList(std::string_view text) {
    std::array<T, N> out{};
    for (std::size_t i = 0; i < N; ++i) {
        const auto comma = text.find(',');
        if ((comma == std::string_view::npos) != (i + 1 == N)) return std::nullopt;
        std::optional<T> v;
        if constexpr (std::is_floating_point_v<T>)
            v = parseFloat(text.substr(0, comma));
        else
            v = parseInteger<T>(text.substr(0, comma));
        if (!v) return std::nullopt;
        out[i] = *v;
        text.remove_prefix(comma == std::string_view::npos ? text.size() : comma + 1);
    }
    return out;
}

// "vestige VERB: usage error: MESSAGE" on stderr; returns kExitUsage.
int usageError(std::string_view verb, const std::string& message);

}  // namespace vestige::app
