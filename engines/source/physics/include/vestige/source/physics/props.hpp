#pragma once
// Props from studio collision models: a .phy solid becomes a shape and a body description with the file's own
// values (mass, damping, rotdamping, inertia, drag, surfaceprop). A .phy that is refused (wrong checksum, solid
// count, NaN point, ...) does not stop the prop: it falls back to its model's bounding box, and the reason is
// returned as a warning for the caller to show.
#include <optional>
#include <string>

#include "vestige/source/physics/world.hpp"

namespace vestige::source::physics {

[[nodiscard]] BodyDesc propDesc(const phy::PhyModel& model, std::size_t solid, ShapeId shape);

struct PropShape {
    ShapeId shape;
    BodyDesc desc;                 // shape set; position etc. left to the caller
    std::optional<Error> warning;  // set when the .phy was refused and the bounding box stands in
};

// Solid 0 of `phyData` (nullopt: no .phy) or, failing that, a box of `mins`..`maxs` (the model's hull) with
// `fallbackMass` kg.
[[nodiscard]] Result<PropShape> loadPropShape(PhysicsWorld& world, std::optional<ByteView> phyData,
                                              const phy::PhyReadOptions& options, Vec3 mins, Vec3 maxs,
                                              float fallbackMass);

}  // namespace vestige::source::physics
