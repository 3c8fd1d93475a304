#pragma once
// Player movement with CGameMovement's behaviour (spec §3) and GMod's values, on a collision::CollisionModel.
// One call to PlayerMovement::tick() is one PlayerMove at a fixed tick interval; everything is a pure
// function of (world, settings, state, input), so the same input log always gives the same states.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/core/tick.hpp"
#include "vestige/core/trace.hpp"
#include "vestige/source/collision/model.hpp"

namespace vestige::source::movement {

// IN_* button bits (in_buttons.h values).
namespace buttons {
constexpr std::uint32_t kAttack = 1u << 0;
constexpr std::uint32_t kJump = 1u << 1;
constexpr std::uint32_t kDuck = 1u << 2;
constexpr std::uint32_t kForward = 1u << 3;
constexpr std::uint32_t kBack = 1u << 4;
constexpr std::uint32_t kUse = 1u << 5;
constexpr std::uint32_t kMoveLeft = 1u << 9;
constexpr std::uint32_t kMoveRight = 1u << 10;
constexpr std::uint32_t kSpeed = 1u << 17;
constexpr std::uint32_t kWalk = 1u << 18;
// Not a Source button: the input script's way to switch MOVETYPE_NOCLIP on while held.
constexpr std::uint32_t kNoclip = 1u << 30;
}  // namespace buttons

// Console-variable-like settings; names match the cvars (set("sv_friction", 4)).
struct MoveSettings {
    float gravity = 600;          // sv_gravity (GMod)
    float friction = 8;           // sv_friction (GMod)
    float stopSpeed = 10;         // sv_stopspeed (GMod)
    float accelerate = 10;        // sv_accelerate
    float airAccelerate = 10;     // sv_airaccelerate
    float maxVelocity = 3500;     // sv_maxvelocity, per axis
    float stepSize = 18;          // sv_stepsize / Player:SetStepSize
    float walkableNormal = 0.7f;  // hard-coded 0.7 in the SDK
    float jumpPower = 200;        // Player:GetJumpPower (GMod default)
    float airSpeedCap = 30;       // GetAirSpeedCap
    float maxSpeed = 400;         // the player's max speed (GMod Sandbox run speed); clamps the input
    float noclipSpeed = 5;        // sv_noclipspeed (factor of maxSpeed)
    float noclipAccelerate = 5;   // sv_noclipaccelerate
    float bounce = 0;             // sv_bounce
    float crouchedSpeed = 0.3f;   // CrouchedWalkSpeed: input multiplier while ducked
    float duckTime = 0.3f;        // DuckSpeed, seconds to duck on the ground (player_default)
    float unduckTime = 0.3f;      // UnDuckSpeed
    float airTime = 12;           // seconds of breath under water (HL2)
    float ladderSpeed = 200;      // MAX_CLIMB_SPEED (capped by maxSpeed)
    float ladderJumpSpeed = 270;  // jumping off a ladder: this speed along the ladder's normal
    float tickRate = static_cast<float>(kSourceTickRate);  // ticks per second
    float viewHeight = 64;                                 // eye height standing
    float duckViewHeight = 28;                             // eye height ducked
    Vec3 hullMins{-16, -16, 0};
    Vec3 hullMaxs{16, 16, 72};
    Vec3 duckHullMins{-16, -16, 0};
    Vec3 duckHullMaxs{16, 16, 36};
    // CheckJumpButton's own FinishGravity (SDK behaviour, on by default): the jump tick then carries 1.5 ticks
    // of gravity. CS:GO's measured reachable heights need it (docs/movement.md "Jump height"); off gives the
    // seed's jump, which reaches the continuous 33.3 units sooner as the tick rate rises.
    bool jumpFinishGravity = true;

