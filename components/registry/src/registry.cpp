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

namespace {

// Replaces the entry of the same name, or appends.
template <class T>
void upsert(std::vector<T>& all, T info) {
    for (auto& f : all)
        if (f.name == info.name) {
            f = std::move(info);
            return;
        }
    all.push_back(std::move(info));
}

// The highest-scoring entry (the first of equals), or nullptr when every probe says 0.
template <class T, class Score>
const T* best(const std::vector<T>& all, Score score) {
    const T* found = nullptr;
    int bestScore = 0;
    for (const auto& f : all) {
        const int s = f.probe ? score(f) : 0;
        if (s > bestScore) {
            bestScore = s;
            found = &f;
        }
    }
    return found;
}

}  // namespace

void FormatRegistry::add(FormatInfo info) { upsert(mFormats, std::move(info)); }
void FormatRegistry::addFolder(FolderFormat info) { upsert(mFolders, std::move(info)); }

const FormatInfo* FormatRegistry::detect(ByteView data, std::string_view fileName) const {
    return best(mFormats, [&](const FormatInfo& f) { return f.probe(data, fileName); });
}

const FolderFormat* FormatRegistry::detectFolder(const std::filesystem::path& folder) const {
    return best(mFolders, [&](const FolderFormat& f) { return f.probe(folder); });
}

const FormatInfo* FormatRegistry::find(std::string_view name) const {
    for (const auto& f : mFormats)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace vestige::registry
