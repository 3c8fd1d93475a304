// Map entity classes on builder maps: button -> door through I/O (timing, blocking, carrying), triggers (teleport,
// push, hurt, once, multiple), brushes (func_brush, func_breakable, func_rotating, func_movelinear), logic
// entities, point_teleport. Numbers come from the SDK code paths cited in each class's source file.
#include <gtest/gtest.h>

#include <cmath>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

using test::cmd;
using test::drive;
using test::kTex;
using test::load;
using test::named;
using test::ProbeWorld;
using test::room;

using Keys = std::vector<std::pair<std::string, std::string>>;

// A door panel across the whole room at x 100..108, 128 high, sliding up; the player starts west of it.
bsp::MapBuilder doorMap(const Keys& extraDoorKeys = {}) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-300 0 0"}, {"angles", "0 0 0"}});
    Keys door = {{"classname", "func_door"},
                 {"targetname", "door"},
                 {"movedir", "-90 0 0"},
                 {"speed", "100"},
                 {"wait", "-1"},
                 {"lip", "0"},
                 {"OnFullyOpen", "probe1,Ping,open,0,-1"}};
    door.insert(door.end(), extraDoorKeys.begin(), extraDoorKeys.end());
    map.addBrushEntity(door, {bsp::MapBuilder::box({100, -1024, 0}, {108, 1024, 128}, kTex)}, Vec3{104, 0, 64});
    // A touch-activated, non-moving button against the south wall near the door: walking south runs into it.
    map.addBrushEntity({{"classname", "func_button"},
                        {"spawnflags", "257"},
                        {"OnPressed", "door,Open,,0,-1"},
                        {"OnPressed", "probe1,Ping,pressed,0,-1"}},
                       {bsp::MapBuilder::box({40, -1024, 0}, {90, -1000, 64}, kTex)}, Vec3{65, -1012, 32});
    map.addEntity({{"classname", "probe"}, {"targetname", "probe1"}});
    return map;
}

TEST(GameClasses, DoorBlocksThePlayerUntilTheButtonOpensItInTheRightTick) {
    ProbeWorld pw(doorMap());
    World& w = *pw.world;
    Entity& p = w.addPlayer();
    Entity* door = named(w, "door");
    ASSERT_NE(door, nullptr);
    EXPECT_EQ(door->moveType, MoveType::Push);
    w.step();
    // East into the closed door: the player stops 16 + 1/32 before its face at x 100.
    drive(w, p, cmd(400), 200);
    EXPECT_NEAR(p.origin.x, 100.0f - 16.0f - 0.03125f, 0.01f);
    EXPECT_TRUE(pw.log.empty());
    // South into the button. Its Touch runs from the second tick of contact (a new touch link only StartTouches);
    // OnPressed goes through the queue at the end of that tick, Open sets the door moving, it moves from the next.
    int pressedTick = -1;
    for (int i = 0; i < 400 && pressedTick < 0; ++i) {
        drive(w, p, cmd(400, 0, -90), 1);
        for (const std::string& line : pw.log)
            if (line.find("Ping(pressed)") != std::string::npos) pressedTick = std::stoi(line);
    }
    ASSERT_GT(pressedTick, 0);
    EXPECT_EQ(static_cast<int>(w.tick()), pressedTick);
    EXPECT_EQ(door->velocity.z, 100.0f);  // LinearMove: (pos2 - pos1) / travel time
    EXPECT_NEAR(door->velocity.x, 0.0f, 1e-4f);
    const float z0 = door->origin.z;
    w.step();
    EXPECT_FLOAT_EQ(door->origin.z - z0, 1.5f);  // 100 u/s for one 15 ms tick
    // Travel = the model's 128 (its bounds spread by 1 on load, minus 2) at 100 u/s = 1.28 s = 85.3 ticks: 85 full
    // ticks and a last one of 0.005 s; OnFullyOpen fires on that 86th moving tick.
    int openTick = -1;
    for (int i = 0; i < 200 && openTick < 0; ++i) {
        w.step();
        for (const std::string& line : pw.log)
            if (line.find("Ping(open)") != std::string::npos) openTick = std::stoi(line);
    }
    EXPECT_EQ(openTick, pressedTick + 86);
    EXPECT_EQ(door->origin.z, 64.0f + 128.0f);
    EXPECT_EQ(door->velocity, (Vec3{}));
    // Now the way east is free.
    drive(w, p, cmd(400), 150);
    EXPECT_GT(p.origin.x, 200.0f);
}

