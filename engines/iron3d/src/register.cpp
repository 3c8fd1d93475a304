#include "vestige/iron3d/register.hpp"

#include "vestige/iron3d/nres/register.hpp"

namespace vestige::iron3d {

void registerFormats(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    nres::registerFormat(formats, archives);
}

}  // namespace vestige::iron3d
