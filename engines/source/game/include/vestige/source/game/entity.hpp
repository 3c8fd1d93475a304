#pragma once
// One entity of the world and the C++ behaviour behind its class.
//
// An Entity is plain data that every subsystem reads (movement, I/O, damage, later Lua, physics and the
// renderer); its behaviour is an EntityClass registered by class name (func_door, trigger_once, ...). Entities
// live at stable addresses until the end of the tick they are removed in, so references stay valid inside a tick;
// anything kept across ticks is an EntityHandle (slot + serial), which resolves to nothing once the entity is gone.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/source/game/io.hpp"
#include "vestige/source/physics/types.hpp"

namespace vestige::source::game {

class World;
struct Entity;
struct PlayerData;
struct DamageInfo;

// MOVETYPE_* (public/const.h; GMod's MOVETYPE enum has the same values).
enum class MoveType : int {
    None = 0,
    Isometric = 1,
    Walk = 2,
    Step = 3,
    Fly = 4,
    FlyGravity = 5,
    VPhysics = 6,
    Push = 7,
    Noclip = 8,
    Ladder = 9,
    Observer = 10,
    Custom = 11
};

// m_takedamage values (DAMAGE_NO ...).
namespace takedamage {
constexpr int kNo = 0, kEventsOnly = 1, kYes = 2, kAim = 3;
}

// FCAP_* (baseentity.h ObjectCaps).
namespace fcap {
constexpr int kImpulseUse = 0x10, kContinuousUse = 0x20, kOnOffUse = 0x40, kDirectionalUse = 0x80, kUseOnGround = 0x100,
              kUseInRadius = 0x200;
}

// USE_TYPE (USE_OFF ... USE_TOGGLE).
enum class UseType : int { Off = 0, On = 1, Set = 2, Toggle = 3 };

// What an input handler receives (inputdata_t).
struct InputData {
    std::string_view name;
    Variant value;  // already converted to the input's declared type
    EntityHandle activator, caller;
    int outputId = 0;
};

struct InputDef {
    std::string_view name;
    Variant::Type type;
};

// The C++ behaviour of one entity class. Every hook has the CBaseEntity default (nothing), so a class only
// overrides what it does. Handlers get the world and the entity; they must not keep references across ticks.
class EntityClass {
public:
    virtual ~EntityClass() = default;
    // A key of the entity lump, in file order, after the base keys were read; true when the class used it.
    virtual bool keyValue(World&, Entity&, std::string_view /*key*/, std::string_view /*value*/) { return false; }
    virtual void spawn(World&, Entity&) {}
    virtual void activate(World&, Entity&) {}
    virtual void think(World&, Entity&) {}
    // MOVETYPE_PUSH entities: the move finished (the SetMoveDone function).
    virtual void moveDone(World&, Entity&) {}
    virtual void startTouch(World&, Entity& /*self*/, Entity& /*other*/) {}
    virtual void touch(World&, Entity& /*self*/, Entity& /*other*/) {}
    virtual void endTouch(World&, Entity& /*self*/, Entity& /*other*/) {}
    virtual void use(World&, Entity& /*self*/, EntityHandle /*activator*/, EntityHandle /*caller*/, UseType, float) {}
    // Pushers: another entity stops the move (StartBlocked the first tick, Blocked every tick, EndBlocked after).
    virtual void startBlocked(World&, Entity&, Entity& /*other*/) {}
    virtual void blocked(World&, Entity&, Entity& /*other*/) {}
    virtual void endBlocked(World&, Entity&) {}
    // OnTakeDamage after the hooks; returns whether damage was taken. The default is CBaseEntity's health rule.
    virtual int onTakeDamage(World&, Entity&, DamageInfo&);
    virtual void onRemove(World&, Entity&) {}
    // ObjectCaps: FCAP_* bits (what +use can do with it).
    [[nodiscard]] virtual int objectCaps(const Entity&) const { return 0; }
    // Whether this class is a touch volume (FSOLID_TRIGGER) while enabled.
    [[nodiscard]] virtual bool isTrigger(const Entity&) const { return false; }

    [[nodiscard]] virtual std::span<const InputDef> inputs() const { return {}; }
    [[nodiscard]] virtual std::span<const std::string_view> outputs() const { return {}; }
    // The input `inputs()[which]` arrived (value converted to its type).
    virtual void input(World&, Entity&, std::size_t /*which*/, const InputData&) {}
};

// SolidType_t (public/const.h; GMod's SOLID enum has the same values). Traces and movement treat Obb, ObbYaw and
// Custom as the entity's box, as they do Box.
enum class Solid : std::uint8_t { None = 0, Bsp = 1, Box = 2, Obb = 3, ObbYaw = 4, Custom = 5, VPhysics = 6 };

// EF_* bits (public/const.h) the world keeps; EF_NODRAW lives in Entity::noDraw.
namespace ef {
constexpr int kBoneMerge = 0x001, kNoShadow = 0x010, kNoDraw = 0x020;
}
// FL_* bits (public/const.h) the world reads.
namespace fl {
constexpr int kOnGround = 1, kDucking = 2, kFrozen = 64, kClient = 256, kAimTarget = 131072;
}

struct Entity {
    EntityHandle handle;
    int index = -1;                 // slot: Entity(index) in Lua, edict index in Source
    std::uint64_t creationSeq = 0;  // creation order: the order every "for each entity" walks
    std::string className;
    std::string targetName;
    std::string target;                                          // the "target" key (teleports, point_teleport)
    std::string parentName;                                      // "parentname"
    std::string model;                                           // "*N" for brush models, else a model path
    int brushModel = -1;                                         // N of "*N" when the map has it
    std::vector<std::pair<std::string, std::string>> keyValues;  // every key as read (file order), AddOutput appended

