#pragma once
// The player: an entity (class "player", slots 1..maxplayers) whose movement is CGameMovement (movement module)
// run once per tick from its CUserCmd, inside the world's tick, with GMod's hook points around it.
//
// Per command (World::step, players first as Physics_RunThinkFunctions does):
//   StartCommand(cmd) -> engine SetupMove (cmd + player -> CMoveData) -> SetupMove hook -> PlayerTick hook ->
//   Move hook (true: no engine movement) -> CGameMovement -> FinishMove hook (true: no copy back) -> copy back ->
//   fall damage (CheckFalling) -> triggers touched -> ItemPostFrame (alive: the active weapon) -> death think
// (the GMod wiki: "GM:Move is called after GM:PlayerTick"; FinishMove "copy the results back").
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "vestige/source/game/io.hpp"
#include "vestige/source/game/usercmd.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::source::game {

// player_manager class values (gamemodes/base/gamemode/player_class/player_default.lua; Sandbox's player_sandbox
// overrides SlowWalk 100, Walk 200, Run 400, Duck/UnDuck 0.1). Player:SetWalkSpeed etc. change them.
struct PlayerClassValues {
    float slowWalkSpeed = 200;       // +walk
    float walkSpeed = 400;           // normal
    float runSpeed = 600;            // +speed
    float crouchedWalkSpeed = 0.3f;  // multiplier while ducked
    float duckSpeed = 0.3f;          // seconds to duck
    float unDuckSpeed = 0.3f;
    float jumpPower = 200;
    float stepSize = 18;
    int maxHealth = 100, startHealth = 100;
    int maxArmor = 100, startArmor = 0;
    [[nodiscard]] static PlayerClassValues playerDefault() { return {}; }
    [[nodiscard]] static PlayerClassValues sandbox() {
        PlayerClassValues v;
        v.slowWalkSpeed = 100;
        v.walkSpeed = 200;
        v.runSpeed = 400;
        v.duckSpeed = 0.1f;
        v.unDuckSpeed = 0.1f;
        return v;
    }
};

struct PlayerData {
    movement::PlayerState move;  // origin/velocity/ground/water/duck state, mirrored into the entity each tick
    PlayerClassValues values = PlayerClassValues::sandbox();
    float maxSpeed = 0;  // Player:GetMaxSpeed: what the engine chose this tick (walk/run/slow walk)
    UserCmd cmd;         // the command of this tick (Player:GetCurrentCommand)
    // pl.v_angle: the view angles, pitch included (Entity:EyeAngles, GetAimVector); each command copies its angles
    // here unless fixAngle is set (SnapEyeAngles: Player:SetEyeAngles, spawn, teleport), which the engine clears
    // once the frame is sent. The entity's own angles keep only the yaw (the model turns about z only) unless
    // allowFullRotation.
    Vec3 eyeAngles;
    bool fixAngle = false;
    UserCmd pending;  // the next command (input script, client)
    bool hasPending = false;
    MoveData mv;
    std::uint32_t buttons = 0, oldButtons = 0;  // KeyDown / KeyDownLast / KeyPressed / KeyReleased
    float deathTime = 0;
    float nextSpawnTime = 0;  // base gamemode: CurTime() + 2 at death
    int deaths = 0, frags = 0;
    int team = 1001;             // TEAM_UNASSIGNED
    int classId = 0;             // Player:SetClassID (player_manager's class index)
    EntityHandle drivingEntity;  // Player:SetDrivingEntity (the drive library's entity and mode)
    int drivingMode = 0;
    EntityHandle lastSpawnPoint;
    bool initialSpawnDone = false;
    float lastFallDamage = 0;       // the last GetFallDamage result applied (diagnostics / trace)
    float stepSoundTime = 0;        // m_flStepSoundTime: ms until the next footstep may play
    int stepSide = 0;               // m_Local.m_nStepside: 1 plays the left foot's sound next
    bool baseVelocityFlag = false;  // FL_BASEVELOCITY: a trigger_push set the base velocity this tick
    int commands = 0;               // commands run (CUserCmd:CommandNumber)
    // CBasePlayer's view models (predicted_viewmodel, indices 0..2, made at the first spawn: GMod gives every player
    // three) and GMod's hands entity (gmod_hands, Player:SetHands).
    EntityHandle viewModels[3];
    EntityHandle hands;
    // Observer state (CBasePlayer::StartObserverMode / StopObserverMode): OBS_MODE_* and the entity watched.
    int observerMode = 0;
    EntityHandle observerTarget;
    // The client's FCVAR_USERINFO variables as the engine holds them for the server (Player:GetInfo); filled by the
    // client (its userinfo convars), empty for a client that sent none.
    std::vector<std::pair<std::string, std::string>> userInfo;
    bool avoidPlayers = true;                         // Player:SetAvoidPlayers
    bool noCollideWithTeammates = false;              // Player:SetNoCollideWithTeammates
    bool dropWeaponOnDeath = false;                   // Player:ShouldDropWeapon
    Vec3 playerColor{1, 1, 1}, weaponColor{1, 1, 1};  // Player:SetPlayerColor / SetWeaponColor (0..1 per channel)
    // Player:SetHull / SetHullDuck / SetViewOffset / SetViewOffsetDucked: this player's boxes and eye offsets, the
    // world's MoveSettings at the start (ResetHull puts the hulls back). Movement reads them every command.
    Vec3 hullMins, hullMaxs, duckHullMins, duckHullMaxs;
    Vec3 viewOffset, viewOffsetDucked;
    float ladderSpeed = 200;         // Player:SetLadderClimbSpeed (MAX_CLIMB_SPEED until set)
    bool canWalk = true;             // Player:SetCanWalk: false ignores +walk (no slow walk)
    bool allowFullRotation = false;  // Player:SetAllowFullRotation: the entity's angles keep the view's pitch too
    // m_Local.m_vecPunchAngle / m_vecPunchAngleVel (pitch, yaw, roll): Player:ViewPunch adds 20x its angle to the
    // velocity; every command's movement decays both as a damped spring (decayPunchAngle); the aim adds the angle.
    Vec3 punchAngle, punchAngleVel;
    [[nodiscard]] Vec3 mins(bool ducked) const { return ducked ? duckHullMins : hullMins; }
    [[nodiscard]] Vec3 maxs(bool ducked) const { return ducked ? duckHullMaxs : hullMaxs; }
    // The eye relative to the origin: the standing offset's x/y, the movement's height (SetDuckedEyeOffset moves z).
    [[nodiscard]] Vec3 eyeOffset() const { return {viewOffset.x, viewOffset.y, move.viewOffsetZ}; }

