#pragma once
// RsLi archive services for `vestige ls`, `extract` and `pack` (see vestige/vfs/archive_service.hpp).
//
// The manifest keeps the raw 32-byte header ("header", hex) and per row the 12-byte name field ("name_field"),
// the 4 service bytes ("service"), the flags and the method; entries are stored decoded and re-encoded by pack
// with their method. A bare folder packs its files (not recursively) under their upper-cased names with
// `--method` (default stored).
#include <memory>

#include "vestige/vfs/archive_service.hpp"

namespace vestige::iron3d::rsli {

[[nodiscard]] std::shared_ptr<const vfs::ArchiveServices> archiveServices();

}  // namespace vestige::iron3d::rsli
