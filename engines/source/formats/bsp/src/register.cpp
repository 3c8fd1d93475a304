#include "vestige/source/bsp/register.hpp"

#include "vestige/source/bsp/describe.hpp"

namespace vestige::source::bsp {
void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "bsp";
    info.summary = "Source engine map (VBSP v19/v20; v21 recognised)";
    info.probe = probeBsp;
    info.describe = describeFile;
    // exportGlb is attached by engines/source/src/register.cpp: the exporter lives in the mapmesh
    // library, which depends on this one (no library cycle).
    formats.add(std::move(info));
}
}  // namespace vestige::source::bsp
