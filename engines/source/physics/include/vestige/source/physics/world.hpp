#pragma once
// PhysicsWorld: Source's physics environment on Bullet, stepped once per game tick.
//
// Entity-agnostic: bodies and constraints are handles; each body carries a caller's user id; collision and break
// events are collected during the step and handed out afterwards (`events()`), never from inside Bullet. Every
// API entry checks its numbers: a NaN or infinite input is refused (physics.nan) and never reaches Bullet.
//
// One step (step()): pre-step velocity rules (IVP-style damping, air drag, speed clamps), Bullet's fixed step of
// kTickInterval, then the speed clamps again, constraint breaks and contact events. Bodies, constraints and
// events are visited in slot order, so two runs with the same calls give the same state hash (determinism.md in
// docs/physics.md).
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "vestige/core/result.hpp"
#include "vestige/source/phy/keys.hpp"
#include "vestige/source/physics/constraints.hpp"
#include "vestige/source/physics/surfaceprops.hpp"

namespace vestige::source::physics {

// A collision shape in the shape's own frame (inches). Bodies share shapes.
struct ShapeInfo {
    Vec3 massCenter;      // inches, shape frame
    Vec3 inertiaPerMass;  // m^2: the inertia tensor's diagonal about the mass centre, per kilogram
    float volume = 0;     // cubic inches (0 for meshes that enclose nothing)
    Vec3 mins, maxs;      // bounds, inches
    std::size_t convexPieces = 0, triangles = 0;
    bool concave = false;  // a triangle mesh
};

struct BodyDesc {
    ShapeId shape;
    Vec3 position;  // the object's origin (not its mass centre), inches
    Quat rotation;
    Vec3 velocity;              // inches/s
    Vec3 angularVelocity;       // rad/s, world axes
    float mass = 1.0f;          // kg (> 0)
    bool motionEnabled = true;  // false: frozen in place (EnableMotion(false)); still collides
    bool gravityEnabled = true;
    bool collisionsEnabled = true;
    bool dragEnabled = true;
    bool startAsleep = false;
    float damping = 0.1f, rotDamping = 0.1f;  // 1/s (g_PhysDefaultObjectParams)
    float inertiaScale = 1.0f;                // the .phy "inertia" multiplier
    float dragCoefficient = 1.0f;
    std::string material = "default";  // surfaceprop name
    int collisionGroup = kGroupNone;
    std::uint64_t userId = 0;
};

struct BodyState {
    Vec3 position;
    Quat rotation;
    Vec3 velocity;         // of the origin, inches/s
    Vec3 angularVelocity;  // rad/s, world axes
    bool asleep = false;
    bool motionEnabled = true;
};

// GMod's CollisionData, from the point of view of body `self` (each pair gives two events, self = a then b).
struct CollisionEvent {
    std::uint64_t tick = 0;
    BodyId self, other;  // other is null for the world
    std::uint64_t selfUserId = 0, otherUserId = 0;
    Vec3 hitPos, hitNormal;                                                   // normal points from self towards other
    Vec3 ourOldVelocity, theirOldVelocity, ourNewVelocity, theirNewVelocity;  // inches/s
    Vec3 ourOldAngularVelocity, theirOldAngularVelocity;                      // rad/s
    float speed = 0;      // |relative velocity along the normal| before the step, inches/s
    Vec3 hitSpeed;        // relative velocity (ours - theirs) before the step
    float deltaTime = 0;  // seconds since this pair's previous collision event (large for the first)
    int ourSurfaceProps = 0, theirSurfaceProps = 0;
};

struct BreakEvent {
    std::uint64_t tick = 0;
    ConstraintId constraint;
    std::uint64_t userId = 0;
};

struct StepEvents {
    std::vector<CollisionEvent> collisions;
    std::vector<BreakEvent> breaks;
};

// A trace against physics bodies (and the static world bodies).
struct PhysicsTrace {
    bool hit = false;
    float fraction = 1.0f;
    Vec3 endPos, normal;
    BodyId body;  // null when the hit is a static world body
    std::uint64_t userId = 0;
};

// Everything step() depends on, for save/restore and replays (state.cpp).
struct Snapshot {
    std::uint64_t tick = 0;
    WorldSettings settings;
    Bytes data;  // serialised bodies and constraints
};

class PhysicsWorld {
public:
    explicit PhysicsWorld(WorldSettings settings = {}, SurfaceProps surfaceProps = {});
    ~PhysicsWorld();
    PhysicsWorld(PhysicsWorld&&) noexcept;
    PhysicsWorld& operator=(PhysicsWorld&&) noexcept;

    // ---- environment (physenv) ----
    [[nodiscard]] const WorldSettings& settings() const;
    Status setGravity(Vec3 gravity);
    Status setAirDensity(float density);
    Status setPerformanceSettings(const PerformanceSettings& settings);
    [[nodiscard]] const SurfaceProps& surfaceProps() const;
    // A new table (the game's, read after the world was made): every body looks its material up again by name.
    void setSurfaceProps(SurfaceProps surfaceProps);

