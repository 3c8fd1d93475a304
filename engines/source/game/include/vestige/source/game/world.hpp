#pragma once
// The entity world of a Source map: one list of entities that movement, I/O, damage, (later) Lua, physics and the
// renderer all read. Fixed ticks; every rule cites the SDK (game/server, game/shared) or the GMod base gamemode.
//
// Slots and handles: Entity(0) is worldspawn, 1..maxPlayers are players, everything else takes the lowest free
// slot above them that was freed at least EDICT_FREETIME (1 s) ago or in the first 2 s of the map (engine
// ED_Alloc). A handle is (slot, serial); the serial moves on when the slot is freed, so a stale handle resolves to
// nothing, never to the slot's next entity. Iteration is creation order (CBaseEntityList's active list).
//
// One tick (CServerGameDLL::GameFrame):
//   tick += 1, curtime = tick * interval (float, as gpGlobals->curtime)
//   free entities removed between ticks -> players: their command (player.hpp) and triggers touched ->
//   every other entity in creation order: think when due (SetNextThink rounds to ticks), MOVETYPE_PUSH physics
//   (LinearMove/AngularMove: carry and push players, blocked -> revert) -> PhysFrame (the physics step, then
//   VPhysicsUpdate: bodies -> entities, then PhysicsCollide events) -> Tick hook -> event queue serviced ->
//   entities removed this tick freed (EntityRemoved/OnRemove already fired at Remove, once) -> state hash
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/error.hpp"
#include "vestige/core/handles.hpp"
#include "vestige/core/result.hpp"
#include "vestige/core/rng.hpp"
#include "vestige/source/base/random.hpp"
#include "vestige/source/bsp/entities.hpp"
#include "vestige/source/game/damage.hpp"
#include "vestige/source/game/entity.hpp"
#include "vestige/source/game/io.hpp"
#include "vestige/source/game/map_models.hpp"
#include "vestige/source/game/player.hpp"
#include "vestige/source/game/solids.hpp"
#include "vestige/source/game/sound.hpp"
#include "vestige/source/game/usercmd.hpp"
#include "vestige/source/movement/movement.hpp"
#include "vestige/source/physics/map.hpp"
#include "vestige/source/physics/world.hpp"

