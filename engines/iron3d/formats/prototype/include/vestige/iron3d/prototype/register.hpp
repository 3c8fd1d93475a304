#pragma once
#include "vestige/formats/registry.hpp"

namespace vestige::iron3d::prototype {

// The objects.rlb and unit DAT describers.
void registerFormat(formats::FormatRegistry& formats);

}  // namespace vestige::iron3d::prototype
