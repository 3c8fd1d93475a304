// The transactional mission load (spec section 14 order; section 4 chain) on the sample game root built by our
// writers: counts of a known mission, the error chain of a reachable missing resource, inventory warnings,
// progress every 64 requests and nothing published when a late step fails.
#include "vestige/iron3d/mission/load.hpp"

#include <gtest/gtest.h>

#include "memory_vfs.hpp"
#include "vestige/iron3d/mission/movement.hpp"
#include "vestige/iron3d/mission/sample.hpp"
#include "vestige/iron3d/prototype/registry.hpp"
#include "vestige/iron3d/tma/tma.hpp"

namespace vestige::iron3d::mission {
namespace {

struct Game {
    test::MemoryVfs m;
    explicit Game(std::size_t extra = 0) {
        auto g = sampleGame(extra);
        EXPECT_TRUE(g.ok()) << g.error().render();
        for (auto& [path, bytes] : g->files) m.files->put(path, bytes);
    }
    Result<LoadedMission> load(const LoadOptions& o = {}) { return loadMission(m.vfs, kSampleMission, o); }
    void editMission(const std::function<void(tma::Mission&)>& edit) {
        auto bytes = m.vfs.read(std::string(kSampleMission) + "/data.tma");
        auto mission = tma::read(*bytes);
        edit(*mission);
        m.files->put(std::string(kSampleMission) + "/data.tma", *tma::write(*mission));
    }
};

TEST(MissionLoad, SampleMissionCountsAndPhaseOrder) {
    Game g;
    std::vector<LoadPhase> phases;
    LoadOptions o;
    o.onPhase = [&phases](LoadPhase p) { phases.push_back(p); };
    auto m = g.load(o);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(phases, (std::vector<LoadPhase>{LoadPhase::Context, LoadPhase::Map, LoadPhase::Tma, LoadPhase::Graph,
                                              LoadPhase::Visuals, LoadPhase::Assets, LoadPhase::Construct,
                                              LoadPhase::Register, LoadPhase::Scripts}));
    const LoadCounts& c = m->counts;
    EXPECT_EQ(c.objects, 4u);
    EXPECT_EQ(c.unitReferences, 1u);
    EXPECT_EQ(c.directReferences, 3u);
    EXPECT_EQ(c.components, 5u);
    EXPECT_EQ(c.meshComponents, 2u);
    EXPECT_EQ(c.nonGeometric, 3u);
    EXPECT_EQ(c.distinctMeshes, 1u);
    EXPECT_EQ(c.wearRequests, 1u);
    EXPECT_EQ(c.materialSlots, 4u);
    EXPECT_EQ(c.textureReferences, 5u);
    EXPECT_EQ(c.untexturedPhases, 1u);
    EXPECT_EQ(c.lightmapRequests, 2u);
    EXPECT_EQ(c.lightmapsResolved, 1u);
    EXPECT_EQ(c.poseBindings, 2u) << "one per component instance";
    EXPECT_EQ(c.rawResources, 3u);  // tank.ctl, tank_turret.cpt, wall.bas
    EXPECT_EQ(c.requests, 5u + 2 + 4 + 5 + 2);
    EXPECT_EQ(c.failures, 0u);
    EXPECT_EQ(c.clans, 2u);
    EXPECT_EQ(c.faces, 128u);
    EXPECT_EQ(c.areals, 2u);
}

TEST(MissionLoad, ObjectsAreRegisteredInTmaOrderWithTheirRawTransforms) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok()) << m.error().render();
    const world::World3D& w = m->runtime->world();
    EXPECT_EQ(w.tick(), 0u) << "the first tick is the caller's";
    ASSERT_EQ(w.liveRegistered().size(), 4u);
    for (std::uint32_t i = 0; i < 4; ++i) {
        const auto h = w.findByOriginalId(i);
        ASSERT_TRUE(h.has_value());
        EXPECT_EQ(*h, m->objects[i].handle);
        EXPECT_EQ(w.identity(*h)->registrationSequence, i);
        const auto& p = m->mission.objects[i];
        EXPECT_EQ(*w.transform(*h), world::Transform::fromFloats(p.position, p.orientation, p.scale));
    }
    const LoadedObject& unit = m->objects[0];
    ASSERT_TRUE(unit.unit.has_value());
    EXPECT_EQ(unit.unit->classWord(), 0x80000002u);
    EXPECT_EQ(unit.unit->dat.records.size(), 2u) << "raw unit DAT records travel with the object";
    ASSERT_EQ(unit.components.size(), 2u);
    EXPECT_EQ(unit.components[1].unitComponentIndex, 1u);
    EXPECT_EQ(unit.components[0].via, (std::vector<std::string>{"s_tank", "tank_base"}));
    ASSERT_TRUE(unit.poses[0].has_value());
    EXPECT_EQ(unit.poses[0]->times[3], 1.0f) << "turret socket: frames 0 -> 2 at blend 0.5";
    EXPECT_FALSE(unit.poses[1].has_value()) << "a non-geometric component has no pose";
    EXPECT_EQ(m->objects[1].visuals[0], unit.visuals[0]) << "one prepared model shared by both instances";
}

