// Vector/Angle have two representations: ffi structs in JIT mode (instructionBudget = 0, GMod's configuration)
// and userdata in interpreter mode (the default). Every observable rule is checked in both; the sandbox tests
// try the known ways to reach the private ffi module or a raw pointer.
#include <gtest/gtest.h>

#include "glua_fixture.hpp"

namespace vestige::source::glua {
namespace {

class GluaModes : public ::testing::TestWithParam<bool> {};

TEST_P(GluaModes, VectorAngleSemantics) {
    auto rt = bootMode(GetParam(), {.tick = true});
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3)"), "1.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, '2', nil), Vector(Vector(4, 5, 6)), Vector('1 2 3'), Vector('x')"),
              "1.000000 2.000000 0.000000\t4.000000 5.000000 6.000000\t1.000000 2.000000 3.000000\t"
              "0.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "local v = Vector(1, 2, 3) return v.x, v.y, v.z, v[1], v[2], v[3], v[4], v.w"),
              "1\t2\t3\t1\t2\t3\tnil\tnil");
    EXPECT_EQ(ev(*rt, "local v = Vector() v.x = 5 v[2] = 6 v.z = 7 return v"), "5.000000 6.000000 7.000000");
    EXPECT_EQ(ev(*rt, "local a = Angle(10, 20, 30) return a.p, a.y, a.r, a.pitch, a.yaw, a.roll, a[1], a[3]"),
              "10\t20\t30\t10\t20\t30\t10\t30");
    EXPECT_EQ(ev(*rt, "local a = Angle() a.pitch = 1 a.yaw = 2 a.roll = 3 a[1] = a[1] + 10 return a"),
              "11.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "Vector(0.1, 0, 0).x"), "0.10000000149012");  // stored as float, as GMod
    EXPECT_EQ(ev(*rt, "Vector(1, 1, 1):Length(), Vector(1, 2, 3):Dot(Vector(1, 1, 1))"), "1.7320507764816\t6");
    EXPECT_EQ(ev(*rt, "Vector(0, 0, 0):GetNormalized(), Vector(1/0, 0, 0):GetNormalized()"),
              "0.000000 0.000000 0.000000\t0.000000 0.000000 0.000000");
    EXPECT_EQ(ev(*rt, "tostring(Vector(0/0, 1/0, -1/0)), Vector(1, 2, 3) / 3"),
              "nan inf -inf\t0.333333 0.666667 1.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) * Vector(2, 2, 2), 0.5 * Vector(2, 4, 6), -Angle(1, 2, 3), Angle(2, 4, 6) / 2"),
              "2.000000 4.000000 6.000000\t1.000000 2.000000 3.000000\t-1.000000 -2.000000 -3.000000\t"
              "1.000000 2.000000 3.000000");
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) .. '|' .. Angle(4, 5, 6) .. '|' .. 7"),
              "1.000000 2.000000 3.000000|4.000000 5.000000 6.000000|7");
    // == never raises: other types (nil included) and the other vector type compare unequal.
    EXPECT_EQ(ev(*rt,
                 "local v = Vector(1, 2, 3) return v == nil, nil == v, v ~= nil, v == 'x', v == Angle(1, 2, 3), "
                 "v == Vector(1, 2, 3), v ~= Vector(1, 2, 4), v == v"),
              "false\tfalse\ttrue\tfalse\tfalse\ttrue\ttrue\ttrue");
    EXPECT_EQ(ev(*rt, "local t, a, b = {}, Vector(), Vector() t[a] = 1 t[b] = 2 return t[a], t[b], rawequal(a, b)"),
              "1\t2\tfalse");
    EXPECT_EQ(ev(*rt,
                 "type(Vector()), type(Angle()), TypeID(Vector()), TypeID(Angle()), TypeID(nil), TypeID(1), "
                 "isvector(Vector()), isvector(Angle()), isangle(Angle()), isvector({})"),
              "Vector\tAngle\t10\t11\t0\t3\ttrue\tfalse\ttrue\tfalse");
    EXPECT_EQ(ev(*rt,
                 "getmetatable(Vector()) == FindMetaTable('Vector'), getmetatable(Angle()) == FindMetaTable('Angle'), "
                 "debug.getmetatable(Vector()) == FindMetaTable('Vector'), FindMetaTable('Vector').MetaName, "
                 "FindMetaTable('Angle').MetaID"),
              "true\ttrue\ttrue\tVector\t11");
    // Methods added to the metatable by addons work on vectors (also after the JIT compiled a loop).
    EXPECT_EQ(ev(*rt,
                 "local s = 0 for i = 1, 300 do s = s + Vector(i, 0, 0):Length() end "
                 "local meta = FindMetaTable('Vector') function meta:Sum() return self.x + self.y + self.z end "
                 "function meta:Length() return -1 end local n = 0 for i = 1, 300 do n = n + Vector(1, 2, i):Sum() end "
                 "return n, Vector(1, 2, 3):Length(), s"),
              "46050\t-1\t45150");
    EXPECT_EQ(
        ev(*rt, "Vector(0, 10, 0):Angle(), Angle(0, 90, 0):Forward(), Angle(0, 0, 0):Right(), Angle(0, 0, 0):Up()"),
        "0.000000 90.000000 0.000000\t0.000000 1.000000 0.000000\t0.000000 -1.000000 0.000000\t"
        "0.000000 0.000000 1.000000");
    EXPECT_EQ(ev(*rt,
                 "local v = Vector(1, 0, 0) v:Rotate(Angle(0, 90, 0)) local a = Angle(0, 270, -190) a:Normalize() "
                 "return v, a"),
              "0.000000 1.000000 0.000000\t0.000000 -90.000000 170.000000");
    EXPECT_EQ(ev(*rt,
                 "local v = Vector(1, 2, 3) v:Add(Vector(1, 1, 1)) v:Mul(2) v:Sub(Vector(0, 0, 8)) local x, y, z = "
                 "v:Unpack() local a = Angle() a:Set(Angle(1, 2, 3)) return x, y, z, a, v:ToTable()[3], "
                 "Vector(1, 1, 1):IsEqualTol(Vector(1.05, 1, 1), 0.1), Vector():IsZero(), "
                 "Vector(1, 1, 1):WithinAABox(Vector(2, 2, 2), Vector(0, 0, 0))"),
              "4\t6\t0\t1.000000 2.000000 3.000000\t0\ttrue\ttrue\ttrue");
    EXPECT_EQ(ev(*rt,
                 "Vector(1, 0, 0):Cross(Vector(0, 1, 0)), Vector(3, 4, 0):Distance(Vector()), "
                 "Vector(3, 4, 5):Length2D(), Vector(1, 2, 3):GetNegated()"),
              "0.000000 0.000000 1.000000\t5\t5\t-1.000000 -2.000000 -3.000000");
    // Errors name the operation and the argument, at the script's line.
    EXPECT_EQ(ev(*rt, "pcall(function() return Vector(1, 2, 3) + 1 end)"),
              "false\teval:1: bad argument #2 to '__add' (Vector expected, got number)");
    EXPECT_EQ(ev(*rt, "pcall(function() return 1 - Vector() end)"),
              "false\teval:1: bad argument #1 to '__sub' (Vector expected, got number)");
    EXPECT_EQ(ev(*rt, "pcall(function() local v = Vector() v.foo = 1 end)"), "false\teval:1: cannot set field 'foo'");
    EXPECT_EQ(ev(*rt, "select('#', pcall(function() return Vector() < Vector() end))"), "2");
}

