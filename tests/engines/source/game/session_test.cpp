// A Lua session on the demo map: map entities in ents.*, the player at info_player_start, util.TraceLine /
// util.TraceHull through the collision world, and the engine hooks' tick order.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "vestige/source/bsp/builder.hpp"
#include "vestige/source/bsp/sample.hpp"
#include "vestige/source/game/map.hpp"

namespace vestige::source::game {
namespace {

std::shared_ptr<const GameMap> demo() {
    static const std::shared_ptr<const GameMap> map = [] {
        auto bytes = bsp::demoMap().write();
        EXPECT_TRUE(bytes.ok());
        auto m = GameMap::load(*bytes, "vestige_demo");
        EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
        return *m;
    }();
    return map;
}

std::unique_ptr<glua::Runtime> session(glua::Options opt = {}) {
    auto out = std::make_shared<std::string>();
    opt.output = [out](std::string_view s) { out->append(s); };
    auto rt = createRuntime(demo(), std::move(opt));
    EXPECT_TRUE(rt.ok()) << (rt.ok() ? "" : rt.error().render());
    auto st = (*rt)->boot();
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().render());
    return std::move(*rt);
}

std::string ev(glua::Runtime& rt, const std::string& code) {
    auto r = rt.eval(code);
    if (!r) return "ERR: " + r.error().message();
    if (!rt.errors().empty()) return "LUA ERROR: " + rt.errors().back().render();
    return *r;
}

TEST(GameSession, MapNameAndEntities) {
    auto rt = session();
    EXPECT_EQ(ev(*rt, "game.GetMap()"), "vestige_demo");
    // worldspawn + the 4 map entities (the player spawns on tick 1).
    EXPECT_EQ(ev(*rt, "ents.GetCount()"), "5");
    EXPECT_EQ(ev(*rt, "#ents.FindByClass('info_player_start')"), "1");
    EXPECT_EQ(
        ev(*rt, "local e = ents.FindByClass('info_player_start')[1] return e:EntIndex(), e:GetPos(), e:GetAngles()"),
        "3\t-960.000000 -960.000000 8.000000\t0.000000 45.000000 0.000000");
    EXPECT_EQ(
        ev(*rt,
           "local d = ents.FindByClass('func_door')[1] return d:EntIndex(), d:GetModel(), d:GetName(), d:GetPos()"),
        "2\t*1\tdemo_door\t-248.000000 64.000000 64.000000");
    EXPECT_EQ(ev(*rt, "ents.FindByClass('light_environment')[1]:GetAngles()"), "-56.000000 306.000000 0.000000");
    EXPECT_EQ(ev(*rt, "#ents.FindByClass('func_*'), #ents.FindByName('demo_door'), #ents.FindByModel('*1')"),
              "1\t1\t1");
    EXPECT_EQ(ev(*rt, "#ents.FindInSphere(Vector(-960, -960, 0), 16)"), "1");
}

TEST(GameSession, PlayerSpawnsAtInfoPlayerStartOnTick1) {
    auto rt = session();
    EXPECT_EQ(ev(*rt, "IsValid(Entity(1))"), "false");
    rt->tick();
    // The world's player: spawned at the spot + (0, 0, 1) (GetPlayerSpawnSpot), then CGameMovement's first tick
    // (the spot stands 8 units above the floor, so the player is falling).
    EXPECT_EQ(ev(*rt,
                 "Entity(1):IsPlayer(), Entity(1):GetPos().x, Entity(1):GetPos().y, Entity(1):GetPos().z < 9, "
                 "Entity(1):EyeAngles().y, Entity(1):OnGround()"),
              "true\t-960\t-960\ttrue\t45\tfalse");
    EXPECT_EQ(ev(*rt, "player.GetAll()[1] == Entity(1)"), "true");
}

TEST(GameSession, TraceLineDownHitsTheFloor) {
    auto rt = session();
    // Floor top z = 0; Source stops 1/32 short: Fraction = (128 - 1/32) / 256 = 0.4998779296875.
    EXPECT_EQ(ev(*rt,
                 "local tr = util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, -128)}) "
                 "return tr.Hit, tr.HitWorld, tr.HitNonWorld, tr.Entity == game.GetWorld(), tr.Entity:IsWorld(), "
                 "string.format('%.13f', tr.Fraction), tr.HitPos, tr.HitNormal, tr.StartSolid"),
              "true\ttrue\tfalse\ttrue\ttrue\t0.4998779296875\t0.000000 -512.000000 0.031250\t"
              "0.000000 0.000000 1.000000\tfalse");
    EXPECT_EQ(ev(*rt, "util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, -128)}).HitPos.z"),
              "0.03125");
}

TEST(GameSession, TraceThroughTheThinWallStopsAtIt) {
    auto rt = session();
    EXPECT_EQ(ev(*rt,
                 "local tr = util.TraceLine({start = Vector(-384, -512, 64), endpos = Vector(-128, -512, 64)}) "
                 "return tr.HitWorld, tr.Fraction, tr.HitPos.x, tr.HitNormal"),
              "true\t0.4998779296875\t-256.03125\t-1.000000 0.000000 0.000000");
}

TEST(GameSession, TraceHullWithAPlayerBox) {
    auto rt = session();
    EXPECT_EQ(ev(*rt,
                 "local tr = util.TraceHull({start = Vector(-384, -512, 8), endpos = Vector(-128, -512, 8), "
                 "mins = Vector(-16, -16, 0), maxs = Vector(16, 16, 72)}) "
                 "return tr.Hit, tr.Fraction, tr.HitPos.x, tr.HitNormal.x"),
              "true\t0.4373779296875\t-272.03125\t-1");
    // Dropped onto the floor the box rests 1/32 above it.
    EXPECT_EQ(ev(*rt,
                 "util.TraceHull({start = Vector(0, 0, 100), endpos = Vector(0, 0, -100), "
                 "mins = Vector(-16, -16, 0), maxs = Vector(16, 16, 72)}).HitPos.z"),
              "0.03125");
}

TEST(GameSession, DoorEntityFilterRemoveAndMove) {
    auto rt = session();
    const std::string tr = "util.TraceLine({start = Vector(-384, 64, 64), endpos = Vector(-128, 64, 64), filter = F})";
    auto with = [&](const std::string& filter) {
        std::string s = tr;
        s.replace(s.find('F'), 1, filter);
        return s;
    };
    EXPECT_EQ(
        ev(*rt, "local t = " + with("nil") + " return t.Entity:GetClass(), t.HitNonWorld, t.HitWorld, t.Fraction"),
        "func_door\ttrue\tfalse\t0.5155029296875");
    EXPECT_EQ(ev(*rt, "local door = ents.FindByName('demo_door')[1] return " + with("door") + ".Hit"), "false");
    EXPECT_EQ(ev(*rt, "local door = ents.FindByName('demo_door')[1] return " + with("{door}") + ".Hit"), "false");
    EXPECT_EQ(ev(*rt,
                 "local door = ents.FindByName('demo_door')[1] door:SetPos(door:GetPos() + Vector(64, 0, 0)) "
                 "return " +
                     with("nil") + ".HitPos.x"),
              "-188.03125");
    EXPECT_EQ(ev(*rt, "local d = ents.FindByName('demo_door')[1] d:SetNotSolid(true) return " + with("nil") +
                          ".Hit, d:IsSolid()"),
              "false\tfalse");
    EXPECT_EQ(ev(*rt, "local d = ents.FindByName('demo_door')[1] d:SetNotSolid(false) return " + with("nil") + ".Hit"),
              "true");
    EXPECT_EQ(ev(*rt, "ents.FindByName('demo_door')[1]:Remove() return " + with("nil") + ".Hit"), "false");
}

// GMod's other filter forms: class names (alone or in a table), a function called with each entity the trace
// reaches, `whitelist`, `ignoreworld`, and `output` (the result goes into the caller's table).
TEST(GameSession, TraceFilterFormsWhitelistIgnoreWorldOutput) {
    auto rt = session();
    rt->tick();  // the player exists from tick 1
    const std::string door = "{start = Vector(-384, 64, 64), endpos = Vector(-128, 64, 64)";
    EXPECT_EQ(ev(*rt, "return util.TraceLine(" + door + ", filter = 'func_door'}).Hit"), "false");
    EXPECT_EQ(ev(*rt, "return util.TraceLine(" + door + ", filter = {'prop_physics', 'func_door'}}).Hit"), "false");
    EXPECT_EQ(ev(*rt, "return util.TraceLine(" + door + ", filter = 'func_button'}).Entity:GetClass()"), "func_door");
    // A filter function sees the door once and decides; returning true keeps it solid.
    EXPECT_EQ(ev(*rt, "local seen = {} local t = util.TraceLine(" + door +
                          ", filter = function(e) seen[#seen + 1] = e:GetClass() return false end}) "
                          "return t.Hit, table.concat(seen, ',')"),
              "false\tfunc_door");
    EXPECT_EQ(ev(*rt, "return util.TraceLine(" + door + ", filter = function(e) return true end}).Entity:GetClass()"),
              "func_door");
    // whitelist: only the listed entities can be hit (the world still can).
    EXPECT_EQ(ev(*rt, "return util.TraceLine(" + door + ", filter = Entity(1), whitelist = true}).Hit"), "false");
    EXPECT_EQ(ev(*rt, "return util.TraceLine(" + door + ", filter = 'func_door', whitelist = true}).Entity:GetClass()"),
              "func_door");
    // ignoreworld: the floor is not hit, but the player standing on it is.
    EXPECT_EQ(ev(*rt,
                 "return util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, -128), "
                 "ignoreworld = true}).Hit"),
              "false");
    EXPECT_EQ(ev(*rt,
                 "local t = util.TraceLine({start = Vector(-960, -960, 200), endpos = Vector(-960, -960, -64), "
                 "ignoreworld = true}) return t.Entity == Entity(1), "
                 "math.abs(t.HitPos.z - (Entity(1):GetPos().z + 72.03125)) < 1e-4"),
              "true\ttrue");  // the hull's top (72) plus DIST_EPSILON
    EXPECT_EQ(ev(*rt,
                 "local out = {} local r = util.TraceLine({start = Vector(0, -512, 128), "
                 "endpos = Vector(0, -512, -128), output = out}) return r == out, out.HitWorld"),
              "true\ttrue");
    // An error inside a filter function is recorded with its line and the entity stays solid.
    EXPECT_EQ(rt->eval("return util.TraceLine(" + door + ", filter = function(e) error('boom') end}).Hit").valueOr("?"),
              "true");
    ASSERT_FALSE(rt->errors().empty());
    EXPECT_NE(rt->errors().back().message.find("boom"), std::string::npos);
}

TEST(GameSession, TracesHitThePlayerUnlessFiltered) {
    auto rt = session();
    rt->tick();
    const std::string q = "{start = Vector(-960, -1008, 40), endpos = Vector(-960, -944, 40)";
    EXPECT_EQ(ev(*rt, "local t = util.TraceLine(" + q + "}) return t.Entity == Entity(1), t.HitNonWorld, t.Fraction"),
              "true\ttrue\t0.49951171875");
    EXPECT_EQ(ev(*rt, "util.TraceLine(" + q + ", filter = Entity(1)}).Hit"), "false");
    EXPECT_EQ(ev(*rt, "util.TraceLine(" + q + ", mask = 1}).Hit"), "false");  // CONTENTS_SOLID only
}

TEST(GameSession, HookTickOrder) {
    auto rt = session();
    ASSERT_TRUE(rt->runString(R"lua(
        LOG = {}
        local function log(s) LOG[#LOG + 1] = s .. "@" .. engine.TickCount() end
        hook.Add("PlayerInitialSpawn", "t", function(p) log("PlayerInitialSpawn " .. p:EntIndex()) end)
        hook.Add("PlayerSpawn", "t", function(p) log("PlayerSpawn " .. tostring(p:GetPos())) end)
        hook.Add("Think", "t", function() if engine.TickCount() <= 2 then log("Think") end end)
        hook.Add("Tick", "t", function() if engine.TickCount() <= 2 then log("Tick") end end)
    )lua",
                              "hooks")
                    .ok());
    rt->runTicks(10);
    EXPECT_EQ(
        ev(*rt, "table.concat(LOG, ', ')"),
        "PlayerInitialSpawn 1@1, PlayerSpawn -960.000000 -960.000000 9.000000@1, Think@1, Tick@1, Think@2, Tick@2");
    const auto counts = rt->hookCounts();
    EXPECT_EQ(counts.at("Think"), 10u);
    EXPECT_EQ(counts.at("Tick"), 10u);
    EXPECT_EQ(counts.at("PlayerSpawn"), 1u);
    EXPECT_EQ(counts.at("PlayerInitialSpawn"), 1u);
    EXPECT_EQ(counts.at("Initialize"), 1u);
    EXPECT_EQ(counts.at("InitPostEntity"), 1u);
    EXPECT_TRUE(rt->errors().empty());
}

// Initialize runs before the map entities exist and InitPostEntity after, both at tick 0.
TEST(GameSession, InitializeAndInitPostEntityAtTick0) {
    const auto dir = std::filesystem::temp_directory_path() / ("vestige_game_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto script = dir / "order.lua";
    std::ofstream(script) << R"lua(
        local function doors() return #ents.FindByClass("func_door") end
        hook.Add("Initialize", "t", function() print("Initialize", engine.TickCount(), doors()) end)
        hook.Add("InitPostEntity", "t", function() print("InitPostEntity", engine.TickCount(), doors()) end)
    )lua";
    glua::Options opt;
    auto out = std::make_shared<std::string>();
    opt.output = [out](std::string_view s) { out->append(s); };
    opt.scripts.push_back(script);
    auto created = createRuntime(demo(), std::move(opt));
    ASSERT_TRUE(created.ok());
    ASSERT_TRUE((*created)->boot().ok());
    EXPECT_EQ(*out, "Initialize\t0\t0\nInitPostEntity\t0\t1\n");
    EXPECT_TRUE((*created)->errors().empty());
    std::filesystem::remove_all(dir);
}

TEST(GameSession, NonFiniteTraceIsRefused) {
    auto rt = session();
    EXPECT_EQ(ev(*rt, "util.TraceLine({start = Vector(0, 0, 0/0), endpos = Vector(0, 0, -100)}).Hit"), "false");
    EXPECT_EQ(rt->warnings(), 1u);
}

}  // namespace
}  // namespace vestige::source::game

