#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::tma {
// `info` describer and placement export for data.tma ("tma").
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::iron3d::tma
