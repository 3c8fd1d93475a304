// The Lua -> C bindings of the interpreter mode (instruction budget on, the default: Vector/Angle/Entity are userdata
// checked by metatable and payload size). Every value that is not one of ours must be refused with GMod's argument
// error before a byte of it is read: a zero-size newproxy or an Entity handle given the Vector metatable, a Vector
// given the Entity metatable, an Entity where a Vector is expected. The error texts are the ones these bindings
// have always raised (including which argument wins when two are bad); the fast paths must not change them.
#include <gtest/gtest.h>

#include "glua_fixture.hpp"

namespace vestige::source::glua {
namespace {

// One booted runtime; err() runs `body` in a function (so `eval:1:` positions show where GMod's do) and returns the
// error it raises, or its results.
class Session {
public:
    explicit Session(bool jit) : mRt(bootMode(jit, {.tick = true})) {}
    std::string err(const std::string& body) { return ev(*mRt, "select(2, pcall(function() " + body + " end))"); }

private:
    std::unique_ptr<Runtime> mRt;
};

// `p`: a zero-size userdata carrying the metatable `meta`.
std::string forged(const char* meta, const std::string& body) {
    return std::string("local p = newproxy() debug.setmetatable(p, FindMetaTable('") + meta + "')) " + body;
}

TEST(GluaBindings, ZeroSizeUserdataWithOurMetatableIsNeverRead) {
    Session rt(false);
    const char* const vecExpected = "(Vector expected, got userdata)";
    const char* const triExpected = "(Vector or Angle expected, got userdata)";
    EXPECT_EQ(rt.err(forged("Vector", "return p.x")),
              std::string("eval:1: bad argument #1 to '__index' ") + triExpected);
    EXPECT_EQ(rt.err(forged("Vector", "p.y = 1")),
              std::string("eval:1: bad argument #1 to '__newindex' ") + triExpected);
    EXPECT_EQ(rt.err(forged("Vector", "return p + Vector()")),
              std::string("eval:1: bad argument #1 to '__add' ") + vecExpected);
    EXPECT_EQ(rt.err(forged("Vector", "return Vector() - p")),
              std::string("eval:1: bad argument #2 to '__sub' ") + vecExpected);
    EXPECT_EQ(rt.err(forged("Vector", "return p * 2")),
              "eval:1: bad argument #1 to '__mul' (number expected, got userdata)");
    EXPECT_EQ(rt.err(forged("Vector", "return p:Length()")), std::string("bad argument #1 to '?' ") + vecExpected);
    EXPECT_EQ(rt.err(forged("Vector", "p:Zero()")), std::string("eval:1: calling 'Zero' on bad self ") + triExpected);
    EXPECT_EQ(rt.err(forged("Vector", "p:Set(Vector(1, 2, 3))")),
              std::string("eval:1: calling 'Set' on bad self ") + triExpected);
    EXPECT_EQ(rt.err(forged("Vector", "return tostring(p)")), std::string("bad argument #1 to '?' ") + triExpected);
    EXPECT_EQ(rt.err(forged("Vector", "return Vector(p)")), "bad argument #1 to '?' (number expected, got userdata)");
    EXPECT_EQ(rt.err(forged("Vector", "return Entity(1):SetPos(p)")),
              std::string("bad argument #2 to '?' ") + vecExpected);
    EXPECT_EQ(rt.err(forged("Angle", "return p.p")),
              std::string("eval:1: bad argument #1 to '__index' ") + triExpected);
    EXPECT_EQ(rt.err(forged("Angle", "return Entity(1):SetAngles(p)")),
              "bad argument #2 to '?' (Angle expected, got userdata)");
    // Method lookups read no payload (the metatable is the check there); the method itself then refuses.
    EXPECT_EQ(rt.err(forged("Vector", "return p.Length == FindMetaTable('Vector').Length, p.w, p[7]")),
              "true\tnil\tnil");
    EXPECT_EQ(rt.err("return Entity(1):GetClass()"), "player");  // the heap is intact
}

TEST(GluaBindings, EntityHandleAndVectorNeverTakeEachOthersPlace) {
    Session rt(false);
    const std::string handleAsVector = "local e = ents.Create('x') debug.setmetatable(e, FindMetaTable('Vector')) ";
    EXPECT_EQ(rt.err(handleAsVector + "return e.x"),
              "eval:1: bad argument #1 to '__index' (Vector or Angle expected, got userdata)");
    EXPECT_EQ(rt.err(handleAsVector + "return e:Length()"), "bad argument #1 to '?' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err(handleAsVector + "e:Normalize()"),
              "eval:1: calling 'Normalize' on bad self (Vector expected, got userdata)");
    EXPECT_EQ(rt.err(handleAsVector + "return Vector(1, 2, 3):Distance(e)"),
              "bad argument #2 to '?' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("local v = Vector(1, 2, 3) debug.setmetatable(v, FindMetaTable('Entity')) return v:GetPos()"),
              "bad argument #1 to '?' (Entity expected, got userdata)");
    EXPECT_EQ(rt.err("local v = Vector(1, 2, 3) debug.setmetatable(v, FindMetaTable('Player')) return v:Nick()"),
              "bad argument #1 to '?' (Entity expected, got userdata)");
    // Our own values in the wrong place.
    EXPECT_EQ(rt.err("return Vector(1, 2, 3):Dot(Entity(1))"),
              "bad argument #2 to '?' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return Entity(1) + Vector()"),
              "eval:1: bad argument #1 to '__add' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return Vector() + Entity(1)"),
              "eval:1: bad argument #2 to '__add' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return Vector() * Entity(1)"),
              "eval:1: bad argument #2 to '__mul' (number expected, got userdata)");
    EXPECT_EQ(rt.err("return Vector() + Angle()"),
              "eval:1: bad argument #2 to '__add' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return Vector():Cross(newproxy())"), "bad argument #2 to '?' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return FindMetaTable('Vector').Length(newproxy(true))"),
              "bad argument #1 to '?' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return FindMetaTable('Vector').__index(Entity(1), 'x')"),
              "bad argument #1 to '?' (Vector or Angle expected, got userdata)");
    EXPECT_EQ(rt.err("return Entity(1):SetPos(Angle())"), "bad argument #2 to '?' (Vector expected, got userdata)");
    EXPECT_EQ(rt.err("return Entity(1):SetAngles(Vector())"), "bad argument #2 to '?' (Angle expected, got userdata)");
    EXPECT_EQ(rt.err("return Entity(1).GetPos(Vector())"), "bad argument #1 to '?' (Entity expected, got userdata)");
}