namespace vestige::source::game {

// C++ behaviours by class name (CreateEntityByName). Lookup is ASCII case-insensitive.
class ClassRegistry {
public:
    using Factory = std::function<std::unique_ptr<EntityClass>()>;
    void add(std::string name, Factory factory);
    [[nodiscard]] std::unique_ptr<EntityClass> create(std::string_view name) const;
    // Asked for a name no factory has (scripted classes a script registers at any time); nullptr = none.
    using Fallback = std::function<std::unique_ptr<EntityClass>(std::string_view name)>;
    void setFallback(Fallback fallback) { mFallback = std::move(fallback); }
    [[nodiscard]] bool has(std::string_view name) const;
    [[nodiscard]] std::vector<std::string> names() const;
    // Every class this module implements (doors, buttons, brushes, triggers, logic, teleports, spawn points).
    [[nodiscard]] static ClassRegistry builtin();

private:
    std::map<std::string, Factory, std::less<>> mFactories;  // lowercase names
    Fallback mFallback;
};

enum class TouchPhase : std::uint8_t { Start, Touch, End };

// GMod's hook points, called where the engine calls them. Empty = the base gamemode's behaviour (the default
// column); phase 2 binds each to hook.Call(name, GAMEMODE, ...).
struct GameHooks {
    std::function<void(World&, Entity& player, UserCmd&)> startCommand;
    std::function<void(World&, Entity& player, MoveData&, const UserCmd&)> setupMove;
    std::function<void(World&, Entity& player, MoveData&)> playerTick;
    std::function<bool(World&, Entity& player, MoveData&)> move;        // true: no engine movement
    std::function<bool(World&, Entity& player, MoveData&)> finishMove;  // true: the engine does not copy back
    // Default: baseGamemodeFallDamage(speed, mp_falldamage != 0).
    std::function<float(World&, Entity& player, float fallSpeed)> getFallDamage;
    // GM:PlayerStepSoundTime(ply, type, walking): ms to the next footstep. Default: baseGamemodeStepSoundTime.
    std::function<float(World&, Entity& player, StepSoundTime type, bool walking)> playerStepSoundTime;
    // GM:PlayerFootstep(ply, pos, foot, sound, volume, filter): true plays no footstep. Default: the base gamemode's
    // (a dead player's steps are silent).
    std::function<bool(World&, Entity& player, Vec3 pos, int foot, const std::string& sound, float volume)>
        playerFootstep;
    std::function<bool(World&, Entity& target, DamageInfo&)> entityTakeDamage;  // true blocks the damage
    std::function<void(World&, Entity& target, const DamageInfo&, bool taken)> postEntityTakeDamage;
    std::function<bool(World&, Entity& player, Entity& attacker)> playerShouldTakeDamage;  // default true
    std::function<void(World&, Entity& player, Entity* attacker, const DamageInfo&)> doPlayerDeath;
    std::function<void(World&, Entity& player, Entity* inflictor, Entity* attacker)> playerDeath;
    std::function<void(World&, Entity& player)> playerInitialSpawn;
    std::function<void(World&, Entity& player)> playerSpawn;    // after the position was chosen
    std::function<void(World&, Entity& player)> playerLoadout;  // weapons: nothing yet in C++
    // Default: the base gamemode's PlayerSelectSpawn (see World::defaultSpawnPoint).
    std::function<Entity*(World&, Entity& player)> playerSelectSpawn;
    // Default: the base gamemode's PlayerDeathThink (respawn 2 s after death on attack, attack2 or jump).
    std::function<void(World&, Entity& player)> playerDeathThink;
    // CBasePlayer::PostThink -> ItemPostFrame (the active weapon's attacks and think), after the command's movement
    // and touches: CPlayerMove::RunCommand runs ProcessMovement, FinishMove, ProcessImpacts, then RunPostThink.
    std::function<void(World&, Entity& player)> itemPostFrame;
    std::function<bool(World&, Entity& player, Entity& used)> playerUse;  // false: +use does nothing (default true)
    std::function<void(World&, Entity& entity)> entityRemoved;            // GM:EntityRemoved (before ENT:OnRemove)
    std::function<void(World&, Entity& entity)> onEntityCreated;
    // The slot of a removed entity is freed (end of its tick): whoever keeps per-entity state drops it.
    std::function<void(World&, EntityHandle freed)> entityFreed;
    // GM:AcceptInput: true stops the input.
    std::function<bool(World&, Entity& target, std::string_view input, Entity* activator, Entity* caller,
                       const Variant& value)>
        acceptInput;
    // A key reaching an entity (the lump's keys with fromMap, Entity:SetKeyValue without): may replace the value
    // (GM:EntityKeyValue, map keys only); true suppresses it (ENT:KeyValue): the key is recorded, not applied.
    std::function<bool(World&, Entity&, std::string_view key, std::string& value, bool fromMap)> keyValue;
    // ENT:OnTakeDamage of a scripted entity: a number replaces the class's OnTakeDamage (nullopt: the class's rule).
    std::function<std::optional<int>(World&, Entity&, DamageInfo&)> onTakeDamage;
    std::function<void(World&)> tick;  // GM:Tick, after entity thinks
    // ENT:PhysicsCollide / the PhysicsCollide hook: one collision event of one of `self`'s bodies, handed out after
    // the physics step (never from inside it); `other` is the world entity for the map, null for a body that no
    // longer has an entity.
    std::function<void(World&, Entity& self, Entity* other, const physics::CollisionEvent&)> physicsCollide;
    // ENT:StartTouch / Touch / EndTouch of the entity touched (a brush trigger, or an entity with SetTrigger),
    // after the class's own touch rule.
    std::function<void(World&, Entity& self, Entity& other, TouchPhase)> entityTouch;
    // The motion controllers (Entity:StartMotionController): called once per physics step, just before it, with the
    // step's length (ENT:PhysicsSimulate for each entity's controlled bodies).
    std::function<void(World&, float dt)> physicsSimulate;
};

struct WorldOptions {
    double tickRate = 66.666666666666667;  // GMod's default 66.67 Hz (15 ms)
    int maxPlayers = 1;
    std::uint64_t seed = 0;
    movement::MoveSettings move;       // sv_* (GMod values); per-player speeds come from PlayerData::values
    bool realisticFallDamage = false;  // mp_falldamage
    float edictFreeTime = 1.0f;        // EDICT_FREETIME
    int maxZeroDelayChain = 128;       // I/O loop cut: zero-delay hops in one service pass (Source has no limit)
    int maxEventsPerTick = 100000;     // I/O fan-out cut
    PlayerClassValues playerClass = PlayerClassValues::sandbox();
    // The game's file lookup (GAME search path) for model files: "models/x.mdl" and the .phy beside it. None = no
    // model files (props are refused with a warning; PhysicsInitBox & co. need none).
    std::function<std::optional<Bytes>(std::string_view path)> gameFile;
};

// Source angles (pitch, yaw, roll degrees) <-> the physics' rotations (AngleMatrix / MatrixAngles).
[[nodiscard]] Quat anglesToQuat(Vec3 angles);
[[nodiscard]] Vec3 quatToAngles(Quat q);

struct TraceHitEntity {
    collision::TraceResult result;  // fraction, endPos, plane (world normal), contents, start/all solid
    EntityHandle entity;            // the entity hit (world = Entity(0)), null on a miss
};

class World {
public:
    explicit World(std::shared_ptr<const MapModels> map = {}, WorldOptions options = {},
                   ClassRegistry classes = ClassRegistry::builtin());
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    // Spawns the lump as the engine does: worldspawn in slot 0, then every block in order (created, keys read in
    // file order, outputs parsed), then Spawn for each (parents first), then Activate for each. Malformed keys
    // are warnings; a lump that does not start with worldspawn is game.worldspawn.
    [[nodiscard]] Status loadEntities(std::span<const bsp::Entity> lump);
    // MapModels + loadEntities for a parsed map.
    [[nodiscard]] static Result<std::unique_ptr<World>> fromBsp(const bsp::Bsp& map, WorldOptions options = {});

