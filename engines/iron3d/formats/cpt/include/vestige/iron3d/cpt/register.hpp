#pragma once
// `vestige info` support for CPT point lists (.cpt).
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::cpt {

// Adds "cpt" (probe: a .cpt name whose size is exactly 4 + 68 * count; CPT has no magic).
void registerFormat(registry::FormatRegistry& formats);
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);

}  // namespace vestige::iron3d::cpt
