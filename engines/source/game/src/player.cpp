// The player's tick: its command through GMod's hook points and CGameMovement, landing damage, spawning (base
// gamemode PlayerSelectSpawn, CGameRules::GetPlayerSpawnSpot), death and respawn (base gamemode PlayerDeathThink).
#include <algorithm>
#include <array>

#include "vestige/core/text.hpp"
#include "vestige/source/collision/contents.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::game {

float baseGamemodeFallDamage(float fallSpeed, bool realistic) {
    if (realistic)
        return (fallSpeed - kPlayerMaxSafeFallSpeed) * (100.0f / (kPlayerFatalFallSpeed - kPlayerMaxSafeFallSpeed));
    return 10.0f;
}

namespace {

// The speed the engine gives the move for this command: +speed runs, else +walk slow-walks, else walks (HL2's
// sprint-over-walk precedence; GMod's own choice is not public).
float chooseMaxSpeed(const PlayerClassValues& v, std::uint32_t buttons) {
    if (buttons & in::kSpeed) return v.runSpeed;
    if (buttons & in::kWalk) return v.slowWalkSpeed;
    return v.walkSpeed;
}

// The player shoving the props its move ran into. Source does it through the player's physics shadow; here the
// walk's push is an inelastic hit of the player's mass (kPlayerMass, ours) at the speed it wants to walk towards
// the prop, horizontally: a prop of mass m gets 85 / (85 + m) of the missing speed, so a light crate is shoved and
// a 5,000 kg one barely creeps (and its floor friction stops it).
constexpr float kPlayerMass = 85.0f;
void pushProps(World& w, Entity& p, const std::vector<EntityHandle>& impacts, const MoveData& mv) {
    if (!p.alive) return;
    Vec3 forward, right;
    movement::angleVectors({0, mv.moveAngles.y, 0}, &forward, &right, nullptr);
    Vec3 wish = forward * mv.forwardSpeed + right * mv.sideSpeed;
    wish.z = 0;
    const float speed = length(wish);
    if (!(speed > 0)) return;
    if (speed > mv.maxSpeed) wish = wish * (mv.maxSpeed / speed);
    for (EntityHandle h : impacts) {
        Entity* e = w.get(h);
        if (!e || e->markedForDeletion || e->moveType != MoveType::VPhysics || e->physicsObjects.empty()) continue;
        const physics::BodyId b = e->physicsObjects[0];
        const auto d = w.physics().desc(b);
        const auto st = w.physics().state(b);
        if (!d || !st || !d->motionEnabled) continue;
        Vec3 n = e->worldSpaceCenter() - p.origin;
        n.z = 0;
        if (!(length(n) > 0)) continue;
        n = normalize(n);
        const float missing = dot(wish, n) - dot(st->velocity, n);
        if (!(missing > 0)) continue;
        const float dv = missing * kPlayerMass / (kPlayerMass + d->mass);
        (void)w.physics().applyImpulse(b, n * (dv * d->mass));
    }
}

}  // namespace

movement::MoveSettings World::playerMoveSettings(const PlayerData& pd) const {
    movement::MoveSettings cv = mOptions.move;
    cv.hullMins = pd.hullMins;
    cv.hullMaxs = pd.hullMaxs;
    cv.duckHullMins = pd.duckHullMins;
    cv.duckHullMaxs = pd.duckHullMaxs;
    cv.viewHeight = pd.viewOffset.z;
    cv.duckViewHeight = pd.viewOffsetDucked.z;
    cv.ladderSpeed = pd.ladderSpeed;
    return cv;
}

void World::setCommand(Entity& player, const UserCmd& cmd) {
    if (!player.player) return;
    player.player->pending = cmd;
    player.player->hasPending = true;
}

void World::setMoveType(Entity& e, MoveType type) {
    e.moveType = type;
    e.touched();
    if (!e.player) return;
    movement::PlayerState& s = e.player->move;
    if (type == MoveType::Noclip || type == MoveType::Observer)
        s.moveType = movement::MoveType::Noclip;
    else if (type == MoveType::Ladder)
        s.moveType = movement::MoveType::Ladder;
    else
        s.moveType = movement::MoveType::Walk;
}

