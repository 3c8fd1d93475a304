#pragma once
// The client's input as CInput builds a CUserCmd (SDK 2013 game/client/in_main.cpp, in_mouse.cpp):
//
//   "+forward 33" / "-forward 33"   KeyDown / KeyUp on a kbutton_t: up to two keys hold a button; state bit 1 =
//                                   down, 2 = went down, 4 = went up since the last command
//   KeyState(button)                1 held all along, 0.5 went down, 0.25 tapped (down and up), 0.75 up and down
//                                   again, 0 otherwise; reading it clears the edges
//   movement                        forwardmove = cl_forwardspeed·KeyState(forward) − cl_backspeed·KeyState(back),
//                                   sidemove likewise (moveright − moveleft), upmove (moveup − movedown)
//   buttons                         IN_* set for every button down or gone down since the last command
//   keyboard turning                +left/+right at cl_yawspeed °/s, +lookup/+lookdown at cl_pitchspeed,
//                                   × cl_anglespeedkey while +speed is held
//   mouse                           yaw −= m_yaw·sensitivity·dx, pitch += m_pitch·sensitivity·dy, pitch within
//                                   [−cl_pitchup, cl_pitchdown], roll within ±50
//   impulse N                       latched into the next command, then cleared
//
// GMod's values: cl_forwardspeed, cl_sidespeed and cl_backspeed are 10000 (GMod's menu checks for exactly that and
// offers to reset them — lua/menu/problems/problems.lua), so the player's max speed, not the key, limits a move;
// the rest are the SDK's defaults.
#include <cstdint>
#include <map>
#include <string>

#include "vestige/core/math.hpp"
#include "vestige/source/client/console.hpp"
#include "vestige/source/game/usercmd.hpp"

namespace vestige::source::client {

struct KButton {
    int down[2] = {0, 0};  // the keys holding it (-1: a command typed without a key)
    int state = 0;
};

void keyDown(KButton& b, const std::string& keyArg);
void keyUp(KButton& b, const std::string& keyArg);
// CInput::KeyState (clears the edges).
[[nodiscard]] float keyState(KButton& b);

class Input {
public:
    // Registers the +/- button commands, `impulse` and the input variables on `console`; the console must outlive
    // this object.
    explicit Input(Console& console);
    Input(const Input&) = delete;
    Input& operator=(const Input&) = delete;

    // One frame's mouse motion (counts, x right, y down), applied to the view angles at once: the frame is drawn
    // with them (ExtraMouseSample), the next command carries them.
    void mouseMove(float dx, float dy);
    // CInput::CreateMove for one command, `frameTime` seconds after the previous one.
    [[nodiscard]] game::UserCmd createMove(int commandNumber, int tickCount, float frameTime);
    [[nodiscard]] Vec3 viewAngles() const { return mViewAngles; }
    // engine->SetViewAngles: the server snapped the view (spawn, teleport, SetEyeAngles).
    void setViewAngles(Vec3 angles) { mViewAngles = angles; }
    // CInput::MakeWeaponSelection: the next command carries this weapon's entity index (CUserCmd weaponselect).
    void selectWeapon(int entityIndex) { mWeaponSelect = entityIndex; }
    // Every button up, as KeyUp without a key (the window lost focus).
    void releaseAll();
    [[nodiscard]] const KButton* button(const std::string& name) const;

private:
    KButton& b(const char* name) { return mButtons[name]; }
    void clampAngles();

    Console& mConsole;
    std::map<std::string, KButton> mButtons;  // by command name without the sign ("forward")
    Vec3 mViewAngles;
    int mImpulse = 0;
    int mWeaponSelect = 0;
    float mMouseX = 0, mMouseY = 0;  // counts since the last command (CUserCmd mousedx/mousedy)
    float mPendingForward = 0;       // cl_mouselook 0: vertical mouse motion moves
};

}  // namespace vestige::source::client
