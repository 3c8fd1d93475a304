#pragma once
// RsLi ("NL") library: gamefont.rlb, sprites.lib.
//
//   0x00 +----------------------------------+
//        | "NL" | 00 | 01 | i16 entry_count |  header, 32 bytes, kept raw
//        | 8 B ? | u16 presorted (0xABBA)   |  +0x0E
//        | 4 B ? | u32 xor_seed | 8 B ?     |  +0x14 (low 16 bits used)
//   0x20 +----------------------------------+
//        | entry_count x 32 B, XOR stream   |  name[12] service[4] i16 flags i16 sort_to_original
//        | (one stream over the table)      |  u32 unpacked u32 data_offset_raw u32 packed
//        +----------------------------------+
//        | payloads (method = flags&0x1E0)  |
//        +----------------------------------+
//        | optional "AO" u32 overlay        |  6 bytes: effective offset = raw + overlay
//        +----------------------------------+
//
// See ../shared/specs/iron3d.md section 3 and docs/rsli.md.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::rsli {

constexpr std::size_t kHeaderSize = 32;
constexpr std::size_t kEntrySize = 32;
constexpr std::size_t kNameSize = 12;
constexpr std::uint16_t kPresorted = 0xABBA;
constexpr std::uint16_t kMethodMask = 0x1E0;

enum class Method : std::uint16_t {
    Stored = 0x000,
    Xor = 0x020,
    Lzss = 0x040,
    XorLzss = 0x060,
    Lzhuf = 0x080,
    XorLzhuf = 0x0A0,
    Deflate = 0x100,
};
[[nodiscard]] bool isKnownMethod(std::uint16_t methodBits);
[[nodiscard]] std::string_view methodName(std::uint16_t methodBits);  // "stored", "xor+lzss", ..., "unknown"
[[nodiscard]] std::optional<Method> parseMethod(std::string_view name);

enum class Profile {
    Strict,      // every invariant; AO trailer and deflate_eof_plus_one are errors
    Compatible,  // the named quirks: AO trailer, deflate_eof_plus_one, rebuilt sort table
};

struct Limits {
    std::uint64_t maxPacked = 64ull << 20;
    std::uint64_t maxUnpacked = 128ull << 20;
};

// Named original quirks an archive relied on (compatible profile only).
enum Quirk : std::uint32_t {
    kQuirkNone = 0,
    kQuirkAoTrailer = 1u << 0,
    kQuirkDeflateEofPlusOne = 1u << 1,
    kQuirkSortTableRebuilt = 1u << 2,  // 0xABBA flag set but the table was invalid
};

struct Entry {
    FixedString nameField;                  // all 12 bytes; may hold 12 chars and no NUL
    std::array<std::uint8_t, 4> service{};  // [?] kept
    std::uint16_t flags = 0;                // method bits + other bits, raw
    std::int16_t sortToOriginalRaw = 0;     // as stored
    std::uint32_t unpackedSize = 0;
    std::uint32_t dataOffsetRaw = 0;
    std::uint32_t packedSize = 0;           // as declared
    // Derived:
    std::uint64_t dataOffset = 0;           // raw + AO overlay
    std::uint32_t packedAvailable = 0;      // bytes actually read (declared - 1 under deflate_eof_plus_one)
    std::uint16_t xorKey = 0;               // the row's effective sort_to_original as u16
    [[nodiscard]] std::string_view name() const { return nameField.text(); }
    [[nodiscard]] std::uint16_t method() const { return flags & kMethodMask; }
};

class Archive {
public:
    [[nodiscard]] static Result<Archive> read(Bytes data, Profile profile = Profile::Strict, const Limits& limits = {});
    [[nodiscard]] static Result<Archive> read(ByteView data, Profile profile = Profile::Strict, const Limits& limits = {}) {
        return read(Bytes(data.begin(), data.end()), profile, limits);
    }

