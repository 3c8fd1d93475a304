#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source {
// Registers every Source engine format (describers) and archive (VFS providers).
void registerFormats(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::source
