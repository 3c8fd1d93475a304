#include "vestige/iron3d/register.hpp"

#include "vestige/iron3d/ctl/register.hpp"
#include "vestige/iron3d/msh/register.hpp"
#include "vestige/iron3d/nres/register.hpp"
#include "vestige/iron3d/rsli/register.hpp"

namespace vestige::iron3d {

void registerFormats(formats::FormatRegistry& formats, vfs::ArchiveRegistry& archives) {
    nres::registerFormat(formats, archives);
    rsli::registerFormat(formats, archives);
    msh::registerFormat(formats, archives);
    ctl::registerFormat(formats);
}

}  // namespace vestige::iron3d
