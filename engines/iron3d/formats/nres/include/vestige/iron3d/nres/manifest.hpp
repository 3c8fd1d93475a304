#pragma once
// NRes archive services for `vestige ls`, `extract` and `pack` (see vestige/vfs/archive_service.hpp).
//
// The manifest keeps what canonical writing cannot derive: the sort fold ("sort_fold": "lower" | "upper") and per
// row the whole 36-byte name field ("name_field", hex) with type and attr1..attr3; "name" is the display form
// (CP1251 as UTF-8). A bare folder packs its files (not recursively) under their file names, type and attrs 0.
#include <memory>

#include "vestige/vfs/archive_service.hpp"

namespace vestige::iron3d::nres {

[[nodiscard]] std::shared_ptr<const vfs::ArchiveServices> archiveServices();

}  // namespace vestige::iron3d::nres
