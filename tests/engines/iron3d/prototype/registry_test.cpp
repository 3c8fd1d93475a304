// objects.rlb references and parent expansion (spec section 4.1). Fixtures come from our registry builder;
// each test pins one rule of the section (layout, lookup order, in-place expansion, cycle, depth, missing parent).
#include "vestige/iron3d/prototype/registry.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "vestige/iron3d/prototype/names.hpp"
#include "vestige/iron3d/prototype/sample.hpp"

namespace vestige::iron3d::prototype {
namespace {

ObjectRef ref(std::string_view a, std::string_view r) { return *makeRef(a, r); }

Registry registryOf(const std::vector<RegistryEntry>& entries) {
    auto bytes = buildRegistry(entries);
    EXPECT_TRUE(bytes.ok()) << bytes.error().render();
    auto r = Registry::read(*bytes);
    EXPECT_TRUE(r.ok()) << r.error().render();
    return *r;
}

std::vector<std::string> names(const Expansion& e) {
    std::vector<std::string> out;
    for (const auto& r : e.refs)
        out.push_back(std::string(r.ref.archiveName()) + ":" + std::string(r.ref.resourceName()));
    return out;
}

TEST(RegistryRefs, WholeRecordsOnlyAndZeroIsValid) {
    EXPECT_TRUE(readRefs({}).ok());
    EXPECT_EQ(readRefs({}).value().size(), 0u);
    const Bytes bad(63, 0);
    auto r = readRefs(bad, 1000);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "prototype.bad_size");
    EXPECT_EQ(r.error().offset(), 1000u);
    EXPECT_EQ(readRefs(Bytes(128, 0)).value().size(), 2u);
}

TEST(RegistryRefs, NameTailsAreKeptAndWrittenBack) {
    Bytes b(64, 0);
    const char a[] = "arch\0tail";
    const char res[] = "res\0tail";
    std::copy(a, a + 9, b.begin());
    std::copy(res, res + 8, b.begin() + 32);
    auto refs = readRefs(b);
    ASSERT_TRUE(refs.ok());
    EXPECT_EQ((*refs)[0].archiveName(), "arch");
    EXPECT_EQ((*refs)[0].resourceName(), "res");
    EXPECT_EQ(writeRefs(*refs), b);
    EXPECT_EQ(makeRef("x", std::string(32, 'a')).error().code(), "prototype.name_too_long");
}

TEST(Registry, LookupTriesTheKeyThenItsMshVariant) {
    EXPECT_EQ(lookupCandidates("  tank "), (std::vector<std::string>{"tank", "tank.msh"}));
    EXPECT_EQ(lookupCandidates("dir\\Tank.MSH"), (std::vector<std::string>{"dir\\Tank.MSH", "Tank"}));
    EXPECT_TRUE(lookupCandidates("   ").empty());
    const Registry r = registryOf({{"tank", {}}, {"gun.msh", {}}});
    EXPECT_EQ(r.find("TANK.msh"), 0u);
    EXPECT_EQ(r.find("gun"), 1u);
    EXPECT_FALSE(r.find("tanks").has_value());
}

TEST(Registry, ParentsExpandInPlaceRecursively) {
    const Registry r = registryOf({
        {"grand", {ref("g.rlb", "g1.msh"), ref("g.rlb", "g2.ctl")}},
        {"parent", {ref("p.rlb", "p_before.wea"), ref("OBJECTS.RLB", "grand"), ref("p.rlb", "p_after.cpt")}},
        {"child", {ref("c.rlb", "first.msh"), ref("objects.rlb", "parent"), ref("c.rlb", "last.bas")}},
    });
    auto e = r.expand("child");
    ASSERT_TRUE(e.ok()) << e.error().render();
    ASSERT_TRUE(e->has_value());
    EXPECT_EQ(names(**e), (std::vector<std::string>{"c.rlb:first.msh", "p.rlb:p_before.wea", "g.rlb:g1.msh",
                                                    "g.rlb:g2.ctl", "p.rlb:p_after.cpt", "c.rlb:last.bas"}));
    EXPECT_EQ((*e)->parents, 2u);
    EXPECT_EQ((*e)->maxDepth, 2u);
    EXPECT_EQ((**e).refs[2].via, (std::vector<std::string>{"child", "parent", "grand"}));
    EXPECT_FALSE(r.expand("nobody").value().has_value()) << "a key with no entry is 'not found', not an error";
}

TEST(Registry, CyclesAreDetectedCaseInsensitively) {
    const Registry direct = registryOf({{"a", {ref("objects.rlb", "A")}}});
    auto d = direct.expand("a");
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.error().code(), "prototype.cycle");
    EXPECT_EQ(d.error().actualText(), "a -> A");
    const Registry indirect = registryOf(
        {{"a", {ref("objects.rlb", "b")}}, {"b", {ref("objects.rlb", "c")}}, {"c", {ref("objects.rlb", "a")}}});
    auto i = indirect.expand("b");
    ASSERT_FALSE(i.ok());
    EXPECT_EQ(i.error().code(), "prototype.cycle");
    EXPECT_EQ(i.error().actualText(), "b -> c -> a -> b");
    // The same parent twice side by side is not a cycle.
    const Registry twice =
        registryOf({{"p", {ref("x.rlb", "m.msh")}}, {"c", {ref("objects.rlb", "p"), ref("objects.rlb", "p")}}});
    EXPECT_EQ(twice.expand("c").value()->refs.size(), 2u);
}