void World::runPlayer(Entity& p) {
    PlayerData& pd = *p.player;
    if (!pd.initialSpawnDone) {
        pd.initialSpawnDone = true;
        if (hooks.playerInitialSpawn) hooks.playerInitialSpawn(*this, p);
        spawnPlayer(p);
    }
    // The command: the one given for this tick, else the last one again (CUserCmd:IsForced).
    UserCmd cmd = pd.hasPending ? pd.pending : pd.cmd;
    cmd.forced = !pd.hasPending;
    pd.hasPending = false;
    cmd.commandNumber = ++pd.commands;
    cmd.tickCount = static_cast<int>(mTick);
    // CInput::CreateMove's seed; CPlayerMove::StartCommand makes it the prediction seed until FinishCommand.
    cmd.randomSeed =
        static_cast<int>(base::md5PseudoRandom(static_cast<std::uint32_t>(cmd.commandNumber)) & 0x7fffffffu);
    struct SeedScope {
        int& seed;
        ~SeedScope() { seed = -1; }
    } seedScope{mPredictionSeed};
    mPredictionSeed = cmd.randomSeed;
    if (hooks.startCommand) hooks.startCommand(*this, p, cmd);
    // PlayerRunCommand's FL_FROZEN: no movement, buttons or impulse (the view still turns, as in the SDK).
    if ((p.flags & fl::kFrozen) != 0) {
        cmd.forwardMove = cmd.sideMove = cmd.upMove = 0;
        cmd.buttons = 0;
        cmd.impulse = 0;
    }
    pd.oldButtons = pd.buttons;
    pd.buttons = cmd.buttons;
    pd.cmd = cmd;
    // CPlayerMove::RunCommand: the command's angles become the view angles unless the game set them (fixangle).
    if (!pd.fixAngle) pd.eyeAngles = cmd.viewAngles;

    // CheckMovingGround: when no trigger_push set a base velocity last tick, the old one becomes momentum.
    if (!pd.baseVelocityFlag && p.baseVelocity != Vec3{}) {
        p.velocity += p.baseVelocity * static_cast<float>(1.0 + static_cast<double>(mInterval) * 0.5);
        p.baseVelocity = {};
    }
    pd.baseVelocityFlag = false;

    // PreThink: CBasePlayer::PlayerUse on a fresh +use (or a held one for continuous-use entities).
    if (p.alive && pd.keyDown(in::kUse)) {
        if (Entity* used = findUseEntity(p)) {
            const int caps = used->behaviour->objectCaps(*used);
            const bool impulse = pd.keyPressed(in::kUse) && (caps & (fcap::kImpulseUse | fcap::kOnOffUse)) != 0;
            const bool continuous = (caps & fcap::kContinuousUse) != 0;
            if ((impulse || continuous) && (!hooks.playerUse || hooks.playerUse(*this, p, *used)))
                acceptInput(*used, "Use", p.handle, p.handle, {});
        }
    }

    // CPlayerMove::SetupMove: the command and the player's state into the move data.
    MoveData& mv = pd.mv;
    mv = MoveData{};
    mv.buttons = cmd.buttons;
    mv.oldButtons = pd.oldButtons;
    mv.impulseCommand = cmd.impulse;
    mv.angles = mv.absMoveAngles = mv.moveAngles = mv.oldAngles = cmd.viewAngles;
    mv.forwardSpeed = cmd.forwardMove;
    mv.sideSpeed = cmd.sideMove;
    mv.upSpeed = cmd.upMove;
    pd.maxSpeed = chooseMaxSpeed(pd.values, pd.canWalk ? cmd.buttons : cmd.buttons & ~in::kWalk);
    mv.maxSpeed = mv.maxClientSpeed = pd.maxSpeed;
    mv.origin = p.origin;
    mv.velocity = p.velocity;
    // CheckParameters zeroes a dead player's input (IsDead: no life and no health; observers keep 1 health).
    const bool dead = !p.alive && p.health <= 0;
    if (dead) mv.clearMovement();
    if (hooks.setupMove) hooks.setupMove(*this, p, mv, cmd);
    if (hooks.playerTick) hooks.playerTick(*this, p, mv);
    const bool overridden = hooks.move && hooks.move(*this, p, mv);

    movement::PlayerState& s = pd.move;
    std::vector<EntityHandle> impacts;
    // FullObserverMove: in-eye and chase sit on the observer target (its origin and velocity), roaming flies, the
    // other camera modes (fixed, freeze cam, death cam) stand still.
    const bool observing = pd.observerMode != 0;
    constexpr int kObsInEye = 4, kObsChase = 5, kObsRoaming = 6;  // OBS_MODE_*
    const bool following =
        p.moveType == MoveType::Observer && (pd.observerMode == kObsInEye || pd.observerMode == kObsChase);
    const bool still =
        p.moveType == MoveType::None || (p.moveType == MoveType::Observer && pd.observerMode != kObsRoaming);
    if (!overridden) decayPunchAngle(pd, mInterval);  // CheckParameters, for every move type
    if (!overridden && following) {
        if (const Entity* target = get(pd.observerTarget); target && !target->markedForDeletion) {
            mv.origin = target->origin;
            mv.velocity = target->velocity;
        }
    } else if (!overridden && !still) {
        movement::MoveSettings cv = playerMoveSettings(pd);
        cv.tickRate = static_cast<float>(mOptions.tickRate);
        cv.maxSpeed = mv.maxClientSpeed > 0 ? std::min(mv.maxSpeed, mv.maxClientSpeed) : mv.maxSpeed;
        cv.jumpPower = pd.values.jumpPower;
        cv.stepSize = pd.values.stepSize;
        cv.crouchedSpeed = pd.values.crouchedWalkSpeed;
        cv.duckTime = pd.values.duckSpeed;
        cv.unduckTime = pd.values.unDuckSpeed;
        cv.gravity *= p.gravity == 0.0f ? 1.0f : p.gravity;
        s.origin = mv.origin;
        s.velocity = mv.velocity;
        s.baseVelocity = p.baseVelocity;
        movement::MoveInput input;
        input.forwardMove = mv.forwardSpeed;
        input.sideMove = mv.sideSpeed;
        input.upMove = mv.upSpeed;
        input.viewAngles = mv.moveAngles;
        input.buttons = dead ? 0u : mv.buttons;
        if ((p.moveType == MoveType::Noclip && p.alive) || p.moveType == MoveType::Observer)
            input.buttons |= movement::buttons::kNoclip;
        const movement::PlayerMovement pm(scene(), cv);
        scene().clearImpacts();
        // PlayerMove's UpdateStepSound, from where the command starts (the last move's ground and water).
        updateStepSound(p, mv.origin, mv.velocity);
        pm.tick(s, input);
        impacts = scene().impacts();
        mv.origin = s.origin;
        mv.velocity = s.velocity;
        mv.finalStepHeight = s.stepHeight;
        p.baseVelocity = s.baseVelocity;
        if (s.moveType == movement::MoveType::Ladder)
            p.moveType = MoveType::Ladder;
        else if (p.moveType == MoveType::Ladder)
            p.moveType = MoveType::Walk;
    }
    // FinishMove (the hook returns true to keep the engine from copying the move back).
    const bool keep = hooks.finishMove && hooks.finishMove(*this, p, mv);
    if (!keep) {
        if (mv.origin != p.origin) setOrigin(p, mv.origin);
        p.velocity = mv.velocity;
    }
    s.origin = p.origin;
    s.velocity = p.velocity;
    const Vec3 eyeYaw{pd.allowFullRotation ? pd.eyeAngles.x : 0.0f, pd.eyeAngles.y, 0};
    if (p.angles != eyeYaw) {
        p.angles = eyeYaw;
        p.touched();
    }
    // What the player stands on: the scene's volume back to its entity, the world for world volumes.
    const EntityHandle before = p.groundEntity;
    p.groundEntity = {};
    if (s.onGround) {
        const EntityHandle on = scene().entityOfVolume(s.groundVolume);
        p.groundEntity = on.isNull() ? worldEntity().handle : on;
    }
    if (p.groundEntity != before) p.touched();
    if (s.landingSpeed > 0) checkFalling(p, s.landingSpeed);
    if (!overridden) pushProps(*this, p, impacts, mv);
    touchTriggers(p, &impacts);
    if (p.alive && hooks.itemPostFrame) hooks.itemPostFrame(*this, p);
    if (!p.alive && !observing) {
        if (hooks.playerDeathThink) {
            hooks.playerDeathThink(*this, p);
        } else if (!(pd.nextSpawnTime > curtime()) &&
                   (pd.keyPressed(in::kAttack) || pd.keyPressed(in::kAttack2) || pd.keyPressed(in::kJump))) {
            spawnPlayer(p);
        }
    }
}

