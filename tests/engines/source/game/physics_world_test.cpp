// The entity world's physics: props from the map and from create(), the step in the tick, VPhysicsUpdate, removal,
// collision events after the step, the state hash.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/physics/map.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game::test {
namespace {

// The sample model (a 16 x 16 x 32 tube, origin at its base) and a .phy with its box hull, 25 kg.
std::map<std::string, Bytes> modelFiles(bool withPhy = true) {
    std::map<std::string, Bytes> files;
    const auto model = mdl::buildModel(mdl::sampleSpec());
    EXPECT_TRUE(model.ok());
    files["models/crate.mdl"] = model->mdl;
    if (withPhy) {
        phy::PhyBuilder b;
        b.setChecksum(mdl::sampleSpec().checksum);
        phy::SolidKeys keys;
        keys.mass = 25;
        b.addSolid({phy::boxHull({-8, -8, 0}, {8, 8, 32})}, keys);
        files["models/crate.phy"] = b.write().value();
    }
    return files;
}

WorldOptions withFiles(std::map<std::string, Bytes> files) {
    WorldOptions o;
    o.gameFile = [files = std::move(files)](std::string_view path) -> std::optional<Bytes> {
        const auto it = files.find(std::string(path));
        if (it == files.end()) return std::nullopt;
        return it->second;
    };
    return o;
}

// The room with a PHYSCOLLIDE lump (as vbsp writes one), loaded into a world.
std::unique_ptr<World> loadPhys(const bsp::MapBuilder& map, WorldOptions options) {
    auto built = physics::withPhysCollide(map.build().value());
    EXPECT_TRUE(built.ok()) << (built.ok() ? "" : built.error().render());
    auto parsed = bsp::readBsp(*built);
    EXPECT_TRUE(parsed.ok());
    auto world = World::fromBsp(*parsed, std::move(options));
    EXPECT_TRUE(world.ok()) << (world.ok() ? "" : world.error().render());
    return std::move(*world);
}

bsp::MapBuilder propRoom(const std::string& z = "200", const std::string& flags = "0") {
    bsp::MapBuilder map = room();
    map.addEntity({{"classname", "prop_physics"},
                   {"targetname", "crate"},
                   {"model", "models/crate.mdl"},
                   {"origin", "0 0 " + z},
                   {"spawnflags", flags}});
    return map;
}

// The first tick (counted from `from`) at which the entity's base is within 0.5 u of the floor (z = 0).
int landingTick(World& w, Entity& e, int limit = 400) {
    const std::uint64_t from = w.tick();
    for (int i = 0; i < limit; ++i) {
        w.step();
        if (e.origin.z < 0.5f) return static_cast<int>(w.tick() - from);
    }
    return -1;
}

// Free fall from h = 200 at g = 600 in/s^2 (sv_gravity): t0 = sqrt(2h / g) = 0.8165 s = 54.4 ticks of 15 ms. The
// body's linear damping d = 0.1/s (g_PhysDefaultObjectParams, the .phy's "damping") makes the fall
// x = g t^2 / 2 (1 - d t / 3), so t = t0 (1 + d t0 / 6) = 0.8276 s = 55.2 ticks: the base reaches the floor on tick
// 56, +-1 (a whole-tick step lands up to one tick early). Evidence: sv_gravity 600, the 15 ms tick and the default
// damping are the spec's and the SDK's numbers; the arithmetic is above.
constexpr int kFreeFallTick = 56;

TEST(GamePhysics, AMapPropFallsAndLandsAtTheFreeFallTick) {
    auto w = loadPhys(propRoom(), withFiles(modelFiles()));
    EXPECT_EQ(w->physicsMap().source, "physcollide");
    Entity* crate = named(*w, "crate");
    ASSERT_NE(crate, nullptr);
    ASSERT_EQ(crate->physicsObjects.size(), 1u);
    EXPECT_EQ(crate->moveType, MoveType::VPhysics);
    EXPECT_EQ(w->physics().desc(crate->physicsObjects[0])->mass, 25.0f);  // the .phy's mass
    const int land = landingTick(*w, *crate);
    EXPECT_NEAR(land, kFreeFallTick, 1) << "landed on tick " << land;
    // Asleep within 2 s of landing (the island rule: 0.5 s below the thresholds).
    bool asleep = false;
    for (int i = 0; i < 133 && !asleep; ++i) {
        w->step();
        asleep = w->physics().state(crate->physicsObjects[0])->asleep;
    }
    EXPECT_TRUE(asleep);
    EXPECT_NEAR(crate->origin.z, 0.0f, 0.5f);
    EXPECT_NEAR(crate->angles.x, 0.0f, 1.0f);
}

TEST(GamePhysics, ACreatedPropFallsTheSameWay) {
    auto w = loadPhys(room(), withFiles(modelFiles()));
    w->run(10);
    Entity& e = w->create("prop_physics");
    w->setKeyValue(e, "model", "models/crate.mdl");
    w->setKeyValue(e, "origin", "64 0 200");
    w->spawn(e);
    ASSERT_EQ(e.physicsObjects.size(), 1u);
    const int land = landingTick(*w, e);
    EXPECT_NEAR(land, kFreeFallTick, 1) << "landed on tick " << land;
    EXPECT_NEAR(e.origin.x, 64.0f, 0.5f);
}

TEST(GamePhysics, GravityComesFromSvGravity) {
    // sv_gravity 300: t0 = sqrt(2 * 200 / 300) = 1.1547 s, damped t0 (1 + 0.1 t0 / 6) = 1.1769 s = 78.5 ticks -> 79.
    WorldOptions o = withFiles(modelFiles());
    o.move.gravity = 300;
    auto w = loadPhys(propRoom(), std::move(o));
    EXPECT_EQ(w->physics().settings().gravity.z, -300.0f);
    const int land = landingTick(*w, *named(*w, "crate"));
    EXPECT_NEAR(land, 79, 1) << "landed on tick " << land;
}

TEST(GamePhysics, SpawnflagsMotionDisabledAndAsleep) {
    auto frozen = loadPhys(propRoom("200", "8"), withFiles(modelFiles()));
    frozen->run(100);
    EXPECT_FLOAT_EQ(named(*frozen, "crate")->origin.z, 200.0f);
    EXPECT_TRUE(frozen->acceptInput(*named(*frozen, "crate"), "EnableMotion", {}, {}, {}));
    frozen->run(20);
    EXPECT_LT(named(*frozen, "crate")->origin.z, 190.0f);
    auto asleep = loadPhys(propRoom("200", "1"), withFiles(modelFiles()));
    asleep->run(100);
    Entity* crate = named(*asleep, "crate");
    EXPECT_FLOAT_EQ(crate->origin.z, 200.0f);
    EXPECT_TRUE(asleep->acceptInput(*crate, "Wake", {}, {}, {}));
    asleep->run(20);
    EXPECT_LT(crate->origin.z, 190.0f);
}

TEST(GamePhysics, WithoutAPhyTheHullBoxStandsInAndSaysSo) {
    auto w = loadPhys(propRoom(), withFiles(modelFiles(false)));
    Entity* crate = named(*w, "crate");
    ASSERT_EQ(crate->physicsObjects.size(), 1u);
    bool warned = false;
    for (const Error& e : w->warnings()) warned |= e.code() == "game.physics_model";
    EXPECT_TRUE(warned);
    EXPECT_EQ(w->physics().desc(crate->physicsObjects[0])->mass, 10.0f);  // studiohdr_t mass
    EXPECT_NEAR(landingTick(*w, *crate), kFreeFallTick, 1);
}

TEST(GamePhysics, AMissingModelGivesNoBodyAndAWarning) {
    auto w = loadPhys(propRoom(), withFiles({}));
    Entity* crate = named(*w, "crate");
    EXPECT_TRUE(crate->physicsObjects.empty());
    EXPECT_EQ(crate->moveType, MoveType::None);
    EXPECT_FALSE(crate->isSolid());
    ASSERT_FALSE(w->warnings().empty());
    EXPECT_EQ(w->warnings().back().code(), "game.physics_model");
}

TEST(GamePhysics, APhysboxFallsFromItsBrushModel) {
    bsp::MapBuilder map = room();
    map.addBrushEntity({{"classname", "func_physbox"}, {"targetname", "box"}},
                       {bsp::MapBuilder::box({-16, -16, 184}, {16, 16, 216}, kTex)}, Vec3{0, 0, 200});
    auto w = loadPhys(map, {});
    Entity* box = named(*w, "box");
    ASSERT_NE(box, nullptr);
    ASSERT_EQ(box->physicsObjects.size(), 1u);
    // 32^3 in^3 at the default density 2000 kg/m^3 = 1.074 kg (vphysics' volume mass).
    EXPECT_NEAR(w->physics().desc(box->physicsObjects[0])->mass, 32 * 32 * 32 * 0.0254f * 0.0254f * 0.0254f * 2000,
                0.01f);
    w->run(200);
    EXPECT_NEAR(box->origin.z, 16.0f, 0.5f);  // its centre 16 u above the floor
    // Traces see it where it lies now (the brush entity scene follows the entity).
    const TraceHitEntity t = w->trace({0, 0, 100}, {0, 0, -10}, {}, {}, collision::mask::kSolid);
    EXPECT_EQ(t.entity, box->handle);
    EXPECT_NEAR(t.result.endPos.z, 32.0f, 0.1f);
}

TEST(GamePhysics, RemoveDestroysTheBody) {
    auto w = loadPhys(propRoom(), withFiles(modelFiles()));
    Entity* crate = named(*w, "crate");
    const physics::BodyId body = crate->physicsObjects[0];
    const std::size_t before = w->physics().bodyCount();
    w->remove(*crate);
    EXPECT_FALSE(w->physics().valid(body));
    EXPECT_EQ(w->physics().bodyCount(), before - 1);
    w->run(2);
    EXPECT_EQ(w->physics().bodyCount(), before - 1);
}

TEST(GamePhysics, CollisionEventsComeAfterTheStepOncePerContactStart) {
    auto w = loadPhys(propRoom(), withFiles(modelFiles()));
    Entity* crate = named(*w, "crate");
    struct Seen {
        std::uint64_t tick;
        bool world;
        float speed;
        Vec3 normal, pos;
        float z;
    };
    std::vector<Seen> seen;
    w->hooks.physicsCollide = [&](World& world, Entity& self, Entity* other, const physics::CollisionEvent& ev) {
        seen.push_back({world.tick(), other && other->index == 0, ev.speed, ev.hitNormal, ev.hitPos, self.origin.z});
    };
    w->run(300);
    ASSERT_FALSE(seen.empty());
    EXPECT_TRUE(seen[0].world);
    EXPECT_NEAR(static_cast<int>(seen[0].tick), kFreeFallTick, 1);
    // v = g t at impact: 600 * 0.8165 = 490 in/s undamped, g (1 - e^(-d t)) / d = 476 in/s with d = 0.1/s.
    EXPECT_NEAR(seen[0].speed, 476.0f, 20.0f);
    EXPECT_NEAR(seen[0].normal.z, -1.0f, 0.01f);  // from the crate towards the floor
    EXPECT_NEAR(seen[0].pos.z, 0.0f, 1.0f);
    EXPECT_NEAR(seen[0].z, crate->origin.z, 2.0f);  // the entity was updated before the event (VPhysicsUpdate)
    // Resting contact is silent: a landing is one event, maybe a bounce or two, never one per tick.
    EXPECT_LE(seen.size(), 4u);
    EXPECT_EQ(w->physicsCollisions(), seen.size());
}

TEST(GamePhysics, TheSameInputGivesTheSameHash) {
    auto a = loadPhys(propRoom(), withFiles(modelFiles()));
    auto b = loadPhys(propRoom(), withFiles(modelFiles()));
    auto still = loadPhys(propRoom("200", "8"), withFiles(modelFiles()));
    for (int i = 0; i < 120; ++i) {
        a->step();
        b->step();
        still->step();
        ASSERT_EQ(a->stateHash(), b->stateHash()) << "tick " << i + 1;
    }
    EXPECT_NE(a->stateHash(), still->stateHash());
}

TEST(GamePhysics, ThePlayerStandsOnAPropAndIsBlockedByIt) {
    // A frozen crate (16 x 16 x 32, origin at its base) under the spawn point: the player lands on its top.
    bsp::MapBuilder map = propRoom("0", "8");
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 100"}});
    auto w = loadPhys(map, withFiles(modelFiles()));
    Entity& p = w->addPlayer();
    w->run(100);
    EXPECT_NEAR(p.origin.z, 32.0f, 0.1f);
    EXPECT_EQ(p.groundEntity, named(*w, "crate")->handle);
    // Walking into it along +x from the side stops the player's box (16 u half-width) at the crate's face x = -8.
    bsp::MapBuilder side = propRoom("0", "8");
    side.addEntity({{"classname", "info_player_start"}, {"origin", "-200 0 0"}});
    auto w2 = loadPhys(side, withFiles(modelFiles()));
    Entity& q = w2->addPlayer();
    w2->run(2);
    drive(*w2, q, cmd(10000), 200);
    EXPECT_NEAR(q.origin.x, -24.0f, 0.1f);
    EXPECT_NEAR(named(*w2, "crate")->origin.x, 0.0f, 0.01f);  // frozen: not pushed
}

// The acceptance: standing on a moving platform carries the player. A 128 x 128 x 16 platform driven
// along +x at 100 u/s (a conveyor: its velocity set and its turning stopped before each step) carries the player
// standing on it when it is rideable (more than twice the player's 85 kg, CBasePlayer::IsRideablePhysics: 1,000 kg
// here); a 100 kg one slides out from under the player, who stays where it was.
TEST(GamePhysics, ARideablePlatformCarriesThePlayerStandingOnIt) {
    for (const float mass : {1000.0f, 100.0f}) {
        bsp::MapBuilder map = room();
        map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 100"}});
        auto w = loadPhys(map, withFiles(modelFiles()));
        Entity& platform = w->create("info_target");
        w->spawn(platform);
        w->setOrigin(platform, {0, 0, 8});
        physics::BodyDesc d;
        d.shape = w->physics().createBox({-64, -64, -8}, {64, 64, 8}).value();
        d.mass = mass;
        const physics::BodyId body = w->physicsInitShape(platform, d).value();
        Entity& p = w->addPlayer();
        w->run(100);
        ASSERT_EQ(p.groundEntity, platform.handle) << mass;
        w->hooks.physicsSimulate = [&](World& world, float) {
            const Vec3 v = world.physics().state(body).value().velocity;
            (void)world.physics().setVelocity(body, {100, 0, v.z});
            (void)world.physics().setAngularVelocity(body, {});
        };
        const float start = p.origin.x;
        w->run(40);
        const float moved = platform.origin.x;
        EXPECT_GT(moved, 50.0f) << mass;
        if (mass > 170)
            EXPECT_NEAR(p.origin.x - start, moved, 1.0f);
        else
            EXPECT_LT(std::abs(p.origin.x - start), 1.0f);
    }
}

TEST(GamePhysics, ThePlayerPushesALightPropAndNotAHeavyOne) {
    // The acceptance: the 25 kg crate is shoved along, the same crate at massScale 200 (5,000 kg) is not.
    // Regression guard of our push rule (player.cpp pushProps), not a Source number.
    const auto pushed = [](const std::string& massScale) {
        bsp::MapBuilder map = room();
        map.addEntity({{"classname", "prop_physics"},
                       {"targetname", "crate"},
                       {"model", "models/crate.mdl"},
                       {"origin", "0 0 0"},
                       {"massScale", massScale}});
        map.addEntity({{"classname", "info_player_start"}, {"origin", "-100 0 0"}});
        auto w = loadPhys(map, withFiles(modelFiles()));
        Entity& p = w->addPlayer();
        w->run(60);  // the crate settles
        drive(*w, p, cmd(10000), 150);
        return named(*w, "crate")->origin.x;
    };
    EXPECT_GT(pushed("1"), 100.0f);
    EXPECT_LT(std::abs(pushed("200")), 1.0f);
}

}  // namespace
}  // namespace vestige::source::game::test

