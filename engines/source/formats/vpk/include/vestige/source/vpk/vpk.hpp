#pragma once
// VPK (Valve Pak) v1 and v2: the Source engine's uncompressed archive.
//
// Directory file (`pak01_dir.vpk`, or a single-file `x.vpk`):
//
//   0x00 +-----------------------------------+
//        | u32 signature 0x55AA1234          |
//        | u32 version (1 | 2)               |
//        | u32 tree_size                     |
//   0x0C | v2 only:                          |
//        |   u32 file_data_section_size      |  embedded entry data (archive index 0x7FFF)
//        |   u32 archive_md5_section_size    |  n x 28 bytes
//        |   u32 other_md5_section_size      |  48
//        |   u32 signature_section_size      |
//   hdr  +-----------------------------------+  hdr = 12 (v1) or 28 (v2)
//        | tree (tree_size bytes):           |
//        |  { ext\0                          |  "" ends the tree; " " = no extension
//        |    { path\0                       |  "" ends this ext; " " = root directory
//        |      { name\0                     |  "" ends this path
//        |        u32 crc32  u16 preload_len |  CRC32 (zlib) of the whole file content
//        |        u16 archive_index          |  0x7FFF = in this file's data section
//        |        u32 offset  u32 length     |  offset into the data section / chunk file
//        |        u16 terminator = 0xFFFF    |
//        |        preload bytes[preload_len] |  the file's first bytes
//        |  } } }                            |
//        +-----------------------------------+
//        | v1: embedded data to end of file  |
//        | v2: file data section             |
//        |     archive MD5 section           |  u32 archive, u32 offset, u32 length, u8 md5[16]
//        |     other MD5 section             |  md5(tree), md5(archive MD5 section), md5(file so far)
//        |     signature section             |  u32 key_size, key, u32 sig_size, sig
//        +-----------------------------------+
//
// Chunk files `pak01_000.vpk`, `pak01_001.vpk`, ... hold raw entry data with no header.
// An entry's content = preload bytes + `length` bytes at `offset` in its archive.
// See ../shared/specs/source.md section 4.1 and docs/vpk.md.
//
// Layers: RawDirectory (every byte of the directory file, in file order: parseRaw / writeRaw round-trip
// exactly), Archive (validated: profile checks, MD5s, flattened entries), and the content view
// (load: preload + chunk bytes, CRC verified).
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/crc32.hpp"
#include "vestige/core/md5.hpp"

