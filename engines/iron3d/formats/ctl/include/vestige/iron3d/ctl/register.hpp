#pragma once
// `vestige info` support for CTLD (.ctl) files: the header counts and the pose-row table.
#include "vestige/formats/registry.hpp"

namespace vestige::iron3d::ctl {

// Adds "ctl" (probe: a .ctl name whose header and row table read; CTLD has no magic).
void registerFormat(formats::FormatRegistry& formats);
[[nodiscard]] Result<formats::Description> describe(ByteView data, std::string_view label);

}  // namespace vestige::iron3d::ctl
