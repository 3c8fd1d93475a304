// Each constraint's invariant under load (issue #18's acceptance list), and breaking at the force limit.
#include <gtest/gtest.h>

#include <cmath>

#include "fixtures.hpp"

using namespace vestige;
using namespace vestige::source::physics;
using namespace vestige::source::physics::test;

namespace {

float angleBetween(Quat a, Quat b) {
    const float d = std::fabs(dot(normalize(a), normalize(b)));
    return radToDeg(2.0f * std::acos(std::min(d, 1.0f)));
}

ConstraintId make(PhysicsWorld& w, ConstraintDesc d) {
    auto c = w.createConstraint(d);
    EXPECT_TRUE(c.ok()) << c.error().render();
    return c.ok() ? *c : ConstraintId{};
}

Vec3 worldPoint(const PhysicsWorld& w, BodyId b, Vec3 local) {
    const BodyState s = stateOf(w, b);
    return s.position + rotate(s.rotation, local);
}

}  // namespace

TEST(PhysicsConstraints, WeldKeepsTheRelativeTransform) {
    PhysicsWorld w;
    addFloor(w);
    const BodyId a = addBox(w, {0, 0, 200}, {32, 32, 32}, 20);
    const BodyId b = addBox(w, {40, 0, 216}, {16, 16, 64}, 5);  // an L: b sticks out and up from a
    ConstraintDesc d;
    d.type = ConstraintType::Weld;
    d.a = a;
    d.b = b;
    make(w, d);
    ASSERT_TRUE(w.setAngularVelocity(a, {3, 1, 0}).ok());  // tumbles down and lands on a corner
    const BodyState sa = stateOf(w, a), sb = stateOf(w, b);
    const Vec3 relPos = rotate(sa.rotation.conjugate(), sb.position - sa.position);
    const Quat relRot = sa.rotation.conjugate() * sb.rotation;
    float worstPos = 0, worstAngle = 0;
    for (int t = 0; t < 200; ++t) {
        w.step();
        const BodyState na = stateOf(w, a), nb = stateOf(w, b);
        worstPos = std::max(worstPos, length(rotate(na.rotation.conjugate(), nb.position - na.position) - relPos));
        worstAngle = std::max(worstAngle, angleBetween(na.rotation.conjugate() * nb.rotation, relRot));
    }
    RecordProperty("weld_worst_u", std::to_string(worstPos));
    RecordProperty("weld_worst_deg", std::to_string(worstAngle));
    EXPECT_LT(worstPos, 0.1f);
    EXPECT_LT(worstAngle, 0.5f);
}

TEST(PhysicsConstraints, WeldBreaksAtItsForceLimit) {
    // A 10 kg box welded to the world under gravity pulls with m g = 6000 kg*in/s^2.
    for (const float limit : {7000.0f, 5000.0f}) {
        PhysicsWorld w;
        const BodyId box = addBox(w, {0, 0, 100}, {16, 16, 16}, 10);
        ASSERT_TRUE(w.enableDrag(box, false).ok());
        ConstraintDesc d;
        d.type = ConstraintType::Weld;
        d.a = box;
        d.forceLimit = limit;
        d.userId = 77;
        const ConstraintId c = make(w, d);
        int breaks = 0;
        for (int t = 0; t < 100; ++t)
            for (const auto& e : w.step().breaks) {
                ++breaks;
                EXPECT_EQ(e.constraint, c);
                EXPECT_EQ(e.userId, 77u);
            }
        if (limit > 6000) {
            EXPECT_EQ(breaks, 0);
            EXPECT_NEAR(stateOf(w, box).position.z, 100.0f, 0.1f);
            EXPECT_FALSE(w.constraintInfo(c)->broken);
        } else {
            EXPECT_EQ(breaks, 1);
            EXPECT_TRUE(w.constraintInfo(c)->broken);
            EXPECT_LT(stateOf(w, box).position.z, 0.0f);  // fell once free
        }
    }
}

TEST(PhysicsConstraints, BallSocketKeepsTheAnchorsTogether) {
    PhysicsWorld w;
    const BodyId bob = addBox(w, {64, 0, 100}, {16, 16, 16}, 10);
    ConstraintDesc d;
    d.type = ConstraintType::BallSocket;
    d.a = bob;
    d.pointA = {0, 0, 100};  // a pendulum arm of 64 units to a world pivot
    make(w, d);
    const Vec3 local = Vec3{-64, 0, 0};
    float worst = 0;
    for (int t = 0; t < 300; ++t) {
        w.step();
        worst = std::max(worst, length(worldPoint(w, bob, local) - Vec3{0, 0, 100}));
    }
    EXPECT_LT(worst, 0.1f);
    EXPECT_LT(stateOf(w, bob).position.z, 99.0f);  // it swung
}

