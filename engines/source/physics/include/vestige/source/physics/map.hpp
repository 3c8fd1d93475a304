#pragma once
// The map's static collision for physics.
//
// With a LUMP_PHYSCOLLIDE (as every vbsp-compiled map has): the world model's solids, as the game builds its
// physics world from them (PhysCreateWorld): each solid's "staticsolid" block names its contents; player-clip and
// monster-clip solids stop only players and NPCs, so props never meet them; liquids are fluids, not walls (both
// counted, left out here). Displacements
// come from the collision module's triangle columns, those LUMP_PHYSDISP gives a collide for (all of them when the
// lump is absent). Without LUMP_PHYSCOLLIDE, the collision module's world brushes stand in (contents solid, window,
// grate or moveable), one convex hull per brush.
//
// buildPhysCollide() writes such a lump from a map's world brushes the way vbsp groups them (one solid per contents
// value, one convex ledge per brush, key text with staticsolid, virtualterrain and materialtable blocks; solid, grate,
// window, moveable and clip brushes; no fluids), so MapBuilder maps can carry one: withPhysCollide() adds it.
#include <string>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/physics/world.hpp"

namespace vestige::source::physics {

struct MapPhysicsStats {
    std::string source;            // "physcollide" or "brushes"
    std::size_t solids = 0;        // static bodies made (one per solid, or one for all brushes)
    std::size_t convexPieces = 0;  // hulls in them
    std::size_t clipSolids = 0;    // player/monster clip solids left out
    std::size_t otherSolids = 0;   // solids of other contents (liquids, ...) left out
    std::size_t displacementColumns = 0;
    std::size_t skipped = 0;  // pieces without volume
};

struct MapPhysics {
    std::vector<BodyId> staticBodies;
    MapPhysicsStats stats;
};

// Errors: the lumps' (phy.*), collision.*, physics.*.
[[nodiscard]] Result<MapPhysics> addMapCollision(PhysicsWorld& world, const bsp::Bsp& map);
[[nodiscard]] Result<Bytes> buildPhysCollide(const bsp::Bsp& map);
// The map with a PHYSCOLLIDE lump made by buildPhysCollide (and an empty PHYSDISP), written.
[[nodiscard]] Result<Bytes> withPhysCollide(bsp::Bsp map);

}  // namespace vestige::source::physics
