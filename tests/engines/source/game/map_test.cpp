// GameMap: entity lump -> MapEntity rules and GMod trace semantics over the demo map (C++ side, no Lua).
#include "vestige/source/game/map.hpp"

#include <gtest/gtest.h>

#include "vestige/source/bsp/sample.hpp"

namespace vestige::source::game {
namespace {

bsp::Entity ent(std::vector<std::pair<std::string, std::string>> keys) {
    bsp::Entity e;
    e.keys = std::move(keys);
    e.offset = 1234;
    return e;
}

std::shared_ptr<const GameMap> demo() {
    static const std::shared_ptr<const GameMap> map = [] {
        auto bytes = bsp::demoMap().write();
        EXPECT_TRUE(bytes.ok());
        auto m = GameMap::load(*bytes, "vestige_demo");
        EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
        return *m;
    }();
    return map;
}

TraceQuery line(Vec3 a, Vec3 b) {
    TraceQuery q;
    q.start = a;
    q.end = b;
    return q;
}

TEST(GameEntities, AnglesKeysInFileOrder) {
    EXPECT_EQ(entityAngles(ent({{"classname", "info_player_start"}, {"angles", "10 45 5"}})), (Vec3{10, 45, 5}));
    // "angle" replaces the yaw only, keeping pitch and roll read before it.
    EXPECT_EQ(entityAngles(ent({{"angles", "10 45 5"}, {"angle", "90"}})), (Vec3{10, 90, 5}));
    // A later "angles" wins over an earlier "angle".
    EXPECT_EQ(entityAngles(ent({{"angle", "90"}, {"angles", "0 30 0"}})), (Vec3{0, 30, 0}));
    EXPECT_EQ(entityAngles(ent({{"angle", "-1"}})), (Vec3{-90, 0, 0}));   // straight up
    EXPECT_EQ(entityAngles(ent({{"angle", "-2"}})), (Vec3{90, 0, 0}));    // straight down
    EXPECT_EQ(entityAngles(ent({{"ANGLE", "270"}})), (Vec3{0, 270, 0}));  // keys are case-insensitive
}

TEST(GameEntities, LightPitchKey) {
    // light_environment of gm_construct: the separate pitch key is the pitch.
    EXPECT_EQ(entityAngles(ent({{"classname", "light_environment"}, {"pitch", "-56"}, {"angles", "0 306 0"}})),
              (Vec3{-56, 306, 0}));
    // pitch 0 leaves the angles' pitch.
    EXPECT_EQ(entityAngles(ent({{"classname", "light_spot"}, {"angles", "-30 10 0"}, {"pitch", "0"}})),
              (Vec3{-30, 10, 0}));
    // Other classes have no such key.
    EXPECT_EQ(entityAngles(ent({{"classname", "info_player_start"}, {"pitch", "-56"}, {"angles", "0 306 0"}})),
              (Vec3{0, 306, 0}));
}

TEST(GameEntities, MalformedValuesAreReportedNotInvented) {
    std::vector<Error> warnings;
    const auto me = toMapEntity(ent({{"classname", "prop_dynamic"},
                                     {"origin", "1 2"},
                                     {"angles", "0 nan 0"},
                                     {"angle", "east"},
                                     {"model", "models/a.mdl"},
                                     {"targetname", "t"}}),
                                &warnings);
    EXPECT_EQ(me.className, "prop_dynamic");
    EXPECT_EQ(me.model, "models/a.mdl");
    EXPECT_EQ(me.targetName, "t");
    EXPECT_EQ(me.origin, (Vec3{0, 0, 0}));
    EXPECT_EQ(me.angles, (Vec3{0, 0, 0}));
    ASSERT_EQ(warnings.size(), 3u);
    EXPECT_EQ(warnings[0].code(), "game.entity_key");
    EXPECT_EQ(warnings[0].find("field"), "origin");
    EXPECT_EQ(warnings[0].offset(), 1234u);
    EXPECT_EQ(warnings[1].find("field"), "angles");
    EXPECT_EQ(warnings[2].find("field"), "angle");
}

TEST(GameMapLoad, DemoMapEntities) {
    const auto map = demo();
    const auto& s = map->stats();
    EXPECT_EQ(s.lumpEntities, 5u);
    EXPECT_EQ(s.mapEntities, 4u);
    EXPECT_EQ(s.brushEntities, 1u);
    EXPECT_EQ(s.collidingModels, 1u);
    EXPECT_EQ(s.modelVolumes, 1u);
    EXPECT_TRUE(map->warnings().empty());
    ASSERT_EQ(map->entities().size(), 4u);
    const auto& door = map->entities()[0];
    EXPECT_EQ(door.className, "func_door");
    EXPECT_EQ(door.model, "*1");
    EXPECT_EQ(door.targetName, "demo_door");
    EXPECT_EQ(door.origin, (Vec3{-248, 64, 64}));
    const auto& start = map->entities()[1];
    EXPECT_EQ(start.className, "info_player_start");
    EXPECT_EQ(start.origin, (Vec3{-960, -960, 8}));
    EXPECT_EQ(start.angles, (Vec3{0, 45, 0}));
    EXPECT_EQ(map->entities()[2].className, "light_environment");
    EXPECT_EQ(map->entities()[2].angles, (Vec3{-56, 306, 0}));
    EXPECT_EQ(map->entities()[3].className, "env_fog_controller");
    EXPECT_EQ(map->spawnPoint(), (Vec3{-960, -960, 8}));
    const auto scene = map->initialScene();
    ASSERT_EQ(scene.size(), 6u);
    EXPECT_EQ(scene[2].index, kFirstMapEntityIndex);
    EXPECT_EQ(scene[2].model, "*1");
    EXPECT_FALSE(scene[1].alive);
}

TEST(GameMapLoad, CorruptBytesAreAnError) {
    auto bytes = bsp::demoMap().write();
    ASSERT_TRUE(bytes.ok());
    Bytes cut(bytes->begin(), bytes->begin() + 100);
    auto m = GameMap::load(cut, "cut");
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code().rfind("bsp.", 0), 0u) << m.error().render();
    Bytes junk(2048, std::uint8_t{0x41});
    EXPECT_FALSE(GameMap::load(junk, "junk").ok());
}

TEST(GameMapLoad, MissingWorldspawnIsAnError) {
    auto built = bsp::demoMap().build();
    ASSERT_TRUE(built.ok());
    bsp::Bsp map = *built;
    std::swap(map.entities[0], map.entities[1]);
    auto m = GameMap::fromBsp(map, "x");
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code(), "game.worldspawn");
    EXPECT_EQ(m.error().find("field"), "classname");
    map.entities.clear();
    EXPECT_EQ(GameMap::fromBsp(map, "x").error().code(), "game.worldspawn");
}