void decayPunchAngle(PlayerData& pd, float dt) {
    constexpr float kSpring = 65.0f, kDamping = 9.0f;  // PUNCH_SPRING_CONSTANT, PUNCH_DAMPING
    Vec3& a = pd.punchAngle;
    Vec3& v = pd.punchAngleVel;
    if (dot(a, a) > 0.001f || dot(v, v) > 0.001f) {
        a += v * dt;
        v *= std::max(0.0f, 1 - kDamping * dt);
        v -= a * std::clamp(kSpring * dt, 0.0f, 2.0f);
        a = {std::clamp(a.x, -89.0f, 89.0f), std::clamp(a.y, -179.0f, 179.0f), std::clamp(a.z, -89.0f, 89.0f)};
    } else {
        a = v = {};
    }
}

void World::snapEyeAngles(Entity& p, Vec3 angles) {
    if (!p.player) return;
    p.player->eyeAngles = angles;
    p.player->fixAngle = true;
    p.touched();
}

void World::checkFalling(Entity& p, float fallSpeed) {
    // CGameMovement::CheckFalling with HL2's thresholds: punch at 303, damage above 526.5 u/s; none in water.
    if (p.groundEntity.isNull() || fallSpeed <= 0 || !p.alive || fallSpeed < kPlayerFallPunchThreshold) return;
    if (p.player->move.waterLevel > 0) return;
    if (const Entity* ground = get(p.groundEntity); ground && ground->index != 0 && ground->velocity.z < 0.0f) {
        // "Player landed on a descending object. Subtract the velocity of the ground entity."
        fallSpeed = std::max(0.1f, fallSpeed + ground->velocity.z);
    }
    if (fallSpeed <= kPlayerMaxSafeFallSpeed) return;
    const float damage = hooks.getFallDamage ? hooks.getFallDamage(*this, p, fallSpeed)
                                             : baseGamemodeFallDamage(fallSpeed, mOptions.realisticFallDamage);
    p.player->lastFallDamage = damage;
    if (damage > 0) {
        const EntityHandle world = worldEntity().handle;
        takeDamage(p, DamageInfo::make(world, world, damage, dmg::kFall));
    }
}

