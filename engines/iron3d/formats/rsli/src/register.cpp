#include "vestige/iron3d/rsli/register.hpp"

namespace vestige::iron3d::rsli {
void registerFormat(formats::FormatRegistry& /*formats*/, vfs::ArchiveRegistry& /*archives*/) {}
}  // namespace vestige::iron3d::rsli