// Calls a script can make that used to crash the process: Entity's __index on a value without a metatable, and a
// __concat called directly with a third, unconverted operand.
TEST(GluaBindings, DirectMetamethodCallsStayDefined) {
    for (bool jit : {false, true}) {
        Session rt(jit);
        // (JIT mode's Lua __index answers methods for anything; the interpreter's looks in the value's metatable.)
        EXPECT_EQ(rt.err("local f = FindMetaTable('Entity').__index return type(f({}, 'GetPos')), f(newproxy(), 'x'), "
                         "f()"),
                  jit ? "function\tnil\tnil" : "nil\tnil\tnil")
            << jit;
        EXPECT_EQ(rt.err("local v = Vector(1, 2, 3) return FindMetaTable('Vector').__concat(v, v, v)"),
                  "1.000000 2.000000 3.0000001.000000 2.000000 3.000000");
        EXPECT_EQ(rt.err("local e = Entity(0) return FindMetaTable('Entity').__concat(e, e, e)"),
                  "Entity [0][worldspawn]Entity [0][worldspawn]");
    }
}

// With two bad operands each binding reports the argument it always has; a missing argument reads "no value" (a
// check that keeps its metatable pushed must never leave it where a later argument is read).
TEST(GluaBindings, ArgumentErrorsKeepTheirOrderAndMissingArguments) {
    Session rt(false);
    EXPECT_EQ(rt.err("return FindMetaTable('Vector').__add(1, 2)"),
              "bad argument #2 to '?' (Vector expected, got number)");
    EXPECT_EQ(rt.err("return FindMetaTable('Vector').__eq(1, 2)"),
              "bad argument #1 to '?' (Vector or Angle expected, got number)");
    EXPECT_EQ(rt.err("return FindMetaTable('Vector').__mul('a', {})"),
              "bad argument #1 to '?' (number expected, got string)");
    EXPECT_EQ(rt.err("return FindMetaTable('Angle').__div({}, {})"),
              "bad argument #2 to '?' (number expected, got table)");
    EXPECT_EQ(rt.err("return Vector():WithinAABox(1, 2)"), "bad argument #3 to '?' (Vector expected, got number)");
    EXPECT_EQ(rt.err("return Vector():Dot()"), "bad argument #2 to '?' (Vector expected, got no value)");
    EXPECT_EQ(rt.err("return Vector():IsEqualTol(Vector())"), "bad argument #3 to '?' (number expected, got no value)");
    EXPECT_EQ(rt.err("return Entity(1):SetPos()"), "bad argument #2 to '?' (Vector expected, got no value)");
    EXPECT_EQ(rt.err("return Entity(1):SetModel()"), "bad argument #2 to '?' (string expected, got no value)");
    EXPECT_EQ(rt.err("return FindMetaTable('Vector').__index(Vector(1, 2, 3))"), "nil");
    EXPECT_EQ(rt.err("local v = Vector(1, 2, 3) v:SetUnpacked() return v"), "0.000000 0.000000 0.000000");
    EXPECT_EQ(rt.err("return Entity(1):GetNWBool('none')"), "false");
}

// Component names are found by the address of their interned string: names built at run time are the same strings.
TEST(GluaBindings, ComponentKeysBuiltAtRunTime) {
    for (bool jit : {false, true}) {
        Session rt(jit);
        EXPECT_EQ(rt.err("local v, a = Vector(1, 2, 3), Angle(4, 5, 6) local x, l = string.char(120), 'ro' .. 'll' "
                         "return v[x], a[l], a['pitch'], a.yaw, v[2], a[3], v[0], v[1.5], v[true], v.MetaName"),
                  "1\t6\t4\t5\t2\t6\tnil\tnil\tnil\tVector")
            << jit;
        // Components win over the metatable; other keys come from it.
        EXPECT_EQ(rt.err("local mt = FindMetaTable('Vector') mt.x, mt.w = 9, 8 local v = Vector(1, 2, 3) "
                         "local r = {v.x, v.w} mt.x, mt.w = nil, nil return unpack(r)"),
                  "1\t8")
            << jit;
        EXPECT_EQ(rt.err("local v = Vector(1, 2, 3) v[string.char(122)] = 7 v.y = 5 return v"),
                  "1.000000 5.000000 7.000000")
            << jit;
    }
}

}  // namespace
}  // namespace vestige::source::glua
