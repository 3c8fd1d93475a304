#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::nres {
// `info` describer and VFS archive provider for NRes.
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::iron3d::nres
