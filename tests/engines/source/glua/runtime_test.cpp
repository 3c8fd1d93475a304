// GLua runtime: one test per API rule (seed parts D1-D3 traps and the spec's library semantics).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "glua_fixture.hpp"
#include "shared.hpp"

namespace vestige::source::glua {
namespace {

namespace fs = std::filesystem;

// Seed D1.1: integer arguments must not read as zero.
TEST(GluaApi, VectorIntegerArguments) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3)"), "1.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3).y"), "2");
    EXPECT_EQ(ev(*rt, "Vector()"), "0.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Vector(7)"), "7.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Vector('1 2.5 -3')"), "1.000000 2.500000 -3.000000");
    EXPECT_EQ(ev(*rt, "Vector('bad')"), "0.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Angle(10, 20, 30)"), "10.000000 20.000000 30.000000");
    EXPECT_EQ(ev(*rt, "Angle(1, 2, 3).r"), "3");
    EXPECT_EQ(ev(*rt, "local a = Vector(1, 2, 3) local b = Vector(a) b.x = 9 return a.x, b.x, b[1]"), "1\t9\t9");
}

TEST(GluaApi, VectorArithmeticAndMethods) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) + Vector(1, 1, 1)"), "2.000000 3.000000 4.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) - Vector(1, 1, 1)"), "0.000000 1.000000 2.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) * 2"), "2.000000 4.000000 6.000000");
    EXPECT_EQ(ev(*rt, "2 * Vector(1, 2, 3)"), "2.000000 4.000000 6.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) * Vector(2, 3, 4)"), "2.000000 6.000000 12.000000");
    EXPECT_EQ(ev(*rt, "Vector(2, 4, 6) / 2"), "1.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "-Vector(1, 2, 3)"), "-1.000000 -2.000000 -3.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 0, 0) / 0"), "inf nan nan");  // IEEE, as GMod (no scrubbing)
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) == Vector(1, 2, 3), Vector(1, 2, 3) == Vector(1, 2, 4)"), "true\tfalse");
    EXPECT_EQ(ev(*rt, "Vector(3, 4, 0):Length()"), "5");
    EXPECT_EQ(ev(*rt, "Vector(0, 0, 0):Distance(Vector(0, 3, 4))"), "5");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3):Dot(Vector(4, 5, 6))"), "32");
    EXPECT_EQ(ev(*rt, "Vector(1, 0, 0):Cross(Vector(0, 1, 0))"), "0.000000 0.000000 1.000000");
    EXPECT_EQ(ev(*rt, "local v = Vector(0, 3, 4) v:Normalize() return v"), "0.000000 0.600000 0.800000");
    EXPECT_EQ(ev(*rt, "Vector(0, 10, 0):Angle()"), "0.000000 90.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Vector(0, 0, -5):Angle()"), "90.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "type(Vector()), type(Angle()), isvector(Vector()), isangle(Vector())"),
              "Vector\tAngle\ttrue\tfalse");
    EXPECT_EQ(ev(*rt, "'pos: ' .. Vector(1, 2, 3)"), "pos: 1.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "pcall(function() return Vector(1, 2, 3) + 1 end)"),
              "false\teval:1: bad argument #2 to '__add' (Vector expected, got number)");
}

TEST(GluaApi, AngleDirections) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "Angle(0, 0, 0):Forward()"), "1.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Angle(0, 90, 0):Forward()"), "0.000000 1.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Angle(90, 0, 0):Forward()"), "0.000000 0.000000 -1.000000");
    EXPECT_EQ(ev(*rt, "Angle(0, 0, 0):Right()"), "0.000000 -1.000000 0.000000");
    EXPECT_EQ(ev(*rt, "Angle(0, 0, 0):Up()"), "0.000000 0.000000 1.000000");
    EXPECT_EQ(ev(*rt, "local a = Angle(0, 270, -190) a:Normalize() return a"), "0.000000 -90.000000 170.000000");
}

