#pragma once
// What the Entity (lib/entity.cpp) and Player (lib/player.cpp) bindings share: argument checks that resolve a Lua
// handle to the world's entity (NULL and stale handles raise GMod's "Tried to use a NULL entity!").
#include "../internal.hpp"

namespace vestige::source::glua::binding {

constexpr const char* kPlayerNick = "Player";  // single player: the listen server host

inline Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

// The handle at idx when it is an Entity, Player or Weapon userdata (see testPayload).
inline EntHandle* testHandle(Runtime& rt, lua_State* L, int idx, Meta leave = Meta::Pop) {
    const auto& impl = implOf(rt);
    void* p = testPayload(L, idx, sizeof(EntHandle), impl.entityMeta, impl.playerMeta, leave);
    if (!p && impl.weaponMeta) p = testPayload(L, idx, sizeof(EntHandle), impl.weaponMeta, nullptr, leave);
    return static_cast<EntHandle*>(p);
}
// The live entity of a handle, or nullptr for NULL and stale handles.
inline GameEntity* entityOf(Runtime& rt, const EntHandle* h) {
    return h ? entityTable(rt).live(h->index, h->serial) : nullptr;
}
GameEntity* checkEnt(lua_State* L, Runtime& rt, int idx, Meta leave = Meta::Pop);
inline GameEntity* checkEnt(lua_State* L, int idx) { return checkEnt(L, rtOf(L), idx); }
GameEntity* checkPlayer(lua_State* L, int idx);
// An optional entity argument: nil / NULL / stale give an empty handle.
EntityHandle optHandle(lua_State* L, int idx);
Vec3 checkVec3(lua_State* L, Runtime& rt, int idx, bool angle);
inline Vec3 checkVec(lua_State* L, int idx) { return checkVec3(L, rtOf(L), idx, false); }
inline Vec3 checkAng(lua_State* L, int idx) { return checkVec3(L, rtOf(L), idx, true); }
// The entity a handle names pushed (NULL when it is gone).
void pushHandle(Runtime& rt, lua_State* L, EntityHandle h);
// Non-finite values never enter engine state (seed D1): the warning the setters log.
void refuseNonFinite(Runtime& rt, const char* what, int index);
// Stores position / angles / velocity through the world (children follow, players' movement state too).
void setEntityVec(Runtime& rt, GameEntity& e, int which, Vec3 v);
// The value types of networked vars (SetNW*/GetNW*) and data-table vars (SetDT*/GetDT*, scripted_class.cpp).
enum class NetVarType { Int, Float, Bool, String, Vector, Angle, Entity };
// Pushes the type's zero value: what a getter returns when nothing is stored and no fallback is given.
void pushNetVarZero(Runtime& rt, lua_State* L, NetVarType t);
// Pushes registry[ref][index] (the per-entity tables: GetTable, NW vars), creating it when `create`; false (nothing
// pushed) when it is missing and not created.
bool pushPerEntityTable(lua_State* L, int ref, int index, bool create);
// Player methods (lib/player.cpp), registered into the Player metatable.
extern const luaL_Reg kPlayerMethods[];
// Entity:OnGround / WaterLevel (lib/player.cpp): the movement state.
extern const luaL_Reg kMovementStateMethods[];

}  // namespace vestige::source::glua::binding
