#include "vestige/iron3d/mission/movement.hpp"

#include <fmt/format.h>

#include <cmath>

namespace vestige::iron3d::mission {

Result<bool> advanceReferenceMovement(world::World3D& world, const terrain::TerrainWorld& terrain,
                                      world::OriginalObjectId object, Vec2 target, float maxStep) {
    if (!std::isfinite(target.x) || !std::isfinite(target.y) || !std::isfinite(maxStep) || maxStep <= 0)
        return Error("movement.bad_input", "the target must be finite and the step finite and positive")
            .actual(fmt::format("target ({}, {}), step {}", target.x, target.y, maxStep));
    const auto handle = world.findByOriginalId(object);
    if (!handle)
        return Error("movement.unknown_object", "no live registered object has this OriginalObjectId")
            .in("object", std::to_string(object));
    VESTIGE_TRY(world::Transform t, world.transform(*handle));
    const Vec3 p = t.position();
    if (!isFinite(p))
        return Error("movement.non_finite_transform", "the object's stored position is not finite")
            .in("object", std::to_string(object));
    const float dx = target.x - p.x, dy = target.y - p.y;
    const float distance = std::hypot(dx, dy);
    const bool reached = distance <= maxStep;
    const float ratio = reached ? 1.0f : maxStep / distance;
    const float x = p.x + dx * ratio, y = p.y + dy * ratio;
    const auto z = terrain.heightAt(x, y);
    if (!z)
        return Error("movement.off_surface", "the next position lies outside the terrain surface")
            .in("object", std::to_string(object))
            .actual(fmt::format("({}, {})", x, y));
    t.setPosition({x, y, *z});
    VESTIGE_CHECK(world.setTransform(*handle, t));
    return reached;
}

}  // namespace vestige::iron3d::mission