    [[nodiscard]] bool keyDown(std::uint32_t k) const { return (buttons & k) != 0; }
    [[nodiscard]] bool keyDownLast(std::uint32_t k) const { return (oldButtons & k) != 0; }
    [[nodiscard]] bool keyPressed(std::uint32_t k) const { return keyDown(k) && !keyDownLast(k); }
    [[nodiscard]] bool keyReleased(std::uint32_t k) const { return !keyDown(k) && keyDownLast(k); }
};

// The HL2 values the player's landing uses (shareddefs.h, HL2_DLL branch: GMod is HL2-based, gravity 600).
constexpr float kPlayerFallPunchThreshold = 303.0f;
constexpr float kPlayerMaxSafeFallSpeed = 526.5f;
constexpr float kPlayerFatalFallSpeed = 922.5f;
constexpr float kPlayerLandOnFloatingObject = 173.0f;
// Base gamemode GetFallDamage (gamemodes/base/gamemode/player.lua): mp_falldamage 1 -> (speed - 526.5) * (100 /
// 396), the SDK's DAMAGE_FOR_FALL_SPEED; 0 -> a flat 10.
[[nodiscard]] float baseGamemodeFallDamage(float fallSpeed, bool realistic);
// STEPSOUNDTIME_* (the GMod wiki's enum).
enum class StepSoundTime : int { Normal = 0, OnLadder = 1, WaterKnee = 2, WaterFoot = 3 };
// Base gamemode GM:PlayerStepSoundTime (gamemodes/base/gamemode/player_shd.lua): on foot and in shallow water 400 ms
// at a max speed up to 100, 350 up to 300, else 250; 450 on a ladder, 600 wading; 50 more while crouching.
[[nodiscard]] float baseGamemodeStepSoundTime(float maxSpeed, StepSoundTime type, bool crouching);
// CGameMovement::DecayPunchAngle over one frame of `dt` seconds: spring 65, damping 9, angles clamped to +-89 / +-179 /
// +-89; both vectors snap to zero once their squared lengths are at most 0.001.
void decayPunchAngle(PlayerData& pd, float dt);

}  // namespace vestige::source::game
