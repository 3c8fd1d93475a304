#pragma once
// Constraints as GMod's constraint library and the map's phys_* entities build them. Anchors and axes are given
// in world space at creation (the caller turns entity-local positions into world ones); the constraint keeps the
// bodies' relation from that moment. `b` may be null: the constraint then holds `a` to the world.
//
//   type          Bullet joint / rule                             keeps
//   Weld          btFixedConstraint                               the relative transform
//   BallSocket    btPoint2PointConstraint                         the anchor points together
//   AdvBallSocket btGeneric6DofSpring2Constraint                  anchor (unless onlyRotation), angle limits, friction
//   Axis          btHingeConstraint (+ a zero-speed motor as friction)   rotation about one axis only
//   Slider        btSliderConstraint, angles locked               translation along pointA -> pointB only
//   Rope          custom one-row joint, pull only (push too when rigid)   distance <= length
//   Elastic       spring force applied before each step           k (dist - length) + damping
//   Pulley        custom one-row joint                            |A - wheelA| + ratio |B - wheelB| <= length
//   Motor         btHingeConstraint with its angular motor        rotation about the axis at a target speed
//   KeepUpright   angular velocity correction before each step    one body axis along a world axis
//   NoCollide     a pair rule, no joint                           no contact between a and b
// Winch, hydraulic and muscle are ropes whose length the caller drives (PhysicsWorld::setRopeLength).
// Forces are kg*in/s^2, torques kg*in^2/s^2; a limit of 0 never breaks. A broken constraint stops acting and
// reports one BreakEvent.
#include <cstdint>

#include "vestige/source/physics/types.hpp"

namespace vestige::source::physics {

enum class ConstraintType : std::uint8_t {
    Weld,
    BallSocket,
    AdvBallSocket,
    Axis,
    Slider,
    Rope,
    Elastic,
    Pulley,
    Motor,
    KeepUpright,
    NoCollide,
};
[[nodiscard]] const char* constraintTypeName(ConstraintType type);

struct ConstraintDesc {
    ConstraintType type = ConstraintType::Weld;
    BodyId a, b;          // b null: the world
    Vec3 pointA, pointB;  // world-space anchors (inches)
    Vec3 axis{0, 0, 1};   // world-space axis (Axis, Motor)
    float forceLimit = 0, torqueLimit = 0;
    bool noCollide = false;  // a and b stop colliding while the constraint exists
    // Rope / Pulley: length 0 = the distance at creation; addLength is added to it (constraint.Rope's addlength).
    float length = 0, addLength = 0;
    bool rigid = false;   // a rigid rope also pushes (a rod)
    Vec3 wheelA, wheelB;  // Pulley: the two wheel points (world)
    float pulleyRatio = 1;
    // Elastic: stiffness and damping in kg/s^2 and kg/s (the same in inches and meters); stretchOnly springs
    // do not push.
    float springConstant = 0, springDamping = 0, relativeDamping = 0;
    bool stretchOnly = false;
    // Axis: friction torque; Motor: target speed (rad/s) and maximum torque.
    float friction = 0, motorSpeed = 0, motorTorque = 0;
    // AdvBallSocket: limits in radians about a's axes (min > max = free), friction torque per axis.
    Vec3 minAngles{-1, -1, -1}, maxAngles{1, 1, 1}, frictionTorque;
    bool onlyRotation = false;
    // Slider: limits along the axis relative to the start (min > max = free).
    float minSlide = 1, maxSlide = -1;
    // KeepUpright (CKeepUpright): the body axis that points up when the body has uprightRotation is turned towards
    // uprightAxis (world); each step's change of angular velocity is capped at angularLimit (rad/s; 0 corrects
    // nothing, as in the SDK).
    Quat uprightRotation;
    Vec3 uprightAxis{0, 0, 1};
    float angularLimit = 0;
    // Solver iterations on top of the world's for this joint (phys_constraintsystem's additionaliterations).
    int extraIterations = 0;
    std::uint64_t userId = 0;
};

struct ConstraintInfo {
    ConstraintType type = ConstraintType::Weld;
    BodyId a, b;
    bool broken = false;
    float length = 0;  // ropes and pulleys: the current length limit
    std::uint64_t userId = 0;
};

}  // namespace vestige::source::physics
