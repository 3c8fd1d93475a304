// Acceptance tests for the CGameMovement port (issue 9 / spec §3.5) on builder worlds.
#include "vestige/source/movement/movement.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "vestige/source/collision/builder.hpp"
#include "vestige/source/collision/test_models.hpp"

namespace vestige::source::movement {
namespace {

using collision::CollisionModel;
using collision::ModelBuilder;
namespace contents = collision::contents;

constexpr float kDt = 0.015f;
constexpr float kWish = 250.0f;

float hspeed(const PlayerState& s) { return std::sqrt(s.velocity.x * s.velocity.x + s.velocity.y * s.velocity.y); }
float hdist(Vec3 a, Vec3 b) { return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)); }

MoveInput walk(float yaw, float forward = kWish, std::uint32_t extra = 0) {
    MoveInput in;
    in.forwardMove = forward;
    in.viewAngles = {0, yaw, 0};
    in.buttons = (forward != 0 ? buttons::kForward : 0) | extra;
    return in;
}

CollisionModel flatWorld(const std::function<void(ModelBuilder&)>& extra = {}) {
    ModelBuilder b;
    b.addBox({-4096, -4096, -64}, {4096, 4096, 0});
    if (extra) extra(b);
    return b.build();
}

// Spawns slightly above the ground and lets the player settle.
PlayerState settle(const PlayerMovement& pm, Vec3 at) {
    PlayerState s = pm.spawn(at);
    for (int i = 0; i < 40; ++i) pm.tick(s, {});
    return s;
}

TEST(Movement, SettingsLikeCvars) {
    MoveSettings cv;
    EXPECT_EQ(cv.gravity, 600.0f);
    EXPECT_EQ(cv.friction, 8.0f);
    EXPECT_EQ(cv.stopSpeed, 10.0f);
    EXPECT_EQ(cv.airAccelerate, 10.0f);
    EXPECT_EQ(cv.maxVelocity, 3500.0f);
    EXPECT_EQ(cv.jumpPower, 200.0f);
    EXPECT_FLOAT_EQ(cv.frameTime(), 0.015f);
    ASSERT_TRUE(cv.set("sv_friction", 4).ok());
    EXPECT_EQ(cv.friction, 4.0f);
    EXPECT_EQ(cv.get("sv_friction"), 4.0f);
    const Status bad = cv.set("sv_nope", 1);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "move.unknown_setting");
    EXPECT_FALSE(cv.set("tick_rate", 0).ok());
    EXPECT_FALSE(cv.set("sv_gravity", NAN).ok());
}

TEST(Movement, StandsStillOnFlatGround) {
    const CollisionModel w = flatWorld();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    ASSERT_TRUE(s.onGround);
    // CategorizePosition finds ground within 2 units and, like Source, does not snap down to it.
    EXPECT_EQ(s.origin.z, 1.0f);
    const Vec3 start = s.origin;
    for (int i = 0; i < 180; ++i) {
        pm.tick(s, {});
        ASSERT_TRUE(s.onGround);
    }
    EXPECT_EQ(s.origin, start);
}

