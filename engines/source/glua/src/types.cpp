// Vector and Angle in interpreter mode (instruction budget on): full userdata holding three floats (GMod
// stores floats too); metatables are compared by pointer. JIT mode uses the ffi structs of fastpath.cpp
// with the same observable behaviour; toVector/pushVector below pick the representation.
// Arguments are read with lua_tonumber semantics, so integral and fractional numbers and numeric
// strings are all accepted; missing components are 0 (seed D1.1: integers must never read as 0).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

#include "internal.hpp"

namespace vestige::source::glua {
namespace {

Runtime::Impl& implOf(lua_State* L) { return Runtime::from(L).impl(); }

Vec3* testUd(lua_State* L, int idx, const void* meta) {
    void* p = lua_touserdata(L, idx);
    if (!p || !lua_getmetatable(L, idx)) return nullptr;
    const void* mt = lua_topointer(L, -1);
    lua_pop(L, 1);
    return mt == meta ? static_cast<Vec3*>(p) : nullptr;
}

Vec3* checkVec(lua_State* L, int idx) {
    Vec3* v = testUd(L, idx, implOf(L).vectorMeta);
    if (!v) luaL_typerror(L, idx, "Vector");
    return v;
}

Vec3* checkAng(lua_State* L, int idx) {
    Vec3* v = testUd(L, idx, implOf(L).angleMeta);
    if (!v) luaL_typerror(L, idx, "Angle");
    return v;
}

// Either type (the helpers shared by Vector and Angle); anything else is a type error.
Vec3* checkTri(lua_State* L, int idx) {
    auto& impl = implOf(L);
    if (Vec3* v = testUd(L, idx, impl.vectorMeta)) return v;
    if (Vec3* v = testUd(L, idx, impl.angleMeta)) return v;
    luaL_typerror(L, idx, "Vector or Angle");
    return nullptr;
}

void pushUd(lua_State* L, Vec3 v, int metaRef) {
    void* p = lua_newuserdata(L, sizeof(Vec3));
    new (p) Vec3(v);
    lua_rawgeti(L, LUA_REGISTRYINDEX, metaRef);
    lua_setmetatable(L, -2);
}

void pushVec(lua_State* L, Vec3 v) { pushUd(L, v, implOf(L).vectorMetaRef); }
void pushAng(lua_State* L, Vec3 v) { pushUd(L, v, implOf(L).angleMetaRef); }

float num(lua_State* L, int idx) { return static_cast<float>(luaL_optnumber(L, idx, 0.0)); }

// Parses "x y z" (GMod: unparsable text gives zeros).
Vec3 parseTriple(const char* s) {
    float a = 0, b = 0, c = 0;
    if (std::sscanf(s, "%f %f %f", &a, &b, &c) != 3) return {};
    return {a, b, c};
}

float snapTiny(double v) { return std::fabs(v) < 1e-6 ? 0.0f : static_cast<float>(v); }

// ---- constructors ----
int lVector(lua_State* L) {
    if (Vec3* v = testUd(L, 1, implOf(L).vectorMeta)) {
        pushVec(L, *v);
        return 1;
    }
    if (lua_type(L, 1) == LUA_TSTRING) {
        pushVec(L, parseTriple(lua_tostring(L, 1)));
        return 1;
    }
    pushVec(L, {num(L, 1), num(L, 2), num(L, 3)});
    return 1;
}

int lAngle(lua_State* L) {
    if (Vec3* v = testUd(L, 1, implOf(L).angleMeta)) {
        pushAng(L, *v);
        return 1;
    }
    if (lua_type(L, 1) == LUA_TSTRING) {
        pushAng(L, parseTriple(lua_tostring(L, 1)));
        return 1;
    }
    pushAng(L, {num(L, 1), num(L, 2), num(L, 3)});
    return 1;
}

// ---- shared metamethods ----
int component(const char* key, std::size_t len, char a, char b, char c) {
    if (len == 1) {
        if (key[0] == a) return 0;
        if (key[0] == b) return 1;
        if (key[0] == c) return 2;
        return -1;
    }
    if (a != 'p') return -1;  // Angle: pitch, yaw, roll
    if (len == 5 && std::memcmp(key, "pitch", 5) == 0) return 0;
    if (len == 3 && std::memcmp(key, "yaw", 3) == 0) return 1;
    if (len == 4 && std::memcmp(key, "roll", 4) == 0) return 2;
    return -1;
}

int indexImpl(lua_State* L, Vec3* v, char a, char b, char c) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        std::size_t len = 0;
        const char* key = lua_tolstring(L, 2, &len);
        const int i = component(key, len, a, b, c);
        if (i >= 0) {
            lua_pushnumber(L, (*v)[i]);
            return 1;
        }
    } else if (lua_type(L, 2) == LUA_TNUMBER) {
        const lua_Number k = lua_tonumber(L, 2);
        if (k == 1 || k == 2 || k == 3) {
            lua_pushnumber(L, (*v)[static_cast<int>(k) - 1]);
            return 1;
        }
        lua_pushnil(L);
        return 1;
    }
    lua_getmetatable(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

int newindexImpl(lua_State* L, Vec3* v, char a, char b, char c) {
    int i = -1;
    if (lua_type(L, 2) == LUA_TSTRING) {
        std::size_t len = 0;
        const char* key = lua_tolstring(L, 2, &len);
        i = component(key, len, a, b, c);
    } else if (lua_type(L, 2) == LUA_TNUMBER) {
        const lua_Number k = lua_tonumber(L, 2);
        if (k == 1 || k == 2 || k == 3) i = static_cast<int>(k) - 1;
    }
    if (i < 0) return luaL_error(L, "cannot set field '%s'", lua_tostring(L, 2) ? lua_tostring(L, 2) : "?");
    (*v)[i] = static_cast<float>(luaL_checknumber(L, 3));
    return 0;
}

int vIndex(lua_State* L) { return indexImpl(L, checkTri(L, 1), 'x', 'y', 'z'); }
int vNewindex(lua_State* L) { return newindexImpl(L, checkTri(L, 1), 'x', 'y', 'z'); }
int aIndex(lua_State* L) { return indexImpl(L, checkTri(L, 1), 'p', 'y', 'r'); }
int aNewindex(lua_State* L) { return newindexImpl(L, checkTri(L, 1), 'p', 'y', 'r'); }

// "%f" for one component; NaN and infinities print the same on every host ("nan", "inf", "-inf").
int formatComponent(char* out, std::size_t size, float c) {
    if (std::isnan(c)) return std::snprintf(out, size, "nan");
    if (std::isinf(c)) return std::snprintf(out, size, c > 0 ? "inf" : "-inf");
    return std::snprintf(out, size, "%f", static_cast<double>(c));
}

int triToString(lua_State* L) {
    auto* v = checkTri(L, 1);
    char buf[3][64];
    for (int i = 0; i < 3; ++i) formatComponent(buf[i], sizeof buf[i], (*v)[i]);
    lua_pushfstring(L, "%s %s %s", buf[0], buf[1], buf[2]);
    return 1;
}

int triConcat(lua_State* L) {
    for (int i = 1; i <= 2; ++i) {
        if (lua_type(L, i) == LUA_TUSERDATA) {
            lua_getglobal(L, "tostring");
            lua_pushvalue(L, i);
            lua_call(L, 1, 1);
            // lua_concat must never meet a metamethod (LuaJIT 2.1.0-beta3 crashes there; see entities.cpp).
            if (!lua_isstring(L, -1)) return luaL_error(L, "'tostring' must return a string to be concatenated");
            lua_replace(L, i);
        } else if (!lua_isstring(L, i)) {
            return luaL_error(L, "attempt to concatenate a %s value", luaL_typename(L, i));
        }
    }
    lua_concat(L, 2);
    return 1;
}

int triEq(lua_State* L) {
    auto* a = checkTri(L, 1);
    auto* b = checkTri(L, 2);
    lua_pushboolean(L, a && b && a->x == b->x && a->y == b->y && a->z == b->z);
    return 1;
}

// ---- Vector arithmetic ----
int vAdd(lua_State* L) { pushVec(L, *checkVec(L, 1) + *checkVec(L, 2)); return 1; }
int vSub(lua_State* L) { pushVec(L, *checkVec(L, 1) - *checkVec(L, 2)); return 1; }
int vUnm(lua_State* L) { pushVec(L, -*checkVec(L, 1)); return 1; }
int vMul(lua_State* L) {
    auto& impl = implOf(L);
    Vec3* a = testUd(L, 1, impl.vectorMeta);
    Vec3* b = testUd(L, 2, impl.vectorMeta);
    if (a && b) pushVec(L, mulComponents(*a, *b));
    else if (a) pushVec(L, *a * static_cast<float>(luaL_checknumber(L, 2)));
    else pushVec(L, *checkVec(L, 2) * static_cast<float>(luaL_checknumber(L, 1)));
    return 1;
}
int vDiv(lua_State* L) {
    auto& impl = implOf(L);
    Vec3* a = checkVec(L, 1);
    Vec3* b = testUd(L, 2, impl.vectorMeta);
    if (b) pushVec(L, {a->x / b->x, a->y / b->y, a->z / b->z});
    else pushVec(L, *a / static_cast<float>(luaL_checknumber(L, 2)));  // IEEE: /0 gives inf or nan, as GMod
    return 1;
}

// ---- Vector methods ----
int vLength(lua_State* L) { lua_pushnumber(L, length(*checkVec(L, 1))); return 1; }
int vLengthSqr(lua_State* L) { lua_pushnumber(L, lengthSquared(*checkVec(L, 1))); return 1; }
int vLength2D(lua_State* L) { Vec3 v = *checkVec(L, 1); lua_pushnumber(L, std::sqrt(v.x * v.x + v.y * v.y)); return 1; }
int vLength2DSqr(lua_State* L) { Vec3 v = *checkVec(L, 1); lua_pushnumber(L, v.x * v.x + v.y * v.y); return 1; }
int vDistance(lua_State* L) { lua_pushnumber(L, length(*checkVec(L, 1) - *checkVec(L, 2))); return 1; }
int vDistToSqr(lua_State* L) { lua_pushnumber(L, lengthSquared(*checkVec(L, 1) - *checkVec(L, 2))); return 1; }
int vDistance2D(lua_State* L) {
    Vec3 d = *checkVec(L, 1) - *checkVec(L, 2);
    lua_pushnumber(L, std::sqrt(d.x * d.x + d.y * d.y));
    return 1;
}
int vDistance2DSqr(lua_State* L) {
    Vec3 d = *checkVec(L, 1) - *checkVec(L, 2);
    lua_pushnumber(L, d.x * d.x + d.y * d.y);
    return 1;
}
int vNormalize(lua_State* L) { Vec3* v = checkVec(L, 1); *v = normalize(*v); return 0; }
int vGetNormalized(lua_State* L) { pushVec(L, normalize(*checkVec(L, 1))); return 1; }
int vDot(lua_State* L) { lua_pushnumber(L, dot(*checkVec(L, 1), *checkVec(L, 2))); return 1; }
int vCross(lua_State* L) { pushVec(L, cross(*checkVec(L, 1), *checkVec(L, 2))); return 1; }
int vAngle(lua_State* L) {
    Vec3 v = *checkVec(L, 1);
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
    pushAng(L, {static_cast<float>(pitch), static_cast<float>(yaw), 0.0f});
    return 1;
}
int vAddM(lua_State* L) { Vec3* a = checkVec(L, 1); *a += *checkVec(L, 2); return 0; }
int vSubM(lua_State* L) { Vec3* a = checkVec(L, 1); *a -= *checkVec(L, 2); return 0; }
int vMulM(lua_State* L) {
    Vec3* a = checkVec(L, 1);
    if (Vec3* b = testUd(L, 2, implOf(L).vectorMeta)) *a = mulComponents(*a, *b);
    else *a *= static_cast<float>(luaL_checknumber(L, 2));
    return 0;
}
int vDivM(lua_State* L) {
    Vec3* a = checkVec(L, 1);
    if (Vec3* b = testUd(L, 2, implOf(L).vectorMeta)) *a = {a->x / b->x, a->y / b->y, a->z / b->z};
    else *a = *a / static_cast<float>(luaL_checknumber(L, 2));
    return 0;
}
int triSet(lua_State* L) {
    auto* a = checkTri(L, 1);
    auto* b = checkTri(L, 2);
    if (!a || !b) return luaL_error(L, "Set expects two values of the same type");
    *a = *b;
    return 0;
}
int triSetUnpacked(lua_State* L) {
    auto* a = checkTri(L, 1);
    if (!a) return luaL_error(L, "SetUnpacked on a non-userdata");
    *a = {num(L, 2), num(L, 3), num(L, 4)};
    return 0;
}
int triZero(lua_State* L) {
    auto* a = checkTri(L, 1);
    if (a) *a = {};
    return 0;
}
int triIsZero(lua_State* L) {
    auto* a = checkTri(L, 1);
    lua_pushboolean(L, a && a->x == 0 && a->y == 0 && a->z == 0);
    return 1;
}
int triUnpack(lua_State* L) {
    auto* a = checkTri(L, 1);
    if (!a) return 0;
    lua_pushnumber(L, a->x);
    lua_pushnumber(L, a->y);
    lua_pushnumber(L, a->z);
    return 3;
}
int triToTable(lua_State* L) {
    auto* a = checkTri(L, 1);
    if (!a) return 0;
    lua_createtable(L, 3, 0);
    for (int i = 0; i < 3; ++i) {
        lua_pushnumber(L, (*a)[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}
int triIsEqualTol(lua_State* L) {
    auto* a = checkTri(L, 1);
    auto* b = checkTri(L, 2);
    const float tol = static_cast<float>(luaL_checknumber(L, 3));
    lua_pushboolean(L, a && b && std::fabs(a->x - b->x) <= tol && std::fabs(a->y - b->y) <= tol &&
                           std::fabs(a->z - b->z) <= tol);
    return 1;
}
int vWithinAABox(lua_State* L) {
    Vec3 v = *checkVec(L, 1);
    Vec3 lo = minComponents(*checkVec(L, 2), *checkVec(L, 3));
    Vec3 hi = maxComponents(*checkVec(L, 2), *checkVec(L, 3));
    lua_pushboolean(L, v.x >= lo.x && v.x <= hi.x && v.y >= lo.y && v.y <= hi.y && v.z >= lo.z && v.z <= hi.z);
    return 1;
}
int vRotate(lua_State* L) {
    Vec3* v = checkVec(L, 1);
    Vec3 f, r, u;
    angleVectors(*checkAng(L, 2), &f, &r, &u);
    // Columns forward, left (= -right), up: model space X forward, Y left, Z up.
    *v = f * v->x - r * v->y + u * v->z;
    return 0;
}
int vNegate(lua_State* L) { Vec3* v = checkVec(L, 1); *v = -*v; return 0; }
int vGetNegated(lua_State* L) { pushVec(L, -*checkVec(L, 1)); return 1; }

// ---- Angle ----
int aAdd(lua_State* L) { pushAng(L, *checkAng(L, 1) + *checkAng(L, 2)); return 1; }
int aSub(lua_State* L) { pushAng(L, *checkAng(L, 1) - *checkAng(L, 2)); return 1; }
int aUnm(lua_State* L) { pushAng(L, -*checkAng(L, 1)); return 1; }
int aMul(lua_State* L) {
    if (Vec3* a = testUd(L, 1, implOf(L).angleMeta)) pushAng(L, *a * static_cast<float>(luaL_checknumber(L, 2)));
    else pushAng(L, *checkAng(L, 2) * static_cast<float>(luaL_checknumber(L, 1)));
    return 1;
}
int aDiv(lua_State* L) { pushAng(L, *checkAng(L, 1) / static_cast<float>(luaL_checknumber(L, 2))); return 1; }
int aForward(lua_State* L) { Vec3 f; angleVectors(*checkAng(L, 1), &f, nullptr, nullptr); pushVec(L, f); return 1; }
int aRight(lua_State* L) { Vec3 r; angleVectors(*checkAng(L, 1), nullptr, &r, nullptr); pushVec(L, r); return 1; }
int aUp(lua_State* L) { Vec3 u; angleVectors(*checkAng(L, 1), nullptr, nullptr, &u); pushVec(L, u); return 1; }
float normalizeDegrees(float a) {
    double r = std::fmod(static_cast<double>(a) + 180.0, 360.0);
    if (r < 0) r += 360.0;
    return static_cast<float>(r - 180.0);
}
int aNormalize(lua_State* L) {
    Vec3* a = checkAng(L, 1);
    *a = {normalizeDegrees(a->x), normalizeDegrees(a->y), normalizeDegrees(a->z)};
    return 0;
}

const luaL_Reg kVectorMeta[] = {
    {"__index", vIndex}, {"__newindex", vNewindex}, {"__tostring", triToString}, {"__concat", triConcat},
    {"__eq", triEq}, {"__add", vAdd}, {"__sub", vSub}, {"__mul", vMul}, {"__div", vDiv}, {"__unm", vUnm},
    {"Length", vLength}, {"LengthSqr", vLengthSqr}, {"Length2D", vLength2D}, {"Length2DSqr", vLength2DSqr},
    {"Distance", vDistance}, {"DistToSqr", vDistToSqr}, {"Distance2D", vDistance2D},
    {"Distance2DSqr", vDistance2DSqr}, {"Normalize", vNormalize}, {"GetNormalized", vGetNormalized},
    {"GetNormal", vGetNormalized}, {"Dot", vDot}, {"DotProduct", vDot}, {"Cross", vCross}, {"Angle", vAngle},
    {"Add", vAddM}, {"Sub", vSubM}, {"Mul", vMulM}, {"Div", vDivM}, {"Set", triSet}, {"SetUnpacked", triSetUnpacked},
    {"Zero", triZero}, {"IsZero", triIsZero}, {"Unpack", triUnpack}, {"ToTable", triToTable},
    {"IsEqualTol", triIsEqualTol}, {"WithinAABox", vWithinAABox}, {"Rotate", vRotate}, {"Negate", vNegate},
    {"GetNegated", vGetNegated}, {nullptr, nullptr}};

const luaL_Reg kAngleMeta[] = {
    {"__index", aIndex}, {"__newindex", aNewindex}, {"__tostring", triToString}, {"__concat", triConcat},
    {"__eq", triEq}, {"__add", aAdd}, {"__sub", aSub}, {"__mul", aMul}, {"__div", aDiv}, {"__unm", aUnm},
    {"Forward", aForward}, {"Right", aRight}, {"Up", aUp}, {"Normalize", aNormalize}, {"Set", triSet},
    {"SetUnpacked", triSetUnpacked}, {"Zero", triZero}, {"IsZero", triIsZero}, {"Unpack", triUnpack},
    {"ToTable", triToTable}, {"IsEqualTol", triIsEqualTol}, {nullptr, nullptr}};

}  // namespace

void angleVectors(Vec3 ang, Vec3* forward, Vec3* right, Vec3* up) {
    const double d2r = M_PI / 180.0;
    const double sp = std::sin(ang.x * d2r), cp = std::cos(ang.x * d2r);
    const double sy = std::sin(ang.y * d2r), cy = std::cos(ang.y * d2r);
    const double sr = std::sin(ang.z * d2r), cr = std::cos(ang.z * d2r);
    // Source's AngleVectors; components below 1e-6 snap to 0 (cos 90 degrees is not exactly 0).
    if (forward) *forward = {snapTiny(cp * cy), snapTiny(cp * sy), snapTiny(-sp)};
    if (right)
        *right = {snapTiny(-sr * sp * cy + cr * sy), snapTiny(-sr * sp * sy - cr * cy), snapTiny(-sr * cp)};
    if (up) *up = {snapTiny(cr * sp * cy + sr * sy), snapTiny(cr * sp * sy - sr * cy), snapTiny(cr * cp)};
}

void setFuncs(lua_State* L, const luaL_Reg* regs) {
    for (; regs->name; ++regs) {
        lua_pushcfunction(L, regs->func);
        lua_setfield(L, -2, regs->name);
    }
}

bool toVector(Runtime& rt, lua_State* L, int idx, Vec3* out, bool angle) {
    if (rt.impl().ffiTypes) return ffiToVector(rt, L, idx, out, angle);
    Vec3* v = testUd(L, idx, angle ? rt.impl().angleMeta : rt.impl().vectorMeta);
    if (v && out) *out = *v;
    return v != nullptr;
}
void pushVector(Runtime& rt, lua_State* L, Vec3 v, bool angle) {
    if (rt.impl().ffiTypes) return ffiPushVector(rt, L, v, angle);
    pushUd(L, v, angle ? rt.impl().angleMetaRef : rt.impl().vectorMetaRef);
}

void openTypes(Runtime& rt, lua_State* L) {
    auto& impl = rt.impl();
    luaL_newmetatable(L, "Vector");
    setFuncs(L, kVectorMeta);
    lua_pushstring(L, "Vector");
    lua_setfield(L, -2, "MetaName");
    lua_pushinteger(L, 10);
    lua_setfield(L, -2, "MetaID");
    impl.vectorMeta = lua_topointer(L, -1);
    impl.vectorMetaRef = luaL_ref(L, LUA_REGISTRYINDEX);

    luaL_newmetatable(L, "Angle");
    setFuncs(L, kAngleMeta);
    lua_pushstring(L, "Angle");
    lua_setfield(L, -2, "MetaName");
    lua_pushinteger(L, 11);
    lua_setfield(L, -2, "MetaID");
    impl.angleMeta = lua_topointer(L, -1);
    impl.angleMetaRef = luaL_ref(L, LUA_REGISTRYINDEX);

    lua_pushcfunction(L, lVector);
    lua_setglobal(L, "Vector");
    lua_pushcfunction(L, lAngle);
    lua_setglobal(L, "Angle");
}

}  // namespace vestige::source::glua
