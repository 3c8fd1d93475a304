// The player inside the world's tick: spawn (CGameRules::GetPlayerSpawnSpot, base gamemode PlayerSelectSpawn),
// GMod's hook order, player class speeds, move types, fall damage (base gamemode GetFallDamage over the SDK's
// CheckFalling), death and respawn (base gamemode PlayerDeathThink).
#include <gtest/gtest.h>

#include <cmath>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

using test::cmd;
using test::drive;
using test::hspeed;
using test::load;
using test::room;

bsp::MapBuilder roomWithStart(const std::string& origin = "0 0 0", const std::string& angles = "0 90 0") {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", origin}, {"angles", angles}});
    return map;
}

TEST(GamePlayer, SpawnsOneUnitAboveTheSpotOnTickOneWithItsHooks) {
    auto w = load(roomWithStart("100 -50 0", "0 90 0"));
    Entity& p = w->addPlayer();
    std::vector<std::string> order;
    w->hooks.playerInitialSpawn = [&](World&, Entity&) { order.push_back("PlayerInitialSpawn"); };
    w->hooks.playerSpawn = [&](World&, Entity& e) {
        order.push_back("PlayerSpawn");
        EXPECT_EQ(e.origin, (Vec3{100, -50, 1}));  // already at the spot (GetPlayerSpawnSpot: + 0 0 1)
    };
    w->hooks.playerLoadout = [&](World&, Entity&) { order.push_back("PlayerLoadout"); };
    EXPECT_FALSE(p.alive);
    w->step();
    const std::vector<std::string> expected = {"PlayerInitialSpawn", "PlayerSpawn", "PlayerLoadout"};
    EXPECT_EQ(order, expected);
    EXPECT_TRUE(p.alive);
    EXPECT_EQ(p.health, 100);
    EXPECT_EQ(p.collisionGroup, 5);  // COLLISION_GROUP_PLAYER
    EXPECT_EQ(p.angles.y, 90.0f);
    w->run(30);
    EXPECT_TRUE(p.player->move.onGround);
    EXPECT_EQ(p.groundEntity, w->worldEntity().handle);
    // Within 2 units of the floor counts as standing (CategorizePosition); a player standing still is not moved
    // down (StayOnGround runs only in WalkMove's moving path), so it stays at the spawn height.
    EXPECT_EQ(p.origin.z, 1.0f);
}

TEST(GamePlayer, ViewAnglesKeepThePitchAndTheBodyOnlyTheYaw) {
    auto w = load(roomWithStart("0 0 0", "0 90 0"));
    Entity& p = w->addPlayer();
    UserCmd c = cmd(0, 0, 30);
    c.viewAngles.x = 45;
    // GetPlayerSpawnSpot calls SnapEyeAngles(spot angles): on the spawn tick the command's angles do not replace
    // pl.v_angle (FIXANGLE_ABSOLUTE); the fixangle goes with the frame.
    w->setCommand(p, c);
    w->step();
    EXPECT_EQ(p.player->eyeAngles, (Vec3{0, 90, 0}));
    EXPECT_FALSE(p.player->fixAngle);
    // RunCommand: v_angle = the command's view angles, pitch included; the entity's angles hold the yaw only.
    w->setCommand(p, c);
    w->step();
    EXPECT_EQ(p.player->eyeAngles, (Vec3{45, 30, 0}));
    EXPECT_EQ(p.angles, (Vec3{0, 30, 0}));
    // A teleport with angles snaps the view the same way (trigger_teleport / point_teleport on a player).
    const Vec3 at{0, 0, 1}, turn{-10, 180, 0};
    w->teleport(p, &at, &turn, nullptr);
    w->setCommand(p, c);
    w->step();
    EXPECT_EQ(p.player->eyeAngles, turn);
    EXPECT_EQ(p.angles, (Vec3{0, 180, 0}));
    w->setCommand(p, c);
    w->step();
    EXPECT_EQ(p.player->eyeAngles, (Vec3{45, 30, 0}));
}

