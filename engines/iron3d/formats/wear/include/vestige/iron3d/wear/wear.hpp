#pragma once
// WEAR: a model's material table (NRes type 'WEAR', the sibling <model-stem>.wea of a .msh in the same
// archive). CP1251 text; a line ends at LF, CRs before the LF belong to the line end.
//
//   line 0          <count>                          decimal, > 0
//   lines 1..count  <legacyId> <materialName> [tail] whitespace (space/tab) separated; the id is kept, unused
//                   <blank line>                     REQUIRED before LIGHTMAPS
//                   LIGHTMAPS                        optional block
//                   <lightmapCount>                  decimal, may be 0
//                   <legacyId> <lightmapName> [tail] x lightmapCount
//                   blank lines only, then EOF
//
// A batch's material_index selects a material row by position. Every byte is kept: leading
// whitespace, separators, text after the name ("tail"), line ends and blank lines, so the writer
// reproduces the input exactly. See ../shared/specs/iron3d.md section 7 and docs/texm.md.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::wear {

constexpr std::uint32_t kNresType = 0x52414557;  // "WEAR"
constexpr std::string_view kLightmapsKeyword = "LIGHTMAPS";

struct Row {
    std::string legacyId;   // first token, raw
    std::string name;       // second token, raw CP1251 bytes
    std::string lead;       // whitespace before the id
    std::string separator;  // whitespace between id and name
    std::string tail;       // the rest of the line after the name (trailing whitespace, extra tokens)
    std::string eol;        // "\n", "\r\n", ... or "" for a last line without a newline
};

struct CountLine {
    std::uint32_t value = 0;
    std::string lead, digits, tail, eol;  // raw pieces; digits are rewritten only if the row count changed
};

struct Lightmaps {
    std::string keywordLine;  // the whole "LIGHTMAPS" line, line end included
    CountLine count;
    std::vector<Row> rows;
};

struct Table {
    CountLine count;
    std::vector<Row> materials;
    std::vector<std::string> separatorLines;  // blank lines (raw, with line ends) between the rows and LIGHTMAPS
    std::optional<Lightmaps> lightmaps;
    std::vector<std::string> trailingLines;   // blank lines (raw) at the end
};

// Reads a whole .wea payload; `baseOffset` is its absolute offset (errors report absolute offsets).
[[nodiscard]] Result<Table> read(ByteView data, std::uint64_t baseOffset = 0);
// Byte-exact inverse of read(); counts are re-derived from the row vectors.
[[nodiscard]] Result<Bytes> write(const Table& table);

// Authoring: a canonical table (CRLF line ends, one space separators, a blank line before LIGHTMAPS).
struct NamedRow {
    std::string legacyId;
    std::string name;
};
[[nodiscard]] Result<Table> make(const std::vector<NamedRow>& materials,
                                 const std::optional<std::vector<NamedRow>>& lightmaps = std::nullopt);

}  // namespace vestige::iron3d::wear
