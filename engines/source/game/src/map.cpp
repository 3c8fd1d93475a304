// GameMap: map entities + collision for a Lua session, and GMod's trace semantics over them.
#include "vestige/source/game/map.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "vestige/core/text.hpp"
#include "vestige/source/base/entity_keys.hpp"
#include "vestige/source/collision/builder.hpp"

namespace vestige::source::game {

bool shouldCollide(int group0, int group1) {
    using namespace group;
    if (group0 > group1) std::swap(group0, group1);  // the rules are written for the lower group first
    if ((group0 == kPlayer || group0 == kPlayerMovement) && group1 == kPushaway) return false;
    if (group0 == kDebris && group1 == kPushaway) return true;
    if (group0 == kInVehicle || group1 == kInVehicle) return false;
    if (group1 == kDoorBlocker && group0 != kNpc) return false;
    if (group0 == kPlayer && group1 == kPassableDoor) return false;
    if (group0 == kDebris || group0 == kDebrisTrigger) return false;  // only with COLLISION_GROUP_NONE (lower)
    if ((group0 == kDissolving || group1 == kDissolving) && group0 != kNone) return false;
    if (group0 == kInteractiveDebris && group1 == kInteractiveDebris) return false;
    if (group0 == kInteractiveDebris && (group1 == kPlayerMovement || group1 == kPlayer)) return false;
    if (group0 == kBreakableGlass && group1 == kBreakableGlass) return false;
    if (group1 == kInteractive && group0 != kNone) return false;
    if (group1 == kProjectile && (group0 == kDebris || group0 == kWeapon || group0 == kProjectile)) return false;
    if (group1 == kWeapon && (group0 == kVehicle || group0 == kPlayer || group0 == kNpc)) return false;
    if (group0 == kVehicleClip || group1 == kVehicleClip) return group0 == kVehicle;
    return true;
}

bool traceShouldHitGroup(int traceGroup, int entityGroup, std::uint32_t mask) {
    // CBaseEntity::ShouldCollide: debris is only hit by traces that ask for CONTENTS_DEBRIS.
    if (entityGroup == group::kDebris && (mask & base::contents::kDebris) == 0) return false;
    return shouldCollide(traceGroup, entityGroup);
}

std::uint32_t dispTriangleFlags(std::uint16_t tags, float alphaSum) {
    return static_cast<std::uint32_t>(tags) | (alphaSum > 382.5f ? kDispSurfProp2 : kDispSurfProp1) | kDispSurface;
}

Result<std::shared_ptr<const GameMap>> GameMap::load(ByteView bytes, std::string name) {
    VESTIGE_TRY(const bsp::Bsp map, bsp::readBsp(bytes));
    return fromBsp(map, std::move(name));
}

Result<std::shared_ptr<const GameMap>> GameMap::fromBsp(const bsp::Bsp& map, std::string name) {
    std::shared_ptr<GameMap> out(new GameMap());
    out->mName = std::move(name);
    GameMapStats& stats = out->mStats;
    stats.lumpEntities = map.entities.size();
    // The engine spawns worldspawn first from the first block; a lump without it is not a map.
    if (map.entities.empty() || !iequals(map.entities.front().className(), "worldspawn")) {
        Error err("game.worldspawn", "the entity lump does not start with worldspawn");
        err.field("classname").expected("worldspawn");
        if (!map.entities.empty()) {
            err.record(0).at(map.entities.front().offset).actual(std::string(map.entities.front().className()));
        } else {
            err.at(static_cast<std::uint64_t>(std::max(0, map.lumps[0].entry.offset))).actual("no entities");
        }
        return err;
    }

    // Entities after worldspawn, in lump order (the runtime numbers them from kFirstMapEntityIndex).
    for (std::size_t i = 1; i < map.entities.size(); ++i) {
        const bsp::Entity& e = map.entities[i];
        MapEntity me = toMapEntity(e, &out->mWarnings);
        if (auto n = base::brushModelIndex(me.model)) {
            if (*n == 0 || *n >= map.models.size()) {
                Error err("game.entity_model", "brush model number is not in the MODELS lump");
                err.field("model")
                    .at(e.offset)
                    .record(i)
                    .expected("*1..*" + std::to_string(map.models.size() - 1))
                    .actual(me.model);
                out->mWarnings.push_back(std::move(err));
            } else {
                ++stats.brushEntities;
            }
        }
        out->mEntities.push_back(std::move(me));
    }
    stats.mapEntities = out->mEntities.size();
    out->mLump = map.entities;

    // The world and the brush models (classes, StartDisabled and origins as collision::fromBsp places them).
    VESTIGE_TRY(out->mCollision, MapModels::fromBsp(map));
    stats.collision = out->mCollision.stats();
    for (std::size_t m = 1; m < out->mCollision.modelCount(); ++m)
        if (out->mCollision.collidesByClass(m)) ++stats.collidingModels;
    stats.modelVolumes = out->mCollision.collidingModelVolumes();
    stats.worldVolumes = out->mCollision.world().volumes().size();

    // Surfaces: per texdata its name, per brush side its plane and texinfo, per displacement its face's texinfo.
    out->mTextureNames.reserve(map.texData.size());
    for (std::size_t t = 0; t < map.texData.size(); ++t) out->mTextureNames.emplace_back(map.textureName(t));
    auto texInfoFlags = [&map](std::int32_t ti) {
        return ti >= 0 && static_cast<std::size_t>(ti) < map.texInfo.size()
                   ? static_cast<std::uint32_t>(map.texInfo[static_cast<std::size_t>(ti)].flags)
                   : 0u;
    };
    out->mSides.reserve(map.brushSides.size());
    for (const bsp::BrushSide& bs : map.brushSides) {
        SideSurface side;
        if (bs.planeNum < map.planes.size()) {
            side.plane = Plane{map.planes[bs.planeNum].normal, map.planes[bs.planeNum].dist};
        }
        side.bevel = bs.bevel != 0;
        side.flags = texInfoFlags(bs.texInfo);
        if (bs.texInfo >= 0 && static_cast<std::size_t>(bs.texInfo) < map.texInfo.size()) {
            const std::int32_t td = map.texInfo[static_cast<std::size_t>(bs.texInfo)].texData;
            if (td >= 0 && static_cast<std::size_t>(td) < map.texData.size()) side.texture = td;
        }
        out->mSides.push_back(side);
    }
    out->mBrushSides.reserve(map.brushes.size());
    for (const bsp::Brush& b : map.brushes) {
        const std::size_t n = out->mSides.size();
        const std::size_t first = b.firstSide < 0 ? n : std::min(static_cast<std::size_t>(b.firstSide), n);
        const std::size_t count = b.numSides < 0 ? 0 : std::min(static_cast<std::size_t>(b.numSides), n - first);
        out->mBrushSides.emplace_back(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(count));
    }
    out->mDispFlags.reserve(map.dispInfos.size());
    out->mDispTriFlags.resize(map.dispInfos.size());
    for (std::size_t di = 0; di < map.dispInfos.size(); ++di) {
        const bsp::DispInfo& d = map.dispInfos[di];
        out->mDispFlags.push_back(d.mapFace < map.faces.size() ? texInfoFlags(map.faces[d.mapFace].texInfo) : 0u);
        // Per triangle in the BSP's order (two per quad, the vertex order of spec 1.8): its DISP_TRIS tags and
        // the alpha of its three DISP_VERTS. Out-of-range records leave the list short (no flags, no crash).
        if (d.power < 0 || d.power > 4 || d.dispVertStart < 0 || d.dispTriStart < 0) continue;
        const std::size_t n = (std::size_t{1} << d.power) + 1;
        const std::size_t tris = 2 * (n - 1) * (n - 1);
        const auto vStart = static_cast<std::size_t>(d.dispVertStart);
        const auto tStart = static_cast<std::size_t>(d.dispTriStart);
        if (vStart + n * n > map.dispVerts.size() || tStart + tris > map.dispTris.size()) continue;
        std::vector<std::uint16_t>& flags = out->mDispTriFlags[di];
        flags.reserve(tris);
        for (std::size_t t = 0; t < tris; ++t) {
            const std::size_t quad = t / 2, i = quad / (n - 1), j = quad % (n - 1), k = i * n + j;
            std::array<std::size_t, 3> v{};
            if (k % 2 == 1) {
                v = t % 2 == 0 ? std::array<std::size_t, 3>{k, k + n, k + 1}
                               : std::array<std::size_t, 3>{k + 1, k + n, k + n + 1};
            } else {
                v = t % 2 == 0 ? std::array<std::size_t, 3>{k, k + n, k + n + 1}
                               : std::array<std::size_t, 3>{k, k + n + 1, k + 1};
            }
            float alpha = 0.0f;
            for (std::size_t x : v) alpha += map.dispVerts[vStart + x].alpha;
            flags.push_back(static_cast<std::uint16_t>(dispTriangleFlags(map.dispTris[tStart + t], alpha)));
        }
    }

    collision::ModelBuilder player;
    player.addBox(kPlayerMins, kPlayerMaxs, kPlayerContents);
    out->mPlayerBox = player.build();
    return std::shared_ptr<const GameMap>(std::move(out));
}

std::optional<Vec3> GameMap::spawnPoint() const {
    const auto i = base::findSpawnPoint(mEntities, [](const MapEntity& e) -> std::string_view { return e.className; });
    return i ? std::optional<Vec3>(mEntities[*i].origin) : std::nullopt;
}

std::vector<SceneEntity> GameMap::initialScene() const {
    std::vector<SceneEntity> scene(2);
    scene[0].index = 0;
    scene[0].alive = true;
    scene[0].className = "worldspawn";
    scene[1].index = 1;  // the player slot stays empty until tick 1
    int index = kFirstMapEntityIndex;
    for (const auto& me : mEntities) {
        SceneEntity r;
        r.index = index++;
        r.alive = true;
        r.className = me.className;
        r.model = me.model;
        r.name = me.targetName;
        r.pos = me.origin;
        r.angles = me.angles;
        scene.push_back(std::move(r));
    }
    return scene;
}

void GameMap::describeSurface(const collision::TraceResult& r, Vec3 planeOrigin, TraceHit& hit) const {
    hit.surfaceFlags = 0;
    hit.dispFlags = 0;
    hit.texture = "**empty**";  // Source's null surface: what a side without texinfo reports
    if (r.hitKind == collision::HitKind::Displacement) {
        // GMod names every displacement hit "**displacement**"; the flags are its map face's texinfo's.
        hit.texture = "**displacement**";
        if (r.hitId >= 0 && static_cast<std::size_t>(r.hitId) < mDispFlags.size()) {
            const auto id = static_cast<std::size_t>(r.hitId);
            hit.surfaceFlags = mDispFlags[id];
            // Displacements belong to the world only; the volume names the triangle (BSP order).
            const auto volumes = mCollision.world().volumes();
            if (r.hitVolume >= 0 && static_cast<std::size_t>(r.hitVolume) < volumes.size()) {
                const std::int32_t tri = volumes[static_cast<std::size_t>(r.hitVolume)].triangle;
                if (tri >= 0 && static_cast<std::size_t>(tri) < mDispTriFlags[id].size()) {
                    hit.dispFlags = mDispTriFlags[id][static_cast<std::size_t>(tri)];
                }
            }
        }
        return;
    }
    if (r.hitKind != collision::HitKind::Brush || r.hitId < 0 ||
        static_cast<std::size_t>(r.hitId) >= mBrushSides.size()) {
        return;
    }
    // The hit side is the brush side whose plane is the hit plane. Bevel sides never name a surface; when the
    // hit plane is a bevel (box traces on edges) the real side facing most the same way is taken.
    const auto [first, count] = mBrushSides[static_cast<std::size_t>(r.hitId)];
    const SideSurface* best = nullptr;
    float bestDot = -2.0f, bestDist = 0.0f;
    for (std::uint32_t i = first; i < first + count; ++i) {
        const SideSurface& side = mSides[i];
        if (side.bevel) continue;
        const float d = dot(side.plane.normal, r.plane.normal);
        const float distError = std::abs(side.plane.dist + dot(side.plane.normal, planeOrigin) - r.plane.dist);
        if (best == nullptr || d > bestDot + 1e-4f || (d > bestDot - 1e-4f && distError < bestDist)) {
            best = &side;
            bestDot = std::max(d, bestDot);
            bestDist = distError;
        }
    }
    if (best == nullptr) return;
    hit.surfaceFlags = best->flags;
    if (best->texture >= 0) hit.texture = mTextureNames[static_cast<std::size_t>(best->texture)];
}

TraceHit GameMap::trace(const TraceQuery& q, std::span<const SceneEntity> scene) const {
    TraceHit hit;
    hit.hitPos = q.end;
    if (!isFinite(q.start) || !isFinite(q.end) || !isFinite(q.mins) || !isFinite(q.maxs)) {
        hit.hitPos = q.start;  // the runtime refuses these before calling; stay put if anyone else does not
        return hit;
    }
    TraceQuery box = q;
    // Source builds the ray from the box's centre and half-extents; reversed corners give the same box.
    box.mins = minComponents(q.mins, q.maxs);
    box.maxs = maxComponents(q.mins, q.maxs);
    const bool line = !q.hull || (box.mins == Vec3{} && box.maxs == Vec3{});
    const std::uint32_t mask = q.mask != 0 ? q.mask : kDefaultTraceMask;

    bool any = false;
    float bestFraction = 1.0f;
    auto consider = [&](const PlacedHit& h, int entity, std::optional<Vec3> planeOrigin) {
        const collision::TraceResult& r = h.r;
        if (!r.didHit()) return;
        if (entity > 0 && q.shouldHitEntity && !q.shouldHitEntity(entity)) return;
        hit.startSolid = hit.startSolid || r.startSolid;
        // ClipTraceToTrace keeps the latest leave over every object the trace started in.
        if (r.startSolid) hit.fractionLeftSolid = std::max(hit.fractionLeftSolid, r.fractionLeftSolid);
        // The closest surface wins; earlier objects (the world first) keep ties. A start-solid object is taken
        // when nothing was hit yet, so Entity names what the trace started in.
        if (r.fraction < bestFraction || (!any && r.startSolid)) {
            any = true;
            bestFraction = r.fraction;
            hit.fraction = r.fraction;
            hit.hitPos = r.endPos;
            hit.hitNormal = h.normal;
            hit.entity = entity;
            hit.contents = r.contents;
            hit.allSolid = r.allSolid;
            hit.surfaceFlags = 0;
            hit.dispFlags = 0;
            hit.texture.clear();  // players: not a map surface
            if (planeOrigin) describeSurface(r, *planeOrigin, hit);
        }
    };
    const auto finish = [&]() {
        hit.hit = any;
        if (!any) hit.entity = -1;
        // CEngineTrace::TraceRay zeroes fractionleftsolid for box sweeps ("no fractionleftsolid can be used with
        // box sweeps"); only zero-extent traces report it.
        if (!line) hit.fractionLeftSolid = 0.0f;
        return hit;
    };

    if (!q.ignoreWorld) {
        consider(tracePlaced(mCollision.world(), box.start, box.end, box.mins, box.maxs, line,
                             Placement::of({}, {}, {}, false), mask),
                 0, Vec3{});
        // Inside the world: the engine tests nothing else (CEngineTrace::TraceRay returns after the world).
        if (hit.startSolid) return finish();
    }
    // A script filter function may create or remove entities while we iterate: walk a copy then.
    std::vector<SceneEntity> copy;
    if (q.shouldHitEntity) {
        copy.assign(scene.begin(), scene.end());
        scene = copy;
    }
    for (const SceneEntity& e : scene) {
        if (!e.alive || e.index <= 0) continue;
        const bool listed = std::find(q.filter.begin(), q.filter.end(), e.index) != q.filter.end();
        if (listed != q.whitelist) continue;
        // CTraceFilterSimple after the pass entity: the entity's ShouldCollide, then the game rules' pair table.
        if (!traceShouldHitGroup(q.collisionGroup, e.collisionGroup, mask)) continue;
        if (e.isPlayer) {
            if ((mask & kPlayerContents) == 0 || !isFinite(e.pos)) continue;
            consider(tracePlaced(mPlayerBox, box.start, box.end, box.mins, box.maxs, line,
                                 Placement::of(e.pos, {}, {}, false), mask),
                     e.index, std::nullopt);
            continue;
        }
        const auto n = base::brushModelIndex(e.model);
        const collision::CollisionModel* model = n ? mCollision.model(*n) : nullptr;
        if (!model || !mCollision.collidesByClass(*n)) continue;
        const Vec3 origin = mCollision.modelOrigin(*n);
        const Placement at = Placement::of(e.pos, origin, e.angles, isFinite(e.angles));
        if (!isFinite(at.offset)) continue;
        consider(tracePlaced(*model, box.start, box.end, box.mins, box.maxs, line, at, mask), e.index, origin);
    }
    return finish();
}

std::uint32_t GameMap::pointContents(Vec3 p, std::span<const SceneEntity> scene) const {
    if (!isFinite(p)) return 0;
    std::uint32_t out = mCollision.world().pointContents(p);
    for (const SceneEntity& e : scene) {
        if (!e.alive || e.index <= 0 || e.isPlayer) continue;  // Source's PointContents sees brushes, not players
        const auto n = base::brushModelIndex(e.model);
        const collision::CollisionModel* model = n ? mCollision.model(*n) : nullptr;
        if (!model || !mCollision.collidesByClass(*n)) continue;
        // Spec 2.2: the point goes into the model's space first (turned with the entity's angles).
        const Placement at = Placement::of(e.pos, mCollision.modelOrigin(*n), e.angles, isFinite(e.angles));
        if (isFinite(at.offset)) out |= model->pointContents(at.toModel(p));
    }
    return out;
}

namespace {

// util.TraceLine / TraceHull meet the physics props too: the bodies' own shapes (the physics world's ray and box
// sweeps), the closest hit kept; the map's static bodies are left to the map trace, which already has them.
// A prop the filter skips is passed through (the sweep goes on from just behind its hit, up to 8 props).
void tracePhysicsProps(World& w, const TraceQuery& q, TraceHit& hit) {
    const std::uint32_t mask = q.mask != 0 ? q.mask : kDefaultTraceMask;
    if ((mask & base::contents::kSolid) == 0 || (hit.startSolid && hit.entity == 0)) return;
    const Vec3 dir = q.end - q.start;
    const float total = length(dir);
    if (!(total > 0.0f)) return;
    float from = 0.0f;  // fraction of the whole sweep where this pass starts
    for (int pass = 0; pass < 8 && from < hit.fraction; ++pass) {
        const Vec3 a = q.start + dir * from;
        const physics::PhysicsTrace t =
            q.hull ? w.physics().traceBox(a, q.end, q.mins, q.maxs) : w.physics().traceRay(a, q.end);
        if (!t.hit || t.body.isNull()) return;
        const float f = from + (1.0f - from) * t.fraction;
        if (f >= hit.fraction) return;
        const Entity* e = w.entityOfUser(t.userId);
        const bool listed = e && std::find(q.filter.begin(), q.filter.end(), e->index) != q.filter.end();
        const bool skip = !e || e->markedForDeletion || e->notSolid || listed != q.whitelist ||
                          !traceShouldHitGroup(q.collisionGroup, e->collisionGroup, mask) ||
                          (q.shouldHitEntity && !q.shouldHitEntity(e->index));
        if (!skip) {
            hit.hit = true;
            hit.fraction = f;
            hit.hitPos = t.endPos;
            hit.hitNormal = t.normal;
            hit.entity = e->index;
            hit.startSolid = hit.allSolid = false;
            hit.fractionLeftSolid = 0.0f;
            hit.dispFlags = hit.surfaceFlags = 0;
            hit.contents = base::contents::kSolid;
            hit.texture = "**studio**";
            return;
        }
        from = f + 0.05f / total;  // just behind the skipped prop's surface
    }
}

}  // namespace

Result<std::unique_ptr<glua::Runtime>> createRuntime(std::shared_ptr<const GameMap> map, glua::Options options) {
    if (!map) return Error("game.map", "no map given");
    if (!map->name().empty()) options.map = map->name();
    // The session's one entity world, in the map's collision; its lump spawns during boot (after Initialize).
    WorldOptions worldOptions;
    worldOptions.tickRate = 1.0 / options.tickInterval;
    auto world = std::make_shared<World>(GameMap::models(map), worldOptions);
    options.world = world;
    options.mapEntities = map->lump();
    // The callbacks live in the runtime's options, which own the world: a plain pointer cannot outlive it.
    World* w = world.get();
    options.trace = [map, w](const TraceQuery& q) {
        TraceHit hit = map->trace(q, traceScene(*w));
        tracePhysicsProps(*w, q, hit);
        return hit;
    };
    options.pointContents = [map, w](Vec3 p) { return map->pointContents(p, traceScene(*w)); };
    return glua::Runtime::create(std::move(options));
}

}  // namespace vestige::source::game
