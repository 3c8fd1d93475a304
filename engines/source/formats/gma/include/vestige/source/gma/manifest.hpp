#pragma once
// GMA archive services for `vestige ls`, `extract` and `pack` (see vestige/vfs/archive_service.hpp).
//
// Entries are '/' paths; checkPath (gma.hpp) is the name rule of pack and extract alike. The manifest keeps the
// header ("gma": version, steam_id, timestamp, required_content, name, description, author, addon_version); rows
// are "file", "name" (the entry path) and "size". A bare folder packs recursively, titled `--title` or after the
// folder, timestamp 0, so the same input always packs to the same bytes.
#include <memory>

#include "vestige/vfs/archive_service.hpp"

namespace vestige::source::gma {

[[nodiscard]] std::shared_ptr<const vfs::ArchiveServices> archiveServices();

}  // namespace vestige::source::gma
