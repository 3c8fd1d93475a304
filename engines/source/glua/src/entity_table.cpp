// The entity table: the one seam between the bindings and the entity world (see EntityTable in internal.hpp), and the
// Entity userdata cache on top of it (one handle per live entity, so Entity(1) == Entity(1)).
#include <new>

#include "internal.hpp"
#include "weapons.hpp"

namespace vestige::source::glua {

// handles[ud] = {index, serial} for the userdata on top: the FFI fast paths accept only these.
void registerHandle(Runtime& rt, lua_State* L, int index, std::uint32_t serial) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).handlesRef);
    lua_pushvalue(L, -2);
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, index);
    lua_rawseti(L, -2, 1);
    lua_pushnumber(L, serial);
    lua_rawseti(L, -2, 2);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

void pushEntity(Runtime& rt, lua_State* L, int index) {
    auto& impl = implOf(rt);
    const GameEntity* live = impl.entities.liveAt(index);
    if (!live) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, impl.nullRef);
        return;
    }
    const GameEntity& e = *live;
    const std::uint32_t serial = e.handle.generation;
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityCacheRef);
    lua_rawgeti(L, -1, index);
    if (auto* h = static_cast<EntHandle*>(lua_touserdata(L, -1)); h && h->serial == serial) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    auto* h = static_cast<EntHandle*>(lua_newuserdata(L, sizeof(EntHandle)));
    new (h) EntHandle{index, serial};
    lua_rawgeti(L, LUA_REGISTRYINDEX,
                e.isPlayer()                ? impl.playerMetaRef
                : isWeaponSlot(impl, index) ? impl.weaponMetaRef
                                            : impl.entityMetaRef);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, index);
    lua_remove(L, -2);
    registerHandle(rt, L, index, serial);
}

int createEntity(Runtime& rt, std::string_view className) { return entityTable(rt).world().create(className).index; }

EntityTable& entityTable(Runtime& rt) { return implOf(rt).entities; }

void forgetEntity(Runtime& rt, lua_State* L, int index) {
    auto& impl = implOf(rt);
    if (impl.weapons) {
        impl.weapons->weapons.erase(index);
        impl.weapons->arsenals.erase(index);
    }
    for (int ref : {impl.entityCacheRef, impl.entityTablesRef, impl.nwRef}) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pushnil(L);
        lua_rawseti(L, -2, index);
        lua_pop(L, 1);
    }
}

}  // namespace vestige::source::glua
