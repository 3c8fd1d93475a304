#pragma once
// `vestige info x.scr`: events, instruction counts by selector, each record's raw words and references.
#include <functional>
#include <string>
#include <string_view>

#include "vestige/iron3d/scr/scr.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::scr {

// A package has no magic: 100 when the name ends in .scr and the framing reads; 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// Names a reference (a varset declaration index); empty when unknown. `vestige script` passes the varset's names.
using RefNamer = std::function<std::string(std::uint32_t index)>;
[[nodiscard]] registry::Description describe(const Package& package, std::string_view label,
                                             const RefNamer& names = {});

}  // namespace vestige::iron3d::scr
