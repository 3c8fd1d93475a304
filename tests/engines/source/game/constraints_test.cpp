// The constraint entities in the world (classes/constraints.cpp, classes/controllers.cpp): made at Activate from
// attach names or SetPhysConstraintObjects' bodies, holding, breaking (OnBreak, then the entity goes), removed with
// the entities that DeleteOnRemove names, and the controllers (keep-upright, torque, collision pair). The numbers
// are the setups' own geometry (a rope's length, a hinge's axis, 360 deg/s^2 for one second): checks of the
// behaviour, not measurements of the original engine.
#include "vestige/source/game/constraints.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>

#include "vestige/source/bsp/entities.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game::test {
namespace {

// A 16-unit box body of `mass` kg on a plain point entity named `name`.
Entity& addBox(World& w, const std::string& name, Vec3 at, float mass = 10) {
    Entity& e = w.create("info_target");
    w.setName(e, name);
    w.spawn(e);
    w.setOrigin(e, at);
    physics::BodyDesc d;
    d.shape = w.physics().createBox({-8, -8, -8}, {8, 8, 8}).value();
    d.mass = mass;
    EXPECT_TRUE(w.physicsInitShape(e, d).ok());
    return e;
}

Entity& addConstraint(World& w, std::string_view cls, Vec3 origin,
                      std::initializer_list<std::pair<std::string, std::string>> keys) {
    Entity& c = w.create(cls);
    w.setKeyValue(c, "origin",
                  std::to_string(origin.x) + " " + std::to_string(origin.y) + " " + std::to_string(origin.z));
    for (const auto& [k, v] : keys) w.setKeyValue(c, k, v);
    w.spawn(c);
    return c;
}

TEST(GameConstraints, AWeldHoldsABoxToTheWorldAndTheWorldHasItsBody) {
    auto w = load(room());
    ASSERT_FALSE(w->worldBody().isNull());
    ASSERT_EQ(w->worldEntity().physicsObjects.size(), 1u);
    Entity& held = addBox(*w, "held", {0, 0, 200});
    Entity& loose = addBox(*w, "loose", {100, 0, 200});
    Entity& weld = addConstraint(*w, "phys_constraint", {0, 0, 200}, {{"attach1", "held"}});
    EXPECT_FALSE(constraintOf(weld).isNull());
    EXPECT_TRUE(isConstraintClass(weld));
    w->run(100);
    EXPECT_NEAR(held.origin.z, 200.0f, 0.5f);
    EXPECT_LT(loose.origin.z, 20.0f);  // the same box without the weld is on the floor
    EXPECT_TRUE(w->unimplementedClasses().empty());
}

TEST(GameConstraints, ABrokenWeldFiresOnBreakAndRemovesItsEntity) {
    auto w = load(room());
    Entity& box = addBox(*w, "box", {0, 0, 200}, 50);
    // 1 lb of weight cannot hold 50 kg.
    Entity& weld = addConstraint(*w, "phys_constraint", {0, 0, 200}, {{"attach1", "box"}, {"forcelimit", "1"}});
    Entity& listener = w->create("info_target");
    w->setName(listener, "listener");
    w->spawn(listener);
    w->addOutputAction(weld, "OnBreak", "listener,FireUser1,,0,-1");
    const EntityHandle h = weld.handle;
    int fired = 0;
    w->hooks.acceptInput = [&](World&, Entity& target, std::string_view input, Entity*, Entity*, const Variant&) {
        if (input == "FireUser1" && target.handle == listener.handle) ++fired;
        return false;
    };
    w->run(60);
    EXPECT_EQ(w->get(h), nullptr);  // removed (and freed at the end of its tick)
    EXPECT_LT(box.origin.z, 100.0f);
    EXPECT_EQ(fired, 1);  // OnBreak fired once
}

TEST(GameConstraints, SetPhysConstraintObjectsJoinsTwoBodiesAndDeleteOnRemoveTakesTheConstraint) {
    auto w = load(room());
    Entity& a = addBox(*w, "a", {0, 0, 200});
    Entity& b = addBox(*w, "b", {0, 0, 100});
    Entity& anchor = addConstraint(*w, "phys_constraint", {0, 0, 200}, {{"attach1", "a"}});
    Entity& rope = w->create("phys_lengthconstraint");
    ASSERT_TRUE(setConstraintObjects(rope, a.physicsObjects[0], b.physicsObjects[0]));
    w->setKeyValue(rope, "origin", "0 0 200");
    w->setKeyValue(rope, "attachpoint", "0 0 100");
    w->setKeyValue(rope, "length", "60");
    w->spawn(rope);
    w->run(120);
    EXPECT_NEAR(length(b.origin - a.origin), 60.0f, 1.5f);  // the rope took up its slack
    const EntityHandle ropeHandle = rope.handle;
    b.deleteOnRemove.push_back(ropeHandle);
    w->remove(b);
    w->step();
    EXPECT_EQ(w->get(ropeHandle), nullptr);
    EXPECT_NE(w->get(anchor.handle), nullptr);
    EXPECT_FALSE(setConstraintObjects(a, {}, {}));  // not a constraint class
}

TEST(GameConstraints, AHingeTurnsOnlyAboutItsAxisAndATorqueSpinsIt) {
    auto w = load(room());
    Entity& wheel = addBox(*w, "wheel", {0, 0, 200});
    addConstraint(*w, "phys_hinge", {0, 0, 200}, {{"attach1", "wheel"}, {"hingeaxis", "0 0 300"}});
    Entity& motor = addConstraint(*w, "phys_torque", {0, 0, 200},
                                  {{"attach1", "wheel"}, {"axis", "0 0 201"}, {"force", "360"}, {"spawnflags", "4"}});
    // GMod's motor starts at Scale 0 (on, no torque, no think), then its key sets the direction.
    EXPECT_TRUE(w->acceptInput(motor, "Scale", {}, {}, Variant::ofFloat(0)));
    w->run(10);
    EXPECT_FLOAT_EQ(w->physics().state(wheel.physicsObjects[0]).value().angularVelocity.z, 0.0f);
    EXPECT_LT(motor.nextThinkTick, 0);
    EXPECT_TRUE(w->acceptInput(motor, "Scale", {}, {}, Variant::ofFloat(1)));
    w->run(67);  // about one second
    const auto s = w->physics().state(wheel.physicsObjects[0]).value();
    EXPECT_NEAR(s.position.z, 200.0f, 0.5f);
    EXPECT_NEAR(std::abs(s.angularVelocity.x) + std::abs(s.angularVelocity.y), 0.0f, 0.05f);
    // 360 deg/s^2 for ~1 s, less the body's rotational damping (0.1/s).
    EXPECT_GT(s.angularVelocity.z, degToRad(300.0f));
    EXPECT_LT(s.angularVelocity.z, degToRad(370.0f));
    EXPECT_TRUE(w->acceptInput(motor, "Deactivate", {}, {}, {}));
    const float spin = w->physics().state(wheel.physicsObjects[0]).value().angularVelocity.z;
    w->run(10);
    EXPECT_LE(w->physics().state(wheel.physicsObjects[0]).value().angularVelocity.z, spin);
}

TEST(GameConstraints, KeepUprightRightsATiltedBox) {
    auto w = load(room());
    Entity& box = addBox(*w, "box", {0, 0, 100});
    (void)w->physics().setTransform(box.physicsObjects[0], {0, 0, 100}, anglesToQuat({0, 0, 50}));
    addConstraint(*w, "phys_keepupright", {0, 0, 0}, {{"attach1", "box"}, {"angularlimit", "720"}});
    w->run(150);
    const Vec3 up = rotate(w->physics().state(box.physicsObjects[0]).value().rotation, {0, 0, 1});
    EXPECT_GT(up.z, std::cos(degToRad(3.0f)));
}

TEST(GameConstraints, ACollisionPairLetsOneBoxFallThroughAnother) {
    auto w = load(room());
    Entity& low = addBox(*w, "low", {0, 0, 8});
    Entity& high = addBox(*w, "high", {0, 0, 60});
    Entity& pair = addConstraint(*w, "logic_collision_pair", {},
                                 {{"attach1", "low"}, {"attach2", "high"}, {"startdisabled", "1"}});
    w->run(120);
    EXPECT_NEAR(high.origin.z, low.origin.z, 1.0f);  // both rest on the floor, inside each other
    (void)pair;
}

TEST(GameConstraints, AConstraintNamingNothingWarnsAndTheWorldStandsIn) {
    auto w = load(room());
    Entity& box = addBox(*w, "box", {0, 0, 200});
    addConstraint(*w, "phys_ballsocket", {0, 0, 200}, {{"attach1", "box"}, {"attach2", "nobody"}});
    bool warned = false;
    for (const Error& e : w->warnings()) warned |= e.code() == "game.constraint_target";
    EXPECT_TRUE(warned);
    w->run(60);
    EXPECT_NEAR(box.origin.z, 200.0f, 1.0f);
}

// Hostile keys (the fuzz seed fuzz/game/corpus/world/constraints.ent): huge, negative and NaN numbers, an axis
// of zero length, a body joined to itself, a missing target. Every entity and body stays finite; what cannot be
// made is warned and its entity removed, never a NaN in the solver.
TEST(GameConstraints, HostileKeysNeverPutNaNIntoThePhysics) {
    std::ifstream in(std::string(VESTIGE_FUZZ_WORLD_SEEDS) + "/constraints.ent");
    ASSERT_TRUE(in) << "the fuzz seed is part of the checkout";
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto lump = bsp::parseEntities(text);
    ASSERT_TRUE(lump.ok());
    // The fuzz target's map: the demo map, whose brush model *1 the func_physbox takes.
    auto models = MapModels::fromBsp(bsp::demoMap().build().value());
    ASSERT_TRUE(models.ok());
    World w(std::make_shared<const MapModels>(std::move(*models)));
    ASSERT_TRUE(w.loadEntities(*lump).ok());
    ASSERT_NE(named(w, "box"), nullptr);
    ASSERT_FALSE(named(w, "box")->physicsObjects.empty());
    EXPECT_GE(w.physics().constraints().size(), 3u);  // the sane parts are made
    w.run(120);
    w.forEach([&](Entity& e) { EXPECT_TRUE(isFinite(e.origin) && isFinite(e.angles)) << e.className; });
    for (physics::BodyId b : w.physics().bodies()) {
        const auto s = w.physics().state(b).value();
        EXPECT_TRUE(isFinite(s.position) && isFinite(s.velocity) && isFinite(s.angularVelocity));
    }
    EXPECT_FALSE(w.warnings().empty());
}

}  // namespace
}  // namespace vestige::source::game::test
