#pragma once
// Iron3D AI variable table `varset.var` (shared `MISSIONS/SCRIPTS/varset.var` or a bundle's own `<base>.var`):
// text, read byte-safe (legacy CP1251 comments pass through untouched). Line oriented:
//
//   <anything> // comment            "//" to the end of the line is dropped, then ASCII blanks are trimmed
//   VAR(<type>, <name>, <default>[, more...])[;]
//                                    type float: a finite number; type DWORD: decimal or 0x/0X hex, <= 0xFFFFFFFF;
//                                    fields after the default (ranges) are kept raw in `args`
//   STRING(...)[;]  FUNCTION(...)[;] kept raw (their argument grammar is not recorded)
//   anything else                    ignored, as the original's parser skips it
//
// Every recognised declaration - VAR, STRING and FUNCTION alike - takes the next index slot (the original appends
// one 48-byte record per declaration in encounter order; .scr references are these indices). The reference Rust
// reader skips STRING/FUNCTION and so numbers later declarations wrongly (spec section 16 item 6).
// Specification: ../shared/specs/iron3d.md section 13; docs/scr.md.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::varset {

enum class Kind { Float, Dword, String, Function };

struct Declaration {
    Kind kind = Kind::Dword;
    std::string name;        // VAR: the second field; STRING/FUNCTION: their first field (display only) [?]
    std::uint32_t bits = 0;  // VAR default: the float's IEEE bits or the DWORD; 0 for STRING/FUNCTION
    std::string args;        // the raw text between the parentheses
    std::uint32_t line = 0;  // 1-based source line
    [[nodiscard]] bool numeric() const { return kind == Kind::Float || kind == Kind::Dword; }
    [[nodiscard]] float floatValue() const;
};

// [P] limits of ours.
struct Limits {
    std::uint64_t maxInput = 4ull << 20;
    std::uint32_t maxDeclarations = 1u << 16;
};

struct VarSet {
    std::vector<Declaration> declarations;  // index slot order
    Bytes raw;                              // the file as read (the lossless form)
    // The first declaration with exactly this name (case-sensitive).
    [[nodiscard]] std::optional<std::uint32_t> find(std::string_view name) const;
    [[nodiscard]] std::size_t count(Kind kind) const;
};

// Malformed recognised declarations are errors (`varset.*`, with the line and its byte offset).
[[nodiscard]] Result<VarSet> parse(ByteView text, const Limits& limits = {});
// The lossless writer: the bytes that were read.
[[nodiscard]] inline const Bytes& write(const VarSet& set) { return set.raw; }

[[nodiscard]] std::string_view kindName(Kind kind);  // "float", "DWORD", "STRING", "FUNCTION"

}  // namespace vestige::iron3d::varset
