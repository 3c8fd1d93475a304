#pragma once
#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d::land {
// `info` describers for Land.msh ("land_msh", with glTF export), Land.map ("land_map") and BuildDat.lst ("builddat").
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& archives);
}  // namespace vestige::iron3d::land
