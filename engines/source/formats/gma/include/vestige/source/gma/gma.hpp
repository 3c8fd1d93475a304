#pragma once
// GMA: a Garry's Mod addon archive (made by gmad, cached from the Workshop).
//
//   0x00 +-------------------------------+
//        | "GMAD"  u8 version (1..3)     |
//   0x05 | u64 steam_id  (usually 0)     |
//   0x0D | u64 timestamp (unix seconds)  |
//   0x15 | version > 1: required content |  cstrings, ended by "" (unused by the game)
//        | name\0 description\0 author\0 |  description = JSON {"description","type","tags"}
//        | i32 addon_version (1)         |
//        +-------------------------------+
//        | file table, repeated:         |
//        |   u32 file_number (1-based)   |  0 ends the table
//        |   path\0  i64 size  u32 crc32 |  crc32 (zlib) of the file's bytes
//        +-------------------------------+
//        | file data, in table order     |
//        +-------------------------------+
//        | u32 crc32 of all bytes before |  optional; 0 = not set
//        +-------------------------------+
//
// See ../shared/specs/source.md section 4.2 and docs/gma.md.
// Layers: RawAddon (parseRaw / writeRaw round-trip exactly), Addon (validated, lookup), AddonInfo
// (the description JSON interpreted) and load() (content, CRC verified).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::source::gma {

constexpr std::uint8_t kVersion = 3;
constexpr std::size_t kFixedHeaderSize = 21;  // ident, version, steam id, timestamp

struct Limits {
    std::uint64_t maxInput = 4ull << 30;
    std::uint64_t maxFiles = 1'000'000;
};

enum class Profile {
    Strict,      // sequential file numbers, unique paths, trailer CRC (when set) matches, nothing after it
    Compatible,  // those become issues; structure errors stay errors
};

struct Header {
    std::uint8_t version = kVersion;
    std::uint64_t steamId = 0;
    std::uint64_t timestamp = 0;
    std::vector<std::string> requiredContent;  // version > 1 only
    std::string name;
    std::string description;
    std::string author;
    std::int32_t addonVersion = 1;
};

struct FileRecord {
    std::uint32_t number = 0;
    std::string path;
    std::int64_t size = 0;
    std::uint32_t crc32 = 0;
    std::uint64_t recordOffset = 0;  // absolute offset of file_number (read only)
    std::uint64_t dataOffset = 0;    // absolute offset of the file's bytes (read only)
};

struct RawAddon {
    Header header;
    std::vector<FileRecord> files;
    Bytes data;                            // all file data, in table order
    std::optional<std::uint32_t> trailer;  // the trailing CRC32 field, if present
    Bytes trailing;                        // bytes after the trailer (Compatible only)
    std::uint64_t trailerOffset = 0;       // read only
};

[[nodiscard]] Result<RawAddon> parseRaw(ByteView data, Profile profile = Profile::Strict, const Limits& limits = {});
// Re-emits every byte (the stored trailer CRC as it is).
[[nodiscard]] Result<Bytes> writeRaw(const RawAddon& addon);

// The description field interpreted: gmad stores addon.json's description, type and tags as JSON.
struct AddonInfo {
    bool json = false;        // the description parsed as a JSON object
    std::string description;  // the text (the whole field when it is not JSON)
    std::string type;
    std::vector<std::string> tags;
};
[[nodiscard]] AddonInfo interpretDescription(std::string_view description);

class Addon {
public:
    [[nodiscard]] static Result<Addon> read(Bytes data, Profile profile = Profile::Strict, const Limits& limits = {});
    [[nodiscard]] static Result<Addon> read(ByteView data, Profile profile = Profile::Strict,
                                            const Limits& limits = {}) {
        return read(Bytes(data.begin(), data.end()), profile, limits);
    }
    [[nodiscard]] const RawAddon& raw() const { return mRaw; }
    [[nodiscard]] const Header& header() const { return mRaw.header; }
    [[nodiscard]] const std::vector<FileRecord>& files() const { return mRaw.files; }
    [[nodiscard]] std::size_t size() const { return mRaw.files.size(); }
    [[nodiscard]] Profile profile() const { return mProfile; }
    [[nodiscard]] const std::vector<Error>& issues() const { return mIssues; }
    // ASCII case-insensitive, '\' read as '/'; with duplicates, the first.
    [[nodiscard]] std::optional<std::size_t> find(std::string_view path) const;
    // The stored bytes of file i (no CRC check).
    [[nodiscard]] ByteView payload(std::size_t index) const;
    // Content with the CRC32 checked: mismatch = "gma.crc_mismatch" naming the file, field crc32 and offset.
    [[nodiscard]] Result<Bytes> load(std::size_t index, bool verifyCrc = true) const;
    // The trailer CRC: nullopt = no trailer; otherwise whether it is 0 (not set) / matches.
    [[nodiscard]] std::optional<std::uint32_t> trailer() const { return mRaw.trailer; }
    [[nodiscard]] std::uint32_t computedCrc() const { return mComputedCrc; }
    [[nodiscard]] std::uint64_t fileSize() const { return mFileSize; }

private:
    RawAddon mRaw;
    std::vector<std::uint64_t> mStart;  // offset of each file inside mRaw.data
    std::unordered_map<std::string, std::size_t> mIndex;
    std::vector<Error> mIssues;
    std::uint32_t mComputedCrc = 0;
    std::uint64_t mFileSize = 0;
    Profile mProfile = Profile::Strict;
};

struct NewFile {
    std::string path;  // "lua/autorun/x.lua"
    Bytes data;
};

// The path rule of `vestige pack` and `vestige extract` alike (vfs::checkEntryPath): relative '/' paths without
// empty, '.' or '..' segments, drive letters, ':' or NUL, short enough for host file systems. The game itself
// reads any string; Vestige writes only what it can extract again.
[[nodiscard]] Status checkPath(std::string_view path);

// Canonical writer (what gmad writes): files numbered 1..n in the given order, per-file CRC32, and the
// trailer CRC32 of everything before it. Version 1 has no required-content list. Every path must pass checkPath.
[[nodiscard]] Result<Bytes> write(const Header& header, std::span<const NewFile> files);

[[nodiscard]] std::uint32_t crc32(ByteView data);

}  // namespace vestige::source::gma
