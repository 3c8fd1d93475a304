// What GMod's constraint library (lua/includes/modules/constraint.lua) needs from the engine, over the world's
// constraint entities (game/constraints.hpp): Entity:SetPhysConstraintObjects, the global SetPhysConstraintSystem,
// Entity:DeleteOnRemove / DontDeleteOnRemove (World::remove takes the listed entities along), Entity:SetTable and
// Entity:SetEntity (keyframe_rope's StartEntity / EndEntity). Names and arguments are the wiki's.
#include <algorithm>

#include "entity_binding.hpp"
#include "physobj.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/game/constraints.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

// Entity:SetPhysConstraintObjects(PhysObj phys1, PhysObj phys2): the two objects the constraint entity joins when
// it activates. Other classes have no use for them (as in GMod, nothing happens).
int eSetPhysConstraintObjects(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const physics::BodyId a = checkPhysBody(L, 2);
    const physics::BodyId b = checkPhysBody(L, 3);
    (void)game::setConstraintObjects(*e, a, b);
    return 0;
}

// SetPhysConstraintSystem(Entity system): the phys_constraintsystem constraints made from now on join (NULL: none).
int gSetPhysConstraintSystem(lua_State* L) {
    entityTable(rtOf(L)).world().constraintSystem = optHandle(L, 1);
    return 0;
}

// Entity:DeleteOnRemove(Entity other): `other` is removed when this entity is (once, even if asked twice). A NULL
// self is let through: it is what the counted Player:GetViewModel stand-in hands out (gmod_hands.lua calls
// vm:DeleteOnRemove), and the stand-in, not the hands, is what is missing.
int eDeleteOnRemove(lua_State* L) {
    if (!entityOf(rtOf(L), testHandle(rtOf(L), L, 1))) {
        (void)checkEnt(L, 2);
        return 0;
    }
    GameEntity* e = checkEnt(L, 1);
    const GameEntity* other = checkEnt(L, 2);
    if (std::find(e->deleteOnRemove.begin(), e->deleteOnRemove.end(), other->handle) == e->deleteOnRemove.end())
        e->deleteOnRemove.push_back(other->handle);
    return 0;
}
int eDontDeleteOnRemove(lua_State* L) {
    if (!entityOf(rtOf(L), testHandle(rtOf(L), L, 1))) return 0;  // NULL self: as DeleteOnRemove
    GameEntity* e = checkEnt(L, 1);
    const EntityHandle other = optHandle(L, 2);
    std::erase(e->deleteOnRemove, other);
    return 0;
}

// Entity:SetTable(table): the table indexing the entity reads and writes from now on (GetTable returns it).
int eSetTable(lua_State* L) {
    const GameEntity* e = checkEnt(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(L).entityTablesRef);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, e->index);
    lua_pop(L, 1);
    return 0;
}

// Entity:SetEntity(string name, Entity ent): an entity-valued key of the engine's classes (keyframe_rope's ends).
int eSetEntity(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    std::size_t len = 0;
    const char* name = luaL_checklstring(L, 2, &len);
    const EntityHandle h = optHandle(L, 3);
    const std::string key(name, len);
    auto it = std::find_if(e->entityKeys.begin(), e->entityKeys.end(),
                           [&](const auto& kv) { return iequals(kv.first, key); });
    if (it == e->entityKeys.end())
        e->entityKeys.emplace_back(key, h);
    else
        it->second = h;
    return 0;
}

const luaL_Reg kEntityConstraintMethods[] = {{"SetPhysConstraintObjects", eSetPhysConstraintObjects},
                                             {"DeleteOnRemove", eDeleteOnRemove},
                                             {"DontDeleteOnRemove", eDontDeleteOnRemove},
                                             {"SetTable", eSetTable},
                                             {"SetEntity", eSetEntity},
                                             {nullptr, nullptr}};

}  // namespace

void openConstraints(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kEntityConstraintMethods);
    lua_pop(L, 1);
    lua_pushcfunction(L, gSetPhysConstraintSystem);
    lua_setglobal(L, "SetPhysConstraintSystem");
}

}  // namespace vestige::source::glua
