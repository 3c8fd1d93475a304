// One tick of the world (CServerGameDLL::GameFrame), thinks, MOVETYPE_PUSH physics (server physics_main.cpp
// PhysicsPusher / PerformPush / PhysicsPushMove / PhysicsPushRotate, subs.cpp CBaseToggle::LinearMove), trigger
// touches (physics_main_shared.cpp touch links), positions and traces.
#include <algorithm>
#include <array>
#include <map>
#include <mutex>

#include "vestige/source/collision/builder.hpp"
#include "vestige/source/collision/contents.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {

namespace {

const collision::CollisionModel& boxWorld(Vec3 mins, Vec3 maxs) {
    // Players as seen by traces and pushers: their hull (standing or ducked), built once per hull.
    static const collision::CollisionModel stand = [] {
        collision::ModelBuilder b;
        b.addBox({-16, -16, 0}, {16, 16, 72}, collision::contents::kMonster);
        return b.build();
    }();
    static const collision::CollisionModel duck = [] {
        collision::ModelBuilder b;
        b.addBox({-16, -16, 0}, {16, 16, 36}, collision::contents::kMonster);
        return b.build();
    }();
    return maxs.z > 40.0f || mins.z < 0.0f ? stand : duck;
}

// A studio prop as traces and movement see it: its collision bounds as one solid box in the prop's frame (the .phy's
// hull exactly for box props, its bounding box otherwise), built once per distinct box and kept for the process
// like the player hulls above (the scene holds pointers to it).
const collision::CollisionModel& propBox(Vec3 mins, Vec3 maxs) {
    static std::mutex mutex;
    static std::map<std::array<float, 6>, collision::CollisionModel> boxes;
    const std::lock_guard<std::mutex> lock(mutex);
    const std::array<float, 6> key{mins.x, mins.y, mins.z, maxs.x, maxs.y, maxs.z};
    auto it = boxes.find(key);
    if (it == boxes.end()) {
        collision::ModelBuilder b;
        b.addBox(mins, maxs, collision::contents::kSolid);
        it = boxes.emplace(key, b.build()).first;
    }
    return it->second;
}

}  // namespace

void World::step() {
    ++mTick;
    mRunning = true;
    sounds.beginTick();
    freeRemoved();  // removed between ticks (console commands, tests): CleanupDeleteList at the frame's start
    for (int i = 1; i <= mOptions.maxPlayers; ++i)
        if (Entity* p = byIndex(i); p && p->player) runPlayer(*p);
    const std::vector<EntityHandle> snapshot = mOrder;  // entities created this tick simulate from the next
    for (EntityHandle h : snapshot) {
        Entity* e = get(h);
        if (!e || e->player || e->markedForDeletion) continue;
        simulate(*e);
    }
    // PhysFrame: the physics game system's FrameUpdatePostEntityThink (after Physics_RunThinkFunctions); GM:Tick is
    // the game rules' Think at the same point, so its order against PhysFrame is ours: physics first.
    physicsFrame();
    if (hooks.tick) hooks.tick(*this);
    serviceEvents();
    mChanged.clear();
    forEach([&](Entity& e) {
        if (e.changeSerial != e.reportedSerial) {
            mChanged.push_back(e.handle);
            e.reportedSerial = e.changeSerial;
        }
    });
    // The frame goes to the clients: a fixangle is sent once (SV_WriteClientdataToMessage) and cleared.
    for (int i = 1; i <= mOptions.maxPlayers; ++i)
        if (Entity* p = byIndex(i); p && p->player) p->player->fixAngle = false;
    freeRemoved();
}