TEST(MissionLoad, UnreachableBrokenEntriesAndOptionalLinksAreWarnings) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok());
    std::vector<std::string> codes;
    for (const auto& w : m->warnings) codes.push_back(w.code());
    EXPECT_NE(std::find(codes.begin(), codes.end(), "prototype.bad_size"), codes.end()) << "cut_proto";
    EXPECT_EQ(std::count(codes.begin(), codes.end(), "materials.warning"), 2) << "WRECK by DEFAULT, LM_TURRET absent";
}

TEST(MissionLoad, AMissingPrototypeIsAnErrorNamingTheChain) {
    Game g;
    g.editMission([](tma::Mission& m) { m.objects[2].resourceName = "no_such_proto"; });
    auto m = g.load();
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code(), "prototype.unresolved");
    EXPECT_EQ(m.error().render().rfind("mission MISSIONS/DEMO: object 2 (no_such_proto): prototype no_such_proto: "
                                       "archive objects.rlb: ",
                                       0),
              0u)
        << m.error().render();
}

TEST(MissionLoad, AMissingMeshArchiveOrWearStopsTheLoad) {
    {
        Game g;
        g.m.files->erase("units.rlb");
        auto m = g.load();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "prototype.mesh_missing");
        EXPECT_EQ(m.error().find("unit_component"), "0");
        EXPECT_EQ(m.error().find("file"), "UNITS\\BUILDS\\AI\\gen1.dat");
        EXPECT_EQ(m.error().find("object"), "0 (UNITS\\BUILDS\\AI\\gen1.dat)");
    }
    {
        Game g;
        auto units = g.m.vfs.read("units.rlb");
        auto a = nres::Archive::read(*units);
        nres::Editor e(*a);
        ASSERT_TRUE(e.remove(*e.find("tank.wea")).ok());
        g.m.files->put("units.rlb", *e.write());
        auto m = g.load();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "materials.wear_missing");
        EXPECT_EQ(m.error().find("prototype"), "s_tank");
        EXPECT_EQ(m.error().find("mission"), "MISSIONS/DEMO");
    }
}

TEST(MissionLoad, BadUnitDatAndRegistryCycleAreStructuredErrors) {
    {
        Game g;
        g.m.files->put("UNITS/BUILDS/AI/gen1.dat", Bytes(119, 0));
        auto m = g.load();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "unit_dat.bad_size");
        EXPECT_EQ(m.error().find("object"), "0 (UNITS\\BUILDS\\AI\\gen1.dat)");
    }
    {
        Game g;
        g.m.files->put(
            "objects.rlb",
            *prototype::buildRegistry(
                {{"s_tank", {*prototype::makeRef("objects.rlb", "s_tank")}}, {"sun_01", {}}, {"fort_wall", {}}}));
        auto m = g.load();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "prototype.cycle");
    }
    {
        Game g;
        g.m.files->erase("DATA/MAPS/DEMO/Land.map");
        auto m = g.load();
        ASSERT_FALSE(m.ok());
        EXPECT_EQ(m.error().code(), "cache.not_found");
        EXPECT_EQ(m.error().find("file"), "DATA\\MAPS\\DEMO\\Land.map");
    }
}

TEST(MissionLoad, ALateFailurePublishesNothing) {
    Game g;
    MissionHost host;
    ASSERT_TRUE(host.load(g.m.vfs, kSampleMission).ok());
    const LoadedMission* first = host.current();
    const auto hashBefore = first->runtime->world().stateHash();
    bool hookSawRegistered = false;
    LoadOptions o;
    o.scripts = [&](ScriptsHookContext& ctx) -> Status {
        hookSawRegistered = ctx.runtime.world().liveRegistered().size() == 4 && ctx.runtime.world().tick() == 0 &&
                            ctx.mission.clans.size() == 2 && ctx.objects.size() == 4;
        return Error("test.script", "the script package is broken");
    };
    auto st = host.load(g.m.vfs, kSampleMission, o);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "test.script");
    EXPECT_EQ(st.error().find("phase"), "scripts");
    EXPECT_TRUE(hookSawRegistered);
    EXPECT_EQ(host.current(), first) << "the previous mission stays published";
    EXPECT_EQ(host.current()->runtime->world().stateHash(), hashBefore);
}

struct CountingProgress final : Progress {
    std::size_t updates = 0;
    void update(std::uint64_t) override { ++updates; }
};

TEST(MissionLoad, ProgressEverySixtyFourRequests) {
    Game g(300);
    CountingProgress p;
    LoadOptions o;
    o.progress = &p;
    auto m = g.load(o);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(m->counts.components, 305u);
    EXPECT_EQ(m->counts.progressUpdates, m->counts.requests / 64);
    EXPECT_GE(p.updates, m->counts.progressUpdates);
}

TEST(MissionLoad, ReferenceMovementOnTheLoadedMission) {
    Game g;
    auto m = g.load();
    ASSERT_TRUE(m.ok());
    auto r = advanceReferenceMovement(m->runtime->world(), m->terrain, 1, {20, 10}, 4);
    ASSERT_TRUE(r.ok()) << r.error().render();
    const auto p = m->runtime->world().transform(*m->runtime->world().findByOriginalId(1))->position();
    EXPECT_FLOAT_EQ(p.z, p.x / 16 + 9 * p.y / 16);  // the 8 x 8 sample grid: z = 0.5 * (9 * row + col)
}

}  // namespace
}  // namespace vestige::iron3d::mission
