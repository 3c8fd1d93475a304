// PhysicsWorld: construction, environment settings and the step (world.hpp).
#include <BulletCollision/Gimpact/btGImpactCollisionAlgorithm.h>
#include <fmt/format.h>

#include <cmath>
#include <mutex>

#include "impl.hpp"

namespace vestige::source::physics {

namespace {

// Bullet's deactivation delay is a process-wide variable; every world sets it to this same value.
constexpr float kSleepDelay = 0.5f;  // seconds below the sleep speeds before an island sleeps (our tuning)

// IVP's material manager: products, clamped to [0, 1] (Bullet's default is the unclamped product).
btScalar combineClamped(const btCollisionObject* a, const btCollisionObject* b, btScalar va, btScalar vb) {
    (void)a;
    (void)b;
    return btClamped(va * vb, btScalar(0), btScalar(1));
}
btScalar combinedFrictionCallback(const btCollisionObject* a, const btCollisionObject* b) {
    return combineClamped(a, b, a->getFriction(), b->getFriction());
}
btScalar combinedRestitutionCallback(const btCollisionObject* a, const btCollisionObject* b) {
    return combineClamped(a, b, a->getRestitution(), b->getRestitution());
}

void installGlobals() {
    static std::once_flag once;
    std::call_once(once, [] {
        gDeactivationTime = kSleepDelay;
        gCalculateCombinedFrictionCallback = combinedFrictionCallback;
        gCalculateCombinedRestitutionCallback = combinedRestitutionCallback;
    });
}

class PairFilter : public btOverlapFilterCallback {
public:
    explicit PairFilter(const PhysicsWorld::Impl& impl) : mImpl(impl) {}
    bool needBroadphaseCollision(btBroadphaseProxy* p0, btBroadphaseProxy* p1) const override {
        const auto* o0 = static_cast<const btCollisionObject*>(p0->m_clientObject);
        const auto* o1 = static_cast<const btCollisionObject*>(p1->m_clientObject);
        return mImpl.pairCollides(mImpl.body(mImpl.idOf(o0)), mImpl.body(mImpl.idOf(o1)));
    }

private:
    const PhysicsWorld::Impl& mImpl;
};

}  // namespace

// ---- checks at the API boundary ----

Status checkFinite(float v, const char* field) {
    if (!std::isfinite(v))
        return Error("physics.nan", "non-finite number refused before it reached Bullet").field(field);
    return okStatus();
}
Status checkFinite(Vec3 v, const char* field) {
    if (!isFinite(v)) return Error("physics.nan", "non-finite vector refused before it reached Bullet").field(field);
    return okStatus();
}
Status checkFinite(Quat q, const char* field) {
    const float n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (!std::isfinite(n) || n < 1e-12f)
        return Error("physics.nan", "non-finite or zero rotation refused before it reached Bullet").field(field);
    return okStatus();
}

bool shouldCollide(int g0, int g1) {
    if (g0 > g1) std::swap(g0, g1);
    if ((g0 == kGroupPlayer || g0 == kGroupPlayerMovement) && g1 == kGroupPushaway) return false;
    if (g0 == kGroupDebris && g1 == kGroupPushaway) return true;
    if (g0 == kGroupInVehicle || g1 == kGroupInVehicle) return false;
    if (g1 == kGroupDoorBlocker && g0 != kGroupNpc) return false;
    if (g0 == kGroupPlayer && g1 == kGroupPassableDoor) return false;
    if (g0 == kGroupDebris || g0 == kGroupDebrisTrigger) return false;
    if ((g0 == kGroupDissolving || g1 == kGroupDissolving) && g0 != kGroupNone) return false;
    if (g0 == kGroupInteractiveDebris && g1 == kGroupInteractiveDebris) return false;
    if (g0 == kGroupInteractiveDebris && (g1 == kGroupPlayerMovement || g1 == kGroupPlayer)) return false;
    if (g0 == kGroupBreakableGlass && g1 == kGroupBreakableGlass) return false;
    if (g1 == kGroupInteractive && g0 != kGroupNone) return false;
    if (g1 == kGroupProjectile && (g0 == kGroupDebris || g0 == kGroupWeapon || g0 == kGroupProjectile)) return false;
    if (g1 == kGroupWeapon && (g0 == kGroupVehicle || g0 == kGroupPlayer || g0 == kGroupNpc)) return false;
    if (g0 == kGroupVehicleClip || g1 == kGroupVehicleClip) return g0 == kGroupVehicle;
    return true;
}

// ---- Impl ----

PhysicsWorld::Impl::Impl(WorldSettings s, SurfaceProps p) : settings(s), props(std::move(p)) {
    installGlobals();
    createBulletWorld();
}

PhysicsWorld::Impl::~Impl() {
    destroyBulletWorld();
    constraints = {};
    bodies = {};
    shapes = {};
}

void PhysicsWorld::Impl::createBulletWorld() {
    config = std::make_unique<btDefaultCollisionConfiguration>();
    dispatcher = std::make_unique<btCollisionDispatcher>(config.get());
    btGImpactCollisionAlgorithm::registerAlgorithm(dispatcher.get());
    broadphase = std::make_unique<btDbvtBroadphase>();
    solver = std::make_unique<btSequentialImpulseConstraintSolver>();
    world = std::make_unique<btDiscreteDynamicsWorld>(dispatcher.get(), broadphase.get(), solver.get(), config.get());
    filter = std::make_unique<PairFilter>(*this);
    world->getPairCache()->setOverlapFilterCallback(filter.get());
    btContactSolverInfo& info = world->getSolverInfo();
    info.m_numIterations = settings.solverIterations;
    info.m_splitImpulse = 1;
    info.m_erp = 0.8f;  // joints: correct 80% of a drift per step (0.2 leaves a pendulum 1.7 u off at 66 Hz)
    applyWorldSettings();
}

void PhysicsWorld::Impl::destroyBulletWorld() {
    if (!world) return;
    constraints.forEach([&](Handle, ConstraintRecord& c) {
        if (c.joint) world->removeConstraint(c.joint.get());
    });
    bodies.forEach([&](Handle, BodyRecord& b) { world->removeRigidBody(b.rb.get()); });
    world.reset();
    filter.reset();
    solver.reset();
    broadphase.reset();
    dispatcher.reset();
    config.reset();
}

void PhysicsWorld::Impl::applyWorldSettings() { world->setGravity(toBt(settings.gravity)); }

Result<BodyRecord*> PhysicsWorld::Impl::bodyOr(BodyId id) {
    if (auto* r = bodies.get(id)) return r;
    return Error("physics.bad_body", "no such body (destroyed, or from another world)")
        .field("body")
        .actual(fmt::format("slot {} generation {}", id.slot, id.generation));
}
Result<const BodyRecord*> PhysicsWorld::Impl::bodyOr(BodyId id) const {
    if (const auto* r = bodies.get(id)) return r;
    return Error("physics.bad_body", "no such body (destroyed, or from another world)")
        .field("body")
        .actual(fmt::format("slot {} generation {}", id.slot, id.generation));
}

BodyId PhysicsWorld::Impl::idOf(const btCollisionObject* o) const {
    if (!o || o->getUserIndex() < 0) return {};
    return Handle{static_cast<std::uint32_t>(o->getUserIndex()), static_cast<std::uint32_t>(o->getUserIndex2())};
}

void PhysicsWorld::Impl::preStepBodies(float dt) {
    const float maxLinear = settings.performance.maxVelocity * kMetersPerInch;
    bodies.forEach([&](Handle, BodyRecord& r) {
        btRigidBody& rb = *r.rb;
        r.oldVelocity = rb.getLinearVelocity();
        r.oldAngular = rb.getAngularVelocity();
        if (r.isStatic || !r.desc.motionEnabled) return;
        if (!r.pendingForce.isZero()) {
            rb.activate();
            rb.applyCentralForce(r.pendingForce);
            r.pendingForce.setZero();
        }
        if (!rb.isActive()) return;
        // IVP-style damping: exponential decay at the .phy rates (1/s).
        btVector3 v = rb.getLinearVelocity() * std::exp(-r.desc.damping * dt);
        btVector3 w = rb.getAngularVelocity() * std::exp(-r.desc.rotDamping * dt);
        // Air drag as vphysics' drag controller (physics_environment.cpp): the speed loses
        // 0.5 * Cd * rho * dt * sum |v_local,i| * area_i / m of itself; the spin loses
        // Cd * rho * dt * sum |w_local,i| * angularBasis_i of itself (each at most all of it).
        if (r.desc.dragEnabled && settings.airDensity > 0 && r.desc.dragCoefficient > 0) {
            const ShapeRecord* s = shapes.get(r.desc.shape);
            const btMatrix3x3 toLocal = rb.getWorldTransform().getBasis().transpose();
            const btVector3 lv = toLocal * v;
            const float area = std::fabs(lv.x()) * s->dragAreas.x + std::fabs(lv.y()) * s->dragAreas.y +
                               std::fabs(lv.z()) * s->dragAreas.z;
            v -= v * std::min(0.5f * r.desc.dragCoefficient * settings.airDensity * area / r.desc.mass * dt, 1.0f);
            const btVector3 lw = toLocal * w;
            const float spin = std::fabs(lw.x() * r.angDragBasis.x()) + std::fabs(lw.y() * r.angDragBasis.y()) +
                               std::fabs(lw.z() * r.angDragBasis.z());
            w -= w * std::min(r.desc.dragCoefficient * settings.airDensity * spin * dt, 1.0f);
        }
        if (v.length() > maxLinear) v *= maxLinear / v.length();
        rb.setLinearVelocity(v);
        rb.setAngularVelocity(w);
    });
    clampVelocities();
}

void PhysicsWorld::Impl::clampVelocities() {
    const btScalar maxLinear = settings.performance.maxVelocity * kMetersPerInch;
    const btScalar maxAngular = degToRad(settings.performance.maxAngularVelocity);
    bodies.forEach([&](Handle, BodyRecord& r) {
        if (r.isStatic) return;
        btRigidBody& rb = *r.rb;
        const btScalar v = rb.getLinearVelocity().length();
        if (v > maxLinear) rb.setLinearVelocity(rb.getLinearVelocity() * (maxLinear / v));
        const btScalar w = rb.getAngularVelocity().length();
        if (w > maxAngular) rb.setAngularVelocity(rb.getAngularVelocity() * (maxAngular / w));
    });
}

// ---- PhysicsWorld ----

PhysicsWorld::PhysicsWorld(WorldSettings settings, SurfaceProps surfaceProps)
    : mImpl(std::make_unique<Impl>(settings, std::move(surfaceProps))) {}
PhysicsWorld::~PhysicsWorld() = default;
PhysicsWorld::PhysicsWorld(PhysicsWorld&&) noexcept = default;
PhysicsWorld& PhysicsWorld::operator=(PhysicsWorld&&) noexcept = default;

const WorldSettings& PhysicsWorld::settings() const { return mImpl->settings; }
const SurfaceProps& PhysicsWorld::surfaceProps() const { return mImpl->props; }

void PhysicsWorld::setSurfaceProps(SurfaceProps surfaceProps) {
    mImpl->props = std::move(surfaceProps);
    mImpl->bodies.forEach([&](Handle, BodyRecord& r) {
        r.materialIndex = std::max(mImpl->props.find(r.desc.material), 0);
        const Material& m = mImpl->props.at(r.materialIndex);
        r.rb->setFriction(m.friction);
        r.rb->setRestitution(m.elasticity);
    });
}

Status PhysicsWorld::setGravity(Vec3 gravity) {
    VESTIGE_CHECK(checkFinite(gravity, "gravity"));
    mImpl->settings.gravity = gravity;
    mImpl->applyWorldSettings();
    // Bullet copies the world's gravity into each body when it is added; refresh those that follow it.
    mImpl->bodies.forEach([&](Handle, BodyRecord& r) {
        if (!r.isStatic) mImpl->configureBody(r);
    });
    return okStatus();
}

Status PhysicsWorld::setAirDensity(float density) {
    VESTIGE_CHECK(checkFinite(density, "air_density"));
    if (density < 0) return Error("physics.range", "air density must be >= 0").field("air_density");
    mImpl->settings.airDensity = density;
    return okStatus();
}

Status PhysicsWorld::setPerformanceSettings(const PerformanceSettings& p) {
    for (float v : {p.maxVelocity, p.maxAngularVelocity, p.lookAheadTimeObjectsVsObject, p.lookAheadTimeObjectsVsWorld,
                    p.minFrictionMass, p.maxFrictionMass})
        VESTIGE_CHECK(checkFinite(v, "performance_settings"));
    if (p.maxVelocity <= 0 || p.maxAngularVelocity <= 0)
        return Error("physics.range", "maximum speeds must be > 0").field("performance_settings");
    mImpl->settings.performance = p;
    return okStatus();
}

StepEvents PhysicsWorld::step() {
    Impl& w = *mImpl;
    w.events = {};
    w.preStepConstraints(kTickInterval);
    w.preStepBodies(kTickInterval);
    w.world->stepSimulation(kTickInterval, 0);
    w.checkBreaks();
    w.projectJoints();
    w.clampVelocities();
    w.collectContacts();
    ++w.tick;
    return w.events;
}

std::uint64_t PhysicsWorld::tick() const { return mImpl->tick; }
const StepEvents& PhysicsWorld::events() const { return mImpl->events; }

}  // namespace vestige::source::physics
