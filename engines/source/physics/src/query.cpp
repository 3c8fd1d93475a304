// Traces against the physics bodies (world.hpp): Bullet's ray test and convex sweep, closest hit.
#include "impl.hpp"

namespace vestige::source::physics {

namespace {

PhysicsTrace fromHit(const PhysicsWorld::Impl& w, bool hit, float fraction, const btVector3& normal,
                     const btCollisionObject* object, Vec3 start, Vec3 end) {
    PhysicsTrace t;
    t.hit = hit;
    t.fraction = hit ? fraction : 1.0f;
    t.endPos = start + (end - start) * t.fraction;
    if (!hit) return t;
    t.normal = fromBtRaw(normal.normalized());
    const BodyId id = w.idOf(object);
    if (const BodyRecord* r = w.body(id); r && !r->isStatic) {
        t.body = id;
        t.userId = r->desc.userId;
    }
    return t;
}

}  // namespace

PhysicsTrace PhysicsWorld::traceRay(Vec3 start, Vec3 end) const {
    if (!isFinite(start) || !isFinite(end)) return {};
    btCollisionWorld::ClosestRayResultCallback cb(toBt(start), toBt(end));
    mImpl->world->rayTest(toBt(start), toBt(end), cb);
    return fromHit(*mImpl, cb.hasHit(), cb.m_closestHitFraction, cb.m_hitNormalWorld, cb.m_collisionObject, start, end);
}

PhysicsTrace PhysicsWorld::traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs) const {
    if (!isFinite(start) || !isFinite(end) || !isFinite(mins) || !isFinite(maxs)) return {};
    if (!(maxs.x > mins.x && maxs.y > mins.y && maxs.z > mins.z)) return traceRay(start, end);
    btBoxShape box(toBt((maxs - mins) * 0.5f));
    const Vec3 center = (mins + maxs) * 0.5f;
    btTransform from, to;
    from.setIdentity();
    to.setIdentity();
    from.setOrigin(toBt(start + center));
    to.setOrigin(toBt(end + center));
    btCollisionWorld::ClosestConvexResultCallback cb(from.getOrigin(), to.getOrigin());
    mImpl->world->convexSweepTest(&box, from, to, cb);
    return fromHit(*mImpl, cb.hasHit(), cb.m_closestHitFraction, cb.m_hitNormalWorld, cb.m_hitCollisionObject, start,
                   end);
}

}  // namespace vestige::source::physics
