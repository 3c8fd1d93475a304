// Vector and Angle in interpreter mode (instruction budget on): full userdata holding three floats (GMod
// stores floats too), recognised by metatable pointer and payload size (testPayload). Every C API call costs
// 1.5-4 ns in the interpreter, so the bindings make as few as they can (see Meta). JIT mode uses the ffi structs
// of fastpath.cpp with the same observable behaviour; toVector/pushVector below pick the representation.
// Arguments are read with lua_tonumber semantics, so integral and fractional numbers and numeric
// strings are all accepted; missing components are 0 (seed D1.1: integers must never read as 0).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

// A checked type: the metatables it accepts and the name its argument errors use.
struct Kind {
    const void* meta;
    const void* alt;
    const char* name;
};
Kind vectorKind(const Runtime::Impl& impl) { return {impl.vectorMeta, nullptr, "Vector"}; }
Kind angleKind(const Runtime::Impl& impl) { return {impl.angleMeta, nullptr, "Angle"}; }
Kind triKind(const Runtime::Impl& impl) { return {impl.vectorMeta, impl.angleMeta, "Vector or Angle"}; }

Vec3* testUd(lua_State* L, int idx, const Kind& kind, Meta leave = Meta::Pop) {
    return static_cast<Vec3*>(testPayload(L, idx, sizeof(Vec3), kind.meta, kind.alt, leave));
}

// The checked forms raise GMod's argument error ("Vector expected, got userdata").
Vec3* checkUd(lua_State* L, int idx, const Kind& kind, Meta leave = Meta::Pop) {
    Vec3* v = testUd(L, idx, kind, leave);
    if (!v) luaL_typerror(L, idx, kind.name);
    return v;
}
Vec3* checkVec(lua_State* L, const Runtime::Impl& impl, int idx, Meta leave = Meta::Pop) {
    return checkUd(L, idx, vectorKind(impl), leave);
}
Vec3* checkAng(lua_State* L, const Runtime::Impl& impl, int idx, Meta leave = Meta::Pop) {
    return checkUd(L, idx, angleKind(impl), leave);
}
// Either type (the helpers shared by Vector and Angle).
Vec3* checkTri(lua_State* L, const Runtime::Impl& impl, int idx, Meta leave = Meta::Pop) {
    return checkUd(L, idx, triKind(impl), leave);
}

// Two operands of one kind. `reportFirst` is the argument whose error wins when both are bad (1 or 2: each binding
// keeps the order it always had). Argument 2 is checked first either way, so both metatables can stay pushed without
// one ever sitting in the slot of a missing argument; with Meta::Pop both go again (for callers reading a third).
struct Pair {
    Vec3 a, b;
};
Pair checkPair(lua_State* L, const Kind& kind, int reportFirst, Meta leave = Meta::Keep) {
    Vec3* b = reportFirst == 2 ? checkUd(L, 2, kind, Meta::Keep) : testUd(L, 2, kind, Meta::Keep);
    Vec3* a = checkUd(L, 1, kind, b ? Meta::Keep : Meta::Pop);
    if (!b) luaL_typerror(L, 2, kind.name);
    if (leave == Meta::Pop) lua_pop(L, 2);
    return {*a, *b};
}

void pushUd(lua_State* L, Vec3 v, int metaRef) {
    void* p = lua_newuserdata(L, sizeof(Vec3));
    new (p) Vec3(v);
    lua_rawgeti(L, LUA_REGISTRYINDEX, metaRef);
    lua_setmetatable(L, -2);
}

void pushVec(lua_State* L, const Runtime::Impl& impl, Vec3 v) { pushUd(L, v, impl.vectorMetaRef); }
void pushAng(lua_State* L, const Runtime::Impl& impl, Vec3 v) { pushUd(L, v, impl.angleMetaRef); }

float num(lua_State* L, int idx) { return static_cast<float>(luaL_optnumber(L, idx, 0.0)); }

// Parses "x y z" (GMod: unparsable text gives zeros).
Vec3 parseTriple(const char* s) {
    float a = 0, b = 0, c = 0;
    if (std::sscanf(s, "%f %f %f", &a, &b, &c) != 3) return {};
    return {a, b, c};
}

