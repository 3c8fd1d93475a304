#pragma once
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::scr {

// Adds "scr" (compiled AI script packages) to the format registry.
void registerFormat(registry::FormatRegistry& formats);

}  // namespace vestige::iron3d::scr
