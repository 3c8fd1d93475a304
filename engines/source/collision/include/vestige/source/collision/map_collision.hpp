#pragma once
// Map collision: the collision model of a parsed BSP (spec §2.5, §1.8): every brush once, assigned to the model whose
// subtree reaches it (through LEAFBRUSHES) and translated by that model's entity origin; brushes no model
// reaches stay in the world; non-colliding classes (func_illusionary, triggers, ...) and StartDisabled
// entities are left out; displacements become triangle columns (no-hull ones are skipped).
#include <cstdint>
#include <optional>

#include "vestige/core/result.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/collision/model.hpp"

namespace vestige::source::collision {

struct MapCollisionStats {
    std::size_t brushes = 0;             // brushes added
    std::size_t worldBrushes = 0;        // of those, owned by model 0
    std::size_t modelBrushes = 0;        // of those, owned by brush models
    std::size_t unreferencedBrushes = 0; // reached by no model, kept as world
    std::size_t excludedBrushes = 0;     // non-colliding classes, StartDisabled, models without an entity
    std::size_t emptyBrushes = 0;        // contents 0: blocks nothing, not added
    std::size_t rotatedModels = 0;       // models with non-zero angles: translated only (approximation)
    std::size_t displacements = 0;
    std::size_t displacementsNoHull = 0;
};

struct MapCollision {
    CollisionModel model;
    std::optional<Vec3> spawn;  // origin of the first info_player_start (base::findSpawnPoint; 0 0 0 if unset)
    MapCollisionStats stats;
};

[[nodiscard]] Result<MapCollision> fromBsp(const bsp::Bsp& map);

}  // namespace vestige::source::collision