void World::simulate(Entity& e) {
    // PhysicsRunThink: a think scheduled for this tick or earlier (never for tick <= 0) runs once.
    if (e.nextThinkTick > 0 && static_cast<std::uint64_t>(e.nextThinkTick) <= mTick) {
        e.nextThinkTick = -1;
        e.behaviour->think(*this, e);
    }
    if (e.markedForDeletion) return;
    if (e.moveType == MoveType::Fly || e.moveType == MoveType::FlyGravity) {
        if (e.parent.isNull()) physicsToss(e);  // a parented entity follows its parent instead
        return;
    }
    if (e.moveType != MoveType::Push) return;

    // PhysicsPusher: move for the rest of the move time, at most one tick.
    float movetime = e.moveDoneTime >= 0 ? e.moveDoneTime - e.localTime : -1.0f;
    if (movetime > mInterval) movetime = mInterval;
    const EntityHandle previous = e.blocker;
    if (movetime > 0) {
        EntityHandle blocker;
        const bool turning = e.angularVelocity != Vec3{};
        const bool moving = e.velocity != Vec3{};
        const auto pushMove = [&]() -> EntityHandle {
            e.localTime += movetime;  // "If this entity isn't moving, just update the time."
            if (!moving) return {};
            const Vec3 to = e.origin + e.velocity * movetime;
            const EntityHandle b = pushPlayers(e, to, e.angles);
            if (b.isNull())
                setOrigin(e, to);
            else
                e.localTime -= movetime;
            return b;
        };
        const auto pushRotate = [&]() -> EntityHandle {
            e.localTime += movetime;
            if (!turning) return {};
            const Vec3 to = e.angles + e.angularVelocity * movetime;
            const EntityHandle b = pushPlayers(e, e.origin, to);
            if (b.isNull())
                setAngles(e, to);
            else
                e.localTime -= movetime;
            return b;
        };
        if (turning && moving) {
            // Rotate first, then move; keep the later of the two local times (PerformPush).
            const float t0 = e.localTime;
            blocker = pushRotate();
            if (blocker.isNull()) {
                const float rotated = e.localTime;
                e.localTime = t0;
                blocker = pushMove();
                e.localTime = std::max(e.localTime, rotated);
            }
        } else if (turning) {
            blocker = pushRotate();
        } else {
            blocker = pushMove();
        }
        e.blocker = blocker;
        if (blocker != previous) {
            if (!previous.isNull()) e.behaviour->endBlocked(*this, e);
            if (Entity* b = get(blocker)) e.behaviour->startBlocked(*this, e, *b);
        }
        if (Entity* b = get(blocker)) e.behaviour->blocked(*this, e, *b);
    }
    if (e.moveDoneTime <= e.localTime && e.moveDoneTime > 0) {
        e.moveDoneTime = -1;
        toggleMoveDone(e);
    }
}

void World::toggleMoveDone(Entity& e) {
    // CBaseToggle::MoveDone: snap to the goal (LinearMoveDone / AngularMoveDone), then the class's callback.
    if (e.toggleMove == Entity::Toggle::Linear) {
        setOrigin(e, e.finalDest);
        e.velocity = {};
    } else if (e.toggleMove == Entity::Toggle::Angular) {
        setAngles(e, e.finalAngle);
        e.angularVelocity = {};
    }
    e.toggleMove = Entity::Toggle::None;
    e.behaviour->moveDone(*this, e);
}

void World::linearMove(Entity& e, Vec3 dest, float speed) {
    e.finalDest = dest;
    e.toggleMove = Entity::Toggle::Linear;
    if (dest == e.origin || !(speed > 0)) {
        toggleMoveDone(e);
        return;
    }
    const Vec3 delta = dest - e.origin;
    const float travel = length(delta) / speed;
    setMoveDoneTime(e, travel);
    e.velocity = delta / travel;
    e.touched();
}

void World::angularMove(Entity& e, Vec3 destAngles, float speed) {
    e.finalAngle = destAngles;
    e.toggleMove = Entity::Toggle::Angular;
    if (destAngles == e.angles || !(speed > 0)) {
        toggleMoveDone(e);
        return;
    }
    const Vec3 delta = destAngles - e.angles;
    float travel = length(delta) / speed;
    travel = std::max(travel, 0.01f);  // "If we only travel for a short time, we can fail WillSimulateGamePhysics()"
    setMoveDoneTime(e, travel);
    e.angularVelocity = delta * static_cast<float>(1.0 / travel);
    e.touched();
}