namespace vestige::source::game {
namespace {

// CONTENTS_*/MASK_* are GMod's native globals with bspflags.h values; a script's mask reaches the trace (a
// MASK_WATER trace stops at the pool's surface, the default MASK_SOLID one at the pool floor), and the
// result carries the contents of what it hit.
TEST(GameSession, MasksContentsAndPointContents) {
    auto rt = session();
    EXPECT_EQ(ev(*rt, "CONTENTS_SOLID, CONTENTS_WATER, MASK_SOLID, MASK_WATER, MASK_PLAYERSOLID, MASK_ALL"),
              "1\t32\t33570827\t16432\t33636363\t4294967295");
    EXPECT_EQ(ev(*rt,
                 "local a = util.TraceLine({start = Vector(384, 384, 128), endpos = Vector(384, 384, -64), "
                 "mask = MASK_WATER}) "
                 "local b = util.TraceLine({start = Vector(384, 384, 128), endpos = Vector(384, 384, -64)}) "
                 "return a.HitPos.z, a.Contents, b.HitPos.z, b.Contents"),
              "64.03125\t268435488\t16.03125\t1");  // water brushes are WATER | TRANSLUCENT (0x10000020)
    EXPECT_EQ(ev(*rt,
                 "util.PointContents(Vector(384, 384, 40)), util.PointContents(Vector(384, 384, 8)), "
                 "util.PointContents(Vector(0, -512, 64))"),
              "268435488\t1\t0");
    EXPECT_EQ(ev(*rt, "util.IsInWorld(Vector(0, -512, 64)), util.IsInWorld(Vector(0, -512, -8))"), "true\tfalse");
    // A mask that is not a 32-bit number (NaN, 1e300) falls back to the default instead of an undefined cast.
    EXPECT_EQ(ev(*rt,
                 "util.TraceLine({start = Vector(384, 384, 128), endpos = Vector(384, 384, -64), "
                 "mask = 1e300}).HitPos.z, util.TraceLine({start = Vector(384, 384, 128), "
                 "endpos = Vector(384, 384, -64), mask = 0/0}).HitPos.z"),
              "16.03125\t16.03125");
    // A trace that starts and ends inside the floor is all-solid.
    EXPECT_EQ(ev(*rt,
                 "local t = util.TraceLine({start = Vector(0, -512, -4), endpos = Vector(8, -512, -4)}) "
                 "return t.StartSolid, t.AllSolid, t.Contents"),
              "true\ttrue\t1");
}

// Surfaces: the hit brush side's texdata name (as stored in the BSP, here lower case) and texinfo flags give
// HitTexture / SurfaceFlags / HitSky (SURF_SKY) / HitNoDraw (SURF_NODRAW); a miss is "**empty**".
TEST(GameSession, TraceReportsTheDemoFloorMaterial) {
    auto rt = session();
    EXPECT_EQ(ev(*rt,
                 "local tr = util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, -128)}) "
                 "return tr.HitTexture, tr.HitSky, tr.HitNoDraw, tr.SurfaceFlags"),
              "dev/dev_measuregeneric01\tfalse\tfalse\t0");
    // The pool floor under the water: its own material.
    EXPECT_EQ(ev(*rt, "util.TraceLine({start = Vector(384, 384, 128), endpos = Vector(384, 384, -64)}).HitTexture"),
              "dev/dev_measurehole01");
    EXPECT_EQ(ev(*rt,
                 "local tr = util.TraceLine({start = Vector(0, -512, 128), endpos = Vector(0, -512, 64)}) "
                 "return tr.Hit, tr.HitTexture, tr.HitSky, tr.HitNoDraw, tr.SurfaceFlags"),
              "false\t**empty**\tfalse\tfalse\t0");
}

std::shared_ptr<const GameMap> surfaceMap() {
    static const std::shared_ptr<const GameMap> map = [] {
        bsp::MapBuilder b;
        b.addBox({-256, -256, -16}, {256, 256, 0}, "dev/dev_measuregeneric01b");  // floor
        b.addBox({-256, -256, 256}, {256, 256, 272}, "tools/toolsskybox");        // ceiling: SURF_SKY
        b.addBox({128, -256, 0}, {144, 256, 256}, "tools/toolsnodraw");           // wall: SURF_NODRAW
        b.addBrushEntity({{"classname", "func_brush"}, {"targetname", "crate"}},
                         {bsp::MapBuilder::box({-160, -16, 0}, {-128, 16, 32}, "dev/dev_measuredoor01")},
                         Vec3{-144, 0, 16});
        bsp::DisplacementDesc d;
        d.min = {-256, 128, 0};
        d.size = {128, 128};
        d.power = 2;
        d.texture = "nature/blendgrassgravel001a";
        d.height = [](float, float) { return 8.0f; };
        b.addDisplacement(d);
        b.addEntity({{"classname", "info_player_start"}, {"origin", "0 0 8"}});
        auto built = b.build();
        EXPECT_TRUE(built.ok()) << (built.ok() ? "" : built.error().render());
        auto m = GameMap::fromBsp(*built, "surfaces");
        EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().render());
        return *m;
    }();
    return map;
}

TEST(GameSession, TraceSkyNoDrawBrushEntityDisplacementAndPlayerSurfaces) {
    auto out = std::make_shared<std::string>();
    glua::Options opt;
    opt.output = [out](std::string_view s) { out->append(s); };
    auto created = createRuntime(surfaceMap(), std::move(opt));
    ASSERT_TRUE(created.ok()) << created.error().render();
    auto& rt = **created;
    ASSERT_TRUE(rt.boot().ok());
    const std::string fields = " return tr.HitWorld, tr.HitTexture, tr.HitSky, tr.HitNoDraw, tr.SurfaceFlags";
    // Up into the sky brush: tools/toolsskybox has SURF_SKY | SURF_NOLIGHT (0x404) in MapBuilder.
    EXPECT_EQ(ev(rt, "local tr = util.TraceLine({start = Vector(0, 0, 64), endpos = Vector(0, 0, 512)})" + fields),
              "true\ttools/toolsskybox\ttrue\tfalse\t1028");
    // Sideways into the nodraw wall: SURF_NODRAW | SURF_NOLIGHT (0x480).
    EXPECT_EQ(ev(rt, "local tr = util.TraceLine({start = Vector(0, 0, 64), endpos = Vector(256, 0, 64)})" + fields),
              "true\ttools/toolsnodraw\tfalse\ttrue\t1152");
    // A hull hitting the same wall names the same side.
    EXPECT_EQ(ev(rt,
                 "local tr = util.TraceHull({start = Vector(0, 0, 64), endpos = Vector(256, 0, 64), "
                 "mins = Vector(-8, -8, -8), maxs = Vector(8, 8, 8)})" +
                     fields),
              "true\ttools/toolsnodraw\tfalse\ttrue\t1152");
    // The floor.
    EXPECT_EQ(ev(rt, "local tr = util.TraceLine({start = Vector(0, -64, 64), endpos = Vector(0, -64, -64)})" + fields),
              "true\tdev/dev_measuregeneric01b\tfalse\tfalse\t0");
    // A brush entity (stored relative to its origin), before and after a script moves it.
    EXPECT_EQ(ev(rt,
                 "local tr = util.TraceLine({start = Vector(-64, 0, 16), endpos = Vector(-256, 0, 16)}) "
                 "return tr.HitNonWorld, tr.Entity:GetClass(), tr.HitTexture, tr.HitNormal"),
              "true\tfunc_brush\tdev/dev_measuredoor01\t1.000000 0.000000 0.000000");
    EXPECT_EQ(ev(rt,
                 "ents.FindByName('crate')[1]:SetPos(Vector(-144, -64, 16)) "
                 "local tr = util.TraceLine({start = Vector(-144, -64, 64), endpos = Vector(-144, -64, -64)}) "
                 "return tr.Entity:GetClass(), tr.HitTexture, tr.HitPos.z"),
              "func_brush\tdev/dev_measuredoor01\t32.03125");
    // A displacement: GMod's "**displacement**"; its face's texinfo flags (none for a plain material).
    EXPECT_EQ(
        ev(rt, "local tr = util.TraceLine({start = Vector(-192, 192, 64), endpos = Vector(-192, 192, -8)})" + fields),
        "true\t**displacement**\tfalse\tfalse\t0");
    // The player: not a map surface.
    rt.tick();
    EXPECT_EQ(ev(rt,
                 "local tr = util.TraceLine({start = Vector(64, 0, 40), endpos = Vector(-64, 0, 40)}) "
                 "return tr.Entity == Entity(1), tr.HitTexture, tr.HitSky, tr.HitNoDraw, tr.SurfaceFlags"),
              "true\t**studio**\tfalse\tfalse\t0");
}

}  // namespace
}  // namespace vestige::source::game
