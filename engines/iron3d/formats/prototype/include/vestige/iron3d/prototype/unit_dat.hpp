#pragma once
// Unit DAT (`*.dat`): a compound unit made of component prototypes (spec section 4.2; seed 002).
//
//   file_size = 8 + n x 112                       [C: 425 files / 5,219 records demo and Part 1]
//   +0x00  u8  header[8]      "F1 F0" then 6 opaque bytes [?]; the u32 at +4 is the unit's class word
//                             (seed 002: its high bit makes the Behavior registration key)
//   +0x08  n x UnitDatRecord112, in file order
//          +0x00 char archive_name[32]     "objects.rlb" in the corpus
//          +0x20 char resource_name[32]    the component prototype key
//          +0x40 u32  kind                 1 in the corpus [?]
//          +0x44 i32  parent_or_link       -1, 0, 1, small indices [?]
//          +0x48 char description[32]      may fill all 32 bytes without a NUL
//          +0x68 u32  tail0  +0x6C u32 tail1   [?]
//
// Binding layout (fallback for a file that does not fit the formula) [P, not corpus-backed]:
//   +0x00 u32 magic = 0x0000F0F1, +0x04 u32 flags, +0x08 char archive[32], +0x28 char model[32], size >= 0x48;
//   both names non-empty; bytes after 0x48 kept raw.
//
// Every field is kept (name tails, descriptions, opaque words, the raw 112 bytes of each record), so write()
// reproduces the input. An empty resource name is read (and written) as it is; resolving it is an error.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::prototype {

inline constexpr std::size_t kUnitHeaderSize = 8;
inline constexpr std::size_t kUnitRecordSize = 112;
inline constexpr std::size_t kBindingMinSize = 0x48;
inline constexpr std::uint32_t kBindingMagic = 0x0000F0F1;

struct UnitRecord {
    FixedString archive;                              // 32 bytes
    FixedString resource;                             // 32 bytes
    std::uint32_t kind = 1;                           // [?]
    std::int32_t parentOrLink = -1;                   // [?]
    FixedString description;                          // 32 bytes
    std::uint32_t tail0 = 0, tail1 = 0;               // [?]
    std::array<std::uint8_t, kUnitRecordSize> raw{};  // as read (the writer re-encodes the fields above)
    [[nodiscard]] std::string_view archiveName() const;
    [[nodiscard]] std::string_view resourceName() const;
};

struct UnitDat {
    std::array<std::uint8_t, kUnitHeaderSize> header{0xF1, 0xF0, 0, 0, 0, 0, 0, 0};
    std::vector<UnitRecord> records;
    [[nodiscard]] std::uint32_t classWord() const { return loadU32(header.data() + 4); }
};

struct UnitBinding {
    std::uint32_t flags = 0;  // the class word position of the record layout
    FixedString archive;      // 32 bytes
    FixedString model;        // 32 bytes
    Bytes tail;               // bytes after 0x48, raw
};

enum class UnitLayout { Records, Binding };

struct UnitFile {
    UnitLayout layout = UnitLayout::Records;
    UnitDat dat;                         // Records
    std::optional<UnitBinding> binding;  // Binding
    [[nodiscard]] std::uint32_t classWord() const { return binding ? binding->flags : dat.classWord(); }
};

// The record layout only: size 8 + n x 112 and the F1 F0 header (unit_dat.bad_size / unit_dat.bad_magic).
[[nodiscard]] Result<UnitDat> readUnitDat(ByteView bytes);
[[nodiscard]] Result<UnitBinding> readUnitBinding(ByteView bytes);
// The record layout when the size fits the formula, the binding layout otherwise; an error when neither holds
// names both attempts.
[[nodiscard]] Result<UnitFile> readUnitFile(ByteView bytes);
[[nodiscard]] Bytes writeUnitDat(const UnitDat& dat);
[[nodiscard]] Bytes writeUnitBinding(const UnitBinding& binding);
[[nodiscard]] Bytes writeUnitFile(const UnitFile& file);

// Authoring: a record from names (each at most 31 bytes; the description may be 32 bytes without a NUL).
struct UnitComponent {
    std::string archive = "objects.rlb";
    std::string resource;
    std::uint32_t kind = 1;
    std::int32_t parentOrLink = -1;
    std::string description;
};
[[nodiscard]] Result<UnitDat> makeUnitDat(const std::vector<UnitComponent>& components, std::uint32_t classWord = 0);

}  // namespace vestige::iron3d::prototype
