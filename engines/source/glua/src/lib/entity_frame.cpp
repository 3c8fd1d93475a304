// The entity's frame (wiki Entity:LocalToWorld, WorldToLocal, LocalToWorldAngles, WorldToLocalAngles): its origin
// and angles as the engine's EntityToWorldTransform, so a point or an angle in the entity's space and the world's
// convert both ways. Non-finite arguments are Lua errors.
#include "entity_binding.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

Vec3 finiteArg(lua_State* L, int idx, bool angle) {
    const Vec3 v = checkVec3(L, rtOf(L), idx, angle);
    if (!isFinite(v)) luaL_argerror(L, idx, angle ? "finite Angle expected" : "finite Vector expected");
    return v;
}

int eLocalToWorld(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const Vec3 p = finiteArg(L, 2, false);
    pushVector(rtOf(L), L, e->origin + rotate(game::anglesToQuat(e->angles), p));
    return 1;
}
int eWorldToLocal(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const Vec3 p = finiteArg(L, 2, false);
    pushVector(rtOf(L), L, rotate(game::anglesToQuat(e->angles).conjugate(), p - e->origin));
    return 1;
}
int eLocalToWorldAngles(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const Vec3 a = finiteArg(L, 2, true);
    pushAngle(rtOf(L), L, game::quatToAngles(game::anglesToQuat(e->angles) * game::anglesToQuat(a)));
    return 1;
}
int eWorldToLocalAngles(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const Vec3 a = finiteArg(L, 2, true);
    pushAngle(rtOf(L), L, game::quatToAngles(game::anglesToQuat(e->angles).conjugate() * game::anglesToQuat(a)));
    return 1;
}

const luaL_Reg kFrameMethods[] = {{"LocalToWorld", eLocalToWorld},
                                  {"WorldToLocal", eWorldToLocal},
                                  {"LocalToWorldAngles", eLocalToWorldAngles},
                                  {"WorldToLocalAngles", eWorldToLocalAngles},
                                  {nullptr, nullptr}};

}  // namespace

void openEntityFrame(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kFrameMethods);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