TEST(Movement, JumpArc) {
    const CollisionModel w = flatWorld();
    PlayerMovement pm(w);
    // Resting exactly where a trace leaves a player: DIST_EPSILON above the floor.
    PlayerState s = settle(pm, {0, 0, collision::kDistEpsilon});
    const float z0 = s.origin.z;
    MoveInput jump;
    jump.buttons = buttons::kJump;
    pm.tick(s, jump);
    ASSERT_FALSE(s.onGround);
    float apex = s.origin.z - z0;
    int apexTick = 1;
    int ticks = 1;
    while (!s.onGround && ticks < 200) {
        pm.tick(s, jump);  // still held: must not re-jump on landing
        ++ticks;
        if (s.origin.z - z0 > apex) {
            apex = s.origin.z - z0;
            apexTick = ticks;
        }
    }
    // Gravity is applied in halves: StartGravity, then FinishGravity inside CheckJumpButton and again at the
    // end of FullWalkMove, so the jump tick carries 1.5 ticks of gravity. At 0.015 s that gives 31.85 units,
    // not the naive 200^2 / 1200 = 33.3 (see docs/movement.md).
    // The flight is 43 ticks (0.645 s) against the naive 2 * 200 / 600 = 0.667 s, for the same reason.
    EXPECT_NEAR(apex, 31.845f, 0.05f);
    EXPECT_EQ(apexTick, 22);  // 0.33 s
    EXPECT_NEAR(apexTick * kDt, 0.33f, kDt + 1e-4f);
    EXPECT_EQ(ticks, 43);  // 0.645 s
    EXPECT_NEAR(ticks * kDt, 0.652f, kDt + 1e-4f);
    // Held through the landing: no second jump.
    for (int i = 0; i < 60; ++i) pm.tick(s, jump);
    EXPECT_TRUE(s.onGround);
    // Re-press jumps again.
    pm.tick(s, {});
    pm.tick(s, jump);
    EXPECT_FALSE(s.onGround);
}

TEST(Movement, JumpArcMatchesAnalyticWithoutSplitGravityLoss) {
    // The same arc at a fine tick converges to the analytic 33.3.
    const CollisionModel w = flatWorld();
    MoveSettings cv;
    cv.tickRate = 2000;
    PlayerMovement pm(w, cv);
    PlayerState s = pm.spawn({0, 0, 1});
    for (int i = 0; i < 400; ++i) pm.tick(s, {});
    const float z0 = s.origin.z;
    MoveInput jump;
    jump.buttons = buttons::kJump;
    float apex = 0;
    for (int i = 0; i < 2000 && (i == 0 || !s.onGround); ++i) {
        pm.tick(s, jump);
        apex = std::max(apex, s.origin.z - z0);
    }
    EXPECT_NEAR(apex, 33.3f, 0.2f);
}

TEST(Movement, GroundStopFromWalkSpeed) {
    const CollisionModel w = flatWorld();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {-2000, 0, 1});
    for (int i = 0; i < 200; ++i) pm.tick(s, walk(0));
    ASSERT_NEAR(hspeed(s), 250.0f, 0.01f);
    const Vec3 release = s.origin;
    int ticks = 0;
    while (hspeed(s) >= 10.0f && ticks < 200) {
        pm.tick(s, {});
        ++ticks;
    }
    EXPECT_NEAR(ticks * kDt, 0.40f, kDt + 1e-4f);
    for (int i = 0; i < 100; ++i) pm.tick(s, {});
    EXPECT_EQ(hspeed(s), 0.0f);
    const float dist = hdist(s.origin, release);
    EXPECT_NEAR(dist, 26.5f, 1.0f);
    const Vec3 rest = s.origin;
    for (int i = 0; i < 200; ++i) pm.tick(s, {});
    EXPECT_EQ(s.origin, rest);  // no drift
}

float climb(float height) {
    const CollisionModel w = flatWorld([&](ModelBuilder& b) { b.addBox({64, -256, 0}, {512, 256, height}); });
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    for (int i = 0; i < 120; ++i) pm.tick(s, walk(0));
    return s.origin.x;
}

TEST(Movement, StepsAndCurbs) {
    EXPECT_GT(climb(18), 200.0f);
    EXPECT_LT(climb(19), 64.0f - 16.0f + 0.01f);
    EXPECT_GT(climb(12), 200.0f);
    // A flight of 18-unit stairs.
    const CollisionModel w = flatWorld([](ModelBuilder& b) {
        b.addStairs(64, -64, 64, 0, 6, 18, 24);
        b.addBox({208, -64, 0}, {1024, 64, 108});
    });
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    for (int i = 0; i < 120; ++i) pm.tick(s, walk(0));
    EXPECT_GT(s.origin.x, 64 + 6 * 24);
    EXPECT_NEAR(s.origin.z, 108.0f + collision::kDistEpsilon, 1e-3f);
}

