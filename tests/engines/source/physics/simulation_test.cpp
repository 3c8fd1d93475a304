// The simulation rules: free fall at sv_gravity on the 15 ms tick, sleeping, stacking, speed limits, continuous
// collision, collision events, groups, materials, and the NaN wall at every entry.
#include <gtest/gtest.h>

#include <cmath>

#include "fixtures.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/physics/props.hpp"

using namespace vestige;
using namespace vestige::source::physics;
using namespace vestige::source::physics::test;
namespace phy = vestige::source::phy;

namespace {

struct Drop {
    int landed = -1, asleep = -1;
    float impactSpeed = 0, restZ = 0;
};

// A crate as studiomdl writes its .phy ("damping" "0.000000"), 32 units, 20 kg, its bottom at z = 200.
Drop dropCrate(bool drag) {
    PhysicsWorld w;
    addFloor(w);
    phy::PhyBuilder b;
    phy::SolidKeys keys;
    keys.mass = 20;
    keys.damping = 0;
    keys.rotdamping = 0;
    b.addSolid({phy::boxHull({-16, -16, -16}, {16, 16, 16})}, keys);
    auto model = phy::loadPhyModel(b.write().value());
    EXPECT_TRUE(model.ok());
    auto shape = w.createFromPhy(*model, 0);
    EXPECT_TRUE(shape.ok());
    BodyDesc d = propDesc(*model, 0, *shape);
    EXPECT_EQ(d.mass, 20.0f);
    EXPECT_EQ(d.damping, 0.0f);
    d.position = {0, 0, 216};
    d.dragEnabled = drag;
    const BodyId box = *w.createBody(d);
    Drop out;
    for (int t = 1; t <= 300 && out.asleep < 0; ++t) {
        const StepEvents ev = w.step();
        for (const auto& e : ev.collisions)
            if (e.self == box && e.other.isNull() && out.landed < 0) {
                out.landed = t;
                out.impactSpeed = e.speed;
                EXPECT_NEAR(e.hitNormal.z, -1.0f, 1e-3f);  // from the box towards the floor
                EXPECT_EQ(e.ourSurfaceProps, 0);           // "default"
            }
        if (stateOf(w, box).asleep) out.asleep = t;
    }
    out.restZ = stateOf(w, box).position.z;
    return out;
}

}  // namespace

TEST(PhysicsSim, DropFrom200LandsWhenFreeFallPredictsAndSleepsWithin2s) {
    // Free fall from 200 u at sv_gravity 600 u/s^2 (source.md): t = sqrt(2 * 200 / 600) = 0.8165 s = 54.4 ticks.
    const Drop d = dropCrate(false);
    const double predicted = std::sqrt(2.0 * 200.0 / 600.0) / kTickInterval;
    ASSERT_GT(d.landed, 0);
    EXPECT_LE(std::abs(d.landed - predicted), 1.0) << "landed at tick " << d.landed << ", free fall " << predicted;
    EXPECT_NEAR(d.impactSpeed, 600.0 * std::sqrt(2.0 * 200.0 / 600.0), 12.0);  // v = g t = 490 u/s
    ASSERT_GT(d.asleep, 0);
    EXPECT_LE(d.asleep * kTickInterval, 2.0f) << "asleep after " << d.asleep << " ticks";
    EXPECT_NEAR(d.restZ, 16.0f, 0.5f);
}

TEST(PhysicsSim, DropWithAirDragFollowsVphysicsDrag) {
    // vphysics' drag controller (physics_environment.cpp), once per step before integration: v -= v * 0.5 Cd rho
    // (A/m) |v| dt, A the bounds' face (0.8128 m)^2, Cd 1, rho 2 (physenv defaults). Integrated on the same tick:
    const double k = 0.5 * 1.0 * 2.0 * (0.8128 * 0.8128) / 20.0, g = 600 * 0.0254, h = 200 * 0.0254, dt = 0.015;
    double y = 0, v = 0;
    int ticks = 0;
    while (y < h) {
        v -= v * std::min(k * v * dt, 1.0);
        v += g * dt;
        y += v * dt;
        ++ticks;
    }
    const Drop d = dropCrate(true);
    ASSERT_GT(d.landed, 0);
    EXPECT_LE(std::abs(d.landed - ticks), 1) << "landed at tick " << d.landed << ", drag model " << ticks;
    EXPECT_NEAR(d.impactSpeed, v / 0.0254, 12.0);  // 8% below free fall's 490 u/s
    EXPECT_LT(d.impactSpeed, 470.0f);
    EXPECT_LE(d.asleep * kTickInterval, 2.0f);
}

