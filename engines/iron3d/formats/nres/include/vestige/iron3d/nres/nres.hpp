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
// See ../shared/specs/iron3d.md section 2 and docs/formats/nres.md.
#include <cstdint>
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

private:
    Bytes mBytes;
    std::vector<Entry> mEntries;
    bool mSortTableValid = false;
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

// Canonical compact writer: header, payloads in the given order each zero-padded to 8, directory,
// sort table rebuilt by a stable sort of the folded names.
[[nodiscard]] Result<Bytes> writeCanonical(std::span<const NewEntry> entries);

}  // namespace vestige::iron3d::nres
