#pragma once
// What util.TraceLine / util.TraceHull ask and answer (GMod's Trace and TraceResult structures), and the trace scene:
// the entities of the world as a trace sees them. The entity world owns these types; the Lua binding (glua) fills
// a query from a script's table and hands the hit back, GameMap traces them against a map's collision.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "vestige/core/math.hpp"

namespace vestige::source::game {

class World;

struct TraceQuery {
    Vec3 start, end;
    Vec3 mins, maxs;  // zero for TraceLine
    bool hull = false;
    std::uint32_t mask = 0;
    std::vector<int> filter;  // entity indices to ignore (with `whitelist`: the only entities that may be hit)
    bool whitelist = false;
    bool ignoreWorld = false;
    int collisionGroup = 0;  // COLLISION_GROUP_* of the trace (GMod's default: COLLISION_GROUP_NONE)
    // A script's filter function: false = pass through this entity. Called only for entities the sweep reaches.
    std::function<bool(int entity)> shouldHitEntity;
};

struct TraceHit {
    bool hit = false;
    float fraction = 1.0f;
    Vec3 hitPos;
    Vec3 hitNormal;
    int entity = -1;  // -1: none, 0: world
    bool startSolid = false;
    bool allSolid = false;           // the whole sweep stayed inside the volume
    float fractionLeftSolid = 0.0f;  // start-solid traces: where the sweep leaves the solid (1 = never)
    std::uint32_t dispFlags = 0;     // DISPSURF_FLAG_* of the displacement triangle hit (0 for anything else)
    std::uint32_t contents = 0;      // CONTENTS_* of the volume hit (or started in)
    std::uint32_t surfaceFlags = 0;  // SURF_* of the hit surface (world / brush entity side's texinfo)
    // The hit surface's name as Source reports it: the texdata material name as stored in the BSP for brush
    // sides, "**displacement**" for displacements; empty = not a map surface (players, props: "**studio**").
    std::string texture;
};

// One entity as a trace sees it: a brush model ("*N") placed at its position and angles, or a player box.
struct SceneEntity {
    int index = -1;
    bool alive = false;
    bool isPlayer = false;
    std::string className;
    std::string model;
    std::string name;  // targetname
    Vec3 pos, angles;
    int collisionGroup = 0;  // COLLISION_GROUP_*
};

// The world's entities in creation order as trace scene records; entities removed this tick (still valid, no longer
// solid, as in World::scene), entities made not solid and dead players are marked not alive, so traces skip them.
[[nodiscard]] std::vector<SceneEntity> traceScene(World& world);

}  // namespace vestige::source::game