    // ---- entities -------------------------------------------------------------------------------------------
    // ents.Create: a slot and the class's behaviour (an unimplemented class is an inert entity, counted in
    // unimplementedClasses()); keys may follow; nothing runs until spawn().
    Entity& create(std::string_view className);
    // Entity:SetKeyValue / the lump: base keys (classname, targetname, origin, angles, angle, model, spawnflags,
    // health, target, parentname, rendercolor, gravity), outputs of the class, then the class's own keys.
    void setKeyValue(Entity& e, std::string_view key, std::string_view value);
    // DispatchSpawn; a world already running also calls Activate (as ents.Create + Spawn does).
    void spawn(Entity& e);
    // UTIL_Remove: EntityRemoved then OnRemove fire now and once, then the entities it was told to delete on remove
    // (Entity:DeleteOnRemove) are removed; the entity stays valid (and in iteration, marked) until the end of the
    // tick, then its slot is freed and its serial moves on.
    void remove(Entity& e);
    void removeHierarchy(Entity& e);  // KillHierarchy: children first
    [[nodiscard]] Entity* get(EntityHandle h);
    [[nodiscard]] const Entity* get(EntityHandle h) const;
    [[nodiscard]] Entity* byIndex(int index);
    [[nodiscard]] Entity& worldEntity();
    [[nodiscard]] std::size_t count() const { return mPool.size(); }
    // Creation order, removed-this-tick entities included (they are still valid).
    template <class F>
    void forEach(F&& f) {
        for (std::size_t i = 0; i < mOrder.size(); ++i)
            if (Entity* e = get(mOrder[i])) f(*e);
    }
    [[nodiscard]] std::vector<EntityHandle> order() const { return mOrder; }
    // Sets the targetname (change names only through here or setKeyValue: lookups use an index of them).
    void setName(Entity& e, std::string name);
    // FindEntityByName with !activator, !caller, !self (= searching), !player, trailing-'*' wildcards.
    [[nodiscard]] std::vector<EntityHandle> findByName(std::string_view name, EntityHandle searching = {},
                                                       EntityHandle activator = {}, EntityHandle caller = {});
    [[nodiscard]] std::vector<EntityHandle> findByClass(std::string_view className);
    [[nodiscard]] const ClassRegistry& classes() const { return mClasses; }
    // Scripted classes (SENTs, SWEPs) come in through the registry's fallback.
    [[nodiscard]] ClassRegistry& classes() { return mClasses; }

