#include "options.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "app.hpp"

namespace vestige::app {

CLI::Validator integerIn(std::int64_t lo, std::int64_t hi) {
    return CLI::Validator(
        [lo, hi](std::string& value) -> std::string {
            const auto v = parseInteger<std::int64_t>(value);
            if (v && *v >= lo && *v <= hi) {
                value = std::to_string(*v);  // CLI11 would read "010" as octal
                return {};
            }
            return fmt::format("'{}' is not an integer in {}..{}", value, lo, hi);
        },
        fmt::format("INT in {}..{}", lo, hi));
}

CLI::Validator countIn(std::uint64_t lo, std::uint64_t hi) {
    return CLI::Validator(
        [lo, hi](std::string& value) -> std::string {
            const auto v = parseInteger<std::uint64_t>(value);
            if (v && *v >= lo && *v <= hi) {
                value = std::to_string(*v);
                return {};
            }
            return fmt::format("'{}' is not an integer in {}..{}", value, lo, hi);
        },
        fmt::format("UINT in {}..{}", lo, hi));
}

CLI::Validator numberIn(double lo, double hi, bool openLow) {
    const std::string range = fmt::format("{}{}, {}]", openLow ? "(" : "[", lo, hi);
    return CLI::Validator(
        [lo, hi, openLow, range](std::string& value) -> std::string {
            const auto v = parseDouble(value);
            if (v && (openLow ? *v > lo : *v >= lo) && *v <= hi) return {};
            return fmt::format("'{}' is not a finite number in {}", value, range);
        },
        "NUMBER in " + range);
}

int usageError(std::string_view verb, const std::string& message) {
    std::fprintf(stderr, "vestige %.*s: usage error: %s\n", static_cast<int>(verb.size()), verb.data(),
                 message.c_str());
    return kExitUsage;
}

}  // namespace vestige::app
