// Bodies (world.hpp): creation, the PhysObj-style setters and getters, and the pair rules Bullet's broadphase
// asks about.
#include <algorithm>

#include "impl.hpp"

namespace vestige::source::physics {

namespace {

// Sleep speeds (our tuning with kSleepDelay in world.cpp: a box dropped from 200 u sleeps 0.5 s after it
// settles; a 10-box stack sleeps before it can walk).
constexpr btScalar kSleepLinear = 0.3f;    // m/s (11.8 in/s)
constexpr btScalar kSleepAngular = 0.3f;   // rad/s
constexpr float kRotInertiaLimit = 0.05f;  // g_PhysDefaultObjectParams: no axis below 5% of the largest

Status checkDesc(const BodyDesc& d) {
    VESTIGE_CHECK(checkFinite(d.position, "position"));
    VESTIGE_CHECK(checkFinite(d.rotation, "rotation"));
    VESTIGE_CHECK(checkFinite(d.velocity, "velocity"));
    VESTIGE_CHECK(checkFinite(d.angularVelocity, "angular_velocity"));
    for (float v : {d.mass, d.damping, d.rotDamping, d.inertiaScale, d.dragCoefficient})
        VESTIGE_CHECK(checkFinite(v, "body_parameter"));
    if (!(d.mass > 0)) return Error("physics.range", "mass must be > 0").field("mass");
    if (d.damping < 0 || d.rotDamping < 0 || !(d.inertiaScale > 0) || d.dragCoefficient < 0)
        return Error("physics.range", "damping and drag must be >= 0, inertia scale > 0").field("body_parameter");
    return okStatus();
}

}  // namespace

void originTransform(const BodyRecord& r, Vec3& position, Quat& rotation) {
    const btTransform& t = r.rb->getWorldTransform();
    position = fromBt(t.getOrigin() - t.getBasis() * r.comLocal);
    rotation = fromBt(t.getRotation());
}

btTransform bulletTransform(const BodyRecord& r, Vec3 position, Quat rotation) {
    btTransform t;
    t.setRotation(toBt(normalize(rotation)));
    t.setOrigin(toBt(position) + t.getBasis() * r.comLocal);
    return t;
}

namespace {
// vphysics' angular drag basis: over each pair of opposite faces of the bounds, the integral of the drag torque of
// each area element, divided by the inertia about the axis. l runs along the axis, w in the face, h off it (half
// widths, meters).
float angDragIntegral(float invInertia, float l, float w, float h) {
    return invInertia * (w * w * l * l * l / 3 + w * w * w * w * l / 2 + l * w * w * h * h);
}
}  // namespace

void PhysicsWorld::Impl::configureBody(BodyRecord& r) {
    btRigidBody& rb = *r.rb;
    const ShapeRecord& s = *shapes.get(r.desc.shape);
    rb.setCollisionShape(r.isStatic && s.staticShape ? s.staticShape.get() : s.shape.get());
    const bool dynamic = !r.isStatic && r.desc.motionEnabled;
    if (dynamic) {
        Vec3 i = s.info.inertiaPerMass * (r.desc.mass * r.desc.inertiaScale);
        const float floor = std::max({i.x, i.y, i.z}) * kRotInertiaLimit;
        i = {std::max(i.x, floor), std::max(i.y, floor), std::max(i.z, floor)};
        rb.setMassProps(r.desc.mass, toBtRaw(i));
        rb.setCollisionFlags(rb.getCollisionFlags() & ~btCollisionObject::CF_STATIC_OBJECT);
    } else {
        rb.setMassProps(0, btVector3(0, 0, 0));
        rb.setCollisionFlags(rb.getCollisionFlags() | btCollisionObject::CF_STATIC_OBJECT);
        rb.setLinearVelocity({0, 0, 0});
        rb.setAngularVelocity({0, 0, 0});
    }
    rb.updateInertiaTensor();
    r.angDragBasis.setZero();
    if (dynamic) {
        const btVector3 inv = rb.getInvInertiaDiagLocal();
        const Vec3 d = (s.info.maxs - s.info.mins) * (0.5f * kMetersPerInch);
        const Vec3 f = s.dragFractions;
        r.angDragBasis = {
            f.z * angDragIntegral(inv.x(), d.x, d.y, d.z) + f.y * angDragIntegral(inv.x(), d.x, d.z, d.y),
            f.z * angDragIntegral(inv.y(), d.y, d.x, d.z) + f.x * angDragIntegral(inv.y(), d.y, d.z, d.x),
            f.y * angDragIntegral(inv.z(), d.z, d.x, d.y) + f.x * angDragIntegral(inv.z(), d.z, d.y, d.x)};
    }
    if (r.desc.gravityEnabled) {
        rb.setFlags(rb.getFlags() & ~BT_DISABLE_WORLD_GRAVITY);
        rb.setGravity(toBt(settings.gravity));
    } else {
        rb.setFlags(rb.getFlags() | BT_DISABLE_WORLD_GRAVITY);
        rb.setGravity({0, 0, 0});
    }
    r.materialIndex = std::max(props.find(r.desc.material), 0);
    const Material& m = props.at(r.materialIndex);
    rb.setFriction(m.friction);
    rb.setRestitution(m.elasticity);
    rb.setDamping(0, 0);  // damping is IVP's, applied before each step (world.cpp)
    rb.setSleepingThresholds(kSleepLinear, kSleepAngular);
    // Continuous collision for fast props: a sphere sweep of part of the smallest extent (no tunnelling through
    // a 4-unit wall at 4000 in/s, 60 units per tick).
    const Vec3 extent = (s.info.maxs - s.info.mins) * kMetersPerInch;
    const float small = std::min({extent.x, extent.y, extent.z});
    // The sphere is nearly the inscribed one, so the clamped motion stops with the surface at the obstacle.
    rb.setCcdMotionThreshold(dynamic ? 0.25f * small : 0);
    rb.setCcdSweptSphereRadius(dynamic ? 0.45f * small : 0);
}

void PhysicsWorld::Impl::addToWorld(BodyRecord& r) { world->addRigidBody(r.rb.get()); }

void PhysicsWorld::Impl::refreshPairs(BodyRecord& r) {
    // Re-adding rebuilds the broadphase proxy, so the filter is asked again for every pair.
    world->removeRigidBody(r.rb.get());
    addToWorld(r);
    if (!r.isStatic) r.rb->activate(true);
}

bool PhysicsWorld::Impl::pairCollides(const BodyRecord* a, const BodyRecord* b) const {
    if (!a || !b) return true;  // not a body of ours (never added)
    if (!a->desc.collisionsEnabled || !b->desc.collisionsEnabled) return false;
    if (a->isStatic && b->isStatic) return false;
    const auto sa = static_cast<std::uint32_t>(a->rb->getUserIndex());
    const auto sb = static_cast<std::uint32_t>(b->rb->getUserIndex());
    if (noCollidePairs.count({std::min(sa, sb), std::max(sa, sb)}) != 0) return false;
    if (constraintNoCollide.count({std::min(sa, sb), std::max(sa, sb)}) != 0) return false;
    const int ga = a->isStatic ? kGroupNone : a->desc.collisionGroup;
    const int gb = b->isStatic ? kGroupNone : b->desc.collisionGroup;
    return shouldCollide(ga, gb);
}

namespace {
// Puts a record behind a handle, tags its Bullet body with that handle, configures, places and adds it.
BodyId insertBody(PhysicsWorld::Impl& w, BodyRecord r, const ShapeRecord& shape) {
    r.comLocal = toBt(shape.info.massCenter);
    btRigidBody::btRigidBodyConstructionInfo ci(r.isStatic ? 0 : r.desc.mass, nullptr, shape.shape.get());
    r.rb = std::make_unique<btRigidBody>(ci);
    const BodyId id = w.bodies.insert(std::move(r));
    BodyRecord& rec = *w.bodies.get(id);
    rec.rb->setUserIndex(static_cast<int>(id.slot));
    rec.rb->setUserIndex2(static_cast<int>(id.generation));
    w.configureBody(rec);
    rec.rb->setWorldTransform(bulletTransform(rec, rec.desc.position, rec.desc.rotation));
    rec.rb->setInterpolationWorldTransform(rec.rb->getWorldTransform());
    rec.rb->updateInertiaTensor();
    if (!rec.isStatic && rec.desc.motionEnabled) {
        rec.rb->setLinearVelocity(toBt(rec.desc.velocity));
        rec.rb->setAngularVelocity(toBtRaw(rec.desc.angularVelocity));
    }
    w.addToWorld(rec);
    if (rec.desc.startAsleep) rec.rb->setActivationState(ISLAND_SLEEPING);
    return id;
}
}  // namespace

Result<BodyId> PhysicsWorld::createBody(const BodyDesc& desc) {
    VESTIGE_CHECK(checkDesc(desc));
    const ShapeRecord* shape = mImpl->shapes.get(desc.shape);
    if (!shape) return Error("physics.bad_shape", "no such shape").field("shape");
    BodyRecord r;
    r.desc = desc;
    r.desc.rotation = normalize(desc.rotation);
    return insertBody(*mImpl, std::move(r), *shape);
}

Result<BodyId> PhysicsWorld::createStaticBody(ShapeId shape, Vec3 position, Quat rotation, std::string material) {
    VESTIGE_CHECK(checkFinite(position, "position"));
    VESTIGE_CHECK(checkFinite(rotation, "rotation"));
    const ShapeRecord* s = mImpl->shapes.get(shape);
    if (!s) return Error("physics.bad_shape", "no such shape").field("shape");
    BodyRecord r;
    r.isStatic = true;
    r.desc.shape = shape;
    r.desc.position = position;
    r.desc.rotation = normalize(rotation);
    r.desc.motionEnabled = false;
    r.desc.material = std::move(material);
    return insertBody(*mImpl, std::move(r), *s);
}

Status PhysicsWorld::destroyBody(BodyId body) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    mImpl->detachConstraintsOf(body);
    mImpl->world->removeRigidBody(r->rb.get());
    std::erase_if(mImpl->noCollidePairs, [&](const auto& p) { return p.first == body.slot || p.second == body.slot; });
    std::erase_if(mImpl->touching, [&](const PairKey& p) { return p.a == body.slot || p.b == body.slot; });
    std::erase_if(mImpl->lastCollisionTick,
                  [&](const auto& p) { return p.first.a == body.slot || p.first.b == body.slot; });
    mImpl->bodies.remove(body);
    return okStatus();
}

