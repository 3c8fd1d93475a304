#pragma once
// `vestige info Material.lib:NAME` for MAT0 materials.
#include <optional>
#include <string_view>

#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::mat0 {

// MAT0 has no magic. 40 when the bytes parse exactly as a version >= 4 material whose texture names
// are printable, 15 for an exact parse as an older version, 0 otherwise.
[[nodiscard]] int probe(ByteView data, std::string_view fileName);
// The version a payload parses as when attr2 is not at hand: 6, then 3, 2, 0 (the first exact parse).
[[nodiscard]] std::optional<std::uint32_t> guessVersion(ByteView data);
// JSON {"format":"mat0","label","version","version_source","metadata":{...},"phases":[{"index","texture",
// "parameters":"hex"}],"blocks":[{"mode","mask","keys"}]} and human text.
[[nodiscard]] registry::Description describe(const Material& material, std::string_view label,
                                             std::string_view versionSource);

// The describer finds attr2 by re-opening the parent archive of "x.lib:NAME" through `archives`.
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::iron3d::mat0