TEST(GameMapLoad, BadBrushModelNumberIsAWarning) {
    bsp::MapBuilder b = bsp::demoMap();
    b.addEntity({{"classname", "func_brush"}, {"model", "*7"}});
    auto built = b.build();
    ASSERT_TRUE(built.ok());
    auto m = GameMap::fromBsp(*built, "x");
    ASSERT_TRUE(m.ok()) << m.error().render();
    ASSERT_EQ((*m)->warnings().size(), 1u);
    EXPECT_EQ((*m)->warnings()[0].code(), "game.entity_model");
    EXPECT_EQ((*m)->stats().brushEntities, 1u);
    EXPECT_EQ((*m)->entities().size(), 5u);
}

// The floor's top is z = 0. Source stops DIST_EPSILON (1/32) short of the plane along the ray:
// fraction = (128 - 1/32) / 256 = 4095/8192, exactly representable, HitPos.z = 1/32.
TEST(GameTrace, LineDownHitsTheFloor) {
    const auto map = demo();
    const auto hit = map->trace(line({0, -512, 128}, {0, -512, -128}), map->initialScene());
    EXPECT_TRUE(hit.hit);
    EXPECT_EQ(hit.entity, 0);
    EXPECT_EQ(hit.fraction, 4095.0f / 8192.0f);
    EXPECT_EQ(hit.hitPos, (Vec3{0, -512, 0.03125f}));
    EXPECT_EQ(hit.hitNormal, (Vec3{0, 0, 1}));
    EXPECT_FALSE(hit.startSolid);
}

TEST(GameTrace, NothingInTheWayIsAMiss) {
    const auto map = demo();
    const auto hit = map->trace(line({0, -512, 128}, {0, -512, 64}), map->initialScene());
    EXPECT_FALSE(hit.hit);
    EXPECT_EQ(hit.entity, -1);
    EXPECT_EQ(hit.fraction, 1.0f);
    EXPECT_EQ(hit.hitPos, (Vec3{0, -512, 64}));
    EXPECT_EQ(hit.hitNormal, (Vec3{0, 0, 0}));
}

TEST(GameTrace, ThinWallStopsALine) {
    const auto map = demo();
    // Wall x in [-256, -248]; from x = -384 over 256 units: (128 - 1/32) / 256.
    const auto hit = map->trace(line({-384, -512, 64}, {-128, -512, 64}), map->initialScene());
    EXPECT_TRUE(hit.hit);
    EXPECT_EQ(hit.entity, 0);
    EXPECT_EQ(hit.fraction, 4095.0f / 8192.0f);
    EXPECT_EQ(hit.hitPos, (Vec3{-256.03125f, -512, 64}));
    EXPECT_EQ(hit.hitNormal, (Vec3{-1, 0, 0}));
}

TEST(GameTrace, HullUsesTheBox) {
    const auto map = demo();
    TraceQuery q = line({-384, -512, 8}, {-128, -512, 8});
    q.hull = true;
    q.mins = kPlayerMins;
    q.maxs = kPlayerMaxs;
    // The box's +x face (x + 16) meets the wall at x = -272: (112 - 1/32) / 256 = 3583/8192.
    const auto hit = map->trace(q, map->initialScene());
    EXPECT_TRUE(hit.hit);
    EXPECT_EQ(hit.fraction, 3583.0f / 8192.0f);
    EXPECT_EQ(hit.hitPos, (Vec3{-272.03125f, -512, 8}));
    EXPECT_EQ(hit.hitNormal, (Vec3{-1, 0, 0}));
    // Corners given the wrong way round make the same box.
    std::swap(q.mins, q.maxs);
    EXPECT_EQ(map->trace(q, map->initialScene()).fraction, 3583.0f / 8192.0f);
}

