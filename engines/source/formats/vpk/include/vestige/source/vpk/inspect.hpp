#pragma once
// VPK listing and `info` description (shared by the registry describer, the VFS provider and the CLI).
#include <memory>
#include <string>
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/source/vpk/vpk.hpp"

namespace vestige::source::vpk {

// 100 for the 0x55AA1234 signature; 10 for a headerless `*_NNN.vpk` chunk file; 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// {"format":"vpk","entries":[{"index":0,"path":"...","size":0,"crc32":"0x...","preload":0,"archive":32767,
//  "offset":0,"length":0}, ...]}
[[nodiscard]] std::string listJson(const Archive& archive);
// Human table: index, path, size, CRC32, archive, offset.
[[nodiscard]] std::string listText(const Archive& archive);
// `info`: header, profile result (strict error / compatible issues), MD5 checks, chunk files and the
// CRC32 of every entry (bad entries listed) when the chunks can be reached from `label` as a host path.
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label);
// The same with explicit chunk access (tests, nested archives).
[[nodiscard]] Result<registry::Description> describe(ByteView data, std::string_view label,
                                                     std::shared_ptr<const ChunkSource> chunks);

}  // namespace vestige::source::vpk