std::vector<RegistryEntry> chain(std::size_t levels) {
    // level0 -> level1 -> ... -> level<levels>, the last one holding the mesh.
    std::vector<RegistryEntry> out;
    for (std::size_t i = 0; i < levels; ++i)
        out.push_back({fmt::format("level{}", i), {ref("objects.rlb", fmt::format("level{}", i + 1))}});
    out.push_back({fmt::format("level{}", levels), {ref("m.rlb", "deep.msh")}});
    return out;
}

TEST(Registry, DepthLimitIs32ParentLevels) {
    auto ok = registryOf(chain(32)).expand("level0");
    ASSERT_TRUE(ok.ok()) << ok.error().render();
    EXPECT_EQ((*ok)->maxDepth, 32u);
    EXPECT_EQ(names(**ok), std::vector<std::string>{"m.rlb:deep.msh"});
    auto deep = registryOf(chain(33)).expand("level0");
    ASSERT_FALSE(deep.ok());
    EXPECT_EQ(deep.error().code(), "prototype.depth");
    EXPECT_EQ(deep.error().actualText(), "level 33");
}

TEST(Registry, MissingParentIsAnErrorNamingTheChain) {
    const Registry r = registryOf(
        {{"child", {ref("c.rlb", "x.msh"), ref("objects.rlb", "middle")}}, {"middle", {ref("objects.rlb", "gone")}}});
    auto e = r.expand("child");
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "prototype.missing_parent");
    EXPECT_EQ(e.error().find("parent"), "gone");
    EXPECT_EQ(e.error().render().find("prototype child"), e.error().render().find("prototype"))
        << "outermost context first: " << e.error().render();
}

TEST(Registry, InventoryListsOnlyBrokenEntries) {
    std::vector<nres::NewEntry> entries;
    entries.push_back({0, 0, 0, 0, "good", std::nullopt, writeRefs({ref("x.rlb", "a.msh")})});
    entries.push_back({0, 0, 0, 0, "short", std::nullopt, Bytes(65, 0)});
    entries.push_back({0, 0, 0, 0, "loop", std::nullopt, writeRefs({ref("objects.rlb", "loop")})});
    auto bytes = nres::writeCanonical(entries);
    ASSERT_TRUE(bytes.ok());
    auto r = Registry::read(*bytes);
    ASSERT_TRUE(r.ok());
    const auto broken = r->inventory();
    ASSERT_EQ(broken.size(), 2u);
    EXPECT_EQ(broken[0].code(), "prototype.bad_size");
    EXPECT_EQ(broken[0].find("entry"), "short");
    EXPECT_EQ(broken[1].code(), "prototype.cycle");
    EXPECT_TRUE(r->expand("good").ok());
}

TEST(Registry, SampleHasAParentAndTwoNonGeometricPrototypes) {
    const Registry r = registryOf(sampleRegistry());
    auto tank = r.expand("s_tank");
    ASSERT_TRUE(tank.ok());
    EXPECT_EQ(names(**tank), (std::vector<std::string>{"units.rlb:tank.msh", "units.rlb:tank.wea", "units.rlb:tank.ctl",
                                                       "units.rlb:tank_turret.cpt"}));
    EXPECT_TRUE(r.expand("sun_01").value()->refs.empty());
    EXPECT_FALSE(r.expand("fort_wall").value()->refs[0].ref.isMesh()) << ".bas is never a mesh";
    EXPECT_TRUE(r.inventory().empty());
}

}  // namespace
}  // namespace vestige::iron3d::prototype
