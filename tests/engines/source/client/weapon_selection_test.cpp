// The fast switch's choices (CHudWeaponSelection with hud_fastswitch 1 in SDK 2013's hl2 HUD): a bucket's next
// weapon after the active one, wrapping inside the bucket; invnext/invprev over (Slot, SlotPos); lastinv to the
// previous weapon; the choice goes out once, in the next command's weaponselect.
#include "vestige/source/client/weapon_selection.hpp"

#include <gtest/gtest.h>

#include "vestige/source/client/console.hpp"
#include "vestige/source/client/input.hpp"

namespace vestige::source::client {
namespace {

// Sandbox's loadout shape: crowbar (0), pistol and 357 (1), smg (2), two weapons sharing bucket 5's first place.
std::vector<SelectableWeapon> loadout(int activeIndex, int previousIndex = 0) {
    std::vector<SelectableWeapon> w = {{10, 0, 0}, {11, 1, 0}, {12, 1, 1}, {13, 2, 0}, {14, 5, 0}, {15, 5, 0}};
    for (auto& x : w) {
        x.active = x.index == activeIndex;
        x.previous = x.index == previousIndex;
    }
    return w;
}

TEST(WeaponSelection, SlotPicksTheBucketsNextWeaponAfterTheActiveOne) {
    EXPECT_EQ(fastSwitch(loadout(10), 1), 11);  // another bucket: its first
    EXPECT_EQ(fastSwitch(loadout(11), 1), 12);  // the same bucket: the next place
    EXPECT_EQ(fastSwitch(loadout(12), 1), 11);  // wraps inside the bucket
    EXPECT_EQ(fastSwitch(loadout(13), 2), 0);   // the bucket holds only the active weapon
    EXPECT_EQ(fastSwitch(loadout(10), 3), 0);   // an empty bucket
    EXPECT_EQ(fastSwitch(loadout(10), 6), 0);   // past the six buckets
    EXPECT_EQ(fastSwitch(loadout(0), 0), 10);   // nothing active
    // Equal places keep their pickup order, so both are reachable.
    EXPECT_EQ(fastSwitch(loadout(10), 5), 14);
    EXPECT_EQ(fastSwitch(loadout(14), 5), 15);
    EXPECT_EQ(fastSwitch(loadout(15), 5), 14);
}

TEST(WeaponSelection, CyclingWalksAllBucketsAndWraps) {
    EXPECT_EQ(cycleWeapon(loadout(10), true), 11);
    EXPECT_EQ(cycleWeapon(loadout(12), true), 13);
    EXPECT_EQ(cycleWeapon(loadout(15), true), 10);
    EXPECT_EQ(cycleWeapon(loadout(10), false), 15);
    EXPECT_EQ(cycleWeapon(loadout(13), false), 12);
    EXPECT_EQ(cycleWeapon(loadout(0), true), 10);
    EXPECT_EQ(cycleWeapon(loadout(0), false), 15);
    EXPECT_EQ(cycleWeapon({}, true), 0);
    const std::vector<SelectableWeapon> one = {{10, 0, 0, true}};
    EXPECT_EQ(cycleWeapon(one, true), 0);  // only the active weapon: nothing to select
}

TEST(WeaponSelection, LastinvGoesBackToThePreviousWeapon) {
    EXPECT_EQ(lastWeapon(loadout(13, 11)), 11);
    EXPECT_EQ(lastWeapon(loadout(13)), 0);
    EXPECT_EQ(lastWeapon(loadout(13, 13)), 0);
}

TEST(WeaponSelection, CommandsLatchTheChoiceIntoTheNextCommandOnly) {
    Console console;
    Input input{console};
    int active = 10;
    WeaponSelection selection{console, input, [&] { return loadout(active, 12); }};
    console.run("slot2");
    EXPECT_EQ(input.createMove(1, 1, 0.015f).weaponSelect, 11);
    EXPECT_EQ(input.createMove(2, 2, 0.015f).weaponSelect, 0);  // sent once
    active = 11;
    console.run("invnext");
    EXPECT_EQ(input.createMove(3, 3, 0.015f).weaponSelect, 12);
    console.run("lastinv");
    EXPECT_EQ(input.createMove(4, 4, 0.015f).weaponSelect, 12);
    console.run("slot4");  // empty: the command carries nothing
    EXPECT_EQ(input.createMove(5, 5, 0.015f).weaponSelect, 0);
    console.run("slot10");
    EXPECT_EQ(input.createMove(6, 6, 0.015f).weaponSelect, 0);
    console.run("invprev; slot3");  // the last choice before the command wins
    EXPECT_EQ(input.createMove(7, 7, 0.015f).weaponSelect, 13);
}

}  // namespace
}  // namespace vestige::source::client
