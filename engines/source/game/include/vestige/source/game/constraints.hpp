#pragma once
// The constraint entities (classes/constraints.cpp, classes/controllers.cpp) as maps and GMod's constraint library
// drive them: phys_constraint, phys_ballsocket, phys_hinge, phys_slideconstraint, phys_lengthconstraint,
// phys_pulleyconstraint, phys_ragdollconstraint, phys_spring, phys_keepupright, phys_torque, logic_collision_pair,
// phys_constraintsystem and keyframe_rope.
//
// A joint class finds its bodies at Activate (CPhysConstraint::ActivateConstraint): the two set by
// Entity:SetPhysConstraintObjects, else the first bodies of the entities its attach1 / attach2 keys name (empty =
// the world). The world's body is always the physics world itself (ConstraintDesc's null side). A joint that breaks
// (its force or torque limit) fires OnBreak and removes its entity, as the SDK's ConstraintBroken input does.
#include "vestige/source/physics/types.hpp"

namespace vestige::source::game {

struct Entity;

// Entity:SetPhysConstraintObjects: the bodies the entity joins when it activates (null = the world). False when the
// entity is not one of the classes above.
bool setConstraintObjects(Entity& e, physics::BodyId a, physics::BodyId b);
// The physics constraint the entity made (null before Activate, for classes without one, after a break or TurnOff).
[[nodiscard]] physics::ConstraintId constraintOf(const Entity& e);
// One of the classes above (Entity:IsConstraint is narrower: see the glua binding).
[[nodiscard]] bool isConstraintClass(const Entity& e);

}  // namespace vestige::source::game
