#pragma once
// CUserCmd and CMoveData as the GMod wiki exposes them (wiki.facepunch.com/gmod/CUserCmd, /CMoveData): every
// field a wiki method reads or writes is a member here, so each Lua method is one line over these structs.
//
//   CUserCmd:  CommandNumber TickCount Get/SetViewAngles Get/SetForwardMove Get/SetSideMove Get/SetUpMove
//              Get/SetButtons AddKey RemoveKey KeyDown ClearButtons ClearMovement Get/SetImpulse
//              Get/SetMouseX/Y Get/SetMouseWheel IsForced SelectWeapon
//   CMoveData: Get/SetButtons Get/SetOldButtons AddKey RemoveKeys KeyDown KeyPressed KeyReleased KeyWasDown
//              Get/SetImpulseCommand Get/SetAngles Get/SetAbsMoveAngles Get/SetMoveAngles Get/SetOldAngles
//              Get/SetForwardSpeed Get/SetSideSpeed Get/SetUpSpeed Get/SetMaxSpeed Get/SetMaxClientSpeed
//              Get/SetOrigin Get/SetVelocity Get/SetConstraintCenter/Radius/Width/SpeedScale
//              Get/SetFinalIdealVelocity Get/SetFinalJumpVelocity Get/SetFinalStepHeight ClearButtons
//              ClearMovement
#include <cstdint>

#include "vestige/core/math.hpp"

namespace vestige::source::game {

// IN_* (in_buttons.h; GMod's IN enum has the same values).
namespace in {
constexpr std::uint32_t kAttack = 1u << 0, kJump = 1u << 1, kDuck = 1u << 2, kForward = 1u << 3, kBack = 1u << 4,
                        kUse = 1u << 5, kCancel = 1u << 6, kLeft = 1u << 7, kRight = 1u << 8, kMoveLeft = 1u << 9,
                        kMoveRight = 1u << 10, kAttack2 = 1u << 11, kRun = 1u << 12, kReload = 1u << 13,
                        kAlt1 = 1u << 14, kAlt2 = 1u << 15, kScore = 1u << 16, kSpeed = 1u << 17, kWalk = 1u << 18,
                        kZoom = 1u << 19, kWeapon1 = 1u << 20, kWeapon2 = 1u << 21, kBullRush = 1u << 22,
                        kGrenade1 = 1u << 23, kGrenade2 = 1u << 24;
}  // namespace in

struct UserCmd {
    int commandNumber = 0;
    int tickCount = 0;
    Vec3 viewAngles;  // pitch, yaw, roll (degrees)
    float forwardMove = 0, sideMove = 0, upMove = 0;
    std::uint32_t buttons = 0;
    std::uint8_t impulse = 0;
    int weaponSelect = 0;  // entity index chosen by SelectWeapon (0: none)
    int weaponSubtype = 0;
    int randomSeed = 0;
    std::int16_t mouseX = 0, mouseY = 0;
    int mouseWheel = 0;
    bool forced = false;  // IsForced: the engine repeated the last command

    [[nodiscard]] bool keyDown(std::uint32_t key) const { return (buttons & key) != 0; }
    void addKey(std::uint32_t key) { buttons |= key; }
    void removeKey(std::uint32_t key) { buttons &= ~key; }
    void clearButtons() { buttons = 0; }
    void clearMovement() { forwardMove = sideMove = upMove = 0; }
};

struct MoveData {
    std::uint32_t buttons = 0, oldButtons = 0;
    int impulseCommand = 0;
    Vec3 angles;         // view angles (GetAngles)
    Vec3 absMoveAngles;  // GetAbsMoveAngles
    Vec3 moveAngles;     // the direction the move uses (GetMoveAngles)
    Vec3 oldAngles;
    float forwardSpeed = 0, sideSpeed = 0, upSpeed = 0;
    float maxSpeed = 0, maxClientSpeed = 0;
    Vec3 origin, velocity;
    Vec3 constraintCenter;
    float constraintRadius = 0, constraintWidth = 0, constraintSpeedScale = 0;
    Vec3 finalIdealVelocity, finalJumpVelocity;
    float finalStepHeight = 0;

    [[nodiscard]] bool keyDown(std::uint32_t key) const { return (buttons & key) != 0; }
    [[nodiscard]] bool keyWasDown(std::uint32_t key) const { return (oldButtons & key) != 0; }
    [[nodiscard]] bool keyPressed(std::uint32_t key) const { return keyDown(key) && !keyWasDown(key); }
    [[nodiscard]] bool keyReleased(std::uint32_t key) const { return !keyDown(key) && keyWasDown(key); }
    void addKey(std::uint32_t key) { buttons |= key; }
    void removeKeys(std::uint32_t keys) { buttons &= ~keys; }
    void clearButtons() { buttons = 0; }
    void clearMovement() { forwardSpeed = sideSpeed = upSpeed = 0; }
};

}  // namespace vestige::source::game