namespace vestige::source::vpk {

constexpr std::uint32_t kSignature = 0x55AA1234;
constexpr std::size_t kHeaderSizeV1 = 12;
constexpr std::size_t kHeaderSizeV2 = 28;
constexpr std::size_t kRecordSize = 18;
constexpr std::size_t kArchiveMd5Size = 28;
constexpr std::size_t kOtherMd5Size = 48;
constexpr std::uint16_t kEmbedded = 0x7FFF;
constexpr std::uint16_t kTerminator = 0xFFFF;

using Md5 = Md5Digest;  // core's MD5 (md5, toHex) and CRC-32 (crc32) serve the checksum sections and entries

struct Limits {
    std::uint64_t maxDirectory = 1ull << 30;  // directory files are a few MB even for whole games
    std::uint64_t maxEntries = 4'000'000;
};

enum class Profile {
    Strict,      // every check: exact section sizes, MD5s, signature layout, no duplicates, ranges in bounds
    Compatible,  // what the game needs to load it: MD5/signature/duplicate problems become issues
};

// ---- raw layer ----

struct RawEntry {
    std::string name;  // without extension
    std::uint32_t crc32 = 0;
    std::uint16_t archiveIndex = kEmbedded;
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
    std::uint16_t terminator = kTerminator;
    Bytes preload;
    std::uint64_t recordOffset = 0;  // absolute offset of the 18-byte record (read only)
};
struct RawPath {
    std::string path;  // " " = root
    std::vector<RawEntry> entries;
};
struct RawExtension {
    std::string ext;  // " " = none
    std::vector<RawPath> paths;
};
struct ArchiveMd5 {
    std::uint32_t archiveIndex = 0;
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
    Md5 md5{};
};

struct RawDirectory {
    std::uint32_t version = 2;
    std::uint32_t treeSize = 0;
    std::uint32_t fileDataSize = 0;  // v2 header fields, as stored
    std::uint32_t archiveMd5Size = 0;
    std::uint32_t otherMd5Size = 0;
    std::uint32_t signatureSize = 0;
    std::vector<RawExtension> tree;
    Bytes treeTail;       // bytes between the tree's end marker and tree_size (Compatible only)
    Bytes fileData;       // v1: everything after the tree; v2: the file data section
    Bytes archiveMd5Raw;  // v2: archive MD5 section bytes (parsed into archiveMd5 when a multiple of 28)
    std::vector<ArchiveMd5> archiveMd5;
    Bytes otherMd5;   // v2: other MD5 section bytes (48 when well-formed)
    Bytes signature;  // v2: signature section bytes
    Bytes trailing;   // v2: bytes after the last section (Compatible only)
    [[nodiscard]] std::size_t headerSize() const { return version == 2 ? kHeaderSizeV2 : kHeaderSizeV1; }
};

// Structural parse: header, tree (terminators checked), section split. Stops exactly at the end of the file.
[[nodiscard]] Result<RawDirectory> parseRaw(ByteView data, Profile profile = Profile::Strict,
                                            const Limits& limits = {});
// Re-emits a RawDirectory byte for byte (sizes in the header are recomputed from the parts; for a parsed
// directory they equal the stored ones). Stored MD5s and the signature are written as they are.
[[nodiscard]] Result<Bytes> writeRaw(const RawDirectory& dir);
// Serialises just the tree (as stored in the file, end marker included).
[[nodiscard]] Result<Bytes> writeTree(const RawDirectory& dir);

// ---- chunk access ----

// Reads ranges of the numbered chunk files `<base>_NNN.vpk`.
class ChunkSource {
public:
    virtual ~ChunkSource() = default;
    // Exactly `length` bytes at `offset` of chunk `index`. Missing chunk: "vpk.missing_chunk";
    // short chunk: "vpk.chunk_range".
    [[nodiscard]] virtual Result<Bytes> read(std::uint16_t index, std::uint64_t offset, std::uint64_t length) const = 0;
    // Size of a chunk file, if it exists.
    [[nodiscard]] virtual std::optional<std::uint64_t> size(std::uint16_t index) const = 0;
};

class MemoryChunks final : public ChunkSource {
public:
    MemoryChunks() = default;
    explicit MemoryChunks(std::map<std::uint16_t, Bytes> chunks) : mChunks(std::move(chunks)) {}
    void set(std::uint16_t index, Bytes data) { mChunks[index] = std::move(data); }
    [[nodiscard]] Result<Bytes> read(std::uint16_t index, std::uint64_t offset, std::uint64_t length) const override;
    [[nodiscard]] std::optional<std::uint64_t> size(std::uint16_t index) const override;

private:
    std::map<std::uint16_t, Bytes> mChunks;
};

// Host files next to a `<base>_dir.vpk`: reads `<dir>/<base>_NNN.vpk` (the name is matched ASCII
// case-insensitively when the exact spelling is absent).
class HostChunks final : public ChunkSource {
public:
    HostChunks(std::filesystem::path directory, std::string base)
        : mDir(std::move(directory)), mBase(std::move(base)) {}
    [[nodiscard]] Result<Bytes> read(std::uint16_t index, std::uint64_t offset, std::uint64_t length) const override;
    [[nodiscard]] std::optional<std::uint64_t> size(std::uint16_t index) const override;
    [[nodiscard]] std::filesystem::path chunkPath(std::uint16_t index) const;

private:
    std::filesystem::path mDir;
    std::string mBase;
};

// "pak01_dir.vpk" -> "pak01"; nullopt when the name does not end in "_dir.vpk" (ASCII case-insensitive).
[[nodiscard]] std::optional<std::string> chunkBase(std::string_view fileName);
// "pak01", 7 -> "pak01_007.vpk"
[[nodiscard]] std::string chunkFileName(std::string_view base, std::uint16_t index);
// Chunk access for a directory file read from the host: HostChunks when `hostPath` is a regular file
// named *_dir.vpk whose bytes equal `dirData` (so a VFS label that only looks like a host path never
// pulls in unrelated files); nullptr otherwise.
[[nodiscard]] std::shared_ptr<const ChunkSource> hostChunksFor(std::string_view hostPath, ByteView dirData);

// Chunk files read whole through a container's reader (a VPK directory inside another archive, or mounted from
// one): `<base>_NNN.vpk` next to `dirName` (a *_dir.vpk name; nullptr otherwise). Each chunk is read on first
// use and kept; a chunk the reader does not have is "vpk.missing_chunk".
using SiblingReader = std::function<Result<Bytes>(std::string_view name)>;
[[nodiscard]] std::shared_ptr<const ChunkSource> siblingChunksFor(std::string_view dirName, SiblingReader read);

// ---- validated layer + view ----

struct Entry {
    std::string path;     // full name: "dir/name.ext" ('/' separated, as stored; no "./")
    std::size_t ext = 0;  // indices into RawDirectory::tree
    std::size_t dir = 0;
    std::size_t index = 0;
    const RawEntry* raw = nullptr;
    [[nodiscard]] std::uint64_t size() const { return raw->preload.size() + std::uint64_t(raw->length); }
    [[nodiscard]] bool embedded() const { return raw->archiveIndex == kEmbedded; }
};

// Result of checking one entry's data against its CRC.
struct EntryCheck {
    std::size_t entry = 0;
    bool ok = false;
    std::optional<Error> error;  // set when !ok
};

class Archive {
public:
    [[nodiscard]] static Result<Archive> read(Bytes data, Profile profile = Profile::Strict, const Limits& limits = {});
    [[nodiscard]] static Result<Archive> read(ByteView data, Profile profile = Profile::Strict,
                                              const Limits& limits = {}) {
        return read(Bytes(data.begin(), data.end()), profile, limits);
    }

