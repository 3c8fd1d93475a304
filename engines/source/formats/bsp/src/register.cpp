#include "vestige/source/bsp/register.hpp"

#include "vestige/source/bsp/describe.hpp"
#include "vestige/source/world/world.hpp"

namespace vestige::source::bsp {
void registerFormat(formats::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    formats::FormatInfo info;
    info.name = "bsp";
    info.summary = "Source engine map (VBSP v19/v20; v21 recognised)";
    info.probe = probeBsp;
    info.describe = describeFile;
    info.exportGlb = [](ByteView data, std::string_view, const formats::ExportOptions&) {
        return world::exportMapGlb(data);
    };
    formats.add(std::move(info));
}
}  // namespace vestige::source::bsp
