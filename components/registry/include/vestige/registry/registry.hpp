#pragma once
// Format registry for `vestige info` and friends. Each format registers a probe (by magic and/or
// file name) and a describer that renders both JSON (for --json) and human text.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/scene/camera.hpp"
#include "vestige/scene/scene.hpp"
#include "vestige/viewer/controller.hpp"

namespace vestige::registry {

struct Description {
    std::string json;  // a complete JSON object; its first key is "format"
    std::string text;  // human-readable, several lines
};

// Options of `vestige export` and `vestige render` as given on the command line (--state 1 -> {"state","1"}).
struct ExportOptions {
    std::map<std::string, std::string> values;
    [[nodiscard]] std::string get(const std::string& key, std::string fallback = {}) const {
        auto it = values.find(key);
        return it == values.end() ? std::move(fallback) : it->second;
    }
    // An integer option in lo..hi (core/parse.hpp rules), `fallback` when absent; anything else is
    // "<area>.bad_option" naming the option, the range and the text given.
    [[nodiscard]] Result<std::int64_t> integer(const std::string& key, std::int64_t fallback, std::int64_t lo,
                                               std::int64_t hi, std::string_view area = "export") const;
    // A finite number >= lo, nullopt when absent; anything else is "<area>.bad_option".
    [[nodiscard]] Result<std::optional<float>> number(const std::string& key, float lo,
                                                      std::string_view area = "export") const;
};

// What `vestige render` and `vestige view` draw: the scene and, when the content has one, its own camera (a map's
// info_player_start); unset = frame the whole scene.
struct SceneView {
    scene::Scene scene;
    std::optional<scene::Camera> camera;
    std::string report;  // a JSON object for `render --stats` (a map's materials), "" when the format has none
    // Optional: the camera controller `vestige view` runs for this content (empty: free flight).
    viewer::ControllerFactory controller;
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
    // Optional: the content as a backend-neutral scene (`vestige render`, `vestige view`); options as for export.
    std::function<Result<SceneView>(ByteView data, std::string_view label, const ExportOptions& options)> toScene;
};

// What a folder format's glTF export wrote: the file and what it holds, for `vestige export` to print.
struct FolderExport {
    Bytes glb;
    std::string stats;    // a JSON object of counts (fields of `export --json`)
    std::string summary;  // the same as one human line
};

// Content that is a host folder rather than a file (an Iron3D mission directory), recognised by what it holds.
struct FolderFormat {
    std::string name;
    std::string summary;
    // Higher wins; 0 = not this format.
    std::function<int(const std::filesystem::path& folder)> probe;
    // What `vestige render` and `vestige view` draw; options as for files.
    std::function<Result<SceneView>(const std::filesystem::path& folder, const ExportOptions& options)> toScene;
    // Optional: binary glTF 2.0 export of the folder's content (`vestige export FOLDER -o x.glb`).
    std::function<Result<FolderExport>(const std::filesystem::path& folder, const ExportOptions& options)> exportGlb;
};

class FormatRegistry {
public:
    void add(FormatInfo info);
    void addFolder(FolderFormat info);
    // The best-scoring folder format, or nullptr.
    [[nodiscard]] const FolderFormat* detectFolder(const std::filesystem::path& folder) const;
    [[nodiscard]] const std::vector<FolderFormat>& folders() const { return mFolders; }
    // The best-scoring format, or nullptr.
    [[nodiscard]] const FormatInfo* detect(ByteView data, std::string_view fileName) const;
    [[nodiscard]] const FormatInfo* find(std::string_view name) const;
    [[nodiscard]] const std::vector<FormatInfo>& all() const { return mFormats; }

private:
    std::vector<FormatInfo> mFormats;
    std::vector<FolderFormat> mFolders;
};

}  // namespace vestige::registry