TEST(Movement, AirStrafeFromRest) {
    const CollisionModel w = flatWorld();
    PlayerMovement pm(w);
    PlayerState s = pm.spawn({0, 0, 1000});
    MoveInput in;
    in.sideMove = kWish;
    pm.tick(s, in);
    EXPECT_NEAR(hspeed(s), 30.0f, 1e-3f);
    EXPECT_NEAR(s.velocity.y, -30.0f, 1e-3f);  // +side = right = -y at yaw 0
    // Forward flight: wish along the velocity adds nothing once the projection is over the cap.
    PlayerState f = pm.spawn({0, 0, 1000});
    f.velocity = {250, 0, 0};
    pm.tick(f, walk(0));
    EXPECT_EQ(f.velocity.x, 250.0f);
    // Sideways from forward flight: +30 on the side, forward untouched.
    PlayerState g = pm.spawn({0, 0, 1000});
    g.velocity = {250, 0, 0};
    MoveInput side;
    side.sideMove = -kWish;
    pm.tick(g, side);
    EXPECT_EQ(g.velocity.x, 250.0f);
    EXPECT_NEAR(g.velocity.y, 30.0f, 1e-3f);
}

TEST(Movement, FreeFallUntilCap) {
    const CollisionModel w = flatWorld();
    PlayerMovement pm(w);
    PlayerState s = pm.spawn({0, 0, 100000});
    for (int sec = 1; sec <= 5; ++sec) {
        for (int i = 0; i < 67; ++i) pm.tick(s, {});
        (void)sec;
    }
    // 335 ticks * 0.015 s * 600 = 3015
    EXPECT_NEAR(s.velocity.z, -3015.0f, 0.5f);
    for (int i = 0; i < 100; ++i) pm.tick(s, {});
    EXPECT_EQ(s.velocity.z, -3500.0f);
}

struct RampRun {
    float speed = 0;
    float climbed = 0;
};

RampRun walkRamp(float angle) {
    ModelBuilder b;
    b.addBox({-1024, -512, -64}, {4096, 512, 0});
    b.addRamp(64, -128, 128, 0, 512, angle);
    const CollisionModel w = b.build();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {-256, 0, 1});
    RampRun r;
    float sum = 0;
    int n = 0;
    for (int i = 0; i < 200; ++i) {
        const Vec3 before = s.origin;
        pm.tick(s, walk(0));
        // Measure while fully on the slope (feet past the foot of the ramp, before its top).
        if (before.x > 64 + 48 && s.origin.x < 64 + 512 - 48) {
            sum += hdist(s.origin, before) / kDt;
            ++n;
        }
    }
    r.speed = n > 0 ? sum / static_cast<float>(n) : 0;
    r.climbed = s.origin.z;
    return r;
}

TEST(Movement, RampsKeepFlatSpeedUphill) {
    for (float angle : {5.f, 10.f, 15.f, 20.f, 25.f, 30.f, 35.f, 40.f, 44.f}) {
        const RampRun r = walkRamp(angle);
        EXPECT_GE(r.speed, 237.5f) << angle << " degrees";
        EXPECT_GT(r.climbed, 400.0f * std::tan(degToRad(angle))) << angle << " degrees";
    }
}

