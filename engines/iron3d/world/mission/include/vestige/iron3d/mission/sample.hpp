#pragma once
// A small game root built entirely by Vestige's own writers (no game bytes), for tests, benchmarks and the demo:
//
//   objects.rlb            tank_base (units.rlb: tank.msh, tank.wea, tank.ctl), s_tank (parent tank_base plus
//                          its own tank_turret.cpt), sun_01 (no references: non-geometric), fort_wall (a .bas
//                          only: non-geometric), cut_proto (a 65-byte entry no object uses: an inventory warning)
//   units.rlb              tank.msh (msh::sampleTank), tank.wea (4 rows, 2 lightmaps), tank.ctl (turret pose at
//                          frame 1), tank_turret.cpt (raw)
//   fortif.rlb             wall.bas (raw)
//   Material.lib, Textures.lib, LightMap.lib   HULL/DECK/TRACK/DEFAULT over three textures, LM_TANK; the ground
//                          materials L_GRASS/L_SAND/L_ROCK over GRASS/SAND/ROCK
//   UNITS/BUILDS/AI/gen1.dat   a unit DAT: s_tank + sun_01, class word 0x80000002
//   BuildDat.lst           land::sampleBuildList()
//   DATA/MAPS/DEMO/Land.msh, Land.map   an 8 x 8-cell terrain over 64 x 64 (z = x/16 + 9y/16), two areals
//   DATA/MAPS/DEMO/Land1.wea, Land2.wea the terrain's material tables (Land2 rows 2, 3 and Land1 row 1 worn)
//   MISSIONS/DEMO/data.tma the unit, a direct s_tank at double scale, sun_01, fort_wall, then `extraTanks` more
//                          direct s_tank objects spread over the terrain
//   MISSIONS/SCRIPTS/default.scr, varset.var   (scripts = true) the AutoDemo Init package and the shared varset
//                          shape (scr/varset builders); both clans' res0 is then "default"; without scripts the
//                          clans keep the sample TMA's res0 and no package exists (every SuperAI runs without one)
#include <string>
#include <utility>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::mission {

inline constexpr std::string_view kSampleMission = "MISSIONS/DEMO";
inline constexpr std::string_view kSamplePackage = "MISSIONS/SCRIPTS/default.scr";
inline constexpr std::string_view kSampleVarSet = "MISSIONS/SCRIPTS/varset.var";

struct SampleGame {
    std::vector<std::pair<std::string, Bytes>> files;  // paths relative to the game root, '/'-separated
};

[[nodiscard]] Result<SampleGame> sampleGame(std::size_t extraTanks = 0, unsigned terrainCells = 8, bool scripts = true);

}  // namespace vestige::iron3d::mission
