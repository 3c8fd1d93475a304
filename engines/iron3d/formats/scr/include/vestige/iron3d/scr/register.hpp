#pragma once
#include "vestige/formats/registry.hpp"

namespace vestige::iron3d::scr {

// Adds "scr" (compiled AI script packages) to the format registry.
void registerFormat(formats::FormatRegistry& formats);

}  // namespace vestige::iron3d::scr