// Seed D3.4: every argument reaches the hook (not one packed table).
TEST(GluaApi, HookRunForwardsEveryArgument) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "hook.Add('Probe', 'id', function(...) return select('#', ...), ... end) "
                 "return hook.Run('Probe', 10, 'b', nil, 4)"),
              "4\t10\tb\tnil\t4");
    // More than four arguments take the packed path; trailing nils still count.
    EXPECT_EQ(ev(*rt, "return hook.Run('Probe', 1, 2, 3, 4, 5, nil)"), "6\t1\t2\t3\t4\t5\tnil");
    EXPECT_EQ(ev(*rt, "return hook.Run('Probe')"), "0");
}

// Seed D3.3: identifiers are strings (not only integer keys).
TEST(GluaApi, HookStringIdentifiers) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "local n = 0 hook.Add('Ev', 'GM:Think', function() n = n + 1 end) hook.Add('Ev', 'a', "
                 "function() n = n + 10 end) hook.Run('Ev') hook.Remove('Ev', 'a') hook.Run('Ev') return n"),
              "12");
    // Objects with IsValid: passed first, dropped once invalid.
    EXPECT_EQ(ev(*rt,
                 "local obj = {ok = true} function obj:IsValid() return self.ok end local seen "
                 "hook.Add('Ev2', obj, function(self, x) seen = (self == obj) and x end) hook.Run('Ev2', 5) "
                 "obj.ok = false hook.Run('Ev2', 6) return seen, hook.GetTable().Ev2[obj] == nil"),
              "5\ttrue");
}

// Determinism: hooks run in the order their identifiers were first added (pairs() order changes between
// runs because LuaJIT seeds its string hash per state). Replacing keeps the place; a hook that removes
// itself and adds another during a walk does not disturb that walk.
TEST(GluaApi, HookOrderIsInsertionOrder) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "local got = {} for i = 1, 20 do hook.Add('Ord', 'h' .. i, function() got[#got + 1] = i end) end "
                 "hook.Remove('Ord', 'h5') hook.Add('Ord', 'h3', function() got[#got + 1] = 300 end) "
                 "hook.Run('Ord') return table.concat(got, ',')"),
              "1,2,300,4,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
    EXPECT_EQ(ev(*rt,
                 "local seen = {} hook.Add('E2', 'a', function() seen[#seen + 1] = 'a' hook.Remove('E2', 'a') "
                 "hook.Add('E2', 'c', function() seen[#seen + 1] = 'c' end) end) "
                 "hook.Add('E2', 'b', function() seen[#seen + 1] = 'b' end) hook.Run('E2') hook.Run('E2') "
                 "return table.concat(seen, ',')"),
              "a,b,b,c");
}

TEST(GluaApi, HookRunStopsAtFirstNonNilWithAllValues) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "hook.Add('Stop', 'x', function() return 1, 2, 3, nil, 5, 6, 7 end) "
                 "hook.Add('Stop', 'y', function() return 1, 2, 3, nil, 5, 6, 7 end) "
                 "return select('#', hook.Run('Stop')), select(7, hook.Run('Stop'))"),
              "7\t7");
    EXPECT_EQ(ev(*rt,
                 "local ran = 0 hook.Add('One', 'a', function() ran = ran + 1 return false end) "
                 "hook.Add('One', 'b', function() ran = ran + 1 return false end) local r = hook.Run('One') "
                 "return r, ran"),
              "false\t1");
    // No hook returns a value: the gamemode method is called with the gamemode as self.
    EXPECT_EQ(ev(*rt,
                 "function GAMEMODE:MyEvent(a, b) return self == GAMEMODE, a + b end "
                 "hook.Add('MyEvent', 'nil', function() end) return hook.Run('MyEvent', 2, 3)"),
              "true\t5");
}