TEST(PhysicsSim, TenBoxStackStands10Seconds) {
    PhysicsWorld w;
    addFloor(w);
    std::vector<BodyId> stack;
    std::vector<Vec3> start;
    for (int i = 0; i < 10; ++i) {
        start.push_back({0, 0, 16.0f + 32.0f * static_cast<float>(i)});
        stack.push_back(addBox(w, start.back(), {32, 32, 32}, 20));
    }
    run(w, static_cast<int>(10.0f / kTickInterval));
    float worst = 0;
    for (int i = 0; i < 10; ++i) worst = std::max(worst, length(stateOf(w, stack[i]).position - start[i]));
    RecordProperty("max_drift_u", std::to_string(worst));
    EXPECT_LT(worst, 1.0f);
}

TEST(PhysicsSim, TenHullStackStands10Seconds) {
    // The same stack from convex hulls (what .phy props are): polyhedral clipping gives full manifolds.
    PhysicsWorld w;
    addFloor(w);
    const std::vector<Vec3> cube{{-16, -16, -16}, {16, -16, -16}, {-16, 16, -16}, {16, 16, -16},
                                 {-16, -16, 16},  {16, -16, 16},  {-16, 16, 16},  {16, 16, 16}};
    auto shape = w.createConvex(cube);
    ASSERT_TRUE(shape.ok()) << shape.error().render();
    std::vector<BodyId> stack;
    std::vector<Vec3> start;
    for (int i = 0; i < 10; ++i) {
        BodyDesc d;
        d.shape = *shape;
        d.mass = 20;
        d.position = {0, 0, 16.0f + 32.0f * static_cast<float>(i)};
        start.push_back(d.position);
        stack.push_back(*w.createBody(d));
    }
    run(w, static_cast<int>(10.0f / kTickInterval));
    float worst = 0;
    for (int i = 0; i < 10; ++i) worst = std::max(worst, length(stateOf(w, stack[i]).position - start[i]));
    RecordProperty("max_drift_u", std::to_string(worst));
    EXPECT_LT(worst, 1.0f);
}

TEST(PhysicsSim, SpeedsAreClampedToThePerformanceSettings) {
    PhysicsWorld w;
    const BodyId box = addBox(w, {0, 0, 0}, {8, 8, 8}, 5);
    ASSERT_TRUE(w.setVelocity(box, {10000, 0, 0}).ok());
    ASSERT_TRUE(w.setAngularVelocity(box, {0, 0, 1000}).ok());
    w.step();
    const BodyState s = stateOf(w, box);
    EXPECT_LE(length(s.velocity), 4000.0f * 1.0001f);                // physenv MaxVelocity
    EXPECT_LE(length(s.angularVelocity), degToRad(7200) * 1.0001f);  // MaxAngularVelocity
    PerformanceSettings p = w.settings().performance;
    p.maxVelocity = 1000;
    ASSERT_TRUE(w.setPerformanceSettings(p).ok());
    w.step();
    EXPECT_LE(length(stateOf(w, box).velocity), 1000.0f * 1.0001f);
}

