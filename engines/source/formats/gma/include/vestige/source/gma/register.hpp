#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::gma {
// `info` describer and VFS archive provider for GMA.
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::source::gma