bool PhysicsWorld::valid(BodyId body) const { return mImpl->bodies.valid(body); }
std::size_t PhysicsWorld::bodyCount() const { return mImpl->bodies.size(); }

std::vector<BodyId> PhysicsWorld::bodies() const {
    std::vector<BodyId> out;
    mImpl->bodies.forEach([&](Handle h, BodyRecord&) { out.push_back(h); });
    return out;
}

Result<BodyState> PhysicsWorld::state(BodyId body) const {
    VESTIGE_TRY(const BodyRecord* r, mImpl->bodyOr(body));
    BodyState s;
    originTransform(*r, s.position, s.rotation);
    s.velocity = fromBt(r->rb->getLinearVelocity());
    s.angularVelocity = fromBtRaw(r->rb->getAngularVelocity());
    s.asleep = !r->isStatic && r->desc.motionEnabled && !r->rb->isActive();
    s.motionEnabled = !r->isStatic && r->desc.motionEnabled;
    return s;
}

Result<BodyDesc> PhysicsWorld::desc(BodyId body) const {
    VESTIGE_TRY(const BodyRecord* r, mImpl->bodyOr(body));
    BodyDesc d = r->desc;
    VESTIGE_TRY(BodyState s, state(body));
    d.position = s.position;
    d.rotation = s.rotation;
    d.velocity = s.velocity;
    d.angularVelocity = s.angularVelocity;
    d.startAsleep = s.asleep;
    return d;
}

