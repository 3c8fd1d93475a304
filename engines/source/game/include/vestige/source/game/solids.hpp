#pragma once
// SolidScene: what blocks a player right now. The map's world plus every solid brush entity placed at its current
// position and angles (CM_TransformedBoxTrace, map_models.hpp). It is the movement module's TraceScene, so the
// player walks on, into and with doors and platforms; the world is tested first and keeps ties, the closest hit
// wins, start-solid is OR-ed. Volume numbers: the world's own, then each entity's offset by the volumes before it
// (entityOfVolume maps a ground volume back to the entity the player stands on).
#include <cstdint>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/source/collision/model.hpp"
#include "vestige/source/game/io.hpp"
#include "vestige/source/game/map_models.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::source::game {

class SolidScene final : public movement::TraceScene {
public:
    struct Item {
        EntityHandle entity;
        const collision::CollisionModel* model = nullptr;
        Placement at;
        Aabb bounds;  // world-space box around the placed model (for the broad test)
        std::int32_t volumeBase = 0;
        bool player = false;  // a player box (only for World::trace, never for movement)
    };

    SolidScene() = default;
    explicit SolidScene(const collision::CollisionModel* world) : mWorld(world) {}
    // Places `model` for `entity` (origin = the model's lump origin), computing the broad-phase box.
    void add(EntityHandle entity, const collision::CollisionModel& model, Vec3 lumpOrigin, Vec3 pos, Vec3 angles,
             bool player = false);

    collision::TraceResult traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const override;
    std::uint32_t pointContents(Vec3 p) const override;
    // MoveHelper()->AddToTouched: the entities a player's move ran into, collected until clearImpacts().
    void touched(const collision::TraceResult& hit) const override;
    void clearImpacts() const { mImpacts.clear(); }
    [[nodiscard]] const std::vector<EntityHandle>& impacts() const { return mImpacts; }

    struct Hit {
        collision::TraceResult r;
        EntityHandle entity;  // null for the world and for misses
        bool world = false;
    };
    // The same trace with the entity that was hit; `skip` is never hit (the mover itself), `withPlayers` adds the
    // player boxes. `only` (non-null) restricts the test to that one entity (trigger overlap, push tests).
    [[nodiscard]] Hit traceEntities(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask,
                                    EntityHandle skip = {}, bool withPlayers = false, bool withWorld = true) const;
    // A box at `pos` against one placed model only: does it overlap (start solid)?
    [[nodiscard]] static bool boxOverlaps(const collision::CollisionModel& model, const Placement& at, Vec3 pos,
                                          Vec3 mins, Vec3 maxs, std::uint32_t mask);
    [[nodiscard]] EntityHandle entityOfVolume(std::int32_t volume) const;
    [[nodiscard]] const std::vector<Item>& items() const { return mItems; }

private:
    const collision::CollisionModel* mWorld = nullptr;
    std::vector<Item> mItems;
    std::int32_t mNextVolume = 0;
    mutable std::vector<EntityHandle> mImpacts;
};

}  // namespace vestige::source::game
