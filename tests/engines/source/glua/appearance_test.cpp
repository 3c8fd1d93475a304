// What the gamemodes set on spawn and read back, with behaviour behind it (issue #16 item 6: no stand-ins): skins and
// body groups over the model's studio header (m_nBody packed as the SDK's ::SetBodygroup does: evidence by the SDK's
// arithmetic), effect bits, SetSolid, Material(), the player's view models, hands, userinfo, colours and observer
// modes (CBasePlayer::StartObserverMode / SetObserverMode / StopObserverMode). Fixtures: our MDL builder and VMT text.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "glua_fixture.hpp"
#include "vestige/source/game/usercmd.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/mdl/builder.hpp"

namespace vestige::source::glua {
namespace {

std::filesystem::path addon() {
    static const std::filesystem::path dir = [] {
        const auto d = tempDir("appearance");
        mdl::BuildSpec spec = mdl::sampleSpec();  // 2 skin families, body part 0 with 1 model
        spec.bodyParts.push_back({"head", {{"head_a", {}}, {"head_b", {}}, {"head_c", {}}}});
        spec.bodyParts.push_back({"hat", {{"none", {}}, {"cap", {}}}});
        auto built = mdl::buildModel(spec);
        EXPECT_TRUE(built.ok()) << (built.ok() ? "" : built.error().render());
        if (built.ok()) writeFile(d / "models/test/body.mdl", asChars(built->mdl));
        writeFile(d / "materials/test/rope.vmt",
                  "\"Cable\"\n{\n\t\"$basetexture\" \"test/rope\"\n\t\"$alpha\" \"2.6\"\n\t\"$color\" \"[1 0.5 0]\"\n"
                  "\t\"$tint\" \"{255 0 51}\"\n}\n");
        writeFile(d / "materials/test/icon.png", "not decoded here");
        return d;
    }();
    return dir;
}

class Appearance : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(Modes, Appearance, ::testing::Values(false, true), modeName);

TEST_P(Appearance, SkinsAndBodyGroupsFollowTheModel) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "E = ents.Create('prop_dynamic') E:SetModel('models/test/body.mdl') "
                 "return E:GetNumBodyGroups(), E:SkinCount(), E:GetBodygroupCount(1), E:GetBodygroupName(1), "
                 "E:FindBodygroupByName('hat'), E:FindBodygroupByName('nope'), E:GetBodygroupCount(7)"),
              "3\t2\t3\thead\t2\t-1\t0");
    EXPECT_EQ(ev(*rt,
                 "E:SetBodygroup(1, 2) E:SetBodygroup(2, 1) local a, b = E:GetBodygroup(1), E:GetBodygroup(2) "
                 "E:SetBodygroup(1, 3) E:SetBodygroup(5, 1) "  // out of range: nothing changes
                 "return a, b, E:GetBodygroup(1), E:GetBodygroup(2)"),
              "2\t1\t2\t1");
    // m_nBody: group 1 (base 1, after the 1-model part 0) choice 2 plus group 2 (base 3) choice 1 = 2 + 3.
    game::World& world = rt->world();
    const game::Entity* e = world.get(world.findByClass("prop_dynamic").at(0));
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->body, 5);
    EXPECT_EQ(ev(*rt, "E:SetBodyGroups('01z') return E:GetBodygroup(1), E:GetBodygroup(2)"), "1\t1");
    EXPECT_EQ(ev(*rt, "E:SetSkin(1) return E:GetSkin()"), "1");
    // Without a studio model: no body groups, no skins, and SetBodygroup changes nothing.
    EXPECT_EQ(ev(*rt,
                 "local n = ents.Create('prop_dynamic') n:SetModel('models/missing.mdl') n:SetBodygroup(0, 1) "
                 "return n:GetNumBodyGroups(), n:SkinCount(), n:GetBodygroup(0)"),
              "0\t0\t0");
}