TEST(GameClasses, DoorCarriesThePlayerAndReversesWhenBlocked) {
    // A lift: a 128 x 128 platform moving up 96 units; the player standing on it rides up.
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 16"}});
    map.addBrushEntity({{"classname", "func_door"},
                        {"targetname", "lift"},
                        {"movedir", "-90 0 0"},
                        {"speed", "50"},
                        {"wait", "-1"},
                        {"lip", "-80"}},
                       {bsp::MapBuilder::box({-64, -64, 0}, {64, 64, 16}, kTex)}, Vec3{0, 0, 8});
    auto w = load(map);
    Entity& p = w->addPlayer();
    w->run(20);
    Entity* lift = named(*w, "lift");
    ASSERT_EQ(p.groundEntity, lift->handle);
    const float feet = p.origin.z;
    w->postEvent("lift", "Open", {}, 0, {}, {});
    w->run(300);
    // 16 - lip -80 = 96 units up; the player went with it.
    EXPECT_NEAR(lift->origin.z, 8.0f + 96.0f, 1e-4f);  // movedir -90 0 0 is (-4.4e-8, 0, 1) in floats
    EXPECT_NEAR(p.origin.z - feet, 96.0f, 0.05f);
    EXPECT_EQ(p.groundEntity, lift->handle);

    // A door closing onto a player under it is blocked: dmg hurts the blocker, and with wait >= 0 the door goes back
    // up (CBaseDoor::Blocked); OnBlockedClosing fires the first tick (StartBlocked).
    ProbeWorld pw(
        doorMap({{"wait", "1"}, {"spawnpos", "1"}, {"dmg", "5"}, {"OnBlockedClosing", "probe1,Ping,blocked,0,-1"}}));
    World& v = *pw.world;
    Entity& q = v.addPlayer();
    v.step();
    Entity* door = named(v, "door");
    EXPECT_NEAR(door->origin.z, 64.0f + 128.0f, 1e-4f);  // spawned open
    // Stand under it (x 104): a teleport keeps this short.
    const Vec3 under{104, 0, 1};
    v.teleport(q, &under, nullptr, nullptr);
    v.run(5);
    v.postEvent("door", "Close", {}, 0, {}, {});
    float lowest = door->origin.z;
    int blockedTick = -1;
    for (int i = 0; i < 200 && blockedTick < 0; ++i) {
        v.setCommand(q, cmd(0));
        v.step();
        lowest = std::min(lowest, door->origin.z);
        for (const std::string& line : pw.log)
            if (line.find("Ping(blocked)") != std::string::npos) blockedTick = std::stoi(line);
    }
    ASSERT_GT(blockedTick, 0);
    // The player floated 1 unit above the floor (the spawn's +1); the door first pushed it down onto the floor
    // (it stops 1/32 above), then could not: its bottom stays above the player's head, within one tick's 1.5.
    EXPECT_EQ(q.origin.z, 0.03125f);
    EXPECT_GE(lowest - 64.0f, 72.03125f - 1e-3f);
    EXPECT_LT(lowest - 64.0f, 72.03125f + 1.5f);
    EXPECT_EQ(q.health, 95);            // one Blocked tick of dmg 5 (DMG_CRUSH)
    EXPECT_GT(door->velocity.z, 0.0f);  // going back up
    EXPECT_TRUE(q.alive);
}

TEST(GameClasses, TriggerTeleportMovesThePlayerOnItsSecondTouchTick) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-200 0 0"}});
    map.addBrushEntity({{"classname", "trigger_teleport"}, {"spawnflags", "1"}, {"target", "dest"}},
                       {bsp::MapBuilder::box({-64, -128, 0}, {64, 128, 128}, "tools/toolstrigger")});
    map.addEntity({{"classname", "info_teleport_destination"},
                   {"targetname", "dest"},
                   {"origin", "600 500 0"},
                   {"angles", "0 180 0"}});
    auto w = load(map);
    Entity& p = w->addPlayer();
    w->step();
    int enteredTick = -1, teleportTick = -1;
    for (int i = 0; i < 300 && teleportTick < 0; ++i) {
        drive(*w, p, cmd(250), 1);
        if (enteredTick < 0 && p.origin.x + 16.0f > -64.0f) enteredTick = static_cast<int>(w->tick());
        if (p.origin.x > 500.0f) teleportTick = static_cast<int>(w->tick());
    }
    ASSERT_GT(teleportTick, 0);
    EXPECT_EQ(teleportTick, enteredTick + 1);  // StartTouch on entering, Touch (the teleport) the tick after
    EXPECT_EQ(p.origin, (Vec3{600, 500, 0}));  // the destination minus the player's mins.z (0)
    EXPECT_EQ(p.angles.y, 180.0f);
    EXPECT_GT(test::hspeed(p.velocity), 0.0f);  // velocity is kept (the SDK's own BUGBUG)
}

