// Scripted weapons and entities in the session (issue #16 item 3): GMod's loader layout for lua/weapons and the
// gamemode chain's entities/weapons (both forms), the weapons module's Get with its base chain, Player:Give in the
// wiki's hook order, ammo, ItemPostFrame's attack timing on the player's commands, ENT:Think with NextThink, and bad
// scripts removed with their error recorded. Fixtures: an addon folder written by the test (standalone mode, both
// runtime modes).
//
// Evidence: the fire counts follow the SDK rule (m_flNextPrimaryAttack <= curtime, curtime = tick x 0.015), the
// think ticks the wiki's "reset to CurTime() + 0.2" with Source's TIME_TO_TICKS rounding, the ammo ids the wiki's
// Default_Ammo_Types page, the clip numbers GMod's weapon_base (ClipSize 8, DefaultClip 32, "Pistol"). Hook order and
// the rest are regression guards of the order the wiki describes.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "glua_fixture.hpp"
#include "vestige/source/game/usercmd.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {

// The addon every test boots with.
std::filesystem::path addon() {
    static const std::filesystem::path dir = [] {
        const auto d = tempDir("weapons");
        writeFile(d / "lua/autorun/server/setup.lua", R"(
LOG, SHOTS, ALT, RELOADS, THINKS, SHOT_TICKS = {}, 0, 0, 0, 0, {}
hook.Add("PlayerCanPickupWeapon", "t", function(p, w)
	LOG[#LOG + 1] = "PlayerCanPickupWeapon:" .. w:GetClass()
	if w:GetClass() == "test_refused" then return false end
end)
hook.Add("WeaponEquip", "t", function(w, p) LOG[#LOG + 1] = "WeaponEquip:" .. tostring(IsValid(w:GetOwner())) end)
)");
        writeFile(d / "lua/weapons/test_gun.lua", R"(
SWEP.Primary.Automatic = true
SWEP.Secondary.Automatic = true
function SWEP:Initialize() LOG[#LOG + 1] = "Initialize" end
function SWEP:Equip(owner) LOG[#LOG + 1] = "Equip:" .. tostring(owner == Entity(1)) .. ":" .. tostring(self:GetOwner() == Entity(1)) end
function SWEP:OwnerChanged() LOG[#LOG + 1] = "OwnerChanged" end
function SWEP:Deploy() LOG[#LOG + 1] = "Deploy:" .. self:GetClass() end
function SWEP:Holster() LOG[#LOG + 1] = "Holster:" .. self:GetClass() end
function SWEP:OnDrop() LOG[#LOG + 1] = "OnDrop:" .. tostring(IsValid(self:GetOwner())) end
function SWEP:PrimaryAttack()
	SHOTS = SHOTS + 1
	SHOT_TICKS[#SHOT_TICKS + 1] = engine.TickCount()
	self:SetNextPrimaryFire(CurTime() + (DELAY or 0.5))
end
function SWEP:SecondaryAttack() ALT = ALT + 1 self:SetNextSecondaryFire(CurTime() + 0.5) end
function SWEP:Reload() RELOADS = RELOADS + 1 end
function SWEP:Think() THINKS = THINKS + 1 end
)");
        writeFile(d / "lua/weapons/test_semi.lua", R"(
SWEP.Base = "test_gun"
SWEP.Primary.Automatic = false
)");
        writeFile(d / "lua/weapons/test_refused.lua", "SWEP.PrintName = 'refused'\n");
        writeFile(d / "lua/weapons/test_bad.lua", "function SWEP:Initialize()\n\terror('bad weapon')\nend\n");
        // Folder form: init.lua is the server's file and includes shared.lua beside it; cl_init.lua is never run.
        writeFile(
            d / "lua/weapons/test_folder/init.lua",
            "AddCSLuaFile('cl_init.lua')\nAddCSLuaFile('shared.lua')\ninclude('shared.lua')\nSWEP.Realm = 'server'\n");
        writeFile(d / "lua/weapons/test_folder/shared.lua", R"(
SWEP.Base = "test_gun"
SWEP.Primary.ClipSize = 30
SWEP.FromShared = true
DEFINE_BASECLASS("test_gun")
function SWEP:BaseName() return BaseClass.ClassName end
)");
        writeFile(d / "lua/weapons/test_folder/cl_init.lua", "error('the client file ran on the server')\n");
        writeFile(d / "gamemodes/testgm/gamemode/init.lua", "DeriveGamemode('base')\n");
        writeFile(d / "gamemodes/testgm/entities/weapons/gm_gun/shared.lua", "SWEP.PrintName = 'from the gamemode'\n");
        writeFile(d / "lua/entities/test_thinker.lua", R"(
ENT.Type = "anim"
ENT.Base = "base_anim"
function ENT:Initialize() INITS = (INITS or 0) + 1 end
function ENT:Think() THINK_AT = THINK_AT or {} THINK_AT[#THINK_AT + 1] = engine.TickCount() end
)");
        writeFile(d / "lua/entities/test_fast.lua", R"(
ENT.Type = "anim"
function ENT:Think() FAST = (FAST or 0) + 1 self:NextThink(CurTime()) return true end
)");
        writeFile(d / "lua/entities/test_slow.lua", R"(
ENT.Type = "anim"
function ENT:Think() SLOW_AT = SLOW_AT or {} SLOW_AT[#SLOW_AT + 1] = engine.TickCount() self:NextThink(CurTime() + 1) return true end
)");
        writeFile(d / "lua/entities/test_bad_init.lua",
                  "ENT.Type = 'anim'\nfunction ENT:Initialize()\n\terror('bad init')\nend\n");
        writeFile(d / "lua/entities/test_bad_think.lua",
                  "ENT.Type = 'anim'\nfunction ENT:OnRemove() REMOVED = (REMOVED or 0) + 1 end\nfunction ENT:Think()\n"
                  "\terror('bad think')\nend\n");
        return d;
    }();
    return dir;
}

std::unique_ptr<Runtime> boot(bool jit, bool clean = true) { return bootAddon(addon(), jit, "testgm", clean); }

class Weapons : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(Modes, Weapons, ::testing::Values(false, true), modeName);

TEST_P(Weapons, LoaderRegistersBothFormsAndTheGamemodesWeaponsWithBases) {
    auto rt = boot(GetParam());
    EXPECT_EQ(ev(*rt,
                 "return weapons.GetStored('test_gun') ~= nil, weapons.GetStored('weapon_base') ~= nil, "
                 "weapons.Get('gm_gun').PrintName, #weapons.GetList()"),
              "true\ttrue\tfrom the gamemode\t7");
    // The folder's init.lua ran (not cl_init.lua) and included shared.lua; Get merges test_gun and weapon_base.
    EXPECT_EQ(ev(*rt,
                 "local w = weapons.Get('test_folder') return w.Realm, w.FromShared, w.Primary.ClipSize, "
                 "w.Primary.Automatic, w.Primary.DefaultClip, w.Primary.Ammo, w.Base, w.BaseClass.ClassName, "
                 "w:BaseName()"),
              "server\ttrue\t30\ttrue\t32\tPistol\ttest_gun\ttest_gun\ttest_gun");
    // IsBasedOn walks the stored Base fields only (GMod's module does too): test_gun names no Base, so it is not
    // "based on" the weapon_base that Get merges in.
    EXPECT_EQ(ev(*rt,
                 "return weapons.IsBasedOn('test_folder', 'test_gun'), weapons.IsBasedOn('test_folder', "
                 "'weapon_base'), weapons.IsBasedOn('test_gun', 'test_folder'), "
                 "weapons.GetStored('test_folder').Primary.Automatic"),
              "true\tfalse\tfalse\tnil");
    EXPECT_EQ(ev(*rt,
                 "return scripted_ents.Get('base_anim') ~= nil, scripted_ents.Get('test_thinker').Base, "
                 "scripted_ents.Get('test_thinker').BaseClass.Type"),
              "true\tbase_anim\tanim");
    // A SENT with only a Type derives from that type's base (scripted_ents' table: point -> base_point, ...), which
    // the base gamemode ships as GMod's does.
    EXPECT_EQ(ev(*rt,
                 "local out = {} for _, t in ipairs({'point', 'brush', 'filter'}) do "
                 "scripted_ents.Register({Type = t}, 'typed_' .. t) local s = scripted_ents.Get('typed_' .. t) "
                 "out[#out + 1] = s.BaseClass.ClassName .. '/' .. scripted_ents.GetType('typed_' .. t) .. '/' .. "
                 "s.BaseClass.BaseClass.ClassName end "
                 "return table.concat(out, ' ')"),
              "base_point/point/base_entity base_brush/brush/base_entity base_filter/filter/base_entity");
}

TEST_P(Weapons, GiveRunsTheWikisHookOrderAndReturnsTheWeapon) {
    auto rt = boot(GetParam());
    EXPECT_EQ(ev(*rt,
                 "local w = Entity(1):Give('test_gun') return IsValid(w), w:IsWeapon(), w:IsScripted(), "
                 "w:GetClass(), w:GetOwner() == Entity(1), w.Owner == Entity(1), type(w), table.concat(LOG, ',')"),
              "true\ttrue\ttrue\ttest_gun\ttrue\ttrue\tWeapon\tInitialize,PlayerCanPickupWeapon:test_gun,"
              "WeaponEquip:false,Equip:true:true,OwnerChanged,Deploy:test_gun");
    // GMod's Give: NULL for a class the player carries, an unknown class, a refused pickup (the weapon is removed).
    EXPECT_EQ(ev(*rt,
                 "return IsValid(Entity(1):Give('test_gun')), IsValid(Entity(1):Give('no_such_weapon')), "
                 "IsValid(Entity(1):Give('test_refused'))"),
              "false\tfalse\tfalse");
    rt->tick();
    EXPECT_EQ(
        ev(*rt,
           "return #ents.FindByClass('test_refused'), #ents.FindByClass('test_gun'), "
           "Entity(1):HasWeapon('test_gun'), Entity(1):GetWeapon('test_gun'):GetClass(), "
           "Entity(1):GetActiveWeapon():GetClass(), Entity(1):GetWeapons()[1] == Entity(1):GetWeapon('test_gun'), "
           "Entity(1):GetWeapons()[1]:IsWeapon(), Entity(1):IsWeapon()"),
        "0\t1\ttrue\ttest_gun\ttest_gun\ttrue\ttrue\tfalse");
    // An error in WEAPON:Initialize: recorded with its line, the weapon removed, Give gives NULL, the session goes on.
    EXPECT_EQ(ev(*rt, "return IsValid(Entity(1):Give('test_bad'))"), "false");
    ASSERT_FALSE(rt->errors().empty());
    EXPECT_EQ(rt->errors().back().file, "lua/weapons/test_bad.lua");
    EXPECT_EQ(rt->errors().back().line, 2);
    rt->tick();
    EXPECT_EQ(ev(*rt, "return #ents.FindByClass('test_bad'), #Entity(1):GetWeapons()"), "0\t1");
}

// Player:DropWeapon (CBasePlayer::Weapon_Drop): the weapon leaves the inventory and its owner at the shoot position
// - 12 z, thrown along the eyes at 400 u/s (a given velocity cut to 400); OnDrop runs while the owner is still set,
// then OwnerChanged; the dropped active weapon is replaced by the heaviest other (weapon_base's Weight 5 for both:
// the first). Without a world model the weapon flies as MOVETYPE_FLYGRAVITY (FallInit's fallback).
TEST_P(Weapons, DropWeaponLeavesTheInventoryAndSwitchesToTheNextBest) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt,
                 "A = Entity(1):Give('test_gun') B = Entity(1):Give('test_folder') LOG = {} "
                 "return Entity(1):GetActiveWeapon():GetClass()"),
              "test_gun");
    EXPECT_EQ(
        ev(*rt,
           "Entity(1):SetEyeAngles(Angle(0, 90, 0)) Entity(1):DropWeapon() local p, e = A:GetPos(), "
           "Entity(1):GetShootPos() "
           "return IsValid(A:GetOwner()), Entity(1):HasWeapon('test_gun'), #Entity(1):GetWeapons(), "
           "Entity(1):GetActiveWeapon():GetClass(), p.z == e.z - 12, p.x == e.x, math.Round(A:GetVelocity().y), "
           "table.concat(LOG, ',')"),
        "false	false	1	test_folder	true	true	400	OnDrop:true,OwnerChanged,Deploy:test_folder");
    // A weapon the player does not carry stays where it is; a given velocity is cut to 400.
    EXPECT_EQ(ev(*rt, "Entity(1):DropWeapon(A) return IsValid(A:GetOwner())"), "false");
    EXPECT_EQ(ev(*rt,
                 "Entity(1):DropWeapon(B, nil, Vector(0, 0, 1000)) return math.Round(B:GetVelocity().z), "
                 "IsValid(Entity(1):GetActiveWeapon())"),
              "400	false");
    // No world model: FallInit's MOVETYPE_FLYGRAVITY; a tick later it has fallen (gravity) and moved on in y.
    EXPECT_EQ(ev(*rt, "P0 = A:GetPos() return A:GetMoveType() == MOVETYPE_FLYGRAVITY"), "true");
    rt->tick();
    EXPECT_EQ(ev(*rt, "local p = A:GetPos() return p.y > P0.y, p.z < P0.z"), "true\ttrue");
}

TEST_P(Weapons, ClipsAndAmmoFollowWeaponBaseAndTheWikisAmmoIds) {
    auto rt = boot(GetParam());
    // weapon_base: ClipSize 8, DefaultClip 32, "Pistol" (id 3) for both attacks: 8 in each clip, 24 + 24 in reserve
    // (the reserve split is our rule: a regression guard).
    EXPECT_EQ(ev(*rt,
                 "local w = Entity(1):Give('test_gun') return w:Clip1(), w:GetMaxClip1(), w:GetPrimaryAmmoType(), "
                 "Entity(1):GetAmmoCount('Pistol'), Entity(1):GetAmmoCount(3), w:Ammo1(), w:Clip2()"),
              "8\t8\t3\t48\t48\t48\t8");
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) p:SetAmmo(5, 'SMG1') local a = p:GetAmmoCount('smg1') p:RemoveAmmo(2, 4) "
                 "local b = p:GetAmmoCount('SMG1') local given = p:GiveAmmo(10, 'Pistol') local bad = "
                 "p:GiveAmmo(10, 'nonsense') p:RemoveAllAmmo() return a, b, given, bad, p:GetAmmoCount(3)"),
              "5\t3\t10\t0\t0");
    EXPECT_EQ(ev(*rt,
                 "local w = Entity(1):GetActiveWeapon() w:SetClip1(3) w:SetNextPrimaryFire(12.5) return w:Clip1(), "
                 "w:GetNextPrimaryFire()"),
              "3\t12.5");
    // Default_Ammo_Types: AR2 1, CombineCannon 19, 9mmRound 23, StriderMinigunDirect 36.
    EXPECT_EQ(ev(*rt,
                 "return game.GetAmmoID('AR2'), game.GetAmmoID('combinecannon'), game.GetAmmoName(23), "
                 "game.GetAmmoName(36), game.GetAmmoID('none'), game.GetAmmoName(99)"),
              "1\t19\t9mmRound\tStriderMinigunDirect\t-1\tnil");
}

TEST_P(Weapons, SelectStripAndEngineWeapons) {
    auto rt = boot(GetParam());
    // weapon_pistol is one of HL2's C++ weapons: a weapon entity without behaviour, counted by the world.
    EXPECT_EQ(ev(*rt,
                 "Entity(1):Give('test_gun') local p = Entity(1):Give('weapon_pistol') return IsValid(p), "
                 "p:IsWeapon(), p:IsScripted(), Entity(1):GetActiveWeapon():GetClass()"),
              "true\ttrue\tfalse\ttest_gun");
    EXPECT_EQ(rt->world().unimplementedClasses().at("weapon_pistol"), 1);
    EXPECT_EQ(ev(*rt,
                 "LOG = {} Entity(1):SelectWeapon('weapon_pistol') return Entity(1):GetActiveWeapon():GetClass(), "
                 "table.concat(LOG, ',')"),
              "weapon_pistol\tHolster:test_gun");
    EXPECT_EQ(ev(*rt,
                 "Entity(1):StripWeapon('weapon_pistol') return Entity(1):HasWeapon('weapon_pistol'), "
                 "IsValid(Entity(1):GetActiveWeapon()), #Entity(1):GetWeapons()"),
              "false\tfalse\t1");
    EXPECT_EQ(ev(*rt, "Entity(1):StripWeapons() return #Entity(1):GetWeapons(), Entity(1):HasWeapon('test_gun')"),
              "0\tfalse");
}

// CUserCmd:SelectWeapon (here from StartCommand, as a client's CreateMove would set it): the command's weapon becomes
// the active one when the player carries it (CPlayerMove::RunCommand's weaponselect); another entity is ignored.
TEST_P(Weapons, TheCommandsWeaponSelectionSwitchesWeapons) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt,
                 "A = Entity(1):Give('test_gun') B = Entity(1):Give('test_folder') "
                 "hook.Add('StartCommand', 'sel', function(ply, cmd) if WANT then cmd:SelectWeapon(WANT) end end) "
                 "return Entity(1):GetActiveWeapon() == A"),
              "true");
    ASSERT_EQ(ev(*rt, "WANT = B"), "");
    holdButtons(*rt, 1, 0);
    EXPECT_EQ(ev(*rt, "return Entity(1):GetActiveWeapon() == B"), "true");
    ASSERT_EQ(ev(*rt, "WANT = Entity(0)"), "");  // not a weapon of the player's
    holdButtons(*rt, 1, 0);
    EXPECT_EQ(ev(*rt, "return Entity(1):GetActiveWeapon() == B"), "true");
}

// What the client's weapon selection reads: every carried weapon in pickup order with its SWEP.Slot/SlotPos (the
// base chain's when the weapon sets none: weapon_base leaves both 0), which one is active, and which was active
// before (Player:GetPreviousWeapon, the m_hLastWeapon lastinv switches to).
TEST_P(Weapons, CarriedWeaponsShowSlotsAndThePreviousWeapon) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt,
                 "weapons.GetStored('test_folder').Slot = 3 weapons.GetStored('test_folder').SlotPos = 2 "
                 "A = Entity(1):Give('test_gun') B = Entity(1):Give('test_folder') "
                 "return Entity(1):GetActiveWeapon() == A, IsValid(Entity(1):GetPreviousWeapon())"),
              "true\tfalse");
    ASSERT_EQ(ev(*rt, "Entity(1):SelectWeapon('test_folder') return Entity(1):GetPreviousWeapon() == A"), "true");
    const auto carried = rt->carriedWeapons(1);
    ASSERT_EQ(carried.size(), 2u);
    EXPECT_EQ(carried[0].className, "test_gun");
    EXPECT_EQ(carried[0].slot, 0);
    EXPECT_TRUE(carried[0].previous);
    EXPECT_FALSE(carried[0].active);
    EXPECT_EQ(carried[1].className, "test_folder");
    EXPECT_EQ(carried[1].slot, 3);
    EXPECT_EQ(carried[1].slotPos, 2);
    EXPECT_TRUE(carried[1].active);
    EXPECT_TRUE(rt->carriedWeapons(0).empty());  // the world is no player
    ASSERT_EQ(ev(*rt, "A:Remove()"), "");
    rt->tick();
    EXPECT_EQ(ev(*rt, "return IsValid(Entity(1):GetPreviousWeapon())"), "false");
    EXPECT_EQ(rt->carriedWeapons(1).size(), 1u);
}