// Source's TICKS_TO_TIME(t) = TICK_INTERVAL * t with interval_per_tick 0.015 (the SDK's default tick): CurTime is
// the tick count times the stored interval, not the tick count over the derived 66.67 Hz rate (at tick 9 the two
// differ in the last bit: 0.135 against 0.13499999999999998).
TEST(GluaApi, CurTimeIsTicksTimesTheInterval) {
    auto rt = bootRuntime();
    rt->runTicks(9);
    EXPECT_EQ(rt->curTime(), 9 * 0.015);
    EXPECT_EQ(ev(*rt,
                 "CurTime() == 9 * 0.015, engine.TickInterval() == 0.015, FrameTime() == 0.015, "
                 "engine.TickCount()"),
              "true\ttrue\ttrue\t9");
    EXPECT_EQ(rt->clock().rate(), 1 / 0.015);
}

TEST(GluaApi, TimersFireOnTheExpectedTick) {
    Options opt;
    opt.tickInterval = 0.1;  // 10 ticks per second
    auto rt = bootRuntime(opt);
    EXPECT_EQ(ev(*rt,
                 "fired = {} timer.Simple(0.25, function() fired[#fired + 1] = 's' .. engine.TickCount() end) "
                 "timer.Create('rep', 0.1, 3, function() fired[#fired + 1] = 'r' .. engine.TickCount() .. ':' .. "
                 "timer.RepsLeft('rep') end) return timer.Exists('rep')"),
              "true");
    rt->runTicks(5);
    EXPECT_EQ(ev(*rt, "table.concat(fired, ' ')"), "r1:2 r2:1 s3 r3:0");
    EXPECT_EQ(ev(*rt, "timer.Exists('rep')"), "false");
    ASSERT_EQ(rt->timersFired().size(), 4u);
    EXPECT_EQ(rt->timersFired()[2].tick, 3u);
    // Pause / UnPause / Adjust / Remove.
    EXPECT_EQ(ev(*rt, "n = 0 timer.Create('p', 0.1, 0, function() n = n + 1 end) return true"), "true");
    rt->runTicks(2);
    EXPECT_EQ(ev(*rt, "timer.Pause('p') return n"), "2");
    rt->runTicks(3);
    EXPECT_EQ(ev(*rt, "timer.UnPause('p') return n"), "2");
    rt->runTicks(1);
    EXPECT_EQ(ev(*rt, "timer.Adjust('p', 0.3) return n"), "3");
    rt->runTicks(3);
    EXPECT_EQ(ev(*rt, "timer.Remove('p') return n, timer.Exists('p')"), "4\tfalse");
}

TEST(GluaApi, FileSandboxRefusesEscapes) {
    const fs::path root = tempDir("sandbox");
    const fs::path data = root / "garrysmod" / "data";
    fs::create_directories(data);
    writeFile(root / "secret.txt", "top secret");
    fs::create_symlink(root / "secret.txt", data / "link.txt");
    Options opt;
    opt.dataDir = data;
    auto rt = bootRuntime(opt);
    EXPECT_EQ(ev(*rt, "file.Read('../../../../etc/passwd', 'GAME')"), "nil");
    EXPECT_EQ(ev(*rt, "file.Read('../secret.txt')"), "nil");
    EXPECT_EQ(ev(*rt, "file.Read('/etc/passwd', 'DATA')"), "nil");
    EXPECT_EQ(ev(*rt, "file.Read('C:/windows/win.ini', 'DATA')"), "nil");
    EXPECT_EQ(ev(*rt, "file.Read('link.txt', 'DATA')"), "nil");  // symlink leads outside DATA
    EXPECT_EQ(ev(*rt, "file.Exists('/etc/passwd', 'BASE_PATH')"), "false");
    // Writes: only under DATA, never through the symlink, never with ..
    EXPECT_EQ(ev(*rt,
                 "file.Write('../escape.txt', 'x') file.Write('link.txt', 'x') file.Write('evil.lua', 'x') "
                 "return file.Exists('../escape.txt', 'DATA')"),
              "false");
    EXPECT_FALSE(fs::exists(root / "garrysmod" / "escape.txt"));
    EXPECT_FALSE(fs::exists(data / "evil.lua"));
    std::ifstream secret(root / "secret.txt");
    std::string content((std::istreambuf_iterator<char>(secret)), std::istreambuf_iterator<char>());
    EXPECT_EQ(content, "top secret");
    // The normal round trip works.
    EXPECT_EQ(ev(*rt,
                 "file.CreateDir('Saves/Sub') file.Write('saves/sub/A.txt', 'hello') file.Append('saves/sub/a.txt', "
                 "' world') return file.Read('saves/sub/a.txt'), file.Size('saves/sub/a.txt', 'DATA'), "
                 "file.IsDir('saves', 'DATA')"),
              "hello world\t11\ttrue");
    EXPECT_EQ(ev(*rt, "local f, d = file.Find('saves/sub/*.txt', 'DATA') return #f, f[1], #d"), "1\ta.txt\t0");
    EXPECT_EQ(ev(*rt, "file.Delete('saves/sub/a.txt') return file.Exists('saves/sub/a.txt', 'DATA')"), "false");
    fs::remove_all(root);
}

