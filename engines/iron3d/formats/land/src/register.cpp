#include "vestige/iron3d/land/register.hpp"

#include "vestige/iron3d/land/inspect.hpp"

namespace vestige::iron3d::land {

void registerFormat(registry::FormatRegistry& formats, vfs::ArchiveRegistry& /*archives*/) {
    registry::FormatInfo mesh;
    mesh.name = "land_msh";
    mesh.summary = "Iron3D terrain Land.msh (NRes of nine typed streams): vertices, faces, material pairs";
    mesh.probe = [](ByteView data, std::string_view fileName) { return probeTerrain(data, fileName); };
    mesh.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(Terrain terrain, Terrain::read(data));
        return describe(terrain, label);
    };
    mesh.exportGlb = [](ByteView data, std::string_view, const registry::ExportOptions&) -> Result<Bytes> {
        VESTIGE_TRY(Terrain terrain, Terrain::read(data));
        return exportGlb(terrain);
    };
    formats.add(std::move(mesh));

    registry::FormatInfo map;
    map.name = "land_map";
    map.summary = "Iron3D areal map Land.map (NRes, one type-12 entry): areals, edge links, candidate grid";
    map.probe = [](ByteView data, std::string_view fileName) { return probeArealMap(data, fileName); };
    map.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(ArealMap m, ArealMap::read(data));
        return describe(m, label);
    };
    formats.add(std::move(map));

    registry::FormatInfo list;
    list.name = "builddat";
    list.summary = "Iron3D BuildDat.lst (text): building categories, masks and unit paths";
    list.probe = [](ByteView data, std::string_view fileName) { return probeBuildList(data, fileName); };
    list.describe = [](ByteView data, std::string_view label) -> Result<registry::Description> {
        VESTIGE_TRY(BuildList l, BuildList::read(data));
        return describe(l, label);
    };
    formats.add(std::move(list));
}

}  // namespace vestige::iron3d::land
