// The player inside the Lua session (issue #16 item 2): the world's CGameMovement on the session's tick with GMod's
// hook order and CUserCmd / CMoveData objects, the gamemode's speeds reaching the movement, fall damage through
// GM:GetFallDamage. Builder maps (a closed room, floor at z = 0). Evidence: the wiki's hook order and the steady
// ground speed equal to the wish speed (friction 8 < accelerate 10, as docs/game.md derives); the base gamemode's 10
// fall damage.
#include <gtest/gtest.h>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/map.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

std::unique_ptr<glua::Runtime> luaRoom(bsp::MapBuilder map) {
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok());
    auto m = GameMap::load(*bytes, "room");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
    glua::Options opt;
    opt.output = [](std::string_view) {};
    auto rt = createRuntime(*m, std::move(opt));
    EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
    EXPECT_TRUE((*rt)->boot().ok());
    return std::move(*rt);
}

bsp::MapBuilder startRoom(const std::string& origin) {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", origin}, {"angles", "0 0 0"}});
    return map;
}

std::string ev(glua::Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    return *r;
}

// Runs n ticks with the player walking forward (yaw 0) with `buttons`.
void walk(glua::Runtime& rt, int n, std::uint32_t buttons = 0) {
    for (int i = 0; i < n; ++i) {
        rt.world().setCommand(rt.joinPlayer(), test::cmd(10000, 0, 0, buttons));
        rt.tick();
    }
}

TEST(LuaPlayer, SetWalkSpeedFromLuaGivesThatGroundSpeed) {
    auto rt = luaRoom(startRoom("-1000 0 0"));
    walk(*rt, 80);
    EXPECT_FLOAT_EQ(test::hspeed(rt->world().player()->velocity), 200.0f);  // Sandbox's class walk speed
    EXPECT_EQ(ev(*rt, "return Entity(1):GetWalkSpeed(), Entity(1):GetRunSpeed(), Entity(1):OnGround()"),
              "200\t400\ttrue");
    ASSERT_EQ(ev(*rt, "Entity(1):SetWalkSpeed(300) return Entity(1):GetWalkSpeed()"), "300");
    walk(*rt, 80);
    EXPECT_FLOAT_EQ(test::hspeed(rt->world().player()->velocity), 300.0f);
    EXPECT_EQ(ev(*rt, "return math.Round(Entity(1):GetVelocity():Length2D(), 3), Entity(1):GetMaxSpeed()"), "300\t300");
    walk(*rt, 80, in::kSpeed);  // +speed: the run speed
    EXPECT_FLOAT_EQ(test::hspeed(rt->world().player()->velocity), 400.0f);
}

TEST(LuaPlayer, MovementHooksRunInGmodsOrderWithTheirObjects) {
    auto rt = luaRoom(startRoom("0 0 0"));
    ASSERT_EQ(ev(*rt, R"lua(
        LOG = {}
        local function log(s) if engine.TickCount() == 3 then LOG[#LOG + 1] = s end end
        hook.Add("StartCommand", "t", function(p, cmd) log("StartCommand " .. cmd:GetForwardMove()) end)
        hook.Add("SetupMove", "t", function(p, mv, cmd)
            log("SetupMove " .. tostring(mv:KeyDown(IN_FORWARD)) .. " " .. cmd:CommandNumber()) end)
        hook.Add("PlayerTick", "t", function(p, mv) log("PlayerTick") end)
        hook.Add("Move", "t", function(p, mv) log("Move " .. mv:GetMaxSpeed()) KEPT = mv end)
        hook.Add("FinishMove", "t", function(p, mv) log("FinishMove") end)
        return 1)lua"),
              "1");
    walk(*rt, 3);
    EXPECT_EQ(ev(*rt, "return table.concat(LOG, ', ')"),
              "StartCommand 10000, SetupMove true 3, PlayerTick, Move 200, FinishMove");
    // The objects are the hook call's: kept outside it, they refuse use.
    EXPECT_NE(ev(*rt, "return KEPT:GetOrigin()").find("outside the hook call"), std::string::npos);
    EXPECT_EQ(ev(*rt, "return type(KEPT), tostring(KEPT)"), "CMoveData\tCMoveData");
}

TEST(LuaPlayer, MoveReturningTrueSkipsTheEngineMovementAndStartCommandEditsTheCommand) {
    auto rt = luaRoom(startRoom("0 0 0"));
    walk(*rt, 5);
    const Vec3 before = rt->world().player()->origin;
    ASSERT_EQ(ev(*rt, "hook.Add('Move', 'stop', function() return true end) return 1"), "1");
    walk(*rt, 20);
    EXPECT_EQ(rt->world().player()->origin, before);
    ASSERT_EQ(ev(*rt,
                 "hook.Remove('Move', 'stop') hook.Add('StartCommand', 'back', function(p, cmd) "
                 "cmd:SetForwardMove(-cmd:GetForwardMove()) end) return 1"),
              "1");
    walk(*rt, 20);
    EXPECT_LT(rt->world().player()->origin.x, before.x);  // the edited command walks backwards
}

TEST(LuaPlayer, FallDamageThroughTheGamemodeAndRespawn) {
    auto rt = luaRoom(startRoom("0 0 400"));  // a 400-unit drop: the base gamemode's flat 10
    walk(*rt, 1);
    ASSERT_EQ(ev(*rt,
                 "FALLS = {} hook.Add('GetFallDamage', 'log', function(p, speed) FALLS[#FALLS + 1] = speed end) "
                 "return Entity(1):Health()"),
              "100");
    for (int i = 0; i < 150; ++i) rt->tick();
    EXPECT_EQ(ev(*rt, "return Entity(1):Health(), #FALLS, FALLS[1] > 526.5"), "90\t1\ttrue");
    // A gamemode's own rule: 200 kills; PlayerDeath runs, and after 2 s a jump respawns through PlayerDeathThink.
    ASSERT_EQ(ev(*rt,
                 "hook.Add('GetFallDamage', 'log', function() return 200 end) "
                 "hook.Add('PlayerDeath', 'log', function(p) DIED = CurTime() end) "
                 "Entity(1):SetPos(Vector(0, 0, 400)) return 1"),
              "1");
    for (int i = 0; i < 150; ++i) rt->tick();
    EXPECT_EQ(ev(*rt, "return Entity(1):Alive(), DIED ~= nil, Entity(1):Deaths()"), "false\ttrue\t1");
    walk(*rt, 150, in::kJump);  // held jump: one press only
    EXPECT_EQ(ev(*rt, "return Entity(1):Alive()"), "false");
    for (int i = 0; i < 2; ++i) {  // a tick without a command repeats the last one (IsForced): release the key
        rt->world().setCommand(rt->joinPlayer(), UserCmd{});
        rt->tick();
    }
    EXPECT_EQ(ev(*rt, "return Entity(1).NextSpawnTime ~= nil, Entity(1).NextSpawnTime < CurTime()"), "true\ttrue");
    walk(*rt, 1, in::kJump);
    EXPECT_EQ(ev(*rt, "return Entity(1):Alive(), Entity(1):Health()"), "true\t100");
}

}  // namespace
}  // namespace vestige::source::game