TEST(GluaApi, RunawayLoopIsInterrupted) {
    Options opt;
    opt.instructionBudget = 2'000'000;
    auto rt = bootRuntime(opt);
    auto st = rt->runString("local x = 0\nwhile true do\n  x = x + 1\nend\n", "lua/autorun/spin.lua");
    ASSERT_FALSE(st.ok());
    const LuaError& e = rt->errors().back();
    EXPECT_EQ(e.file, "lua/autorun/spin.lua");
    EXPECT_GE(e.line, 2);
    EXPECT_LE(e.line, 3);
    EXPECT_NE(e.message.find("instruction budget exceeded"), std::string::npos);
    // A script's own pcall cannot swallow the interruption.
    auto st2 = rt->runString("for i = 1, 100 do pcall(function() while true do end end) end\nFINISHED = true",
                             "lua/autorun/sneaky.lua");
    EXPECT_FALSE(st2.ok());
    EXPECT_EQ(ev(*rt, "FINISHED"), "nil");
    // The runtime keeps working afterwards.
    EXPECT_EQ(ev(*rt, "1 + 1"), "2");
}

TEST(GluaApi, ErrorsCarryFileLineAndTraceback) {
    auto rt = bootRuntime();
    auto st = rt->runString("local function f()\n  local t = nil\n  return t.x\nend\nf()\n", "lua/autorun/bad.lua");
    ASSERT_FALSE(st.ok());
    const LuaError& e = rt->errors().back();
    EXPECT_EQ(e.file, "lua/autorun/bad.lua");
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.message, "attempt to index local 't' (a nil value)");
    EXPECT_NE(e.traceback.find("lua/autorun/bad.lua:5"), std::string::npos) << e.traceback;
    EXPECT_EQ(e.render(), "lua/autorun/bad.lua:3: attempt to index local 't' (a nil value)");
    // error() with a level and a non-string error object.
    (void)rt->runString("error('custom')", "x.lua");
    EXPECT_EQ(rt->errors().back().render(), "x.lua:1: custom");
    (void)rt->runString("error({})", "y.lua");
    EXPECT_EQ(rt->errors().back().message, "(error object is a table value)");
    // Syntax errors keep the source line (after translation).
    (void)rt->runString("// c\n/* a\nb */\nlocal = 1", "z.lua");
    EXPECT_EQ(rt->errors().back().file, "z.lua");
    EXPECT_EQ(rt->errors().back().line, 4);
}

TEST(GluaApi, MemoryCeiling) {
    Options opt;
    opt.memoryLimit = std::size_t(16) << 20;
    auto rt = bootRuntime(opt);
    auto st = rt->runString("local t = {} for i = 1, 1e8 do t[i] = string.rep('x', 64) .. i end", "hog.lua");
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(rt->errors().back().message, "not enough memory");
    EXPECT_LE(rt->memoryUsed(), std::size_t(16) << 20);
    EXPECT_EQ(ev(*rt, "2 * 21"), "42");
}

