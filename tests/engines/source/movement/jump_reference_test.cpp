// The jump against measurements from the real engine. CS:GO runs the same CGameMovement jump
// (StartGravity half, CheckJumpButton adds the impulse and calls FinishGravity, FullWalkMove calls
// FinishGravity again) with sv_gravity 800 and sv_jump_impulse 301.993377 = sqrt(2 * 800 * 57), and Valve's
// "CS:GO Mapper's Reference" (developer.valvesoftware.com, "Reachable Heights") lists what players reach in
// game at 64 tick. Those integers pin which gravity split is right; GMod (600 / 200) then follows from the
// same code. See docs/movement.md, "Jump height".
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "vestige/source/collision/builder.hpp"
#include "vestige/source/movement/movement.hpp"

namespace vestige::source::movement {
namespace {

using collision::CollisionModel;
using collision::ModelBuilder;

// CS:GO's player: 72 / 54 hulls, eyes 64.093811 / 46.076218, gravity 800, impulse sqrt(2 * 800 * 57).
MoveSettings csgo(float tickRate) {
    MoveSettings cv;
    cv.gravity = 800;
    cv.jumpPower = 301.993377f;
    cv.tickRate = tickRate;
    cv.friction = 5.2f;
    cv.stopSpeed = 80;
    cv.accelerate = 5.5f;
    cv.airAccelerate = 12;
    cv.maxSpeed = 250;
    cv.viewHeight = 64.093811f;
    cv.duckViewHeight = 46.076218f;
    cv.duckHullMaxs = {16, 16, 54};
    return cv;
}

enum class Style { Standing, Crouched };

MoveInput jumpInput(Style style, float forward) {
    MoveInput in;
    in.forwardMove = forward;
    in.buttons = buttons::kJump | (forward != 0 ? buttons::kForward : 0u) | (style == Style::Crouched ? buttons::kDuck : 0u);
    return in;
}

// Settles on flat ground (ducked for Crouched) and returns the state ready to press jump.
PlayerState ready(const PlayerMovement& pm, Style style, Vec3 at) {
    PlayerState s = pm.spawn(at);
    MoveInput idle;
    if (style == Style::Crouched) idle.buttons = buttons::kDuck;
    for (int i = 0; i < 80; ++i) pm.tick(s, idle);
    return s;
}

struct Arc {
    float apex = 0;      // highest feet position over the floor (z = 0), over all ticks
    float headTop = 0;   // apex + hull height
    float eyeTop = 0;    // apex + eye height
    int apexTick = 0;
    int flightTicks = 0;
};

Arc freeArc(const MoveSettings& cv, Style style, float ceiling = 0) {
    ModelBuilder b;
    b.addBox({-1024, -1024, -64}, {1024, 1024, 0});
    if (ceiling > 0) b.addBox({-1024, -1024, ceiling}, {1024, 1024, ceiling + 64});
    const CollisionModel w = b.build();
    PlayerMovement pm(w, cv);
    PlayerState s = ready(pm, style, {0, 0, collision::kDistEpsilon});
    Arc a;
    const MoveInput in = jumpInput(style, 0);
    for (int t = 1; t < 100000; ++t) {
        pm.tick(s, in);
        if (s.origin.z > a.apex) {
            a.apex = s.origin.z;
            a.apexTick = t;
        }
        if (s.onGround) {
            a.flightTicks = t;
            break;
        }
    }
    a.headTop = a.apex + pm.hullMaxs(s).z;
    a.eyeTop = a.apex + s.viewOffsetZ;
    return a;
}

// Pressed against the face of a block of the given height, jump holding forward: on top afterwards?
bool getsOnto(const MoveSettings& cv, Style style, float height) {
    ModelBuilder b;
    b.addBox({-1024, -1024, -64}, {1024, 1024, 0});
    b.addBox({32, -512, 0}, {512, 512, height});
    const CollisionModel w = b.build();
    PlayerMovement pm(w, cv);
    // Half a unit from the face: the jump's air control (30 u/s) closes the gap within two ticks.
    PlayerState s = ready(pm, style, {15.5f, 0, collision::kDistEpsilon});
    const MoveInput in = jumpInput(style, 250);
    for (int i = 0; i < 200; ++i) {
        pm.tick(s, in);
        if (s.onGround && i > 0) return s.origin.z >= height;
    }
    return false;
}

int maxBlock(const MoveSettings& cv, Style style) {
    int h = 40;
    while (h < 80 && getsOnto(cv, style, static_cast<float>(h + 1))) ++h;
    return h;
}

// Lowest integer ceiling height under which the jump is not cut short.
int lowestFreeCeiling(const MoveSettings& cv, Style style) {
    const Arc free = freeArc(cv, style);
    int c = 90;
    while (c < 200 && freeArc(cv, style, static_cast<float>(c)).apex < free.apex) ++c;
    return c;
}

bool peeksOver(const Arc& a, float wall) { return a.eyeTop > wall; }

MoveSettings withoutInJumpGravity(MoveSettings cv) {
    cv.jumpFinishGravity = false;
    return cv;
}

// Valve's table, 64 tick, jumping while standing: onto a 54 block (not 55), a 127 ceiling is not bumped,
// a 119 wall cannot be peeked over (118 can).
TEST(JumpReference, CsgoStandingJumpAt64TickMatchesValvesTable) {
    const MoveSettings cv = csgo(64);
    const Arc a = freeArc(cv, Style::Standing);
    EXPECT_NEAR(a.apex, 54.685f, 0.002f);  // feet over the floor; the player rests 1/32 above it
    EXPECT_EQ(a.apexTick, 24);
    EXPECT_EQ(a.flightTicks, 47);
    EXPECT_TRUE(getsOnto(cv, Style::Standing, 54));
    EXPECT_FALSE(getsOnto(cv, Style::Standing, 55));
    EXPECT_EQ(maxBlock(cv, Style::Standing), 54);
    EXPECT_EQ(lowestFreeCeiling(cv, Style::Standing), 127);
    EXPECT_NEAR(a.eyeTop, 118.779f, 0.002f);
    EXPECT_TRUE(peeksOver(a, 118));
    EXPECT_FALSE(peeksOver(a, 119));
}

// Jumping while crouched (v.z = impulse instead of +=): onto 56 at 64 tick, a 112 ceiling not bumped.
// The table's "+1, easy with 128 tick, harder with 64": 57 at 128 tick; at 64 the apex (57.029) clears 57 by
// less than DIST_EPSILON, so the block's face still wins the trace.
TEST(JumpReference, CsgoCrouchedJumpMatchesValvesTable) {
    const MoveSettings cv = csgo(64);
    const Arc a = freeArc(cv, Style::Crouched);
    EXPECT_NEAR(a.apex, 57.029f, 0.002f);
    EXPECT_EQ(maxBlock(cv, Style::Crouched), 56);
    EXPECT_EQ(lowestFreeCeiling(cv, Style::Crouched), 112);
    EXPECT_EQ(maxBlock(csgo(128), Style::Crouched), 57);
    EXPECT_EQ(lowestFreeCeiling(csgo(128), Style::Crouched), 112);
}

// 128 tick: the standing jump gains 1.17 units (less gravity lost in the jump tick's extra half).
TEST(JumpReference, CsgoStandingJumpAt128Tick) {
    const MoveSettings cv = csgo(128);
    const Arc a = freeArc(cv, Style::Standing);
    EXPECT_NEAR(a.apex, 55.857f, 0.002f);
    EXPECT_EQ(a.apexTick, 48);
    EXPECT_EQ(a.flightTicks, 95);
    EXPECT_EQ(maxBlock(cv, Style::Standing), 55);
    EXPECT_EQ(lowestFreeCeiling(cv, Style::Standing), 128);
    EXPECT_NEAR(a.eyeTop, 119.951f, 0.002f);
}

// Without CheckJumpButton's FinishGravity the standing jump would be the crouched one: onto 56, bumping a
// 127 ceiling and peeking over 119 -- three contradictions with the table. So the SDK order stays.
TEST(JumpReference, WithoutInJumpFinishGravityContradictsTheTable) {
    const MoveSettings cv = withoutInJumpGravity(csgo(64));
    const Arc a = freeArc(cv, Style::Standing);
    EXPECT_NEAR(a.apex, 57.029f, 0.002f);
    EXPECT_EQ(maxBlock(cv, Style::Standing), 56);
    EXPECT_EQ(lowestFreeCeiling(cv, Style::Standing), 130);
    EXPECT_TRUE(peeksOver(a, 119));
}

// GMod (600 / 200) with the same code: 31.85 units at 66.67 tick; the 33.3 u / 0.667 s is the
// continuous-time value 200^2 / (2 * 600) that the same code approaches as the tick rate grows.
TEST(JumpReference, GmodJumpAndItsContinuousLimit) {
    MoveSettings cv;
    const Arc a = freeArc(cv, Style::Standing);
    EXPECT_NEAR(a.apex - collision::kDistEpsilon, 31.845f, 0.002f);
    EXPECT_EQ(a.apexTick, 22);
    EXPECT_EQ(a.flightTicks, 43);
    float last = 0;
    for (float rate : {64.0f, 128.0f, 1000.0f, 10000.0f}) {
        cv.tickRate = rate;
        const float apex = freeArc(cv, Style::Standing).apex - collision::kDistEpsilon;
        EXPECT_GT(apex, last) << rate;
        last = apex;
    }
    EXPECT_NEAR(last, 200.0f * 200.0f / 1200.0f, 0.02f);
    // Split gravity integrates a constant acceleration exactly, so without the in-jump FinishGravity every tick
    // lies on the continuous parabola: 33.33 units at any tick rate (the seed's numbers). The SDK's extra half
    // tick costs g * dt / 2 of launch speed: (200 - 4.5)^2 / 1200 = 31.85 at 66.67 tick.
    const Arc seed = freeArc(withoutInJumpGravity(MoveSettings{}), Style::Standing);
    EXPECT_NEAR(seed.apex - collision::kDistEpsilon, 33.33f, 0.01f);
    EXPECT_EQ(seed.apexTick, 22);
    EXPECT_EQ(seed.flightTicks, 44);
}

}  // namespace
}  // namespace vestige::source::movement
