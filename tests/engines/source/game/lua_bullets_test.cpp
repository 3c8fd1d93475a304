// Entity:FireBullets, the view punch and the command's random seed on a builder map (issue #16: weapons that fire).
// A point entity "gun" at (200, 0, 36) shoots along -x at the player standing at the origin (box x in [-16, 16]).
//
// Evidence: the damage type bits (DMG_BULLET 2, DMG_NEVERGIB 4096, DMG_ALWAYSGIB 8192 above 16 damage: FireBullets'
// nActualDamageType), the Pistol ammo's impulse (hl2_gamerules.cpp BULLET_IMPULSE(200, 1225) with lbs2kg's 1 / 2.2)
// times the Bullet's Force, the wiki's hook rules (EntityFireBullets: false suppresses, true applies edits;
// PostEntityFireBullets: false suppresses; ScalePlayerDamage: true blocks; the Callback's {damage = false}),
// multidamage (pellets into one target are one TakeDamage), DecayPunchAngle's spring (65) and damping (9) over one
// 15 ms command, ViewPunch's 20x, MD5_PseudoRandom as the command's seed. The pellet directions compare the Lua path
// with ShotManipulator + the seed rule (255 + pellet outside a command): a regression guard of the wiring.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "vestige/core/crc32.hpp"
#include "vestige/source/base/random.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/bullets.hpp"
#include "vestige/source/game/map.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

std::unique_ptr<glua::Runtime> range() {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    map.addEntity({{"classname", "info_target"}, {"targetname", "gun"}, {"origin", "200 0 36"}});
    auto bytes = map.write();
    EXPECT_TRUE(bytes.ok());
    auto m = GameMap::load(*bytes, "range");
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
    auto rt = createRuntime(*m, glua::Options{});
    EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
    EXPECT_TRUE((*rt)->boot().ok());
    (*rt)->tick();  // the player spawns
    return std::move(*rt);
}

std::string ev(glua::Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    return *r;
}

// Every EntityTakeDamage as "target damage type attackerIsGun inflictorIsGun forceX posX ammo".
constexpr const char* kLogDamage = R"lua(
    GUN = ents.FindByName("gun")[1]
    DMG = {}
    hook.Add("EntityTakeDamage", "log", function(target, d)
        DMG[#DMG + 1] = string.format("%d %g %d %s %s %.3f %g %d", target:EntIndex(), d:GetDamage(), d:GetDamageType(),
            tostring(d:GetAttacker() == GUN), tostring(d:GetInflictor() == GUN), d:GetDamageForce().x,
            d:GetDamagePosition().x, d:GetAmmoType())
    end)
    function SHOOT(extra)
        local b = { Src = Vector(200, 0, 36), Dir = Vector(-1, 0, 0), Damage = 7, AmmoType = "Pistol", Force = 2 }
        for k, v in pairs(extra or {}) do b[k] = v end
        DMG = {}
        GUN:FireBullets(b)
        return table.concat(DMG, ";")
    end
)lua";

// The x force of `pellets` hits of Force `scale` along -x, summed in float as multidamage adds them.
std::string expectedForce(float scale, int pellets = 1) {
    const auto impulse = static_cast<float>(1225.0 * 12 * ((0.002285 * 200 / 16.0f) * (1.0f / 2.2f)) * 3.5);
    float sum = 0;
    for (int i = 0; i < pellets; ++i) sum += -1.0f * impulse * scale;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", sum);
    return buf;
}

TEST(LuaBullets, ABulletHitsThePlayerWithTheSdksDamageInfo) {
    auto rt = range();
    ASSERT_EQ(ev(*rt, kLogDamage), "");
    // 7 damage: DMG_BULLET | DMG_NEVERGIB; the attacker and inflictor default to the shooter; the force is the
    // Pistol's impulse times Force 2 along the shot; the position is where the trace stopped, DIST_EPSILON (1/32)
    // short of the player's box at x = 16.
    EXPECT_EQ(ev(*rt, "return SHOOT()"), "1 7 4098 true true " + expectedForce(2) + " 16.0313 3");
    EXPECT_EQ(ev(*rt, "return Entity(1):Health()"), "93");
    EXPECT_EQ(ev(*rt, "return SHOOT({ Damage = 20 })"), "1 20 8194 true true " + expectedForce(2) + " 16.0313 3");
    // A shot that misses (up, over the player, into the ceiling) hurts no one: the world does not take damage
    // (TraceAttack needs m_takedamage); IgnoreEntity lets the shot pass the player to the wall.
    EXPECT_EQ(ev(*rt, "return SHOOT({ Dir = Vector(0, 0, 1) })"), "");
    EXPECT_EQ(ev(*rt, "return SHOOT({ IgnoreEntity = Entity(1) })"), "");
    // Non-finite input fires nothing.
    EXPECT_EQ(ev(*rt, "return SHOOT({ Src = Vector(0 / 0, 0, 36) })"), "");
    EXPECT_EQ(ev(*rt, "return Entity(1):Health()"), "73");
}