float snapTiny(double v) { return std::fabs(v) < 1e-6 ? 0.0f : static_cast<float>(v); }

// ---- constructors ----
int construct(lua_State* L, bool angle) {
    const Runtime::Impl& impl = implOf(L);
    const int type = lua_type(L, 1);
    Vec3 v;
    const Kind kind = angle ? angleKind(impl) : vectorKind(impl);
    if (Vec3* src = type == LUA_TUSERDATA ? testUd(L, 1, kind) : nullptr)
        v = *src;
    else if (type == LUA_TSTRING)
        v = parseTriple(lua_tostring(L, 1));
    else
        v = {num(L, 1), num(L, 2), num(L, 3)};
    pushUd(L, v, angle ? impl.angleMetaRef : impl.vectorMetaRef);
    return 1;
}
int lVector(lua_State* L) { return construct(L, false); }
int lAngle(lua_State* L) { return construct(L, true); }

// ---- shared metamethods ----
// Component names: one letter each (x y z, p y r), and for Angle also pitch, yaw, roll.
struct Names {
    const char* letters;
    bool longForms;
};
constexpr Names kVectorNames{"xyz", false}, kAngleNames{"pyr", true};
constexpr const char* kLongNames[3] = {"pitch", "yaw", "roll"};

int component(const char* key, std::size_t len, const Names& names) {
    for (int i = 0; i < 3; ++i) {
        if (len == 1 && key[0] == names.letters[i]) return i;
        if (names.longForms && len == std::strlen(kLongNames[i]) && std::memcmp(key, kLongNames[i], len) == 0) return i;
    }
    return -1;
}

// Where the key (argument 2) of __index/__newindex leads: a component 0..2, kLookup (the metatable) or kNil (a
// number other than 1..3, nil or no key). Names are found by the address of their interned string (one API call;
// openTypes keeps those strings alive) and by their text when LuaJIT gives no string addresses.
constexpr int kLookup = -1, kNil = -2;
int keyComponent(lua_State* L, const Runtime::Impl& impl, const Names& names) {
    const auto& keys = names.longForms ? impl.angleKeys : impl.vectorKeys;
    if (impl.keysByAddress) {
        if (const void* p = lua_topointer(L, 2)) {  // strings and other collectable values
            for (std::size_t i = 0; i < keys.size(); ++i)
                if (p == keys[i]) return static_cast<int>(i % 3);
            return kLookup;
        }
    }
    const int type = lua_type(L, 2);
    if (type == LUA_TSTRING) {
        std::size_t len = 0;
        const char* key = lua_tolstring(L, 2, &len);
        return component(key, len, names);  // -1 is kLookup
    }
    if (type == LUA_TNUMBER) {
        const lua_Number k = lua_tonumber(L, 2);
        return k == 1 || k == 2 || k == 3 ? static_cast<int>(k) - 1 : kNil;
    }
    return type == LUA_TNIL || type == LUA_TNONE ? kNil : kLookup;
}

// Components first, then the metatable (methods, MetaName, whatever addons added). The key is read before the check,
// which leaves the value's metatable on top for the lookup. A lookup reads no payload, so there the metatable is the
// whole check (as it always was: the size check guards the component reads).
int indexImpl(lua_State* L, const Names& names) {
    const Runtime::Impl& impl = implOf(L);
    const int i = keyComponent(L, impl, names);
    if (i >= 0) {
        lua_pushnumber(L, (*checkTri(L, impl, 1, Meta::Keep))[i]);
        return 1;
    }
    if (!lua_touserdata(L, 1) || !hasMeta(L, 1, impl.vectorMeta, impl.angleMeta, Meta::Keep))
        luaL_typerror(L, 1, "Vector or Angle");
    if (i == kNil) {
        lua_pushnil(L);
    } else {
        lua_pushvalue(L, 2);
        lua_rawget(L, -2);
    }
    return 1;
}

int newindexImpl(lua_State* L, const Names& names) {
    const Runtime::Impl& impl = implOf(L);
    Vec3* v = checkTri(L, impl, 1);
    const int i = keyComponent(L, impl, names);
    if (i < 0) return luaL_error(L, "cannot set field '%s'", lua_tostring(L, 2) ? lua_tostring(L, 2) : "?");
    (*v)[i] = static_cast<float>(luaL_checknumber(L, 3));
    return 0;
}