TEST_P(GluaModes, EntityFastPaths) {
    auto rt = bootMode(GetParam(), {.tick = true});
    const auto warnings = rt->warnings();
    EXPECT_EQ(ev(*rt,
                 "local e = ents.Create('prop_physics') e:SetPos(Vector(1, 2, 3)) e:SetAngles(Angle(4, 5, 6)) "
                 "e:SetVelocity(Vector(7, 8, 9)) e:SetPos(Vector(0/0, 1, 2)) e:SetAngles(Angle(1/0, 0, 0)) "
                 "return e:GetPos(), e:GetAngles(), e:GetVelocity(), e:WorldSpaceCenter()"),
              "1.000000 2.000000 3.000000\t4.000000 5.000000 6.000000\t7.000000 8.000000 9.000000\t"
              "1.000000 2.000000 3.000000");
    EXPECT_EQ(rt->warnings(), warnings + 2);
    // WorldSpaceCenter is the centre of the collision box, in both modes: the player's hull is the SDK's
    // VEC_HULL_MIN/MAX, (-16 -16 0)..(16 16 72), so the centre is 36 above the origin.
    EXPECT_EQ(ev(*rt,
                 "local p = Entity(1) local c, o = p:WorldSpaceCenter(), p:GetPos() "
                 "return c.x - o.x, c.y - o.y, math.Round(c.z - o.z, 3)"),
              "0\t0\t36");
    const auto* last = rt->world().get(rt->world().order().back());
    ASSERT_NE(last, nullptr);
    EXPECT_EQ(last->origin, (Vec3{1, 2, 3}));
    EXPECT_EQ(last->angles, (Vec3{4, 5, 6}));
    // The returned vector is a copy; engine-side moves are seen by the next GetPos.
    EXPECT_EQ(ev(*rt, "local e = Entity(5) local p = e:GetPos() p.x = 100 return e:GetPos().x"), "1");
    EXPECT_EQ(ev(*rt,
                 "local e = Entity(5) local s = 0 for i = 1, 500 do e:SetPos(Vector(i, 0, 0)) s = s + e:GetPos().x end "
                 "return s"),
              "125250");
    EXPECT_EQ(ev(*rt, "pcall(NULL.GetPos, NULL)"), "false\tTried to use a NULL entity!");
    EXPECT_EQ(ev(*rt, "removedX = ents.Create('x') removedX:Remove() return IsValid(removedX)"),
              "true");  // removal is deferred to the end of the tick
    rt->tick();
    EXPECT_EQ(ev(*rt,
                 "local e = removedX local a, b = pcall(e.GetPos, e) local c, d = pcall(e.SetPos, "
                 "e, Vector()) "
                 "return a, b, c, d"),
              "false\tTried to use a NULL entity!\tfalse\tTried to use a NULL entity!");
    // (The argument number and type name differ between the C and Lua checks; the expectation does not.)
    EXPECT_EQ(ev(*rt,
                 "local ok, err = pcall(Entity(1).GetPos, {}) return ok, err:find('(Entity expected, got table)', 1, "
                 "true) ~= nil"),
              "false\ttrue");
    EXPECT_EQ(
        ev(*rt,
           "local ok, err = pcall(function() Entity(1):SetPos(Angle()) end) return ok, "
           "err:find('eval:1: bad argument #', 1, true) == 1, err:find('(Vector expected, got ', 1, true) ~= nil"),
        "false\ttrue\ttrue");
    // A foreign userdata given the Entity metatable is never read as an entity handle.
    EXPECT_EQ(ev(*rt,
                 "local p = newproxy() debug.setmetatable(p, FindMetaTable('Entity')) "
                 "return (pcall(p.GetPos, p)), (pcall(p.SetPos, p, Vector())), IsValid(p)"),
              "false\tfalse\tfalse");
    // Entity .. x converts both sides first (LuaJIT's lua_concat crashes on metamethods; fuzz_glua_natives).
    EXPECT_EQ(ev(*rt, "Entity(1) .. Angle(1, 2, 3), Vector(1, 2, 3) .. Entity(0)"),
              "Player [1][Player]1.000000 2.000000 3.000000\t1.000000 2.000000 3.000000Entity [0][worldspawn]");
    EXPECT_EQ(ev(*rt,
                 "select(2, pcall(function() return Entity(1) .. setmetatable({}, {__concat = function() "
                 "return 'x' end}) end))"),
              "eval:1: attempt to concatenate a table value");
    rt->world().setOrigin(*rt->world().byIndex(1), {});  // no map: the player fell since its spawn
    EXPECT_EQ(ev(*rt, "Entity(1):EyeAngles(), Entity(1):GetPos() == Vector(0, 0, 0), Entity(1).health"),
              "0.000000 0.000000 0.000000\ttrue\tnil");
}

