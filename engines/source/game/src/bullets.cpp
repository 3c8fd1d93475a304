// FireBullets' pieces (bullets.hpp): ammo definitions, the shot manipulator's spread, multidamage.
#include "vestige/source/game/bullets.hpp"

#include <array>
#include <cmath>

#include "vestige/core/text.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {
namespace {

// BULLET_IMPULSE(grains, ftpersec): grains -> lb (0.002285 * grains / 16) -> kg (lbs2kg: KG_PER_POUND = 1 / 2.2f),
// times ft/s in in/s and the 3.5 exaggeration, in the SDK's double arithmetic, stored as float (AddAmmoType).
constexpr float impulse(double grains, double feetPerSecond) {
    return static_cast<float>(feetPerSecond * 12 * ((0.002285 * grains / 16.0f) * (1.0f / 2.2f)) * 3.5);
}

using namespace dmg;
constexpr std::array<AmmoType, 36> kAmmo{{
    {"AR2", kBullet, impulse(200, 1225), true},
    {"AR2AltFire", kDissolve, 0, true},
    {"Pistol", kBullet, impulse(200, 1225), true},
    {"SMG1", kBullet, impulse(200, 1225), true},
    {"357", kBullet, impulse(800, 5000), true},
    {"XBowBolt", kBullet, impulse(800, 8000), true},
    {"Buckshot", kBullet | kBuckshot, impulse(400, 1200), true},
    {"RPG_Round", kBurn, 0, true},
    {"SMG1_Grenade", kBurn, 0, true},
    {"Grenade", kBurn, 0, true},
    {"slam", kBurn, 0, true},
    {"AlyxGun", kBullet, impulse(200, 1225), true},
    {"SniperRound", kBullet | kSniper, impulse(650, 6000), true},
    {"SniperPenetratedRound", kBullet | kSniper, impulse(150, 6000), true},
    {"Thumper", kSonic, 0, true},
    {"Gravity", kClub, 0, true},
    {"Battery", kClub, 0, true},
    {"GaussEnergy", kShock, impulse(650, 8000), true},
    {"CombineCannon", kBullet, 1.5f * 750 * 12, true},
    {"AirboatGun", kAirboat, impulse(10, 600), true},
    {"StriderMinigun", kBullet, 1.0f * 750 * 12, true},
    {"HelicopterGun", kBullet, impulse(400, 1225), true},
    {"9mmRound", kBullet, 0, false},
    {"357Round", kBullet, 0, false},
    {"BuckshotHL1", kBullet, 0, false},
    {"XBowBoltHL1", kBullet, 0, false},
    {"MP5_Grenade", kBullet, 0, false},
    {"RPG_Rocket", kBullet, 0, false},
    {"Uranium", kBullet, 0, false},
    {"GrenadeHL1", kBullet, 0, false},
    {"Hornet", kBullet, 0, false},
    {"Snark", kBullet, 0, false},
    {"TripMine", kBullet, 0, false},
    {"Satchel", kBullet, 0, false},
    {"12mmRound", kBullet, 0, false},
    {"StriderMinigunDirect", kBullet, 1.0f * 750 * 12, true},
}};

}  // namespace

const AmmoType* ammoType(int id) { return id >= 1 && id <= ammoTypeCount() ? &kAmmo[id - 1] : nullptr; }
int ammoTypeCount() { return static_cast<int>(kAmmo.size()); }
int ammoTypeId(std::string_view name) {
    for (std::size_t i = 0; i < kAmmo.size(); ++i)
        if (iequals(kAmmo[i].name, name)) return static_cast<int>(i) + 1;
    return -1;
}

ShotManipulator::ShotManipulator(Vec3 forward) : mForward(forward) {
    // VectorVectors: straight up or down has right = -y, up = -forward.z along x.
    if (forward.x == 0 && forward.y == 0) {
        mRight = {0, -1, 0};
        mUp = {-forward.z, 0, 0};
    } else {
        mRight = normalize(cross(forward, {0, 0, 1}));
        mUp = normalize(cross(mRight, forward));
    }
}

Vec3 ShotManipulator::applySpread(Vec3 spread, base::UniformRandomStream& random) const {
    constexpr float kFlatness = 0.5f;  // |shotBias| * 0.5 with shotBias = (1 - -1) * 1 + -1
    float x = 0, y = 0;
    do {
        x = random.randomFloat(-1, 1) * kFlatness + random.randomFloat(-1, 1) * (1 - kFlatness);
        y = random.randomFloat(-1, 1) * kFlatness + random.randomFloat(-1, 1) * (1 - kFlatness);
    } while (x * x + y * y > 1);
    return mForward + mRight * (x * spread.x) + mUp * (y * spread.y);
}

void MultiDamage::add(World& world, Entity& target, const DamageInfo& info) {
    if (target.handle != mTarget) {
        apply(world);
        mTarget = target.handle;
        mInfo = DamageInfo::make(info.inflictor, info.attacker, 0, info.damageType);
        mInfo.weapon = info.weapon;
        mInfo.damageCustom = info.damageCustom;
    }
    mInfo.damageType |= info.damageType;
    mInfo.damage += info.damage;
    mInfo.baseDamage = mInfo.damage;  // Init leaves the base unspecified: GetBaseDamage reads the damage
    mInfo.damageForce += info.damageForce;
    mInfo.damagePosition = info.damagePosition;
    mInfo.reportedPosition = info.reportedPosition;
    mInfo.maxDamage = std::max(mInfo.maxDamage, info.damage);
    mInfo.ammoType = info.ammoType;
}

void MultiDamage::apply(World& world) {
    if (mTarget.isNull()) return;
    const EntityHandle target = mTarget;
    mTarget = {};
    if (Entity* e = world.get(target)) (void)world.takeDamage(*e, mInfo);
}

std::uint32_t bulletDamageType(std::uint32_t ammoBits, float damage) {
    return ammoBits | (damage > 16 ? dmg::kAlwaysGib : dmg::kNeverGib);
}

}  // namespace vestige::source::game