TEST(PhysicsSim, NoTunnellingThroughA4UnitWallAtMaxVelocity) {
    PhysicsWorld w;
    ASSERT_TRUE(w.setGravity({0, 0, 0}).ok());
    auto wall = w.createBox({100, -256, -256}, {104, 256, 256});
    ASSERT_TRUE(w.createStaticBody(*wall).ok());
    for (float size : {16.0f, 8.0f}) {
        const BodyId prop = addBox(w, {0, 0, 0}, {size, size, size}, 10);
        ASSERT_TRUE(w.setVelocity(prop, {4000, 0, 0}).ok());  // 60 units per tick
        float maxFront = -1e9f;
        for (int t = 0; t < 30; ++t) {
            w.step();
            maxFront = std::max(maxFront, stateOf(w, prop).position.x + size * 0.5f);
        }
        // The front face may dig in by a fraction of a unit on the impact tick; it never reaches the far side.
        EXPECT_LT(maxFront, 101.0f) << size << "-unit prop went into the wall";
        EXPECT_LT(stateOf(w, prop).position.x, 100.0f);
        ASSERT_TRUE(w.destroyBody(prop).ok());
    }
}

TEST(PhysicsSim, NaNIsRefusedAtEveryEntry) {
    PhysicsWorld w;
    const float nan = std::nanf("");
    const BodyId box = addBox(w, {0, 0, 100}, {8, 8, 8}, 5);
    const BodyState before = stateOf(w, box);
    EXPECT_EQ(w.setVelocity(box, {nan, 0, 0}).error().code(), "physics.nan");
    EXPECT_EQ(w.setTransform(box, {0, nan, 0}, {}).error().code(), "physics.nan");
    EXPECT_EQ(w.setTransform(box, {0, 0, 0}, {nan, 0, 0, 1}).error().code(), "physics.nan");
    EXPECT_EQ(w.applyImpulse(box, {0, 0, INFINITY}).error().code(), "physics.nan");
    EXPECT_EQ(w.applyImpulseAt(box, {0, 0, 1}, {nan, 0, 0}).error().code(), "physics.nan");
    EXPECT_EQ(w.applyForce(box, {nan, nan, nan}).error().code(), "physics.nan");
    EXPECT_EQ(w.setMass(box, nan).error().code(), "physics.nan");
    EXPECT_EQ(w.setGravity({0, 0, nan}).error().code(), "physics.nan");
    EXPECT_EQ(w.setAirDensity(nan).error().code(), "physics.nan");
    EXPECT_EQ(w.createBox({0, 0, 0}, {nan, 1, 1}).error().code(), "physics.nan");
    EXPECT_EQ(w.createSphere(nan).error().code(), "physics.nan");
    const std::vector<Vec3> bad{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, nan}};
    EXPECT_EQ(w.createConvex(bad).error().code(), "physics.nan");
    BodyDesc d = *w.desc(box);
    d.angularVelocity.y = nan;
    EXPECT_EQ(w.createBody(d).error().code(), "physics.nan");
    ConstraintDesc c;
    c.type = ConstraintType::BallSocket;
    c.a = box;
    c.pointA = {nan, 0, 0};
    EXPECT_EQ(w.createConstraint(c).error().code(), "physics.nan");
    const BodyState after = stateOf(w, box);
    EXPECT_EQ(after.position, before.position);
    EXPECT_EQ(after.velocity, before.velocity);
    w.step();
    EXPECT_TRUE(isFinite(stateOf(w, box).position));
}

TEST(PhysicsSim, MotionGravityAndCollisionSwitches) {
    PhysicsWorld w;
    addFloor(w);
    const BodyId frozen = addBox(w, {0, 0, 100}, {8, 8, 8}, 5);
    const BodyId floating = addBox(w, {50, 0, 100}, {8, 8, 8}, 5);
    const BodyId ghost = addBox(w, {100, 0, 100}, {8, 8, 8}, 5);
    ASSERT_TRUE(w.enableMotion(frozen, false).ok());
    ASSERT_TRUE(w.enableGravity(floating, false).ok());
    ASSERT_TRUE(w.enableCollisions(ghost, false).ok());
    run(w, 100);
    EXPECT_EQ(stateOf(w, frozen).position.z, 100.0f);
    EXPECT_FALSE(stateOf(w, frozen).motionEnabled);
    EXPECT_NEAR(stateOf(w, floating).position.z, 100.0f, 1e-3f);
    EXPECT_LT(stateOf(w, ghost).position.z, -100.0f);  // fell through the floor
    ASSERT_TRUE(w.enableMotion(frozen, true).ok());
    run(w, 100);
    EXPECT_NEAR(stateOf(w, frozen).position.z, 4.0f, 0.5f);
}