TEST(Movement, StandingOnRampDoesNotDrift) {
    for (float angle : {15.f, 30.f, 44.f}) {
        ModelBuilder b;
        b.addBox({-1024, -512, -64}, {4096, 512, 0});
        b.addRamp(0, -256, 256, 0, 1024, angle);
        const CollisionModel w = b.build();
        PlayerMovement pm(w);
        PlayerState s = pm.spawn({400, 0, 400 * std::tan(degToRad(angle)) + 40});
        for (int i = 0; i < 100; ++i) pm.tick(s, {});
        ASSERT_TRUE(s.onGround) << angle;
        const Vec3 start = s.origin;
        for (int i = 0; i < 200; ++i) pm.tick(s, {});
        EXPECT_TRUE(s.onGround);
        EXPECT_LT(length(s.origin - start), 1.0f) << angle;
        // Walk up then stop: the stop distance equals flat ground's, and no slide back afterwards.
        for (int i = 0; i < 30; ++i) pm.tick(s, walk(0));
        for (int i = 0; i < 60; ++i) pm.tick(s, {});
        const Vec3 stopped = s.origin;
        for (int i = 0; i < 200; ++i) pm.tick(s, {});
        EXPECT_LT(length(s.origin - stopped), 1.0f) << angle;
    }
}

// Counts ticks in which a player pushing forward on the ground made less than half the expected progress.
int countBlocks(const PlayerMovement& pm, PlayerState s, float yaw, int ticks) {
    int blocks = 0;
    for (int i = 0; i < ticks; ++i) {
        const Vec3 before = s.origin;
        const bool grounded = s.onGround;
        pm.tick(s, walk(yaw));
        if (i > 40 && grounded && hdist(s.origin, before) < 0.5f * kWish * kDt) ++blocks;
    }
    return blocks;
}

TEST(Movement, NoInvisibleWallsAtSeamsAndLedges) {
    ModelBuilder b;
    // A floor of 64-unit tiles (many seams), a 16-unit slab whose top is level with the floor (seed E21),
    // and a terrace edge to walk along.
    for (int ix = -16; ix < 16; ++ix) {
        for (int iy = -16; iy < 16; ++iy) {
            const float x = static_cast<float>(ix) * 64.0f;
            const float y = static_cast<float>(iy) * 64.0f;
            if (iy == 4)
                b.addBox({x, y, -16}, {x + 64, y + 64, 0});
            else
                b.addBox({x, y, -64}, {x + 64, y + 64, 0});
        }
    }
    b.addBox({-1024, -1024, -64}, {1024, -900, 64});
    const CollisionModel w = b.build();
    PlayerMovement pm(w);
    int total = 0;
    for (float yaw = 0; yaw < 360; yaw += 22.5f) {
        const PlayerState s = settle(pm, {-16, -16, 1});
        total += countBlocks(pm, s, yaw, 150);
    }
    EXPECT_EQ(total, 0);
    // Along the foot of the terrace wall (touching distance) in both directions.
    for (float yaw : {0.f, 180.f}) {
        const PlayerState s = settle(pm, {0, -900 + 16 + 0.5f, 1});
        EXPECT_EQ(countBlocks(pm, s, yaw, 150), 0) << yaw;
    }
}

TEST(Movement, NoInvisibleWallsOnDisplacementHill) {
    ModelBuilder b;
    b.addBox({-2048, -2048, -64}, {4096, 4096, 0});
    (void)b.addDisplacement(collision::displacementGrid({0, 0, 0}, 1024, 4, collision::demoHillHeight));
    const CollisionModel w = b.build();
    PlayerMovement pm(w);
    int total = 0;
    for (const Vec3 start : {Vec3{-300, 512, 1}, Vec3{512, -300, 1}, Vec3{-300, 200, 1}, Vec3{200, -300, 1}}) {
        for (float yaw : {0.f, 45.f, 90.f}) {
            const PlayerState s = settle(pm, start);
            total += countBlocks(pm, s, yaw, 400);
        }
    }
    EXPECT_EQ(total, 0);
}

