#pragma once
#include "vestige/formats/registry.hpp"

namespace vestige::iron3d::varset {

// Adds "varset" (varset.var / <bundle>.var) to the format registry.
void registerFormat(formats::FormatRegistry& formats);

}  // namespace vestige::iron3d::varset
