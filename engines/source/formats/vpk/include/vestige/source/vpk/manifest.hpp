#pragma once
// VPK archive services for `vestige ls`, `extract` and `pack` (see vestige/vfs/archive_service.hpp).
//
// Entries are '/' paths; checkPath (vpk.hpp) is the name rule of pack and extract alike. The manifest keeps the version
// ("vpk": {"version": N}); rows are "file", "name" (the entry path) and "size". Pack writes the canonical archive:
// an output named *_dir.vpk gets chunk files <base>_NNN.vpk beside it, any other name one single-file VPK;
// `--vpk-version` (1 or 2) overrides the manifest's version, default 2.
#include <memory>

#include "vestige/vfs/archive_service.hpp"

namespace vestige::source::vpk {

[[nodiscard]] std::shared_ptr<const vfs::ArchiveServices> archiveServices();

}  // namespace vestige::source::vpk
