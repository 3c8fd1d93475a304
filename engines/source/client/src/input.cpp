// CInput's command building (input.hpp).
#include "vestige/source/client/input.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <utility>

namespace vestige::source::client {
namespace {

namespace in = game::in;

// Buttons with an IN_* bit, in GetButtonBits' order; the rest only move or turn.
struct ButtonBit {
    const char* name;
    std::uint32_t bit;
};
constexpr ButtonBit kBits[] = {
    {"speed", in::kSpeed},      {"walk", in::kWalk},       {"attack", in::kAttack},     {"duck", in::kDuck},
    {"jump", in::kJump},        {"forward", in::kForward}, {"back", in::kBack},         {"use", in::kUse},
    {"left", in::kLeft},        {"right", in::kRight},     {"moveleft", in::kMoveLeft}, {"moveright", in::kMoveRight},
    {"attack2", in::kAttack2},  {"reload", in::kReload},   {"alt1", in::kAlt1},         {"alt2", in::kAlt2},
    {"showscores", in::kScore}, {"zoom", in::kZoom},       {"grenade1", in::kGrenade1}, {"grenade2", in::kGrenade2}};
constexpr const char* kMoveOnly[] = {"lookup", "lookdown", "moveup", "movedown"};

int keyNumber(const std::string& arg) { return arg.empty() ? -1 : std::atoi(arg.c_str()); }

std::int16_t toShort(float v) {
    constexpr float lo = std::numeric_limits<std::int16_t>::min(), hi = std::numeric_limits<std::int16_t>::max();
    return static_cast<std::int16_t>(std::clamp(v, lo, hi));
}

}  // namespace

void keyDown(KButton& b, const std::string& keyArg) {
    const int k = keyNumber(keyArg);
    if (k == b.down[0] || k == b.down[1]) return;  // a repeat
    if (!b.down[0]) {
        b.down[0] = k;
    } else if (!b.down[1]) {
        b.down[1] = k;
    } else {
        return;  // a third key: ignored, as Source does
    }
    if (b.state & 1) return;  // still down
    b.state |= 1 + 2;
}

void keyUp(KButton& b, const std::string& keyArg) {
    if (keyArg.empty()) {  // typed "-forward": lets go whatever holds it
        b.down[0] = b.down[1] = 0;
        b.state = 4;
        return;
    }
    const int k = keyNumber(keyArg);
    if (b.down[0] == k) {
        b.down[0] = 0;
    } else if (b.down[1] == k) {
        b.down[1] = 0;
    } else {
        return;  // a key-up without its key-down
    }
    if (b.down[0] || b.down[1]) return;  // another key still holds it
    if (!(b.state & 1)) return;
    b.state &= ~1;
    b.state |= 4;
}

float keyState(KButton& b) {
    const bool impulseDown = b.state & 2, impulseUp = b.state & 4, down = b.state & 1;
    float v = 0;
    if (impulseDown && !impulseUp) v = down ? 0.5f : 0.0f;
    if (!impulseDown && !impulseUp) v = down ? 1.0f : 0.0f;
    if (impulseDown && impulseUp) v = down ? 0.75f : 0.25f;
    b.state &= 1;
    return v;
}

Input::Input(Console& console) : mConsole(console) {
    const auto reg = [this](const char* name) {
        mButtons[name];
        const std::string n = name;
        mConsole.addCommand("+" + n, "", [this, n](const CommandArgs& a) { keyDown(mButtons[n], a.arg(1)); });
        mConsole.addCommand("-" + n, "", [this, n](const CommandArgs& a) { keyUp(mButtons[n], a.arg(1)); });
    };
    for (const auto& bb : kBits) reg(bb.name);
    for (const char* name : kMoveOnly) reg(name);
    mConsole.addCommand("impulse", "", [this](const CommandArgs& a) { mImpulse = std::atoi(a.arg(1).c_str()); });
    using namespace fcvar;
    mConsole.addVar("cl_forwardspeed", "10000", kArchive | kCheat, "");
    mConsole.addVar("cl_backspeed", "10000", kArchive | kCheat, "");
    mConsole.addVar("cl_sidespeed", "10000", kCheat, "");
    mConsole.addVar("cl_upspeed", "320", kArchive | kCheat, "");
    mConsole.addVar("cl_yawspeed", "210", 0, "Client yaw speed.", -100000.0f, 100000.0f);
    mConsole.addVar("cl_pitchspeed", "225", 0, "Client pitch speed.", -100000.0f, 100000.0f);
    mConsole.addVar("cl_anglespeedkey", "0.67", 0, "");
    mConsole.addVar("cl_pitchdown", "89", kCheat, "");
    mConsole.addVar("cl_pitchup", "89", kCheat, "");
    mConsole.addVar("cl_mouselook", "1", kArchive, "Set to 1 to use mouse for look, 0 for keyboard look.");
    mConsole.addVar("sensitivity", "3", kArchive, "Mouse sensitivity.", 0.0001f, 10000000.0f);
    mConsole.addVar("m_yaw", "0.022", kArchive, "Mouse yaw factor.");
    mConsole.addVar("m_pitch", "0.022", kArchive, "Mouse pitch factor.");
    mConsole.addVar("m_forward", "1", kArchive, "Mouse forward factor.");
}

const KButton* Input::button(const std::string& name) const {
    const auto it = mButtons.find(name);
    return it == mButtons.end() ? nullptr : &it->second;
}

void Input::clampAngles() {
    mViewAngles.x = std::clamp(mViewAngles.x, -mConsole.number("cl_pitchup"), mConsole.number("cl_pitchdown"));
    mViewAngles.z = std::clamp(mViewAngles.z, -50.0f, 50.0f);
}

void Input::mouseMove(float dx, float dy) {
    if (!std::isfinite(dx) || !std::isfinite(dy)) return;
    mMouseX += dx;
    mMouseY += dy;
    const float s = mConsole.number("sensitivity");
    mViewAngles.y -= mConsole.number("m_yaw") * dx * s;
    if (mConsole.number("cl_mouselook") != 0) {
        mViewAngles.x += mConsole.number("m_pitch") * dy * s;
        clampAngles();
    } else {
        mPendingForward -= mConsole.number("m_forward") * dy * s;
    }
}

game::UserCmd Input::createMove(int commandNumber, int tickCount, float frameTime) {
    game::UserCmd cmd;
    cmd.commandNumber = commandNumber;
    cmd.tickCount = tickCount;
    // AdjustAngles: keyboard turning over the frame time.
    float speed = frameTime;
    if (mButtons["speed"].state & 1) speed *= mConsole.number("cl_anglespeedkey");
    mViewAngles.y -= speed * mConsole.number("cl_yawspeed") * keyState(b("right"));
    mViewAngles.y += speed * mConsole.number("cl_yawspeed") * keyState(b("left"));
    if (mConsole.number("cl_mouselook") == 0) {
        mViewAngles.x -= speed * mConsole.number("cl_pitchspeed") * keyState(b("lookup"));
        mViewAngles.x += speed * mConsole.number("cl_pitchspeed") * keyState(b("lookdown"));
    }
    clampAngles();
    cmd.sideMove += mConsole.number("cl_sidespeed") * keyState(b("moveright"));
    cmd.sideMove -= mConsole.number("cl_sidespeed") * keyState(b("moveleft"));
    cmd.upMove += mConsole.number("cl_upspeed") * keyState(b("moveup"));
    cmd.upMove -= mConsole.number("cl_upspeed") * keyState(b("movedown"));
    cmd.forwardMove += mConsole.number("cl_forwardspeed") * keyState(b("forward"));
    cmd.forwardMove -= mConsole.number("cl_backspeed") * keyState(b("back"));
    cmd.forwardMove += mPendingForward;
    mPendingForward = 0;
    cmd.mouseX = toShort(mMouseX);
    cmd.mouseY = toShort(mMouseY);
    mMouseX = mMouseY = 0;
    cmd.impulse = static_cast<std::uint8_t>(mImpulse);
    mImpulse = 0;
    cmd.weaponSelect = std::exchange(mWeaponSelect, 0);
    // GetButtonBits(1): down or gone down since the last command; the went-down edge is consumed.
    for (const auto& bb : kBits) {
        KButton& k = b(bb.name);
        if (k.state & 3) cmd.buttons |= bb.bit;
        k.state &= ~2;
    }
    // The lookup/lookdown/moveup/movedown edges are spent whether or not they were read.
    for (const char* name : kMoveOnly) b(name).state &= 1;
    cmd.viewAngles = mViewAngles;
    return cmd;
}

void Input::releaseAll() {
    for (auto& [name, k] : mButtons) keyUp(k, "");
}

}  // namespace vestige::source::client