TEST_P(Appearance, EffectsShadowsAndSolidAreOneState) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('prop_dynamic') e:AddEffects(EF_NODRAW) local hidden = e:GetNoDraw() "
                 "e:DrawShadow(false) local noShadow = e:IsEffectActive(EF_NOSHADOW) e:RemoveEffects(EF_NODRAW) "
                 "e:SetSolid(SOLID_BBOX) "
                 "return hidden, noShadow, e:GetNoDraw(), e:GetEffects(), e:GetSolid(), pcall(e.SetSolid, e, 9)"),
              "true\ttrue\tfalse\t16\t2\tfalse\tbad argument #2 to '?' (not a SOLID_ value)");
    EXPECT_EQ(
        ev(*rt, "local e = ents.Create('prop_dynamic') e:SetNoDraw(true) e:DrawShadow(true) return e:GetEffects()"),
        "32");
    EXPECT_EQ(ev(*rt, "local e = ents.Create('prop_dynamic') e:SetMaterial('models/wireframe') return e:GetMaterial()"),
              "models/wireframe");
}

TEST_P(Appearance, MaterialsComeFromTheContent) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "local m, t = Material('test/rope') return type(m), m:GetName(), m:GetShader(), m:IsError(), t, "
                 "m:GetString('$basetexture'), m:GetFloat('$alpha'), m:GetInt('$alpha'), m:GetString('$nothing'), "
                 "Material('MATERIALS/Test/Rope.vmt') == m"),
              "IMaterial\ttest/rope\tCable\tfalse\t0\ttest/rope\t2.6\t3\tnil\ttrue");
    EXPECT_EQ(ev(*rt,
                 "local m = Material('test/rope') local c, t = m:GetVector('$color'), m:GetVector('$tint') "
                 "return c.x, c.y, c.z, t.x, t.y, math.Round(t.z, 2), math.Round(m:GetVector('$alpha').y, 3)"),
              "1\t0.5\t0\t1\t0\t0.2\t2.6");
    EXPECT_EQ(ev(*rt, "local m = Material('test/none') return m:IsError(), m:GetShader(), m:GetString('$basetexture')"),
              "true\t\tnil");
    EXPECT_EQ(ev(*rt,
                 "local a, b = Material('test/icon.png'), Material('test/icon.png', '1000000') "
                 "return a:IsError(), a:GetShader(), Material('test/gone.png'):IsError()"),
              "false\tUnlitGeneric\ttrue");  // the first call made the object: the flags of later calls do not
}

TEST_P(Appearance, PlayersHaveViewModelsHandsAndTheirClientsInfo) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) local vm = p:GetViewModel() "
                 "return vm:GetClass(), vm:ViewModelIndex(), p:GetViewModel(2):ViewModelIndex(), "
                 "p:GetViewModel(3) == NULL, vm:GetOwner() == p, vm:GetParent() == p, p:ViewModelIndex(), "
                 "vm:IsSolid()"),
              "predicted_viewmodel\t0\t2\ttrue\ttrue\ttrue\tnil\tfalse");
    EXPECT_EQ(ev(*rt,
                 "local p, h = Entity(1), ents.Create('prop_dynamic') p:SetHands(h) "
                 "local same = p:GetHands() == h h:Remove() return same"),
              "true");
    rt->tick();
    EXPECT_EQ(ev(*rt, "return Entity(1):GetHands() == NULL"), "true");
    // The client sent no userinfo yet: "" and the defaults, and both reads are counted (GMod's host client always has
    // its variables); then what it sends, uncounted.
    EXPECT_EQ(ev(*rt, "local p = Entity(1) return p:GetInfo('cl_playercolor'), p:GetInfoNum('cl_playerskin', 7)"),
              "\t7");
    EXPECT_EQ(rt->standInCalls().at("Player:GetInfo (no client sent its userinfo)"), 1u);
    EXPECT_EQ(rt->standInCalls().at("Player:GetInfoNum (no client sent its userinfo)"), 1u);
    rt->world().player()->player->userInfo = {{"cl_playercolor", "0.1 0.2 0.3"}, {"cl_playerskin", "2"}};
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) return p:GetInfo('cl_playercolor'), p:GetInfoNum('cl_playerskin', 7), "
                 "p:GetInfoNum('cl_playercolor', 7)"),
              "0.1 0.2 0.3\t2\t0.1");
    EXPECT_EQ(rt->standInCalls().at("Player:GetInfo (no client sent its userinfo)"), 1u);
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:SetPlayerColor(Vector(0.25, 0.5, 1)) p:SetWeaponColor(Vector(0/0, 0, 0)) "
                 "p:SetAvoidPlayers(false) p:SetNoCollideWithTeammates(true) "
                 "local c, w = p:GetPlayerColor(), p:GetWeaponColor() "
                 "return c.x, c.y, c.z, w.x, p:GetAvoidPlayers(), p:GetNoCollideWithTeammates()"),
              "0.25\t0.5\t1\t1\tfalse\ttrue");  // a NaN colour is refused (warned), the old one stays
    // ShouldDropWeapon(true) then a death with a weapon in hand: GMod drops it, Vestige cannot yet, so it is counted.
    constexpr const char* kNoDrop = "Player:ShouldDropWeapon (the weapon is not dropped at death)";
    EXPECT_EQ(ev(*rt, "local p = Entity(1) p:Give('weapon_crowbar') p:Kill() return IsValid(p:GetActiveWeapon())"),
              "true");
    EXPECT_EQ(rt->standInCalls().count(kNoDrop), 0u);  // the flag was off: nothing to drop
    rt->world().spawnPlayer(*rt->world().player());
    EXPECT_EQ(ev(*rt, "local p = Entity(1) p:ShouldDropWeapon(true) p:Kill() return p:Alive()"), "false");
    EXPECT_EQ(rt->standInCalls().at(kNoDrop), 1u);
}

