#pragma once
#include <memory>

#include "vestige/registry/registry.hpp"
#include "vestige/source/vpk/vpk.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::vpk {
// `info` describer and VFS archive provider for VPK (directory, single-file and chunk files).
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
// The VFS provider over an opened directory (Compatible profile) with optional chunk access; every read
// verifies the entry's CRC32.
// Chunk files of a directory file from where it came: next to it on the host (read by range), else next to it in
// its container (an outer archive, a mount; read whole once each).
[[nodiscard]] std::shared_ptr<const ChunkSource> chunksFor(ByteView dirData, vfs::ArchiveOrigin origin);
[[nodiscard]] std::unique_ptr<vfs::Provider> makeProvider(Archive archive, std::shared_ptr<const ChunkSource> chunks,
                                                          std::string label);
}  // namespace vestige::source::vpk
