#pragma once
// `vestige info varset.var`: declarations with their index slots, kinds and defaults.
#include <string_view>

#include "vestige/iron3d/varset/varset.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::varset {

// 100 when the name ends in .var and it parses; 0 otherwise (plain text has no magic).
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
[[nodiscard]] registry::Description describe(const VarSet& set, std::string_view label);
// "1.5" for floats (shortest round trip), the decimal value for DWORDs, the raw args for STRING/FUNCTION.
[[nodiscard]] std::string defaultText(const Declaration& d);

}  // namespace vestige::iron3d::varset