TEST(PhysicsConstraints, AxisAllowsNoOffAxisRotation) {
    PhysicsWorld w;
    addFloor(w);
    // A door 48 x 4 x 96 hinged on its edge about world z, pushed open.
    const BodyId door = addBox(w, {24, 0, 49}, {48, 4, 96}, 30);
    ConstraintDesc d;
    d.type = ConstraintType::Axis;
    d.a = door;
    d.pointA = {0, 0, 49};
    d.axis = {0, 0, 1};
    d.friction = 50;
    make(w, d);
    ASSERT_TRUE(w.applyImpulseAt(door, {0, 30 * 100, 0}, {48, 0, 49}).ok());
    float worstTilt = 0, worstHinge = 0;
    for (int t = 0; t < 200; ++t) {
        w.step();
        const BodyState s = stateOf(w, door);
        worstTilt = std::max(worstTilt, radToDeg(std::acos(std::min(1.0f, rotate(s.rotation, {0, 0, 1}).z))));
        worstHinge = std::max(worstHinge, length(worldPoint(w, door, {-24, 0, 0}) - Vec3{0, 0, 49}));
    }
    const BodyState s = stateOf(w, door);
    const Vec3 along = rotate(s.rotation, {1, 0, 0});
    EXPECT_GT(std::atan2(along.y, along.x), 0.2f);  // it opened
    EXPECT_LT(worstTilt, 0.5f);
    EXPECT_LT(worstHinge, 0.1f);
}

TEST(PhysicsConstraints, SliderStaysOnItsAxisUnderLoad) {
    PhysicsWorld w;
    // A 20 kg carriage on a slider along world x, loaded by gravity (600 u/s^2 across the axis) and shoved sideways.
    const BodyId car = addBox(w, {0, 0, 100}, {16, 16, 16}, 20);
    ConstraintDesc d;
    d.type = ConstraintType::Slider;
    d.a = car;
    d.pointA = {0, 0, 100};
    d.pointB = {100, 0, 100};
    make(w, d);
    ASSERT_TRUE(w.setVelocity(car, {200, 0, 0}).ok());
    float worstOff = 0, worstTurn = 0;
    for (int t = 0; t < 200; ++t) {
        if (t % 20 == 0) {
            ASSERT_TRUE(w.applyImpulseAt(car, {0, 20 * 50, 20 * 30}, worldPoint(w, car, {8, 8, 8})).ok());
        }
        w.step();
        const BodyState s = stateOf(w, car);
        worstOff = std::max(worstOff, std::hypot(s.position.y, s.position.z - 100.0f));
        worstTurn = std::max(worstTurn, angleBetween(s.rotation, Quat{}));
    }
    RecordProperty("slider_off_axis_u", std::to_string(worstOff));
    EXPECT_GT(stateOf(w, car).position.x, 100.0f);  // free along the axis
    EXPECT_LT(worstOff, 0.1f);
    EXPECT_LT(worstTurn, 0.5f);
}

TEST(PhysicsConstraints, RopeNeverExceedsItsLength) {
    PhysicsWorld w;
    const BodyId box = addBox(w, {0, 0, 180}, {8, 8, 8}, 5);
    ConstraintDesc d;
    d.type = ConstraintType::Rope;
    d.a = box;
    d.pointA = {0, 0, 184};  // top of the box
    d.pointB = {0, 0, 200};  // world
    d.addLength = 84;        // 16 + 84 = 100 units of rope
    const ConstraintId rope = make(w, d);
    EXPECT_FLOAT_EQ(w.constraintInfo(rope)->length, 100.0f);
    ASSERT_TRUE(w.setVelocity(box, {150, 0, 0}).ok());
    float worst = 0, minimum = 1e9f;
    for (int t = 0; t < 300; ++t) {
        w.step();
        const float dist = length(worldPoint(w, box, {0, 0, 4}) - Vec3{0, 0, 200});
        worst = std::max(worst, dist);
        minimum = std::min(minimum, dist);
    }
    EXPECT_LE(worst, 100.0f + 0.5f);  // length + slack
    EXPECT_GT(worst, 99.0f);          // it did go taut
    EXPECT_LT(minimum, 60.0f);        // and was slack while falling first
}