// SDK ItemPostFrame: an attack runs when m_flNextPrimaryAttack <= curtime. After a shot on tick t with
// SetNextPrimaryFire(CurTime() + d), the next is on the first tick t' with t' x 0.015 >= t x 0.015 + d: t + 34 for
// d = 0.5 (33.3 ticks, rounded up), t + 7 for d = 0.1. Held for 133 commands (ticks 2..134, two seconds at 66.67
// Hz): shots on 2 + 34k -> 4 shots; 2 + 7k -> 19 shots.
TEST_P(Weapons, PrimaryFireTimingOnThePlayersCommands) {
    for (const auto& [delay, shots, ticks] :
         {std::tuple{"0.5", "4", "2,36,70,104"},
          std::tuple{"0.1", "19", "2,9,16,23,30,37,44,51,58,65,72,79,86,93,100,107,114,121,128"}}) {
        auto rt = boot(GetParam());
        ASSERT_EQ(ev(*rt, std::string("DELAY = ") + delay + " return IsValid(Entity(1):Give('test_gun'))"), "true");
        holdButtons(*rt, 133, game::in::kAttack);
        EXPECT_EQ(ev(*rt, "return SHOTS, table.concat(SHOT_TICKS, ','), THINKS, ALT, RELOADS"),
                  std::string(shots) + "\t" + ticks + "\t133\t0\t0")
            << "delay " << delay;
    }
}

