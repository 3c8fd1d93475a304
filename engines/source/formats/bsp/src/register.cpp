#include "vestige/source/bsp/register.hpp"

namespace vestige::source::bsp {
void registerFormat(formats::FormatRegistry& /*formats*/, vfs::ArchiveRegistry& /*archives*/) {}
}  // namespace vestige::source::bsp
