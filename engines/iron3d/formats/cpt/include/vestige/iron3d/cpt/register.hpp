#pragma once
// `vestige info` support for CPT point lists (.cpt).
#include "vestige/formats/registry.hpp"

namespace vestige::iron3d::cpt {

// Adds "cpt" (probe: a .cpt name whose size is exactly 4 + 68 * count; CPT has no magic).
void registerFormat(formats::FormatRegistry& formats);
[[nodiscard]] Result<formats::Description> describe(ByteView data, std::string_view label);

}  // namespace vestige::iron3d::cpt
