#pragma once
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::varset {

// Adds "varset" (varset.var / <bundle>.var) to the format registry.
void registerFormat(registry::FormatRegistry& formats);

}  // namespace vestige::iron3d::varset
