#pragma once
// Format registry for `vestige info` and friends. Each format registers a probe (by magic and/or
// file name) and a describer that renders both JSON (for --json) and human text.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::registry {

struct Description {
    std::string json;  // a complete JSON object; its first key is "format"
    std::string text;  // human-readable, several lines
};

// Options of `vestige export` as given on the command line (--state 1 -> {"state","1"}).
struct ExportOptions {
    std::map<std::string, std::string> values;
    [[nodiscard]] std::string get(const std::string& key, std::string fallback = {}) const {
        auto it = values.find(key);
        return it == values.end() ? std::move(fallback) : it->second;
    }
};

struct FormatInfo {
    std::string name;     // "nres", "msh", "bsp", ...
    std::string summary;  // one line for `vestige formats`
    // Higher wins; 0 = not this format. Magic matches should return 100, extension-only guesses 10.
    std::function<int(ByteView data, std::string_view fileName)> probe;
    std::function<Result<Description>(ByteView data, std::string_view label)> describe;
    // Optional: binary glTF 2.0 export (`vestige export`).
    std::function<Result<Bytes>(ByteView data, std::string_view label, const ExportOptions& options)> exportGlb;
    // Optional: image export to PNG (`vestige export x.vtf -o x.png`); options may carry "mip", "frame", "face".
    std::function<Result<Bytes>(ByteView data, std::string_view label, const ExportOptions& options)> exportPng;
};

class FormatRegistry {
public:
    void add(FormatInfo info);
    // The best-scoring format, or nullptr.
    [[nodiscard]] const FormatInfo* detect(ByteView data, std::string_view fileName) const;
    [[nodiscard]] const FormatInfo* find(std::string_view name) const;
    [[nodiscard]] const std::vector<FormatInfo>& all() const { return mFormats; }

private:
    std::vector<FormatInfo> mFormats;
};

}  // namespace vestige::registry
