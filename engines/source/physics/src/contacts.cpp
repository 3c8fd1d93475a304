// Collision events, collected after the step from Bullet's contact manifolds (never from inside Bullet).
//
// An event is fired for each pair that touches now and did not touch after the previous step (an impact; resting
// contact fires nothing), with GMod's CollisionData fields, once for each body of the pair. Events are sorted by
// (self slot, other slot) so the order never depends on Bullet's manifold bookkeeping.
#include <algorithm>

#include "impl.hpp"

namespace vestige::source::physics {

void PhysicsWorld::Impl::collectContacts() {
    std::set<PairKey> now;
    struct Candidate {
        PairKey key;
        const btPersistentManifold* manifold;
    };
    std::vector<Candidate> fresh;
    const int n = dispatcher->getNumManifolds();
    for (int i = 0; i < n; ++i) {
        const btPersistentManifold* m = dispatcher->getManifoldByIndexInternal(i);
        if (m->getNumContacts() == 0) continue;
        const BodyId a = idOf(m->getBody0()), b = idOf(m->getBody1());
        if (a.isNull() || b.isNull()) continue;
        const PairKey key{std::min(a.slot, b.slot), std::max(a.slot, b.slot)};
        // Ignore speculative points that are not touching yet (Bullet keeps points within its breaking threshold).
        bool touchingNow = false;
        for (int c = 0; c < m->getNumContacts(); ++c) touchingNow |= m->getContactPoint(c).getDistance() <= 0.001f;
        if (!touchingNow) continue;
        if (!now.insert(key).second) continue;
        if (touching.count(key) == 0) fresh.push_back({key, m});
    }
    for (const auto& [key, m] : fresh) {
        const BodyId id0 = idOf(m->getBody0()), id1 = idOf(m->getBody1());
        const BodyRecord& r0 = *body(id0);
        const BodyRecord& r1 = *body(id1);
        // The deepest point stands for the impact.
        int deepest = 0;
        for (int c = 1; c < m->getNumContacts(); ++c)
            if (m->getContactPoint(c).getDistance() < m->getContactPoint(deepest).getDistance()) deepest = c;
        const btManifoldPoint& p = m->getContactPoint(deepest);
        const Vec3 hitPos = fromBt((p.getPositionWorldOnA() + p.getPositionWorldOnB()) * 0.5f);
        const Vec3 normal0 = fromBtRaw(-p.m_normalWorldOnB);  // from body 0 towards body 1
        const auto last = lastCollisionTick.find(key);
        const float delta =
            static_cast<float>(tick + 1 - (last == lastCollisionTick.end() ? 0 : last->second)) * kTickInterval;
        lastCollisionTick[key] = tick + 1;
        auto makeEvent = [&](const BodyRecord& self, BodyId selfId, const BodyRecord& other, BodyId otherId,
                             Vec3 normal) {
            CollisionEvent e;
            e.tick = tick + 1;
            e.self = selfId;
            e.other = other.isStatic ? BodyId{} : otherId;
            e.selfUserId = self.desc.userId;
            e.otherUserId = other.desc.userId;
            e.hitPos = hitPos;
            e.hitNormal = normal;
            e.ourOldVelocity = fromBt(self.oldVelocity);
            e.theirOldVelocity = fromBt(other.oldVelocity);
            e.ourNewVelocity = fromBt(self.rb->getLinearVelocity());
            e.theirNewVelocity = fromBt(other.rb->getLinearVelocity());
            e.ourOldAngularVelocity = fromBtRaw(self.oldAngular);
            e.theirOldAngularVelocity = fromBtRaw(other.oldAngular);
            e.hitSpeed = e.ourOldVelocity - e.theirOldVelocity;
            e.speed = std::fabs(dot(e.hitSpeed, normal));
            e.deltaTime = delta;
            e.ourSurfaceProps = self.materialIndex;
            e.theirSurfaceProps = other.materialIndex;
            return e;
        };
        if (!r0.isStatic) events.collisions.push_back(makeEvent(r0, id0, r1, id1, normal0));
        if (!r1.isStatic) events.collisions.push_back(makeEvent(r1, id1, r0, id0, -normal0));
    }
    std::sort(events.collisions.begin(), events.collisions.end(), [](const CollisionEvent& x, const CollisionEvent& y) {
        return std::tie(x.self.slot, x.other.slot) < std::tie(y.self.slot, y.other.slot);
    });
    touching = std::move(now);
}

}  // namespace vestige::source::physics
