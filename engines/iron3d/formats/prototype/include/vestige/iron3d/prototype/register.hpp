#pragma once
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::prototype {

// The objects.rlb and unit DAT describers.
void registerFormat(registry::FormatRegistry& formats);

}  // namespace vestige::iron3d::prototype