int vIndex(lua_State* L) { return indexImpl(L, kVectorNames); }
int vNewindex(lua_State* L) { return newindexImpl(L, kVectorNames); }
int aIndex(lua_State* L) { return indexImpl(L, kAngleNames); }
int aNewindex(lua_State* L) { return newindexImpl(L, kAngleNames); }

// "%f" for one component; NaN and infinities print the same on every host ("nan", "inf", "-inf").
int formatComponent(char* out, std::size_t size, float c) {
    if (std::isnan(c)) return std::snprintf(out, size, "nan");
    if (std::isinf(c)) return std::snprintf(out, size, c > 0 ? "inf" : "-inf");
    return std::snprintf(out, size, "%f", static_cast<double>(c));
}

int triToString(lua_State* L) {
    auto* v = checkTri(L, implOf(L), 1);
    char buf[3][64];
    for (int i = 0; i < 3; ++i) formatComponent(buf[i], sizeof buf[i], (*v)[i]);
    lua_pushfstring(L, "%s %s %s", buf[0], buf[1], buf[2]);
    return 1;
}

int triConcat(lua_State* L) { return concatAsStrings(L, false); }

int triEq(lua_State* L) {
    const Pair p = checkPair(L, triKind(implOf(L)), 1);
    lua_pushboolean(L, p.a.x == p.b.x && p.a.y == p.b.y && p.a.z == p.b.z);
    return 1;
}

// ---- Vector arithmetic ----
constexpr Vec3 add(Vec3 a, Vec3 b) { return a + b; }
constexpr Vec3 sub(Vec3 a, Vec3 b) { return a - b; }
constexpr Vec3 divComponents(Vec3 a, Vec3 b) { return {a.x / b.x, a.y / b.y, a.z / b.z}; }

// Vector + Vector and the like (Angle + Angle with `angle`).
int binaryOp(lua_State* L, bool angle, Vec3 (*op)(Vec3, Vec3)) {
    const Runtime::Impl& impl = implOf(L);
    const Pair p = checkPair(L, angle ? angleKind(impl) : vectorKind(impl), 2);
    pushUd(L, op(p.a, p.b), angle ? impl.angleMetaRef : impl.vectorMetaRef);
    return 1;
}
int vAdd(lua_State* L) { return binaryOp(L, false, add); }
int vSub(lua_State* L) { return binaryOp(L, false, sub); }
int vUnm(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    pushVec(L, impl, -*checkVec(L, impl, 1, Meta::Keep));
    return 1;
}

// a * b and a / b where b (argument 2) is a Vector (per component) or a number (luaL_checknumber's rules; IEEE: /0
// gives inf or nan, as GMod).
struct ScaleOps {
    Vec3 (*byVector)(Vec3, Vec3);
    Vec3 (*byNumber)(Vec3, float);
};
constexpr ScaleOps kMul{mulComponents, [](Vec3 v, float s) { return v * s; }};
constexpr ScaleOps kDiv{divComponents, [](Vec3 v, float s) { return v / s; }};
Vec3 scaleBy(lua_State* L, const Runtime::Impl& impl, Vec3 a, const ScaleOps& ops) {
    if (Vec3* b = testUd(L, 2, vectorKind(impl), Meta::Keep)) return ops.byVector(a, *b);
    return ops.byNumber(a, static_cast<float>(luaL_checknumber(L, 2)));
}
// Vector * Vector, Vector * number or number * Vector.
int vMul(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    Vec3 r;
    if (Vec3* a = testUd(L, 1, vectorKind(impl))) {
        r = scaleBy(L, impl, *a, kMul);
    } else {
        const auto s = static_cast<float>(luaL_checknumber(L, 1));
        r = *checkVec(L, impl, 2) * s;
    }
    pushVec(L, impl, r);
    return 1;
}
int vDiv(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    const Vec3 a = *checkVec(L, impl, 1);
    pushVec(L, impl, scaleBy(L, impl, a, kDiv));
    return 1;
}