namespace vestige::source::game::test {
namespace {

// Static props (sprp, SOLID_VPHYSICS) get their model's .phy as static bodies once the game files can be read: the
// crate dropped over one lands on its top (z = 32, the 32-unit column) instead of the floor. Two props of a model
// that is not there: two failures, one warning.
TEST(GamePhysics, StaticPropsAreStaticBodiesFromTheirPhy) {
    bsp::MapBuilder map = propRoom();
    map.addStaticProp("models/crate.mdl", {0, 0, 0}, {0, 0, 0});
    map.addStaticProp("models/missing.mdl", {300, 0, 0}, {0, 0, 0});
    map.addStaticProp("models/missing.mdl", {400, 0, 0}, {0, 0, 0});
    auto w = loadPhys(map, withFiles(modelFiles()));
    const std::size_t before = w->warnings().size();
    ASSERT_TRUE(w->loadGamePhysics().ok());
    EXPECT_EQ(w->staticPropPhysics().bodies, 1u);
    EXPECT_EQ(w->staticPropPhysics().failed, 2u);
    EXPECT_EQ(w->warnings().size(), before + 1);
    ASSERT_TRUE(w->loadGamePhysics().ok());  // once per world
    EXPECT_EQ(w->staticPropPhysics().bodies, 1u);
    Entity* crate = named(*w, "crate");
    ASSERT_NE(crate, nullptr);
    w->run(150);
    EXPECT_NEAR(crate->origin.z, 32.0f, 0.5f);
    // The player walking into one along +x stops with its box (16 u half-width) at the prop's face x = -8, and a
    // trace meets it as the world.
    bsp::MapBuilder side = room();
    side.addStaticProp("models/crate.mdl", {0, 0, 0}, {0, 0, 0});
    side.addEntity({{"classname", "info_player_start"}, {"origin", "-200 0 0"}});
    auto w2 = loadPhys(side, withFiles(modelFiles()));
    ASSERT_TRUE(w2->loadGamePhysics().ok());
    Entity& q = w2->addPlayer();
    w2->run(2);
    drive(*w2, q, cmd(10000), 200);
    EXPECT_NEAR(q.origin.x, -24.0f, 0.1f);
    const TraceHitEntity t = w2->trace({0, -100, 16}, {0, 100, 16}, {}, {}, base::mask::kSolid);
    EXPECT_NEAR(t.result.endPos.y, -8.0f, 0.1f);
    EXPECT_EQ(t.entity, w2->worldEntity().handle);
}

// The game's surface properties come through the world's file lookup: the manifest's files in order (a later entry
// with the same name overwrites, a new one starts from "default"); a body made before takes its material's new
// values. A manifest naming a missing file is an error and the table stays. The numbers are the files' own.
TEST(GamePhysics, SurfacePropertiesComeFromTheGameFiles) {
    std::map<std::string, Bytes> files;
    auto text = [](std::string_view t) { return Bytes(t.begin(), t.end()); };
    files["scripts/surfaceproperties_manifest.txt"] =
        text("surfaceproperties_manifest\n{\n\"file\" \"scripts/a.txt\"\n\"file\" \"scripts/b.txt\"\n}\n");
    files["scripts/a.txt"] = text("metal\n{\n\"friction\" \"0.3\"\n\"elasticity\" \"0.1\"\n}\n");
    files["scripts/b.txt"] = text("metal\n{\n\"friction\" \"0.5\"\n}\nice\n{\n\"friction\" \"0.1\"\n}\n");
    auto w = load(room(), withFiles(files));
    Entity& e = w->create("info_target");
    w->spawn(e);
    physics::BodyDesc d;
    d.shape = w->physics().createBox({-8, -8, -8}, {8, 8, 8}).value();
    d.material = "ice";
    const physics::BodyId body = w->physicsInitShape(e, d).value();
    EXPECT_EQ(w->physics().surfaceProps().find("ice"), -1);
    ASSERT_TRUE(w->loadSurfaceProperties().ok());
    const auto& props = w->physics().surfaceProps();
    EXPECT_FLOAT_EQ(props.get("metal").friction, 0.5f);
    EXPECT_FLOAT_EQ(props.get("metal").elasticity, 0.1f);
    EXPECT_FLOAT_EQ(props.get("ice").friction, 0.1f);
    EXPECT_EQ(w->physics().desc(body).value().material, "ice");
    files.erase("scripts/b.txt");
    auto broken = load(room(), withFiles(files));
    EXPECT_FALSE(broken->loadSurfaceProperties().ok());
    EXPECT_EQ(broken->physics().surfaceProps().find("metal"), -1);
}

}  // namespace
}  // namespace vestige::source::game::test
