#include "vestige/iron3d/varset/register.hpp"

#include "vestige/iron3d/varset/inspect.hpp"

namespace vestige::iron3d::varset {

void registerFormat(registry::FormatRegistry& formats) {
    registry::FormatInfo info;
    info.name = "varset";
    info.summary = "Iron3D AI variable table (varset.var): VAR/STRING/FUNCTION declarations and their index slots";
    info.probe = [](ByteView data, std::string_view fileName) { return probe(data, fileName); };
    info.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(VarSet set, parse(data));
        return describe(set, label);
    };
    formats.add(std::move(info));
}

}  // namespace vestige::iron3d::varset