    // ---- I/O ------------------------------------------------------------------------------------------------
    // FireOutput: every connection of the named output posts an event (delay = action delay + extra); the caller
    // is the entity itself unless given.
    void fireOutput(Entity& self, std::string_view output, EntityHandle activator, const Variant& value = {},
                    float extraDelay = 0, EntityHandle caller = {});
    // Adds "target,input,param,delay,times" to an output (AddOutput, the lump).
    void addOutputAction(Entity& e, std::string_view output, std::string_view actionText);
    // An event by name ("ent_fire target input param delay", Entity:Fire) or to one entity.
    void postEvent(std::string_view target, std::string_view input, Variant value, float delay, EntityHandle activator,
                   EntityHandle caller);
    void postEvent(EntityHandle target, std::string_view input, Variant value, float delay, EntityHandle activator,
                   EntityHandle caller);
    // AcceptInput: GM:AcceptInput hook, the class's inputs, then CBaseEntity's (Kill, KillHierarchy, Use,
    // SetParent, ClearParent, AddOutput, FireUser1..4, Color, Alpha). False when nothing handled it.
    bool acceptInput(Entity& target, std::string_view input, EntityHandle activator, EntityHandle caller,
                     const Variant& value, int outputId = 0);
    [[nodiscard]] const EventQueue& events() const { return mEvents; }
    void cancelEvents(EntityHandle caller) { mEvents.cancelFrom(caller); }
    void use(Entity& target, EntityHandle activator, EntityHandle caller, UseType type = UseType::Toggle,
             float value = 0);

    // ---- time -----------------------------------------------------------------------------------------------
    [[nodiscard]] std::uint64_t tick() const { return mTick; }
    [[nodiscard]] float curtime() const { return static_cast<float>(mTick) * mInterval; }  // gpGlobals->curtime
    [[nodiscard]] float interval() const { return mInterval; }
    [[nodiscard]] int timeToTicks(float t) const { return static_cast<int>(0.5f + t / mInterval); }  // TIME_TO_TICKS
    // SetNextThink(time): the think runs on the first tick >= TIME_TO_TICKS(time) (never for tick <= 0).
    void setNextThink(Entity& e, float time) { e.nextThinkTick = timeToTicks(time); }
    void stopThink(Entity& e) { e.nextThinkTick = -1; }
    [[nodiscard]] float nextThinkTime(const Entity& e) const {
        return e.nextThinkTick < 0 ? -1.0f : static_cast<float>(e.nextThinkTick) * mInterval;
    }
    // Pushers (CBaseToggle): LinearMove / AngularMove towards a target at a speed; moveDone() when there.
    void linearMove(Entity& e, Vec3 dest, float speed);
    void angularMove(Entity& e, Vec3 destAngles, float speed);
    void setMoveDoneTime(Entity& e, float delay) { e.moveDoneTime = delay >= 0 ? e.localTime + delay : -1.0f; }
    // Moves an entity (and its children), marks it changed; Teleport for players also resets their movement state.
    void setOrigin(Entity& e, Vec3 origin);
    void setAngles(Entity& e, Vec3 angles);
    void teleport(Entity& e, const Vec3* origin, const Vec3* angles, const Vec3* velocity);
    // CBasePlayer::SnapEyeAngles: the view angles now, kept over the next command's (FIXANGLE_ABSOLUTE) this frame.
    void snapEyeAngles(Entity& player, Vec3 angles);

