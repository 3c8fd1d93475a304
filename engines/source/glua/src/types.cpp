// Math shared by the bindings. Vector and Angle themselves are ffi structs defined in fastpath.cpp.
#include <cmath>

#include "internal.hpp"

namespace vestige::source::glua {
namespace {

float snapTiny(double v) { return std::fabs(v) < 1e-6 ? 0.0f : static_cast<float>(v); }

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

}  // namespace vestige::source::glua