// Spectate(OBS_MODE_ROAMING) makes the player an invisible, non-solid, undamageable observer that flies (noclip) and
// does not respawn on a key press; OBS_MODE_FIXED holds it still, CHASE and IN_EYE put it on its observer target;
// UnSpectate and a spawn give the player back.
TEST_P(Appearance, ObserversFlyOnlyWhenRoamingAndComeBackOnSpawn) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:Spectate(OBS_MODE_ROAMING) p:TakeDamage(50) "
                 "return p:GetObserverMode(), p:Alive(), p:GetNoDraw(), p:IsSolid(), p:Health(), p:GetMoveType()"),
              "6\tfalse\ttrue\tfalse\t1\t" + std::to_string(static_cast<int>(game::MoveType::Observer)));
    game::Entity& p = *rt->world().player();
    const Vec3 start = p.origin;
    for (int i = 0; i < 10; ++i) {
        game::UserCmd cmd;
        cmd.forwardMove = 400;
        cmd.buttons = game::in::kForward | game::in::kAttack;
        rt->world().setCommand(p, cmd);
        rt->tick();
    }
    EXPECT_GT(p.origin.x - start.x, 10.0f);  // yaw 0: forward is +x
    // No gravity: only the fall speed the player had when it started observing, slowed by noclip friction (falling
    // for those 10 ticks would have taken it ~7 units further down).
    EXPECT_NEAR(p.origin.z, start.z, 1.0f);
    EXPECT_EQ(ev(*rt, "return Entity(1):Alive()"), "false");  // +attack does not respawn an observer
    EXPECT_EQ(ev(*rt, "Entity(1):SetObserverMode(OBS_MODE_FIXED) return Entity(1):GetMoveType()"),
              std::to_string(static_cast<int>(game::MoveType::None)));
    const Vec3 fixed = p.origin;
    for (int i = 0; i < 5; ++i) {
        game::UserCmd cmd;
        cmd.forwardMove = 400;
        rt->world().setCommand(p, cmd);
        rt->tick();
    }
    EXPECT_EQ(p.origin, fixed);
    // Chase and in-eye sit on the observer target each command (FullObserverMove: its origin and velocity).
    EXPECT_EQ(ev(*rt,
                 "T = ents.Create('info_target') T:SetPos(Vector(300, 50, 20)) T:Spawn() "
                 "Entity(1):SpectateEntity(T) Entity(1):SetObserverMode(OBS_MODE_CHASE) "
                 "return Entity(1):GetObserverMode()"),
              "5");
    rt->tick();
    EXPECT_EQ(p.origin, (Vec3{300, 50, 20}));
    EXPECT_EQ(ev(*rt, "T:SetPos(Vector(-40, 8, 2)) Entity(1):SetObserverMode(OBS_MODE_IN_EYE)"), "");
    rt->tick();
    EXPECT_EQ(p.origin, (Vec3{-40, 8, 2}));
    EXPECT_TRUE(rt->standInCalls().empty());  // roaming, fixed, chase and in-eye are what they are
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:UnSpectate() local m = p:GetObserverMode() p:Spawn() "
                 "return m, p:Alive(), p:GetNoDraw(), p:IsSolid(), p:Health()"),
              "0\ttrue\tfalse\ttrue\t100");
}