TEST(PhysicsSim, SleepAndWake) {
    PhysicsWorld w;
    addFloor(w);
    const BodyId box = addBox(w, {0, 0, 4}, {8, 8, 8}, 5);
    run(w, 60);
    EXPECT_TRUE(stateOf(w, box).asleep);
    const Vec3 rest = stateOf(w, box).position;
    run(w, 10);
    EXPECT_EQ(stateOf(w, box).position, rest);               // a sleeping body is not integrated
    ASSERT_TRUE(w.applyImpulse(box, {0, 0, 5 * 300}).ok());  // 300 u/s up
    EXPECT_FALSE(stateOf(w, box).asleep);
    w.step();
    EXPECT_GT(stateOf(w, box).position.z, 5.0f);
    ASSERT_TRUE(w.sleep(box).ok());
    EXPECT_TRUE(stateOf(w, box).asleep);
    ASSERT_TRUE(w.wake(box).ok());
    EXPECT_FALSE(stateOf(w, box).asleep);
}

TEST(PhysicsSim, DebrisIgnoresDebrisButNotTheWorld) {
    PhysicsWorld w;
    addFloor(w);
    const BodyId low = addBox(w, {0, 0, 8}, {16, 16, 16}, 5);
    const BodyId high = addBox(w, {0, 0, 40}, {16, 16, 16}, 5);
    ASSERT_TRUE(w.setCollisionGroup(low, kGroupDebris).ok());
    ASSERT_TRUE(w.setCollisionGroup(high, kGroupDebris).ok());
    run(w, 120);
    EXPECT_NEAR(stateOf(w, high).position.z, 8.0f, 0.5f);  // passed through the other debris, stopped on the floor
    EXPECT_NEAR(stateOf(w, low).position.z, 8.0f, 0.5f);
    // The SDK's table: debris meets only NONE; interactive meets NONE only; players pass passable doors.
    EXPECT_FALSE(shouldCollide(kGroupDebris, kGroupDebris));
    EXPECT_TRUE(shouldCollide(kGroupDebris, kGroupNone));
    EXPECT_TRUE(shouldCollide(kGroupDebris, kGroupPushaway));
    EXPECT_FALSE(shouldCollide(kGroupInteractive, kGroupDebris));
    EXPECT_FALSE(shouldCollide(kGroupInteractive, kGroupInteractiveDebris));
    EXPECT_TRUE(shouldCollide(kGroupInteractive, kGroupPlayer));
    EXPECT_FALSE(shouldCollide(kGroupPassableDoor, kGroupPlayer));
    EXPECT_TRUE(shouldCollide(kGroupVehicle, kGroupVehicleClip));
    EXPECT_FALSE(shouldCollide(kGroupNpc, kGroupVehicleClip));
    EXPECT_FALSE(shouldCollide(kGroupNone, kGroupInVehicle));
}

TEST(PhysicsSim, FrictionFollowsTheSurfaceProps) {
    SurfaceProps props;
    ASSERT_TRUE(props.parse("\"ice\" { \"friction\" \"0.1\" \"elasticity\" \"0.1\" }", "test.txt").ok());
    PhysicsWorld w({}, props);
    addFloor(w);
    auto slide = [&](const char* material) {
        const BodyId box = addBox(w, {0, 0, 8}, {16, 16, 16}, 20);
        EXPECT_TRUE(w.setMaterial(box, material).ok());
        EXPECT_TRUE(w.enableDrag(box, false).ok());
        EXPECT_TRUE(w.setDamping(box, 0, 0).ok());
        run(w, 10);  // settle on the floor
        const float x0 = stateOf(w, box).position.x;
        EXPECT_TRUE(w.setVelocity(box, {200, 0, 0}).ok());
        run(w, 300);
        const float d = stateOf(w, box).position.x - x0;
        EXPECT_TRUE(w.destroyBody(box).ok());
        return d;
    };
    // Coulomb sliding: d = v^2 / (2 mu g), mu = the product of the two frictions (IVP's rule).
    const float rough = slide("default");  // mu = 0.8 * 0.8
    const float icy = slide("ice");        // mu = 0.1 * 0.8
    EXPECT_NEAR(rough, 200.0f * 200.0f / (2 * 0.64f * 600.0f), 8.0f);
    EXPECT_NEAR(icy, 200.0f * 200.0f / (2 * 0.08f * 600.0f), 40.0f);
}

