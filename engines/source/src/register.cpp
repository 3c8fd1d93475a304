#include "vestige/source/register.hpp"

#include "vestige/source/bsp/register.hpp"

namespace vestige::source {

void registerFormats(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    bsp::registerFormat(formats, archives);
}

}  // namespace vestige::source
