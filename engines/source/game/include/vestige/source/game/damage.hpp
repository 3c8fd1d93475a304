#pragma once
// CTakeDamageInfo with every field the GMod wiki's methods reach (wiki.facepunch.com/gmod/CTakeDamageInfo):
// Add/Get/Set/Scale/SubtractDamage, Get/SetBaseDamage, Get/SetMaxDamage, Get/SetDamageBonus, Get/SetDamageCustom,
// Get/SetDamageForce, Get/SetDamagePosition, Get/SetReportedPosition, Get/SetDamageType, IsDamageType,
// IsBulletDamage, IsExplosionDamage, IsFallDamage, Get/SetAmmoType, Get/SetAttacker, Get/SetInflictor,
// Get/SetWeapon. DMG_* are the values of shareddefs.h / GMod's DMG enum.
#include <cstdint>

#include "vestige/core/math.hpp"
#include "vestige/source/game/io.hpp"

namespace vestige::source::game {

namespace dmg {
constexpr std::uint32_t kGeneric = 0, kCrush = 1u << 0, kBullet = 1u << 1, kSlash = 1u << 2, kBurn = 1u << 3,
                        kVehicle = 1u << 4, kFall = 1u << 5, kBlast = 1u << 6, kClub = 1u << 7, kShock = 1u << 8,
                        kSonic = 1u << 9, kEnergyBeam = 1u << 10, kPreventPhysicsForce = 1u << 11, kNeverGib = 1u << 12,
                        kAlwaysGib = 1u << 13, kDrown = 1u << 14, kParalyze = 1u << 15, kNerveGas = 1u << 16,
                        kPoison = 1u << 17, kRadiation = 1u << 18, kDrownRecover = 1u << 19, kAcid = 1u << 20,
                        kSlowBurn = 1u << 21, kRemoveNoRagdoll = 1u << 22, kPhysgun = 1u << 23, kPlasma = 1u << 24,
                        kAirboat = 1u << 25, kDissolve = 1u << 26, kBlastSurface = 1u << 27, kDirect = 1u << 28,
                        kBuckshot = 1u << 29, kSniper = 1u << 30, kMissileDefense = 1u << 31;
}  // namespace dmg

struct DamageInfo {
    float damage = 0;
    float baseDamage = 0;  // the damage as constructed, before any scaling (m_flBaseDamage)
    float maxDamage = 0;
    float damageBonus = 0;
    int damageCustom = 0;
    std::uint32_t damageType = dmg::kGeneric;
    int ammoType = -1;
    Vec3 damageForce, damagePosition, reportedPosition;
    EntityHandle attacker, inflictor, weapon;

    // CTakeDamageInfo( inflictor, attacker, damage, type ): base damage = damage.
    [[nodiscard]] static DamageInfo make(EntityHandle inflictor, EntityHandle attacker, float amount,
                                         std::uint32_t type) {
        DamageInfo d;
        d.inflictor = inflictor;
        d.attacker = attacker;
        d.damage = d.baseDamage = amount;
        d.damageType = type;
        return d;
    }
    void addDamage(float v) { damage += v; }
    void subtractDamage(float v) { damage -= v; }
    void scaleDamage(float s) { damage *= s; }
    // Any of the given bits (the wiki's IsDamageType takes one DMG value; several bits are OR-tested).
    [[nodiscard]] bool isDamageType(std::uint32_t bits) const { return (damageType & bits) != 0; }
    [[nodiscard]] bool isBulletDamage() const { return (damageType & dmg::kBullet) != 0; }
    [[nodiscard]] bool isExplosionDamage() const { return (damageType & dmg::kBlast) != 0; }
    [[nodiscard]] bool isFallDamage() const { return (damageType & dmg::kFall) != 0; }
};

}  // namespace vestige::source::game