TEST(LuaBullets, HooksAndTheCallbackDecideWhatTheBulletDoes) {
    auto rt = range();
    ASSERT_EQ(ev(*rt, std::string(kLogDamage) + R"lua(
        Entity(1):SetHealth(1000000)  -- alive through every shot below
        hook.Add("EntityFireBullets", "t", function(ent, b)
            SEEN = tostring(ent == GUN) .. " " .. b.Damage .. " " .. b.Distance .. " " .. b.Num .. " " .. b.AmmoType
            b.Damage = 50
            if MODE == "stop" then return false end
            if MODE == "edit" then return true end
        end)
        hook.Add("PostEntityFireBullets", "t", function(ent, data)
            POST = data.Trace.Entity:EntIndex() .. " " .. data.AmmoType .. " " .. data.Damage
            if PMODE == "stop" then return false end
        end)
        hook.Add("ScalePlayerDamage", "t", function(ply, group, d)
            GROUP = group
            if SMODE == "block" then return true end
            d:ScaleDamage(2)
        end)
    )lua"),
              "");
    // No verdict: the hook's edits are dropped; ScalePlayerDamage doubles the damage (14, still NEVERGIB).
    EXPECT_EQ(ev(*rt, "return SHOOT(), SEEN, POST, GROUP"),
              "1 14 4098 true true " + expectedForce(2) + " 16.0313 3\ttrue 7 56756 1 Pistol\t1 Pistol 7\t0");
    EXPECT_EQ(ev(*rt, "MODE = 'edit' return SHOOT()"), "1 100 8194 true true " + expectedForce(2) + " 16.0313 3");
    EXPECT_EQ(ev(*rt, "MODE = 'stop' POST = nil return SHOOT(), POST"), "\tnil");
    EXPECT_EQ(ev(*rt, "MODE = nil PMODE = 'stop' return SHOOT(), POST"), "\t1 Pistol 7");
    EXPECT_EQ(ev(*rt, "PMODE = nil SMODE = 'block' return SHOOT()"), "");
    // The Callback runs for every pellet with the attacker, the trace and the damage; {damage = false} holds it.
    EXPECT_EQ(ev(*rt, R"lua(SMODE = nil
        local got = {}
        local out = SHOOT({ Callback = function(att, tr, d)
            got[#got + 1] = tostring(att == GUN) .. " " .. tr.Entity:EntIndex() .. " " .. tr.HitPos.x .. " " .. d:GetDamage()
            return { damage = false }
        end })
        return out, table.concat(got, ";"))lua"),
              "\ttrue 1 16.03125 7");
    // A hit player is HITGROUP_GENERIC: no hitbox traces, counted as not GMod's.
    // Shots that reached the player's hooks (the plain, edited and ScalePlayerDamage-blocked ones; not the suppressed
    // or callback-held ones, which stop first).
    EXPECT_EQ(rt->standInCalls().at("Entity:FireBullets (hit groups: a player is hit as HITGROUP_GENERIC)"), 3u);
}

// Pellets into one target add up into one TakeDamage (multidamage), each pellet through the hooks.
TEST(LuaBullets, AVolleyIsOneTakeDamagePerTarget) {
    auto rt = range();
    ASSERT_EQ(ev(*rt, std::string(kLogDamage) + R"lua(
        POSTS = 0
        hook.Add("PostEntityFireBullets", "t", function() POSTS = POSTS + 1 end)
    )lua"),
              "");
    EXPECT_EQ(ev(*rt, "return SHOOT({ Num = 6, Damage = 3 }), POSTS"),
              "1 18 4098 true true " + expectedForce(2, 6) + " 16.0313 3\t6");
}

// A player's pellets: RandomSeed(seed & 255 + pellet), seed -1 outside a command; each direction is the
// ShotManipulator's spread from that stream.
TEST(LuaBullets, APlayersPelletsDrawFromThePredictionSeed) {
    auto rt = range();
    const std::string out = ev(*rt, R"lua(
        local n = {}
        hook.Add("PostEntityFireBullets", "t", function(ent, data)
            local v = data.Trace.Normal
            n[#n + 1] = string.format("%.6f %.6f %.6f", v.x, v.y, v.z)
            return false
        end)
        Entity(1):FireBullets({ Src = Vector(0, 0, 64), Dir = Vector(1, 0, 0), Spread = Vector(0.1, 0.05, 0), Num = 3 })
        return table.concat(n, ";"))lua");
    std::string expected;
    const ShotManipulator shot({1, 0, 0});
    for (int i = 0; i < 3; ++i) {
        base::UniformRandomStream s(255 + i);
        const Vec3 d = normalize(shot.applySpread({0.1f, 0.05f, 0}, s));
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s%.6f %.6f %.6f", i ? ";" : "", d.x, d.y, d.z);
        expected += buf;
    }
    EXPECT_EQ(out, expected);
}

// Inside a player's command the prediction seed is its random_seed (MD5_PseudoRandom of the command number): what
// util.SharedRandom reads there. Outside one it is -1.
TEST(LuaBullets, TheCommandsRandomSeedIsThePredictionSeed) {
    auto rt = range();
    ASSERT_EQ(ev(*rt, R"lua(
        hook.Add("StartCommand", "t", function(ply, cmd)
            if not R then R = util.SharedRandom("shot", 0, 1) N = cmd:CommandNumber() end
        end)
    )lua"),
              "");
    rt->tick();
    const auto number = ev(*rt, "return N");
    ASSERT_FALSE(number.rfind("ERR", 0) == 0) << number;
    const int n = std::stoi(number);
    const std::int32_t seed =
        static_cast<std::int32_t>(base::md5PseudoRandom(static_cast<std::uint32_t>(n)) & 0x7fffffffu);
    std::uint8_t buf[8];
    const std::int32_t additional = 0;
    std::memcpy(buf, &seed, 4);
    std::memcpy(buf + 4, &additional, 4);
    const std::uint32_t c = crc32(ByteView(reinterpret_cast<const std::uint8_t*>("shot"), 4), crc32(ByteView(buf, 8)));
    base::UniformRandomStream s(static_cast<int>(c));
    const double expected = std::min(1.0 / 2147483647 * s.next(), 1.0 - 1.2e-7);
    EXPECT_NEAR(std::stod(ev(*rt, "return string.format('%.12f', R)")), expected, 1e-12);
    EXPECT_NE(ev(*rt, "return string.format('%.12f', util.SharedRandom('shot', 0, 1))"),
              ev(*rt, "return string.format('%.12f', R)"));
}

// ViewPunch adds 20x the angle to the punch velocity; the next command's movement decays it (angle += vel * dt,
// vel *= 1 - 9 dt, vel -= angle * 65 dt), and the aim adds the punch angle.
TEST(LuaBullets, ViewPunchDecaysAsTheSdksSpringAndTiltsTheAim) {
    auto rt = range();
    EXPECT_EQ(ev(*rt, "Entity(1):ViewPunch(Angle(-10, 0, 0)) local v = Entity(1):GetViewPunchVelocity() return v.p"),
              "-200");
    rt->tick();
    const float dt = 0.015f;
    const float angle = -200 * dt;
    const float vel = -200 * (1 - 9 * dt) - angle * (65 * dt);
    EXPECT_NEAR(std::stof(ev(*rt, "return Entity(1):GetViewPunchAngles().p")), angle, 1e-4);
    EXPECT_NEAR(std::stof(ev(*rt, "return Entity(1):GetViewPunchVelocity().p")), vel, 1e-3);
    EXPECT_NEAR(std::stof(ev(*rt, "return Entity(1):GetAimVector().z")), std::sin(-angle * 3.14159265f / 180), 1e-5);
    // A tolerance below the punch's size keeps it; none resets both.
    EXPECT_NEAR(std::stof(ev(*rt, "Entity(1):ViewPunchReset(1) return Entity(1):GetViewPunchAngles().p")), angle, 1e-4);
    EXPECT_EQ(
        ev(*rt,
           "Entity(1):ViewPunchReset() return Entity(1):GetViewPunchAngles().p, Entity(1):GetViewPunchVelocity().p"),
        "0\t0");
}

}  // namespace
}  // namespace vestige::source::game
