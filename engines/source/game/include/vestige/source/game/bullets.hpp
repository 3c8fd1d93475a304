#pragma once
// What Entity:FireBullets is built from (SDK: CBaseEntity::FireBullets in baseentity_shared.cpp, CShotManipulator,
// multidamage, the ammo definitions); the Lua side (the Bullet table, its hooks and callback) is glua's.
//
//   ammo             GMod's default ammo types (ids 1..36, wiki Default_Ammo_Types) with the damage type and bullet
//                    impulse HL2's ammo definition gives them (hl2_gamerules.cpp GetAmmoDef): BULLET_IMPULSE(grains,
//                    ft/s) = ft/s * 12 * (0.002285 * grains / 16 lb in kg) * 3.5. The HL1 types (9mmRound .. 12mmRound)
//                    are not in the SDK: known = false.
//   ShotManipulator  the shot's right/up from VectorVectors, ApplySpread with bias 1 (ai_shot_bias_min -1 / max 1:
//                    flatness 0.5): x, y = RandomFloat(-1,1) * 0.5 + RandomFloat(-1,1) * 0.5 until x^2 + y^2 <= 1;
//                    the result dir + x * spread.x * right + y * spread.y * up (not normalised, as the SDK).
//   MultiDamage      AddMultiDamage / ApplyMultiDamage: hits on the same entity add up (damage, force, type bits,
//                    the largest single hit as max damage) and are dealt at once when the target changes or at the
//                    end of the volley: a shotgun's pellets into one player are one TakeDamage.
#include <cstdint>
#include <string_view>

#include "vestige/core/math.hpp"
#include "vestige/source/base/random.hpp"
#include "vestige/source/game/damage.hpp"

namespace vestige::source::game {

class World;
struct Entity;

struct AmmoType {
    std::string_view name;
    std::uint32_t damageType = dmg::kBullet;
    float force = 0;     // the bullet's impulse (kg in/s) before the Bullet's Force scale
    bool known = false;  // from HL2's ammo definition
};
// Ids 1..ammoTypeCount(); nullptr outside.
[[nodiscard]] const AmmoType* ammoType(int id);
[[nodiscard]] int ammoTypeCount();
// The id of an ammo name (case-insensitive), -1 when there is none.
[[nodiscard]] int ammoTypeId(std::string_view name);

class ShotManipulator {
public:
    explicit ShotManipulator(Vec3 forward);
    [[nodiscard]] Vec3 applySpread(Vec3 spread, base::UniformRandomStream& random) const;
    [[nodiscard]] Vec3 right() const { return mRight; }
    [[nodiscard]] Vec3 up() const { return mUp; }

private:
    Vec3 mForward, mRight, mUp;
};

class MultiDamage {
public:
    // AddMultiDamage: a different target deals the pending damage first.
    void add(World& world, Entity& target, const DamageInfo& info);
    // ApplyMultiDamage: the pending damage dealt (nothing when none is pending).
    void apply(World& world);

private:
    EntityHandle mTarget;
    DamageInfo mInfo;
};

// The bullet's damage type: the ammo's bits plus DMG_ALWAYSGIB above 16 damage, DMG_NEVERGIB otherwise (FireBullets'
// nActualDamageType for a given damage).
[[nodiscard]] std::uint32_t bulletDamageType(std::uint32_t ammoBits, float damage);

}  // namespace vestige::source::game
