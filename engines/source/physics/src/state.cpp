// State hash, snapshot and restore (world.hpp).
//
// A snapshot holds every simulated value (transforms and velocities bit-exactly, activation and sleep timers,
// each body's parameters, constraint state and the frames they were made with, contact bookkeeping). Restoring
// rebuilds the Bullet world (broadphase, manifolds, solver) and re-adds everything in slot order, so any two
// restores of one snapshot continue identically. The world must hold the same bodies and constraints (handles)
// as when the snapshot was taken: entities recreate them, the snapshot brings their state back.
#include <fmt/format.h>

#include "impl.hpp"

namespace vestige::source::physics {

namespace {

constexpr std::uint32_t kSnapshotMagic = 0x50485953;  // "SYHP"
constexpr std::uint32_t kSnapshotVersion = 1;

class Fnv {
public:
    void bytes(const void* p, std::size_t n) {
        const auto* b = static_cast<const std::uint8_t*>(p);
        for (std::size_t i = 0; i < n; ++i) mHash = (mHash ^ b[i]) * 0x100000001b3ULL;
    }
    template <class T>
    void value(T v) {
        bytes(&v, sizeof v);
    }
    void vec(const btVector3& v) {
        for (int i = 0; i < 3; ++i) value(static_cast<btScalar>(v[i]));
    }
    [[nodiscard]] std::uint64_t hash() const { return mHash; }

private:
    std::uint64_t mHash = 0xcbf29ce484222325ULL;
};

// ---- field writers / readers (little-endian, floats bit-exact) ----
void put(ByteWriter& w, const btVector3& v) {
    for (int i = 0; i < 3; ++i) w.f32(static_cast<float>(v[i]));
}
// The basis itself, not a quaternion: a quaternion round trip moves the matrix's last bits.
void put(ByteWriter& w, const btTransform& t) {
    for (int row = 0; row < 3; ++row) put(w, t.getBasis().getRow(row));
    put(w, t.getOrigin());
}
void put(ByteWriter& w, Vec3 v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}
void put(ByteWriter& w, Quat q) {
    w.f32(q.x);
    w.f32(q.y);
    w.f32(q.z);
    w.f32(q.w);
}
void put(ByteWriter& w, Handle h) {
    w.u32(h.slot);
    w.u32(h.generation);
}

class Reader {
public:
    explicit Reader(ByteView data) : mR(data) {}
    Status status() const { return mError ? Status(*mError) : okStatus(); }
    float f32() { return take(mR.f32("snapshot")); }
    std::uint32_t u32() { return take(mR.u32("snapshot")); }
    std::uint64_t u64() { return take(mR.u64("snapshot")); }
    std::uint8_t u8() { return take(mR.u8("snapshot")); }
    std::int32_t i32() { return take(mR.i32("snapshot")); }
    btVector3 btVec() {
        const float x = f32(), y = f32(), z = f32();
        return {x, y, z};
    }
    btTransform transform() {
        const btVector3 r0 = btVec(), r1 = btVec(), r2 = btVec();
        btTransform t;
        t.setBasis(btMatrix3x3(r0.x(), r0.y(), r0.z(), r1.x(), r1.y(), r1.z(), r2.x(), r2.y(), r2.z()));
        t.setOrigin(btVec());
        return t;
    }
    Vec3 vec() {
        const float x = f32(), y = f32(), z = f32();
        return {x, y, z};
    }
    Quat quat() {
        const float x = f32(), y = f32(), z = f32(), w = f32();
        return {x, y, z, w};
    }
    Handle handle() {
        const std::uint32_t s = u32(), g = u32();
        return {s, g};
    }
    std::string string() { return take(mR.lpString32("snapshot")); }
    bool atEnd() const { return mR.atEnd(); }

private:
    template <class T>
    T take(Result<T> r) {
        if (r) return *r;
        if (!mError) mError = r.error();
        return T{};
    }
    ByteReader mR;
    std::optional<Error> mError;
};

void putBodyDesc(ByteWriter& w, const BodyDesc& d) {
    put(w, d.shape);
    w.f32(d.mass);
    w.u8(static_cast<std::uint8_t>(d.motionEnabled | (d.gravityEnabled << 1) | (d.collisionsEnabled << 2) |
                                   (d.dragEnabled << 3)));
    for (float v : {d.damping, d.rotDamping, d.inertiaScale, d.dragCoefficient}) w.f32(v);
    w.lpString32(d.material);
    w.i32(d.collisionGroup);
    w.u64(d.userId);
}

BodyDesc getBodyDesc(Reader& r) {
    BodyDesc d;
    d.shape = r.handle();
    d.mass = r.f32();
    const std::uint8_t flags = r.u8();
    d.motionEnabled = flags & 1;
    d.gravityEnabled = flags & 2;
    d.collisionsEnabled = flags & 4;
    d.dragEnabled = flags & 8;
    d.damping = r.f32();
    d.rotDamping = r.f32();
    d.inertiaScale = r.f32();
    d.dragCoefficient = r.f32();
    d.material = r.string();
    d.collisionGroup = r.i32();
    d.userId = r.u64();
    return d;
}

void putConstraintDesc(ByteWriter& w, const ConstraintDesc& d) {
    w.u8(static_cast<std::uint8_t>(d.type));
    put(w, d.a);
    put(w, d.b);
    for (const Vec3* v : constraintVectors(d)) put(w, *v);
    for (const float* v : constraintFloats(d)) w.f32(*v);
    w.u8(static_cast<std::uint8_t>(d.noCollide | (d.rigid << 1) | (d.stretchOnly << 2) | (d.onlyRotation << 3)));
    put(w, d.uprightRotation);
    w.i32(d.extraIterations);
    w.u64(d.userId);
}

ConstraintDesc getConstraintDesc(Reader& r) {
    ConstraintDesc d;
    d.type = static_cast<ConstraintType>(r.u8());
    d.a = r.handle();
    d.b = r.handle();
    for (Vec3* v : constraintVectors(d)) *v = r.vec();
    for (float* v : constraintFloats(d)) *v = r.f32();
    const std::uint8_t flags = r.u8();
    d.noCollide = flags & 1;
    d.rigid = flags & 2;
    d.stretchOnly = flags & 4;
    d.onlyRotation = flags & 8;
    d.uprightRotation = r.quat();
    d.extraIterations = r.i32();
    d.userId = r.u64();
    return d;
}

}  // namespace

std::uint64_t PhysicsWorld::stateHash() const {
    Fnv h;
    h.value(mImpl->tick);
    mImpl->bodies.forEach([&](Handle id, BodyRecord& r) {
        h.value(id.slot);
        h.value(id.generation);
        const btTransform& t = r.rb->getWorldTransform();
        h.vec(t.getOrigin());
        const btQuaternion q = t.getRotation();
        for (int i = 0; i < 4; ++i) h.value(static_cast<btScalar>(q[i]));
        h.vec(r.rb->getLinearVelocity());
        h.vec(r.rb->getAngularVelocity());
        h.value(r.rb->getActivationState());
        h.value(static_cast<std::uint8_t>(r.desc.motionEnabled));
    });
    mImpl->constraints.forEach([&](Handle id, ConstraintRecord& c) {
        h.value(id.slot);
        h.value(static_cast<std::uint8_t>(c.broken));
        h.value(c.length);
    });
    return h.hash();
}

Snapshot PhysicsWorld::snapshot() const {
    const Impl& w = *mImpl;
    ByteWriter out;
    out.u32(kSnapshotMagic);
    out.u32(kSnapshotVersion);
    out.u32(static_cast<std::uint32_t>(w.shapes.size()));
    out.u32(static_cast<std::uint32_t>(w.bodies.size()));
    const_cast<HandlePool<BodyRecord>&>(w.bodies).forEach([&](Handle id, BodyRecord& r) {
        put(out, id);
        out.u8(r.isStatic ? 1 : 0);
        putBodyDesc(out, r.desc);
        put(out, r.rb->getWorldTransform());
        put(out, r.rb->getLinearVelocity());
        put(out, r.rb->getAngularVelocity());
        out.i32(r.rb->getActivationState());
        out.f32(static_cast<float>(r.rb->getDeactivationTime()));
        put(out, r.pendingForce);
    });
    out.u32(static_cast<std::uint32_t>(w.constraints.size()));
    const_cast<HandlePool<ConstraintRecord>&>(w.constraints).forEach([&](Handle id, ConstraintRecord& c) {
        put(out, id);
        putConstraintDesc(out, c.desc);
        out.u8(c.broken ? 1 : 0);
        for (float v : {c.length, c.targetLength, c.lengthSpeed, c.restLength}) out.f32(v);
        put(out, c.anchorA);
        put(out, c.anchorB);
        put(out, c.creationA);
        put(out, c.creationB);
    });
    out.u32(static_cast<std::uint32_t>(w.noCollidePairs.size()));
    for (const auto& [a, b] : w.noCollidePairs) {
        out.u32(a);
        out.u32(b);
    }
    out.u32(static_cast<std::uint32_t>(w.touching.size()));
    for (const auto& p : w.touching) {
        out.u32(p.a);
        out.u32(p.b);
    }
    out.u32(static_cast<std::uint32_t>(w.lastCollisionTick.size()));
    for (const auto& [p, t] : w.lastCollisionTick) {
        out.u32(p.a);
        out.u32(p.b);
        out.u64(t);
    }
    return {w.tick, w.settings, out.take()};
}

Status PhysicsWorld::restore(const Snapshot& snap) {
    Impl& w = *mImpl;
    Reader r(snap.data);
    if (r.u32() != kSnapshotMagic || r.u32() != kSnapshotVersion)
        return Error("physics.snapshot", "not a physics snapshot of this version");
    if (r.u32() != w.shapes.size())
        return Error("physics.snapshot_mismatch", "the world has other shapes than the snapshot's");
    struct SavedBody {
        Handle id;
        bool isStatic;
        BodyDesc desc;
        btTransform transform;
        btVector3 v, av, force;
        int activation;
        float deactivation;
    };
    std::vector<SavedBody> bodies(r.u32());
    for (auto& b : bodies) {
        b.id = r.handle();
        b.isStatic = r.u8() != 0;
        b.desc = getBodyDesc(r);
        b.transform = r.transform();
        b.v = r.btVec();
        b.av = r.btVec();
        b.activation = r.i32();
        b.deactivation = r.f32();
        b.force = r.btVec();
        VESTIGE_CHECK(r.status());
        if (!w.bodies.valid(b.id) || !w.shapes.valid(b.desc.shape))
            return Error("physics.snapshot_mismatch", "a body of the snapshot is not in this world")
                .actual(fmt::format("slot {} generation {}", b.id.slot, b.id.generation));
    }
    if (bodies.size() != w.bodies.size())
        return Error("physics.snapshot_mismatch", "the world has other bodies than the snapshot's");
    struct SavedConstraint {
        Handle id;
        ConstraintRecord rec;
    };
    std::vector<SavedConstraint> constraints(r.u32());
    for (auto& c : constraints) {
        c.id = r.handle();
        c.rec.desc = getConstraintDesc(r);
        c.rec.broken = r.u8() != 0;
        c.rec.length = r.f32();
        c.rec.targetLength = r.f32();
        c.rec.lengthSpeed = r.f32();
        c.rec.restLength = r.f32();
        c.rec.anchorA = r.btVec();
        c.rec.anchorB = r.btVec();
        c.rec.creationA = r.transform();
        c.rec.creationB = r.transform();
        VESTIGE_CHECK(r.status());
        if (!w.constraints.valid(c.id))
            return Error("physics.snapshot_mismatch", "a constraint of the snapshot is not in this world");
    }
    if (constraints.size() != w.constraints.size())
        return Error("physics.snapshot_mismatch", "the world has other constraints than the snapshot's");
    std::set<std::pair<std::uint32_t, std::uint32_t>> noCollide;
    for (std::uint32_t i = 0, n = r.u32(); i < n && r.status(); ++i) {
        const std::uint32_t a = r.u32(), b = r.u32();
        noCollide.insert({a, b});
    }
    std::set<PairKey> touching;
    for (std::uint32_t i = 0, n = r.u32(); i < n && r.status(); ++i) {
        const std::uint32_t a = r.u32(), b = r.u32();
        touching.insert({a, b});
    }
    std::map<PairKey, std::uint64_t> last;
    for (std::uint32_t i = 0, n = r.u32(); i < n && r.status(); ++i) {
        const std::uint32_t a = r.u32(), b = r.u32();
        last[{a, b}] = r.u64();
    }
    VESTIGE_CHECK(r.status());
    if (!r.atEnd()) return Error("physics.snapshot", "trailing bytes after the snapshot");

    // Rebuild: a fresh Bullet world, then bodies and constraints in slot order.
    w.destroyBulletWorld();
    w.settings = snap.settings;
    w.createBulletWorld();
    w.tick = snap.tick;
    w.noCollidePairs = std::move(noCollide);
    w.touching = std::move(touching);
    w.lastCollisionTick = std::move(last);
    w.constraintNoCollide.clear();
    for (const auto& b : bodies) {
        BodyRecord& rec = *w.bodies.get(b.id);
        rec.isStatic = b.isStatic;
        rec.desc = b.desc;
        rec.comLocal = toBt(w.shapes.get(b.desc.shape)->info.massCenter);
        w.configureBody(rec);
        rec.rb->setWorldTransform(b.transform);
        rec.rb->setInterpolationWorldTransform(b.transform);
        rec.rb->updateInertiaTensor();  // the world-space inertia follows the restored orientation
        rec.rb->setLinearVelocity(b.v);
        rec.rb->setAngularVelocity(b.av);
        rec.rb->setInterpolationLinearVelocity(b.v);
        rec.rb->setInterpolationAngularVelocity(b.av);
        rec.pendingForce = b.force;
        w.addToWorld(rec);
        rec.rb->forceActivationState(b.activation);
        rec.rb->setDeactivationTime(b.deactivation);
    }
    for (auto& c : constraints) {
        ConstraintRecord& rec = *w.constraints.get(c.id);
        rec.joint.reset();
        rec.feedback.reset();
        rec.desc = c.rec.desc;
        rec.broken = c.rec.broken;
        rec.creationA = c.rec.creationA;
        rec.creationB = c.rec.creationB;
        VESTIGE_CHECK(w.buildJoint(rec));
        rec.length = c.rec.length;
        rec.targetLength = c.rec.targetLength;
        rec.lengthSpeed = c.rec.lengthSpeed;
        rec.restLength = c.rec.restLength;
        rec.anchorA = c.rec.anchorA;
        rec.anchorB = c.rec.anchorB;
        if (!rec.broken && (rec.desc.noCollide || rec.desc.type == ConstraintType::NoCollide)) {
            const auto key =
                std::make_pair(std::min(rec.desc.a.slot, rec.desc.b.slot), std::max(rec.desc.a.slot, rec.desc.b.slot));
            if (!rec.desc.b.isNull()) ++w.constraintNoCollide[key];
        }
    }
    // Pairs were made while the no-collide counts were being rebuilt: ask the filter again.
    w.bodies.forEach([&](Handle, BodyRecord& rec) {
        const int activation = rec.rb->getActivationState();
        const btScalar timer = rec.rb->getDeactivationTime();
        w.world->removeRigidBody(rec.rb.get());
        w.addToWorld(rec);
        rec.rb->forceActivationState(activation);
        rec.rb->setDeactivationTime(timer);
    });
    return okStatus();
}

}  // namespace vestige::source::physics
