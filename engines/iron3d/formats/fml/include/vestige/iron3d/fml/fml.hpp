#pragma once
// Iron3D formula export `MISSIONS/SCRIPTS/<bundle>.fml`: text (legacy CP1251), shipped next to each .scr. Its
// grammar is not recorded, so it is kept as bytes: the reader only counts lines and the writer returns the input.
#include <string_view>

#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::fml {

struct Formulas {
    Bytes raw;
    std::size_t lines = 0;  // '\n'-terminated lines plus a last unterminated one
    std::size_t nonBlankLines = 0;
    [[nodiscard]] const Bytes& write() const { return raw; }
};

// Refuses only what cannot be text: a NUL byte (error with its offset).
[[nodiscard]] Result<Formulas> read(ByteView bytes);
[[nodiscard]] int probe(ByteView data, std::string_view fileName);  // 100 for *.fml that reads
[[nodiscard]] registry::Description describe(const Formulas& f, std::string_view label);
void registerFormat(registry::FormatRegistry& formats);

}  // namespace vestige::iron3d::fml
