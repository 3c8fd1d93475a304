// CInput's command building against SDK 2013's in_main.cpp / in_mouse.cpp: KeyState's fractions, the button bits of
// a tap, two keys on one button, mouse look (m_yaw/m_pitch 0.022 × sensitivity 3) and its pitch clamp, keyboard
// turning at cl_yawspeed 210 °/s, impulses latched once. cl_forwardspeed 10000 is GMod's value (its menu's
// problems.lua checks for exactly 10000).
#include "vestige/source/client/input.hpp"

#include <gtest/gtest.h>

#include "vestige/source/client/keys.hpp"

namespace vestige::source::client {
namespace {

namespace in = game::in;

struct Rig {
    Console console;
    Input input{console};
    std::string out;
    Rig() {
        console.setPrinter([this](std::string_view s) { out += s; });
    }
    game::UserCmd cmd(float dt = 0.015f) { return input.createMove(1, 1, dt); }
};

TEST(ClientInput, KeyStateIsTheSdksFractionOfTheFrame) {
    KButton b;
    keyDown(b, "5");
    EXPECT_EQ(keyState(b), 0.5f);  // went down this frame, still down
    EXPECT_EQ(keyState(b), 1.0f);  // held all along
    keyUp(b, "5");
    EXPECT_EQ(keyState(b), 0.0f);  // released
    keyDown(b, "5");
    keyUp(b, "5");
    EXPECT_EQ(keyState(b), 0.25f);  // tapped inside one frame
    keyDown(b, "5");
    EXPECT_EQ(keyState(b), 0.5f);
    keyUp(b, "5");
    keyDown(b, "5");
    EXPECT_EQ(keyState(b), 0.75f);  // up and down again
}

TEST(ClientInput, TwoKeysHoldOneButtonUntilBothAreUp) {
    KButton b;
    keyDown(b, "1");
    keyDown(b, "2");
    keyDown(b, "3");  // a third key is ignored
    keyUp(b, "1");
    EXPECT_TRUE(b.state & 1);
    keyUp(b, "3");  // never counted: no effect
    EXPECT_TRUE(b.state & 1);
    keyUp(b, "2");
    EXPECT_FALSE(b.state & 1);
}

TEST(ClientInput, HeldForwardMovesAtGmodsForwardSpeedAndSetsTheButton) {
    Rig r;
    r.console.run("+forward 33");
    auto c = r.cmd();
    EXPECT_EQ(c.forwardMove, 5000.0f);  // 0.5 × 10000 on the command it went down
    EXPECT_TRUE(c.buttons & in::kForward);
    c = r.cmd();
    EXPECT_EQ(c.forwardMove, 10000.0f);
    r.console.run("-forward 33; +moveleft; +back");
    c = r.cmd();
    EXPECT_EQ(c.forwardMove, -5000.0f);
    EXPECT_EQ(c.sideMove, -5000.0f);
    EXPECT_FALSE(c.buttons & in::kForward);
    EXPECT_TRUE(c.buttons & (in::kBack | in::kMoveLeft));
}

TEST(ClientInput, ATapInsideOneCommandStillFiresOnce) {
    Rig r;
    r.console.run("+attack 1; -attack 1");
    EXPECT_TRUE(r.cmd().buttons & in::kAttack);  // CalcButtonBits: "gone down" counts
    EXPECT_FALSE(r.cmd().buttons & in::kAttack);
    // Without a key number "-jump" lets go of everything and clears the edge (KeyUp's state = 4): typed in one frame
    // the pair does nothing, which is why Source jump scripts put a `wait` between them.
    r.console.run("+jump; -jump");
    EXPECT_FALSE(r.cmd().buttons & in::kJump);
}

TEST(ClientInput, MouseLookUsesMyawMpitchAndSensitivityAndClampsPitch) {
    Rig r;
    r.input.mouseMove(100, 50);
    EXPECT_NEAR(r.input.viewAngles().y, -6.6f, 1e-4f);  // −0.022 × 3 × 100
    EXPECT_NEAR(r.input.viewAngles().x, 3.3f, 1e-4f);
    r.input.mouseMove(0, 100000);
    EXPECT_EQ(r.input.viewAngles().x, 89.0f);
    const auto c = r.cmd();
    EXPECT_EQ(c.viewAngles.x, 89.0f);
    EXPECT_EQ(c.mouseX, 100);
    EXPECT_EQ(c.mouseY, 32767);  // the short field saturates
    r.console.run("sensitivity 1");
    r.input.mouseMove(-100, 0);
    EXPECT_NEAR(r.input.viewAngles().y, -6.6f + 2.2f, 1e-4f);
}

TEST(ClientInput, ArrowKeysTurnAtClYawspeedAndLookupNeedsKeyboardLook) {
    Rig r;
    r.console.run("+left");
    (void)r.cmd(0.1f);  // 0.5 × 210 × 0.1
    EXPECT_NEAR(r.input.viewAngles().y, 10.5f, 1e-4f);
    (void)r.cmd(0.1f);
    EXPECT_NEAR(r.input.viewAngles().y, 31.5f, 1e-4f);
    r.console.run("-left; +speed; +right");
    (void)r.cmd(0.1f);  // × cl_anglespeedkey 0.67 while +speed is held
    EXPECT_NEAR(r.input.viewAngles().y, 31.5f - 0.5f * 210 * 0.1f * 0.67f, 1e-3f);
    r.console.run("+lookdown");
    (void)r.cmd(0.1f);
    EXPECT_EQ(r.input.viewAngles().x, 0.0f);  // cl_mouselook 1: the look keys do nothing
    r.console.run("cl_mouselook 0");
    (void)r.cmd(0.1f);
    EXPECT_NEAR(r.input.viewAngles().x, 0.67f * 225 * 0.1f, 1e-3f);
}

TEST(ClientInput, ImpulseIsLatchedIntoOneCommand) {
    Rig r;
    r.console.run("impulse 101");
    EXPECT_EQ(r.cmd().impulse, 101);
    EXPECT_EQ(r.cmd().impulse, 0);
}

TEST(ClientInput, ReleaseAllLetsGoOfEveryButton) {
    Rig r;
    r.console.run("+forward 3; +duck 4");
    (void)r.cmd();
    r.input.releaseAll();
    const auto c = r.cmd();
    EXPECT_EQ(c.forwardMove, 0.0f);
    EXPECT_EQ(c.buttons, 0u);
    EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(ClientInput, TheServerSnapsTheView) {
    Rig r;
    r.input.setViewAngles({10, 90, 0});
    r.input.mouseMove(0, 0);
    EXPECT_EQ(r.cmd().viewAngles.y, 90.0f);
}

}  // namespace
}  // namespace vestige::source::client