TEST(GluaApi, NonFiniteNeverEntersEngineState) {
    auto rt = bootRuntime();
    rt->tick();
    const auto warnings = rt->warnings();
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('prop_physics') e:SetPos(Vector(1, 2, 3)) e:SetPos(Vector(0/0, 1, 2)) "
                 "e:SetAngles(Angle(1/0, 0, 0)) return e:GetPos(), e:GetAngles()"),
              "1.000000 2.000000 3.000000\t0.000000 0.000000 0.000000");
    EXPECT_EQ(rt->warnings(), warnings + 2);
    EXPECT_EQ(rt->world().get(rt->world().order().back())->origin, (Vec3{1, 2, 3}));
}

TEST(GluaApi, EntitiesAndPlayer) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "Entity(0):GetClass(), IsValid(Entity(1)), IsValid(NULL), tostring(NULL)"),
              "worldspawn\tfalse\tfalse\t[NULL Entity]");
    rt->tick();  // the player spawns on tick 1
    EXPECT_EQ(ev(*rt, "Entity(1):IsPlayer(), Entity(1) == player.GetAll()[1], Entity(1):Nick(), LocalPlayer"),
              "true\ttrue\tPlayer\tnil");  // LocalPlayer is the client's: absent on the server
    EXPECT_EQ(
        ev(*rt,
           "local a = ents.Create('prop_physics') a:SetPos(Vector(10, 0, 0)) "
           "local b = ents.Create('prop_dynamic') b:SetPos(Vector(500, 0, 0)) "
           "return a:EntIndex(), #ents.FindByClass('prop_*'), #ents.FindInSphere(Vector(0, 0, 0), 50), "
           "ents.GetCount()"),
        "5\t2\t5\t7");  // slots 2-4: the player's view models; FindInSphere: the prop, the player, its view models
    EXPECT_EQ(ev(*rt,
                 "local e = Entity(5) e.health = 50 e:SetNWInt('score', 7.9) "
                 "return e.health, e:GetTable().health, e:GetNWInt('score'), e:GetNWString('missing', 'dflt'), "
                 "e:GetNWBool('none')"),
              "50\t50\t7\tdflt\tfalse");
    // Removal is deferred to the end of the tick (UTIL_Remove): still valid now, a NULL handle after the tick.
    EXPECT_EQ(ev(*rt,
                 "e2 = Entity(5) e2:Remove() return IsValid(e2), #ents.FindByClass('prop_*'), "
                 "pcall(e2.GetPos, e2)"),
              "true\t2\ttrue\t10.000000 0.000000 0.000000");
    rt->tick();
    EXPECT_EQ(ev(*rt, "return IsValid(e2), #ents.FindByClass('prop_*'), pcall(e2.GetPos, e2)"),
              "false\t1\tfalse\tTried to use a NULL entity!");
    // Without a map nothing holds the player up: it spawned 1 unit above the origin (no spawn point) and falls.
    EXPECT_EQ(ev(*rt, "tostring(Entity(6)), Entity(1):OnGround(), Entity(1):GetPos().z < 1, Entity(1):GetPos().x"),
              "Entity [6][prop_dynamic]\tfalse\ttrue\t0");
}