TEST(Movement, ThinWallsAreNeverCrossed) {
    for (float thickness : {4.f, 16.f}) {
        const CollisionModel w = flatWorld([&](ModelBuilder& b) {
            b.addBox({500, -512, 0}, {500 + thickness, 512, 512});
        });
        PlayerMovement pm(w);
        for (bool grounded : {true, false}) {
            PlayerState s = grounded ? settle(pm, {0, 0, 1}) : pm.spawn({0, 0, 200});
            for (int i = 0; i < 100; ++i) {
                s.velocity.x = 3500;  // pushed at the velocity cap every tick
                pm.tick(s, walk(0));
                ASSERT_LE(s.origin.x + 16, 500.0f) << thickness;
            }
        }
    }
    // A fast fall does not tunnel a 4-unit floor.
    ModelBuilder b;
    b.addBox({-512, -512, -4}, {512, 512, 0});
    const CollisionModel w = b.build();
    PlayerMovement pm(w);
    PlayerState s = pm.spawn({0, 0, 5000});
    s.velocity.z = -3500;
    for (int i = 0; i < 200; ++i) {
        pm.tick(s, {});
        ASSERT_GE(s.origin.z, 0.0f);
    }
    EXPECT_TRUE(s.onGround);
}

TEST(Movement, NonFiniteVelocityIsZeroed) {
    const CollisionModel w = flatWorld();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    s.velocity = {NAN, INFINITY, -INFINITY};
    pm.tick(s, walk(0));
    EXPECT_TRUE(isFinite(s.velocity));
    EXPECT_TRUE(isFinite(s.origin));
    s.origin.x = NAN;
    pm.tick(s, walk(0));
    EXPECT_TRUE(isFinite(s.origin));
    MoveInput bad = walk(NAN, INFINITY);
    pm.tick(s, bad);
    EXPECT_TRUE(isFinite(s.origin));
    EXPECT_TRUE(isFinite(s.velocity));
}

CollisionModel poolWorld() {
    ModelBuilder b;
    b.addBox({-1024, -1024, -320}, {1024, 1024, -256});  // pool bottom
    b.addBox({-1024, -1024, -256}, {-512, 1024, 0});     // walls
    b.addBox({512, -1024, -256}, {1024, 1024, 8});       // ledge side rises 8 above water
    b.addBox({-512, -1024, -256}, {512, -512, 0});
    b.addBox({-512, 512, -256}, {512, 1024, 0});
    b.addBox({-512, -512, -256}, {512, 512, 0}, contents::kWater | contents::kTranslucent);
    return b.build();
}

TEST(Movement, WaterSinkFloatAndJumpOut) {
    const CollisionModel w = poolWorld();
    PlayerMovement pm(w);
    // Idle: sinks to the bottom.
    PlayerState s = pm.spawn({0, 0, -100});
    for (int i = 0; i < 1000; ++i) pm.tick(s, {});
    EXPECT_TRUE(s.onGround);
    EXPECT_NEAR(s.origin.z, -256.0f, 0.1f);
    EXPECT_EQ(s.waterLevel, kEyes);
    // Holding jump: rises and floats with the waist at the surface.
    MoveInput jump;
    jump.buttons = buttons::kJump;
    float lo = 1e9f, hi = -1e9f, sum = 0;
    for (int i = 0; i < 1200; ++i) {
        pm.tick(s, jump);
        if (i >= 900) {
            lo = std::min(lo, s.origin.z + 36);
            hi = std::max(hi, s.origin.z + 36);
            sum += s.origin.z + 36;
        }
    }
    // It bobs: swims up at 100 u/s, leaves waist depth, falls back under gravity.
    // Measured: the waist spends its time between about -10 and +22 around the surface, mean +9.9.
    EXPECT_GT(sum / 300.0f, -2.0f);
    EXPECT_LT(sum / 300.0f, 12.0f);
    EXPECT_GT(lo, -12.0f);
    EXPECT_LT(hi, 24.0f);
    EXPECT_GE(s.waterLevel, kFeet);
    // Swim to the ledge holding jump and forward: water jump onto it.
    MoveInput out = walk(0, kWish, buttons::kJump);
    bool waterJumped = false;
    for (int i = 0; i < 600 && !(s.onGround && s.origin.x > 512); ++i) {
        pm.tick(s, out);
        waterJumped |= s.waterJumpTime > 0;
    }
    EXPECT_TRUE(waterJumped);
    EXPECT_TRUE(s.onGround);
    EXPECT_GT(s.origin.x, 512.0f - 16.0f);
    EXPECT_GE(s.origin.z, 8.0f);
    EXPECT_LT(s.origin.z, 10.0f);  // on ground: within CategorizePosition's 2 units
    EXPECT_EQ(s.waterLevel, kNotInWater);
}