// ---- Vector methods ----
int pushNumber(lua_State* L, double value) {
    lua_pushnumber(L, value);
    return 1;
}
// The only argument of a one-Vector method.
Vec3 vecArg(lua_State* L) { return *checkVec(L, implOf(L), 1, Meta::Keep); }
Vec3 vecDelta(lua_State* L) {
    const Pair p = checkPair(L, vectorKind(implOf(L)), 2);
    return p.a - p.b;
}
float length2DSqr(Vec3 v) { return v.x * v.x + v.y * v.y; }
float length2D(Vec3 v) { return std::sqrt(length2DSqr(v)); }

int vLength(lua_State* L) { return pushNumber(L, length(vecArg(L))); }
int vLengthSqr(lua_State* L) { return pushNumber(L, lengthSquared(vecArg(L))); }
int vLength2D(lua_State* L) { return pushNumber(L, length2D(vecArg(L))); }
int vLength2DSqr(lua_State* L) { return pushNumber(L, length2DSqr(vecArg(L))); }
int vDistance(lua_State* L) { return pushNumber(L, length(vecDelta(L))); }
int vDistToSqr(lua_State* L) { return pushNumber(L, lengthSquared(vecDelta(L))); }
int vDistance2D(lua_State* L) { return pushNumber(L, length2D(vecDelta(L))); }
int vDistance2DSqr(lua_State* L) { return pushNumber(L, length2DSqr(vecDelta(L))); }
int vDot(lua_State* L) {
    const Pair p = checkPair(L, vectorKind(implOf(L)), 2);
    return pushNumber(L, dot(p.a, p.b));
}

// Methods returning a new Vector (or Angle) computed from one or two Vectors.
int vNew(lua_State* L, Vec3 v) {
    pushVec(L, implOf(L), v);
    return 1;
}
int vGetNormalized(lua_State* L) { return vNew(L, normalize(vecArg(L))); }
int vGetNegated(lua_State* L) { return vNew(L, -vecArg(L)); }
int vCross(lua_State* L) {
    const Pair p = checkPair(L, vectorKind(implOf(L)), 2);
    return vNew(L, cross(p.a, p.b));
}
int vAngle(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    const Vec3 v = *checkVec(L, impl, 1);
    double pitch = 0, yaw = 0;
    if (v.x == 0 && v.y == 0) {
        pitch = v.z > 0 ? 270.0 : 90.0;
    } else {
        yaw = std::atan2(static_cast<double>(v.y), static_cast<double>(v.x)) * 180.0 / M_PI;
        if (yaw < 0) yaw += 360.0;
        const double len2d = std::sqrt(static_cast<double>(v.x) * v.x + static_cast<double>(v.y) * v.y);
        pitch = std::atan2(-static_cast<double>(v.z), len2d) * 180.0 / M_PI;
        if (pitch < 0) pitch += 360.0;
        if (pitch == 0) pitch = 0;  // no "-0.000000" from atan2(-0, x)
    }
    pushAng(L, impl, {static_cast<float>(pitch), static_cast<float>(yaw), 0.0f});
    return 1;
}

// In-place methods.
int vNormalize(lua_State* L) {
    Vec3* v = checkVec(L, implOf(L), 1);
    *v = normalize(*v);
    return 0;
}
int vNegate(lua_State* L) {
    Vec3* v = checkVec(L, implOf(L), 1);
    *v = -*v;
    return 0;
}
// a:Add(b), a:Sub(b): in place.
int applyInPlace(lua_State* L, Vec3 (*op)(Vec3, Vec3)) {
    const Runtime::Impl& impl = implOf(L);
    Vec3* a = checkVec(L, impl, 1);
    *a = op(*a, *checkVec(L, impl, 2, Meta::Keep));
    return 0;
}
int vAddM(lua_State* L) { return applyInPlace(L, add); }
int vSubM(lua_State* L) { return applyInPlace(L, sub); }
// a:Mul(b), a:Div(b): in place, by a Vector or a number.
int scaleInPlace(lua_State* L, const ScaleOps& ops) {
    const Runtime::Impl& impl = implOf(L);
    Vec3* a = checkVec(L, impl, 1);
    *a = scaleBy(L, impl, *a, ops);
    return 0;
}
int vMulM(lua_State* L) { return scaleInPlace(L, kMul); }
int vDivM(lua_State* L) { return scaleInPlace(L, kDiv); }
int triSet(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    Vec3* a = checkTri(L, impl, 1);
    *a = *checkTri(L, impl, 2);
    return 0;
}
int triSetUnpacked(lua_State* L) {
    Vec3* a = checkTri(L, implOf(L), 1);
    *a = {num(L, 2), num(L, 3), num(L, 4)};
    return 0;
}
int triZero(lua_State* L) {
    *checkTri(L, implOf(L), 1) = {};
    return 0;
}
int vRotate(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    Vec3* v = checkVec(L, impl, 1);
    Vec3 f, r, u;
    angleVectors(*checkAng(L, impl, 2), &f, &r, &u);
    // Columns forward, left (= -right), up: model space X forward, Y left, Z up.
    *v = f * v->x - r * v->y + u * v->z;
    return 0;
}