    // ---- players ----------------------------------------------------------------------------------------------
    // A player in the next free player slot; it spawns on the next tick (PlayerInitialSpawn, PlayerSpawn).
    Entity& addPlayer();
    [[nodiscard]] Entity* player(int n = 1) { return byIndex(n); }
    [[nodiscard]] int players() const;  // player entities in the world (spawned or not)
    // The command the player runs on the next tick (an input script line, a client packet).
    void setCommand(Entity& player, const UserCmd& cmd);
    // Player:Spawn: spawn point (PlayerSelectSpawn), health, movement reset, PlayerSpawn + PlayerLoadout hooks.
    void spawnPlayer(Entity& player);
    // The world's movement settings with this player's hulls, eye heights and ladder speed (what its commands use).
    [[nodiscard]] movement::MoveSettings playerMoveSettings(const PlayerData& pd) const;
    // Player:SetMoveType (noclip, walk, none, ladder) and the other movement-affecting setters.
    void setMoveType(Entity& e, MoveType type);
    // CBasePlayer::FindUseEntity: what +use would use (a line 1024 ahead, then 72-unit hulls tilted down), within
    // PLAYER_USE_RADIUS (80) of the player's box; null when nothing usable is there.
    [[nodiscard]] Entity* findUseEntity(Entity& player);
    // The base gamemode's spawn point choice for this player (master flag, random suitable point).
    [[nodiscard]] Entity* defaultSpawnPoint(Entity& player);
    // CBasePlayer::StartObserverMode (Player:Spectate): not solid, invisible, no damage, LIFE_DEAD with 1 health,
    // off the ground, then setObserverMode. Refused (false) for OBS_MODE_NONE or an unknown mode.
    bool startObserverMode(Entity& player, int mode);
    // CBasePlayer::SetObserverMode: the mode and its move type (roaming flies as noclip; fixed, death cam and none
    // stand still; chase and in-eye follow the target, which Vestige does not move the player to yet).
    bool setObserverMode(Entity& player, int mode);
    // CBasePlayer::StopObserverMode (Player:UnSpectate): back to OBS_MODE_NONE; the gamemode spawns the player.
    void stopObserverMode(Entity& player);
    // Player:Kill (CommitSuicide: health 0, killed by itself); other entities are removed.
    void kill(Entity& e);
    // CBasePlayer::Event_Killed and GMod's DoPlayerDeath / PlayerDeath hooks (damage calls it at 0 health).
    void playerKilled(Entity& player, const DamageInfo& info);
    // The base gamemode's DoPlayerDeath without its ragdoll: deaths + 1, the attacking player's frags +1 (-1 for
    // suicide). GameHooks::doPlayerDeath replaces it.
    void baseDoPlayerDeath(Entity& player, Entity* attacker);

