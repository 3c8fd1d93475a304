// SolidScene: world + placed solid brush entities as one trace target (see solids.hpp).
#include "vestige/source/game/solids.hpp"

#include <algorithm>

namespace vestige::source::game {

namespace {

// The box swept from start to end with the hull, for the broad test against an item's bounds.
Aabb sweepBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs) {
    Aabb b = Aabb::fromPoint(start);
    b.expand(end);
    b.min = b.min + minComponents(mins, maxs) - Vec3{1, 1, 1};
    b.max = b.max + maxComponents(mins, maxs) + Vec3{1, 1, 1};
    return b;
}

bool isLine(Vec3 mins, Vec3 maxs) { return mins == Vec3{} && maxs == Vec3{}; }

}  // namespace

void SolidScene::add(EntityHandle entity, const collision::CollisionModel& model, Vec3 lumpOrigin, Vec3 pos,
                     Vec3 angles, bool player) {
    Item item;
    item.entity = entity;
    item.model = &model;
    item.at = Placement::of(pos, lumpOrigin, angles, isFinite(angles));
    item.player = player;
    const Aabb local = model.bounds();
    if (!item.at.rotated) {
        item.bounds = Aabb{local.min + item.at.offset, local.max + item.at.offset};
    } else {
        // The placed model's corners: model space -> world (the inverse of Placement::toModel).
        Aabb b;
        for (const Vec3& c : local.corners()) b.expand(item.at.toWorld(c));
        item.bounds = b;
    }
    item.volumeBase = mNextVolume;
    mNextVolume += static_cast<std::int32_t>(model.volumes().size());
    mItems.push_back(item);
}

SolidScene::Hit SolidScene::traceEntities(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask,
                                          EntityHandle skip, bool withPlayers, bool withWorld) const {
    Hit best;
    best.r.endPos = end;
    bool any = false;
    const bool line = isLine(mins, maxs);
    const auto consider = [&](const collision::TraceResult& r, EntityHandle who, bool world, std::int32_t base) {
        if (!r.didHit()) return;
        const bool startSolid = best.r.startSolid || r.startSolid;
        if (r.fraction < best.r.fraction || (!any && r.startSolid)) {
            any = true;
            best.r = r;
            if (best.r.hitVolume >= 0) best.r.hitVolume += base;
            best.entity = who;
            best.world = world;
        }
        best.r.startSolid = startSolid;
    };
    if (withWorld && mWorld) {
        // The world's result is the base even on a miss, so a scene without nearby entities gives the world's
        // numbers bit for bit.
        best.r = mWorld->traceBox(start, end, mins, maxs, mask);
        best.world = best.r.didHit();
        any = best.r.didHit();
        if (best.r.startSolid) return best;  // inside the world: nothing else is tested (CEngineTrace::TraceRay)
    }
    const Aabb sweep = sweepBox(start, end, mins, maxs);
    for (const Item& it : mItems) {
        if (it.entity == skip || (it.player && !withPlayers) || !it.bounds.overlaps(sweep)) continue;
        PlacedHit h = tracePlaced(*it.model, start, end, mins, maxs, line, it.at, mask);
        h.r.plane.normal = h.normal;  // world-space normal for movement's clipping
        if (it.at.rotated && h.r.fraction < 1.0f)
            h.r.plane.dist = dot(h.normal, h.r.endPos);
        else if (!it.at.rotated)
            h.r.plane.dist += dot(h.r.plane.normal, it.at.offset);
        consider(h.r, it.entity, false, it.volumeBase);
    }
    return best;
}

collision::TraceResult SolidScene::traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const {
    if (mItems.empty() && mWorld) return mWorld->traceBox(start, end, mins, maxs, mask);
    return traceEntities(start, end, mins, maxs, mask).r;
}

std::uint32_t SolidScene::pointContents(Vec3 p) const {
    std::uint32_t out = mWorld ? mWorld->pointContents(p) : 0u;
    for (const Item& it : mItems) {
        if (it.player || !it.bounds.contains(p)) continue;
        out |= it.model->pointContents(it.at.toModel(p));
    }
    return out;
}

bool SolidScene::boxOverlaps(const collision::CollisionModel& model, const Placement& at, Vec3 pos, Vec3 mins,
                             Vec3 maxs, std::uint32_t mask) {
    return tracePlaced(model, pos, pos, mins, maxs, isLine(mins, maxs), at, mask).r.startSolid;
}

void SolidScene::touched(const collision::TraceResult& hit) const {
    const EntityHandle e = entityOfVolume(hit.hitVolume);
    if (!e.isNull() && std::find(mImpacts.begin(), mImpacts.end(), e) == mImpacts.end()) mImpacts.push_back(e);
}

EntityHandle SolidScene::entityOfVolume(std::int32_t volume) const {
    if (volume < 0) return {};
    for (const Item& it : mItems) {
        if (volume >= it.volumeBase && volume < it.volumeBase + static_cast<std::int32_t>(it.model->volumes().size()))
            return it.entity;
    }
    return {};
}

}  // namespace vestige::source::game