    [[nodiscard]] const std::vector<Entry>& entries() const { return mEntries; }
    [[nodiscard]] std::size_t size() const { return mEntries.size(); }
    [[nodiscard]] ByteView header() const { return ByteView(mBytes).first(kHeaderSize); }
    [[nodiscard]] std::uint16_t xorSeed() const { return mSeed; }
    [[nodiscard]] bool presortedFlag() const { return mPresortedFlag; }
    [[nodiscard]] std::optional<std::uint32_t> aoOverlay() const { return mOverlay; }
    [[nodiscard]] std::uint32_t quirks() const { return mQuirks; }
    // Effective sorted -> original mapping (stored table, or rebuilt).
    [[nodiscard]] const std::vector<std::uint32_t>& sortTable() const { return mSortTable; }
    // The packed bytes of entry i as stored (exactly packedAvailable bytes).
    [[nodiscard]] ByteView packed(std::size_t index) const;
    // Decodes entry i to exactly unpackedSize bytes.
    [[nodiscard]] Result<Bytes> load(std::size_t index) const;
    // Original lookup: the query up to its first NUL, upper-cased, compared byte-wise (case-sensitive)
    // with the stored names through the sort table. Duplicates: first in directory order.
    [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const;
    // ASCII case-insensitive linear lookup (hosts and tools; names are not always upper case).
    [[nodiscard]] std::optional<std::size_t> findNoCase(std::string_view name) const;
    [[nodiscard]] const Bytes& bytes() const { return mBytes; }
    // The lossless writer with no edits: the original bytes.
    [[nodiscard]] const Bytes& writeLossless() const { return mBytes; }

private:
    Bytes mBytes;
    std::vector<Entry> mEntries;
    std::vector<std::uint32_t> mSortTable;
    std::optional<std::uint32_t> mOverlay;
    std::uint32_t mQuirks = kQuirkNone;
    std::uint16_t mSeed = 0;
    bool mPresortedFlag = false;
};

// Builds the sorted -> original mapping by a stable byte-wise sort of the C-string names.
[[nodiscard]] std::vector<std::uint32_t> buildSortTable(std::span<const std::string_view> names);

struct NewEntry {
    std::string name;                      // authored: 1..12 bytes, no NUL (12 bytes -> no terminator)
    std::optional<FixedString> nameField;  // 12 raw bytes, written as is
    std::array<std::uint8_t, 4> service{};
    std::uint16_t flags = 0;               // method bits + other bits
    Bytes data;                            // plain bytes, encoded with the method
    // Already-packed bytes to copy instead of encoding `data` (keeps the exact packed stream).
    // `unpackedSize` must then be set; for XOR methods `packedKey` is the key the bytes were
    // encrypted with (re-keyed if the row's sort_to_original changes).
    std::optional<Bytes> packed;
    std::uint32_t unpackedSize = 0;
    std::uint16_t packedKey = 0;
};

struct WriteOptions {
    // 32 raw header bytes to keep (unknown fields); entry_count is patched, the rest is kept as is.
    std::optional<Bytes> header;
    std::uint16_t xorSeed = 0x1234;  // used when no header is given
    int deflateLevel = 9;
};

// Header, table (sorted -> original mapping, presorted flag 0xABBA set when no header is given),
// payloads in directory order, no padding, no AO trailer. If the last 6 bytes would start with "AO"
// (and so read as an AO trailer), up to 5 zero bytes are appended after the last payload.
[[nodiscard]] Result<Bytes> write(std::span<const NewEntry> entries, const WriteOptions& options = {});
// Rebuilds an archive from its rows and packed bytes (header, service bytes, flags and packed
// streams kept). Byte-identical to the input for archives our writer produced.
[[nodiscard]] Result<Bytes> rewrite(const Archive& archive);
// Validates a name for authoring and returns the 12-byte field.
[[nodiscard]] Result<FixedString> makeNameField(std::string_view name);

}  // namespace vestige::iron3d::rsli