EntityHandle World::pushPlayers(Entity& pusher, Vec3 toOrigin, Vec3 toAngles) {
    if (!pusher.isSolid() || pusher.brushModel <= 0 || !mMap) return {};
    const collision::CollisionModel* model = mMap->model(static_cast<std::size_t>(pusher.brushModel));
    if (!model) return {};
    const Vec3 lump = mMap->modelOrigin(static_cast<std::size_t>(pusher.brushModel));
    const Placement before = Placement::of(pusher.origin, lump, pusher.angles, true);
    const Placement after = Placement::of(toOrigin, lump, toAngles, true);
    const bool rotating = toAngles != pusher.angles;
    const std::uint32_t mask = collision::mask::kPlayerSolid;
    struct Moved {
        Entity* player;
        Vec3 from;
    };
    std::vector<Moved> moved;
    const auto restore = [&] {
        for (const Moved& m : moved) m.player->origin = m.from;
    };
    for (int i = 1; i <= mOptions.maxPlayers; ++i) {
        Entity* p = byIndex(i);
        if (!p || !p->player || !p->isSolid() || p->moveType == MoveType::Noclip || p->moveType == MoveType::None)
            continue;
        const movement::PlayerState& s = p->player->move;
        const Vec3 mins = p->player->mins(s.ducked);
        const Vec3 maxs = p->player->maxs(s.ducked);
        const bool riding = p->groundEntity == pusher.handle;
        if (!riding && !SolidScene::boxOverlaps(*model, after, p->origin, mins, maxs, mask)) continue;
        // Where the pusher takes the player: along with a translation, around the pusher with a rotation.
        const Vec3 target = after.toWorld(before.toModel(p->origin));
        Vec3 dest = target;
        if (!rotating) {
            // SpeculativelyCheckPush: the pushed entity is traced there with the pusher out of the way.
            const SolidScene::Hit h = scene().traceEntities(p->origin, target, mins, maxs, mask, pusher.handle);
            dest = h.r.fraction > 0.0f ? h.r.endPos : p->origin;
        }
        moved.push_back({p, p->origin});
        p->origin = dest;
        const bool stuck = SolidScene::boxOverlaps(*model, after, dest, mins, maxs, mask) ||
                           scene().traceEntities(dest, dest, mins, maxs, mask, pusher.handle).r.startSolid;
        if (stuck) {
            restore();
            return p->handle;
        }
    }
    for (const Moved& m : moved) {
        m.player->player->move.origin = m.player->origin;
        m.player->touched();
    }
    for (const Moved& m : moved) touchTriggers(*m.player);
    return {};
}

void World::touchTriggers(Entity& mover, const std::vector<EntityHandle>* impacts) {
    if (!mMap || !mover.player) return;
    const movement::PlayerState& s = mover.player->move;
    const Vec3 mins = mover.player->mins(s.ducked);
    const Vec3 maxs = mover.player->maxs(s.ducked);
    const std::vector<EntityHandle> snapshot = mOrder;
    for (EntityHandle h : snapshot) {
        Entity* t = get(h);
        if (!t || t == &mover) continue;
        bool overlap = false;
        const bool trigger = t->behaviour->isTrigger(*t) || t->triggerFlag;
        if (!trigger && !impacts &&
            std::find(t->touching.begin(), t->touching.end(), mover.handle) != t->touching.end())
            continue;  // a pusher's touch check leaves impact links alone
        if (!trigger && impacts && !t->markedForDeletion && !mover.markedForDeletion) {
            overlap = std::find(impacts->begin(), impacts->end(), h) != impacts->end();
        } else if (mover.alive && !mover.markedForDeletion && !t->markedForDeletion && t->brushModel > 0 && trigger) {
            if (const collision::CollisionModel* model = mMap->model(static_cast<std::size_t>(t->brushModel))) {
                const Placement at = Placement::of(
                    t->origin, mMap->modelOrigin(static_cast<std::size_t>(t->brushModel)), t->angles, true);
                overlap = SolidScene::boxOverlaps(*model, at, mover.origin, mins, maxs, ~0u);
            }
        } else if (mover.alive && !mover.markedForDeletion && !t->markedForDeletion && t->brushModel <= 0 &&
                   t->triggerFlag && t->solid != Solid::None) {
            // A point entity made a trigger: its collision bounds as the box around its origin, faces touching
            // counting (IsBoxIntersectingBox).
            const Vec3 a0 = t->origin + t->mins, a1 = t->origin + t->maxs;
            const Vec3 b0 = mover.origin + mins, b1 = mover.origin + maxs;
            overlap = !(a0.x > b1.x || a1.x < b0.x || a0.y > b1.y || a1.y < b0.y || a0.z > b1.z || a1.z < b0.z);
        }
        const auto it = std::find(t->touching.begin(), t->touching.end(), mover.handle);
        // A new touch link calls StartTouch; a link found again calls Touch; a link not found again, EndTouch.
        TouchPhase phase = TouchPhase::Touch;
        if (overlap && it == t->touching.end()) {
            t->touching.push_back(mover.handle);
            t->behaviour->startTouch(*this, *t, mover);
            phase = TouchPhase::Start;
        } else if (overlap) {
            t->behaviour->touch(*this, *t, mover);
        } else if (it != t->touching.end()) {
            t->touching.erase(it);
            t->behaviour->endTouch(*this, *t, mover);
            phase = TouchPhase::End;
        } else {
            continue;
        }
        if ((trigger || t->brushModel > 0) && hooks.entityTouch) hooks.entityTouch(*this, *t, mover, phase);
    }
}

