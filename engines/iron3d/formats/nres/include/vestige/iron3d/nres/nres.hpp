#pragma once
// NRes archive: the main Iron3D container (also the inner container of .msh, Land.msh, Land.map).
//
//   0x00 +------------------------+
//        | "NRes" | u32 version   |  version = 0x100
//        | i32 entry_count        |
//        | u32 total_size         |  = file length
//   0x10 +------------------------+
//        | payloads, padding,     |  each payload normally 8-aligned; gaps and unindexed
//        | gaps, unindexed bytes  |  regions are preserved byte for byte
//        +------------------------+  dir_offset = total_size - 64 * entry_count
//        | entry_count x 64 bytes |  type u32, attr1 u32, attr2 u32, size u32, attr3 u32,
//        | directory              |  name[36], data_offset u32, sort_index u32
//        +------------------------+
//
// See ../shared/specs/iron3d.md section 2 and docs/nres.md.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::nres {

constexpr std::uint32_t kVersion = 0x100;
constexpr std::size_t kHeaderSize = 16;
constexpr std::size_t kEntrySize = 64;
constexpr std::size_t kNameSize = 36;

// Which ASCII case fold the sort table is ordered by. The two differ only for the bytes
// 0x5B..0x60 ([ \ ] ^ _ `): Lower sorts them before the letters, Upper after. See docs/nres.md.
enum class SortFold {
    Lower,  // A-Z folded to a-z (MSVC _stricmp); our writers use this one
    Upper,  // a-z folded to A-Z (the reference Rust reader)
};

// Default limits (a corrupt header must not make us allocate gigabytes).
struct Limits {
    std::uint64_t maxInput = 256ull << 20;
    std::uint64_t maxEntries = 1'000'000;
    std::uint64_t maxPayload = 256ull << 20;
    std::uint64_t maxTotalPayload = 512ull << 20;
    std::uint64_t maxPreserved = 256ull << 20;
};

enum class Profile {
    Strict,      // every invariant of the spec
    Compatible,  // only named original quirks; unsorted sort table -> linear-scan lookup
};

struct Entry {
    std::uint32_t type = 0;
    std::uint32_t attr1 = 0;
    std::uint32_t attr2 = 0;
    std::uint32_t size = 0;
    std::uint32_t attr3 = 0;
    FixedString nameField;  // all 36 bytes, tail kept
    std::uint32_t dataOffset = 0;
    std::uint32_t sortIndex = 0;
    [[nodiscard]] std::string_view name() const { return nameField.text(); }
};

class Archive {
public:
    // Validates and indexes `data` (the archive keeps the bytes; payload views point into them).
    [[nodiscard]] static Result<Archive> read(Bytes data, Profile profile = Profile::Strict);
    [[nodiscard]] static Result<Archive> read(ByteView data, Profile profile = Profile::Strict) {
        return read(Bytes(data.begin(), data.end()), profile);
    }
    [[nodiscard]] static Result<Archive> read(Bytes data, Profile profile, const Limits& limits);

