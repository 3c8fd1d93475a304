#pragma once
// Static MSH glTF export with the model's material chain resolved (private to vestige_iron3d).
#include <string_view>

#include "vestige/registry/registry.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::iron3d {

// `label` is the CLI spec ("data/units.lib:tank.msh"). When the model sits in an archive and Material.lib is
// found (option "textures" = host directory, default: the directory of the outermost archive), every batch's
// WEAR row is resolved (WEAR -> MAT0 -> Texm) and the glb embeds PNG textures; otherwise the output is
// byte-identical to msh's plain export (a warning on the "export" log channel says why there are no textures).
[[nodiscard]] Result<Bytes> exportTexturedMsh(ByteView data, std::string_view label,
                                              const registry::ExportOptions& options,
                                              const vfs::ArchiveRegistry* archives);

}  // namespace vestige::iron3d