// The weapon state Source keeps (clips, next attack times, the active weapon, ammo) is part of the session's trace:
// two runs whose entities are identical but whose weapon differs give different hashes, the same run twice the same
// hash. The rule is the project's (principle 5), a regression guard, not a GMod number.
TEST_P(Weapons, WeaponStateIsInTheTraceHash) {
    const auto run = [&](const std::string& code) {
        std::vector<std::string> lines;
        TraceSink sink([&lines](std::string_view line) { lines.emplace_back(line); });
        Options opt;
        opt.addonDirs = {addon()};
        opt.gamemode = "testgm";
        opt.traceSink = &sink;
        BootSpec spec;
        spec.jit = GetParam();
        spec.tick = true;
        auto rt = bootRuntime(std::move(opt), spec);
        EXPECT_EQ(ev(*rt, "local w = Entity(1):Give('test_gun') " + code + " return IsValid(w)"), "true");
        rt->runTicks(2);
        EXPECT_TRUE(rt->errors().empty()) << renderErrors(*rt);
        return std::pair{sink.hash(), lines.back()};
    };
    const auto plain = run("");
    const auto again = run("");
    const auto clip = run("w:SetClip1(3)");
    const auto next = run("w:SetNextPrimaryFire(CurTime() + 5)");
    const auto ammo = run("Entity(1):GiveAmmo(7, 'Pistol')");
    EXPECT_EQ(plain.first, again.first);
    EXPECT_EQ(plain.second, again.second);
    EXPECT_NE(plain.second.find(R"("weapons":[[)"), std::string::npos) << plain.second;
    EXPECT_NE(plain.second.find(R"("arsenals":[[1,)"), std::string::npos) << plain.second;
    EXPECT_NE(clip.first, plain.first);
    EXPECT_NE(next.first, plain.first);
    EXPECT_NE(ammo.first, plain.first);
}