    [[nodiscard]] float frameTime() const { return 1.0f / tickRate; }
    // Sets a setting by its cvar name (sv_gravity, sv_friction, ..., jump_power, air_time, tick_rate).
    Status set(std::string_view name, float value);
    [[nodiscard]] std::optional<float> get(std::string_view name) const;
    [[nodiscard]] static std::vector<std::string_view> names();
};

enum class MoveType : std::uint8_t { Walk, Noclip, Ladder };
enum WaterLevel : std::uint8_t { kNotInWater = 0, kFeet = 1, kWaist = 2, kEyes = 3 };

struct MoveInput {
    float forwardMove = 0;  // units/s, + forward
    float sideMove = 0;     // units/s, + right
    float upMove = 0;
    Vec3 viewAngles;  // pitch (down +), yaw, roll in degrees
    std::uint32_t buttons = 0;
};

struct PlayerState {
    Vec3 origin;  // feet (hull mins.z = 0)
    Vec3 velocity;
    Vec3 baseVelocity;
    MoveType moveType = MoveType::Walk;
    bool onGround = false;
    std::int32_t groundVolume = -1;  // collision volume under the player
    Plane groundPlane;
    float surfaceFriction = 1;
    std::uint8_t waterLevel = kNotInWater;
    std::uint32_t waterType = 0;
    bool ducked = false;   // FL_DUCKING: the small hull is in use
    bool ducking = false;  // transition running
    float duckTimer = 0;   // seconds into the current duck / unduck transition
    float viewOffsetZ = 64;
    float waterJumpTime = 0;  // ms left, like m_flWaterJumpTime
    Vec3 waterJumpVel;
    std::uint32_t oldButtons = 0;
    float fallVelocity = 0;
    float landingSpeed = 0;  // fallVelocity at the tick the player landed (CheckFalling's input), else 0
    float air = 12;          // seconds of breath left
    bool drowning = false;
    float drownDamage = 0;  // 10 per second spent without air
    float stepHeight = 0;   // accumulated step-up (view smoothing)
    Vec3 ladderNormal;      // the ladder surface's normal while moveType is Ladder
    std::uint64_t tick = 0;
    // What stopped the horizontal move this tick (a non-walkable plane), if anything.
    std::optional<Plane> blockingPlane;
};

// What the player collides with when the world alone is not enough (moving brush entities): traceBox and
// pointContents with CollisionModel's meaning. hitVolume values are the scene's own numbering.
class TraceScene {
public:
    virtual ~TraceScene() = default;
    [[nodiscard]] virtual collision::TraceResult traceBox(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs,
                                                          std::uint32_t mask) const = 0;
    [[nodiscard]] virtual std::uint32_t pointContents(Vec3 p) const = 0;
    // TryPlayerMove ran into this (MoveHelper()->AddToTouched): the scene may touch the entity it belongs to.
    virtual void touched(const collision::TraceResult& /*hit*/) const {}
};

class PlayerMovement {
public:
    PlayerMovement(const collision::CollisionModel& world, MoveSettings settings = {});
    // Traces go through the scene (which must outlive this object) instead of a single world.
    PlayerMovement(const TraceScene& scene, MoveSettings settings = {});
    [[nodiscard]] const MoveSettings& settings() const { return mSettings; }
    MoveSettings& settings() { return mSettings; }

    // A standing player at origin with full breath.
    [[nodiscard]] PlayerState spawn(Vec3 origin) const;
    // One PlayerMove. Never lets a non-finite value reach the origin.
    void tick(PlayerState& state, const MoveInput& input) const;
    // tick() plus one "move" trace event (tick, origin, velocity, on_ground, water_level, ducked, plane).
    void tick(PlayerState& state, const MoveInput& input, TraceSink& sink) const;
    // The per-tick JSON object (also the line format of `vestige move --json`).
    [[nodiscard]] static std::string stateJson(const PlayerState& state);

    [[nodiscard]] Vec3 hullMins(const PlayerState& s) const {
        return s.ducked ? mSettings.duckHullMins : mSettings.hullMins;
    }
    [[nodiscard]] Vec3 hullMaxs(const PlayerState& s) const {
        return s.ducked ? mSettings.duckHullMaxs : mSettings.hullMaxs;
    }
    [[nodiscard]] collision::TraceResult traceHull(const PlayerState& s, Vec3 start, Vec3 end) const;

private:
    struct Ctx;
    [[nodiscard]] collision::TraceResult trace(Vec3 start, Vec3 end, Vec3 mins, Vec3 maxs, std::uint32_t mask) const {
        return mScene ? mScene->traceBox(start, end, mins, maxs, mask) : mWorld->traceBox(start, end, mins, maxs, mask);
    }
    void touched(const collision::TraceResult& tr) const {
        if (mScene) mScene->touched(tr);
    }
    [[nodiscard]] std::uint32_t contentsAt(Vec3 p) const {
        return mScene ? mScene->pointContents(p) : mWorld->pointContents(p);
    }
    const collision::CollisionModel* mWorld = nullptr;
    const TraceScene* mScene = nullptr;
    MoveSettings mSettings;
};

// forward/right/up from (pitch, yaw, roll) in degrees (spec §0).
void angleVectors(Vec3 angles, Vec3* forward, Vec3* right, Vec3* up);

}  // namespace vestige::source::movement