TEST(GameTrace, DoorIsItsEntityFilterAndMoveApply) {
    const auto map = demo();
    auto scene = map->initialScene();
    const TraceQuery q = line({-384, 64, 64}, {-128, 64, 64});
    // Door x in [-252, -244]: (132 - 1/32) / 256 = 4223/8192.
    auto hit = map->trace(q, scene);
    EXPECT_TRUE(hit.hit);
    EXPECT_EQ(hit.entity, 2);
    EXPECT_EQ(hit.fraction, 4223.0f / 8192.0f);
    EXPECT_EQ(hit.hitNormal, (Vec3{-1, 0, 0}));
    TraceQuery filtered = q;
    filtered.filter = {2};
    EXPECT_FALSE(map->trace(filtered, scene).hit);
    // The world cannot be filtered.
    filtered = line({0, -512, 128}, {0, -512, -128});
    filtered.filter = {0};
    EXPECT_EQ(map->trace(filtered, scene).entity, 0);
    // Moved up by 200 the door no longer crosses z = 64; moved along +x by 64 it is hit 64 units later.
    scene[2].pos = Vec3{-248, 64, 264};
    EXPECT_FALSE(map->trace(q, scene).hit);
    scene[2].pos = Vec3{-184, 64, 64};
    hit = map->trace(q, scene);
    EXPECT_EQ(hit.entity, 2);
    EXPECT_EQ(hit.fraction, 6271.0f / 8192.0f);  // (196 - 1/32) / 256
    EXPECT_EQ(hit.hitPos.x, -188.03125f);
    scene[2].alive = false;  // removed
    EXPECT_FALSE(map->trace(q, scene).hit);
}

TEST(GameTrace, PlayersAreBoxes) {
    const auto map = demo();
    auto scene = map->initialScene();
    scene[1].alive = true;
    scene[1].isPlayer = true;
    scene[1].pos = {-960, -960, 8};
    // Box y in [-976, -944]; from y = -1008 over 64 units: (32 - 1/32) / 64 = 1023/2048.
    TraceQuery q = line({-960, -1008, 40}, {-960, -944, 40});
    auto hit = map->trace(q, scene);
    EXPECT_TRUE(hit.hit);
    EXPECT_EQ(hit.entity, 1);
    EXPECT_EQ(hit.fraction, 1023.0f / 2048.0f);
    EXPECT_EQ(hit.hitNormal, (Vec3{0, -1, 0}));
    q.filter = {1};
    EXPECT_FALSE(map->trace(q, scene).hit);
    // A brush-only mask (no CONTENTS_MONSTER) passes players.
    q.filter.clear();
    q.mask = collision::contents::kSolid;
    EXPECT_FALSE(map->trace(q, scene).hit);
}

TEST(GameTrace, MaskSelectsWater) {
    const auto map = demo();
    const TraceQuery q = line({384, 384, 128}, {384, 384, -128});
    // Default MASK_SOLID: through the water onto the pool floor (top z = 16): (112 - 1/32) / 256.
    auto hit = map->trace(q, map->initialScene());
    EXPECT_EQ(hit.fraction, 3583.0f / 8192.0f);
    EXPECT_EQ(hit.hitPos.z, 16.03125f);
    TraceQuery water = q;
    water.mask = collision::mask::kWater;
    hit = map->trace(water, map->initialScene());
    EXPECT_EQ(hit.fraction, 2047.0f / 8192.0f);  // water top z = 64: (64 - 1/32) / 256
    EXPECT_EQ(hit.hitPos.z, 64.03125f);
}

TEST(GameTrace, StartInsideTheFloor) {
    const auto map = demo();
    const auto hit = map->trace(line({0, -512, -8}, {0, -512, -4}), map->initialScene());
    EXPECT_TRUE(hit.hit);
    EXPECT_TRUE(hit.startSolid);
    EXPECT_EQ(hit.fraction, 0.0f);
    EXPECT_EQ(hit.entity, 0);
}

TEST(GameMapLoad, SpawnPointClassIsMatchedWhateverItsCase) {
    // The engine's class match folds ASCII case (CBaseEntity::ClassMatches): the first one, whatever its spelling.
    bsp::MapBuilder first;
    first.addBox({-512, -512, -64}, {512, 512, 0}, "dev/dev_measuregeneric01");
    first.addEntity({{"classname", "INFO_PLAYER_START"}, {"origin", "1 2 3"}});
    first.addEntity({{"classname", "info_player_start"}, {"origin", "4 5 6"}});
    auto bytes = first.write();
    ASSERT_TRUE(bytes.ok());
    auto m = GameMap::load(*bytes, "case");
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ((*m)->spawnPoint(), (Vec3{1, 2, 3}));
}

}  // namespace
}  // namespace vestige::source::game
