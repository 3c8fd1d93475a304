#include "vestige/registry/registry.hpp"

namespace vestige::registry {

void FormatRegistry::add(FormatInfo info) {
    for (auto& f : mFormats)
        if (f.name == info.name) { f = std::move(info); return; }
    mFormats.push_back(std::move(info));
}

const FormatInfo* FormatRegistry::detect(ByteView data, std::string_view fileName) const {
    const FormatInfo* best = nullptr;
    int bestScore = 0;
    for (const auto& f : mFormats) {
        const int s = f.probe ? f.probe(data, fileName) : 0;
        if (s > bestScore) { bestScore = s; best = &f; }
    }
    return best;
}

const FormatInfo* FormatRegistry::find(std::string_view name) const {
    for (const auto& f : mFormats)
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace vestige::registry
