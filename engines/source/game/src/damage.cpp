// Damage: CBaseEntity::TakeDamage with GMod's EntityTakeDamage hook, CBaseEntity/CBasePlayer OnTakeDamage, and
// CGameRules::RadiusDamage (util.BlastDamage).
#include <algorithm>
#include <cmath>

#include "vestige/core/text.hpp"
#include "vestige/source/collision/contents.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {

int EntityClass::onTakeDamage(World& w, Entity& e, DamageInfo& info) {
    // CBaseEntity::OnTakeDamage: health minus the damage (float to int as m_iHealth -= damage does); at 0 or below
    // Event_Killed removes the entity.
    if (e.takeDamage == takedamage::kNo) return 0;
    if (e.takeDamage != takedamage::kEventsOnly) {
        e.health = static_cast<int>(static_cast<float>(e.health) - info.damage);
        e.touched();
        if (e.health <= 0) {
            e.takeDamage = takedamage::kNo;
            e.alive = false;
            w.remove(e);
            return 0;
        }
    }
    return 1;
}

namespace {

// The player's damage (CBasePlayer::OnTakeDamage, CBaseCombatCharacter::OnTakeDamage_Alive,
// CBasePlayer::OnTakeDamage_Alive), reached from the "player" class.
constexpr float kArmorRatio = 0.2f;  // player.cpp ARMOR_RATIO: health takes 20%
constexpr float kArmorBonus = 1.0f;  // ARMOR_BONUS: each armor point absorbs one point of damage

}  // namespace

class PlayerClass final : public EntityClass {
public:
    int onTakeDamage(World& w, Entity& p, DamageInfo& info) override {
        if (!p.alive || info.damage == 0.0f) return 0;
        if (Entity* attacker = w.get(info.attacker);
            attacker && w.hooks.playerShouldTakeDamage && !w.hooks.playerShouldTakeDamage(w, p, *attacker))
            return 0;
        // Armor does not protect against fall, drowning, poison or radiation.
        if (p.armor > 0 && !info.isDamageType(dmg::kFall | dmg::kDrown | dmg::kPoison | dmg::kRadiation)) {
            float health = info.damage * kArmorRatio;
            float armor = std::max(1.0f, (info.damage - health) * kArmorBonus);
            if (armor > p.armor) {
                armor = p.armor * (1.0f / kArmorBonus);
                health = info.damage - armor;
                p.armor = 0;
            } else {
                p.armor -= armor;
            }
            info.damage = health;
        }
        // Whole points now, the fraction accumulated until it makes one (m_flDamageAccumulator).
        if (p.takeDamage != takedamage::kEventsOnly) {
            const float fraction = info.damage - std::floor(info.damage);
            float whole = info.damage - fraction;
            p.damageAccumulator += fraction;
            if (p.damageAccumulator >= 1.0f) {
                whole += 1.0f;
                p.damageAccumulator -= 1.0f;
            }
            if (whole <= 0) return 0;
            p.health -= static_cast<int>(whole);
            p.touched();
        }
        // Knockback: away from the inflictor, 5 u/s per point of base damage (at most 1000, up at most 250), for a
        // walking player hurt by something that is not a trigger.
        Entity* inflictor = w.get(info.inflictor);
        Entity* attacker = w.get(info.attacker);
        if (inflictor && attacker && p.moveType == MoveType::Walk && !attacker->behaviour->isTrigger(*attacker)) {
            const Vec3 dir = normalize(inflictor->worldSpaceCenter() - Vec3{0, 0, 10} - p.worldSpaceCenter());
            const Vec3 size = p.maxs - p.mins;
            float force = info.baseDamage * ((32.0f * 32.0f * 72.0f) / (size.x * size.y * size.z)) * 5.0f;
            force = std::min(force, 1000.0f);
            Vec3 push = dir * -force;
            push.z = std::min(push.z, 250.0f);
            p.velocity += push;
            p.player->move.velocity = p.velocity;
        }
        if (p.health <= 0) w.playerKilled(p, info);
        return 1;
    }
};