Entity* World::findUseEntity(Entity& p) {
    constexpr float kUseRadius = 80.0f;  // PLAYER_USE_RADIUS
    constexpr std::array<float, 8> kTangents = {
        0.0f, 1.0f, 0.57735026919f, 0.3639702342f, 0.267949192431f, 0.1763269807f, -0.1763269807f, -0.267949192431f};
    const std::uint32_t mask =
        collision::mask::kSolid | collision::contents::kDebris | collision::contents::kPlayerClip;
    Vec3 forward, up;
    movement::angleVectors(p.player->eyeAngles, &forward, nullptr, &up);  // EyeVectors
    const Vec3 eye = p.origin + p.player->eyeOffset();
    const float centerZ = p.worldSpaceCenter().z;
    const auto usable = [](const Entity* e) {
        return e && e->index != 0 &&
               (e->behaviour->objectCaps(*e) &
                (fcap::kImpulseUse | fcap::kContinuousUse | fcap::kOnOffUse | fcap::kDirectionalUse)) != 0;
    };
    Entity* nearest = nullptr;
    for (std::size_t i = 0; i < kTangents.size(); ++i) {
        TraceHitEntity tr;
        if (i == 0) {
            tr = trace(eye, eye + forward * 1024.0f, {}, {}, mask, p.handle);
        } else {
            const Vec3 down = normalize(forward - up * kTangents[i]);
            tr = trace(eye, eye + down * 72.0f, {-16, -16, -16}, {16, 16, 16}, mask, p.handle);
        }
        Entity* object = get(tr.entity);
        while (object && !usable(object) && get(object->parent)) object = get(object->parent);
        if (!usable(object)) continue;
        // The distance to the hit with its height measured to the player's box (IntervalDistance).
        Vec3 delta = tr.result.endPos - eye;
        const float lo = centerZ + p.mins.z, hi = centerZ + p.maxs.z, z = tr.result.endPos.z;
        delta.z = z < lo ? lo - z : (z > hi ? z - hi : 0.0f);
        if (length(delta) < kUseRadius) {
            nearest = object;
            if (i == 0) return object;
        }
    }
    if (Entity* ground = get(p.groundEntity); ground && (ground->behaviour->objectCaps(*ground) & fcap::kUseOnGround))
        nearest = ground;
    return nearest;
}