    Vec3 origin, angles;  // absolute (parents move their children explicitly)
    Vec3 velocity, angularVelocity, baseVelocity;
    Vec3 mins, maxs;  // collision bounds relative to origin (brush models: the model's, players: the hull)
    int spawnFlags = 0;

    int health = 0, maxHealth = 0;
    float armor = 0, maxArmor = 0;
    int takeDamage = takedamage::kNo;
    float damageAccumulator = 0;  // CBaseCombatCharacter::m_flDamageAccumulator (fractional damage)
    bool alive = true;            // m_lifeState == LIFE_ALIVE

    MoveType moveType = MoveType::None;
    Solid solid = Solid::None;
    bool notSolid = false;     // FSOLID_NOT_SOLID
    bool triggerFlag = false;  // FSOLID_TRIGGER (Entity:SetTrigger): a point entity's collision bounds touch players
    bool noDraw = false;       // EF_NODRAW
    int collisionGroup = 0;
    float gravity = 0;  // multiplier (0 = 1)
    // MOVETYPE_FLY / FLYGRAVITY collisions (World::physicsToss): MOVECOLLIDE_* (0 default = slide, 1 bounce,
    // 2 custom, 3 slide) and the elasticity a bounce multiplies with the surface's (Entity:SetElasticity).
    int moveCollide = 0;
    float elasticity = 1.0f;
    std::uint8_t renderColor[4] = {255, 255, 255, 255};
    // Model appearance: CBaseAnimating's m_nSkin and m_nBody (every body group's choice packed with the model's
    // body-part bases), GMod's material override, the EF_* bits other than EF_NODRAW, and whether the entity is sent
    // to a client only with its parent (networking state: the client realm reads it).
    int skin = 0;
    int body = 0;
    std::string materialOverride;
    int effects = 0;
    bool transmitWithParent = false;
    // m_nMuzzleFlashParity: Entity:MuzzleFlash steps it (two bits, EF_MUZZLEFLASH_BITS); a client flashes on a change.
    std::uint8_t muzzleFlashParity = 0;
    // FL_* bits set by scripts (Entity:AddFlags); a player's FL_ONGROUND / FL_DUCKING are its movement state's.
    int flags = 0;

    EntityHandle parent;
    EntityHandle owner;
    EntityHandle groundEntity;
    std::vector<EntityHandle> deleteOnRemove;                      // Entity:DeleteOnRemove: removed with this entity
    std::vector<std::pair<std::string, EntityHandle>> entityKeys;  // Entity:SetEntity (keyframe_rope's ends)

    std::vector<Output> outputs;  // base OnUser1..4 first, then the class's
    int nextThinkTick = -1;       // TICK_NEVER_THINK
    // MOVETYPE_PUSH timing (CBaseEntity m_flLocalTime / m_flMoveDoneTime, in the entity's own clock).
    float localTime = 0;
    float moveDoneTime = -1;
    EntityHandle blocker;
    enum class Toggle : std::uint8_t { None, Linear, Angular } toggleMove = Toggle::None;  // m_movementType
    Vec3 finalDest, finalAngle;  // LinearMove/AngularMove goal

    bool markedForDeletion = false;    // EFL_KILLME: still valid until the end of the tick
    std::uint32_t changeSerial = 0;    // bumped when state an observer would see changes (position, angles, flags)
    std::uint32_t reportedSerial = 0;  // changeSerial at the end of the last tick (World::changedThisTick)

    std::unique_ptr<EntityClass> behaviour;
    std::unique_ptr<PlayerData> player;  // players only
    std::vector<EntityHandle> touching;  // triggers: the entities inside now (m_hTouchingEntities)
    // VPhysicsGetObjectList: the entity's bodies in the world's physics (World::physicsInit*); [0] is the one
    // VPhysicsUpdate copies back (VPhysicsGetObject).
    std::vector<physics::BodyId> physicsObjects;
    // Entity:StartMotionController / AddToMotionController: the bodies ENT:PhysicsSimulate steers (GameHooks).
    bool motionController = false;
    std::vector<physics::BodyId> motionControlled;

    Entity();
    ~Entity();
    Entity(const Entity&) = delete;
    Entity& operator=(const Entity&) = delete;

    [[nodiscard]] bool isPlayer() const { return player != nullptr; }
    [[nodiscard]] bool hasSpawnFlag(int flag) const { return (spawnFlags & flag) != 0; }
    [[nodiscard]] bool isSolid() const { return solid != Solid::None && !notSolid; }
    // The last value of a key as read from the lump (ASCII case-insensitive); empty when absent.
    [[nodiscard]] std::string_view keyValue(std::string_view key) const;
    [[nodiscard]] Output* findOutput(std::string_view name);
    [[nodiscard]] const Output* findOutput(std::string_view name) const;
    [[nodiscard]] Vec3 worldSpaceCenter() const { return origin + (mins + maxs) * 0.5f; }
    void touched() { ++changeSerial; }
};

}  // namespace vestige::source::game
