// The tiny mission (see sample.hpp).
#include "vestige/iron3d/tma/sample.hpp"

#include <numbers>

namespace vestige::iron3d::tma {
namespace {

Property prop(std::string name, std::uint32_t value) { return Property{{value, 0, 0, 0}, std::move(name)}; }

}  // namespace

Mission sampleMission() {
    Mission m;
    m.paths.push_back(PathRecord{-7, {{1, 2, 0}, {15, 14, 0}}});
    ClanRecord player;
    player.name = "Player";
    player.anchorX = 4;
    player.anchorY = 4;
    player.mode = 1;
    player.res0 = "SCRIPTS\\player";
    player.tag0 = 1;
    player.res1 = "";
    player.tag1 = -1;
    player.relations = {{"Enemy", 2}};
    ClanRecord enemy;
    enemy.name = "Enemy";
    enemy.anchorX = 12;
    enemy.anchorY = 12;
    enemy.mode = 0;
    enemy.res0 = "SCRIPTS\\enemy";
    enemy.groups = {ClanGroup{{{1, 2, 3, 4, 5}}}};
    enemy.res1 = "SCRIPTS\\enemy.trf";
    enemy.tag1 = 3;
    enemy.relations = {{"Player", 2}};
    m.clans = {player, enemy};

    PlacedObject generator;
    generator.rawKind = 4;
    generator.resourceName = "UNITS\\BUILDS\\AI\\gen1.dat";
    generator.identityOrClanRaw = 1;
    generator.position = {4, 4, 2};
    generator.orientation = {0, 0, std::numbers::pi_v<float> / 2};
    generator.instanceName = "Generator 1";
    generator.link0 = -1;
    generator.link1 = -1;
    generator.properties = {prop("Invulnerability", 0), prop("Life state", 1), prop("LogicalID", 10)};
    PlacedObject unit;
    unit.rawKind = 2;
    unit.resourceName = "s_tank";
    unit.identityOrClanRaw = 2;
    unit.position = {12, 4, 3};
    unit.scale = {2, 2, 2};
    unit.link0 = -1;
    unit.link1 = -1;
    unit.properties = {prop("Invulnerability", 0), prop("Life state", 1)};
    PlacedObject plant;
    plant.rawKind = 4;
    plant.resourceName = "UNITS\\BUILDS\\AI\\plant1.dat";
    plant.identityOrClanRaw = 2;
    plant.position = {12, 12, 4};
    plant.instanceName = "Plant";
    plant.rawAfterName = 0xDEADBEEF;
    plant.link0 = 0;
    plant.link1 = -1;
    plant.properties = {prop("Life state", 1), prop("MaximumOre", 500), prop("MaximumOre", 600)};
    m.objects = {generator, unit, plant};
    m.landPath = "DATA\\MAPS\\Demo\\land";
    m.missionFlag = 1;
    m.descriptionRaw = std::string("Demo mission\0\x01", 14);
    m.extras.push_back(ExtraRecord{{8, 8, 0}, {1, 2, 3, 4}});
    return m;
}

}  // namespace vestige::iron3d::tma
