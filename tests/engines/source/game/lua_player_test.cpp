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

// budget 0 is JIT mode: the entity getters are the ffi fast paths instead of the C functions.
std::unique_ptr<glua::Runtime> luaRoom(bsp::MapBuilder map, std::uint64_t budget = 200'000'000) {
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok());
    auto m = GameMap::load(*bytes, "room");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
    glua::Options opt;
    opt.instructionBudget = budget;
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
    // GMod's base gamemode assigns no player class on the server (only cl_init.lua calls SetPlayerClass), so
    // player_manager.OnPlayerSpawn changes nothing and the engine's speeds stay: the wiki's Player:GetWalkSpeed
    // example prints "200 in console by default"; run 400 (the wiki's SetRunSpeed note). Sandbox's class also
    // gives 200/400.
    EXPECT_FLOAT_EQ(test::hspeed(rt->world().player()->velocity), 200.0f);
    EXPECT_EQ(ev(*rt, "return Entity(1):GetWalkSpeed(), Entity(1):GetRunSpeed(), Entity(1):OnGround()"),
              "200\t400\ttrue");
    ASSERT_EQ(ev(*rt, "Entity(1):SetWalkSpeed(300) return Entity(1):GetWalkSpeed()"), "300");
    walk(*rt, 80);
    EXPECT_FLOAT_EQ(test::hspeed(rt->world().player()->velocity), 300.0f);
    EXPECT_EQ(ev(*rt, "return math.Round(Entity(1):GetVelocity():Length2D(), 3), Entity(1):GetMaxSpeed()"), "300\t300");
    walk(*rt, 80, in::kSpeed);  // +speed: the run speed
    EXPECT_FLOAT_EQ(test::hspeed(rt->world().player()->velocity), 400.0f);
}