    [[nodiscard]] const std::vector<Entry>& entries() const { return mEntries; }
    [[nodiscard]] std::size_t size() const { return mEntries.size(); }
    [[nodiscard]] ByteView payload(std::size_t index) const;
    // ASCII case-insensitive lookup; with duplicates, the first entry in directory order.
    [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const;
    // All entries with this type id, in directory order.
    [[nodiscard]] std::vector<std::size_t> findByType(std::uint32_t type) const;
    [[nodiscard]] const Bytes& bytes() const { return mBytes; }
    [[nodiscard]] bool sortTableValid() const { return mSortTableValid; }
    [[nodiscard]] Profile profile() const { return mProfile; }
    // The fold the stored sort table is ordered by (Lower when both hold). Meaningless if !sortTableValid().
    [[nodiscard]] SortFold sortFold() const { return mFold; }
    [[nodiscard]] std::uint64_t directoryOffset() const { return mDirOffset; }
    // Absolute file offset of entry i's 64-byte directory record.
    [[nodiscard]] std::uint64_t recordOffset(std::size_t i) const { return mDirOffset + i * kEntrySize; }
    // Bytes of the data region no entry owns (gaps, padding, unindexed regions).
    [[nodiscard]] std::uint64_t preservedBytes() const { return mPreserved; }
    // The lossless writer with no edits: the original bytes.
    [[nodiscard]] const Bytes& writeLossless() const { return mBytes; }

private:
    Bytes mBytes;
    std::vector<Entry> mEntries;
    std::uint64_t mDirOffset = kHeaderSize;
    std::uint64_t mPreserved = 0;
    bool mSortTableValid = false;
    SortFold mFold = SortFold::Lower;
    Profile mProfile = Profile::Strict;
};

// An entry to author. `nameField`, if set (36 bytes), is written as is (keeps name tails);
// otherwise `name` is written NUL-padded (at most 35 bytes, no NUL).
struct NewEntry {
    std::uint32_t type = 0;
    std::uint32_t attr1 = 0;
    std::uint32_t attr2 = 0;
    std::uint32_t attr3 = 0;
    std::string name;
    std::optional<FixedString> nameField;
    Bytes data;
};

// An entry with a type, a name, its payload and attr2 (attr1/attr3 0): the common case for builders.
[[nodiscard]] NewEntry newEntry(std::uint32_t type, std::string name, Bytes data, std::uint32_t attr2 = 0);

// Canonical compact writer: header, payloads in the given order each zero-padded to 8, directory,
// sort table rebuilt by a stable sort of the folded names.
[[nodiscard]] Result<Bytes> writeCanonical(std::span<const NewEntry> entries);
// The same with the sort table ordered by `fold` (to re-create an archive whose table used the other fold).
[[nodiscard]] Result<Bytes> writeCanonical(std::span<const NewEntry> entries, SortFold fold);
// Canonical compact repack of an existing archive (drops gaps and unindexed regions, keeps
// type/attrs/full name fields and directory order).
[[nodiscard]] Result<Bytes> writeCanonical(const Archive& archive);

// ASCII case-insensitive comparison in the given fold (shorter prefix first).
[[nodiscard]] int compareNames(std::string_view a, std::string_view b, SortFold fold);
// The sort_index table for these names: stable sort of the original indices by folded name.
[[nodiscard]] std::vector<std::uint32_t> buildSortTable(std::span<const std::string_view> names,
                                                        SortFold fold = SortFold::Lower);
// Validates a name for authoring (non-empty, at most 35 bytes, no NUL) and returns the 36-byte field.
[[nodiscard]] Result<FixedString> makeNameField(std::string_view name);

// Lossless editor: rebuilds the archive from the original segment order (preserved region / entry /
// preserved region ...). Every untouched payload, gap, padding byte and unindexed region is re-emitted
// unchanged and no padding is inserted between original segments; only sizes, offsets, the count and
// total_size are recomputed, and the sort table when a name is added, removed or renamed. Added entries go after the last original segment,
// each starting on an 8-byte boundary and padded to 8 (new content follows the canonical layout).
// With no edits, write() returns the original bytes.
class Editor {
public:
    explicit Editor(const Archive& archive);

    // Entries in directory order as they will be written (indices shift after remove()).
    [[nodiscard]] std::size_t size() const { return mOrder.size(); }
    [[nodiscard]] const Entry& entry(std::size_t index) const { return mSlots[mOrder[index]].meta; }
    [[nodiscard]] ByteView data(std::size_t index) const { return mSlots[mOrder[index]].data; }
    [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const;
    [[nodiscard]] bool modified() const { return mModified; }

    [[nodiscard]] Status replace(std::size_t index, Bytes data);
    // Appends a new entry at the end of the directory; returns its index.
    [[nodiscard]] Result<std::size_t> add(const NewEntry& entry);
    [[nodiscard]] Status remove(std::size_t index);
    // Writes a fresh zero-filled name field (the old tail is dropped: it belonged to the old name).
    [[nodiscard]] Status rename(std::size_t index, std::string_view name);
    [[nodiscard]] Status setAttributes(std::size_t index, std::uint32_t type, std::uint32_t attr1, std::uint32_t attr2,
                                       std::uint32_t attr3);

    [[nodiscard]] Result<Bytes> write() const;
    // write() and an atomic replace of `path` (temporary file + rename).
    [[nodiscard]] Status save(const std::filesystem::path& path) const;

private:
    struct Slot {
        Entry meta;
        Bytes data;
        bool removed = false;
        bool added = false;
    };
    struct Segment {
        bool isEntry = false;
        std::size_t slot = 0;  // isEntry
        Bytes bytes;           // !isEntry: preserved bytes
    };
    [[nodiscard]] Status checkIndex(std::size_t index) const;

    Bytes mOriginal;
    std::vector<Slot> mSlots;
    std::vector<std::size_t> mOrder;  // directory order -> slot
    std::vector<Segment> mSegments;
    SortFold mFold = SortFold::Lower;
    bool mModified = false;
    bool mNamesChanged = false;  // add/remove/rename: the sort table is rebuilt
};

// "MAT0" for printable FourCCs, the decimal number otherwise.
[[nodiscard]] std::string typeLabel(std::uint32_t type);

}  // namespace vestige::iron3d::nres
