#pragma once
// `vestige info` for WEAR tables.
#include <string_view>

#include "vestige/iron3d/wear/wear.hpp"
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::wear {

// 100 for a *.wea name that parses, 20 for other text that parses as a WEAR table, 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// JSON {"format":"wear","label","materials":[{"row","legacy_id","name"}],"lightmaps":null|[...]} (names as UTF-8).
[[nodiscard]] registry::Description describe(const Table& table, std::string_view label);

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::iron3d::wear