TEST(PhysicsConstraints, WinchPullsTheRopeIn) {
    PhysicsWorld w;
    const BodyId box = addBox(w, {0, 0, 100}, {8, 8, 8}, 5);
    ConstraintDesc d;
    d.type = ConstraintType::Rope;
    d.a = box;
    d.pointA = {0, 0, 104};
    d.pointB = {0, 0, 204};
    const ConstraintId rope = make(w, d);
    run(w, 30);
    EXPECT_NEAR(stateOf(w, box).position.z, 100.0f, 0.5f);
    ASSERT_TRUE(w.setRopeLength(rope, 50, 50).ok());  // 50 u/s for 1 s
    run(w, 67);
    EXPECT_NEAR(w.constraintInfo(rope)->length, 50.0f, 1e-3f);
    EXPECT_NEAR(stateOf(w, box).position.z, 150.0f, 1.0f);
}

TEST(PhysicsConstraints, ElasticOscillatesAndSettles) {
    PhysicsWorld w;
    const float mass = 10, k = 2000, rest = 50;  // k in kg/s^2: equilibrium stretch m g / k = 3 units
    const BodyId box = addBox(w, {0, 0, 150}, {8, 8, 8}, mass);
    ASSERT_TRUE(w.setDamping(box, 0, 0).ok());
    ASSERT_TRUE(w.enableDrag(box, false).ok());
    ConstraintDesc d;
    d.type = ConstraintType::Elastic;
    d.a = box;
    d.pointA = {0, 0, 154};
    d.pointB = {0, 0, 204};
    d.length = rest;
    d.springConstant = k;
    d.springDamping = 20;
    make(w, d);
    const float equilibrium = 204 - rest - 4 - mass * 600 / k;
    int crossings = 0;
    float prev = stateOf(w, box).position.z - equilibrium;
    for (int t = 0; t < 2000; ++t) {
        w.step();
        const float now = stateOf(w, box).position.z - equilibrium;
        if ((now > 0) != (prev > 0)) ++crossings;
        prev = now;
    }
    EXPECT_GE(crossings, 4);                                     // it oscillated
    EXPECT_NEAR(stateOf(w, box).position.z, equilibrium, 0.1f);  // and settled where k x = m g
    EXPECT_LT(std::fabs(stateOf(w, box).velocity.z), 1.0f);
}

TEST(PhysicsConstraints, PulleySharesOneLength) {
    PhysicsWorld w;
    const BodyId heavy = addBox(w, {-50, 0, 100}, {8, 8, 8}, 20);
    const BodyId light = addBox(w, {50, 0, 100}, {8, 8, 8}, 10);
    ConstraintDesc d;
    d.type = ConstraintType::Pulley;
    d.a = heavy;
    d.b = light;
    d.pointA = {-50, 0, 104};
    d.pointB = {50, 0, 104};
    d.wheelA = {-50, 0, 200};
    d.wheelB = {50, 0, 200};
    const ConstraintId c = make(w, d);
    EXPECT_FLOAT_EQ(w.constraintInfo(c)->length, 192.0f);
    float worst = 0;
    for (int t = 0; t < 100; ++t) {
        w.step();
        const float total = length(Vec3{-50, 0, 200} - worldPoint(w, heavy, {0, 0, 4})) +
                            length(Vec3{50, 0, 200} - worldPoint(w, light, {0, 0, 4}));
        worst = std::max(worst, total);
    }
    EXPECT_LE(worst, 192.0f + 0.5f);
    EXPECT_LT(stateOf(w, heavy).position.z, 90.0f);   // the heavy side goes down ...
    EXPECT_GT(stateOf(w, light).position.z, 110.0f);  // ... and lifts the light one
}

TEST(PhysicsConstraints, MotorSpinsAtItsTargetSpeed) {
    PhysicsWorld w;
    ASSERT_TRUE(w.setGravity({0, 0, 0}).ok());
    const BodyId wheel = addBox(w, {0, 0, 0}, {32, 32, 8}, 10);
    ConstraintDesc d;
    d.type = ConstraintType::Motor;
    d.a = wheel;
    d.axis = {0, 0, 1};
    d.motorSpeed = 3;       // rad/s
    d.motorTorque = 50000;  // kg*in^2/s^2
    const ConstraintId m = make(w, d);
    run(w, 100);
    EXPECT_NEAR(stateOf(w, wheel).angularVelocity.z, 3.0f, 0.05f);
    ASSERT_TRUE(w.setMotor(m, -1, 50000).ok());
    run(w, 100);
    EXPECT_NEAR(stateOf(w, wheel).angularVelocity.z, -1.0f, 0.05f);
}

