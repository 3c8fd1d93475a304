// Traces against the physics bodies (world.hpp): Bullet's ray test and convex sweep, closest hit.
#include <algorithm>
#include <cmath>

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

// Bullet's broadphase ray walk does not shorten the ray as hits come in, so a long ray through a crowd tests every
// body along all of it. The ray is cast in pieces from the start instead: the first piece with a hit holds the
// closest one (a body across a piece boundary is entered in the earlier piece or found by the next).
constexpr float kRayPiece = 256.0f;  // inches

PhysicsTrace PhysicsWorld::traceRay(Vec3 start, Vec3 end) const {
    if (!isFinite(start) || !isFinite(end)) return {};
    const float total = length(end - start);
    const int pieces = std::max(1, static_cast<int>(std::ceil(total / kRayPiece)));
    for (int i = 0; i < pieces; ++i) {
        const float f0 = static_cast<float>(i) / static_cast<float>(pieces);
        const float f1 = static_cast<float>(i + 1) / static_cast<float>(pieces);
        const btVector3 a = toBt(start + (end - start) * f0), b = toBt(start + (end - start) * f1);
        btCollisionWorld::ClosestRayResultCallback cb(a, b);
        mImpl->world->rayTest(a, b, cb);
        if (cb.hasHit())
            return fromHit(*mImpl, true, f0 + (f1 - f0) * cb.m_closestHitFraction, cb.m_hitNormalWorld,
                           cb.m_collisionObject, start, end);
    }
    return fromHit(*mImpl, false, 1.0f, btVector3(0, 0, 0), nullptr, start, end);
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