Entity* World::defaultSpawnPoint(Entity& player) {
    // gamemodes/base/gamemode/player.lua, GM:PlayerSelectSpawn with its SpawnPointEntityClasses.
    static constexpr std::array<std::string_view, 5> kClasses = {
        "info_player_start", "info_player_combine", "info_player_rebel", "gmod_player_start", "info_player_teamspawn"};
    std::vector<Entity*> points;
    bool master = false;
    forEach([&](Entity& e) {
        if (e.markedForDeletion) return;
        for (std::string_view c : kClasses) {
            if (iequals(e.className, c)) {
                points.push_back(&e);
                master = master || e.hasSpawnFlag(1);
            }
        }
    });
    if (points.empty()) {
        Error err("game.no_spawn_point", "[PlayerSelectSpawn] Error! No spawn points!");
        warn(std::move(err));
        return nullptr;
    }
    // IsSpawnpointSuitable: no other live player in (-16 -16 0)..(16 16 64) around it; the last try makes it so.
    const auto suitable = [&](Entity& spot, bool makeSuitable) {
        int blockers = 0;
        for (int i = 1; i <= mOptions.maxPlayers; ++i) {
            Entity* other = byIndex(i);
            if (!other || other == &player || !other->alive) continue;
            const Vec3 d = other->origin - spot.origin;
            if (d.x >= -16 && d.x <= 16 && d.y >= -16 && d.y <= 16 && d.z >= 0 && d.z <= 64) {
                ++blockers;
                if (makeSuitable) kill(*other);
            }
        }
        return makeSuitable || blockers == 0;
    };
    if (master)
        for (Entity* e : points)
            if (e->hasSpawnFlag(1) && suitable(*e, true)) return e;
    const auto inWorld = [&](const Entity& e) {
        return !mMap || (mMap->world().pointContents(e.origin) & collision::contents::kSolid) == 0;
    };
    const auto count = static_cast<std::uint32_t>(points.size());
    Entity* chosen = nullptr;
    Pcg32& rng = mRng.stream("PlayerSelectSpawn");  // math.random( Count ), from a named stream
    for (std::uint32_t i = 1; i <= count; ++i) {
        chosen = points[rng.below(count)];
        if (!inWorld(*chosen)) continue;
        if ((chosen->handle == player.player->lastSpawnPoint || chosen->handle == mLastSpawnPoint) && count > 1)
            continue;
        if (suitable(*chosen, i == count)) {
            mLastSpawnPoint = chosen->handle;
            return chosen;
        }
    }
    return chosen;
}