TEST(GamePlayer, SandboxClassValues) {
    // gamemodes/sandbox/gamemode/player_class/player_sandbox.lua over player_default.lua.
    const PlayerClassValues s = PlayerClassValues::sandbox();
    EXPECT_EQ(s.walkSpeed, 200.0f);
    EXPECT_EQ(s.runSpeed, 400.0f);
    EXPECT_EQ(s.slowWalkSpeed, 100.0f);
    EXPECT_EQ(s.duckSpeed, 0.1f);
    EXPECT_EQ(s.unDuckSpeed, 0.1f);
    EXPECT_EQ(s.jumpPower, 200.0f);
    EXPECT_EQ(s.crouchedWalkSpeed, 0.3f);
    const PlayerClassValues d = PlayerClassValues::playerDefault();
    EXPECT_EQ(d.walkSpeed, 400.0f);
    EXPECT_EQ(d.runSpeed, 600.0f);
    EXPECT_EQ(d.slowWalkSpeed, 200.0f);
}

// Steady ground speed under Quake acceleration with GMod's friction 8 reaches the wish speed exactly (accelerate
// 10 > friction 8, spec 3.1): walk 200, +speed 400, +walk 100, SetWalkSpeed(300) -> 300.
float steadySpeed(float walk, std::uint32_t buttons) {
    auto w = load(roomWithStart("-800 0 0", "0 0 0"));
    Entity& p = w->addPlayer();
    w->step();
    p.player->values.walkSpeed = walk;
    drive(*w, p, cmd(10000, 0, 0, buttons), 150);
    return hspeed(p.velocity);
}

TEST(GamePlayer, WalkRunSlowWalkSpeeds) {
    EXPECT_NEAR(steadySpeed(200, 0), 200.0f, 0.01f);
    EXPECT_NEAR(steadySpeed(200, in::kSpeed), 400.0f, 0.01f);
    EXPECT_NEAR(steadySpeed(200, in::kWalk), 100.0f, 0.01f);
    EXPECT_NEAR(steadySpeed(300, 0), 300.0f, 0.01f);  // SetWalkSpeed(300)
    // The ground speed also shows as distance: 300 u/s over 1 s of steady walking.
    auto w = load(roomWithStart("-800 0 0", "0 0 0"));
    Entity& p = w->addPlayer();
    w->step();
    p.player->values.walkSpeed = 300;
    drive(*w, p, cmd(10000), 80);
    const float x0 = p.origin.x;
    drive(*w, p, cmd(10000), 67);  // 67 ticks = 1.005 s
    EXPECT_NEAR(p.origin.x - x0, 300.0f * 67 * 0.015f, 0.1f);
}

TEST(GamePlayer, HookOrderAroundTheMovement) {
    auto w = load(roomWithStart());
    Entity& p = w->addPlayer();
    std::vector<std::string> order;
    w->hooks.startCommand = [&](World&, Entity&, UserCmd& c) {
        order.push_back("StartCommand");
        c.addKey(in::kAttack2);  // may change the command
    };
    w->hooks.setupMove = [&](World&, Entity&, MoveData& mv, const UserCmd& c) {
        order.push_back("SetupMove");
        EXPECT_TRUE(mv.keyDown(in::kAttack2));
        EXPECT_EQ(mv.forwardSpeed, c.forwardMove);
    };
    w->hooks.playerTick = [&](World&, Entity&, MoveData&) { order.push_back("PlayerTick"); };
    w->hooks.move = [&](World&, Entity&, MoveData&) {
        order.push_back("Move");
        return false;
    };
    w->hooks.finishMove = [&](World&, Entity&, MoveData&) {
        order.push_back("FinishMove");
        return false;
    };
    w->step();  // spawn tick
    order.clear();
    w->setCommand(p, cmd(100));
    w->step();
    const std::vector<std::string> expected = {"StartCommand", "SetupMove", "PlayerTick", "Move", "FinishMove"};
    EXPECT_EQ(order, expected);
    EXPECT_TRUE(p.player->keyDown(in::kAttack2));
    EXPECT_EQ(p.player->cmd.commandNumber, 2);
}