Result<Vec3> PhysicsWorld::massCenterWorld(BodyId body) const {
    VESTIGE_TRY(const BodyRecord* r, mImpl->bodyOr(body));
    return fromBt(r->rb->getWorldTransform().getOrigin());
}

Status PhysicsWorld::setTransform(BodyId body, Vec3 position, Quat rotation) {
    VESTIGE_CHECK(checkFinite(position, "position"));
    VESTIGE_CHECK(checkFinite(rotation, "rotation"));
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->rb->setWorldTransform(bulletTransform(*r, position, rotation));
    r->rb->setInterpolationWorldTransform(r->rb->getWorldTransform());
    r->rb->updateInertiaTensor();
    mImpl->world->updateSingleAabb(r->rb.get());
    if (!r->isStatic) r->rb->activate(true);
    return okStatus();
}

namespace {
// The shared shape of the velocity and impulse setters: check the vector, find the body, act if it can move.
template <class F>
Status actOnMovable(PhysicsWorld::Impl& w, BodyId body, Vec3 v, const char* field, F&& act) {
    VESTIGE_CHECK(checkFinite(v, field));
    VESTIGE_TRY(BodyRecord * r, w.bodyOr(body));
    if (r->isStatic || !r->desc.motionEnabled) return okStatus();  // frozen objects take no velocity (as vphysics)
    act(*r->rb);
    r->rb->activate(true);
    return okStatus();
}
}  // namespace

Status PhysicsWorld::setVelocity(BodyId body, Vec3 velocity) {
    return actOnMovable(*mImpl, body, velocity, "velocity",
                        [&](btRigidBody& rb) { rb.setLinearVelocity(toBt(velocity)); });
}

Status PhysicsWorld::setAngularVelocity(BodyId body, Vec3 angularVelocity) {
    return actOnMovable(*mImpl, body, angularVelocity, "angular_velocity",
                        [&](btRigidBody& rb) { rb.setAngularVelocity(toBtRaw(angularVelocity)); });
}