std::unique_ptr<EntityClass> makePlayerClass() { return std::make_unique<PlayerClass>(); }

int World::takeDamage(Entity& target, DamageInfo info) {
    if (target.markedForDeletion) return 0;
    if (hooks.entityTakeDamage && hooks.entityTakeDamage(*this, target, info)) {
        if (hooks.postEntityTakeDamage) hooks.postEntityTakeDamage(*this, target, info, false);
        return 0;
    }
    std::optional<int> scripted;
    if (hooks.onTakeDamage) scripted = hooks.onTakeDamage(*this, target, info);
    const int taken = scripted ? *scripted : target.behaviour ? target.behaviour->onTakeDamage(*this, target, info) : 0;
    if (hooks.postEntityTakeDamage) hooks.postEntityTakeDamage(*this, target, info, taken != 0);
    return taken;
}

void World::blastDamage(EntityHandle inflictor, EntityHandle attacker, Vec3 origin, float radius, float damage,
                        std::uint32_t type) {
    // CGameRules::RadiusDamage: linear falloff D/R per unit to where the line to the entity's body stops; the world
    // or a door in the way blocks it; another entity in the way takes a quarter (its mass is unknown here).
    const std::uint32_t mask = collision::mask::kShot & ~collision::contents::kHitbox;
    const float falloff = radius != 0.0f ? damage / radius : 1.0f;
    Vec3 src = origin;
    const bool inWater = mMap && (scene().pointContents(src) & collision::mask::kWater) != 0 &&
                         (scene().pointContents(src + Vec3{0, 0, 24}) & collision::mask::kWater) != 0;
    src.z += 1;  // "in case grenade is lying on the ground"
    std::vector<EntityHandle> candidates;
    forEach([&](Entity& e) {
        if (e.markedForDeletion || e.takeDamage == takedamage::kNo || e.handle == inflictor) return;
        // CEntitySphereQuery: the entity's bounds touch the sphere.
        const Vec3 lo = e.origin + e.mins, hi = e.origin + e.maxs;
        const Vec3 nearest{std::clamp(src.x, lo.x, hi.x), std::clamp(src.y, lo.y, hi.y), std::clamp(src.z, lo.z, hi.z)};
        if (lengthSquared(nearest - src) <= radius * radius) candidates.push_back(e.handle);
    });
    for (EntityHandle h : candidates) {
        Entity* e = get(h);
        if (!e || e->markedForDeletion) continue;
        const int water = e->player ? e->player->move.waterLevel : 0;
        if (inWater && water == 0) continue;
        if (!inWater && water == 3) continue;
        // BodyTarget: players aim between a quarter below their centre and their eyes; others their centre.
        Vec3 spot = e->worldSpaceCenter();
        if (e->player) {
            const Vec3 low = spot - (spot - e->origin) * 0.25f;
            const Vec3 high = e->origin + e->player->eyeOffset();
            spot = low + (high - low) * 0.5f;
        }
        TraceHitEntity tr = trace(src, spot, {}, {}, mask, inflictor);
        float blocked = 0.0f;
        if (tr.result.fraction != 1.0f && tr.entity != h) {
            const Entity* by = get(tr.entity);
            const bool door = by && by->moveType == MoveType::Push &&
                              (iequals(by->className, "func_door") || iequals(by->className, "func_door_rotating") ||
                               iequals(by->className, "prop_door_rotating"));
            if (!by || by->index == 0 || door) continue;  // IsExplosionTraceBlocked
            if (trace(src, spot, {}, {}, collision::contents::kSolid, inflictor).result.fraction != 1.0f) continue;
            blocked = 0.25f;
        }
        if (tr.result.startSolid) tr.result.endPos = src;
        const float adjusted = damage - length(src - tr.result.endPos) * falloff;
        if (adjusted <= 0) continue;
        DamageInfo info = DamageInfo::make(inflictor, attacker, adjusted - adjusted * blocked, type);
        info.baseDamage = damage;
        info.damagePosition = src;
        info.damageForce = normalize(spot - src) * 0.0f;
        takeDamage(*e, info);
    }
}

}  // namespace vestige::source::game