TEST(GamePlayer, MoveHookReplacesAndFinishMoveKeepsTheEngineFromCopyingBack) {
    auto w = load(roomWithStart());
    Entity& p = w->addPlayer();
    w->run(20);
    const Vec3 start = p.origin;
    // Move returning true: no engine movement; the hook's own origin is copied back.
    w->hooks.move = [](World&, Entity&, MoveData& mv) {
        mv.origin = mv.origin + Vec3{5, 0, 0};
        return true;
    };
    drive(*w, p, cmd(400), 3);
    EXPECT_EQ(p.origin, (start + Vec3{15, 0, 0}));
    // FinishMove returning true: the move ran but the player keeps its place.
    w->hooks.move = {};
    w->hooks.finishMove = [](World&, Entity&, MoveData&) { return true; };
    const Vec3 here = p.origin;
    drive(*w, p, cmd(400), 10);
    EXPECT_EQ(p.origin, here);
}

TEST(GamePlayer, MoveTypesNoclipNoneWalk) {
    auto w = load(roomWithStart());
    Entity& p = w->addPlayer();
    w->run(20);
    // Noclip: flies where it looks (pitch -45 is up) and ignores gravity.
    w->setMoveType(p, MoveType::Noclip);
    UserCmd up = cmd(400);
    up.viewAngles = {-45, 0, 0};
    drive(*w, p, up, 30);
    EXPECT_GT(p.origin.z, 50.0f);
    EXPECT_FALSE(p.player->move.onGround);
    // None: nothing moves it.
    w->setMoveType(p, MoveType::None);
    const Vec3 here = p.origin;
    drive(*w, p, cmd(400), 20);
    EXPECT_EQ(p.origin, here);
    // Walk: falls back to the floor.
    w->setMoveType(p, MoveType::Walk);
    drive(*w, p, cmd(0), 120);
    EXPECT_TRUE(p.player->move.onGround);
    EXPECT_EQ(p.origin.z, 0.03125f);  // a fall stops DIST_EPSILON (1/32) above the floor
}

// Drops the player from `height` above the floor, returns (landing speed, health after).
std::pair<float, int> drop(float height, bool realistic, std::function<void(World&)> setup = {}) {
    bsp::MapBuilder map;
    map.addRoom({-512, -512, 0}, {512, 512, 2048}, 16, test::kTex);
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 " + std::to_string(height)}});
    WorldOptions opt;
    opt.realisticFallDamage = realistic;
    auto w = load(map, opt);
    if (setup) setup(*w);
    Entity& p = w->addPlayer();
    float landing = 0;
    for (int i = 0; i < 400 && landing == 0; ++i) {
        w->setCommand(p, cmd(0));
        w->step();
        landing = p.player->move.landingSpeed;
    }
    return {landing, p.health};
}