// Per-player hulls and eye offsets are the movement's (PlayerMoveSettings) and EyePos's: SetHull sets the entity's box
// while standing, SetViewOffset(0 0 40) puts the eye 40 above the feet after the next command, ResetHull keeps the eye
// offsets. FL_FROZEN (Freeze's flag) zeroes the command's movement and buttons as the SDK's PlayerRunCommand does.
TEST_P(Appearance, HullsViewOffsetsAndFrozenFlagsDriveTheMovement) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:SetHull(Vector(-8, -8, 0), Vector(8, 8, 36)) p:SetViewOffset(Vector(0, 0, 40)) "
                 "local mins, maxs = p:GetHull() local bad = p:SetHull(Vector(0, 0, 0), Vector(-1, 0, 0)) "
                 "local m2, x2 = p:GetHull() "
                 "return maxs.z, x2.z, p:GetViewOffset().z, select(2, p:GetHullDuck()).z"),
              "36\t36\t40\t36");  // the inverted box was refused
    game::World& world = rt->world();
    game::Entity& p = *world.player();
    EXPECT_EQ(p.maxs.z, 36.0f);  // the entity's box follows while standing
    rt->tick();
    EXPECT_EQ(ev(*rt, "local p = Entity(1) return math.Round(p:EyePos().z - p:GetPos().z, 3)"), "40");
    EXPECT_EQ(ev(*rt, "local p = Entity(1) p:ResetHull() return select(2, p:GetHull()).z, p:GetViewOffset().z"),
              "72\t40");  // ResetHull leaves the eye offsets
    // Frozen: the same forward command moves nothing; unfrozen it moves again.
    EXPECT_EQ(
        ev(*rt, "local p = Entity(1) p:AddFlags(FL_FROZEN) return p:IsFlagSet(FL_FROZEN), p:IsFlagSet(FL_CLIENT)"),
        "true\ttrue");
    p.origin = p.player->move.origin = {0, 0, 0};
    p.player->move.velocity = p.velocity = {};
    const auto forward = [&](int ticks) {
        for (int i = 0; i < ticks; ++i) {
            game::UserCmd cmd;
            cmd.forwardMove = 400;
            cmd.buttons = game::in::kForward;
            world.setCommand(p, cmd);
            rt->tick();
        }
    };
    forward(10);
    EXPECT_EQ(p.origin.x, 0.0f);
    EXPECT_EQ(p.player->buttons, 0u);  // the command's buttons were dropped too
    EXPECT_EQ(ev(*rt, "local p = Entity(1) p:RemoveFlags(FL_FROZEN) return p:IsFlagSet(FL_FROZEN)"), "false");
    forward(10);
    EXPECT_GT(p.origin.x, 1.0f);  // no map: the player is in the air, where only air acceleration moves it
    // A respawn clears the script's flags (ClearFlags, then FL_CLIENT | FL_AIMTARGET).
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:AddFlags(FL_FROZEN) p:Spawn() "
                 "return p:IsFlagSet(FL_FROZEN), p:IsFlagSet(FL_AIMTARGET), p:IsFlagSet(FL_CLIENT)"),
              "false\ttrue\ttrue");
}