// Queries.
int triIsZero(lua_State* L) {
    const Vec3 a = *checkTri(L, implOf(L), 1);
    lua_pushboolean(L, a.x == 0 && a.y == 0 && a.z == 0);
    return 1;
}
int triUnpack(lua_State* L) {
    const Vec3 a = *checkTri(L, implOf(L), 1);
    lua_pushnumber(L, a.x);
    lua_pushnumber(L, a.y);
    lua_pushnumber(L, a.z);
    return 3;
}
int triToTable(lua_State* L) {
    const Vec3 a = *checkTri(L, implOf(L), 1);
    lua_createtable(L, 3, 0);
    for (int i = 0; i < 3; ++i) {
        lua_pushnumber(L, a[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}
int triIsEqualTol(lua_State* L) {
    const Pair p = checkPair(L, triKind(implOf(L)), 1, Meta::Pop);
    const float tol = static_cast<float>(luaL_checknumber(L, 3));
    lua_pushboolean(
        L, std::fabs(p.a.x - p.b.x) <= tol && std::fabs(p.a.y - p.b.y) <= tol && std::fabs(p.a.z - p.b.z) <= tol);
    return 1;
}
int vWithinAABox(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    const Vec3 v = *checkVec(L, impl, 1);
    const Vec3 b = *checkVec(L, impl, 3);  // 3 before 2: the error order this binding always had
    const Vec3 a = *checkVec(L, impl, 2);
    const Vec3 lo = minComponents(a, b), hi = maxComponents(a, b);
    lua_pushboolean(L, v.x >= lo.x && v.x <= hi.x && v.y >= lo.y && v.y <= hi.y && v.z >= lo.z && v.z <= hi.z);
    return 1;
}

// ---- Angle ----
int aAdd(lua_State* L) { return binaryOp(L, true, add); }
int aSub(lua_State* L) { return binaryOp(L, true, sub); }
int aUnm(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    pushAng(L, impl, -*checkAng(L, impl, 1, Meta::Keep));
    return 1;
}
int aMul(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    Vec3 r;
    if (Vec3* a = testUd(L, 1, angleKind(impl)))
        r = *a * static_cast<float>(luaL_checknumber(L, 2));
    else {
        const auto s = static_cast<float>(luaL_checknumber(L, 1));
        r = *checkAng(L, impl, 2) * s;
    }
    pushAng(L, impl, r);
    return 1;
}
int aDiv(lua_State* L) {
    const Runtime::Impl& impl = implOf(L);
    const auto s = static_cast<float>(luaL_checknumber(L, 2));  // before the Angle: the error order it always had
    pushAng(L, impl, *checkAng(L, impl, 1, Meta::Keep) / s);
    return 1;
}
// Forward (0), right (1) or up (2) of an Angle.
int aDirection(lua_State* L, int which) {
    const Runtime::Impl& impl = implOf(L);
    Vec3 v[3];
    angleVectors(*checkAng(L, impl, 1), &v[0], &v[1], &v[2]);
    pushVec(L, impl, v[which]);
    return 1;
}
int aForward(lua_State* L) { return aDirection(L, 0); }
int aRight(lua_State* L) { return aDirection(L, 1); }
int aUp(lua_State* L) { return aDirection(L, 2); }
float normalizeDegrees(float a) {
    double r = std::fmod(static_cast<double>(a) + 180.0, 360.0);
    if (r < 0) r += 360.0;
    return static_cast<float>(r - 180.0);
}
int aNormalize(lua_State* L) {
    Vec3* a = checkAng(L, implOf(L), 1);
    *a = {normalizeDegrees(a->x), normalizeDegrees(a->y), normalizeDegrees(a->z)};
    return 0;
}

const luaL_Reg kVectorMeta[] = {{"__index", vIndex},
                                {"__newindex", vNewindex},
                                {"__tostring", triToString},
                                {"__concat", triConcat},
                                {"__eq", triEq},
                                {"__add", vAdd},
                                {"__sub", vSub},
                                {"__mul", vMul},
                                {"__div", vDiv},
                                {"__unm", vUnm},
                                {"Length", vLength},
                                {"LengthSqr", vLengthSqr},
                                {"Length2D", vLength2D},
                                {"Length2DSqr", vLength2DSqr},
                                {"Distance", vDistance},
                                {"DistToSqr", vDistToSqr},
                                {"Distance2D", vDistance2D},
                                {"Distance2DSqr", vDistance2DSqr},
                                {"Normalize", vNormalize},
                                {"GetNormalized", vGetNormalized},
                                {"GetNormal", vGetNormalized},
                                {"Dot", vDot},
                                {"DotProduct", vDot},
                                {"Cross", vCross},
                                {"Angle", vAngle},
                                {"Add", vAddM},
                                {"Sub", vSubM},
                                {"Mul", vMulM},
                                {"Div", vDivM},
                                {"Set", triSet},
                                {"SetUnpacked", triSetUnpacked},
                                {"Zero", triZero},
                                {"IsZero", triIsZero},
                                {"Unpack", triUnpack},
                                {"ToTable", triToTable},
                                {"IsEqualTol", triIsEqualTol},
                                {"WithinAABox", vWithinAABox},
                                {"Rotate", vRotate},
                                {"Negate", vNegate},
                                {"GetNegated", vGetNegated},
                                {nullptr, nullptr}};

const luaL_Reg kAngleMeta[] = {{"__index", aIndex},
                               {"__newindex", aNewindex},
                               {"__tostring", triToString},
                               {"__concat", triConcat},
                               {"__eq", triEq},
                               {"__add", aAdd},
                               {"__sub", aSub},
                               {"__mul", aMul},
                               {"__div", aDiv},
                               {"__unm", aUnm},
                               {"Forward", aForward},
                               {"Right", aRight},
                               {"Up", aUp},
                               {"Normalize", aNormalize},
                               {"Set", triSet},
                               {"SetUnpacked", triSetUnpacked},
                               {"Zero", triZero},
                               {"IsZero", triIsZero},
                               {"Unpack", triUnpack},
                               {"ToTable", triToTable},
                               {"IsEqualTol", triIsEqualTol},
                               {nullptr, nullptr}};

}  // namespace

void angleVectors(Vec3 ang, Vec3* forward, Vec3* right, Vec3* up) {
    const double d2r = M_PI / 180.0;
    const double sp = std::sin(ang.x * d2r), cp = std::cos(ang.x * d2r);
    const double sy = std::sin(ang.y * d2r), cy = std::cos(ang.y * d2r);
    const double sr = std::sin(ang.z * d2r), cr = std::cos(ang.z * d2r);
    // Source's AngleVectors; components below 1e-6 snap to 0 (cos 90 degrees is not exactly 0).
    if (forward) *forward = {snapTiny(cp * cy), snapTiny(cp * sy), snapTiny(-sp)};
    if (right) *right = {snapTiny(-sr * sp * cy + cr * sy), snapTiny(-sr * sp * sy - cr * cy), snapTiny(-sr * cp)};
    if (up) *up = {snapTiny(cr * sp * cy + sr * sy), snapTiny(cr * sp * sy - sr * cy), snapTiny(cr * cp)};
}

bool hasMeta(lua_State* L, int idx, const void* meta, const void* alt, Meta leave) {
    if (!lua_getmetatable(L, idx)) return false;
    const void* mt = lua_topointer(L, -1);
    const bool ok = mt == meta || mt == alt;
    if (!ok || leave == Meta::Pop) lua_pop(L, 1);
    return ok;
}

void* testPayload(lua_State* L, int idx, std::size_t size, const void* meta, const void* alt, Meta leave) {
    void* p = lua_touserdata(L, idx);
    return p && lua_objlen(L, idx) == size && hasMeta(L, idx, meta, alt, leave) ? p : nullptr;
}

int concatAsStrings(lua_State* L, bool cdata) {
    for (int i = 1; i <= 2; ++i) {
        const int t = lua_type(L, i);
        if (t == LUA_TUSERDATA || (cdata && t == 10 /* LUA_TCDATA */)) {
            lua_getglobal(L, "tostring");
            lua_pushvalue(L, i);
            lua_call(L, 1, 1);
            if (!lua_isstring(L, -1)) return luaL_error(L, "'tostring' must return a string to be concatenated");
            lua_replace(L, i);
        } else if (t != LUA_TSTRING && t != LUA_TNUMBER) {
            return luaL_error(L, "attempt to concatenate a %s value", luaL_typename(L, i));
        }
    }
    lua_settop(L, 2);  // a direct call with more operands would hand lua_concat a third one, unconverted
    lua_concat(L, 2);
    return 1;
}

void setFuncs(lua_State* L, const luaL_Reg* regs) {
    for (; regs->name; ++regs) {
        lua_pushcfunction(L, regs->func);
        lua_setfield(L, -2, regs->name);
    }
}

int newMetatable(lua_State* L, const char* name, const luaL_Reg* regs, int id, const void** identity) {
    luaL_newmetatable(L, name);
    setFuncs(L, regs);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "MetaName");
    lua_pushinteger(L, id);
    lua_setfield(L, -2, "MetaID");
    *identity = lua_topointer(L, -1);
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

bool toVector(Runtime& rt, lua_State* L, int idx, Vec3* out, bool angle) {
    if (implOf(rt).ffiTypes) return ffiToVector(rt, L, idx, out, angle);
    Vec3* v = testUd(L, idx, angle ? angleKind(implOf(rt)) : vectorKind(implOf(rt)));
    if (v && out) *out = *v;
    return v != nullptr;
}
void pushVector(Runtime& rt, lua_State* L, Vec3 v, bool angle) {
    if (implOf(rt).ffiTypes) return ffiPushVector(rt, L, v, angle);
    pushUd(L, v, angle ? implOf(rt).angleMetaRef : implOf(rt).vectorMetaRef);
}

void openTypes(Runtime& rt, lua_State* L) {
    auto& impl = implOf(rt);
    impl.vectorMetaRef = newMetatable(L, "Vector", kVectorMeta, 10, &impl.vectorMeta);
    impl.angleMetaRef = newMetatable(L, "Angle", kAngleMeta, 11, &impl.angleMeta);

    // The component names' interned strings, anchored in one registry table; their addresses serve __index when
    // lua_topointer gives string addresses (LuaJIT does) and two pushes of a name give the same one (interning).
    lua_createtable(L, 9, 0);
    int anchored = 0;
    const auto keep = [&](const char* name, const void** slot) {
        lua_pushstring(L, name);
        *slot = lua_topointer(L, -1);
        lua_rawseti(L, -2, ++anchored);
    };
    const char* const vectorNames[] = {"x", "y", "z"};
    const char* const angleNames[] = {"p", "y", "r", "pitch", "yaw", "roll"};
    for (int i = 0; i < 3; ++i) keep(vectorNames[i], &impl.vectorKeys[static_cast<std::size_t>(i)]);
    for (int i = 0; i < 6; ++i) keep(angleNames[i], &impl.angleKeys[static_cast<std::size_t>(i)]);
    lua_pushliteral(L, "x");
    impl.keysByAddress = impl.vectorKeys[0] != nullptr && lua_topointer(L, -1) == impl.vectorKeys[0];
    lua_pop(L, 1);
    impl.keyNamesRef = luaL_ref(L, LUA_REGISTRYINDEX);

    lua_pushcfunction(L, lVector);
    lua_setglobal(L, "Vector");
    lua_pushcfunction(L, lAngle);
    lua_setglobal(L, "Angle");
}

}  // namespace vestige::source::glua