TEST(GamePlayer, FallDamageAsTheBaseGamemodeComputesIt) {
    // mp_falldamage 0: a flat 10 for any landing above PLAYER_MAX_SAFE_FALL_SPEED (526.5, HL2's shareddefs.h).
    auto [v1, h1] = drop(400, false);
    EXPECT_GT(v1, 526.5f);
    EXPECT_EQ(h1, 90);
    // mp_falldamage 1: (speed - 526.5) * 100 / 396 (DAMAGE_FOR_FALL_SPEED), whole points now, the fraction kept.
    auto [v2, h2] = drop(700, true);
    const float expected = (v2 - 526.5f) * (100.0f / 396.0f);
    EXPECT_GT(expected, 20.0f);
    EXPECT_EQ(h2, 100 - static_cast<int>(std::floor(expected)));
    EXPECT_FLOAT_EQ(baseGamemodeFallDamage(922.5f, true), 100.0f);  // PLAYER_FATAL_FALL_SPEED kills
    EXPECT_FLOAT_EQ(baseGamemodeFallDamage(600.0f, false), 10.0f);
    // A safe landing costs nothing: 200 units at g 600 lands near sqrt(2 * 600 * 200) = 490 u/s.
    auto [v3, h3] = drop(200, false);
    EXPECT_LT(v3, 526.5f);
    EXPECT_GT(v3, 303.0f);  // above the punch threshold, below the damage one
    EXPECT_EQ(h3, 100);
    // The GetFallDamage hook decides the amount (here 35), armor does not absorb DMG_FALL.
    auto [v4, h4] = drop(400, false, [](World& w) {
        w.hooks.getFallDamage = [](World&, Entity&, float) { return 35.0f; };
        w.hooks.playerSpawn = [](World&, Entity& p) { p.armor = 100; };
    });
    EXPECT_EQ(h4, 65);
    (void)v4;
}

TEST(GamePlayer, DeathAndRespawnAfterTwoSecondsOnAKeyPress) {
    auto w = load(roomWithStart("64 64 0"));
    Entity& p = w->addPlayer();
    int deaths = 0;
    w->hooks.doPlayerDeath = [&](World&, Entity& e, Entity*, const DamageInfo&) {
        ++deaths;
        ++e.player->deaths;
    };
    w->run(10);
    drive(*w, p, cmd(400), 30);  // walk away from the spawn point
    ASSERT_GT(p.origin.x, 100.0f);
    w->takeDamage(p, DamageInfo::make(w->worldEntity().handle, w->worldEntity().handle, 150, dmg::kGeneric));
    EXPECT_FALSE(p.alive);
    EXPECT_EQ(deaths, 1);
    EXPECT_FLOAT_EQ(p.player->nextSpawnTime, w->curtime() + 2.0f);  // base gamemode PlayerDeath
    // Jump pressed before the 2 s: nothing; the dead body gets no input.
    drive(*w, p, cmd(0, 0, 0, in::kJump), 1);
    drive(*w, p, cmd(0), 1);
    EXPECT_FALSE(p.alive);
    w->run(140);
    drive(*w, p, cmd(0, 0, 0, in::kJump), 1);  // KeyPressed( IN_JUMP )
    EXPECT_TRUE(p.alive);
    EXPECT_EQ(p.health, 100);
    EXPECT_EQ(p.origin, (Vec3{64, 64, 1}));
}

TEST(GamePlayer, SpawnPointChoiceOfTheBaseGamemode) {
    // TF2 maps have only info_player_teamspawn: Sandbox's list includes it.
    auto tf = room();
    tf.addEntity({{"classname", "info_player_teamspawn"}, {"origin", "-300 200 0"}});
    auto w = load(tf);
    Entity& p = w->addPlayer();
    w->step();
    EXPECT_EQ(p.origin, (Vec3{-300, 200, 1}));
    // The master flag (spawnflags 1) wins over every other spawn point.
    auto m = room();
    m.addEntity({{"classname", "info_player_start"}, {"origin", "10 0 0"}});
    m.addEntity({{"classname", "info_player_start"}, {"origin", "20 0 0"}, {"spawnflags", "1"}});
    m.addEntity({{"classname", "gmod_player_start"}, {"origin", "30 0 0"}});
    auto w2 = load(m);
    Entity& p2 = w2->addPlayer();
    w2->step();
    EXPECT_EQ(p2.origin.x, 20.0f);
    // No spawn point at all: a visible warning, the world origin.
    auto none = load(room());
    Entity& p3 = none->addPlayer();
    none->step();
    EXPECT_EQ(p3.origin, (Vec3{0, 0, 1}));
    EXPECT_EQ(none->warnings().back().code(), "game.no_spawn_point");
}

}  // namespace
}  // namespace vestige::source::game