    // ---- shapes ----
    [[nodiscard]] Result<ShapeId> createBox(Vec3 mins, Vec3 maxs);
    [[nodiscard]] Result<ShapeId> createSphere(float radius);
    [[nodiscard]] Result<ShapeId> createConvex(std::span<const Vec3> points);
    [[nodiscard]] Result<ShapeId> createMultiConvex(std::span<const std::vector<Vec3>> pieces);
    // Triangle soup, 3 vertices per triangle (PhysicsFromMesh).
    [[nodiscard]] Result<ShapeId> createMesh(std::span<const Vec3> triangleVertices);
    // One solid of a .phy model: its convex pieces, mass centre and per-mass inertia from the file.
    [[nodiscard]] Result<ShapeId> createFromPhy(const phy::PhyModel& model, std::size_t solid);
    [[nodiscard]] Result<ShapeInfo> shapeInfo(ShapeId shape) const;
    // The surface as triangles (3 vertices each, inches, the shape's frame), one list per convex piece (one for a
    // mesh); empty for a sphere (PhysObj:GetMesh / GetMeshConvexes).
    [[nodiscard]] Result<std::vector<std::vector<Vec3>>> shapeTriangles(ShapeId shape) const;

    // ---- bodies ----
    [[nodiscard]] Result<BodyId> createBody(const BodyDesc& desc);
    // A body of the map (never moves, always COLLISION_GROUP_NONE against everything).
    [[nodiscard]] Result<BodyId> createStaticBody(ShapeId shape, Vec3 position = {}, Quat rotation = {},
                                                  std::string material = "default");
    Status destroyBody(BodyId body);
    [[nodiscard]] bool valid(BodyId body) const;
    [[nodiscard]] std::size_t bodyCount() const;
    [[nodiscard]] std::vector<BodyId> bodies() const;  // slot order
    [[nodiscard]] Result<BodyState> state(BodyId body) const;
    [[nodiscard]] Result<BodyDesc> desc(BodyId body) const;  // the current parameters (mass, material, flags, ...)
    [[nodiscard]] Result<Vec3> massCenterWorld(BodyId body) const;

    Status setTransform(BodyId body, Vec3 position, Quat rotation);  // teleport; wakes
    Status setVelocity(BodyId body, Vec3 velocity);
    Status setAngularVelocity(BodyId body, Vec3 angularVelocity);
    // Impulses in kg*in/s (PhysObj:ApplyForceCenter/ApplyForceOffset), angular impulse in kg*in^2/s.
    Status applyImpulse(BodyId body, Vec3 impulse);
    Status applyImpulseAt(BodyId body, Vec3 impulse, Vec3 worldPoint);
    Status applyAngularImpulse(BodyId body, Vec3 angularImpulse);
    // A force (kg*in/s^2) acting during the next step only.
    Status applyForce(BodyId body, Vec3 force);
    Status wake(BodyId body);
    Status sleep(BodyId body);
    Status enableMotion(BodyId body, bool on);
    Status enableGravity(BodyId body, bool on);
    Status enableCollisions(BodyId body, bool on);
    Status enableDrag(BodyId body, bool on);
    Status setMass(BodyId body, float mass);
    Status setDamping(BodyId body, float linear, float angular);
    Status setMaterial(BodyId body, std::string_view material);
    Status setCollisionGroup(BodyId body, int group);

    // ---- constraints (constraints.hpp) ----
    [[nodiscard]] Result<ConstraintId> createConstraint(const ConstraintDesc& desc);
    Status removeConstraint(ConstraintId constraint);
    [[nodiscard]] bool valid(ConstraintId constraint) const;
    [[nodiscard]] Result<ConstraintInfo> constraintInfo(ConstraintId constraint) const;
    [[nodiscard]] std::vector<ConstraintId> constraints() const;  // slot order
    // Rope-type constraints: the current length, and a length driven towards `target` at `speed` inches/s
    // (winch, hydraulic and muscle; speed 0 = jump).
    Status setRopeLength(ConstraintId rope, float length, float speed = 0);
    // Elastics: the stiffness (kg/s^2) and damping (kg/s) from now on (phys_spring's SetSpringConstant / Damping).
    Status setSpring(ConstraintId elastic, float constant, float damping);
    // Motors: target angular speed (rad/s) about the axis and the maximum torque (kg*in^2/s^2).
    Status setMotor(ConstraintId motor, float angularSpeed, float maxTorque);
    // Bodies that may never collide with each other (nocollide), independent of constraints.
    Status setPairCollision(BodyId a, BodyId b, bool collide);

    // ---- simulation ----
    StepEvents step();  // one tick
    [[nodiscard]] std::uint64_t tick() const;
    [[nodiscard]] const StepEvents& events() const;  // the last step's events
    // FNV-1a over every body's and constraint's simulated state, in slot order.
    [[nodiscard]] std::uint64_t stateHash() const;
    [[nodiscard]] Snapshot snapshot() const;
    // Restores bodies and constraints (the shapes must be the same); the Bullet world is rebuilt, so a restored
    // world continues exactly like any other restore of the same snapshot.
    Status restore(const Snapshot& snapshot);

    // ---- queries ----
    [[nodiscard]] PhysicsTrace traceRay(Vec3 start, Vec3 end) const;
    [[nodiscard]] PhysicsTrace traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs) const;

    struct Impl;

private:
    std::unique_ptr<Impl> mImpl;
};

}  // namespace vestige::source::physics