// GMod's footstep hooks: PlayerFootstep sees the wave, the foot and the volume and can silence the step;
// PlayerStepSoundTime sets the time to the next one (ms).
TEST(LuaPlayer, FootstepHooksSeeEachStepAndSetTheStepTime) {
    auto rt = luaRoom(startRoom("-1000 0 0"));
    ASSERT_TRUE(rt->world()
                    .sounds.scripts()
                    .addFile(R"("Default.StepLeft" { "wave" "l.wav" } "Default.StepRight" { "wave" "r.wav" })", "t")
                    .ok());
    ASSERT_EQ(ev(*rt, R"(steps = {}
hook.Add('PlayerFootstep', 't', function(ply, pos, foot, sound, volume, filter)
  steps[#steps + 1] = foot .. ' ' .. sound .. ' ' .. string.format('%.2f', volume) .. ' ' .. tostring(filter)
  return foot == 0
end)
hook.Add('PlayerStepSoundTime', 't', function(ply, kind, walking)
  if kind == STEPSOUNDTIME_NORMAL and walking then return 150 end
end)
return 'ok')"),
              "ok");
    const std::uint64_t before = rt->world().sounds.total();
    walk(*rt, 100);
    const auto n = std::stoi(ev(*rt, "return #steps"));
    EXPECT_GE(n, 8) << "150 ms apart: every 10 ticks";
    EXPECT_EQ(ev(*rt, "return steps[1], steps[2]"), "1 r.wav 0.20 nil\t0 l.wav 0.20 nil");
    // The left foot (0) was silenced by the hook: only the right foot's steps reached the world.
    EXPECT_EQ(rt->world().sounds.total() - before, static_cast<std::uint64_t>((n + 1) / 2));
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

// One command with view angles (pitch, yaw) and buttons.
void look(glua::Runtime& rt, float pitch, float yaw, std::uint32_t buttons = 0) {
    UserCmd c;
    c.viewAngles = {pitch, yaw, 0};
    c.buttons = buttons;
    rt.world().setCommand(rt.joinPlayer(), c);
    rt.tick();
}

class LuaPlayerView : public testing::TestWithParam<std::uint64_t> {};  // the interpreter, then JIT mode

TEST_P(LuaPlayerView, EyeAnglesAndAimKeepThePitchWhileTheBodyTurnsOnlyAboutZ) {
    auto rt = luaRoom(startRoom("0 0 0"), GetParam());
    look(*rt, 0, 0);
    look(*rt, 30, 90);
    // SDK: EyeAngles() is pl.v_angle, the command's view angles; the player's own angles keep the yaw only.
    EXPECT_EQ(ev(*rt,
                 "local a, b = Entity(1):EyeAngles(), Entity(1):GetAngles() "
                 "return a.p, a.y, a.r, b.p, b.y, b.r"),
              "30\t90\t0\t0\t90\t0");
    // GetAimVector is AngleVectors' forward: (cos p cos y, cos p sin y, -sin p) = (0, 0.866, -0.5) at 30/90.
    EXPECT_EQ(ev(*rt,
                 "local v = Entity(1):GetAimVector() "
                 "return math.Round(v.x, 4), math.Round(v.y, 4), math.Round(v.z, 4)"),
              "0\t0.866\t-0.5");
    EXPECT_EQ(ev(*rt, "local f = Entity(1):EyeAngles():Forward() return math.Round(f.z, 4)"), "-0.5");
}

TEST_P(LuaPlayerView, SetEyeAnglesSnapsTheViewOverTheNextCommand) {
    auto rt = luaRoom(startRoom("0 0 0"), GetParam());
    look(*rt, 0, 0);
    // SnapEyeAngles: v_angle at once, with FIXANGLE_ABSOLUTE so the next command's angles do not replace it.
    EXPECT_EQ(ev(*rt, "Entity(1):SetEyeAngles(Angle(10, 20, 0)) local a = Entity(1):EyeAngles() return a.p, a.y"),
              "10\t20");
    look(*rt, 30, 90);
    EXPECT_EQ(ev(*rt, "local a, b = Entity(1):EyeAngles(), Entity(1):GetAngles() return a.p, a.y, b.p, b.y"),
              "10\t20\t0\t20");
    // The engine clears the fixangle once the frame is sent: the next command's angles are the view again.
    look(*rt, 30, 90);
    EXPECT_EQ(ev(*rt, "local a = Entity(1):EyeAngles() return a.p, a.y"), "30\t90");
    EXPECT_EQ(ev(*rt, "Entity(1):SetEyeAngles(Angle(0 / 0, 0, 0)) return Entity(1):EyeAngles().p"), "30");  // refused
}

TEST_P(LuaPlayerView, ShootPosFollowsTheViewOffsetWhileDucking) {
    auto rt = luaRoom(startRoom("0 0 0"), GetParam());
    for (int i = 0; i < 30; ++i) look(*rt, 0, 0);
    const char* eyes = "local p = Entity(1) return p:GetShootPos().z - p:GetPos().z, p:EyePos().z - p:GetPos().z";
    EXPECT_EQ(ev(*rt, eyes), "64\t64");  // VEC_VIEW
    // DuckSpeed 0.3 (player_default.lua's): the offset goes from 64 to 28 (VEC_DUCK_VIEW) along
    // SimpleSpline(t / 0.3); 10 ticks of 15 ms are half way, where the spline is 0.5: 46.
    ASSERT_EQ(ev(*rt, "Entity(1):SetDuckSpeed(0.3) return Entity(1):GetDuckSpeed()"), "0.30000001192093");
    for (int i = 0; i < 10; ++i) look(*rt, 0, 0, in::kDuck);
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) return math.Round(p:GetShootPos().z - p:GetPos().z, 2), "
                 "math.Round(p:EyePos().z - p:GetPos().z, 2), p:Crouching()"),
              "46\t46\tfalse");
    for (int i = 0; i < 20; ++i) look(*rt, 0, 0, in::kDuck);
    EXPECT_EQ(ev(*rt, eyes), "28\t28");
}

INSTANTIATE_TEST_SUITE_P(Modes, LuaPlayerView, testing::Values(std::uint64_t{200'000'000}, std::uint64_t{0}));

}  // namespace
}  // namespace vestige::source::game
