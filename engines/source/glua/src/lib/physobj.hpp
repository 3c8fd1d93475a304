#pragma once
// The physics binding (lib/physobj.cpp): PhysObj, physenv, Entity:PhysicsInit* and ENT:PhysicsCollide.
#include "../internal.hpp"

namespace vestige::source::glua {
void openPhysics(Runtime& rt, lua_State* L);  // PhysObj metatable, physenv, the Entity physics methods
void bindPhysics(Runtime& rt);                // ENT:PhysicsCollide, after the world's physics step
}  // namespace vestige::source::glua
