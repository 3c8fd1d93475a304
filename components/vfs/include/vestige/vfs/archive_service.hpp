#pragma once
// The services an archive format offers `vestige ls`, `extract` and `pack` (ArchiveFormat::services), and the one
// engine per verb that runs them. A format supplies what only it knows: its entries and their bytes, the manifest
// keys that let pack rebuild it byte for byte (`<format>/src/manifest.cpp`), its entry-name rule and its writer.
// Everything else is done here, once for every format:
//
//   extract: entries -> host names (HostNames: sanitised, case collisions renamed, the manifest name reserved),
//            written into a staging folder beside the output and moved into place only when every entry was read,
//            so an error leaves nothing half-written; never over one of the inputs (same inode);
//   pack:    a manifest (rows in order, files read from below it) or a bare folder (walked; the manifest, the output
//            and the format's own output files left out) -> the format's writer -> outputs written atomically,
//            refused when one of them is one of the inputs.
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/progress.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::vfs {

using ManifestJson = nlohmann::ordered_json;

// The manifest extract writes next to the entries; HostNames keeps the name from every entry.
inline constexpr std::string_view kManifestName = "vestige-manifest.json";

struct ArchiveEntry {
    std::string name;        // the name as stored (host names and lookups start from it)
    std::string shown;       // the name as messages, --json and the manifest show it (Iron3D: CP1251 as UTF-8)
    std::uint64_t size = 0;  // unpacked size
};

// An archive opened for listing and extraction: parsed once; `load` and `find` keep the parsed archive alive.
struct ArchiveContents {
    std::string warning;                // non-empty when only a lenient profile accepted the archive
    std::vector<ArchiveEntry> entries;  // archive order
    std::function<std::optional<std::size_t>(std::string_view name)> find;  // the format's lookup rules
    std::function<Result<Bytes>(std::size_t index)> load;                   // decoded, checked content
    ManifestJson manifest = ManifestJson::object();  // archive-level keys, written after "format" and "version"
    std::function<ManifestJson(std::size_t index)> manifestRow;  // a row's own keys, between "name" and "size"
    // `vestige ls` (JSON document or human table); unset: index, name and size of every entry.
    std::function<std::string(bool json)> listing;
    std::vector<std::filesystem::path> hostInputs;  // host files read besides the archive itself (VPK chunks)
};

struct PackFile {
    std::string name;                   // bare folder: the path below it ('/'); manifest: the row's "name" or ""
    const ManifestJson* row = nullptr;  // the manifest row; nullptr for a bare folder
    Bytes data;
};

struct PackInput {
    const ManifestJson* manifest = nullptr;      // the whole manifest; nullptr for a bare folder
    std::vector<PackFile> files;                 // manifest order, or the folder's files sorted bytewise
    std::filesystem::path folder;                // the bare folder, or the manifest's folder
    std::filesystem::path out;                   // the archive to write (VPK chunk names derive from it)
    std::map<std::string, std::string> options;  // the format's pack options given on the command line
};

struct PackOutput {
    Bytes archive;
    std::vector<std::pair<std::filesystem::path, Bytes>> siblings;  // files written next to it (VPK chunks)
};

// An option of `vestige pack` that a format reads (`--<name> VALUE`).
struct PackOption {
    std::string name;
    std::string help;
    // A usage error for a value that can never be right (exit 2); nullopt when it is acceptable.
    std::function<std::optional<std::string>(std::string_view value)> check;
};

struct ArchiveServices {
    // Entry names are '/'-separated paths (a folder packs recursively, entries extract into subfolders); false for
    // flat names (NRes, RsLi), where '/' is an ordinary byte.
    bool pathNames = false;
    // The entry-name rule shared by pack and extract: what this format's writer accepts. Unset: every name.
    std::function<Status(std::string_view name)> checkName;
    std::function<Result<ArchiveContents>(Bytes data, std::string label, ArchiveOrigin origin)> contents;
    std::function<Result<PackOutput>(PackInput input)> pack;  // may move the files' bytes out
    std::vector<PackOption> packOptions;
    // True when `file` is one the pack of `out` writes besides `out` (a folder walk leaves it out).
    std::function<bool(const std::filesystem::path& out, const std::filesystem::path& file)> ownsOutput;
};

// `vestige ls`: the format's own listing, or index, name and size of every entry (names escaped in the table).
[[nodiscard]] std::string listArchive(std::string_view format, const ArchiveContents& contents, bool json);

// ---- extract ----

struct ExtractRequest {
    std::string label;                          // the archive as the user named it (errors)
    std::vector<std::string> names;             // entries to extract; empty: all
    std::filesystem::path out;                  // created when missing
    std::vector<std::filesystem::path> inputs;  // host files the extraction must never write over
    Progress* progress = nullptr;
};

struct Renamed {
    std::string entry;   // shown name
    std::string file;    // host path below the output folder
    std::string reason;  // "sanitised" or "collision"
};

struct ExtractReport {
    std::size_t extracted = 0;
    std::uint64_t bytes = 0;
    std::filesystem::path manifest;
    std::vector<Renamed> renamed;
};

[[nodiscard]] Result<ExtractReport> extractArchive(std::string_view format, const ArchiveServices& services,
                                                   const ArchiveContents& contents, const ExtractRequest& request);

// ---- pack ----

struct PackRequest {
    std::string input;  // a manifest file, or a folder (with or without a manifest)
    std::filesystem::path out;
    std::map<std::string, std::string> options;
};

struct PackReport {
    std::size_t entries = 0;
    std::uint64_t bytes = 0;                      // of the archive file
    std::vector<std::filesystem::path> siblings;  // chunk files written next to it
};

[[nodiscard]] Result<PackReport> packArchive(std::string_view format, const ArchiveServices& services,
                                             const PackRequest& request);

// ---- for formats' manifest readers and writers ----

// Lower-case hex of raw bytes (name fields, headers) and back; a wrong length or digit is "pack.bad_hex".
[[nodiscard]] std::string manifestHex(ByteView bytes);
[[nodiscard]] Result<Bytes> manifestBytes(const ManifestJson& value, std::size_t size, const char* field);
// Checked fields of row `index` (a hand-edited manifest fails with "pack.bad_manifest", never throws).
[[nodiscard]] Result<std::uint32_t> manifestU32(const ManifestJson& row, const char* key, std::size_t index,
                                                std::uint32_t fallback = 0);
[[nodiscard]] Result<std::string> manifestString(const ManifestJson& row, const char* key, std::size_t index);
// A row's raw fixed-size name field ("name_field", hex) when it has one; nullopt when the row names the entry by
// its "name" instead.
[[nodiscard]] Result<std::optional<FixedString>> manifestNameField(const ManifestJson& row, std::size_t index,
                                                                   std::size_t size);

// Same file on the host (same device and inode); false when either does not exist.
[[nodiscard]] bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace vestige::vfs
