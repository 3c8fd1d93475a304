// Weapon:DefaultReload as the SDK's CBaseCombatWeapon runs it (DefaultReload / CheckReload / FinishReload in
// game/shared/basecombatweapon_shared.cpp) and the wiki describes it: the clip is filled when the view model's
// reload sequence has played, attacks wait for it, SWEP:Think is not called meanwhile, holstering cancels it. The
// sequence lasts (frames - 1) / fps (Studio_Duration): 46 frames at 30 fps = 1.5 s (SDK arithmetic, evidence); the
// SDK's 0.1 s when the model is missing (counted as a stand-in).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "glua_fixture.hpp"
#include "vestige/source/game/usercmd.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/mdl/builder.hpp"

namespace vestige::source::glua {
namespace {

std::filesystem::path addon() {
    static const std::filesystem::path dir = [] {
        const auto d = tempDir("reload");
        mdl::BuildSpec spec = mdl::sampleSpec();
        spec.sequences.push_back({.label = "reload", .activity = "ACT_VM_RELOAD", .fps = 30, .frames = 46});
        auto built = mdl::buildModel(spec);
        EXPECT_TRUE(built.ok());
        writeFile(d / "models/weapons/v_test.mdl", asChars(built->mdl));
        constexpr const char* kGun = R"(
SWEP.Primary.ClipSize = 30
SWEP.Primary.DefaultClip = 30
SWEP.Primary.Ammo = "Pistol"
SWEP.Primary.Automatic = true
SWEP.Secondary.ClipSize = -1
SWEP.Secondary.Ammo = "none"
THINKS, SHOTS = 0, 0
function SWEP:PrimaryAttack() SHOTS = SHOTS + 1 end
function SWEP:Reload() self:DefaultReload(ACT_VM_RELOAD) end
function SWEP:Think() THINKS = THINKS + 1 end
)";
        writeFile(d / "lua/weapons/test_reload.lua",
                  std::string("SWEP.ViewModel = 'models/weapons/v_test.mdl'\n") + kGun);
        writeFile(d / "lua/weapons/test_nomodel.lua",
                  std::string("SWEP.ViewModel = 'models/weapons/v_none.mdl'\n") + kGun);
        writeFile(d / "lua/weapons/test_other.lua", "SWEP.PrintName = 'other'\n");
        return d;
    }();
    return dir;
}

std::unique_ptr<Runtime> boot(bool jit) { return bootAddon(addon(), jit); }

class Reload : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(Modes, Reload, ::testing::Values(false, true), modeName);

TEST_P(Reload, RefusedWithoutOwnerReserveOrSomethingToFill) {
    auto rt = boot(GetParam());
    EXPECT_EQ(ev(*rt, "local w = ents.Create('test_reload') w:Spawn() return w:DefaultReload(ACT_VM_RELOAD)"), "false");
    EXPECT_EQ(ev(*rt,
                 "W = Entity(1):Give('test_reload') local full = W:DefaultReload(ACT_VM_RELOAD) "
                 "Entity(1):RemoveAllAmmo() W:SetClip1(0) return full, W:DefaultReload(ACT_VM_RELOAD), W:Clip1()"),
              "false\tfalse\t0");
}

// Holding +reload the whole time: the reload starts once, SWEP:Think stops, attacks wait, and on the first command at
// or after the next attack time the clip takes what it lacks from the reserve.
TEST_P(Reload, TheClipFillsWhenTheViewModelSequenceHasPlayed) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt,
                 "W = Entity(1):Give('test_reload') Entity(1):GiveAmmo(100, 'Pistol') W:SetClip1(5) "
                 "return W:Clip1(), W:Ammo1()"),
              "5\t100");
    holdButtons(*rt, 1, game::in::kReload);
    EXPECT_EQ(ev(*rt, "START = CurTime() return W:GetNextPrimaryFire() - START, W:GetNextSecondaryFire() - START"),
              "1.5\t1.5");
    EXPECT_TRUE(rt->standInCalls().empty());
    int ticks = 0;
    while (ev(*rt, "return W:Clip1()") == "5" && ticks < 200) {
        EXPECT_EQ(ev(*rt, "return THINKS, SHOTS"), "0\t0") << "tick " << ticks;  // Think and attacks wait
        holdButtons(*rt, 1, game::in::kReload | game::in::kAttack);
        ++ticks;
    }
    // Filled on the first command whose CurTime reached the end (not before); the attack of that command runs.
    EXPECT_EQ(ev(*rt,
                 "return W:Clip1(), W:Ammo1(), CurTime() >= START + 1.5, CurTime() - engine.TickInterval() < "
                 "START + 1.5, SHOTS, THINKS"),
              "30\t75\ttrue\ttrue\t1\t1");
    EXPECT_GE(ticks, 99);
    EXPECT_LE(ticks, 101);
}

TEST_P(Reload, WithoutTheViewModelTheSdksTenthOfASecondIsCounted) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt,
                 "W = Entity(1):Give('test_nomodel') Entity(1):GiveAmmo(10, 'Pistol') W:SetClip1(25) "
                 "return W:DefaultReload(ACT_VM_RELOAD), W:GetNextPrimaryFire() - CurTime()"),
              "true\t0.1");
    const auto calls = rt->standInCalls();
    ASSERT_EQ(calls.size(), 1u);
    EXPECT_NE(calls.begin()->first.find("DefaultReload"), std::string::npos) << calls.begin()->first;
    EXPECT_EQ(calls.begin()->second, 1u);
    holdButtons(*rt, 8, 0);
    EXPECT_EQ(ev(*rt, "return W:Clip1(), W:Ammo1()"), "30\t5");
}

TEST_P(Reload, HolsteringCancelsTheReload) {
    auto rt = boot(GetParam());
    ASSERT_EQ(ev(*rt,
                 "W = Entity(1):Give('test_reload') Entity(1):Give('test_other') Entity(1):GiveAmmo(50, 'Pistol') "
                 "W:SetClip1(1) RESERVE = W:Ammo1() return W:DefaultReload(ACT_VM_RELOAD)"),
              "true");
    EXPECT_EQ(ev(*rt, "Entity(1):SelectWeapon('test_other') return Entity(1):GetActiveWeapon():GetClass()"),
              "test_other");
    holdButtons(*rt, 120, 0);
    EXPECT_EQ(ev(*rt, "Entity(1):SelectWeapon('test_reload') return W:Clip1()"), "1");
    holdButtons(*rt, 3, 0);
    EXPECT_EQ(ev(*rt, "return W:Clip1(), W:Ammo1() == RESERVE"), "1\ttrue");
}

}  // namespace
}  // namespace vestige::source::glua
