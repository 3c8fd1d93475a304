#include "vestige/iron3d/scr/register.hpp"

#include "vestige/iron3d/scr/inspect.hpp"

namespace vestige::iron3d::scr {

void registerFormat(registry::FormatRegistry& formats) {
    registry::FormatInfo info;
    info.name = "scr";
    info.summary = "Iron3D compiled AI script package (.scr): events, instruction records, varset references";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Package p, read(data));
        return describe(p, label);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::scr