TEST(GameClasses, TriggerPushHurtOnceMultiple) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    // The player starts inside all four.
    const auto box = bsp::MapBuilder::box({-100, -100, 0}, {100, 100, 100}, "tools/toolstrigger");
    map.addBrushEntity({{"classname", "trigger_push"},
                        {"spawnflags", "1"},
                        {"pushdir", "0 90 0"},
                        {"speed", "300"},
                        {"targetname", "push"},
                        {"StartDisabled", "1"}},
                       {box});
    map.addBrushEntity({{"classname", "trigger_hurt"}, {"spawnflags", "1"}, {"damage", "20"}}, {box});
    map.addBrushEntity({{"classname", "trigger_once"}, {"spawnflags", "1"}, {"OnTrigger", "probe1,Ping,once,0,-1"}},
                       {box});
    map.addBrushEntity({{"classname", "trigger_multiple"},
                        {"spawnflags", "1"},
                        {"wait", "1"},
                        {"OnTrigger", "probe1,Ping,multi,0,-1"}},
                       {box});
    map.addEntity({{"classname", "probe"}, {"targetname", "probe1"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    Entity& p = w.addPlayer();
    w.run(100);  // 1.5 s standing inside
    int once = 0, multi = 0;
    for (const std::string& line : pw.log) {
        once += line.find("Ping(once)") != std::string::npos;
        multi += line.find("Ping(multi)") != std::string::npos;
    }
    EXPECT_EQ(once, 1);
    EXPECT_EQ(multi, 2);  // tick 2, then again 1 s later (tick 69)
    // trigger_hurt 20/s: 10 every half second from the first Touch tick (2): ticks 2, 35, 68 -> 30 damage.
    EXPECT_EQ(p.health, 70);
    // trigger_once removed itself 0.1 s after firing.
    EXPECT_TRUE(w.findByClass("trigger_once").empty());
    // trigger_push, once enabled: a base velocity of 300 along +y while inside.
    w.postEvent("push", "Enable", {}, 0, {}, {});
    w.run(3);
    EXPECT_NEAR(p.baseVelocity.x, 0.0f, 1e-4f);  // AngleVectors(0 90 0) in floats
    EXPECT_EQ(p.baseVelocity.y, 300.0f);
    EXPECT_EQ(p.baseVelocity.z, 0.0f);
    const float y0 = p.origin.y;
    w.run(10);
    EXPECT_GT(p.origin.y - y0, 40.0f);
}

TEST(GameClasses, BrushBreakableRotatingMoveLinear) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "-300 0 0"}});
    map.addBrushEntity({{"classname", "func_brush"}, {"targetname", "wall"}, {"StartDisabled", "1"}},
                       {bsp::MapBuilder::box({-200, -1024, 0}, {-190, 1024, 256}, kTex)}, Vec3{-195, 0, 128});
    map.addBrushEntity({{"classname", "func_breakable"},
                        {"targetname", "glass"},
                        {"health", "30"},
                        {"OnBreak", "probe1,Ping,broke,0,-1"},
                        {"OnHealthChanged", "probe1,Num,,0,-1"}},
                       {bsp::MapBuilder::box({300, 300, 0}, {340, 340, 40}, kTex)}, Vec3{320, 320, 20});
    map.addBrushEntity({{"classname", "func_rotating"}, {"targetname", "fan"}, {"maxspeed", "100"}},
                       {bsp::MapBuilder::box({500, -20, 0}, {540, 20, 40}, kTex)}, Vec3{520, 0, 20});
    map.addBrushEntity({{"classname", "func_movelinear"},
                        {"targetname", "slider"},
                        {"movedir", "0 90 0"},
                        {"speed", "64"},
                        {"MoveDistance", "64"},
                        {"OnFullyOpen", "probe1,Ping,slid,0,-1"}},
                       {bsp::MapBuilder::box({600, 0, 0}, {632, 32, 32}, kTex)}, Vec3{616, 16, 16});
    map.addEntity({{"classname", "probe"}, {"targetname", "probe1"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    Entity& p = w.addPlayer();
    w.step();
    // func_brush StartDisabled: not drawn, not solid; Enable makes it solid again.
    drive(w, p, cmd(400), 60);
    EXPECT_GT(p.origin.x, -190.0f);
    drive(w, p, cmd(-400), 80);
    w.postEvent("wall", "Enable", {}, 0, {}, {});
    drive(w, p, cmd(400), 60);
    EXPECT_NEAR(p.origin.x, -200.0f - 16.0f - 0.03125f, 0.01f);
    // func_breakable: health 30, three hits of 10, OnHealthChanged with health / max, OnBreak, gone 0.1 s later.
    Entity* glass = named(w, "glass");
    ASSERT_NE(glass, nullptr);
    const EntityHandle gh = glass->handle;
    for (int i = 0; i < 3; ++i) w.takeDamage(*glass, DamageInfo::make(p.handle, p.handle, 10, dmg::kBullet));
    pw.log.clear();
    w.step();
    ASSERT_EQ(pw.log.size(), 4u);
    EXPECT_NE(pw.log[0].find("Num(0.666667)"), std::string::npos) << pw.log[0];
    EXPECT_NE(pw.log[1].find("Num(0.333333)"), std::string::npos);
    EXPECT_NE(pw.log[2].find("Num(0)"), std::string::npos);
    EXPECT_NE(pw.log[3].find("Ping(broke)"), std::string::npos);
    EXPECT_FALSE(w.get(gh)->isSolid());
    w.run(8);
    EXPECT_EQ(w.get(gh), nullptr);
    // func_rotating: Start spins it at maxspeed about z (yaw), 100 deg/s. A pusher moves for min(tick, time to its
    // next move-done) (PhysicsPusher): the first move-done is 0.1 s away, so the 7th tick moves 0.01 s; after 67
    // ticks its clock shows 1.0 s: 100 degrees.
    w.postEvent("fan", "Start", {}, 0, {}, {});
    w.step();
    w.run(67);
    EXPECT_NEAR(named(w, "fan")->angles.y, 100.0f, 1e-3f);
    // func_movelinear: Open moves MoveDistance along movedir (+y) at speed, then OnFullyOpen.
    w.postEvent("slider", "Open", {}, 0, {}, {});
    w.run(80);
    EXPECT_EQ(named(w, "slider")->origin, (Vec3{616, 16 + 64, 16}));
    bool slid = false;
    for (const std::string& line : pw.log) slid = slid || line.find("Ping(slid)") != std::string::npos;
    EXPECT_TRUE(slid);
}

TEST(GameClasses, LogicEntities) {
    auto map = room();
    map.addEntity({{"classname", "logic_auto"}, {"OnMapSpawn", "probe1,Ping,auto,0,-1"}});
    map.addEntity({{"classname", "logic_timer"}, {"RefireTime", "0.5"}, {"OnTimer", "count,Add,1,0,-1"}});
    map.addEntity({{"classname", "math_counter"},
                   {"targetname", "count"},
                   {"min", "0"},
                   {"max", "3"},
                   {"OutValue", "probe1,Num,,0,-1"},
                   {"OnHitMax", "probe1,Ping,max,0,-1"}});
    map.addEntity({{"classname", "logic_compare"},
                   {"targetname", "cmp"},
                   {"CompareValue", "3"},
                   {"OnGreaterThan", "probe1,Num,,0,-1"},
                   {"OnEqualTo", "probe1,Ping,equal,0,-1"}});
    map.addEntity({{"classname", "logic_case"},
                   {"targetname", "sw"},
                   {"Case02", "b"},
                   {"OnCase02", "probe1,Ping,case2,0,-1"},
                   {"OnDefault", "probe1,Ping,,0,-1"}});
    map.addEntity({{"classname", "probe"}, {"targetname", "probe1"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    w.run(140);  // 2.1 s
    // logic_auto: OnMapSpawn 0.2 s after Activate: TIME_TO_TICKS(0.2) = 13.
    ASSERT_FALSE(pw.log.empty());
    EXPECT_EQ(pw.log[0], "13 probe1.Ping(auto) - ");  // no activator; the caller is the (unnamed) logic_auto
    // logic_timer every 0.5 s (ticks 33, 67, 100, 133) into a counter clamped to 0..3: 1, 2, 3 (OnHitMax once), 3.
    std::vector<std::string> counter;
    for (const std::string& line : pw.log)
        if (line.find("Num(") != std::string::npos || line.find("Ping(max)") != std::string::npos)
            counter.push_back(line.substr(line.find(' ') + 1, line.find(')') - line.find(' ')));
    const std::vector<std::string> expected = {"probe1.Num(1)", "probe1.Num(2)", "probe1.Ping(max)", "probe1.Num(3)",
                                               "probe1.Num(3)"};
    EXPECT_EQ(counter, expected);
    pw.log.clear();
    w.postEvent("cmp", "SetValueCompare", Variant::ofFloat(5), 0, {}, {});
    w.postEvent("cmp", "SetValueCompare", Variant::ofString("3"), 0, {}, {});
    w.postEvent("sw", "InValue", Variant::ofString("B"), 0, {}, {});
    w.postEvent("sw", "InValue", Variant::ofString("zzz"), 0, {}, {});
    w.step();
    const std::vector<std::string> logic = {"probe1.Num(5) - cmp", "probe1.Ping(equal) - cmp",
                                            "probe1.Ping(case2) - sw", "probe1.Ping(zzz) - sw"};
    ASSERT_EQ(pw.log.size(), 4u) << ::testing::PrintToString(pw.log);
    for (std::size_t i = 0; i < logic.size(); ++i) EXPECT_EQ(pw.log[i].substr(pw.log[i].find(' ') + 1), logic[i]);
}

TEST(GameClasses, UseKeyPressesAButtonInReach) {
    // +use (CBasePlayer::PlayerUse / FindUseEntity): a use-activated button 40 units ahead, within
    // PLAYER_USE_RADIUS 80; a fresh press uses it once (FCAP_IMPULSE_USE), holding does not repeat.
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addBrushEntity(
        {{"classname", "func_button"}, {"spawnflags", "1025"}, {"wait", "0.1"}, {"OnPressed", "probe1,Ping,used,0,-1"}},
        {bsp::MapBuilder::box({40, -32, 0}, {50, 32, 128}, kTex)}, Vec3{45, 0, 64});
    map.addBrushEntity({{"classname", "func_button"}, {"spawnflags", "1025"}, {"OnPressed", "probe1,Ping,far,0,-1"}},
                       {bsp::MapBuilder::box({-300, -32, 0}, {-290, 32, 128}, kTex)}, Vec3{-295, 0, 64});
    map.addEntity({{"classname", "probe"}, {"targetname", "probe1"}});
    ProbeWorld pw(map);
    World& w = *pw.world;
    Entity& p = w.addPlayer();
    w.step();
    drive(w, p, cmd(0, 0, 0, in::kUse), 30);  // held for 30 ticks: one press
    drive(w, p, cmd(0), 1);
    drive(w, p, cmd(0, 0, 180, in::kUse), 1);  // the other one is 290 away: out of reach
    drive(w, p, cmd(0), 20);
    ASSERT_EQ(pw.log.size(), 1u) << ::testing::PrintToString(pw.log);
    EXPECT_EQ(pw.log[0], "2 probe1.Ping(used)  ");  // activator: the (unnamed) player, caller: the button
    // GM:PlayerUse returning false refuses it.
    w.hooks.playerUse = [](World&, Entity&, Entity&) { return false; };
    drive(w, p, cmd(0, 0, 0, in::kUse), 1);
    drive(w, p, cmd(0), 1);
    EXPECT_EQ(pw.log.size(), 1u);
}

TEST(GameClasses, PointTeleportMovesItsTarget) {
    auto map = room();
    map.addEntity({{"classname", "info_target"}, {"targetname", "thing"}, {"origin", "1 2 3"}});
    map.addEntity({{"classname", "point_teleport"},
                   {"targetname", "tp"},
                   {"target", "thing"},
                   {"origin", "100 200 30"},
                   {"angles", "0 45 0"}});
    auto w = load(map);
    w->postEvent("tp", "Teleport", {}, 0, {}, {});
    w->step();
    EXPECT_EQ(named(*w, "thing")->origin, (Vec3{100, 200, 30}));
    EXPECT_EQ(named(*w, "thing")->angles, (Vec3{0, 45, 0}));
}

}  // namespace
}  // namespace vestige::source::game
