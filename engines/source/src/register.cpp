#include "vestige/source/register.hpp"

namespace vestige::source {

void registerFormats(formats::FormatRegistry& /*formats*/, vfs::ArchiveRegistry& /*archives*/) {}

}  // namespace vestige::source
