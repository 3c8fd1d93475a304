#pragma once
// The reference movement controller (spec section 14 [P]; seed 002 "Reference controller в текущем runtime"):
// a deliberately small, deterministic bridge between a mission transform and the terrain, not the original
// Control, Behavior or navigation. It finds the live, registered object by OriginalObjectId, moves its XY toward
// the target by at most `maxStep` (f32: d = hypot(dx, dy); reached = d <= step; ratio = reached ? 1 : step / d;
// xy += delta * ratio), takes Z from TerrainWorld::heightAt and writes the three position words; orientation and
// scale words, the clock, the queue and animation are untouched. Returns whether the target XY was reached.
//
// Errors, each leaving the world exactly as it was: non-finite target or step, step <= 0 (movement.bad_input);
// no live registered object with that id (movement.unknown_object); a non-finite stored position
// (movement.non_finite_transform); the new XY off the terrain surface (movement.off_surface).
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/iron3d/terrain/terrain_world.hpp"
#include "vestige/iron3d/world/world3d.hpp"

namespace vestige::iron3d::mission {

[[nodiscard]] Result<bool> advanceReferenceMovement(world::World3D& world, const terrain::TerrainWorld& terrain,
                                                    world::OriginalObjectId object, Vec2 target, float maxStep);

}  // namespace vestige::iron3d::mission
