// FireBullets' pieces (game/bullets.hpp). Evidence: the ammo ids of the wiki's Default_Ammo_Types page; the damage
// bits and impulses of hl2_gamerules.cpp's GetAmmoDef (BULLET_IMPULSE with lbs2kg = x / 2.2); VectorVectors' right
// and up (mathlib); ApplySpread's bounds (|x|, |y| <= 1 scale the spread); AddMultiDamage's rule (one TakeDamage per
// run of hits on a target, the sum of the damage and force, the largest hit as max damage).
#include "vestige/source/game/bullets.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

double sdkImpulse(double grains, double fps) {
    return static_cast<float>(fps * 12 * ((0.002285 * grains / 16.0f) * (1.0f / 2.2f)) * 3.5);
}

TEST(GameBullets, AmmoTypesHaveTheWikisIdsAndHl2sDamage) {
    EXPECT_EQ(ammoTypeId("AR2"), 1);
    EXPECT_EQ(ammoTypeId("pistol"), 3);  // CAmmoDef::Index ignores case
    EXPECT_EQ(ammoTypeId("Buckshot"), 7);
    EXPECT_EQ(ammoTypeId("StriderMinigunDirect"), 36);
    EXPECT_EQ(ammoTypeId(""), -1);
    EXPECT_EQ(ammoTypeCount(), 36);
    EXPECT_EQ(ammoType(0), nullptr);
    EXPECT_EQ(ammoType(37), nullptr);
    EXPECT_FLOAT_EQ(ammoType(3)->force, sdkImpulse(200, 1225));
    EXPECT_FLOAT_EQ(ammoType(5)->force, sdkImpulse(800, 5000));
    EXPECT_EQ(ammoType(7)->damageType, dmg::kBullet | dmg::kBuckshot);
    EXPECT_EQ(ammoType(13)->damageType, dmg::kBullet | dmg::kSniper);
    EXPECT_FLOAT_EQ(ammoType(19)->force, 1.5f * 750 * 12);
    EXPECT_FALSE(ammoType(23)->known);  // 9mmRound: HL1's, not in the SDK
    EXPECT_EQ(bulletDamageType(dmg::kBullet, 16), dmg::kBullet | dmg::kNeverGib);
    EXPECT_EQ(bulletDamageType(dmg::kBullet, 16.5f), dmg::kBullet | dmg::kAlwaysGib);
}

TEST(GameBullets, ShotManipulatorSpreadsAroundTheDirection) {
    const ShotManipulator east({1, 0, 0});
    EXPECT_EQ(east.right(), (Vec3{0, -1, 0}));
    EXPECT_EQ(east.up(), (Vec3{0, 0, 1}));
    const ShotManipulator down({0, 0, -1});  // VectorVectors' straight-down case
    EXPECT_EQ(down.right(), (Vec3{0, -1, 0}));
    EXPECT_EQ(down.up(), (Vec3{1, 0, 0}));
    base::UniformRandomStream random(7);
    EXPECT_EQ(east.applySpread({}, random), (Vec3{1, 0, 0}));
    bool moved = false;
    for (int i = 0; i < 200; ++i) {
        const Vec3 d = east.applySpread({0.1f, 0.05f, 0}, random);
        EXPECT_EQ(d.x, 1.0f);
        EXPECT_LE(std::fabs(d.y), 0.1f);
        EXPECT_LE(std::fabs(d.z), 0.05f);
        EXPECT_LE((d.y / 0.1f) * (d.y / 0.1f) + (d.z / 0.05f) * (d.z / 0.05f), 1.0001f);  // inside the unit circle
        moved = moved || d.y != 0;
    }
    EXPECT_TRUE(moved);
}

TEST(GameBullets, MultiDamageDealsOneHitPerRunOfHitsOnATarget) {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    auto w = test::load(map);
    Entity& p = w->addPlayer();
    w->step();
    Entity& box = w->create("info_target");
    std::vector<std::string> log;
    w->hooks.entityTakeDamage = [&](World&, Entity& target, DamageInfo& info) {
        log.push_back(std::to_string(target.index) + ":" + std::to_string(static_cast<int>(info.damage)) + ":" +
                      std::to_string(static_cast<int>(info.maxDamage)) + ":" +
                      std::to_string(static_cast<int>(info.damageForce.x)));
        return true;  // blocked: only the calls are counted
    };
    DamageInfo hit = DamageInfo::make(box.handle, box.handle, 3, dmg::kBullet);
    hit.damageForce = {10, 0, 0};
    MultiDamage volley;
    volley.add(*w, p, hit);
    hit.damage = 5;
    volley.add(*w, p, hit);
    volley.add(*w, box, hit);
    volley.add(*w, p, hit);
    EXPECT_EQ(log.size(), 2u);  // the run on the player was dealt when the target changed, then the box's
    volley.apply(*w);
    volley.apply(*w);  // nothing pending: nothing dealt
    const std::string p1 = std::to_string(p.index), b = std::to_string(box.index);
    EXPECT_EQ(log, (std::vector<std::string>{p1 + ":8:5:20", b + ":5:5:10", p1 + ":5:5:10"}));
}

}  // namespace
}  // namespace vestige::source::game
