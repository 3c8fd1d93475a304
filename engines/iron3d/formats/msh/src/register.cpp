#include "vestige/iron3d/msh/register.hpp"

namespace vestige::iron3d::msh {
void registerFormat(formats::FormatRegistry& /*formats*/, vfs::ArchiveRegistry& /*archives*/) {}
}  // namespace vestige::iron3d::msh