TEST(Movement, BreathRunsOutAndRecovers) {
    const CollisionModel w = poolWorld();
    PlayerMovement pm(w);
    PlayerState s = pm.spawn({0, 0, -250});
    EXPECT_EQ(s.air, 12.0f);
    int ticks = 0;
    while (!s.drowning && ticks < 2000) {
        pm.tick(s, {});
        ++ticks;
    }
    EXPECT_NEAR(ticks * kDt, 12.0f, kDt + 1e-3f);
    for (int i = 0; i < 140; ++i) pm.tick(s, {});
    EXPECT_EQ(s.drownDamage, 30.0f);  // on running out, then at +1 s and +2 s
    // Surface (teleport out of the water): breath is restored.
    s.origin = {700, 0, 9};
    pm.tick(s, {});
    EXPECT_FALSE(s.drowning);
    EXPECT_EQ(s.air, 12.0f);
    MoveSettings cv;
    ASSERT_TRUE(cv.set("air_time", 15).ok());
    PlayerMovement pm15(w, cv);
    EXPECT_EQ(pm15.spawn({}).air, 15.0f);
}

TEST(Movement, DuckUnderLowCeiling) {
    const CollisionModel w = flatWorld([](ModelBuilder& b) { b.addBox({200, -256, 50}, {600, 256, 100}); });
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    MoveInput duck;
    duck.buttons = buttons::kDuck;
    for (int i = 0; i < 40; ++i) pm.tick(s, duck);
    ASSERT_TRUE(s.ducked);
    EXPECT_EQ(s.viewOffsetZ, 28.0f);
    // Ducked speed is CrouchedWalkSpeed x wish.
    for (int i = 0; i < 400; ++i) pm.tick(s, walk(0, kWish, buttons::kDuck));
    EXPECT_NEAR(hspeed(s), kWish * 0.3f, 0.01f);
    ASSERT_GT(s.origin.x, 250.0f);
    ASSERT_LT(s.origin.x, 550.0f);
    // Release under the ceiling: stays ducked.
    for (int i = 0; i < 60; ++i) pm.tick(s, {});
    EXPECT_TRUE(s.ducked);
    // Out from under it, standing up works again.
    s.origin.x = 700;
    for (int i = 0; i < 60; ++i) pm.tick(s, {});
    EXPECT_FALSE(s.ducked);
    EXPECT_EQ(s.viewOffsetZ, 64.0f);
}

TEST(Movement, NoclipKeepsMomentum) {
    const CollisionModel w = flatWorld([](ModelBuilder& b) { b.addBox({200, -256, 0}, {216, 256, 512}); });
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    MoveInput fly = walk(0, kWish, buttons::kNoclip);
    fly.viewAngles.x = -30;  // look up a little
    for (int i = 0; i < 100; ++i) pm.tick(s, fly);
    EXPECT_GT(s.origin.x, 216.0f);  // through the wall
    EXPECT_GT(s.origin.z, 50.0f);
    const Vec3 v = s.velocity;
    EXPECT_GT(length(v), 200.0f);
    pm.tick(s, {});  // noclip off: the velocity carries over into the walk move
    EXPECT_NEAR(s.velocity.x, v.x, 1e-3f);
}

