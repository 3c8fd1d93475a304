// The entity table: the one seam between the bindings and the entity list (see EntityTable in internal.hpp), and the
// Entity userdata cache on top of it (one handle per live entity, so Entity(1) == Entity(1)).
#include <new>

#include "internal.hpp"

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
    const EntityRecord* live = impl.entities.liveAt(index);
    if (!live) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, impl.nullRef);
        return;
    }
    const EntityRecord& e = *live;
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.entityCacheRef);
    lua_rawgeti(L, -1, index);
    if (auto* h = static_cast<EntHandle*>(lua_touserdata(L, -1)); h && h->serial == e.serial) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    auto* h = static_cast<EntHandle*>(lua_newuserdata(L, sizeof(EntHandle)));
    new (h) EntHandle{index, e.serial};
    lua_rawgeti(L, LUA_REGISTRYINDEX, e.isPlayer ? impl.playerMetaRef : impl.entityMetaRef);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, index);
    lua_remove(L, -2);
    registerHandle(rt, L, index, e.serial);
}

int createEntity(Runtime& rt, std::string className, bool isPlayer) {
    return entityTable(rt).create(std::move(className), isPlayer);
}

EntityTable& entityTable(Runtime& rt) { return implOf(rt).entities; }

EntityTable::EntityTable() : mRecords(2) {
    EntityRecord& world = mRecords[0];
    world.index = 0;
    world.serial = mNextSerial++;
    world.alive = true;
    world.className = "worldspawn";
    world.name = "worldspawn";
    mRecords[1].index = 1;
}

int EntityTable::create(std::string className, bool isPlayer) {
    EntityRecord e;
    e.index = static_cast<int>(mRecords.size());
    e.serial = mNextSerial++;
    e.alive = true;
    e.isPlayer = isPlayer;
    e.className = std::move(className);
    mRecords.push_back(std::move(e));
    return mRecords.back().index;
}

EntityRecord& EntityTable::spawnPlayer() {
    EntityRecord& p = mRecords[1];
    p = EntityRecord{};
    p.index = 1;
    p.serial = mNextSerial++;
    p.alive = true;
    p.isPlayer = true;
    return p;
}

void EntityTable::remove(int index) {
    if (EntityRecord* e = liveAt(index)) e->alive = false;
}

}  // namespace vestige::source::glua
