#pragma once
// MapModels: a BSP's collision split the way a running map uses it. The world is model 0 plus displacements
// (brush-entity brushes left out); every brush model *N gets its own CollisionModel holding all of its brushes,
// whatever its entity's class (triggers and StartDisabled brushes too: the entity decides at run time whether
// the model blocks, touches or does nothing). Model volumes sit where the lump's entity origin put them; an
// entity that moves or turns places its model with a Placement (CM_TransformedBoxTrace's rule).
//
//   bsp::Bsp --collision::fromBsp(world only)--------------------> world()
//            --collision::fromBsp(every *N as a colliding class)--> model(n), modelOrigin(n)
//            --collision::fromBsp(as is)--------------------------> collidesByClass(n), stats()
//
// No GLua types here: the entity world (world.hpp) and the Lua session's GameMap both sit on top of this.
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/base/entity_keys.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/collision/map_collision.hpp"
#include "vestige/source/collision/model.hpp"

namespace vestige::source::game {

// Where a model's collision is placed: translation only while every angle is 0 (bit-for-bit the plain
// offset), else Source's AngleMatrix columns (forward, left, up) for CM_TransformedBoxTrace.
struct Placement {
    Vec3 pos;          // the entity's current position
    Vec3 modelOrigin;  // where the model's world was built (its lump origin; zero for players)
    Vec3 offset;       // pos - modelOrigin: the translation of the unrotated path
    bool rotated = false;
    Vec3 forward, left, up;
    [[nodiscard]] static Placement of(Vec3 pos, Vec3 modelOrigin, Vec3 angles, bool canRotate);
    // World point -> the model world's coordinates (VectorITransform, then the lump origin the world was built at).
    [[nodiscard]] Vec3 toModel(Vec3 w) const;
    // A model-space point back to the world (the inverse of toModel).
    [[nodiscard]] Vec3 toWorld(Vec3 m) const;
    // A model-space normal back to the world (VectorRotate).
    [[nodiscard]] Vec3 toWorldNormal(Vec3 n) const;
};

// One sweep against one placed model: the start goes into the model's space, the box keeps its extents there (it
// turns with the model, as the engine's comment says), the end comes back to the world. `r.plane` stays in the
// model's space (it names the hit brush side); `normal` is the world normal. `line` traces without bevels.
struct PlacedHit {
    collision::TraceResult r;
    Vec3 normal;
};
[[nodiscard]] PlacedHit tracePlaced(const collision::CollisionModel& world, Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs,
                                    bool line, const Placement& at, std::uint32_t mask);

class MapModels {
public:
    // Errors: collision.* from the loader.
    [[nodiscard]] static Result<MapModels> fromBsp(const bsp::Bsp& map);

    [[nodiscard]] const collision::CollisionModel& world() const { return mWorld; }
    // Size of the MODELS lump (model 0 is the world and has no entry here).
    [[nodiscard]] std::size_t modelCount() const { return mModels.size(); }
    // All brushes of model n at its lump entity's origin; null for 0, out of range, or a model without volumes.
    [[nodiscard]] const collision::CollisionModel* model(std::size_t n) const;
    [[nodiscard]] Vec3 modelOrigin(std::size_t n) const { return n < mModels.size() ? mModels[n].origin : Vec3{}; }
    // dmodel_t mins/maxs relative to the model's origin, spread by 1 unit on every side as the engine does when it
    // loads submodels (Mod_LoadSubmodels); that is why doors and buttons subtract 2 from the size.
    [[nodiscard]] Aabb modelBounds(std::size_t n) const;
    // What collision::fromBsp keeps for model n with the lump's own classes and keys (not a trigger or other
    // non-colliding class, not StartDisabled): the rule GameMap's Lua traces use.
    [[nodiscard]] bool collidesByClass(std::size_t n) const { return n < mModels.size() && mModels[n].collidesByClass; }
    [[nodiscard]] const collision::MapCollisionStats& stats() const { return mStats; }
    // Volumes of all brush models (the ones collidesByClass keeps).
    [[nodiscard]] std::size_t collidingModelVolumes() const;
    // The map itself, for what builds its own structures from the lumps (the physics world's PHYSCOLLIDE).
    [[nodiscard]] const bsp::Bsp* bsp() const { return mBsp.get(); }

private:
    struct Model {
        collision::CollisionModel world;
        Vec3 origin;
        Aabb bounds;
        bool collidesByClass = false;
        bool hasVolumes = false;
    };
    collision::CollisionModel mWorld;
    std::vector<Model> mModels;  // index = brush model number (0 unused)
    collision::MapCollisionStats mStats;
    std::shared_ptr<const bsp::Bsp> mBsp;
};

}  // namespace vestige::source::game