void World::spawnPlayer(Entity& p) {
    PlayerData& pd = *p.player;
    // CBasePlayer::Spawn / SharedSpawn.
    p.alive = true;
    p.health = pd.values.startHealth;
    p.maxHealth = pd.values.maxHealth;
    p.armor = static_cast<float>(pd.values.startArmor);
    p.maxArmor = static_cast<float>(pd.values.maxArmor);
    p.takeDamage = takedamage::kYes;
    p.damageAccumulator = 0;
    p.moveType = MoveType::Walk;
    p.solid = Solid::Box;
    p.notSolid = false;
    p.collisionGroup = 5;  // COLLISION_GROUP_PLAYER
    p.mins = pd.hullMins;
    p.maxs = pd.hullMaxs;
    p.flags = fl::kClient | fl::kAimTarget;  // ClearFlags, then FL_CLIENT and FL_AIMTARGET (no longer frozen)
    p.effects &= ef::kNoShadow;              // SetEffects(GetEffects() & EF_NOSHADOW): visible again
    p.noDraw = false;
    // CGameRules::GetPlayerSpawnSpot: 1 unit above the spot, no velocity, the spot's angles.
    Entity* spot = hooks.playerSelectSpawn ? hooks.playerSelectSpawn(*this, p) : defaultSpawnPoint(p);
    const Vec3 at = (spot ? spot->origin : Vec3{}) + Vec3{0, 0, 1};
    const Vec3 angles = spot ? spot->angles : Vec3{};
    const movement::PlayerMovement pm(scene(), playerMoveSettings(pd));
    pd.move = pm.spawn(at);
    p.origin = at;
    p.velocity = {};
    p.angles = {0, angles.y, 0};
    pd.cmd.viewAngles = angles;
    snapEyeAngles(p, angles);
    p.groundEntity = {};
    if (spot) pd.lastSpawnPoint = spot->handle;
    // CreateViewModel (GMod makes all three): owned by the player and following it (FollowEntity).
    for (EntityHandle& vm : pd.viewModels) {
        if (get(vm)) continue;
        Entity& v = create("predicted_viewmodel");
        v.origin = p.origin;
        v.owner = p.handle;
        v.parent = p.handle;
        v.notSolid = true;
        spawn(v);
        vm = v.handle;
    }
    if (pd.team != 1002) stopObserverMode(p);  // TEAM_SPECTATOR players stay observers
    p.touched();
    if (hooks.playerSpawn) hooks.playerSpawn(*this, p);
    if (hooks.playerLoadout) hooks.playerLoadout(*this, p);
}

void World::kill(Entity& e) {
    if (!e.player) {
        remove(e);
        return;
    }
    if (!e.alive) return;
    // CBasePlayer::CommitSuicide: health 0, Event_Killed with a 0 damage, never-gib info from itself.
    e.health = 0;
    playerKilled(e, DamageInfo::make(e.handle, e.handle, 0, dmg::kNeverGib));
}

void World::baseDoPlayerDeath(Entity& p, Entity* attacker) {
    ++p.player->deaths;  // ply:AddDeaths( 1 ); frags for a player attacker (-1 for suicide)
    if (attacker && attacker->player) attacker->player->frags += attacker == &p ? -1 : 1;
}

void World::playerKilled(Entity& p, const DamageInfo& info) {
    PlayerData& pd = *p.player;
    // CBasePlayer::Event_Killed: dying, not solid; then GMod's DoPlayerDeath and PlayerDeath.
    p.alive = false;
    p.notSolid = true;
    if (p.health < -99) p.health = 0;
    p.touched();
    Entity* attacker = get(info.attacker);
    Entity* inflictor = get(info.inflictor);
    if (hooks.doPlayerDeath)
        hooks.doPlayerDeath(*this, p, attacker, info);
    else
        baseDoPlayerDeath(p, attacker);
    if (hooks.playerDeath) {
        hooks.playerDeath(*this, p, inflictor, attacker);
    } else {
        pd.nextSpawnTime = curtime() + 2.0f;  // "Don't spawn for at least 2 seconds"
        pd.deathTime = curtime();
    }
}

}  // namespace vestige::source::game