TEST_P(GluaModes, HookDispatch) {
    auto rt = bootMode(GetParam(), {.tick = true});
    EXPECT_EQ(ev(*rt,
                 "hook.Add('P', 'id', function(...) return select('#', ...), ... end) "
                 "return hook.Run('P', 10, 'b', nil, 4)"),
              "4\t10\tb\tnil\t4");
    EXPECT_EQ(ev(*rt, "return hook.Run('P', 1, 2, 3, 4, 5, 6, 7, nil)"), "8\t1\t2\t3\t4\t5\t6\t7\tnil");
    EXPECT_EQ(
        ev(*rt, "local n = 0 for i = 1, 300 do hook.Run('P', i) n = n + select(2, hook.Run('P', i)) end return n"),
        "45150");
    // A hook removing a later one and replacing another mid-walk: the live table decides.
    EXPECT_EQ(ev(*rt,
                 "local got = {} hook.Add('W', 'a', function() got[#got + 1] = 'a' hook.Remove('W', 'b') "
                 "hook.Add('W', 'c', function() got[#got + 1] = 'c2' end) end) "
                 "hook.Add('W', 'b', function() got[#got + 1] = 'b' end) "
                 "hook.Add('W', 'c', function() got[#got + 1] = 'c' end) hook.Run('W') hook.Run('W') "
                 "return table.concat(got, ',')"),
              "a,c2,a,c2");
    EXPECT_EQ(ev(*rt,
                 "local o = {v = true} function o:IsValid() return self.v end hook.Add('O', o, function(s, x) "
                 "return x * 2 end) local r1 = hook.Run('O', 4) o.v = false local r2 = hook.Run('O', 4) "
                 "return r1, r2, hook.GetTable().O[o]"),
              "8\tnil\tnil");
    // The engine's entry (Runtime::callHook): same walk rules, object ids, GAMEMODE fallback.
    EXPECT_EQ(ev(*rt,
                 "got2 = {} hook.Add('E3', 'a', function() got2[#got2 + 1] = 'a' hook.Remove('E3', 'b') end) "
                 "hook.Add('E3', 'b', function() got2[#got2 + 1] = 'b' end) "
                 "hook.Add('E3', 'c', function() got2[#got2 + 1] = 'c' return 1 end) "
                 "hook.Add('E3', 'd', function() got2[#got2 + 1] = 'd' end) "
                 "local o = {IsValid = function() return true end} "
                 "hook.Add('E4', o, function(self) got2[#got2 + 1] = self == o and 'o' or '?' end) "
                 "function GAMEMODE:E4() got2[#got2 + 1] = 'gm' end return true"),
              "true");
    rt->callHook("E3");
    rt->callHook("E3");
    rt->callHook("E4");
    EXPECT_EQ(ev(*rt, "table.concat(got2, ',')"), "a,c,a,c,o,gm");
    const auto counts = rt->hookCounts();
    EXPECT_EQ(counts.at("E3"), 2u);
    EXPECT_EQ(counts.at("P"), 602u);
    EXPECT_EQ(counts.at("W"), 2u);
}

