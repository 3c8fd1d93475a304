// Demo stage: terrain. Builds a 2 x 2-cell Land.msh, its Land.map, a BuildDat.lst and a small data.tma with our
// writers, reads every file back (byte-exact), follows the mission's land_path to the terrain files the way the
// loader does, places the mission objects with the section-12.4 transform and exports land.glb / mission.glb.
#include <fmt/format.h>

#include "../src/app.hpp"
#include "vestige/iron3d/land/inspect.hpp"
#include "vestige/iron3d/land/sample.hpp"
#include "vestige/iron3d/tma/inspect.hpp"
#include "vestige/iron3d/tma/sample.hpp"

namespace vestige::app {

DemoStage demoStageTerrain() {
    return {"terrain", "Iron3D terrain and mission: Land.msh, Land.map, BuildDat.lst, data.tma, glTF",
            [](DemoContext& demo) -> Status {
                namespace land = iron3d::land;
                namespace tma = iron3d::tma;
                VESTIGE_TRY(Bytes meshBytes, land::build(land::sampleTerrain()));
                VESTIGE_TRY(Bytes mapBytes, land::build(land::sampleArealMap()));
                VESTIGE_TRY(Bytes listBytes, land::buildBuildList(land::sampleBuildList()));
                VESTIGE_TRY(Bytes missionBytes, tma::write(tma::sampleMission()));

                // The loader's order: the TMA prefix names the terrain, then the terrain, then the full mission.
                VESTIGE_TRY(std::string landPath, tma::readLandPath(missionBytes));
                const tma::LandFiles files = tma::landFiles(landPath);
                VESTIGE_TRY(land::Terrain terrain, land::Terrain::read(meshBytes));
                VESTIGE_TRY(land::ArealMap map, land::ArealMap::read(mapBytes));
                VESTIGE_TRY(land::BuildList list, land::BuildList::read(listBytes));
                VESTIGE_TRY(tma::Mission mission, tma::read(missionBytes));
                VESTIGE_TRY(Bytes meshAgain, land::write(terrain));
                VESTIGE_TRY(Bytes mapAgain, land::write(map));
                VESTIGE_TRY(Bytes missionAgain, tma::write(mission));
                if (meshAgain != meshBytes || mapAgain != mapBytes || missionAgain != missionBytes ||
                    list.write() != listBytes)
                    return Error("demo.terrain", "read -> write is not byte-identical");

                VESTIGE_TRY(Bytes landGlb, land::exportGlb(terrain));
                VESTIGE_TRY(Bytes missionGlb, tma::exportGlb(mission));
                const land::Geometry g = land::geometry(terrain.data());
                std::size_t inside = 0;
                std::string placed;
                for (std::size_t i = 0; i < mission.objects.size(); ++i) {
                    const Vec3 p = tma::placement(mission.objects[i]).transformPoint({1, 0, 0});
                    inside += g.bounds.contains({p.x, p.y, g.bounds.min.z});
                    placed += fmt::format("{}{} -> ({:.3g} {:.3g} {:.3g})", i ? ", " : "", i, p.x, p.y, p.z);
                }
                demo.notes.push_back(
                    fmt::format("Land.msh: {} bytes, 9 streams, {} vertices, {} faces, bounds z {}..{}; "
                                "Land.map: {} areals, {}x{} grid; BuildDat.lst: {} categories, {} paths",
                                meshBytes.size(), g.positions.size(), terrain.data().faces.size(), g.bounds.min.z,
                                g.bounds.max.z, map.data().areals.size(), map.data().grid.cellsX,
                                map.data().grid.cellsY, list.categories().size(), list.pathCount()));
                demo.notes.push_back(
                    fmt::format("data.tma: {} bytes, land_path {} -> {}; {} objects placed, local +X at {} "
                                "({} over the terrain); all four files read->write byte-identical",
                                missionBytes.size(), landPath, files.mesh, mission.objects.size(), placed, inside));
                VESTIGE_CHECK(demo.write("terrain/Land.msh", meshBytes));
                VESTIGE_CHECK(demo.write("terrain/Land.map", mapBytes));
                VESTIGE_CHECK(demo.write("terrain/BuildDat.lst", listBytes));
                VESTIGE_CHECK(demo.write("terrain/data.tma", missionBytes));
                VESTIGE_CHECK(demo.write("terrain/land.info.json", land::describe(terrain, "terrain/Land.msh").json));
                VESTIGE_CHECK(demo.write("terrain/mission.info.json", tma::describe(mission, "terrain/data.tma").json));
                VESTIGE_CHECK(demo.write("terrain/mission.glb", missionGlb));
                return demo.write("terrain/land.glb", landGlb);
            }};
}

}  // namespace vestige::app
