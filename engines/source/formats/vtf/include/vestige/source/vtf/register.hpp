#pragma once
// `vestige info x.vtf` and `vestige export x.vtf -o x.png [--mip N] [--frame N] [--face N] [--slice N]`.
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/source/vtf/vtf.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::vtf {

// 100 for the "VTF\0" magic, 10 for a .vtf name, else 0.
int probeVtf(ByteView data, std::string_view fileName);
registry::Description describe(const Vtf& vtf, std::size_t fileSize);
[[nodiscard]] Result<registry::Description> describeFile(ByteView data, std::string_view label);
// PNG of one subimage; options "mip", "frame", "face", "slice" (decimal, default 0).
[[nodiscard]] Result<Bytes> exportPng(ByteView data, std::string_view label, const registry::ExportOptions& options);

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::source::vtf