// Local frames relative to the parent, collision bounds, the gravity factor the player's movement multiplies
// sv_gravity by (falling with SetGravity(0.5) for 20 ticks covers half the distance: the SDK's FinishGravity /
// StartGravity split is linear in g, evidence by the movement's arithmetic), the ladder climb speed.
TEST_P(Appearance, LocalFramesBoundsGravityAndLadderSpeed) {
    auto rt = bootAddon(addon(), GetParam());
    EXPECT_EQ(ev(*rt,
                 "local a, b = ents.Create('prop_dynamic'), ents.Create('prop_dynamic') a:SetPos(Vector(100, 0, 0)) "
                 "a:SetAngles(Angle(0, 90, 0)) b:SetParent(a) b:SetLocalPos(Vector(10, 0, 0)) "
                 "b:SetLocalAngles(Angle(0, 45, 0)) local p, l, la = b:GetPos(), b:GetLocalPos(), b:GetLocalAngles() "
                 "return math.Round(p.x, 3), math.Round(p.y, 3), math.Round(l.x, 3), math.Round(b:GetAngles().y, 3), "
                 "math.Round(la.y, 3), math.Round(ents.Create('prop_dynamic'):GetLocalPos().x, 3)"),
              "100\t10\t10\t135\t45\t0");  // yaw 90 turns local +x into world +y
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('prop_dynamic') e:SetCollisionBounds(Vector(-1, -2, -3), Vector(4, 5, 6)) "
                 "local mins, maxs = e:GetCollisionBounds() "
                 "return mins.y, maxs.z, pcall(e.SetCollisionBounds, e, Vector(1, 0, 0), Vector(0, 0, 0))"),
              "-2\t6\tfalse\tbad argument #3 to '?' (finite bounds with mins <= maxs expected)");
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:SetLadderClimbSpeed(120) p:SetMaxSpeed(50) "
                 "return p:GetLadderClimbSpeed(), p:GetMaxSpeed()"),
              "120\t50");
    game::World& world = rt->world();
    EXPECT_EQ(world.playerMoveSettings(*world.player()->player).ladderSpeed, 120.0f);
    rt->tick();
    EXPECT_EQ(ev(*rt, "return Entity(1):GetMaxSpeed()"), "200");  // the engine chose again (walk speed)
    // Gravity: two players' falls from rest would need two worlds; one fall at 0.5 against the same fall at 1.
    const auto fall = [&](float factor) {
        game::Entity& p = *world.player();
        p.gravity = factor;
        p.origin = p.player->move.origin = {0, 0, 1000};
        p.velocity = p.player->move.velocity = {};
        for (int i = 0; i < 20; ++i) rt->tick();
        return 1000.0f - p.origin.z;
    };
    EXPECT_EQ(ev(*rt, "Entity(1):SetGravity(0.5) return Entity(1):GetGravity()"), "0.5");
    const float half = fall(0.5f), full = fall(1.0f);
    EXPECT_NEAR(half / full, 0.5f, 1e-3f);
}

// SetCanWalk(false) makes +walk no slow walk (the max speed stays the walk speed); SetAllowFullRotation(true) keeps the
// view's pitch in the entity's angles (the model leans with the view) instead of the yaw alone.
TEST_P(Appearance, CanWalkAndFullRotationChangeTheCommand) {
    auto rt = bootAddon(addon(), GetParam());
    game::World& world = rt->world();
    game::Entity& p = *world.player();
    const auto command = [&](std::uint32_t buttons, Vec3 view) {
        game::UserCmd cmd;
        cmd.buttons = buttons;
        cmd.viewAngles = view;
        world.setCommand(p, cmd);
        rt->tick();
    };
    command(game::in::kWalk, {30, 90, 0});
    EXPECT_EQ(ev(*rt, "local p = Entity(1) return p:GetMaxSpeed(), p:GetAngles().p, p:GetCanWalk()"), "100\t0\ttrue");
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:SetCanWalk(false) p:SetAllowFullRotation(true) "
                 "return p:GetCanWalk(), p:GetAllowFullRotation()"),
              "false\ttrue");
    command(game::in::kWalk, {30, 90, 0});
    EXPECT_EQ(ev(*rt, "local p = Entity(1) return p:GetMaxSpeed(), p:GetAngles().p, p:GetAngles().y"), "200\t30\t90");
}

// A script that asks for endless distinct material names fills the Lua heap, which the memory limit bounds: each
// name and object lives there (an error material holds nothing else), so the run ends with "not enough memory".
TEST(AppearanceLimits, DistinctMaterialNamesAreBoundByTheLuaHeap) {
    Options opt;
    opt.memoryLimit = std::size_t(16) << 20;
    opt.timeLimit = 0;  // the heap is the subject: a slow sanitizer build must not reach the watchdog first
    auto rt = bootRuntime(std::move(opt));
    EXPECT_NE(ev(*rt, "for i = 1, 1e7 do Material('nope/' .. i) end return 'done'").find("not enough memory"),
              std::string::npos);
    EXPECT_LE(rt->memoryUsed(), std::size_t(16) << 20);
}

}  // namespace
}  // namespace vestige::source::glua