// GetNW* / GetDT* with nothing stored and no fallback give the type's zero value (the wiki's defaults: 0, false, "",
// a zero Vector / Angle, NULL); a stored value comes back as its own type; a value of another type stored under the
// same NW name is not returned as this type.
TEST(GluaApi, NetworkedAndDataTableVarsZeroValuesAndRoundTrips) {
    for (const bool jit : {false, true}) {
        auto rt = bootMode(jit);
        EXPECT_EQ(ev(*rt,
                     "E = ents.Create('prop_dynamic') "
                     "return E:GetNWInt('a'), E:GetNWFloat('a'), E:GetNWBool('a'), E:GetNWString('a') == '', "
                     "E:GetNWVector('a') == Vector(0, 0, 0), E:GetNWAngle('a') == Angle(0, 0, 0), "
                     "E:GetNWEntity('a') == NULL"),
                  "0\t0\tfalse\ttrue\ttrue\ttrue\ttrue")
            << "jit " << jit;
        EXPECT_EQ(ev(*rt,
                     "return E:GetDTInt(0), E:GetDTFloat(1), E:GetDTBool(2), E:GetDTString(3) == '', "
                     "E:GetDTVector(0) == Vector(0, 0, 0), E:GetDTAngle(0) == Angle(0, 0, 0), "
                     "E:GetDTEntity(0) == NULL"),
                  "0\t0\tfalse\ttrue\ttrue\ttrue\ttrue")
            << "jit " << jit;
        EXPECT_EQ(ev(*rt,
                     "E:SetDTInt(0, 5) E:SetDTFloat(0, 2.5) E:SetDTVector(1, Vector(1, 2, 3)) E:SetDTEntity(2, E) "
                     "E:SetNWString('a', 'x') "
                     "return E:GetDTInt(0), E:GetDTFloat(0), E:GetDTVector(1).y, E:GetDTEntity(2) == E, "
                     "E:GetNWString('a'), E:GetNWInt('a'), E:GetNWInt('a', 9)"),
                  "5\t2.5\t2\ttrue\tx\t0\t9")
            << "jit " << jit;
    }
}

TEST(GluaApi, TraceLineUsesTheInjectedCallback) {
    auto rtDefault = bootRuntime();
    EXPECT_EQ(ev(*rtDefault,
                 "local tr = util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(0, 0, -100)}) "
                 "return tr.Hit, tr.Fraction, tr.HitPos, IsValid(tr.Entity)"),
              "false\t1\t0.000000 0.000000 -100.000000\tfalse");
    Options opt;
    opt.trace = [](const TraceQuery& q) {
        TraceHit h;
        h.hit = true;
        h.fraction = 0.25f;
        h.hitPos = lerp(q.start, q.end, 0.25f);
        h.hitNormal = {0, 0, 1};
        h.entity = 0;
        return h;
    };
    auto rt = bootRuntime(opt);
    EXPECT_EQ(ev(*rt,
                 "local tr = util.TraceLine({start = Vector(0, 0, 0), endpos = Vector(0, 0, -100)}) "
                 "return tr.Hit, tr.HitWorld, tr.Fraction, tr.HitPos, tr.HitNormal, tr.Entity:IsWorld()"),
              "true\ttrue\t0.25\t0.000000 0.000000 -25.000000\t0.000000 0.000000 1.000000\ttrue");
}

TEST(GluaApi, MathStringTableSemantics) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt, "math.Round(-2.5), math.Round(2.5), math.Round(1.2345, 2)"), "-2\t3\t1.23");
    EXPECT_EQ(ev(*rt, "math.Clamp(15, 0, 10), math.Clamp(-1, 0, 10)"), "10\t0");
    EXPECT_EQ(ev(*rt, "math.Remap(5, 0, 10, 100, 200), math.Remap(1, 1, 1, 0, 10)"), "150\tnan");
    EXPECT_EQ(ev(*rt, "math.Approach(0, 10, 3), math.Approach(9, 10, 3), math.Approach(5, 0, -2)"), "3\t10\t3");
    EXPECT_EQ(ev(*rt, "math.AngleDifference(10, 370), math.AngleDifference(350, 10), math.NormalizeAngle(540)"),
              "0\t-20\t-180");
    EXPECT_EQ(ev(*rt, "pcall(math.Rand, 5)"),
              "false\tlua/includes/extensions/math.lua:47: attempt to perform arithmetic on local 'hi' (a nil value)");
    EXPECT_EQ(ev(*rt, "#string.Explode('', 'abc'), string.Explode(',', 'a,b,,c')[3], #string.Explode(',', 'a,b,,c')"),
              "3\t\t4");
    EXPECT_EQ(
        ev(*rt, "('abc')[2], string.Trim('  hi  '), string.StartWith('hello', 'he'), string.EndsWith('x.lua', '.lua')"),
        "b\thi\ttrue\ttrue");
    EXPECT_EQ(ev(*rt, "table.Count({a = 1, b = 2, 3}), table.HasValue({1, 2}, 2), table.Copy({v = Vector(1, 2, 3)}).v"),
              "3\ttrue\t1.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "local c = Color(300, -5, 10) return c.r, c.g, c.b, c.a, IsColor(c)"), "255\t-5\t10\t255\ttrue");
    EXPECT_EQ(ev(*rt, "pcall(Color, nil, 1, 2)"),
              "false\tlua/includes/util.lua:98: bad argument #1 to 'min' (number expected, got nil)");
}