TEST(PhysicsConstraints, KeepUprightTurnsTheBodyBack) {
    PhysicsWorld w;
    ASSERT_TRUE(w.setGravity({0, 0, 0}).ok());
    const BodyId box = addBox(w, {0, 0, 0}, {16, 16, 16}, 10);
    ASSERT_TRUE(w.setTransform(box, {0, 0, 0}, Quat::fromAxisAngle({1, 0, 0}, degToRad(40))).ok());
    ConstraintDesc d;
    d.type = ConstraintType::KeepUpright;
    d.a = box;
    d.angularLimit = 2;  // rad/s
    make(w, d);
    run(w, 60);
    EXPECT_LT(radToDeg(std::acos(std::min(1.0f, rotate(stateOf(w, box).rotation, {0, 0, 1}).z))), 1.0f);
}

// CKeepUpright turns the body's local up towards the goal axis (the entity's up); a limit of 0 corrects nothing.
TEST(PhysicsConstraints, KeepUprightAlignsWithATiltedGoalAndAZeroLimitDoesNothing) {
    for (float limit : {3.0f, 0.0f}) {
        PhysicsWorld w;
        ASSERT_TRUE(w.setGravity({0, 0, 0}).ok());
        const BodyId box = addBox(w, {0, 0, 0}, {16, 16, 16}, 10);
        ConstraintDesc d;
        d.type = ConstraintType::KeepUpright;
        d.a = box;
        d.uprightAxis = {};
        d.angularLimit = limit;
        EXPECT_FALSE(w.createConstraint(d).ok());  // no goal direction: refused, never NaN in the solver
        d.uprightAxis = normalize(Vec3{1, 0, 1});
        make(w, d);
        run(w, 90);
        const Vec3 up = rotate(stateOf(w, box).rotation, {0, 0, 1});
        if (limit > 0)
            EXPECT_GT(dot(up, d.uprightAxis), std::cos(degToRad(1.0f)));
        else
            EXPECT_NEAR(up.z, 1.0f, 1e-5f);
    }
}

// phys_constraintsystem's additionaliterations: accepted, kept by snapshots, refused when negative.
TEST(PhysicsConstraints, ExtraSolverIterationsAreKeptAndChecked) {
    PhysicsWorld w;
    const BodyId a = addBox(w, {0, 0, 0}, {8, 8, 8}, 5);
    const BodyId b = addBox(w, {20, 0, 0}, {8, 8, 8}, 5);
    ConstraintDesc d;
    d.type = ConstraintType::Weld;
    d.a = a;
    d.b = b;
    d.extraIterations = -1;
    EXPECT_FALSE(w.createConstraint(d).ok());
    d.extraIterations = 4;
    make(w, d);
    run(w, 10);
    const Snapshot snap = w.snapshot();
    const std::uint64_t before = w.stateHash();
    run(w, 10);
    const std::uint64_t after = w.stateHash();
    ASSERT_TRUE(w.restore(snap).ok());
    EXPECT_EQ(w.stateHash(), before);
    run(w, 10);
    EXPECT_EQ(w.stateHash(), after);
}

TEST(PhysicsConstraints, NoCollideLetsTwoBodiesPass) {
    PhysicsWorld w;
    addFloor(w);
    const BodyId low = addBox(w, {0, 0, 8}, {16, 16, 16}, 5);
    const BodyId high = addBox(w, {0, 0, 40}, {16, 16, 16}, 5);
    ConstraintDesc d;
    d.type = ConstraintType::NoCollide;
    d.a = low;
    d.b = high;
    const ConstraintId c = make(w, d);
    run(w, 100);
    EXPECT_NEAR(stateOf(w, high).position.z, 8.0f, 0.5f);
    ASSERT_TRUE(w.removeConstraint(c).ok());
    ASSERT_TRUE(w.setTransform(high, {0, 0, 40}, {}).ok());
    run(w, 100);
    EXPECT_NEAR(stateOf(w, high).position.z, 24.0f, 0.5f);  // collides again: lands on top
}

TEST(PhysicsConstraints, ConstraintsDieWithTheirBodies) {
    PhysicsWorld w;
    const BodyId a = addBox(w, {0, 0, 0}, {8, 8, 8}, 5);
    const BodyId b = addBox(w, {20, 0, 0}, {8, 8, 8}, 5);
    ConstraintDesc d;
    d.type = ConstraintType::BallSocket;
    d.a = a;
    d.b = b;
    d.pointA = {10, 0, 0};
    const ConstraintId c = make(w, d);
    ASSERT_TRUE(w.destroyBody(b).ok());
    EXPECT_FALSE(w.valid(c));
    EXPECT_TRUE(w.constraints().empty());
    w.step();
    d.b = b;  // a stale handle
    EXPECT_EQ(w.createConstraint(d).error().code(), "physics.bad_body");
}