TEST(Movement, BrushEntityCollidesWhereDrawn) {
    const CollisionModel w = flatWorld([](ModelBuilder& b) {
        b.addBox({-32, -32, 0}, {32, 32, 64}, contents::kSolid, {300, 0, 0}, 1);
    });
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {-100, 0, 1});
    for (int i = 0; i < 200; ++i) pm.tick(s, walk(0));
    EXPECT_NEAR(s.origin.x, 300 - 32 - 16, 0.1f);
    ASSERT_TRUE(s.blockingPlane.has_value());
    EXPECT_EQ(s.blockingPlane->normal, (Vec3{-1, 0, 0}));
    // Walking through (0,0,0) where an origin-less loader would have put it: free.
    PlayerState t = settle(pm, {-100, 100, 1});
    for (int i = 0; i < 60; ++i) pm.tick(t, walk(0));
    EXPECT_GT(t.origin.x, 100.0f);
}

}  // namespace
}  // namespace vestige::source::movement

namespace vestige::source::movement {
namespace {

// A ladder brush (LADDER | TRANSLUCENT | GRATE, gm_construct's 0x30000008) on the face of a 128-unit platform.
CollisionModel ladderWorld() {
    return flatWorld([](ModelBuilder& b) {
        b.addBox({72, -256, 0}, {512, 256, 128});  // platform behind the ladder
        b.addBox({64, -32, 0}, {72, 32, 128}, contents::kLadder | contents::kTranslucent | contents::kGrate);
        b.addBox({64, 128, 0}, {72, 192, 128});  // a plain wall beside it: not climbable
    });
}

TEST(Ladder, ClimbHoldDescendAndStepOff) {
    const CollisionModel w = ladderWorld();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    // Walk into the ladder: it catches the player, then forward climbs at 200 u/s with no gravity.
    int t = 0;
    while (s.moveType != MoveType::Ladder && t < 100) {
        pm.tick(s, walk(0));
        ++t;
    }
    ASSERT_EQ(s.moveType, MoveType::Ladder);
    EXPECT_EQ(s.ladderNormal, (Vec3{-1, 0, 0}));
    const float z0 = s.origin.z;
    for (int i = 0; i < 10; ++i) pm.tick(s, walk(0));
    EXPECT_EQ(s.velocity, (Vec3{0, 0, 200}));
    EXPECT_NEAR(s.origin.z - z0, 10 * 200 * kDt, 1e-3f);
    EXPECT_FALSE(s.onGround);
    // Let go: hangs there (no gravity on a ladder).
    const float hang = s.origin.z;
    for (int i = 0; i < 60; ++i) pm.tick(s, {});
    EXPECT_EQ(s.moveType, MoveType::Ladder);
    EXPECT_EQ(s.origin.z, hang);
    // Back climbs down at 200 u/s to the floor, then pressing away from the ladder steps off it.
    MoveInput back;
    back.forwardMove = -kWish;
    back.buttons = buttons::kBack;
    pm.tick(s, back);
    EXPECT_EQ(s.velocity, (Vec3{0, 0, -200}));
    for (int i = 0; i < 60; ++i) pm.tick(s, back);
    EXPECT_EQ(s.moveType, MoveType::Walk);
    EXPECT_TRUE(s.onGround);
    EXPECT_LT(s.origin.x, 64.0f - 16.0f - 1.0f);
}

TEST(Ladder, JumpOffAndClimbOntoThePlatform) {
    const CollisionModel w = ladderWorld();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 0, 1});
    for (int i = 0; i < 40; ++i) pm.tick(s, walk(0));
    ASSERT_EQ(s.moveType, MoveType::Ladder);
    // Jump: 270 u/s along the ladder's normal, walking again.
    PlayerState j = s;
    MoveInput jump;
    jump.buttons = buttons::kJump;
    pm.tick(j, jump);
    EXPECT_EQ(j.moveType, MoveType::Walk);
    EXPECT_NEAR(j.velocity.x, -270.0f, 1e-3f);
    // Keep climbing: over the top the ladder lets go and the player walks onto the platform.
    // It lets go once the feet pass the ladder's top (z 128) still moving up at 200 u/s, rises ~33 units,
    // drifts over at the 30 u/s air cap and lands.
    int ticks = 0;
    while (!(s.onGround && s.origin.x > 64) && ticks < 200) {
        pm.tick(s, walk(0));
        ++ticks;
    }
    EXPECT_EQ(ticks, 65);  // 20 climbing, 45 in the air
    EXPECT_EQ(s.moveType, MoveType::Walk);
    EXPECT_TRUE(s.onGround);
    EXPECT_NEAR(s.origin.z, 128.0f + collision::kDistEpsilon, 1e-3f);
}

