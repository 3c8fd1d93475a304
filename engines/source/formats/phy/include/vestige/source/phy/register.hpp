#pragma once
// `vestige info x.phy`: header, solids (convex pieces, triangles, mass centre in inches), key blocks, and the
// checksum checked against the .mdl beside it when there is one.
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/source/phy/keys.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::phy {

// 100 for a 16-byte phyheader_t followed by "VPHY" (or a legacy "IVPS" surface), 10 for a .phy name.
int probePhy(ByteView data, std::string_view fileName);
// `mdlChecksum`: the sibling model's checksum when one was found (reported, and a mismatch refused earlier).
registry::Description describe(const PhyModel& model, std::optional<std::int32_t> mdlChecksum);
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);

}  // namespace vestige::source::phy