Status PhysicsWorld::applyImpulse(BodyId body, Vec3 impulse) {
    return actOnMovable(*mImpl, body, impulse, "impulse",
                        [&](btRigidBody& rb) { rb.applyCentralImpulse(toBt(impulse)); });
}

Status PhysicsWorld::applyImpulseAt(BodyId body, Vec3 impulse, Vec3 worldPoint) {
    VESTIGE_CHECK(checkFinite(worldPoint, "position"));
    return actOnMovable(*mImpl, body, impulse, "impulse", [&](btRigidBody& rb) {
        rb.applyImpulse(toBt(impulse), toBt(worldPoint) - rb.getWorldTransform().getOrigin());
    });
}

Status PhysicsWorld::applyAngularImpulse(BodyId body, Vec3 angularImpulse) {
    return actOnMovable(*mImpl, body, angularImpulse, "angular_impulse", [&](btRigidBody& rb) {
        rb.applyTorqueImpulse(toBtRaw(angularImpulse * (kMetersPerInch * kMetersPerInch)));
    });
}

Status PhysicsWorld::applyForce(BodyId body, Vec3 force) {
    VESTIGE_CHECK(checkFinite(force, "force"));
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->pendingForce += toBt(force);
    return okStatus();
}

Status PhysicsWorld::wake(BodyId body) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    if (!r->isStatic) r->rb->activate(true);
    return okStatus();
}

Status PhysicsWorld::sleep(BodyId body) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    if (!r->isStatic) r->rb->setActivationState(ISLAND_SLEEPING);
    return okStatus();
}

Status PhysicsWorld::enableMotion(BodyId body, bool on) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    if (r->isStatic || r->desc.motionEnabled == on) return okStatus();
    mImpl->world->removeRigidBody(r->rb.get());
    r->desc.motionEnabled = on;
    mImpl->configureBody(*r);
    mImpl->addToWorld(*r);
    if (on) r->rb->activate(true);
    return okStatus();
}

Status PhysicsWorld::enableGravity(BodyId body, bool on) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->desc.gravityEnabled = on;
    if (!r->isStatic) {
        mImpl->configureBody(*r);
        r->rb->activate(true);
    }
    return okStatus();
}

Status PhysicsWorld::enableCollisions(BodyId body, bool on) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    if (r->desc.collisionsEnabled == on) return okStatus();
    r->desc.collisionsEnabled = on;
    mImpl->refreshPairs(*r);
    return okStatus();
}

Status PhysicsWorld::enableDrag(BodyId body, bool on) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->desc.dragEnabled = on;
    return okStatus();
}

Status PhysicsWorld::setMass(BodyId body, float mass) {
    VESTIGE_CHECK(checkFinite(mass, "mass"));
    if (!(mass > 0)) return Error("physics.range", "mass must be > 0").field("mass");
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->desc.mass = mass;
    if (!r->isStatic) mImpl->configureBody(*r);
    return okStatus();
}

Status PhysicsWorld::setDamping(BodyId body, float linear, float angular) {
    VESTIGE_CHECK(checkFinite(linear, "damping"));
    VESTIGE_CHECK(checkFinite(angular, "rot_damping"));
    if (linear < 0 || angular < 0) return Error("physics.range", "damping must be >= 0").field("damping");
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->desc.damping = linear;
    r->desc.rotDamping = angular;
    return okStatus();
}

Status PhysicsWorld::setMaterial(BodyId body, std::string_view material) {
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    r->desc.material = std::string(material);
    mImpl->configureBody(*r);
    return okStatus();
}

Status PhysicsWorld::setCollisionGroup(BodyId body, int group) {
    if (group < kGroupNone || group > kGroupWorld)
        return Error("physics.range", "unknown collision group").field("group").actual(std::to_string(group));
    VESTIGE_TRY(BodyRecord * r, mImpl->bodyOr(body));
    if (r->desc.collisionGroup == group) return okStatus();
    r->desc.collisionGroup = group;
    mImpl->refreshPairs(*r);
    return okStatus();
}

Status PhysicsWorld::setPairCollision(BodyId a, BodyId b, bool collide) {
    VESTIGE_TRY(BodyRecord * ra, mImpl->bodyOr(a));
    VESTIGE_TRY(BodyRecord * rb, mImpl->bodyOr(b));
    const auto key = std::make_pair(std::min(a.slot, b.slot), std::max(a.slot, b.slot));
    if (collide)
        mImpl->noCollidePairs.erase(key);
    else
        mImpl->noCollidePairs.insert(key);
    mImpl->refreshPairs(*ra);
    mImpl->refreshPairs(*rb);
    return okStatus();
}

}  // namespace vestige::source::physics
