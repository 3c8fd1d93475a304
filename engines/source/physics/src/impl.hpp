#pragma once
// PhysicsWorld's private state: the Bullet objects and the records behind the handles.
#include <btBulletDynamicsCommon.h>

#include <array>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "vestige/source/physics/world.hpp"

namespace vestige::source::physics {

// ---- unit boundary: inches <-> meters, Source quaternions <-> Bullet ----
inline btVector3 toBt(Vec3 v) { return {v.x * kMetersPerInch, v.y * kMetersPerInch, v.z * kMetersPerInch}; }
inline btVector3 toBtRaw(Vec3 v) { return {v.x, v.y, v.z}; }  // unitless (axes, rad/s)
inline Vec3 fromBt(const btVector3& v) {
    constexpr float k = 1.0f / kMetersPerInch;
    return {static_cast<float>(v.x()) * k, static_cast<float>(v.y()) * k, static_cast<float>(v.z()) * k};
}
inline Vec3 fromBtRaw(const btVector3& v) {
    return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}
inline btQuaternion toBt(Quat q) { return {q.x, q.y, q.z, q.w}; }
inline Quat fromBt(const btQuaternion& q) {
    return {static_cast<float>(q.x()), static_cast<float>(q.y()), static_cast<float>(q.z()), static_cast<float>(q.w())};
}

struct ShapeRecord {
    std::unique_ptr<btCollisionShape> shape;        // what bodies use (convex, compound or GImpact mesh)
    std::unique_ptr<btCollisionShape> staticShape;  // meshes: the BVH variant for static bodies
    std::vector<std::unique_ptr<btCollisionShape>> children;
    std::unique_ptr<btTriangleMesh> mesh;
    ShapeInfo info;
    Vec3 dragAreas;               // m^2 the shape shows moving along its local x, y, z
    Vec3 dragFractions{1, 1, 1};  // the collide's orthographic area fractions (VPHY dragAxisAreas)
    // The surface as triangles, 3 vertices each, one list per convex piece (one for a mesh; none for a sphere).
    std::vector<std::vector<Vec3>> triangles;
};

struct BodyRecord {
    std::unique_ptr<btRigidBody> rb;
    BodyDesc desc;
    bool isStatic = false;
    int materialIndex = 0;
    btVector3 comLocal{0, 0, 0};  // meters, body frame: Bullet's transform = origin * translate(comLocal)
    btVector3 oldVelocity{0, 0, 0}, oldAngular{0, 0, 0};
    btVector3 pendingForce{0, 0, 0};  // kg*m/s^2 for the next step
    btVector3 angDragBasis{0, 0, 0};  // vphysics' angular drag basis (m^3/kg), body axes
};

struct ConstraintRecord {
    ConstraintDesc desc;
    std::unique_ptr<btTypedConstraint> joint;  // null for Elastic, KeepUpright, NoCollide
    std::unique_ptr<btJointFeedback> feedback;
    bool broken = false;
    float length = 0;  // ropes/pulleys (inches)
    float targetLength = 0, lengthSpeed = 0;
    float restLength = 0;                          // elastic
    btVector3 anchorA{0, 0, 0}, anchorB{0, 0, 0};  // elastic: anchors in each mass-centre frame (meters)
    btTransform creationA = btTransform::getIdentity(), creationB = btTransform::getIdentity();
    Quat uprightLocal;  // keep upright: target as given
};

struct PairKey {
    std::uint32_t a = 0, b = 0;  // slots, a < b (b = kWorldSlot for static bodies)
    friend auto operator<=>(const PairKey&, const PairKey&) = default;
};

struct PhysicsWorld::Impl {
    WorldSettings settings;
    SurfaceProps props;
    HandlePool<ShapeRecord> shapes;
    HandlePool<BodyRecord> bodies;
    HandlePool<ConstraintRecord> constraints;
    std::set<std::pair<std::uint32_t, std::uint32_t>> noCollidePairs;            // body slots, ordered pair
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> constraintNoCollide;  // pair -> count
    std::set<PairKey> touching;                                                  // pairs in contact after the last step
    std::map<PairKey, std::uint64_t> lastCollisionTick;
    std::uint64_t tick = 0;
    StepEvents events;

    std::unique_ptr<btDefaultCollisionConfiguration> config;
    std::unique_ptr<btCollisionDispatcher> dispatcher;
    std::unique_ptr<btBroadphaseInterface> broadphase;
    std::unique_ptr<btSequentialImpulseConstraintSolver> solver;
    std::unique_ptr<btOverlapFilterCallback> filter;
    std::unique_ptr<btDiscreteDynamicsWorld> world;

    Impl(WorldSettings s, SurfaceProps p);
    ~Impl();
    void createBulletWorld();
    void destroyBulletWorld();  // removes (not destroys) bodies and constraints first
    void applyWorldSettings();

    BodyRecord* body(BodyId id) { return bodies.get(id); }
    const BodyRecord* body(BodyId id) const { return bodies.get(id); }
    Result<BodyRecord*> bodyOr(BodyId id);
    Result<const BodyRecord*> bodyOr(BodyId id) const;
    BodyId idOf(const btCollisionObject* o) const;  // null for non-body objects

    // Bodies (bodies.cpp).
    void configureBody(BodyRecord& r);  // mass, inertia, flags, material, thresholds from r.desc
    void addToWorld(BodyRecord& r);
    void refreshPairs(BodyRecord& r);  // after a filter change
    bool pairCollides(const BodyRecord* a, const BodyRecord* b) const;

    // Constraints (constraints.cpp).
    Status buildJoint(ConstraintRecord& c);
    void preStepConstraints(float dt);
    void checkBreaks();
    void projectJoints();  // projection.cpp
    void detachConstraintsOf(BodyId body);
    void addNoCollide(BodyId a, BodyId b, int delta);

    // Step parts (world.cpp, contacts.cpp).
    void preStepBodies(float dt);
    void clampVelocities();
    void collectContacts();
};

// A body's origin transform (inches) from its Bullet (mass centre) transform.
void originTransform(const BodyRecord& r, Vec3& position, Quat& rotation);
// Bullet transform for an origin transform.
btTransform bulletTransform(const BodyRecord& r, Vec3 position, Quat rotation);

// Every float and vector field of a ConstraintDesc in one order: the checks and the snapshot walk the same list.
template <class D>
auto constraintFloats(D& d) {
    return std::array{&d.forceLimit,     &d.torqueLimit,   &d.length,          &d.addLength,   &d.pulleyRatio,
                      &d.springConstant, &d.springDamping, &d.relativeDamping, &d.friction,    &d.motorSpeed,
                      &d.motorTorque,    &d.minSlide,      &d.maxSlide,        &d.angularLimit};
}
template <class D>
auto constraintVectors(D& d) {
    return std::array{&d.pointA,    &d.pointB,    &d.axis,           &d.wheelA,     &d.wheelB,
                      &d.minAngles, &d.maxAngles, &d.frictionTorque, &d.uprightAxis};
}

Status checkFinite(Vec3 v, const char* field);
Status checkFinite(float v, const char* field);
Status checkFinite(Quat q, const char* field);

}  // namespace vestige::source::physics
