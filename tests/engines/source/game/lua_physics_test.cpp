// Physics from Lua (issue #18 phase 2): PhysObj, physenv, Entity:PhysicsInit*, ENT:PhysicsCollide and traces that
// meet props, in both Lua modes (budget 0 = JIT). Builder maps with a PHYSCOLLIDE lump; the sample model with a box
// .phy (16 x 16 x 32, 25 kg) in an addon folder, read through the session's game search path.
// Evidence: free fall at sv_gravity 600 (the arithmetic in physics_world_test.cpp), the wiki's names, ranges and
// error text; values read back after being set are round trips.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "vestige/core/file_io.hpp"
#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/game/map.hpp"
#include "vestige/source/mdl/builder.hpp"
#include "vestige/source/phy/builder.hpp"
#include "vestige/source/physics/map.hpp"
#include "world_fixture.hpp"

namespace vestige::source::game {
namespace {

namespace fs = std::filesystem;

// An addon folder with models/crate.mdl and its .phy.
fs::path addon() {
    static const fs::path dir = [] {
        const fs::path d = fs::path(testing::TempDir()) / ("vestige_phys_addon_" + std::to_string(::getpid()));
        fs::create_directories(d / "models");
        const auto model = mdl::buildModel(mdl::sampleSpec());
        EXPECT_TRUE(model.ok());
        EXPECT_TRUE(writeFileAtomic(d / "models" / "crate.mdl", model->mdl).ok());
        phy::PhyBuilder b;
        b.setChecksum(mdl::sampleSpec().checksum);
        phy::SolidKeys keys;
        keys.mass = 25;
        b.addSolid({phy::boxHull({-8, -8, 0}, {8, 8, 32})}, keys);
        EXPECT_TRUE(writeFileAtomic(d / "models" / "crate.phy", b.write().value()).ok());
        return d;
    }();
    return dir;
}

class LuaPhysics : public testing::TestWithParam<std::uint64_t> {
protected:
    std::unique_ptr<glua::Runtime> session(bsp::MapBuilder map, const std::string& autorun = {},
                                           const char* gmodDir = nullptr) {
        auto built = physics::withPhysCollide(map.build().value());
        EXPECT_TRUE(built.ok());
        auto m = GameMap::load(*built, "room");
        EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
        glua::Options opt;
        opt.instructionBudget = GetParam();
        opt.output = [](std::string_view) {};
        opt.addonDirs.push_back(addon());
        if (gmodDir) {
            opt.gmodDir = gmodDir;
            opt.gamemode = "sandbox";
        }
        if (!autorun.empty()) {
            const auto path = fs::path(testing::TempDir()) /
                              ("lua_phys_" + std::to_string(::getpid()) + "_" + std::to_string(++mScripts) + ".lua");
            std::ofstream(path) << autorun;
            opt.scripts.push_back(path);
        }
        auto rt = createRuntime(*m, std::move(opt));
        EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
        EXPECT_TRUE((*rt)->boot().ok());
        return std::move(*rt);
    }
    static std::string ev(glua::Runtime& rt, const std::string& code) {
        auto r = rt.eval(code);
        if (!r) return "ERR: " + r.error().message();
        return *r;
    }
    static bsp::MapBuilder mapWithProp() {
        auto map = test::room();
        map.addEntity({{"classname", "prop_physics"},
                       {"targetname", "crate"},
                       {"model", "models/crate.mdl"},
                       {"origin", "200 0 200"}});
        return map;
    }
    // Ticks until the Lua expression `z` (a number) drops below 0.5; the tick count, -1 after `limit`.
    static int landing(glua::Runtime& rt, const std::string& z, int limit = 300) {
        for (int i = 1; i <= limit; ++i) {
            rt.tick();
            if (std::stod(ev(rt, "return " + z)) < 0.5) return i;
        }
        return -1;
    }
    int mScripts = 0;
};

constexpr const char* kCreate =
    "P = ents.Create('prop_physics') P:SetModel('models/crate.mdl') P:SetPos(Vector(64, 0, 200)) P:Spawn() ";

TEST_P(LuaPhysics, MapAndCreatedPropsFallToTheFreeFallTick) {
    auto rt = session(mapWithProp());
    ASSERT_EQ(
        ev(*rt, std::string(kCreate) + "return IsValid(P:GetPhysicsObject()), P:GetMoveType() == MOVETYPE_VPHYSICS"),
        "true\ttrue");
    // Both bodies start this tick: the map's when the lump spawned, the created one now.
    const int mapLanding = landing(*rt, "math.min(ents.FindByName('crate')[1]:GetPos().z, P:GetPos().z + 1000)");
    EXPECT_NEAR(mapLanding, 56, 1);  // t0 (1 + d t0 / 6) = 55.2 ticks (physics_world_test.cpp)
    EXPECT_LT(std::stod(ev(*rt, "return P:GetPos().z")), 0.5);
    EXPECT_EQ(ev(*rt, "return math.Round(P:GetPos().x)"), "64");
}

TEST_P(LuaPhysics, PhysObjValuesRoundTrip) {
    auto rt = session(mapWithProp());
    EXPECT_EQ(ev(*rt,
                 "PH = ents.FindByName('crate')[1]:GetPhysicsObject() return PH:GetMass(), PH:GetVolume(), "
                 "PH:GetEntity():GetName(), PH:GetMaterial(), PH:GetDamping()"),
              "25\t8192\tcrate\tdefault\t0.10000000149012\t0.10000000149012");
    EXPECT_EQ(ev(*rt, "local a, b = PH:GetAABB() return a, b"),
              "-8.000000 -8.000000 0.000000\t8.000000 8.000000 32.000000");
    // The mass range is the wiki's [0.1, 50000].
    EXPECT_EQ(ev(*rt,
                 "PH:SetMass(40) local a = PH:GetMass() PH:SetMass(1e9) local b = PH:GetMass() PH:SetMass(0) "
                 "return a, b, PH:GetMass()"),
              "40\t50000\t0.10000000149012");
    EXPECT_EQ(ev(*rt,
                 "PH:SetMass(25) PH:SetVelocity(Vector(10, 20, 30)) PH:AddVelocity(Vector(1, 1, 1)) "
                 "local v = PH:GetVelocity() return math.Round(v.x, 3), math.Round(v.y, 3), math.Round(v.z, 3)"),
              "11\t21\t31");
    // Local degrees per second: a yawed body keeps its local spin axis.
    EXPECT_EQ(ev(*rt,
                 "PH:SetAngles(Angle(0, 90, 0)) PH:SetAngleVelocity(Vector(0, 0, 90)) "
                 "local v = PH:GetAngleVelocity() return math.Round(v.x, 3), math.Round(v.y, 3), math.Round(v.z, 3)"),
              "0\t0\t90");
    EXPECT_EQ(ev(*rt, "local a = PH:GetAngles() return math.Round(a.p), math.Round(a.y), math.Round(a.r)"), "0\t90\t0");
    EXPECT_EQ(ev(*rt,
                 "PH:SetPos(Vector(5, 6, 150)) local p = PH:GetPos() "
                 "return math.Round(p.x, 3), math.Round(p.y, 3), math.Round(p.z, 3)"),
              "5\t6\t150");
    // Yawed 90: local +x is world +y.
    EXPECT_EQ(ev(*rt,
                 "local w = PH:LocalToWorld(Vector(10, 0, 0)) local l = PH:WorldToLocal(w) "
                 "return math.Round(w.x, 3), math.Round(w.y, 3), math.Round(l.x, 3), "
                 "math.Round(PH:LocalToWorldVector(Vector(1, 0, 0)).y, 3), math.Round(PH:WorldToLocalVector(Vector(0, "
                 "1, 0)).x, 3)"),
              "5\t16\t10\t1\t1");
    for (const char* sw : {"Motion", "Gravity", "Drag"}) {
        const std::string s(sw);
        EXPECT_EQ(ev(*rt, "PH:Enable" + s + "(false) local a = PH:Is" + s + "Enabled() PH:Enable" + s +
                              "(true) return a, PH:Is" + s + "Enabled()"),
                  "false\ttrue")
            << s;
    }
    EXPECT_EQ(ev(*rt,
                 "PH:EnableCollisions(false) local a = PH:IsCollisionEnabled() PH:EnableCollisions(true) "
                 "return a, PH:IsCollisionEnabled()"),
              "false\ttrue");
    EXPECT_EQ(ev(*rt, "PH:SetDamping(1, 2) return PH:GetDamping()"), "1\t2");
    EXPECT_EQ(ev(*rt, "PH:Sleep() local a = PH:IsAsleep() PH:Wake() return a, PH:IsAsleep()"), "true\tfalse");
    // A box's inertia: m (b^2 + c^2) / 12 in kg*m^2, 16 x 16 x 32 inches = 0.4064 x 0.4064 x 0.8128 m, 25 kg.
    EXPECT_EQ(ev(*rt, "local i = PH:GetInertia() return math.Round(i.x, 3), math.Round(i.z, 3)"), "1.72\t0.688");
    EXPECT_EQ(ev(*rt,
                 "return PH == ents.FindByName('crate')[1]:GetPhysicsObject(), "
                 "ents.FindByName('crate')[1]:GetPhysicsObjectCount(), "
                 "IsValid(ents.FindByName('crate')[1]:GetPhysicsObjectNum(1))"),
              "true\t1\tfalse");
}

TEST_P(LuaPhysics, EntitySetPosMovesTheBody) {
    auto rt = session(mapWithProp());
    EXPECT_EQ(ev(*rt,
                 "local e = ents.FindByName('crate')[1] e:SetPos(Vector(-300, 0, 100)) "
                 "local p = e:GetPhysicsObject():GetPos() return math.Round(p.x), math.Round(p.z)"),
              "-300\t100");
    rt->tick();
    EXPECT_EQ(ev(*rt, "local p = ents.FindByName('crate')[1]:GetPos() return math.Round(p.x), p.z < 100"),
              "-300\ttrue");  // falling from there
}

TEST_P(LuaPhysics, AForceChangesTheVelocityByImpulseOverMass) {
    auto rt = session(mapWithProp());
    // ApplyForceCenter is an impulse (kg*in/s): 250 on 25 kg is +10 in/s.
    EXPECT_EQ(ev(*rt,
                 "PH = ents.FindByName('crate')[1]:GetPhysicsObject() PH:EnableGravity(false) "
                 "PH:ApplyForceCenter(Vector(250, 0, 0)) return math.Round(PH:GetVelocity().x, 3)"),
              "10");
}

TEST_P(LuaPhysics, ARemovedEntitysPhysObjIsNull) {
    auto rt = session(mapWithProp());
    EXPECT_EQ(ev(*rt, "local e = ents.FindByName('crate')[1] PH = e:GetPhysicsObject() e:Remove() return PH:IsValid()"),
              "false");
    EXPECT_NE(ev(*rt, "PH:GetMass()").find("Tried to use a NULL physics object!"), std::string::npos);
    rt->tick();
    EXPECT_EQ(ev(*rt, "return IsValid(PH), tostring(PH)"), "false\t[NULL PhysObject]");
    // An entity without physics hands out a NULL object too; the world has its object (g_PhysWorldObject).
    EXPECT_EQ(ev(*rt, "local t = ents.Create('info_target') t:Spawn() return IsValid(t:GetPhysicsObject())"), "false");
    EXPECT_EQ(ev(*rt, "return IsValid(game.GetWorld():GetPhysicsObject()), game.GetWorld():GetPhysicsObjectCount()"),
              "true\t1");
}

TEST_P(LuaPhysics, NonFiniteNumbersAreRefused) {
    auto rt = session(mapWithProp());
    ASSERT_EQ(ev(*rt, "PH = ents.FindByName('crate')[1]:GetPhysicsObject() return 1"), "1");
    for (const char* call :
         {"PH:SetVelocity(Vector(0/0, 0, 0))", "PH:SetMass(0/0)", "PH:SetPos(Vector(math.huge, 0, 0))",
          "PH:ApplyForceCenter(Vector(0, -math.huge, 0))", "PH:SetAngleVelocity(Vector(0, 0, 0/0))",
          "PH:SetDamping(0/0, 1)", "physenv.SetGravity(Vector(0, 0, 0/0))", "physenv.SetAirDensity(math.huge)"}) {
        EXPECT_NE(ev(*rt, call).find("finite"), std::string::npos) << call;
    }
    EXPECT_EQ(ev(*rt, "return PH:GetMass(), PH:GetPos(), physenv.GetGravity()"),
              "25\t200.000000 0.000000 200.000000\t0.000000 0.000000 -600.000000");
}

TEST_P(LuaPhysics, PhysenvGravityChangesTheFall) {
    auto rt = session(mapWithProp());
    EXPECT_EQ(ev(*rt,
                 "physenv.SetGravity(Vector(0, 0, -300)) physenv.SetAirDensity(3) return physenv.GetGravity(), "
                 "physenv.GetAirDensity()"),
              "0.000000 0.000000 -300.000000\t3");
    EXPECT_NEAR(landing(*rt, "ents.FindByName('crate')[1]:GetPos().z"), 79, 1);  // sv_gravity 300's prediction
    EXPECT_EQ(ev(*rt, "local s = physenv.GetPerformanceSettings() return s.MaxVelocity, s.MaxAngularVelocity"),
              "4000\t7200");  // PhysEnvPerformanceSettings defaults (wiki)
    EXPECT_EQ(ev(*rt,
                 "physenv.SetPerformanceSettings({MaxVelocity = 2000}) "
                 "local s = physenv.GetPerformanceSettings() return s.MaxVelocity, s.MinFrictionMass"),
              "2000\t10");
}

TEST_P(LuaPhysics, PhysicsInitShapesAndPhysicsCollideAfterTheStep) {
    auto rt = session(test::room(), R"lua(
        HITS = {}
        local ENT = { Type = "anim", Base = "base_anim" }
        function ENT:Initialize()
            self:PhysicsInitBox(Vector(-8, -8, -8), Vector(8, 8, 8))
        end
        function ENT:PhysicsCollide(data, phys)
            HITS[#HITS + 1] = { tick = engine.TickCount(), speed = data.Speed, world = data.HitEntity == game.GetWorld(),
                nz = data.HitNormal.z, same = phys == data.PhysObject and phys == self:GetPhysicsObject(),
                z = self:GetPos().z }
        end
        scripted_ents.Register(ENT, "sent_box")
    )lua");
    ASSERT_EQ(ev(*rt,
                 "B = ents.Create('sent_box') B:SetPos(Vector(0, 0, 208)) B:Spawn() "
                 "return IsValid(B:GetPhysicsObject()), math.Round(B:GetPhysicsObject():GetMass(), 3)"),
              "true\t134.243");  // vphysics' automatic mass: 16^3 in^3 = 0.0671 m^3 at 2000 kg/m^3
    for (int i = 0; i < 200; ++i) rt->tick();
    EXPECT_EQ(ev(*rt,
                 "return #HITS >= 1, HITS[1].world, HITS[1].same, math.Round(HITS[1].nz, 2), "
                 "math.abs(HITS[1].tick - 56) <= 1, HITS[1].speed > 300 and HITS[1].speed < 490, HITS[1].z < 9"),
              "true\ttrue\ttrue\t-1\ttrue\ttrue\ttrue");
    // Below the free-fall 490 in/s (388.8 measured: a regression guard; the 25 kg crate's event in
    // physics_world_test.cpp carries 476). A landing, maybe a bounce; resting contact is silent.
    EXPECT_EQ(ev(*rt, "return #HITS <= 4"), "true");
    // The other initialisers.
    EXPECT_EQ(
        ev(*rt,
           "local e = ents.Create('prop_physics') e:Spawn() "
           "local ok1 = e:PhysicsInitSphere(8) local c1 = e:GetPhysicsObjectCount() "
           "local ok2 = e:PhysicsInitConvex({Vector(0,0,0), Vector(16,0,0), Vector(0,16,0), Vector(0,0,16)}) "
           "local ok3 = e:PhysicsInitMultiConvex({{Vector(0,0,0), Vector(8,0,0), Vector(0,8,0), Vector(0,0,8)},"
           " {Vector(20,0,0), Vector(28,0,0), Vector(20,8,0), Vector(20,0,8)}}) "
           "local ok4 = e:PhysicsFromMesh({{pos = Vector(0,0,0)}, {pos = Vector(16,0,0)}, {pos = Vector(0,16,0)}}) "
           "local n = e:GetPhysicsObjectCount() e:PhysicsDestroy() "
           "return ok1, c1, ok2, ok3, ok4, n, e:GetPhysicsObjectCount(), e:PhysicsInit(SOLID_VPHYSICS)"),
        "true\t1\ttrue\ttrue\ttrue\t1\t0\tfalse");  // no model: PhysicsInit fails
}

TEST_P(LuaPhysics, AddCallbackPhysicsCollideOnAnEngineProp) {
    auto rt = session(mapWithProp());
    EXPECT_EQ(ev(*rt,
                 "CB = {} local c = ents.FindByName('crate')[1] "
                 "local id = c:AddCallback('PhysicsCollide', function(ent, data) "
                 "CB[#CB + 1] = {ent == c, data.HitEntity == game.GetWorld(), engine.TickCount()} end) "
                 "local id2 = c:AddCallback('PhysicsCollide', function() end) c:RemoveCallback('PhysicsCollide', id2) "
                 "return id, id2, table.Count(c:GetCallbacks('PhysicsCollide'))"),
              "1\t2\t1");
    EXPECT_NE(ev(*rt, "ents.FindByName('crate')[1]:AddCallback('OnAngleChange', print)").find("not implemented"),
              std::string::npos);
    for (int i = 0; i < 120; ++i) rt->tick();
    EXPECT_EQ(ev(*rt, "return #CB >= 1, CB[1][1], CB[1][2], math.abs(CB[1][3] - 56) <= 1"), "true\ttrue\ttrue\ttrue");
}

TEST_P(LuaPhysics, TracesMeetProps) {
    auto rt = session(mapWithProp());
    for (int i = 0; i < 200; ++i) rt->tick();
    EXPECT_EQ(ev(*rt,
                 "local c = ents.FindByName('crate')[1] "
                 "local tr = util.TraceLine({start = Vector(200, 0, 100), endpos = Vector(200, 0, -50)}) "
                 "local tf = util.TraceLine({start = Vector(200, 0, 100), endpos = Vector(200, 0, -50), filter = c}) "
                 "local th = util.TraceHull({start = Vector(200, 0, 100), endpos = Vector(200, 0, -50), "
                 "mins = Vector(-2, -2, 0), maxs = Vector(2, 2, 4)}) "
                 "return tr.Entity == c, math.Round(tr.HitPos.z), math.Round(tr.HitNormal.z, 2), "
                 "tf.Entity == game.GetWorld(), math.Round(tf.HitPos.z), th.Entity == c, math.Round(th.HitPos.z)"),
              "true\t32\t1\ttrue\t0\ttrue\t32");
}

// A session makes the map's static props solid from the addon's model (.phy): the map's crate, dropped at
// (200, 0, 200) onto a static crate at (200, 0, 0), rests on its top at z = 32.
TEST_P(LuaPhysics, ASessionsStaticPropsAreSolid) {
    auto map = mapWithProp();
    map.addStaticProp("models/crate.mdl", {200, 0, 0}, {0, 0, 0});
    auto rt = session(map);
    rt->runTicks(150);
    EXPECT_NEAR(std::stod(ev(*rt, "return ents.FindByName('crate')[1]:GetPos().z")), 32.0, 0.5);
    EXPECT_EQ(rt->world().staticPropPhysics().bodies, 1u);
}

// Motion controllers: ENT:PhysicsSimulate before each step. Returning g upwards as a global acceleration, or m g
// as a global force (the impulse m g dt per step), cancels gravity: both boxes hover where they were (within 1 u
// after a second; the body's damping takes a little of each step's push, 0.4 u measured, a free fall is 300 u);
// a local acceleration is turned by the body's rotation (yawed 90: local +x pushes world +y). Stopped, they fall.
TEST_P(LuaPhysics, PhysicsSimulateSteersTheControlledBodies) {
    auto rt = session(test::room(), R"lua(
        local ENT = { Type = "anim", Base = "base_anim" }
        function ENT:Initialize()
            self:PhysicsInitBox(Vector(-8, -8, -8), Vector(8, 8, 8))
            self:StartMotionController()
        end
        function ENT:PhysicsSimulate(phys, dt)
            DT = dt
            if self.Mode == "force" then return vector_origin, Vector(0, 0, 600 * phys:GetMass()), SIM_GLOBAL_FORCE end
            if self.Mode == "local" then return vector_origin, Vector(100, 0, 600), SIM_LOCAL_ACCELERATION end
            return vector_origin, Vector(0, 0, 600), SIM_GLOBAL_ACCELERATION
        end
        scripted_ents.Register(ENT, "sent_hover")
    )lua");
    ASSERT_EQ(ev(*rt, R"lua(
        A = ents.Create('sent_hover') A:SetPos(Vector(0, 0, 200)) A:Spawn()
        F = ents.Create('sent_hover') F.Mode = 'force' F:SetPos(Vector(100, 0, 200)) F:Spawn()
        L = ents.Create('sent_hover') L.Mode = 'local' L:SetPos(Vector(-100, 0, 200)) L:SetAngles(Angle(0, 90, 0))
        L:Spawn() return 1)lua"),
              "1");
    rt->runTicks(66);
    EXPECT_EQ(ev(*rt, "return math.abs(A:GetPos().z - 200) < 1, math.abs(F:GetPos().z - 200) < 1, math.Round(DT, 3)"),
              "true\ttrue\t0.015");
    // 100 u/s^2 along local +x for ~1 s: world +y, about 100 u/s less the damping.
    EXPECT_EQ(ev(*rt, "local v = L:GetVelocity() return math.abs(v.x) < 1, v.y > 90 and v.y < 101"), "true\ttrue");
    ASSERT_EQ(ev(*rt, "A:StopMotionController() return 1"), "1");
    rt->runTicks(30);
    EXPECT_LT(std::stod(ev(*rt, "return A:GetPos().z")), 190.0);
    EXPECT_TRUE(rt->errors().empty());
}

// PhysObj:GetMesh / GetMeshConvexes: a box is 12 triangles (36 MeshVertex) inside its bounds; two convex pieces
// come back as two convexes; a sphere gives nil (wiki).
TEST_P(LuaPhysics, GetMeshAndGetMeshConvexesHandOutTheCollisionSurface) {
    auto rt = session(test::room());
    EXPECT_EQ(ev(*rt, R"lua(
        local e = ents.Create('prop_physics') e:Spawn()
        e:PhysicsInitBox(Vector(-8, -8, 0), Vector(8, 8, 32))
        local mesh = e:GetPhysicsObject():GetMesh()
        local inside = true
        for _, v in ipairs(mesh) do
            inside = inside and math.abs(v.pos.x) <= 8 and math.abs(v.pos.y) <= 8 and v.pos.z >= 0 and v.pos.z <= 32
        end
        local box = #mesh
        e:PhysicsInitMultiConvex({{Vector(0,0,0), Vector(8,0,0), Vector(0,8,0), Vector(0,0,8)},
            {Vector(20,0,0), Vector(28,0,0), Vector(20,8,0), Vector(20,0,8)}})
        local convexes = e:GetPhysicsObject():GetMeshConvexes()
        e:PhysicsInitSphere(8)
        return box, inside, #convexes, #convexes[1], e:GetPhysicsObject():GetMesh())lua"),
              "36\ttrue\t2\t12\tnil");
}

// Entity:LocalToWorld & co. use the entity's origin and angles (yawed 90: local +x is world +y).
TEST_P(LuaPhysics, EntityFrameConvertsBothWays) {
    auto rt = session(mapWithProp());
    EXPECT_EQ(ev(*rt, R"lua(
        local e = ents.Create('info_target') e:SetPos(Vector(5, 6, 7)) e:SetAngles(Angle(0, 90, 0)) e:Spawn()
        local w = e:LocalToWorld(Vector(10, 0, 0)) local l = e:WorldToLocal(w)
        local a = e:LocalToWorldAngles(Angle(0, 45, 0)) local b = e:WorldToLocalAngles(a)
        return math.Round(w.x, 3), math.Round(w.y, 3), math.Round(l.x, 3), math.Round(a.y, 3), math.Round(b.y, 3))lua"),
              "5\t16\t10\t135\t45");
    EXPECT_NE(ev(*rt, "return Entity(0):LocalToWorld(Vector(0/0, 0, 0))").find("finite"), std::string::npos);
}

// The engine side of GMod's constraint library, called as constraint.lua calls it: ents.Create, keys,
// SetPhysConstraintObjects, Spawn, Activate. A weld to the world holds the crate where it is; removing the
// entity that DeleteOnRemove names takes the constraint with it; SetTable replaces what indexing reads.
TEST_P(LuaPhysics, ConstraintEntitiesFromLuaHoldAndGoWithTheirEntities) {
    auto rt = session(mapWithProp());
    ASSERT_EQ(ev(*rt, R"lua(
        CRATE = ents.FindByName('crate')[1]
        SYS = ents.Create('phys_constraintsystem') SYS:SetKeyValue('additionaliterations', 4) SYS:Spawn() SYS:Activate()
        SetPhysConstraintSystem(SYS)
        W = ents.Create('phys_constraint')
        W:SetPhysConstraintObjects(game.GetWorld():GetPhysicsObject(), CRATE:GetPhysicsObject())
        W:Spawn() W:Activate()
        SetPhysConstraintSystem(NULL)
        W:SetTable({ Type = 'Weld', Ent1 = CRATE })
        CRATE:DeleteOnRemove(W)
        local s = ents.Create('phys_slideconstraint')
        return W:IsConstraint(), s:IsConstraint(), W.Type, W:GetTable().Ent1 == CRATE)lua"),
              "true\tfalse\tWeld\ttrue");
    rt->runTicks(60);
    EXPECT_EQ(ev(*rt, "return math.Round(CRATE:GetPos().z)"), "200");  // held, not fallen
    EXPECT_EQ(ev(*rt, "CRATE:Remove() return IsValid(W)"), "true");    // both go at the end of the tick
    rt->tick();
    EXPECT_EQ(ev(*rt, "return IsValid(CRATE), IsValid(W)"), "false\tfalse");
    EXPECT_TRUE(rt->errors().empty());
    EXPECT_NE(ev(*rt, "local s = ents.Create('phys_constraint') s:SetPhysConstraintObjects(NULL, NULL)")
                  .find("PhysObj expected"),
              std::string::npos);
}

// GMod's own constraint.lua (install mode, VESTIGE_GMOD_DIR) on the world's constraint entities: each function
// returns its entity, the welded crate stays, the roped one hangs at the rope's length below its point, and
// RemoveAll lets the welded one fall.
TEST_P(LuaPhysics, GModConstraintLibraryBuildsRealJoints) {
    const char* dir = std::getenv("VESTIGE_GMOD_DIR");
    if (!dir) GTEST_SKIP() << "VESTIGE_GMOD_DIR not set";
    auto rt = session(mapWithProp(), {}, dir);
    ASSERT_EQ(ev(*rt, R"lua(
        local function crate(x, z)
            local p = ents.Create('prop_physics') p:SetModel('models/crate.mdl') p:SetPos(Vector(x, 0, z)) p:Spawn()
            return p
        end
        A, B, C, D = crate(-300, 200), crate(-150, 180), crate(0, 100), crate(150, 100)
        local world = game.GetWorld()
        WELD = constraint.Weld(A, world, 0, 0, 0, false, false)
        ROPE, ROPEVIS = constraint.Rope(B, world, 0, 0, Vector(0, 0, 32), Vector(-150, 0, 300), 80, 0, 0, 1,
            'cable/rope', false)
        local made = {
            constraint.Ballsocket(C, D, 0, 0, Vector(0, 0, 16), 0, 0, 0),
            constraint.Axis(C, D, 0, 0, Vector(), Vector(), 0, 0, 0, 0),
            constraint.AdvBallsocket(C, D, 0, 0, Vector(), Vector(), 0, 0, -10, -10, -10, 10, 10, 10, 0, 0, 0, 0, 0),
            constraint.Slider(C, D, 0, 0, Vector(), Vector(0, 0, 10), 1),
            constraint.Elastic(C, D, 0, 0, Vector(), Vector(), 100, 10, 0, '', 1, false),
            constraint.Pulley(C, D, 0, 0, Vector(), Vector(), Vector(0, 0, 400), Vector(150, 0, 400), 0, false, 1, ''),
            constraint.NoCollide(C, D, 0, 0),
            constraint.Keepupright(C, Angle(0, 0, 0), 0, 999999),
        }
        local classes = {}
        for _, c in ipairs(made) do classes[#classes + 1] = IsValid(c) and c:GetClass() or tostring(c) end
        return IsValid(WELD), WELD.Type, IsValid(ROPEVIS) and ROPEVIS:GetClass(), A:IsConstrained(),
            table.concat(classes, ','))lua"),
              "true\tWeld\tkeyframe_rope\ttrue\tphys_ballsocket,phys_hinge,phys_ragdollconstraint,"
              "phys_slideconstraint,phys_spring,phys_pulleyconstraint,logic_collision_pair,phys_keepupright");
    rt->runTicks(150);
    EXPECT_EQ(ev(*rt, "return math.Round(A:GetPos().z)"), "200");
    EXPECT_EQ(
        ev(*rt,
           "local t = constraint.GetTable(C) local types = {} for _, c in ipairs(t) do types[#types + 1] = c.Type end "
           "table.sort(types) return #t, table.concat(types, ','), constraint.FindConstraint(A, 'Weld').Constraint "
           "== WELD, constraint.HasConstraints(D)"),
        "8\tAdvBallsocket,Axis,Ballsocket,Elastic,Keepupright,NoCollide,Pulley,Slider\ttrue\ttrue");
    // The rope's end (the crate's top) hangs 80 below its point: the crate's base at 300 - 80 - 32.
    EXPECT_NEAR(std::stod(ev(*rt, "return B:GetPos().z")), 188.0, 2.0);
    EXPECT_EQ(ev(*rt, "local removed, n = constraint.RemoveAll(A) return removed, n"), "true\t1");
    rt->runTicks(100);
    EXPECT_EQ(ev(*rt, "return IsValid(WELD)"), "false");
    EXPECT_LT(std::stod(ev(*rt, "return A:GetPos().z")), 1.0);
    EXPECT_TRUE(rt->errors().empty());
}

// GMod's winch (constraint.Winch: a stretch-only phys_spring, its keyframe_rope and Sandbox's
// gmod_winch_controller, driven through numpad): the crate sags on the spring, then reeling in (the backward key,
// 60 u/s) shortens the spring through SetSpringLength and lifts it.
TEST_P(LuaPhysics, GModWinchReelsACrateInThroughTheSpring) {
    const char* dir = std::getenv("VESTIGE_GMOD_DIR");
    if (!dir) GTEST_SKIP() << "VESTIGE_GMOD_DIR not set";
    auto rt = session(mapWithProp(), {}, dir);
    ASSERT_EQ(ev(*rt, R"lua(
        E = ents.Create('prop_physics') E:SetModel('models/crate.mdl') E:SetPos(Vector(300, 0, 100)) E:Spawn()
        local spring, rope, controller = constraint.Winch(Entity(1), E, game.GetWorld(), 0, 0, Vector(0, 0, 32),
            Vector(300, 0, 300), 1, KEY_PAD_1, KEY_PAD_2, 60, 60, '', false)
        return spring:GetClass(), rope:GetClass(), controller:GetClass())lua"),
              "phys_spring\tkeyframe_rope\tgmod_winch_controller");
    rt->runTicks(200);
    const double sagged = std::stod(ev(*rt, "return E:GetPos().z"));
    EXPECT_LT(sagged, 100.0);  // 25 kg on k = 1250 kg/s^2 (CalcElasticConsts: 50 x the mass) stretches it ~12 u
    EXPECT_GT(sagged, 80.0);
    ASSERT_EQ(ev(*rt, "numpad.Activate(Entity(1), KEY_PAD_2) return 1"), "1");
    rt->runTicks(67);
    ASSERT_EQ(ev(*rt, "numpad.Deactivate(Entity(1), KEY_PAD_2) return 1"), "1");
    rt->runTicks(100);
    EXPECT_GT(std::stod(ev(*rt, "return E:GetPos().z")), sagged + 40.0);  // ~60 u of spring reeled in
    EXPECT_TRUE(rt->errors().empty());
}

// Player:DropWeapon on a map with the weapon's world model (the crate's .phy): the weapon becomes a physics object
// thrown from the shoot position - 12, and a touching player picks it up again once the SDK's 1 s pickup delay
// (Drop: SetThink(SetPickupTouch) at curtime + 1) has passed: not at 0.5 s, by 1.1 s.
TEST_P(LuaPhysics, ADroppedWeaponFallsAndIsPickedUpAfterOneSecond) {
    auto map = test::room();
    map.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 0"}});
    auto rt = session(map, R"lua(
        weapons.Register({ Base = "weapon_base", WorldModel = "models/crate.mdl" }, "test_dropper")
    )lua");
    rt->tick();
    EXPECT_EQ(ev(*rt,
                 "W = Entity(1):Give('test_dropper') Entity(1):DropWeapon(W, nil, Vector(0, 0, 0)) "
                 "return IsValid(W:GetPhysicsObject()), IsValid(W:GetOwner()), Entity(1):HasWeapon('test_dropper'), "
                 "W:GetPos().z == Entity(1):GetShootPos().z - 12"),
              "true\tfalse\tfalse\ttrue");
    for (int i = 0; i < 33; ++i) rt->tick();                                                             // 0.5 s
    EXPECT_EQ(ev(*rt, "return Entity(1):HasWeapon('test_dropper'), W:GetPos().z < 40"), "false\ttrue");  // it fell
    for (int i = 0; i < 40; ++i) rt->tick();                                                             // 1.1 s
    EXPECT_EQ(ev(*rt,
                 "return Entity(1):HasWeapon('test_dropper'), W:GetOwner() == Entity(1), "
                 "IsValid(W:GetPhysicsObject()), Entity(1):GetActiveWeapon() == W"),
              "true\ttrue\tfalse\ttrue");
    // Dropped again while the player then gets another of its class: touching it gives the rounds in its two clips
    // (8 + 8, Pistol) only (Weapon_EquipAmmoOnly) and, emptied, it is removed.
    EXPECT_EQ(ev(*rt,
                 "Entity(1):DropWeapon(W, nil, Vector(0, 0, 0)) Entity(1):Give('test_dropper') "
                 "A1 = Entity(1):GetAmmoCount('Pistol') return W:Clip1(), W:Clip2(), IsValid(W:GetOwner())"),
              "8\t8\tfalse");
    for (int i = 0; i < 80; ++i) rt->tick();
    EXPECT_EQ(ev(*rt, "return Entity(1):GetAmmoCount('Pistol') - A1, IsValid(W)"), "16\tfalse");
}

INSTANTIATE_TEST_SUITE_P(Modes, LuaPhysics, testing::Values(std::uint64_t{200'000'000}, std::uint64_t{0}));

}  // namespace
}  // namespace vestige::source::game
