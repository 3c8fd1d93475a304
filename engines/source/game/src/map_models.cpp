// MapModels: world + per-brush-model collision for a running map, and placed-model traces.
#include "vestige/source/game/map_models.hpp"

#include <cmath>

#include "vestige/core/text.hpp"
#include "vestige/source/collision/builder.hpp"

namespace vestige::source::game {

Placement Placement::of(Vec3 pos, Vec3 modelOrigin, Vec3 angles, bool canRotate) {
    Placement p;
    p.pos = pos;
    p.modelOrigin = modelOrigin;
    p.offset = pos - modelOrigin;
    p.rotated = canRotate && (angles.x != 0.0f || angles.y != 0.0f || angles.z != 0.0f);
    if (p.rotated) {
        const Mat3 m = base::angleMatrix(angles);
        p.forward = m.column(0);
        p.left = m.column(1);
        p.up = m.column(2);
    }
    return p;
}

Vec3 Placement::toModel(Vec3 w) const {
    if (!rotated) return w - offset;
    const Vec3 d = w - pos;
    return Vec3{dot(forward, d), dot(left, d), dot(up, d)} + modelOrigin;
}

Vec3 Placement::toWorld(Vec3 m) const {
    if (!rotated) return m + offset;
    const Vec3 d = m - modelOrigin;
    return pos + forward * d.x + left * d.y + up * d.z;
}

Vec3 Placement::toWorldNormal(Vec3 n) const {
    if (!rotated) return n;
    return forward * n.x + left * n.y + up * n.z;
}

PlacedHit tracePlaced(const collision::CollisionModel& world, Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, bool line,
                      const Placement& at, std::uint32_t mask) {
    const Vec3 s = at.toModel(start), e = at.toModel(end);
    PlacedHit h{line ? world.traceEngine(s, e, {}, {}, mask) : world.traceEngine(s, e, mins, maxs, mask), {}};
    collision::TraceResult& r = h.r;
    h.normal = r.plane.normal;
    if (at.rotated) {
        if (r.fraction < 1.0f) h.normal = at.toWorldNormal(r.plane.normal);
        r.endPos = r.allSolid ? start : (r.fraction >= 1.0f ? end : start + (end - start) * r.fraction);
    } else {
        r.endPos = r.endPos + at.offset;
    }
    return h;
}

namespace {

// Every brush model's volumes, placed at its lump origin, split into one world per model number.
Result<std::vector<collision::CollisionModel>> splitModels(const collision::CollisionModel& full, std::size_t count) {
    std::vector<collision::ModelBuilder> builders(count);
    for (const collision::Volume& v : full.volumes()) {
        if (v.model <= 0 || static_cast<std::size_t>(v.model) >= count) continue;
        collision::BrushInput in;
        in.contents = v.contents;
        in.id = v.sourceId;
        for (const collision::Side& s : full.sidesOf(v)) {
            in.planes.push_back(s.plane);  // already at the entity's origin
            in.bevel.push_back(s.bevel);
        }
        VESTIGE_CHECK(builders[static_cast<std::size_t>(v.model)].addBrush(in, {}, v.model));
    }
    std::vector<collision::CollisionModel> out(count);
    for (std::size_t m = 1; m < count; ++m) out[m] = builders[m].build();
    return out;
}

}  // namespace

Result<MapModels> MapModels::fromBsp(const bsp::Bsp& map) {
    MapModels out;
    out.mModels.resize(map.models.size());
    for (std::size_t m = 0; m < map.models.size(); ++m) {
        // Mod_LoadSubmodels: "spread the mins / maxs by a pixel".
        out.mModels[m].bounds = Aabb{map.models[m].mins - Vec3{1, 1, 1}, map.models[m].maxs + Vec3{1, 1, 1}};
    }

    // As the lump says: which models collide by class (collision::fromBsp's rule), and the load statistics.
    VESTIGE_TRY(collision::MapCollision full, collision::fromBsp(map));
    out.mStats = full.stats;
    for (const collision::Volume& v : full.model.volumes()) {
        if (v.model > 0 && static_cast<std::size_t>(v.model) < out.mModels.size()) {
            out.mModels[static_cast<std::size_t>(v.model)].collidesByClass = true;
        }
    }

    // Every brush model as if its entity were a plain colliding brush, so triggers and disabled brushes exist too.
    bsp::Bsp everyModel = map;
    for (bsp::Entity& e : everyModel.entities) {
        const auto n = base::brushModelIndex(e.value("model"));
        if (!n || *n == 0) continue;
        std::erase_if(e.keys, [](const auto& kv) { return iequals(kv.first, "StartDisabled"); });
        for (auto& [key, value] : e.keys)
            if (iequals(key, "classname")) value = "func_brush";
    }
    VESTIGE_TRY(collision::MapCollision all, collision::fromBsp(everyModel));
    VESTIGE_TRY(auto worlds, splitModels(all.model, out.mModels.size()));
    for (std::size_t m = 1; m < out.mModels.size(); ++m) {
        out.mModels[m].world = std::move(worlds[m]);
        out.mModels[m].hasVolumes = !out.mModels[m].world.volumes().empty();
    }
    for (const bsp::Entity& e : map.entities) {
        const auto n = base::brushModelIndex(e.value("model"));
        if (!n || *n == 0 || *n >= out.mModels.size()) continue;
        out.mModels[*n].origin = e.vec3("origin").value_or(Vec3{});
    }

    // The world alone: the same map with the brush entities' model keys taken away leaves their brushes out.
    bsp::Bsp worldOnly = map;
    for (bsp::Entity& e : worldOnly.entities) {
        std::erase_if(e.keys, [](const auto& kv) {
            return iequals(kv.first, "model") && !kv.second.empty() && kv.second[0] == '*';
        });
    }
    VESTIGE_TRY(collision::MapCollision world, collision::fromBsp(worldOnly));
    out.mWorld = std::move(world.model);
    out.mBsp = std::make_shared<const bsp::Bsp>(map);
    return out;
}

const collision::CollisionModel* MapModels::model(std::size_t n) const {
    if (n == 0 || n >= mModels.size() || !mModels[n].hasVolumes) return nullptr;
    return &mModels[n].world;
}

Aabb MapModels::modelBounds(std::size_t n) const {
    return n < mModels.size() ? mModels[n].bounds : Aabb{{-1, -1, -1}, {1, 1, 1}};
}

std::size_t MapModels::collidingModelVolumes() const {
    std::size_t n = 0;
    for (const Model& m : mModels)
        if (m.collidesByClass) n += m.world.volumes().size();
    return n;
}

}  // namespace vestige::source::game