TEST(PhysicsSim, SurfacePropsParseLikeVphysics) {
    SurfaceProps p;
    ASSERT_TRUE(p.parse(R"(
"default" { "density" "2000" "elasticity" "0.25" "friction" "0.8" "dampening" "0.0" }
"metal"   { "density" "2700" "elasticity" "0.1" }
"metalvent" { "base" "metal" "friction" "0.5" }
"Metal"   { "friction" "0.3" }
)",
                        "s.txt")
                    .ok());
    EXPECT_EQ(p.size(), 3u);
    EXPECT_FLOAT_EQ(p.get("metal").density, 2700);
    EXPECT_FLOAT_EQ(p.get("metal").friction, 0.3f);     // overridden in place, names case-insensitive
    EXPECT_FLOAT_EQ(p.get("metalvent").density, 2700);  // from its base
    EXPECT_FLOAT_EQ(p.get("metalvent").friction, 0.5f);
    EXPECT_FLOAT_EQ(p.get("metalvent").elasticity, 0.1f);
    EXPECT_FLOAT_EQ(p.get("nosuch").friction, 0.8f);  // unknown -> default
    EXPECT_EQ(p.find("nosuch"), -1);
    EXPECT_FLOAT_EQ(combinedFriction(p.get("metal"), p.get("default")), 0.24f);
}

TEST(PhysicsSim, GModSurfacePropertiesLoad) {
    const char* dir = std::getenv("VESTIGE_GMOD_DIR");
    if (!dir) GTEST_SKIP() << "VESTIGE_GMOD_DIR not set";
    FILE* f = std::fopen((std::string(dir) + "/scripts/surfaceproperties.txt").c_str(), "rb");
    if (!f) GTEST_SKIP() << "no scripts/surfaceproperties.txt under VESTIGE_GMOD_DIR";
    std::string text;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    std::fclose(f);
    SurfaceProps p;
    ASSERT_TRUE(p.parse(text, "surfaceproperties.txt").ok());
    EXPECT_GT(p.size(), 50u);
    EXPECT_FLOAT_EQ(p.get("default").friction, 0.8f);
    EXPECT_FLOAT_EQ(p.get("solidmetal").density, 2700.0f);
    EXPECT_FLOAT_EQ(p.get("solidmetal").elasticity, 0.1f);
}

TEST(PhysicsSim, AirDensityDragsAndGravityFollowsTheSetter) {
    PhysicsWorld w;
    ASSERT_TRUE(w.setGravity({0, 0, 0}).ok());
    const BodyId light = addBox(w, {0, 0, 0}, {32, 32, 32}, 1);
    ASSERT_TRUE(w.setDamping(light, 0, 0).ok());
    ASSERT_TRUE(w.setVelocity(light, {1000, 0, 0}).ok());
    run(w, 10);
    const float dragged = stateOf(w, light).velocity.x;
    EXPECT_LT(dragged, 990.0f);  // 0.66 m^2 face on 1 kg at air density 2
    ASSERT_TRUE(w.setAirDensity(0).ok());
    ASSERT_TRUE(w.setVelocity(light, {1000, 0, 0}).ok());
    run(w, 10);
    EXPECT_FLOAT_EQ(stateOf(w, light).velocity.x, 1000.0f);
    ASSERT_TRUE(w.setGravity({0, 0, -300}).ok());
    run(w, 10);
    EXPECT_NEAR(stateOf(w, light).velocity.z, -300.0f * 10 * kTickInterval, 1e-2f);
}
