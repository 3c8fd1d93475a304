#pragma once
// GameMap: what a Lua session needs from a BSP — the entity lump as the engine spawns it (MapEntity,
// lump order, worldspawn left out because it is Entity(0); the lump itself for the entity world) and GMod's
// util.TraceLine/TraceHull against the map's collision (the world, every brush entity's model at its entity's current
// position, players as boxes).
//
//   bytes --readBsp--> bsp::Bsp --+--> entities(): classname, origin, angles (angles/angle/pitch), model, name
//                                 +--> collision::fromBsp(world only)  \  trace(query, live entities)
//                                 +--> one CollisionModel per model *N /   -> TraceHit
//
// Traces follow the engine: the world cannot be filtered (GMod has `ignoreworld` for that), brush entities and
// players are hit unless filtered, the closest hit wins (the world on ties), start-solid is OR-ed over all
// objects. Positions are floats like Source's, so fractions are the collision module's numbers unchanged.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/error.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/collision/map_collision.hpp"
#include "vestige/source/collision/model.hpp"
#include "vestige/source/game/keys.hpp"
#include "vestige/source/game/map_models.hpp"
#include "vestige/source/game/trace_query.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/glua/runtime.hpp"

namespace vestige::source::game {

// GMod's default player hull (standing): what a trace hits when it meets a player.
constexpr Vec3 kPlayerMins{-16, -16, 0};
constexpr Vec3 kPlayerMaxs{16, 16, 72};
// The mask util.TraceLine/TraceHull use when the script gives none (GMod: MASK_SOLID).
constexpr std::uint32_t kDefaultTraceMask = base::mask::kSolid;
// Players block traces whose mask has CONTENTS_MONSTER (MASK_SOLID, MASK_PLAYERSOLID, MASK_SHOT ...).
constexpr std::uint32_t kPlayerContents = base::contents::kMonster;
// COLLISION_GROUP_* (public/const.h Collision_Group_t): the groups the trace filter compares.
namespace group {
constexpr int kNone = 0, kDebris = 1, kDebrisTrigger = 2, kInteractiveDebris = 3, kInteractive = 4, kPlayer = 5,
              kBreakableGlass = 6, kVehicle = 7, kPlayerMovement = 8, kNpc = 9, kInVehicle = 10, kWeapon = 11,
              kVehicleClip = 12, kProjectile = 13, kDoorBlocker = 14, kPassableDoor = 15, kDissolving = 16,
              kPushaway = 17, kNpcActor = 18, kNpcScripted = 19, kCount = 20;
}  // namespace group
// The game rules' pair table (shared gamerules.cpp CGameRules::ShouldCollide, built without HL2MP): symmetric.
[[nodiscard]] bool shouldCollide(int group0, int group1);
// What CTraceFilterSimple asks of an entity after the pass-entity filter: the entity's own ShouldCollide
// (a COLLISION_GROUP_DEBRIS entity needs CONTENTS_DEBRIS in the mask), then shouldCollide(traceGroup, entityGroup).
[[nodiscard]] bool traceShouldHitGroup(int traceGroup, int entityGroup, std::uint32_t mask);
// DISPSURF_FLAG_* (public/trace.h).
constexpr std::uint32_t kDispSurface = 1u << 0, kDispWalkable = 1u << 1, kDispBuildable = 1u << 2,
                        kDispSurfProp1 = 1u << 3, kDispSurfProp2 = 1u << 4;
// A displacement triangle's dispflags as the engine's collision tree builds them: the triangle's DISP_TRIS tags,
// SURFPROP2 when its three vertex alphas sum above 382.5 (DISP_ALPHA_PROP_DELTA) else SURFPROP1, and SURFACE.
[[nodiscard]] std::uint32_t dispTriangleFlags(std::uint16_t tags, float alphaSum);
// Index the runtime gives the first map entity (0 = worldspawn, 1 = the player slot).
constexpr int kFirstMapEntityIndex = 2;

// An entity created by the map before InitPostEntity, as a summary (the world reads the lump itself).
struct MapEntity {
    std::string className;
    std::string model;
    std::string targetName;
    Vec3 origin;
    Vec3 angles;  // pitch yaw roll, degrees
};

// One lump entity as a MapEntity: classname, origin (0 0 0 when absent), angles (above),
// model (brush models keep their "*N"), targetname.
[[nodiscard]] MapEntity toMapEntity(const bsp::Entity& entity, std::vector<Error>* warnings = nullptr);

struct GameMapStats {
    std::size_t lumpEntities = 0;            // blocks in the entity lump, worldspawn included
    std::size_t mapEntities = 0;             // entities handed to the runtime (lump minus worldspawn)
    std::size_t brushEntities = 0;           // of those, with a "*N" model that exists
    std::size_t collidingModels = 0;         // brush models with at least one solid volume
    std::size_t worldVolumes = 0;            // collision volumes of the world (brushes + displacement triangles)
    std::size_t modelVolumes = 0;            // collision volumes of all brush models
    collision::MapCollisionStats collision;  // from collision::fromBsp over the whole map
};

class GameMap {
public:
    // Reads the BSP, converts entities and builds the collision. Errors: bsp.* from the reader (with the file
    // name), game.worldspawn when the lump does not start with worldspawn, collision.* from the loader.
    [[nodiscard]] static Result<std::shared_ptr<const GameMap>> load(ByteView bytes, std::string name);
    [[nodiscard]] static Result<std::shared_ptr<const GameMap>> fromBsp(const bsp::Bsp& map, std::string name);