    Archive(Archive&&) noexcept = default;
    Archive& operator=(Archive&&) noexcept = default;
    Archive(const Archive&) = delete;
    Archive& operator=(const Archive&) = delete;

    [[nodiscard]] const RawDirectory& raw() const { return *mRaw; }
    [[nodiscard]] const std::vector<Entry>& entries() const { return mEntries; }
    [[nodiscard]] std::size_t size() const { return mEntries.size(); }
    [[nodiscard]] std::uint32_t version() const { return mRaw->version; }
    [[nodiscard]] Profile profile() const { return mProfile; }
    // Problems the Compatible profile accepted (each names its field and offset); empty in Strict.
    [[nodiscard]] const std::vector<Error>& issues() const { return mIssues; }
    // ASCII case-insensitive, '\' read as '/'; with duplicates, the first in directory order.
    [[nodiscard]] std::optional<std::size_t> find(std::string_view path) const;
    // Chunk indices referenced by entries (sorted, without 0x7FFF).
    [[nodiscard]] std::vector<std::uint16_t> chunkIndices() const;
    [[nodiscard]] std::uint64_t fileSize() const { return mFileSize; }
    // Absolute offset of the data section (embedded entry offsets are relative to it).
    [[nodiscard]] std::uint64_t dataOffset() const { return mRaw->headerSize() + std::uint64_t(mRaw->treeSize); }

    // Content = preload + data (from the embedded section or `chunks`). With verifyCrc, a CRC mismatch
    // fails with "vpk.crc_mismatch" naming the entry, field crc32 and the record's offset.
    [[nodiscard]] Result<Bytes> load(std::size_t index, const ChunkSource* chunks, bool verifyCrc = true) const;
    // Loads every entry and reports which ones fail (missing chunk, range, CRC).
    [[nodiscard]] std::vector<EntryCheck> verifyEntries(const ChunkSource* chunks) const;
    // v2: checks every archive MD5 record against the chunk bytes; returns the failures.
    [[nodiscard]] std::vector<Error> verifyArchiveMd5(const ChunkSource& chunks) const;

private:
    Archive() = default;
    std::unique_ptr<RawDirectory> mRaw;  // stable address: entries point into it
    std::vector<Entry> mEntries;
    std::unordered_map<std::string, std::size_t> mIndex;  // folded path -> first entry
    std::vector<Error> mIssues;
    std::uint64_t mFileSize = 0;
    Profile mProfile = Profile::Strict;
};

// ---- authoring ----

struct NewFile {
    std::string path;  // "materials/x.vmt"; '/' separated, no empty or "." segments
    Bytes data;
    std::uint16_t preloadBytes = 0;  // leading bytes stored in the tree (at most the file size)
};

struct WriteOptions {
    std::uint32_t version = 2;
    // false: a directory file plus chunk files (`<base>_000.vpk`, ...); true: everything in one file.
    bool singleFile = true;
    std::uint64_t maxChunkSize = 200ull << 20;  // a chunk is closed before it would grow past this
    // v2 with chunks: one archive MD5 record per slice of this many bytes of each chunk; 0 = none.
    std::uint32_t md5SliceSize = 1u << 20;
};

struct Written {
    Bytes directory;
    std::vector<Bytes> chunks;  // chunk i is `<base>_<i>.vpk`; empty for single-file
};

// Canonical writer: the tree is grouped by extension, then directory, each sorted bytewise; entries keep
// their relative order within a directory sorted by name. v2 MD5 sections are computed.
[[nodiscard]] Result<Written> write(std::span<const NewFile> files, const WriteOptions& options = {});
// Splits "a/b/c.txt" into ("txt", "a/b", "c"), with " " for no directory / no extension.
struct SplitName {
    std::string ext, dir, name;
};
[[nodiscard]] Result<SplitName> splitName(std::string_view path);
// The path rule of `vestige pack` and `vestige extract` alike: vfs::checkEntryPath (relative '/' paths a host folder
// can hold) and splitName (what the directory tree can hold). write() refuses every path that fails it.
[[nodiscard]] Status checkPath(std::string_view path);
// Recomputes the v2 MD5 sections (other MD5 always; archive MD5 records keep their ranges) of a raw
// directory whose tree or data changed. `chunks` may be null when there are no archive MD5 records.
[[nodiscard]] Status refreshMd5(RawDirectory& dir, const ChunkSource* chunks);

}  // namespace vestige::source::vpk