void World::setOrigin(Entity& e, Vec3 origin) {
    const Vec3 delta = origin - e.origin;
    if (delta == Vec3{}) return;
    e.origin = origin;
    e.touched();
    if (e.player) e.player->move.origin = origin;
    if (e.brushModel > 0) invalidateScene();
    const std::vector<EntityHandle> snapshot = mOrder;
    for (EntityHandle h : snapshot)
        if (Entity* c = get(h); c && c->parent == e.handle) setOrigin(*c, c->origin + delta);
}

void World::setAngles(Entity& e, Vec3 angles) {
    if (angles == e.angles) return;
    const Placement before = Placement::of(e.origin, {}, e.angles, true);
    const Placement after = Placement::of(e.origin, {}, angles, true);
    const Vec3 turn = angles - e.angles;
    e.angles = angles;
    e.touched();
    if (e.brushModel > 0) invalidateScene();
    const std::vector<EntityHandle> snapshot = mOrder;
    for (EntityHandle h : snapshot) {
        Entity* c = get(h);
        if (!c || c->parent != e.handle) continue;
        setOrigin(*c, after.toWorld(before.toModel(c->origin)));
        setAngles(*c, c->angles + turn);
    }
}

void World::teleport(Entity& e, const Vec3* origin, const Vec3* angles, const Vec3* velocity) {
    e.groundEntity = {};
    if (origin) setOrigin(e, *origin);
    if (angles) {
        if (e.player) {
            e.player->cmd.viewAngles = *angles;
            e.angles = {0, angles->y, 0};
            snapEyeAngles(e, *angles);
        } else {
            setAngles(e, *angles);
        }
    }
    if (velocity) {
        e.velocity = *velocity;
        if (e.player) e.player->move.velocity = *velocity;
    }
    if (e.player) e.player->move.onGround = false;
}

const SolidScene& World::scene() {
    if (mScene && !mSceneDirty) return *mScene;
    mScene = std::make_unique<SolidScene>(mMap ? &mMap->world() : nullptr);
    mSceneDirty = false;
    if (!mMap) return *mScene;
    forEach([&](Entity& e) {
        if (e.markedForDeletion || !e.isSolid() || e.player) return;
        if (e.solid == Solid::VPhysics && e.brushModel <= 0 && !e.physicsObjects.empty()) {
            // Props block what player movement collides with (debris does not: CGameRules::ShouldCollide).
            if (!physics::shouldCollide(physics::kGroupPlayerMovement, e.collisionGroup) || !isFinite(e.origin) ||
                !(e.maxs.x > e.mins.x && e.maxs.y > e.mins.y && e.maxs.z > e.mins.z))
                return;
            mScene->add(e.handle, propBox(e.mins, e.maxs), {}, e.origin, e.angles);
            return;
        }
        if (e.brushModel <= 0 || e.behaviour->isTrigger(e)) return;
        const collision::CollisionModel* model = mMap->model(static_cast<std::size_t>(e.brushModel));
        if (!model || !isFinite(e.origin)) return;
        mScene->add(e.handle, *model, mMap->modelOrigin(static_cast<std::size_t>(e.brushModel)), e.origin, e.angles);
    });
    // Static props hit as the world does (a trace that meets one reports the world entity).
    for (const StaticPropSolid& p : mStaticPropSolids)
        mScene->add(worldEntity().handle, propBox(p.mins, p.maxs), {}, p.origin, p.angles);
    return *mScene;
}

TraceHitEntity World::trace(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask, EntityHandle ignore) {
    TraceHitEntity out;
    const SolidScene::Hit h = scene().traceEntities(start, end, mins, maxs, mask, ignore);
    out.result = h.r;
    if (h.world)
        out.entity = worldEntity().handle;
    else
        out.entity = h.entity;
    if (h.r.startSolid && h.world) return out;
    if ((mask & collision::contents::kMonster) == 0) return out;
    const bool line = mins == Vec3{} && maxs == Vec3{};
    for (int i = 1; i <= mOptions.maxPlayers; ++i) {
        Entity* p = byIndex(i);
        if (!p || !p->player || p->handle == ignore || !p->alive || !p->isSolid()) continue;
        const collision::CollisionModel& box = boxWorld(p->mins, p->maxs);
        const PlacedHit ph =
            tracePlaced(box, start, end, mins, maxs, line, Placement::of(p->origin, {}, {}, false), mask);
        if (ph.r.didHit() && (ph.r.fraction < out.result.fraction || (!out.result.didHit() && ph.r.startSolid))) {
            out.result = ph.r;
            out.entity = p->handle;
        }
    }
    return out;
}

}  // namespace vestige::source::game
