#pragma once
// `vestige info` / `vestige export -o x.png` for Texm textures.
#include <string_view>

#include "vestige/iron3d/texm/texm.hpp"
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::texm {

// 100 for the "Texm" magic, 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// JSON {"format":"texm","label","width","height","pixel_format","bytes_per_pixel","mip_count","mips":[{w,h,bytes}],
// "flags4","flags5","unknown6","palette","page":null|[{"x","width","y","height"}]} and human text.
[[nodiscard]] registry::Description describe(const Texture& texture, std::string_view label);
// PNG of one level; options: "mip" (decimal, default 0), "expansion" ("rounding" | "replication").
[[nodiscard]] Result<Bytes> exportPng(ByteView data, const registry::ExportOptions& options);

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::iron3d::texm
