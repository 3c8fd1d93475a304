// The prototype resolver (spec section 4.1 step 3, 4.2): first resolvable .msh wins, a missing archive is "not
// found", non-geometric prototypes, .bas never a mesh, unit DAT components in file order, and the error chain.
#include "vestige/iron3d/resources/resolver.hpp"

#include <gtest/gtest.h>

#include "memory_vfs.hpp"
#include "vestige/iron3d/msh/sample.hpp"
#include "vestige/iron3d/prototype/registry.hpp"
#include "vestige/iron3d/prototype/unit_dat.hpp"

namespace vestige::iron3d::resources {
namespace {

using test::nresOf;

using prototype::makeRef;

struct Fixture {
    test::MemoryVfs m;
    ResourceCache cache{m.vfs};
    PrototypeResolver resolver{cache};
    Fixture() {
        const Bytes tank = *msh::build(msh::sampleTank());
        m.files->put("units.rlb", nresOf({{"tank.msh", tank}, {"gun.msh", tank}, {"tank.wea", {}}}));
        m.files->put(
            "objects.rlb",
            *prototype::buildRegistry({
                {"first_wins",
                 {*makeRef("cut.rlb", "a.msh"), *makeRef("units.rlb", "nothere.msh"), *makeRef("units.rlb", "tank.wea"),
                  *makeRef("units.rlb", "tank.msh"), *makeRef("units.rlb", "gun.msh")}},
                {"all_missing", {*makeRef("cut.rlb", "a.msh"), *makeRef("units.rlb", "b.msh")}},
                {"sun_01", {}},
                {"wall", {*makeRef("units.rlb", "tank.bas")}},
                {"child", {*makeRef("objects.rlb", "first_wins"), *makeRef("units.rlb", "own.ctl")}},
                {"loop", {*makeRef("objects.rlb", "loop")}},
                {"gun_proto.msh", {*makeRef("units.rlb", "gun"), *makeRef("UNITS.RLB", "GUN.MSH")}},
            }));
    }
};

TEST(PrototypeResolver, FirstResolvableMeshWins) {
    Fixture f;
    auto c = f.resolver.resolveComponent("objects.rlb", "first_wins");
    ASSERT_TRUE(c.ok()) << c.error().render();
    ASSERT_TRUE(c->has_value());
    EXPECT_EQ((*c)->geometry, Geometry::Mesh);
    EXPECT_EQ((*c)->meshArchive, "units.rlb");
    EXPECT_EQ((*c)->meshEntry, "tank.msh");
    EXPECT_EQ((*c)->skippedMeshReferences, (std::vector<std::string>{"cut.rlb:a.msh", "units.rlb:nothere.msh"}))
        << "a missing archive and a missing entry are both just 'not found'";
    EXPECT_EQ((*c)->otherReferences, std::vector<std::string>{"units.rlb:tank.wea"});
}

TEST(PrototypeResolver, MeshReferencesThatAllFailAreAnError) {
    Fixture f;
    auto c = f.resolver.resolveComponent("objects.rlb", "all_missing");
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().code(), "prototype.mesh_missing");
    EXPECT_EQ(c.error().actualText(), "cut.rlb:a.msh -> units.rlb:b.msh");
    EXPECT_EQ(c.error().find("prototype"), "all_missing");
}

TEST(PrototypeResolver, NonGeometricPrototypesAreValidAndBasIsNeverAMesh) {
    Fixture f;
    auto sun = f.resolver.resolveComponent("objects.rlb", "sun_01");
    ASSERT_TRUE(sun.ok());
    EXPECT_EQ((*sun)->geometry, Geometry::NonGeometric);
    auto wall = f.resolver.resolveComponent("objects.rlb", "wall");
    ASSERT_TRUE(wall.ok());
    EXPECT_EQ((*wall)->geometry, Geometry::NonGeometric) << "units.rlb has no tank.bas mesh and none is looked for";
    EXPECT_EQ((*wall)->otherReferences, std::vector<std::string>{"units.rlb:tank.bas"});
}

TEST(PrototypeResolver, ParentSuppliesTheMeshAndTheChainIsRecorded) {
    Fixture f;
    auto c = f.resolver.resolveComponent("OBJECTS.RLB", "CHILD");
    ASSERT_TRUE(c.ok()) << c.error().render();
    EXPECT_EQ((*c)->meshEntry, "tank.msh");
    EXPECT_EQ((*c)->via, (std::vector<std::string>{"CHILD", "first_wins"}));
    EXPECT_EQ((*c)->otherReferences, (std::vector<std::string>{"units.rlb:tank.wea", "units.rlb:own.ctl"}));
}

TEST(PrototypeResolver, KeyLookupAndTheDirectMeshFallback) {
    Fixture f;
    auto viaStem = f.resolver.resolveComponent("objects.rlb", "gun_proto");
    ASSERT_TRUE(viaStem.ok());
    EXPECT_EQ((*viaStem)->meshEntry, "gun.msh")
        << "key 'gun_proto' finds entry 'gun_proto.msh'; GUN.MSH matches gun.msh";
    EXPECT_EQ((*viaStem)->otherReferences, std::vector<std::string>{"units.rlb:gun"})
        << "only references ending in .msh are mesh candidates";
    auto direct = f.resolver.resolveComponent("units.rlb", "tank");
    ASSERT_TRUE(direct.ok());
    EXPECT_EQ((*direct)->meshEntry, "tank.msh");
    EXPECT_FALSE(f.resolver.resolveComponent("objects.rlb", "nobody").value().has_value());
    auto root = f.resolver.resolveRoot("nobody");
    ASSERT_FALSE(root.ok());
    EXPECT_EQ(root.error().code(), "prototype.unresolved");
    EXPECT_EQ(root.error().find("archive"), "objects.rlb");
}

TEST(PrototypeResolver, RegistryErrorsPropagate) {
    Fixture f;
    auto r = f.resolver.resolveRoot("loop");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "prototype.cycle");
}