    // ---- studio models ----------------------------------------------------------------------------------------
    // What Entity:SkinCount / GetNumBodyGroups / SetBodygroup read of a .mdl (through WorldOptions::gameFile), cached
    // per model; nullptr when the model cannot be read (no file, not a studio model): then an entity has no skins
    // and no body groups, and SetBodygroup changes nothing (CBaseAnimating without a studio header).
    struct BodyGroupInfo {
        std::string name;
        int models = 0;  // choices (mstudiobodyparts_t::nummodels)
        int base = 1;    // m_nBody multiplier of this group
    };
    struct StudioInfo {
        int skinFamilies = 1;
        std::vector<BodyGroupInfo> bodyGroups;
    };
    [[nodiscard]] const StudioInfo* studioInfo(std::string_view model);
    // ::SetBodygroup / GetBodygroup over Entity::body (groups and choices out of range change nothing / read 0).
    void setBodygroup(Entity& e, int group, int value);
    [[nodiscard]] int bodygroup(const Entity& e, int group);

    // ---- damage -----------------------------------------------------------------------------------------------
    // CBaseEntity::TakeDamage: takedamage check, EntityTakeDamage hook (true blocks), the class's OnTakeDamage
    // (players: armor, fractional damage, knockback, death), PostEntityTakeDamage. Returns the damage taken flag.
    int takeDamage(Entity& target, DamageInfo info);
    // util.BlastDamage / RadiusDamage: D - distance * D / radius to every damageable entity the blast reaches.
    void blastDamage(EntityHandle inflictor, EntityHandle attacker, Vec3 origin, float radius, float damage,
                     std::uint32_t type = dmg::kBlast);

    // ---- collision ----------------------------------------------------------------------------------------------
    [[nodiscard]] const MapModels* map() const { return mMap.get(); }
    // The solid brush entities at their current places (rebuilt when one moved or changed solidity).
    [[nodiscard]] const SolidScene& scene();
    // A class changed an entity's solidity or collision group: the scene is rebuilt on its next use.
    void invalidateScene() { mSceneDirty = true; }
    // A trace against the world, solid brush entities and (when the mask has CONTENTS_MONSTER) players.
    [[nodiscard]] TraceHitEntity trace(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask,
                                       EntityHandle ignore = {});

    // ---- physics (world_physics.cpp) ---------------------------------------------------------------------------
    // The world's physics environment: made with the world (gravity = -move.gravity, the map's static collision
    // from its PHYSCOLLIDE or collision brushes), stepped once per tick.
    [[nodiscard]] physics::PhysicsWorld& physics() { return *mPhysics; }
    [[nodiscard]] const physics::PhysicsWorld& physics() const { return *mPhysics; }
    [[nodiscard]] const physics::MapPhysicsStats& physicsMap() const { return *mPhysicsMap; }
    // PhysicsInitBox/Sphere/Convex/...: the entity's bodies replaced by one body of `desc` (its shape, mass,
    // material ...) at the entity's origin and angles; MOVETYPE_VPHYSICS, solid.
    [[nodiscard]] Result<physics::BodyId> physicsInitShape(Entity& e, physics::BodyDesc desc);
    // SOLID_VPHYSICS from the entity's model (VPhysicsInitNormal): a brush model's PHYSCOLLIDE solid (or its
    // brushes), a studio model's .phy solid 0 (its mass, damping, surfaceprop), or the model's hull box when the
    // .phy is absent or refused (a warning says which). Errors: game.physics_model (no model file, no volume).
    [[nodiscard]] Result<physics::BodyId> physicsInitModel(Entity& e, const physics::BodyDesc* overrides = nullptr);
    // The game's surface properties (scripts/surfaceproperties*.txt through gameFile) replace the built-in table;
    // bodies already made take their materials' new values. Errors: physics.surfaceprops (the table stays).
    Status loadSurfaceProperties();
    // What the game files add to the physics once they can be read (the session's search path): the surface
    // properties, then the static props' bodies (sprp: SOLID_VPHYSICS from the model's .phy, SOLID_BBOX its hull box;
    // once per world). Errors: the surface properties' (the props are made regardless).
    Status loadGamePhysics();
    struct StaticPropPhysics {
        std::size_t bodies = 0, failed = 0;  // failed: model missing / unreadable (one warning per model)
    };
    [[nodiscard]] const StaticPropPhysics& staticPropPhysics() const { return mStaticPropStats; }
    // VPhysicsDestroyObject: every body of the entity (Remove does it at once, as UpdateOnRemove does).
    void physicsDestroy(Entity& e);
    // The world's physics object (g_PhysWorldObject, Entity(0)'s only body): the map's first static body; null
    // without map collision (then nothing can be constrained to the world).
    [[nodiscard]] physics::BodyId worldBody() const { return mWorldBody; }
    // The entity a body belongs to (null for the map's bodies and stale ones).
    [[nodiscard]] Entity* entityOfBody(physics::BodyId body);
    [[nodiscard]] Entity* entityOfUser(std::uint64_t userId);
    [[nodiscard]] static std::uint64_t bodyUserId(EntityHandle h) {
        return (static_cast<std::uint64_t>(h.slot) + 1) << 32 | h.generation;
    }
    // Collision events handed to GameHooks::physicsCollide so far.
    [[nodiscard]] std::uint64_t physicsCollisions() const { return mPhysicsCollisions; }

