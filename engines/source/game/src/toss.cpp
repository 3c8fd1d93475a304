// CBaseEntity::PhysicsToss (SDK 2013 physics_main_shared.cpp, physics_main.cpp) for MOVETYPE_FLY and
// MOVETYPE_FLYGRAVITY entities, after their think:
//
//   off the ground when moving up or when what it stood on is gone; resting (on the ground, no velocity) -> nothing;
//   sv_maxvelocity clamp per axis (NaN -> 0); FLYGRAVITY: PhysicsAddGravityMove (z velocity - g dt, the move uses the
//   average of the old and new z velocity), FLY: velocity x dt; angles += angular velocity x dt; the move as a swept
//   box of the entity's bounds (MASK_SOLID, the entity ignored), the origin set to where it stopped; all solid ->
//   velocities zeroed; a hit -> the MOVECOLLIDE rule:
//     slide (default): velocity clipped to the plane; on a floor (normal z > 0.7) z zeroed below g dt, under 30 u/s
//       it comes to rest on the hit entity, else the rest of the move goes on scaled by the surface friction;
//     bounce: clipped with overbounce 2, times clamp(elasticity x surface elasticity, 0, 0.9); a floor as slide;
//       a wall stops it under 30 u/s;
//     custom: on a floor z zeroed below g dt and it rests on the hit entity.
// The surface's friction and elasticity are the "default" surfaceprop's (traces do not report the hit surface's
// props yet); water transitions and the entity's own touches (PhysicsTouchTriggers, PhysicsImpact) are not run.
#include <algorithm>
#include <cmath>

#include "vestige/source/collision/contents.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {
namespace {

constexpr float kMaxVelocity = 3500.0f;  // sv_maxvelocity
constexpr float kStopEpsilon = 0.1f;     // STOP_EPSILON
constexpr float kRestSpeedSq = 30.0f * 30.0f;
constexpr int kMoveCollideBounce = 1, kMoveCollideCustom = 2;
constexpr int kCollisionGroupDebris = 1, kCollisionGroupWeapon = 11;  // COLLISION_GROUP_*

void checkVelocity(Entity& e) {
    for (float* v : {&e.velocity.x, &e.velocity.y, &e.velocity.z}) {
        if (std::isnan(*v)) *v = 0;
        *v = std::clamp(*v, -kMaxVelocity, kMaxVelocity);
    }
}

// PhysicsClipVelocity: `in` minus its component along the normal times overbounce, tiny components zeroed.
Vec3 clipVelocity(Vec3 in, Vec3 normal, float overbounce) {
    const float backoff = dot(in, normal) * overbounce;
    Vec3 out = in - normal * backoff;
    for (float* v : {&out.x, &out.y, &out.z})
        if (*v > -kStopEpsilon && *v < kStopEpsilon) *v = 0;
    return out;
}

}  // namespace

void World::physicsToss(Entity& e) {
    const float dt = mInterval;
    const float gravity = (e.gravity == 0.0f ? 1.0f : e.gravity) * mOptions.move.gravity;  // GetActualGravity
    const Entity* ground = get(e.groundEntity);
    if (e.velocity.z > 0 || !ground || ground->markedForDeletion) e.groundEntity = {};
    if (!e.groundEntity.isNull() && e.velocity == Vec3{}) {
        e.angularVelocity = {};
        if (e.baseVelocity == Vec3{}) return;
    }
    checkVelocity(e);
    Vec3 move;
    if (e.moveType == MoveType::FlyGravity) {
        move.x = (e.velocity.x + e.baseVelocity.x) * dt;
        move.y = (e.velocity.y + e.baseVelocity.y) * dt;
        if (!e.groundEntity.isNull()) {
            move.z = e.baseVelocity.z * dt;
        } else {
            const float newZ = e.velocity.z - gravity * dt;
            move.z = ((e.velocity.z + newZ) / 2.0f + e.baseVelocity.z) * dt;
            e.baseVelocity.z = 0;
            e.velocity.z = newZ;
            checkVelocity(e);
        }
    } else {
        move = (e.velocity + e.baseVelocity) * dt;
        checkVelocity(e);
    }
    if (e.angularVelocity != Vec3{}) setAngles(e, e.angles + e.angularVelocity * dt);  // SimulateAngles
    if (move == Vec3{}) return;  // a still FLY entity: its zero-length sweep changes nothing

    // PhysicsPushEntity: the swept box, the origin to where it stopped. Debris and weapons pass through players
    // (CGameRules::ShouldCollide); everything else meets them.
    std::uint32_t mask = collision::mask::kSolid;
    if (e.collisionGroup == kCollisionGroupDebris || e.collisionGroup == kCollisionGroupWeapon)
        mask &= ~collision::contents::kMonster;
    const auto push = [&](Vec3 by) {
        const TraceHitEntity t = trace(e.origin, e.origin + by, e.mins, e.maxs, mask, e.handle);
        if (t.result.fraction > 0) setOrigin(e, t.result.endPos);
        return t;
    };
    TraceHitEntity t = push(move);
    checkVelocity(e);
    e.touched();
    if (t.result.allSolid) {
        e.velocity = e.angularVelocity = {};
        return;
    }
    if (t.result.fraction == 1.0f) return;

    const physics::Material& surface = mPhysics->surfaceProps().get("default");
    const Vec3 normal = t.result.plane.normal;
    const bool floor = normal.z > 0.7f;
    // `rest`: the rest of the move when it goes on (slide: (v + base) x (1 - f) dt x friction; bounce: the SDK's
    // v (1 - f) dt + base x (1 - f) dt x ((base - v) . base / |base|)).
    const auto restOrGoOn = [&](Vec3 absVelocity, auto&& rest) {
        // The floor part shared by slide and bounce: z dropped when below one tick of gravity, rest under 30 u/s.
        Vec3 total = absVelocity + e.baseVelocity;
        if (total.z < gravity * dt) {
            absVelocity.z = 0;
            total = absVelocity + e.baseVelocity;
        }
        e.velocity = absVelocity;
        if (dot(total, total) < kRestSpeedSq) {
            e.groundEntity = t.entity;  // IsStandable: what a trace stops on
            e.velocity = e.angularVelocity = {};
            return;
        }
        t = push(rest(absVelocity, (1.0f - t.result.fraction) * dt));
    };
    if (e.moveCollide == kMoveCollideBounce) {
        const float elasticity = std::clamp(e.elasticity * surface.elasticity, 0.0f, 0.9f);
        const Vec3 v = clipVelocity(e.velocity, normal, 2.0f) * elasticity;
        if (floor) {
            restOrGoOn(v, [&](Vec3 abs, float k) {
                const float scale = dot(e.baseVelocity - abs, normalize(e.baseVelocity));
                return abs * k + e.baseVelocity * (k * scale);
            });
        } else {
            e.velocity = dot(v + e.baseVelocity, v + e.baseVelocity) < kRestSpeedSq ? Vec3{} : v;
            if (e.velocity == Vec3{}) e.angularVelocity = {};
        }
    } else if (e.moveCollide == kMoveCollideCustom) {
        if (floor) {
            if ((e.velocity + e.baseVelocity).z < gravity * dt) e.velocity.z = 0;
            e.groundEntity = t.entity;
        }
    } else {
        const Vec3 v = clipVelocity(e.velocity, normal, 1.0f);
        if (!floor) {
            e.velocity = v;
        } else {
            restOrGoOn(v, [&](Vec3 abs, float k) { return (abs + e.baseVelocity) * (k * surface.friction); });
        }
    }
}

}  // namespace vestige::source::game
