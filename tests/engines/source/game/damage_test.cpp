// Damage: CTakeDamageInfo, the EntityTakeDamage / PostEntityTakeDamage hooks, the player's armor (player.cpp
// ARMOR_RATIO 0.2, ARMOR_BONUS 1.0) and knockback (DamageForce), util.BlastDamage (CGameRules::RadiusDamage).
#include <gtest/gtest.h>

#include <cmath>

#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

using test::load;
using test::room;

std::unique_ptr<World> playerAt(const std::string& origin) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", origin}});
    return load(map);
}

TEST(GameDamage, InfoFieldsAndTypes) {
    DamageInfo d = DamageInfo::make({}, {}, 40, dmg::kBullet | dmg::kBlast);
    EXPECT_EQ(d.baseDamage, 40.0f);
    d.scaleDamage(0.5f);
    d.addDamage(3);
    d.subtractDamage(1);
    EXPECT_EQ(d.damage, 22.0f);
    EXPECT_EQ(d.baseDamage, 40.0f);  // GetBaseDamage keeps the constructed amount
    EXPECT_TRUE(d.isBulletDamage());
    EXPECT_TRUE(d.isExplosionDamage());
    EXPECT_FALSE(d.isFallDamage());
    EXPECT_TRUE(d.isDamageType(dmg::kBlast));
    // DMG enum values (shareddefs.h; GMod's DMG page lists the same numbers).
    EXPECT_EQ(dmg::kFall, 32u);
    EXPECT_EQ(dmg::kBlast, 64u);
    EXPECT_EQ(dmg::kCrush, 1u);
    EXPECT_EQ(dmg::kDissolve, 67108864u);
    EXPECT_EQ(dmg::kMissileDefense, 2147483648u);
}

TEST(GameDamage, ArmorTakesEightyPercent) {
    auto w = playerAt("0 0 0");
    Entity& p = w->addPlayer();
    w->step();
    p.armor = 100;
    const EntityHandle world = w->worldEntity().handle;
    EXPECT_EQ(w->takeDamage(p, DamageInfo::make(world, world, 50, dmg::kGeneric)), 1);
    EXPECT_EQ(p.health, 90);  // 20 % of 50
    EXPECT_EQ(p.armor, 60.0f);  // the other 40, one armor point each
    // More damage than the armor covers: the armor is used up, the rest goes to health.
    p.armor = 5;
    w->takeDamage(p, DamageInfo::make(world, world, 50, dmg::kGeneric));
    EXPECT_EQ(p.armor, 0.0f);
    EXPECT_EQ(p.health, 45);
    // Fractions accumulate (CBaseCombatCharacter::OnTakeDamage_Alive): 0.5 + 0.5 makes a point.
    w->takeDamage(p, DamageInfo::make(world, world, 2.5f, dmg::kFall));
    EXPECT_EQ(p.health, 43);
    w->takeDamage(p, DamageInfo::make(world, world, 2.5f, dmg::kFall));
    EXPECT_EQ(p.health, 40);
}

TEST(GameDamage, HooksCanBlockAndSeeTheResult) {
    auto w = playerAt("0 0 0");
    Entity& p = w->addPlayer();
    w->step();
    std::vector<std::string> log;
    w->hooks.entityTakeDamage = [&](World&, Entity&, DamageInfo& d) {
        log.push_back("EntityTakeDamage " + std::to_string(static_cast<int>(d.damage)));
        if (d.damage > 30) return true;  // blocked
        d.damage *= 2;                   // the hook may change the info
        return false;
    };
    w->hooks.postEntityTakeDamage = [&](World&, Entity&, const DamageInfo& d, bool taken) {
        log.push_back(std::string("PostEntityTakeDamage ") + (taken ? "taken " : "not ") +
                      std::to_string(static_cast<int>(d.damage)));
    };
    const EntityHandle world = w->worldEntity().handle;
    w->takeDamage(p, DamageInfo::make(world, world, 40, dmg::kGeneric));
    w->takeDamage(p, DamageInfo::make(world, world, 10, dmg::kGeneric));
    const std::vector<std::string> expected = {"EntityTakeDamage 40", "PostEntityTakeDamage not 40",
                                               "EntityTakeDamage 10", "PostEntityTakeDamage taken 20"};
    EXPECT_EQ(log, expected);
    EXPECT_EQ(p.health, 80);
}

TEST(GameDamage, KnockbackAwayFromTheInflictor) {
    auto map = room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "gun"}, {"origin", "-200 0 37"}});
    auto w = load(map);
    Entity& p = w->addPlayer();
    w->run(10);
    Entity& gun = *test::named(*w, "gun");
    // DamageForce: 5 u/s per base-damage point for a 32 x 32 x 72 hull, away from (inflictor centre - 10 up).
    w->takeDamage(p, DamageInfo::make(gun.handle, gun.handle, 20, dmg::kBullet));
    const Vec3 dir = normalize(gun.origin - Vec3{0, 0, 10} - p.worldSpaceCenter());
    EXPECT_NEAR(p.velocity.x, -dir.x * 100.0f, 1e-3f);
    EXPECT_NEAR(p.velocity.z, -dir.z * 100.0f, 1e-3f);
    EXPECT_GT(p.velocity.x, 99.0f);
}

TEST(GameDamage, BlastDamageFallsOffWithTheDistanceToWhereTheLineMeetsTheBody) {
    auto w = playerAt("200 0 0");
    Entity& p = w->addPlayer();
    w->step();  // standing at 200 0 1
    const EntityHandle world = w->worldEntity().handle;
    w->blastDamage(world, world, {0, 0, 0}, 400, 100);
    // RadiusDamage: source 1 unit up; the line to BodyTarget (27 + (64 - 27) / 2 = 45.5 above the feet) meets the
    // hull's -x face at x 184 and stops 1/32 before it; damage = 100 - distance * 100 / 400.
    const Vec3 src{0, 0, 1};
    const Vec3 target{200, 0, 1 + 45.5f};
    const float f = (184.0f - 0.03125f) / 200.0f;
    const float distance = f * length(target - src);
    const float expected = 100.0f - distance * 0.25f;
    EXPECT_NEAR(expected, 52.8f, 0.1f);
    EXPECT_EQ(p.health, 100 - static_cast<int>(std::floor(expected)));
    // Out of the radius: nothing.
    const int before = p.health;
    w->blastDamage(world, world, {-700, 0, 0}, 400, 100);
    EXPECT_EQ(p.health, before);
}

}  // namespace
}  // namespace vestige::source::game
