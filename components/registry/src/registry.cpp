#include "vestige/registry/registry.hpp"

#include <fmt/format.h>

#include "vestige/core/parse.hpp"

namespace vestige::registry {

Result<std::int64_t> ExportOptions::integer(const std::string& key, std::int64_t fallback, std::int64_t lo,
                                            std::int64_t hi, std::string_view area) const {
    const std::string text = get(key);
    if (text.empty()) return fallback;
    const auto v = parseInteger<std::int64_t>(text);
    if (!v || *v < lo || *v > hi)
        return Error(fmt::format("{}.bad_option", area), fmt::format("--{} must be {}..{}", key, lo, hi))
            .in("option", key)
            .expected(fmt::format("{}..{}", lo, hi))
            .actual(text);
    return *v;
}

Result<std::optional<float>> ExportOptions::number(const std::string& key, float lo, std::string_view area) const {
    const std::string text = get(key);
    if (text.empty()) return std::optional<float>{};
    const auto v = parseFloat(text);
    if (!v || *v < lo)
        return Error(fmt::format("{}.bad_option", area), fmt::format("--{} must be a finite number >= {}", key, lo))
            .in("option", key)
            .expected(fmt::format("a finite number >= {}", lo))
            .actual(text);
    return v;
}

void FormatRegistry::add(FormatInfo info) {
    for (auto& f : mFormats)
        if (f.name == info.name) {
            f = std::move(info);
            return;
        }
    mFormats.push_back(std::move(info));
}

const FormatInfo* FormatRegistry::detect(ByteView data, std::string_view fileName) const {
    const FormatInfo* best = nullptr;
    int bestScore = 0;
    for (const auto& f : mFormats) {
        const int s = f.probe ? f.probe(data, fileName) : 0;
        if (s > bestScore) {
            bestScore = s;
            best = &f;
        }
    }
    return best;
}

const FormatInfo* FormatRegistry::find(std::string_view name) const {
    for (const auto& f : mFormats)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace vestige::registry
