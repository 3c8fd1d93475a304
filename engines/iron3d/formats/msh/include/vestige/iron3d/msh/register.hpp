#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::msh {
// `info`/`export` describers and, for archives, the VFS provider.
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::iron3d::msh