    // ---- running ----------------------------------------------------------------------------------------------
    void step();
    void run(std::uint64_t ticks) {
        for (std::uint64_t i = 0; i < ticks; ++i) step();
    }
    // FNV-1a over the state listed in docs/game.md ("State hash"), in creation order.
    [[nodiscard]] std::uint64_t stateHash() const;
    // Per-tick log: every entity whose changeSerial moved this tick (handles), for trace lines.
    [[nodiscard]] const std::vector<EntityHandle>& changedThisTick() const { return mChanged; }

    GameHooks hooks;
    SoundEvents sounds;  // sound.hpp: this tick's sound events
    // SetPhysConstraintSystem: the phys_constraintsystem that constraints activated from now on join (null: none, or
    // the one their constraintsystem key names).
    EntityHandle constraintSystem;
    [[nodiscard]] const WorldOptions& options() const { return mOptions; }
    WorldOptions& options() { return mOptions; }
    [[nodiscard]] RngStreams& rng() { return mRng; }
    // CBaseEntity::GetPredictionRandomSeed: the random_seed of the command a player is running (from StartCommand to
    // its weapon's ItemPostFrame), -1 outside one. util.SharedRandom and a player's FireBullets spread read it.
    [[nodiscard]] int predictionSeed() const { return mPredictionSeed; }
    // vstdlib's global uniform stream (`random`): what the engine draws from outside a player's command. Seeded once
    // from the world's named "uniform_random" stream instead of the engine's start time, so replays repeat.
    [[nodiscard]] base::UniformRandomStream& uniformRandom() { return mUniformRandom; }
    // Recoverable problems (bad keys, unhandled inputs, bad links) and cuts (I/O loops), each a structured Error.
    [[nodiscard]] const std::vector<Error>& warnings() const { return mWarnings; }
    [[nodiscard]] const std::vector<Error>& errors() const { return mErrors; }
    void warn(Error e) { mWarnings.push_back(std::move(e)); }
    void error(Error e) { mErrors.push_back(std::move(e)); }
    // Class name -> entities of classes without a C++ behaviour (kept inert).
    [[nodiscard]] const std::map<std::string, int>& unimplementedClasses() const { return mUnimplemented; }
    [[nodiscard]] std::uint64_t ioEventsFired() const { return mEventsFired; }

private:
    friend struct WorldAccess;
    Entity& allocate(std::string_view className, std::optional<std::uint32_t> slot);
    void freeRemoved();
    void serviceEvents();
    void runPlayer(Entity& player);
    void simulate(Entity& e);
    // CBaseEntity::PhysicsToss (toss.cpp): MOVETYPE_FLY / FLYGRAVITY entities move by their velocity (and gravity)
    // through swept box traces, sliding or bouncing off what they hit.
    void physicsToss(Entity& e);
    // Touch links of a player this tick: the triggers it overlaps and, after its own move, the solid entities its
    // move ran into (`impacts`). New links StartTouch, renewed ones Touch, lost ones EndTouch; without `impacts`
    // (a pusher moved it) only trigger links change.
    void touchTriggers(Entity& mover, const std::vector<EntityHandle>* impacts = nullptr);
    void toggleMoveDone(Entity& e);
    // Moves the players a pusher would take with it from its place to (toOrigin, toAngles); the blocker when one
    // cannot go (then nothing moved).
    EntityHandle pushPlayers(Entity& pusher, Vec3 toOrigin, Vec3 toAngles);
    void checkFalling(Entity& player, float fallSpeed);
    // CBasePlayer::UpdateStepSound / PlayStepSound (footsteps.cpp), at the start of the player's movement.
    void updateStepSound(Entity& player, Vec3 origin, Vec3 velocity);
    void playStepSound(Entity& player, Vec3 feet, const physics::Material& surface, float volume);
    void finishSpawn(Entity& e);
    void createPhysics();
    void createStaticPropPhysics();
    [[nodiscard]] Result<physics::BodyDesc> studioShape(const std::string& model, const std::string& user);
    void physicsFrame();
    void chain(QueuedEvent& ev) const;
    void post(QueuedEvent ev, float delay);
    [[nodiscard]] std::string describeEvent(const QueuedEvent& ev) const;

