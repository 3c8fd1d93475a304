#include "vestige/iron3d/nres/register.hpp"

namespace vestige::iron3d::nres {
void registerFormat(formats::FormatRegistry& /*formats*/, vfs::ArchiveRegistry& /*archives*/) {}
}  // namespace vestige::iron3d::nres