// Everything a script can reach: no ffi module, no cdata other than Vector/Angle, no raw pointer.
TEST_P(GluaModes, SandboxHidesFfiAndPointers) {
    auto rt = bootMode(GetParam(), {.tick = true});
    EXPECT_EQ(ev(*rt,
                 "ffi, package.loaded.ffi, package.preload.ffi, package.loaded['jit.util'], "
                 "package.preload['jit.util'], jit.attach, #package.loaders, package.cpath"),
              "nil\tnil\tnil\tnil\tnil\tnil\t0\t");
    EXPECT_EQ(ev(*rt, "select(2, pcall(require, 'ffi'))"), "Module not found: ffi");
    EXPECT_EQ(ev(*rt, "select(2, pcall(require, 'jit.util'))"), "Module not found: jit.util");
    // The registry is GMod's metatable view; its integer refs (our private values) are out of reach.
    EXPECT_EQ(ev(*rt,
                 "local r = debug.getregistry() local n = 0 for k in pairs(r) do n = n + 1 end "
                 "return n, r[1], r[2], r._LOADED ~= nil, r.Vector == FindMetaTable('Vector')"),
              "0\tnil\tnil\ttrue\ttrue");
    // Walk every function reachable from _G and the metatables: upvalues, locals of their frames, getinfo().func.
    EXPECT_EQ(ev(*rt, R"(
        local seen, bad, fns = {}, {}, {}
        local function visit(v, depth)
            if seen[v] or depth > 6 then return end
            local t = type(v)
            if t == "table" or t == "function" then seen[v] = true end
            if t == "function" then fns[#fns + 1] = v end
            if t == "table" then for k, x in pairs(v) do visit(k, depth + 1) visit(x, depth + 1) end end
        end
        visit(_G, 0)
        for _, name in ipairs({"Vector", "Angle", "Entity", "Player"}) do visit(FindMetaTable(name), 0) end
        local function check(x, where)
            local t = type(x)
            if t ~= "Vector" and t ~= "Angle" and (t == "cdata" or t == "userdata" and x ~= NULL and not isentity(x)) then
                bad[#bad + 1] = where .. ":" .. t
            end
        end
        for _, f in ipairs(fns) do
            for i = 1, 60 do
                local name, x = debug.getupvalue(f, i)
                if name == nil then break end
                check(x, "upvalue")
                if type(x) == "table" or type(x) == "function" then visit(x, 0) end
            end
            local info = debug.getinfo(f, "S")
            if info.source == "=[vestige]" and debug.getinfo(f, "f").func ~= nil then bad[#bad + 1] = "func" end
        end
        for _, f in ipairs(fns) do
            for i = 1, 60 do
                local name, x = debug.getupvalue(f, i)
                if name == nil then break end
                check(x, "upvalue2")
            end
        end
        return #bad, table.concat(bad, ","), #fns > 100
    )"),
              "0\t\ttrue");
    // Script closures keep their debug access.
    EXPECT_EQ(ev(*rt, "local secret = 42 local function f() return secret end return debug.getupvalue(f, 1)"),
              "secret\t42");
    EXPECT_EQ(ev(*rt, "local x = 7 local n, v = debug.getlocal(1, 1) return n, v"), "x\t7");
    EXPECT_EQ(ev(*rt,
                 "local function f() local n = debug.getinfo(2, 'n') local g = debug.getinfo(1, 'f').func "
                 "return g end local g = f() return g == f"),
              "true");
    // Internal closures: no upvalues, no join.
    EXPECT_EQ(ev(*rt,
                 "local meta = FindMetaTable('Vector') local f = meta.__add return debug.getupvalue(f, 1) == nil, "
                 "(pcall(debug.upvaluejoin, function() return meta end, 1, f, 1)), debug.getupvalue(f, 1) == nil"),
              "true\tfalse\ttrue");
    // Bytecode never loads (it is not verified and could address any memory).
    EXPECT_EQ(ev(*rt,
                 "local bc = string.dump(function() return 1 end) return load(bc) == nil, loadstring(bc) == nil, "
                 "pcall(CompileString, bc, 'x'), (pcall(RunString, bc))"),
              "true\ttrue\tfalse\tfalse");
}

TEST_P(GluaModes, MemoryCeilingCountsVectors) {
    Options opt;
    opt.memoryLimit = std::size_t(16) << 20;
    auto rt = bootRuntime(opt, {.jit = GetParam(), .tick = true});
    auto st = rt->runString("local t = {} for i = 1, 1e8 do t[i] = Vector(i, i, i) end", "hog.lua");
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(rt->errors().back().message, "not enough memory");
    EXPECT_LE(rt->memoryUsed(), std::size_t(16) << 20);
    EXPECT_EQ(ev(*rt, "Vector(1, 2, 3) + Vector(1, 1, 1)"), "2.000000 3.000000 4.000000");
}

INSTANTIATE_TEST_SUITE_P(Glua, GluaModes, ::testing::Values(false, true), modeName);

// The two representations publish the same metatables: Vector and Angle of the interpreter mode (C functions,
// src/lib/vector.cpp) and of the JIT mode (Lua, internal/fastpath.lua) have the same keys, methods and
// metamethods alike, so an addon sees one API whichever mode runs it.
TEST(GluaModes, CAndLuaMetatablesExposeTheSameNames) {
    const std::string keys =
        "local out = {} for _, n in ipairs({'Vector', 'Angle'}) do local k = {} "
        "for name in pairs(FindMetaTable(n)) do k[#k + 1] = name end table.sort(k) "
        "out[#out + 1] = n .. ': ' .. table.concat(k, ' ') end return table.concat(out, '\\n')";
    auto interpreter = bootMode(false);
    auto jit = bootMode(true);
    const std::string fromC = ev(*interpreter, keys), fromLua = ev(*jit, keys);
    EXPECT_EQ(fromC, fromLua);
    // Not two empty lists: each metatable carries its methods and metamethods.
    for (const char* name : {"Vector: Add Angle Cross", " Length ", " __add __concat __div __eq __index __mul",
                             "Angle: Forward IsEqualTol", " Right "})
        EXPECT_NE(fromC.find(name), std::string::npos) << name << " in " << fromC;
}

}  // namespace
}  // namespace vestige::source::glua
