#pragma once
// `vestige info objects.rlb` and `vestige info unit.dat`.
#include <string_view>

#include "vestige/iron3d/prototype/registry.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::prototype {

// 110 for an NRes named objects.rlb (above the plain NRes describer), 0 otherwise.
[[nodiscard]] int probeRegistry(ByteView data, std::string_view fileName);
// 100 for a *.dat whose bytes read as a unit DAT (either layout), 0 otherwise.
[[nodiscard]] int probeUnitDat(ByteView data, std::string_view fileName);
// Per prototype: references after parent expansion, parents, mesh references, non-geometric; broken entries.
[[nodiscard]] registry::Description describe(const Registry& registry, std::string_view label);
[[nodiscard]] registry::Description describe(const UnitFile& unit, std::string_view label);

}  // namespace vestige::iron3d::prototype
