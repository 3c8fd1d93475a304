#include "vestige/iron3d/prototype/register.hpp"

#include "vestige/iron3d/prototype/inspect.hpp"

namespace vestige::iron3d::prototype {

void registerFormat(registry::FormatRegistry& formats) {
    registry::FormatInfo registry;
    registry.name = "objects_rlb";
    registry.summary = "Iron3D prototype registry objects.rlb: 64-byte object references, parents expanded";
    registry.probe = [](ByteView data, std::string_view fileName) { return probeRegistry(data, fileName); };
    registry.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Registry r, Registry::read(Bytes(data.begin(), data.end())));
        return describe(r, label);
    };
    formats.add(std::move(registry));

    registry::FormatInfo unit;
    unit.name = "unit_dat";
    unit.summary = "Iron3D unit DAT: a compound unit's component prototypes (8 + n x 112, or a binding)";
    unit.probe = [](ByteView data, std::string_view fileName) { return probeUnitDat(data, fileName); };
    unit.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(UnitFile u, readUnitFile(data));
        return describe(u, label);
    };
    formats.add(std::move(unit));
}

}  // namespace vestige::iron3d::prototype
