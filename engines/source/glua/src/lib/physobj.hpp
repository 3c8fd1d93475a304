#pragma once
// The physics binding (lib/physobj.cpp): PhysObj, physenv, Entity:PhysicsInit* and ENT:PhysicsCollide.
#include "../internal.hpp"

namespace vestige::source::glua {
void openPhysics(Runtime& rt, lua_State* L);  // PhysObj metatable, physenv, the Entity physics methods
void bindPhysics(Runtime& rt);                // ENT:PhysicsCollide, after the world's physics step
// The body of the valid PhysObj at idx; raises "Tried to use a NULL physics object!" (or a type error) otherwise.
physics::BodyId checkPhysBody(lua_State* L, int idx);
void openConstraints(Runtime& rt, lua_State* L);  // lib/constraint.cpp
void openEntityFrame(Runtime& rt, lua_State* L);  // lib/entity_frame.cpp: Entity:LocalToWorld & co.
// A PhysObj userdata for `body` of entity `owner`.
void pushPhysObj(lua_State* L, EntityHandle owner, physics::BodyId body);
void openMotionControllers(Runtime& rt, lua_State* L);  // lib/motion_controller.cpp
void bindMotionControllers(Runtime& rt);                // ENT:PhysicsSimulate before each physics step
}  // namespace vestige::source::glua
