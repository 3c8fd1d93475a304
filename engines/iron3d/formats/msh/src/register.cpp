#include "vestige/iron3d/msh/register.hpp"

#include "vestige/iron3d/msh/inspect.hpp"

namespace vestige::iron3d::msh {

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo info;
    info.name = "msh";
    info.summary = "Iron3D MSH model (NRes of typed streams): nodes, slots, batches, vertex streams, animation";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Model model, Model::read(data));
        return describe(model, label);
    };
    info.exportGlb = [](ByteView data, std::string_view, const registry::ExportOptions& options) -> Result<Bytes> {
        VESTIGE_TRY(ExportSettings settings, exportSettings(options));
        VESTIGE_TRY(Model model, Model::read(data));
        return exportGlb(model, settings);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::msh