TEST_P(Weapons, SecondaryHasPriorityReloadEveryHeldCommandSemiAutomaticOncePerPress) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt, "return IsValid(Entity(1):Give('test_gun'))"), "true");
    // Both held: the secondary fires when ready (2, 36, 70, 104), the primary on the commands between (3, 37, ...).
    holdButtons(*rt, 133, game::in::kAttack | game::in::kAttack2);
    EXPECT_EQ(ev(*rt, "return ALT, SHOTS, SHOT_TICKS[1]"), "4\t4\t3");
    holdButtons(*rt, 10, game::in::kReload);
    EXPECT_EQ(ev(*rt, "return RELOADS"), "10");

    auto semi = boot(GetParam());
    ASSERT_EQ(ev(*semi, "return IsValid(Entity(1):Give('test_semi'))"), "true");
    holdButtons(*semi, 100, game::in::kAttack);
    EXPECT_EQ(ev(*semi, "return SHOTS"), "1");
    holdButtons(*semi, 1, 0);
    holdButtons(*semi, 5, game::in::kAttack);
    EXPECT_EQ(ev(*semi, "return SHOTS"), "2");
}

// ENTITY:Think: "Return true if you used Entity:NextThink ... Otherwise it will be reset to CurTime() + 0.2." Spawned
// on tick 1, the first Think runs on tick 2; then TIME_TO_TICKS(curtime + 0.2) = tick + 13 (13.3 rounded), so ticks
// 2, 15, 28, 41, 54, 67. NextThink(CurTime()) thinks every tick; NextThink(CurTime() + 1) on tick 2 gives
// TIME_TO_TICKS(1.03) = 69.
TEST_P(Weapons, SentThinkWithNextThink) {
    auto rt = boot(GetParam());
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('test_thinker') local before = e.Base e:Spawn() "
                 "for _, c in ipairs({'test_fast', 'test_slow'}) do ents.Create(c):Spawn() end return before, INITS"),
              "base_anim\t1");
    for (int i = 0; i < 69; ++i) rt->tick();  // ticks 2..70
    EXPECT_EQ(ev(*rt, "return table.concat(THINK_AT, ','), FAST, table.concat(SLOW_AT, ',')"),
              "2,15,28,41,54,67\t69\t2,69");
}

TEST_P(Weapons, ASentThatErrorsIsRemovedAndTheSessionGoesOn) {
    auto rt = boot(GetParam());
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('test_bad_init') e:Spawn() BAD = e local t = ents.Create('test_bad_think') "
                 "t:Spawn() return IsValid(e)"),
              "true");  // removed, valid until the end of the tick
    ASSERT_EQ(rt->errors().size(), 1u);
    EXPECT_EQ(rt->errors()[0].file, "lua/entities/test_bad_init.lua");
    EXPECT_EQ(rt->errors()[0].line, 3);
    for (int i = 0; i < 3; ++i) rt->tick();
    ASSERT_EQ(rt->errors().size(), 2u);
    EXPECT_EQ(rt->errors()[1].file, "lua/entities/test_bad_think.lua");
    EXPECT_EQ(rt->errors()[1].line, 4);
    EXPECT_EQ(ev(*rt, "return IsValid(BAD), #ents.FindByClass('test_bad_think'), REMOVED, engine.TickCount()"),
              "false\t0\t1\t4");
}

}  // namespace
}  // namespace vestige::source::glua
