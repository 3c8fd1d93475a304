#pragma once
// A map's PAKFILE lump as a vfs::Provider (stored entries; other ZIP methods are an error when read).
#include <memory>
#include <string>

#include "vestige/core/bytes.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::content {

[[nodiscard]] Result<std::unique_ptr<vfs::Provider>> openPakfile(ByteView lump, std::string label);

}  // namespace vestige::source::content
