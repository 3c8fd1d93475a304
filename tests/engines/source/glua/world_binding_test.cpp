// The Lua binding on the entity world (issue #16 item 1): Entity/Player userdata hold the world's generational
// handles, ents.* and Entity methods read and write the one world, deletion is deferred to the end of the tick with
// EntityRemoved and ENT:OnRemove fired once at Remove. Our own fixtures; the numbers are the rules' (Source's
// UTIL_Remove / ED_Alloc as docs/game.md states them), not taken from our own output.
#include <gtest/gtest.h>

#include "glua_fixture.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {

TEST(GluaWorld, AnEntityCreatedInCppIsSeenFromLuaAndViceVersa) {
    auto rt = bootRuntime();
    game::World& world = rt->world();
    game::Entity& made = world.create("info_target");
    world.setName(made, "cpp_made");
    world.setOrigin(made, {10, 20, 30});
    world.spawn(made);
    EXPECT_EQ(ev(*rt, "local e = ents.FindByName('cpp_made')[1] return e:EntIndex(), e:GetClass(), e:GetPos()"),
              std::to_string(made.index) + "\tinfo_target\t10.000000 20.000000 30.000000");
    EXPECT_EQ(ev(*rt, "return Entity(" + std::to_string(made.index) + ") == ents.GetByIndex(" +
                          std::to_string(made.index) + ")"),
              "true");

    ASSERT_EQ(ev(*rt,
                 "local e = ents.Create('info_target') e:SetName('lua_made') e:SetPos(Vector(1, 2, 3)) "
                 "e:SetAngles(Angle(0, 90, 0)) e:SetKeyValue('spawnflags', 4) e:SetHealth(25) e:Spawn() "
                 "return e:EntIndex()"),
              std::to_string(made.index + 1));
    const auto found = world.findByName("lua_made");
    ASSERT_EQ(found.size(), 1u);
    const game::Entity* e = world.get(found[0]);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->className, "info_target");
    EXPECT_EQ(e->origin, (Vec3{1, 2, 3}));
    EXPECT_EQ(e->angles, (Vec3{0, 90, 0}));
    EXPECT_EQ(e->spawnFlags, 4);
    EXPECT_EQ(e->health, 25);
    EXPECT_EQ(ev(*rt, "return ents.GetByIndex(" + std::to_string(e->index) + "):GetKeyValues().spawnflags"), "4");
    // A move in C++ is what the next GetPos reads.
    world.setOrigin(*world.get(found[0]), {7, 8, 9});
    EXPECT_EQ(ev(*rt, "return ents.FindByName('lua_made')[1]:GetPos()"), "7.000000 8.000000 9.000000");
    EXPECT_EQ(ev(*rt, "return #ents.FindByClass('info_target'), #ents.FindInSphere(Vector(8, 8, 8), 2)"), "2\t1");
}

TEST(GluaWorld, ARemovedEntityIsValidUntilTheEndOfTheTickThenItsHandleIsStale) {
    auto rt = bootRuntime({}, {.tick = true});
    ASSERT_EQ(ev(*rt,
                 "removed = {} hook.Add('EntityRemoved', 't', function(e) removed[#removed + 1] = e:GetName() end) "
                 "a = ents.Create('info_target') a:SetName('a') a:Spawn() "
                 "a.OnRemove = function(self) removed[#removed + 1] = 'OnRemove ' .. self:GetName() end "
                 "b = ents.Create('info_target') b:SetName('b') b:Spawn() b.mark = 'old' "
                 "return a:EntIndex(), b:EntIndex()"),
              "5\t6");  // slots 2-4 hold the player's view models
    // Remove: EntityRemoved then ENT:OnRemove, now and once; the entity stays valid in this tick.
    EXPECT_EQ(ev(*rt,
                 "a:Remove() a:Remove() b:Remove() return table.concat(removed, ','), IsValid(a), a:GetName(), "
                 "#ents.FindByName('a')"),
              "a,OnRemove a,b\ttrue\ta\t1");
    rt->tick();  // the slots are freed at the end of the tick
    EXPECT_EQ(ev(*rt, "return IsValid(a), IsValid(b), tostring(a), #ents.FindByName('a'), #removed"),
              "false\tfalse\t[NULL Entity]\t0\t3");
    EXPECT_NE(ev(*rt, "return a:GetPos()").find("Tried to use a NULL entity!"), std::string::npos);
    // Freed in the map's first 2 s, slot 5 is taken again at once (ED_Alloc): the new entity has a new serial, the
    // old handle stays NULL and the slot's Lua table starts empty.
    EXPECT_EQ(ev(*rt, "c = ents.Create('info_target') return c:EntIndex(), c == a, IsValid(a), IsValid(c)"),
              "5\tfalse\tfalse\ttrue");
    EXPECT_EQ(ev(*rt, "d = ents.Create('info_target') return d:EntIndex(), tostring(d.mark)"), "6\tnil");
    EXPECT_NE(rt->world().byIndex(5)->handle.generation, 0u);
}

TEST(GluaWorld, RemovalFromCppFiresTheLuaHooksInOrder) {
    auto rt = bootRuntime({}, {.tick = true});
    ASSERT_EQ(ev(*rt,
                 "order = {} hook.Add('EntityRemoved', 't', function(e) order[#order + 1] = e:GetName() end) "
                 "for _, n in ipairs({'p', 'c1', 'c2'}) do local e = ents.Create('info_target') e:SetName(n) "
                 "e:Spawn() end "
                 "ents.FindByName('c1')[1]:SetParent(ents.FindByName('p')[1]) "
                 "ents.FindByName('c2')[1]:SetParent(ents.FindByName('p')[1]) "
                 "return ents.FindByName('c1')[1]:GetParent():GetName()"),
              "p");
    game::World& world = rt->world();
    // KillHierarchy: children first (creation order), then the parent.
    world.removeHierarchy(*world.get(world.findByName("p").at(0)));
    EXPECT_EQ(ev(*rt, "return table.concat(order, ',')"), "c1,c2,p");
    rt->tick();
    EXPECT_EQ(ev(*rt, "return #ents.FindByClass('info_target')"), "0");
}

TEST(GluaWorld, OwnerParentAndWorldAreStoredHandles) {
    auto rt = bootRuntime({}, {.tick = true});
    EXPECT_EQ(ev(*rt,
                 "local o = ents.Create('info_target') local e = ents.Create('info_target') e:SetOwner(o) "
                 "local same = e:GetOwner() == o o:Remove() return same, IsValid(e:GetOwner())"),
              "true\ttrue");
    rt->tick();
    EXPECT_EQ(ev(*rt, "return IsValid(ents.GetByIndex(6):GetOwner()), ents.GetByIndex(6):GetOwner() == NULL"),
              "false\ttrue");
    EXPECT_EQ(ev(*rt,
                 "return Entity(0):IsWorld(), Entity(0):GetClass(), Entity(1):IsPlayer(), Entity(1):Alive(), "
                 "Entity(1):Health(), Entity(1):GetMaxHealth()"),
              "true\tworldspawn\ttrue\ttrue\t100\t100");
    EXPECT_NE(ev(*rt, "Entity(0):Remove()").find("cannot remove the world"), std::string::npos);
}

}  // namespace
}  // namespace vestige::source::glua