    [[nodiscard]] const std::string& name() const { return mName; }
    [[nodiscard]] const std::vector<MapEntity>& entities() const { return mEntities; }
    // The whole entity lump (worldspawn first), what World::loadEntities spawns.
    [[nodiscard]] const std::vector<bsp::Entity>& lump() const { return mLump; }
    // The collision the entity world places its brush entities in (aliases this map's lifetime).
    [[nodiscard]] static std::shared_ptr<const MapModels> models(const std::shared_ptr<const GameMap>& map) {
        return {map, &map->mCollision};
    }
    // Recoverable problems in the entity lump (bad numbers, missing brush models); each names the key and offset.
    [[nodiscard]] const std::vector<Error>& warnings() const { return mWarnings; }
    [[nodiscard]] const GameMapStats& stats() const { return mStats; }
    [[nodiscard]] const collision::CollisionModel& world() const { return mCollision.world(); }
    // The same collision split for the entity world (no GLua types).
    [[nodiscard]] const MapModels& collision() const { return mCollision; }
    // Origin of the first info_player_start (where the runtime spawns Entity(1)).
    [[nodiscard]] std::optional<Vec3> spawnPoint() const;

    // The entity records the runtime creates for this map before any script spawns anything: worldspawn,
    // an empty player slot, then the map entities from index 2. For traces outside a session.
    [[nodiscard]] std::vector<SceneEntity> initialScene() const;

    // util.TraceLine / util.TraceHull. `scene` is the runtime's entity list (Runtime::entities()): a brush entity
    // collides while a live record carries its "*N" model, placed at the record's position and turned by its
    // angles (CM_TransformedBoxTrace: the sweep goes into the model's space, the box keeps its extents there);
    // live players collide as kPlayerMins..kPlayerMaxs boxes. q.mask 0 means kDefaultTraceMask. q.filter lists
    // entity indices to skip (the world is never skipped); entities whose collision group the trace's group does
    // not collide with are skipped (traceShouldHitGroup). A trace that starts inside the world tests nothing else
    // (CEngineTrace::TraceRay). A hull with mins == maxs == 0 is a line. fractionLeftSolid is reported for lines
    // only (the engine zeroes it for box sweeps).
    [[nodiscard]] TraceHit trace(const TraceQuery& q, std::span<const SceneEntity> scene) const;
    // util.PointContents: the world's contents at p, OR-ed with the brush entities' at their current positions.
    [[nodiscard]] std::uint32_t pointContents(Vec3 p, std::span<const SceneEntity> scene) const;

private:
    GameMap() = default;
    // A BSP brush side's surface, for HitTexture / HitSky / HitNoDraw / SurfaceFlags.
    struct SideSurface {
        Plane plane;  // from PLANES, at the map's origin (brush models: before their entity origin)
        bool bevel = false;
        std::uint32_t flags = 0;    // SURF_* of its texinfo (0 without one)
        std::int32_t texture = -1;  // index into mTextureNames, -1 = no texinfo/texdata
    };
    // Fills hit.surfaceFlags / hit.texture from the volume a trace hit; planeOrigin = where that volume's
    // planes were placed (a brush model's entity origin in the lump, zero for the world).
    void describeSurface(const collision::TraceResult& r, Vec3 planeOrigin, TraceHit& hit) const;

    std::vector<SideSurface> mSides;                                   // one per BRUSHSIDES entry
    std::vector<std::pair<std::uint32_t, std::uint32_t>> mBrushSides;  // per brush: first side, count (clamped)
    std::vector<std::uint32_t> mDispFlags;                             // per displacement: its map face's SURF_*
    std::vector<std::vector<std::uint16_t>> mDispTriFlags;             // per displacement, per triangle: dispflags
    std::vector<std::string> mTextureNames;                            // per texdata: the material name as stored
    std::string mName;
    std::vector<MapEntity> mEntities;
    std::vector<bsp::Entity> mLump;
    std::vector<Error> mWarnings;
    GameMapStats mStats;
    MapModels mCollision;  // the world (model 0 and displacements) and every brush model
    collision::CollisionModel mPlayerBox;
};

// A runtime whose map is `map`: Options::map = map name, the session's entity world placed in the map's collision
// (its lump spawned during boot), trace = map.trace over that world's entities. Other options are kept as given
// (an existing trace callback or world is replaced).
[[nodiscard]] Result<std::unique_ptr<glua::Runtime>> createRuntime(std::shared_ptr<const GameMap> map,
                                                                   glua::Options options);

}  // namespace vestige::source::game
