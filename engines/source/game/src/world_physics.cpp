// The entity world's physics: the environment made with the world (server physics.cpp PhysCreateWorld), bodies of
// entities (CBaseEntity::VPhysicsInitNormal / GMod's PhysicsInit*), the step at PhysFrame's point of the tick (the
// physics game system's FrameUpdatePostEntityThink, after entity thinks), VPhysicsUpdate (body -> entity) and the
// collision events handed out after the step.
#include <fmt/format.h>

#include <algorithm>

#include "vestige/core/text.hpp"
#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/base/entity_keys.hpp"
#include "vestige/source/collision/builder.hpp"
#include "vestige/source/game/world.hpp"
#include "vestige/source/mdl/mdl.hpp"
#include "vestige/source/phy/physcollide.hpp"
#include "vestige/source/physics/map.hpp"
#include "vestige/source/physics/props.hpp"
#include "vestige/source/physics/surfaceprops.hpp"

namespace vestige::source::game {

namespace {

constexpr float kPlayerShadowMass = 85.0f;  // CBasePlayer::InitVCollision's shadow mass
constexpr float kCubicMetersPerCubicInch = physics::kMetersPerInch * physics::kMetersPerInch * physics::kMetersPerInch;

Error modelError(const Entity& e, std::string message) {
    Error err("game.physics_model", std::move(message));
    err.in("model", e.model).in("entity", fmt::format("{} {}", e.className, e.index));
    return err;
}

// The points of a convex brush volume (its planes' vertices), relative to `origin`.
std::vector<std::vector<Vec3>> brushHulls(const collision::CollisionModel& model, Vec3 origin) {
    std::vector<std::vector<Vec3>> out;
    for (const auto& v : model.volumes()) {
        std::vector<Plane> planes;
        for (const auto& side : model.sidesOf(v)) planes.push_back(side.plane);
        std::vector<Vec3> points = collision::convexVertices(planes);
        if (points.size() < 4) continue;
        for (Vec3& p : points) p = p - origin;
        out.push_back(std::move(points));
    }
    return out;
}

}  // namespace

Quat anglesToQuat(Vec3 angles) { return normalize(base::angleMatrix(angles).toQuat()); }
Vec3 quatToAngles(Quat q) { return base::matrixAngles(Mat3::fromQuat(q)); }

void World::createPhysics() {
    physics::WorldSettings settings;
    settings.gravity = {0, 0, -mOptions.move.gravity};  // PhysCreateWorld: sv_gravity down
    mPhysics = std::make_unique<physics::PhysicsWorld>(settings);
    mPhysicsMap = std::make_unique<physics::MapPhysicsStats>();
    if (mMap && mMap->bsp()) {
        auto map = physics::addMapCollision(*mPhysics, *mMap->bsp());
        if (map) {
            *mPhysicsMap = map->stats;
            if (!map->staticBodies.empty()) mWorldBody = map->staticBodies.front();
        } else {
            Error err = map.error();
            warn(std::move(err.in("stage", "map physics")));
        }
    }
}

Status World::loadSurfaceProperties() {
    VESTIGE_TRY(physics::SurfaceProps props, physics::loadSurfaceProps(mOptions.gameFile));
    mPhysics->setSurfaceProps(std::move(props));
    mPropShapes.clear();  // densities may have changed
    return okStatus();
}

Status World::loadGamePhysics() {
    const Status props = loadSurfaceProperties();
    if (!mStaticPropsMade) {
        mStaticPropsMade = true;
        createStaticPropPhysics();
    }
    return props;
}

Entity* World::entityOfUser(std::uint64_t userId) {
    if (userId == 0) return nullptr;
    return get(EntityHandle{static_cast<std::uint32_t>((userId >> 32) - 1), static_cast<std::uint32_t>(userId)});
}

Entity* World::entityOfBody(physics::BodyId body) {
    const auto d = mPhysics->desc(body);
    return d ? entityOfUser(d->userId) : nullptr;
}

void World::physicsDestroy(Entity& e) {
    for (physics::BodyId b : e.physicsObjects) (void)mPhysics->destroyBody(b);
    if (!e.physicsObjects.empty()) {
        e.touched();
        invalidateScene();
    }
    e.physicsObjects.clear();
}

Result<physics::BodyId> World::physicsInitShape(Entity& e, physics::BodyDesc desc) {
    if (!isFinite(e.origin) || !isFinite(e.angles))
        return Error("physics.nan", "the entity's origin or angles are not finite")
            .in("entity", fmt::format("{} {}", e.className, e.index));
    physicsDestroy(e);
    desc.position = e.origin;
    desc.rotation = anglesToQuat(e.angles);
    desc.userId = bodyUserId(e.handle);
    desc.collisionGroup = e.collisionGroup;
    VESTIGE_TRY(physics::BodyId body, mPhysics->createBody(desc));
    e.physicsObjects.push_back(body);
    e.moveType = MoveType::VPhysics;
    e.solid = Solid::VPhysics;
    if (const auto info = mPhysics->shapeInfo(desc.shape)) {
        e.mins = info->mins;
        e.maxs = info->maxs;
    }
    e.touched();
    invalidateScene();
    return body;
}

// A studio model's shape and .phy values, cached per model path: solid 0 of the .phy beside it, or its hull box
// (warned once per model, at the first use) when the .phy is absent or refused.
Result<physics::BodyDesc> World::studioShape(const std::string& model, const std::string& user) {
    auto fail = [&](std::string message) {
        Error err("game.physics_model", std::move(message));
        err.in("model", model).in("entity", user);
        return err;
    };
    if (const auto cached = mPropShapes.find(asciiLower(model)); cached != mPropShapes.end()) return cached->second;
    if (!mOptions.gameFile) return fail("no game files to read the model from");
    const std::optional<Bytes> mdlBytes = mOptions.gameFile(model);
    if (!mdlBytes) return fail("the model file is not there");
    VESTIGE_TRY(mdl::Mdl header, std::move(mdl::readMdl(*mdlBytes)).file(model));
    const std::string phyPath = model.substr(0, model.size() - std::min<std::size_t>(4, model.size())) + ".phy";
    const std::optional<Bytes> phyBytes = mOptions.gameFile(phyPath);
    const Vec3 size = header.header.hullMax - header.header.hullMin;
    const float boxMass = header.header.mass > 0 ? header.header.mass
                                                 : size.x * size.y * size.z * kCubicMetersPerCubicInch *
                                                       mPhysics->surfaceProps().get("default").density;
    phy::PhyReadOptions options;
    options.expectedChecksum = header.header.checksum;
    std::optional<ByteView> phyView;
    if (phyBytes) phyView = ByteView(*phyBytes);
    VESTIGE_TRY(physics::PropShape prop, physics::loadPropShape(*mPhysics, phyView, options, header.header.hullMin,
                                                                header.header.hullMax, boxMass));
    // Visible, never silent: the hull box stands in for a missing or refused collision model.
    if (!phyBytes)
        warn(fail("no .phy beside the model: its hull box stands in").in("file", phyPath));
    else if (prop.warning)
        warn(std::move(prop.warning->in("note", "the model's hull box stands in").file(phyPath)));
    return mPropShapes.emplace(asciiLower(model), prop.desc).first->second;
}

// CStaticProp::CreateVPhysics: SOLID_VPHYSICS props get their model's collision model as a static body at the
// prop's place, SOLID_BBOX ones a box of the model's hull, SOLID_NONE ones nothing.
void World::createStaticPropPhysics() {
    if (!mMap || !mMap->bsp() || !mMap->bsp()->staticProps) return;
    constexpr std::uint8_t kSolidBbox = 2, kSolidVPhysics = 6;
    const bsp::StaticProps& sprp = *mMap->bsp()->staticProps;
    for (std::size_t i = 0; i < sprp.props.size(); ++i) {
        const bsp::StaticProp& p = sprp.props[i];
        if (p.solid != kSolidBbox && p.solid != kSolidVPhysics) continue;
        if (p.propType >= sprp.names.size()) {
            ++mStaticPropStats.failed;
            continue;
        }
        const std::string& model = sprp.names[p.propType];
        const std::string user = fmt::format("static prop {}", i);
        physics::ShapeId shape;
        std::string material = "default";
        if (p.solid == kSolidVPhysics) {
            auto desc = studioShape(model, user);
            if (!desc) {
                ++mStaticPropStats.failed;
                if (mFailedStaticModels.insert(asciiLower(model)).second) warn(std::move(desc).error());
                continue;
            }
            shape = desc->shape;
            material = desc->material;
        } else {
            const std::optional<Bytes> mdlBytes = mOptions.gameFile ? mOptions.gameFile(model) : std::nullopt;
            auto header =
                mdlBytes ? mdl::readMdl(*mdlBytes) : Result<mdl::Mdl>(Error("game.physics_model", "no model"));
            auto box = header ? mPhysics->createBox(header->header.hullMin, header->header.hullMax)
                              : Result<physics::ShapeId>(header.error());
            if (!box) {
                ++mStaticPropStats.failed;
                if (mFailedStaticModels.insert(asciiLower(model)).second)
                    warn(std::move(Error("game.physics_model", "the static prop's model is not there or unreadable")
                                       .in("model", model)
                                       .in("entity", user)));
                continue;
            }
            shape = *box;
        }
        if (!mPhysics->createStaticBody(shape, p.origin, anglesToQuat(p.angles), material)) {
            ++mStaticPropStats.failed;
            continue;
        }
        ++mStaticPropStats.bodies;
        // Player movement and traces meet it as the box of its collision model's bounds, as they meet props.
        if (const auto info = mPhysics->shapeInfo(shape);
            info && info->maxs.x > info->mins.x && info->maxs.y > info->mins.y && info->maxs.z > info->mins.z)
            mStaticPropSolids.push_back({p.origin, p.angles, info->mins, info->maxs});
    }
    invalidateScene();
}

Result<physics::BodyId> World::physicsInitModel(Entity& e, const physics::BodyDesc* overrides) {
    physics::BodyDesc desc;
    if (e.brushModel > 0) {
        // A brush entity: its PHYSCOLLIDE model (what vbsp compiled for it), else its brushes, placed relative to
        // the lump origin the model was built at.
        if (!mMap) return modelError(e, "no map for a brush model");
        const auto n = static_cast<std::size_t>(e.brushModel);
        const Vec3 origin = mMap->modelOrigin(n);
        std::vector<std::vector<Vec3>> hulls;
        if (mMap->bsp()) {
            VESTIGE_TRY(auto lump, phy::physCollideOf(*mMap->bsp()));
            if (lump)
                for (const auto& m : lump->models) {
                    if (m.modelIndex != e.brushModel) continue;
                    for (const auto& solid : m.collide.solids) {
                        if (!solid.surface) continue;
                        for (auto& piece : phy::convexPieces(*solid.surface)) {
                            for (Vec3& p : piece.points) p = p - origin;
                            hulls.push_back(std::move(piece.points));
                        }
                    }
                }
        }
        if (hulls.empty())
            if (const collision::CollisionModel* model = mMap->model(n)) hulls = brushHulls(*model, origin);
        if (hulls.empty()) return modelError(e, "the brush model has no volume");
        VESTIGE_TRY(desc.shape, mPhysics->createMultiConvex(hulls));
        VESTIGE_TRY(physics::ShapeInfo info, mPhysics->shapeInfo(desc.shape));
        // vphysics' automatic mass: the volume times the material's density.
        desc.mass =
            std::max(info.volume * kCubicMetersPerCubicInch * mPhysics->surfaceProps().get("default").density, 1.0f);
    } else {
        if (e.model.empty()) return modelError(e, "the entity has no model");
        auto shape = studioShape(e.model, fmt::format("{} {}", e.className, e.index));
        if (!shape) return std::move(shape).error();
        desc = *shape;
    }
    if (overrides) {
        desc.startAsleep = overrides->startAsleep;
        desc.motionEnabled = overrides->motionEnabled;
        if (overrides->mass > 0) desc.mass *= overrides->mass;  // massScale
    }
    return physicsInitShape(e, desc);
}

void World::physicsFrame() {
    if (hooks.physicsSimulate) hooks.physicsSimulate(*this, physics::kTickInterval);
    // Players standing on a rideable body (CBasePlayer::GetGroundVPhysics + IsRideablePhysics: moveable and more
    // than twice the player's 85 kg) ride it: the shadow controller treats such a body as the player's local frame,
    // so the player's feet follow the body's motion over the step (traced, never into a solid).
    struct Rider {
        EntityHandle player, ground;
        physics::BodyId body;
        physics::BodyState before;
    };
    std::vector<Rider> riders;
    for (int i = 1; i <= mOptions.maxPlayers; ++i) {
        Entity* p = byIndex(i);
        if (!p || !p->player || !p->alive || p->markedForDeletion || p->moveType != MoveType::Walk) continue;
        Entity* g = get(p->groundEntity);
        if (!g || g->moveType != MoveType::VPhysics || g->physicsObjects.empty()) continue;
        const physics::BodyId b = g->physicsObjects[0];
        const auto d = mPhysics->desc(b);
        const auto st = mPhysics->state(b);
        if (d && st && d->motionEnabled && d->mass > 2 * kPlayerShadowMass)
            riders.push_back({p->handle, g->handle, b, *st});
    }
    const physics::StepEvents events = mPhysics->step();
    for (const Rider& r : riders) {
        Entity* p = get(r.player);
        const auto after = mPhysics->state(r.body);
        if (!p || !after) continue;
        const Vec3 local = rotate(r.before.rotation.conjugate(), p->origin - r.before.position);
        const Vec3 moved = after->position + rotate(after->rotation, local);
        if (!(lengthSquared(moved - p->origin) > 1e-8f)) continue;
        // Players are left out of the mask: the rider would block itself.
        constexpr std::uint32_t kMask = base::mask::kPlayerSolid & ~base::contents::kMonster;
        const TraceHitEntity t = trace(p->origin, moved, p->mins, p->maxs, kMask, r.ground);
        if (!t.result.startSolid) setOrigin(*p, t.result.endPos);
    }
    // VPhysicsUpdate: each entity that follows its body takes the body's place, turn and velocity.
    const std::vector<EntityHandle> snapshot = mOrder;
    for (EntityHandle h : snapshot) {
        Entity* e = get(h);
        if (!e || e->markedForDeletion || e->physicsObjects.empty() || e->moveType != MoveType::VPhysics) continue;
        const auto s = mPhysics->state(e->physicsObjects[0]);
        if (!s) continue;
        const Vec3 angles = quatToAngles(s->rotation);
        if (e->brushModel <= 0 && (s->position != e->origin || angles != e->angles)) invalidateScene();
        setOrigin(*e, s->position);
        setAngles(*e, angles);
        e->velocity = s->velocity;
    }
    // Broken joints: their entities hear ConstraintBroken (CPhysConstraintEvents), which fires OnBreak and removes
    // them.
    for (const physics::BreakEvent& ev : events.breaks)
        if (Entity* e = entityOfUser(ev.userId); e && !e->markedForDeletion)
            acceptInput(*e, "ConstraintBroken", {}, {}, Variant{});
    // The step's collisions, in the physics world's order (by body slot), each to its entity.
    for (const physics::CollisionEvent& ev : events.collisions) {
        Entity* self = mPhysics->valid(ev.self) ? entityOfUser(ev.selfUserId) : nullptr;
        if (!self || self->markedForDeletion) continue;
        Entity* other = ev.other.isNull() ? &worldEntity() : entityOfUser(ev.otherUserId);
        ++mPhysicsCollisions;
        if (hooks.physicsCollide) hooks.physicsCollide(*this, *self, other, ev);
    }
}

}  // namespace vestige::source::game