TEST(GluaApi, GamemodeDerivationAndEngineHooks) {
    const fs::path addon = tempDir("gamemode");
    writeFile(addon / "gamemodes" / "mygm" / "gamemode" / "init.lua",
              "AddCSLuaFile('shared.lua')\ninclude('shared.lua')\nDeriveGamemode('base')\n"
              "log = log or {}\n"
              "function GM:Initialize() log[#log + 1] = 'Initialize@' .. engine.TickCount() end\n"
              "function GM:InitPostEntity() log[#log + 1] = 'InitPostEntity@' .. engine.TickCount() end\n"
              "function GM:PlayerInitialSpawn(ply) log[#log + 1] = 'PlayerInitialSpawn@' .. engine.TickCount() end\n"
              "function GM:PlayerSpawn(ply) self.BaseClass.PlayerSpawn(self, ply) log[#log + 1] = 'PlayerSpawn:' .. "
              "ply:Health() end\n");
    writeFile(addon / "gamemodes" / "mygm" / "gamemode" / "shared.lua", "GM.Name = 'My GM'\n");
    writeFile(addon / "lua" / "autorun" / "server" / "sv_a.lua",
              "log = {'autorun'}\nhook.Add('Think', 'count', function() thinks = (thinks or 0) + 1 end)\n");
    Options opt;
    opt.addonDirs.push_back(addon);
    opt.gamemode = "mygm";
    auto rt = bootRuntime(opt);
    rt->runTicks(3);
    EXPECT_EQ(ev(*rt, "table.concat(log, ' ')"),
              "autorun Initialize@0 InitPostEntity@0 PlayerInitialSpawn@1 PlayerSpawn:100");
    EXPECT_EQ(ev(*rt, "GAMEMODE.Name, GAMEMODE.BaseClass.Name, GAMEMODE.FolderName, thinks, CurTime() > 0"),
              "My GM\tBase\tmygm\t3\ttrue");
    const auto counts = rt->hookCounts();
    EXPECT_EQ(counts.at("Think"), 3u);
    EXPECT_EQ(counts.at("Tick"), 3u);
    EXPECT_EQ(counts.at("Initialize"), 1u);
    EXPECT_EQ(counts.at("PlayerSpawn"), 1u);
    const auto& files = rt->filesLoaded();
    EXPECT_NE(std::find(files.begin(), files.end(), "gamemodes/mygm/gamemode/shared.lua"), files.end());
    EXPECT_NE(std::find(files.begin(), files.end(), "lua/autorun/server/sv_a.lua"), files.end());
    fs::remove_all(addon);
}

TEST(GluaApi, ConsoleCommandsAndGameLibrary) {
    auto rt = bootRuntime();
    EXPECT_EQ(ev(*rt,
                 "concommand.Add('vt_add', function(ply, cmd, args, str) got = cmd .. '|' .. #args .. '|' .. str end) "
                 "RunConsoleCommand('vt_add', 1, 'two') return got"),
              "vt_add|2|1 two");
    EXPECT_EQ(ev(*rt, "game.ConsoleCommand('VT_ADD x\\n') return got"), "VT_ADD|1|x");
    EXPECT_EQ(ev(*rt, "game.SinglePlayer(), game.GetMap(), game.MaxPlayers(), SERVER, CLIENT"),
              "true\tgm_construct\t1\ttrue\tfalse");
    EXPECT_EQ(ev(*rt, "io, os.execute, loadfile, dofile"), "nil\tnil\tnil\tnil");
}

}  // namespace
}  // namespace vestige::source::glua
