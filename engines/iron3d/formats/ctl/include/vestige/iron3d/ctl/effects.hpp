#pragma once
// CTLD effect section: the bytes after the pose rows (seed 002 "CTLD и physical resources").
//
//   row_end = row_start + 36 * T                        (ctl.hpp)
//   typed records x c3 (counts[3]), each led by a u32 tag at +0x00:
//     tags 2 and 5 (Control.dll common reader +0x21D50):
//       +0x00  u8  header[0xB0]          raw; the value count is the u32 at +0xAC
//       +0xB0  u32 values[count]
//              u32 name_length; when != 0: name_length bytes, then a NUL
//     any other tag: layout unknown -> the section is Unsupported from that record on
//   u32 group_refs[21]                   0xFFFFFFFF = no group, otherwise < c4 (a table index);
//                                        group_refs[0] is initial_effect_group
//   group tables x c4 (counts[4]):
//     u32 row_count, then row_count rows of 100 bytes:
//       +0x00 u32 condition[3] (raw)  +0x0C u32 type (4 = effect row)  +0x10 u32 args[5] (raw)
//       +0x24 char archive[32]        +0x44 char resource[32]          (raw fixed names)
//   end of file
//
// Sources and status (docs/animation.md): the typed records, the tag 2/5 reader, the 21 references and
// their sentinel, the group tables and what a type-4 row carries (table and row index, raw condition
// words, a selector, a resource pair, three point-list offsets) are seed 002. Not in the seed, taken from
// a third-party reverse engineering (ParkanPlayground ControlLib) and unverified against game data here:
// c3 as the typed-record count, the group-table framing (u32 count + 100-byte rows) and the row layout.
// Which args are the selector and the three offsets is unknown: args stay raw. The offsets are not
// resolved against a CPT (the group selection by C0 is not recovered).
//
// Results: Parsed; Unsupported (an unknown tag, bytes after the last table, or nothing after the pose
// rows) keeps what was read and the rest raw; a recognised structure that is damaged is an error.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/ctl/ctl.hpp"

namespace vestige::iron3d::ctl {

constexpr std::size_t kTypedHeaderSize = 0xB0;
constexpr std::size_t kTypedCountOffset = 0xAC;
constexpr std::size_t kGroupRefCount = 21;
constexpr std::uint32_t kNoGroup = 0xFFFFFFFFu;
constexpr std::size_t kGroupRowSize = 100;
constexpr std::size_t kResourceNameSize = 32;
constexpr std::uint32_t kEffectRowType = 4;

struct TypedRecord {
    std::uint64_t offset = 0;                             // absolute, in the .ctl
    std::array<std::uint8_t, kTypedHeaderSize> header{};  // raw; the writer patches the count at +0xAC
    std::vector<std::uint32_t> values;
    std::optional<Bytes> name;  // raw bytes without the NUL; nullopt = length 0
    [[nodiscard]] std::uint32_t tag() const { return loadU32(header.data()); }
};

struct GroupRow {
    std::uint64_t offset = 0;
    std::array<std::uint32_t, 3> condition{};
    std::uint32_t type = 0;
    std::array<std::uint32_t, 5> args{};
    FixedString archive, resource;  // 32 raw bytes each
    [[nodiscard]] bool isEffect() const { return type == kEffectRowType; }
};

struct GroupTable {
    std::uint64_t offset = 0;
    std::vector<GroupRow> rows;
};

enum class SectionState : std::uint8_t { Parsed, Unsupported };
[[nodiscard]] const char* toString(SectionState s);

struct EffectSection {
    SectionState state = SectionState::Parsed;
    std::string unsupported;          // why, when Unsupported
    std::uint64_t unsupportedAt = 0;  // absolute offset where reading stopped
    std::vector<TypedRecord> records;
    std::optional<std::array<std::uint32_t, kGroupRefCount>> groupRefs;
    std::optional<std::uint32_t> initialEffectGroup;  // groupRefs[0] unless 0xFFFFFFFF
    std::vector<GroupTable> tables;
    Bytes rest;  // Unsupported: the bytes from unsupportedAt to the end, raw
};

struct EffectRowRef {
    std::uint32_t table = 0, row = 0;
    const GroupRow* data = nullptr;
};
// Every type-4 row, in table then row order.
[[nodiscard]] std::vector<EffectRowRef> effectRows(const EffectSection& section);

// Reads the section from file.tail (offsets absolute in the .ctl).
[[nodiscard]] Result<EffectSection> readEffects(const ControlFile& file);
// The tail bytes of a section: writeEffects(*readEffects(f)) == f.tail. Errors when a fixed name is not
// 32 bytes or a header is missing.
[[nodiscard]] Result<Bytes> writeEffects(const EffectSection& section);

// Builder helpers (tests, demo): a tag 2/5 record, and a group row with zero-padded names.
[[nodiscard]] TypedRecord typedRecord(std::uint32_t tag, std::vector<std::uint32_t> values,
                                      std::optional<std::string> name = std::nullopt);
[[nodiscard]] GroupRow groupRow(std::uint32_t type, std::string_view archive, std::string_view resource,
                                std::array<std::uint32_t, 5> args = {}, std::array<std::uint32_t, 3> condition = {});
// A parsed section: records, 21 references (missing ones 0xFFFFFFFF) and tables.
[[nodiscard]] EffectSection effectSection(std::vector<TypedRecord> records, std::vector<std::uint32_t> refs,
                                          std::vector<GroupTable> tables);

}  // namespace vestige::iron3d::ctl