TEST(Ladder, PlainWallAndNonBlockingLadderAreNotClimbed) {
    const CollisionModel w = ladderWorld();
    PlayerMovement pm(w);
    PlayerState s = settle(pm, {0, 160, 1});
    for (int i = 0; i < 100; ++i) pm.tick(s, walk(0));
    EXPECT_EQ(s.moveType, MoveType::Walk);
    EXPECT_LT(s.origin.z, 2.0f);
    // CONTENTS_LADDER alone is not in MASK_PLAYERSOLID: the trace never hits it, the player walks through.
    const CollisionModel w2 = flatWorld([](ModelBuilder& b) {
        b.addBox({64, -32, 0}, {72, 32, 128}, contents::kLadder);
    });
    PlayerMovement pm2(w2);
    PlayerState t = settle(pm2, {0, 0, 1});
    for (int i = 0; i < 60; ++i) pm2.tick(t, walk(0));
    EXPECT_EQ(t.moveType, MoveType::Walk);
    EXPECT_GT(t.origin.x, 100.0f);
}

}  // namespace
}  // namespace vestige::source::movement

namespace vestige::source::movement {
namespace {

// A scene that forwards to one world: movement through TraceScene must give the same states bit for bit.
struct ForwardingScene final : TraceScene {
    const collision::CollisionModel& world;
    explicit ForwardingScene(const collision::CollisionModel& w) : world(w) {}
    collision::TraceResult traceBox(Vec3 a, Vec3 b, Vec3 mn, Vec3 mx, std::uint32_t mask) const override {
        return world.traceBox(a, b, mn, mx, mask);
    }
    std::uint32_t pointContents(Vec3 p) const override { return world.pointContents(p); }
};

TEST(Movement, TraceSceneGivesTheSameStatesAndLandingSpeedIsTheFallVelocity) {
    const auto world = flatWorld();
    const ForwardingScene scene(world);
    const PlayerMovement direct(world), viaScene(scene);
    PlayerState a = direct.spawn({0, 0, 300}), b = viaScene.spawn({0, 0, 300});
    float landed = 0, lastFall = 0;
    int landTick = -1;
    for (int i = 0; i < 120; ++i) {
        const float startVz = a.velocity.z;
        direct.tick(a, walk(0, 100));
        viaScene.tick(b, walk(0, 100));
        ASSERT_EQ(a.origin, b.origin) << i;
        ASSERT_EQ(a.velocity, b.velocity) << i;
        if (a.landingSpeed > 0 && landTick < 0) {
            landTick = i;
            landed = a.landingSpeed;
            lastFall = -startVz;
        }
    }
    // The landing tick reports -v.z at its start (CheckFalling's m_flFallVelocity), then nothing more.
    ASSERT_GE(landTick, 0);
    EXPECT_EQ(landed, lastFall);
    EXPECT_GT(landed, 500.0f);  // 300 units of fall at g 600: about sqrt(2 * 600 * 300) = 600 u/s
    EXPECT_EQ(a.landingSpeed, 0.0f);
    EXPECT_EQ(a.fallVelocity, 0.0f);
}

}  // namespace
}  // namespace vestige::source::movement