TEST(PrototypeResolver, UnitDatComponentsInFileOrder) {
    Fixture f;
    auto dat = prototype::makeUnitDat({{"objects.rlb", "sun_01", 1, -1, ""}, {"objects.rlb", "child", 1, 0, "body"}},
                                      0x80000010u);
    f.m.files->put("UNITS/u.dat", prototype::writeUnitDat(*dat));
    auto r = f.resolver.resolveRoot("UNITS\\U.DAT");
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_TRUE(r->unitDat);
    ASSERT_EQ(r->components.size(), 2u);
    EXPECT_EQ(r->components[0].prototypeKey, "sun_01");
    EXPECT_EQ(r->components[1].unitComponentIndex, 1u);
    EXPECT_EQ(r->components[1].meshEntry, "tank.msh");
    EXPECT_EQ(r->unit->classWord(), 0x80000010u);
}

TEST(PrototypeResolver, UnitDatEdgeCases) {
    Fixture f;
    f.m.files->put("empty.dat", prototype::writeUnitDat(*prototype::makeUnitDat(
                                    {{"objects.rlb", "sun_01", 1, -1, ""}, {"objects.rlb", "", 1, -1, ""}})));
    auto empty = f.resolver.resolveRoot("empty.dat");
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().code(), "prototype.unresolved");
    EXPECT_EQ(empty.error().find("unit_component"), "1");
    EXPECT_EQ(empty.error().find("file"), "empty.dat");

    EXPECT_EQ(f.resolver.resolveRoot("none.dat").error().code(), "prototype.unit_dat_missing");
    f.m.files->put("short.dat", Bytes(100, 0));
    auto bad = f.resolver.resolveRoot("short.dat");
    EXPECT_EQ(bad.error().code(), "unit_dat.bad_size");
    EXPECT_EQ(bad.error().find("file"), "short.dat");

    ByteWriter w;
    w.u32(prototype::kBindingMagic);
    w.u32(0x80000002u);
    w.fixedString("units.rlb", 32);
    w.fixedString("gun", 32);
    f.m.files->put("bind.dat", w.take());
    auto bind = f.resolver.resolveRoot("bind.dat");
    ASSERT_TRUE(bind.ok()) << bind.error().render();
    ASSERT_EQ(bind->components.size(), 1u);
    EXPECT_EQ(bind->components[0].meshEntry, "gun.msh");

    f.m.files->put("zero.dat", Bytes{0xF1, 0xF0, 0, 0, 0, 0, 0, 0});
    auto zero = f.resolver.resolveRoot("zero.dat");
    ASSERT_TRUE(zero.ok());
    EXPECT_TRUE(zero->components.empty()) << "an empty unit DAT gives no components";
}

TEST(PrototypeResolver, RawResourcesKeepTheirBytes) {
    Fixture f;
    auto raw = f.resolver.rawResource("units.rlb", "TANK.WEA");
    ASSERT_TRUE(raw.ok());
    ASSERT_TRUE(raw->has_value());
    EXPECT_EQ((*raw)->entry, "tank.wea");
    EXPECT_FALSE(f.resolver.rawResource("cut.rlb", "x").value().has_value());
}

}  // namespace
}  // namespace vestige::iron3d::resources
