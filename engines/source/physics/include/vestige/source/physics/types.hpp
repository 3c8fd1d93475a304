#pragma once
// Source physics: the values the simulation is built on, and the plain types of its API.
//
// Units at the API: Source inches, seconds, kilograms; orientations as quaternions, angular velocities in radians
// per second about world axes (the Lua layer converts to degrees). Bullet runs in meters (the scale its tolerances
// are tuned for, as IVP does); the conversion is one multiply at the API boundary.
#include <cstdint>
#include <string>

#include "vestige/core/handles.hpp"
#include "vestige/core/math.hpp"

namespace vestige::source::physics {

constexpr float kMetersPerInch = 0.0254f;
constexpr float kTickInterval = 0.015f;     // the game tick; one physics step per tick (vphysics' simulation timestep)
constexpr float kDefaultGravity = 600.0f;   // sv_gravity in GMod, inches/s^2 down
constexpr float kDefaultAirDensity = 2.0f;  // physenv.GetAirDensity() default, kg/m^3

// physenv.GetPerformanceSettings defaults (GMod wiki, PhysEnvPerformanceSettings).
struct PerformanceSettings {
    float maxVelocity = 4000.0f;                 // inches/s, world space; applied
    float maxAngularVelocity = 7200.0f;          // degrees/s; applied
    float lookAheadTimeObjectsVsObject = 0.5f;   // seconds; kept, not used (Bullet has no look-ahead)
    float lookAheadTimeObjectsVsWorld = 1.0f;    // kept, not used
    int maxCollisionChecksPerTimestep = 50000;   // kept, not used
    int maxCollisionsPerObjectPerTimestep = 10;  // kept, not used
    float minFrictionMass = 10.0f;               // kept, not used (IVP's friction mass clamp)
    float maxFrictionMass = 2500.0f;             // kept, not used
    friend bool operator==(const PerformanceSettings&, const PerformanceSettings&) = default;
};

struct WorldSettings {
    Vec3 gravity{0, 0, -kDefaultGravity};
    float airDensity = kDefaultAirDensity;
    PerformanceSettings performance;
    int solverIterations = 20;  // measured: 10 lets a 10-box stack walk 3 u sideways in 10 s, 20 keeps it < 1 u
};

// Source collision groups (const.h; GMod's COLLISION_GROUP_* values).
enum CollisionGroup : int {
    kGroupNone = 0,
    kGroupDebris = 1,
    kGroupDebrisTrigger = 2,
    kGroupInteractiveDebris = 3,
    kGroupInteractive = 4,
    kGroupPlayer = 5,
    kGroupBreakableGlass = 6,
    kGroupVehicle = 7,
    kGroupPlayerMovement = 8,
    kGroupNpc = 9,
    kGroupInVehicle = 10,
    kGroupWeapon = 11,
    kGroupVehicleClip = 12,
    kGroupProjectile = 13,
    kGroupDoorBlocker = 14,
    kGroupPassableDoor = 15,
    kGroupDissolving = 16,
    kGroupPushaway = 17,
    kGroupNpcActor = 18,
    kGroupNpcScripted = 19,
    kGroupWorld = 20,
};
// CGameRules::ShouldCollide from the SDK (the non-HL2MP branch), symmetric.
[[nodiscard]] bool shouldCollide(int group0, int group1);

// Distinct handle types, so a constraint handle cannot be passed where a body is meant.
template <class Tag>
struct TypedHandle : Handle {
    TypedHandle() = default;
    TypedHandle(Handle h) : Handle(h) {}  // NOLINT(google-explicit-constructor): pools hand out plain handles
};
using BodyId = TypedHandle<struct BodyTag>;
using ShapeId = TypedHandle<struct ShapeTag>;
using ConstraintId = TypedHandle<struct ConstraintTag>;

// What a body is made of: a surfaceprop's physics values (surfaceprops.hpp).
struct Material {
    std::string name = "default";
    float density = 2000.0f;  // kg/m^3
    float elasticity = 0.25f;
    float friction = 0.8f;
    float dampening = 0.0f;
    float thickness = 0.0f;  // 0 = solid
    // The game's keys the player's footsteps read (HL2's "default": Default.StepLeft / StepRight, gamematerial C).
    std::string stepLeft = "Default.StepLeft", stepRight = "Default.StepRight";
    char gameMaterial = 'C';  // CHAR_TEX_*
    friend bool operator==(const Material&, const Material&) = default;
};

}  // namespace vestige::source::physics
