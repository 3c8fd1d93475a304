#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d {
// Registers every Iron3D format (describers) and archive (VFS providers).
void registerFormats(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::iron3d
