#pragma once
// The Control pipeline contract (seed 002 "Collision pipeline", "Проверки Control"). One calculating step runs,
// in this order, and records the order it ran in (ControlReport::stages):
//
//   1 Request     the controller takes each object's requested motion (from Behavior or manual input)
//   2 Candidate   a candidate transform from dt
//   3 Bounds      the collision object's broad-phase bounds at the candidate
//   4 Pairs       the collision manager's potential pairs (ordered by slot: (lower, higher), then ascending) and
//                 terrain candidates (the surface height under the candidate)
//   5 Narrow      contacts of those pairs
//   6 Correct     the physical state corrected
//   7 Transform   World3D receives the final transform
//   8 Event       GMSG_COLLISION_DETECTED, one per contacting pair, enqueued after the narrow phase: it is
//                 delivered in the same step's queue drain, where a handler's delete is deferred by World3D
//
// What the seed does not confirm stays out: Control.dll's speed, acceleration and turn limits and its contact
// solver are unknown, so nothing here is a Control value. The reference stages [P] are the smallest honest ones:
// the candidate moves by the requested planar velocity x dt and yaw by the requested turn rate x dt, Z follows
// TerrainWorld::heightAt (slope/terrain following); proxies are spheres; two overlapping spheres are a contact;
// correction keeps a contacting (or off-surface) object at its previous transform — no push-out is invented —
// and says so in the report. Proxies are keyed by generational handles: an object that is deleted or pending
// delete is never touched, and its proxy is dropped at the next step.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"
#include "vestige/iron3d/world/world3d.hpp"

namespace vestige::iron3d::control {

inline constexpr std::string_view kCollisionMessage = "GMSG_COLLISION_DETECTED";

enum class Stage : std::uint8_t { Request, Candidate, Bounds, Pairs, Narrow, Correct, Transform, Event };
[[nodiscard]] std::string_view stageName(Stage stage);

// The seed's practical runtime model (field names describe the contract, not the original layout).
struct PhysicalState {
    world::Transform transform;
    Vec3 linearVelocity;   // last applied, per second
    Vec3 angularVelocity;  // last applied yaw rate in z, per second
    Vec2 requestedVelocity;
    float requestedTurn = 0;
    std::uint32_t flags = 0;
};

struct Sphere {
    Vec3 center;  // local space, scaled by the transform's scale
    float radius = 0;
};

struct CollisionProxy {
    world::ObjectHandle owner;
    std::vector<Sphere> shapes;
    Aabb bounds;  // broad phase, world space, at the last candidate
    std::uint32_t categoryMask = 0xFFFFFFFFu;
    std::uint32_t modelState = 0;
    std::uint64_t revision = 0;  // +1 every time the proxy is rebuilt
};

struct Contact {
    world::ObjectHandle a, b;  // a.slot < b.slot
    Vec3 point;
    float depth = 0;
};

struct ObjectStep {
    world::ObjectHandle handle;
    world::Transform candidate, final;
    bool contact = false, offSurface = false;
};

struct ControlReport {
    std::vector<Stage> stages;
    std::vector<ObjectStep> objects;                                         // slot order
    std::vector<std::pair<world::ObjectHandle, world::ObjectHandle>> pairs;  // broad-phase, stable order
    std::vector<Contact> contacts;
    std::vector<std::uint64_t> events;  // sequence numbers of the queued collision messages
    std::size_t droppedProxies = 0;
};

// Rebuilds an object's proxy when its component/model state changes (the caller knows its shapes).
using ProxyBuilder = std::function<CollisionProxy(world::ObjectHandle, std::uint32_t modelState)>;

class ControlSystem {
public:
    explicit ControlSystem(const terrain::TerrainWorld* terrain = nullptr) : mTerrain(terrain) {}

    [[nodiscard]] Status add(const world::World3D& world, world::ObjectHandle handle, CollisionProxy proxy);
    [[nodiscard]] Status request(world::ObjectHandle handle, Vec2 velocity, float turnRate);
    void setProxyBuilder(ProxyBuilder builder) { mBuilder = std::move(builder); }
    // The object's model state changed: its proxy is rebuilt (through the builder) before the next bounds stage.
    [[nodiscard]] Status setModelState(world::ObjectHandle handle, std::uint32_t state);

    // One pipeline step; call it from a CalculateWorldQueue system (inside World3D::step) so the collision
    // messages drain in this step and deletes stay deferred.
    [[nodiscard]] Result<ControlReport> step(world::World3D& world, float dt);

    [[nodiscard]] const CollisionProxy* proxy(world::ObjectHandle handle) const;
    [[nodiscard]] const PhysicalState* state(world::ObjectHandle handle) const;
    [[nodiscard]] std::size_t size() const { return mObjects.size(); }

private:
    struct Entry {
        world::ObjectHandle handle;
        PhysicalState state;
        CollisionProxy proxy;
        bool rebuild = false;
    };
    [[nodiscard]] Entry* find(world::ObjectHandle handle);

    const terrain::TerrainWorld* mTerrain;
    ProxyBuilder mBuilder;
    std::map<std::uint32_t, Entry> mObjects;  // by slot: the stable iteration order
};

}  // namespace vestige::iron3d::control