    WorldOptions mOptions;
    std::shared_ptr<const MapModels> mMap;
    ClassRegistry mClasses;
    HandlePool<std::unique_ptr<Entity>> mPool;
    std::vector<EntityHandle> mOrder;
    std::vector<float> mFreeTime;  // per slot: curtime when it was freed
    std::vector<EntityHandle> mRemoved;
    std::uint64_t mCreationSeq = 0;
    std::uint64_t mTick = 0;
    float mInterval = 0.015f;
    bool mRunning = false;      // after loadEntities: spawn() also activates
    bool mLoadingLump = false;  // loadEntities is reading the lump's keys (GameHooks::keyValue's fromMap)
    EventQueue mEvents;
    const QueuedEvent* mServicing = nullptr;  // the event being delivered (its zero-delay chain continues)
    EntityHandle mLastSpawnPoint;             // the gamemode's LastSpawnPoint
    int mNextActionId = 0;
    std::uint64_t mEventsFired = 0;
    RngStreams mRng;
    int mWadeSkip = 0;  // UpdateStepSound's static iSkipStep (one counter for every player, as in the SDK)
    base::UniformRandomStream mUniformRandom;
    int mPredictionSeed = -1;
    std::vector<Error> mWarnings, mErrors;
    std::map<std::string, int> mUnimplemented;
    std::unique_ptr<SolidScene> mScene;
    bool mSceneDirty = true;
    std::map<std::string, std::vector<EntityHandle>, std::less<>> mNames;  // lowercase name -> creation order
    bool mNamesDirty = true;
    std::vector<EntityHandle> mChanged;
    std::vector<std::uint32_t> mSerialAtTickStart;
    std::unique_ptr<physics::PhysicsWorld> mPhysics;
    std::unique_ptr<physics::MapPhysicsStats> mPhysicsMap;
    std::uint64_t mPhysicsCollisions = 0;
    physics::BodyId mWorldBody;
    StaticPropPhysics mStaticPropStats;
    struct StaticPropSolid {
        Vec3 origin, angles, mins, maxs;
    };
    std::vector<StaticPropSolid> mStaticPropSolids;  // in the scene as the world's (static props belong to it)
    bool mStaticPropsMade = false;
    std::set<std::string> mFailedStaticModels;                          // lowercase model paths already warned about
    std::map<std::string, physics::BodyDesc, std::less<>> mPropShapes;  // lowercase model path -> shape + .phy values
    std::map<std::string, std::optional<StudioInfo>, std::less<>> mStudioInfo;  // lowercase model path -> header facts
};

}  // namespace vestige::source::game
