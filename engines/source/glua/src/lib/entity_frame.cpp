// The entity's frame (wiki Entity:LocalToWorld, WorldToLocal, LocalToWorldAngles, WorldToLocalAngles): its origin
// and angles as the engine's EntityToWorldTransform, so a point or an angle in the entity's space and the world's
// convert both ways; the local position and angles relative to the parent; SetAbsVelocity. Non-finite arguments are
// Lua errors.
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

// Local position / angles: relative to the parent's frame (the entity's own place when it has no parent, as the
// SDK's local origin is the absolute one then). Setting one moves the entity (and its body) in the world.
const GameEntity* parentOf(lua_State* L, const GameEntity& e) { return entityTable(rtOf(L)).world().get(e.parent); }
int eGetLocalPos(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const GameEntity* p = parentOf(L, *e);
    pushVector(rtOf(L), L, p ? rotate(game::anglesToQuat(p->angles).conjugate(), e->origin - p->origin) : e->origin);
    return 1;
}
int eSetLocalPos(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const Vec3 v = finiteArg(L, 2, false);
    const GameEntity* p = parentOf(L, *e);
    setEntityVec(rtOf(L), *e, 0, p ? p->origin + rotate(game::anglesToQuat(p->angles), v) : v);
    return 0;
}
int eGetLocalAngles(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    const GameEntity* p = parentOf(L, *e);
    pushAngle(
        rtOf(L), L,
        p ? game::quatToAngles(game::anglesToQuat(p->angles).conjugate() * game::anglesToQuat(e->angles)) : e->angles);
    return 1;
}
int eSetLocalAngles(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const Vec3 a = finiteArg(L, 2, true);
    const GameEntity* p = parentOf(L, *e);
    setEntityVec(rtOf(L), *e, 1, p ? game::quatToAngles(game::anglesToQuat(p->angles) * game::anglesToQuat(a)) : a);
    return 0;
}
// SetAbsVelocity(Vector): the velocity in world space (players: their movement's too).
int eSetAbsVelocity(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    setEntityVec(rtOf(L), *e, 2, finiteArg(L, 2, false));
    return 0;
}

const luaL_Reg kFrameMethods[] = {{"LocalToWorld", eLocalToWorld},
                                  {"WorldToLocal", eWorldToLocal},
                                  {"LocalToWorldAngles", eLocalToWorldAngles},
                                  {"WorldToLocalAngles", eWorldToLocalAngles},
                                  {"GetLocalPos", eGetLocalPos},
                                  {"SetLocalPos", eSetLocalPos},
                                  {"GetLocalAngles", eGetLocalAngles},
                                  {"SetLocalAngles", eSetLocalAngles},
                                  {"SetAbsVelocity", eSetAbsVelocity},
                                  {nullptr, nullptr}};

}  // namespace

void openEntityFrame(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kFrameMethods);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
