#include "vestige/iron3d/tma/register.hpp"

#include "vestige/iron3d/tma/inspect.hpp"

namespace vestige::iron3d::tma {

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "tma";
    info.summary = "Iron3D mission data.tma: paths, clans, placed objects, land path, extras";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Mission m, read(data));
        return describe(m, label);
    };
    info.exportGlb = [](ByteView data, std::string_view, const registry::ExportOptions&) -> Result<Bytes> {
        VESTIGE_TRY(Mission m, read(data));
        return exportGlb(m);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::tma
