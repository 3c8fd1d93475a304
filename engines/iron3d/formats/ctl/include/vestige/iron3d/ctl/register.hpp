#pragma once
// `vestige info` support for CTLD (.ctl) files: the header counts and the pose-row table.
#include "vestige/registry/registry.hpp"

namespace vestige::iron3d::ctl {

// Adds "ctl" (probe: a .ctl name whose header and row table read; CTLD has no magic).
void registerFormat(registry::FormatRegistry& formats);
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);

}  // namespace vestige::iron3d::ctl
