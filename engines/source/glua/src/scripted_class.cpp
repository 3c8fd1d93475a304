// Scripted entity and weapon classes in the world: once a SENT or SWEP is registered, its class name creates entities
// with this behaviour (ents.Create, Player:Give, map entities of that class). Spawn gives the entity its class's Lua
// members (scripted_ents.Get / weapons.Get: the table merged with its bases) and runs ENT:Initialize; a SENT then
// thinks through the world's think schedule.
//
// Think timing (GMod wiki ENTITY:Think): "Return true if you used Entity:NextThink to override the next execution
// time. Otherwise it will be reset to CurTime() + 0.2." Entity:NextThink(t) is the engine's SetNextThink(t), rounded
// to a tick (TIME_TO_TICKS) by the world. The first Think runs on the tick after Spawn. SWEPs do not think here: their
// Think comes from the owner's ItemPostFrame (lib/weapon.cpp); the wiki's Entity:NextThink notes it does not work
// with SWEPs.
//
// Bad input (issue #16 acceptance): an error in Initialize or Think is recorded with file:line and traceback
// (protectedCall), the entity is removed (World::remove: EntityRemoved and OnRemove fire, the slot frees at the end of
// the tick) and the session goes on.
#include <memory>

#include "lib/entity_binding.hpp"
#include "weapons.hpp"

namespace vestige::source::glua {
namespace {

constexpr float kDefaultThinkDelay = 0.2f;  // ENTITY:Think's reset: CurTime() + 0.2

// Copies <module>.Get(class)'s members into the entity's own table where it has none yet.
void fillMembers(Runtime& rt, lua_State* L, const game::Entity& e, const char* module) {
    lua_getglobal(L, module);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_getfield(L, -1, "Get");
    lua_remove(L, -2);
    lua_pushstring(L, e.className.c_str());
    if (!rt.protectedCall(1, 1)) return;
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    binding::pushPerEntityTable(L, implOf(rt).entityTablesRef, e.index, true);
    lua_pushnil(L);
    while (lua_next(L, -3) != 0) {
        lua_pushvalue(L, -2);
        lua_rawget(L, -4);
        const bool absent = lua_isnil(L, -1);
        lua_pop(L, 1);
        if (absent) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -4);
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
}

class ScriptedClass final : public game::EntityClass {
public:
    ScriptedClass(Runtime* rt, bool weapon) : mRt(rt), mWeapon(weapon) {}

    [[nodiscard]] bool weapon() const { return mWeapon; }

    void spawn(game::World& world, game::Entity& e) override {
        lua_State* L = mRt->state();
        if (mWeapon) initWeaponState(*mRt, e);
        if (pushEntityMethod(*mRt, L, e, "Initialize") && !mRt->protectedCall(1, 0)) {
            world.remove(e);
            return;
        }
        if (!mWeapon && !e.markedForDeletion) e.nextThinkTick = static_cast<int>(world.tick()) + 1;
    }

    void think(game::World& world, game::Entity& e) override {
        if (mWeapon) return;
        lua_State* L = mRt->state();
        bool keep = false;  // Think returned true: the time NextThink set stands
        if (pushEntityMethod(*mRt, L, e, "Think")) {
            if (!mRt->protectedCall(1, 1)) {
                world.remove(e);
                return;
            }
            keep = lua_toboolean(L, -1) != 0;
            lua_pop(L, 1);
        }
        if (!keep && !e.markedForDeletion) world.setNextThink(e, world.curtime() + kDefaultThinkDelay);
    }

private:
    Runtime* mRt;
    bool mWeapon;
};

// Whether <module>.GetStored(class) has an entry.
bool stored(Runtime& rt, const char* module, std::string_view cls) {
    lua_State* L = rt.state();
    lua_getglobal(L, module);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    lua_getfield(L, -1, "GetStored");
    lua_remove(L, -2);
    lua_pushlstring(L, cls.data(), cls.size());
    if (!rt.protectedCall(1, 1)) return false;
    const bool have = !lua_isnil(L, -1);
    lua_pop(L, 1);
    return have;
}

// Entity:SetDT<Type>(index, value) / GetDT<Type>(index): the entity's data table slots, which NetworkVar
// (InstallDataTable, GMod's entity.lua) builds its Get/Set pairs on. Kept in the entity's networked-vars table under
// a key of their own ("\1DT<type><index>"); a slot never set reads as the type's zero value.
using DtType = binding::NetVarType;

void pushDtKey(lua_State* L, DtType t, int index) {
    static constexpr const char* kNames[] = {"Int", "Float", "Bool", "String", "Vector", "Angle", "Entity"};
    lua_pushfstring(L, "\1DT%s%d", kNames[static_cast<int>(t)], index);
}

int dtSet(lua_State* L, DtType t) {
    Runtime& rt = runtimeOf(L);
    const GameEntity* e = binding::checkEnt(L, 1);
    const int index = static_cast<int>(luaL_checkinteger(L, 2));
    switch (t) {
        case DtType::Int:
        case DtType::Float:
            lua_pushnumber(L, luaL_checknumber(L, 3));
            break;
        case DtType::Bool:
            lua_pushboolean(L, lua_toboolean(L, 3));
            break;
        case DtType::String:
            luaL_checkstring(L, 3);
            lua_pushvalue(L, 3);
            break;
        case DtType::Vector:
            pushVector(rt, L, binding::checkVec(L, 3));
            break;
        case DtType::Angle:
            pushAngle(rt, L, binding::checkAng(L, 3));
            break;
        case DtType::Entity: {
            const GameEntity* v = toEntity(rt, L, 3);
            pushEntity(rt, L, v ? v->index : -1);
            break;
        }
    }
    binding::pushPerEntityTable(L, implOf(rt).nwRef, e->index, true);
    pushDtKey(L, t, index);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    return 0;
}

int dtGet(lua_State* L, DtType t) {
    Runtime& rt = runtimeOf(L);
    const GameEntity* e = binding::checkEnt(L, 1);
    const int index = static_cast<int>(luaL_checkinteger(L, 2));
    if (binding::pushPerEntityTable(L, implOf(rt).nwRef, e->index, false)) {
        pushDtKey(L, t, index);
        lua_rawget(L, -2);
        if (!lua_isnil(L, -1)) return 1;
    }
    binding::pushNetVarZero(rt, L, t);
    return 1;
}

#define VESTIGE_DT(Name)                                             \
    int setDT##Name(lua_State* L) { return dtSet(L, DtType::Name); } \
    int getDT##Name(lua_State* L) { return dtGet(L, DtType::Name); }
VESTIGE_DT(Int)
VESTIGE_DT(Float)
VESTIGE_DT(Bool)
VESTIGE_DT(String)
VESTIGE_DT(Vector)
VESTIGE_DT(Angle)
VESTIGE_DT(Entity)
#undef VESTIGE_DT

const luaL_Reg kDataTableMethods[] = {
    {"SetDTInt", setDTInt},       {"GetDTInt", getDTInt},       {"SetDTFloat", setDTFloat},
    {"GetDTFloat", getDTFloat},   {"SetDTBool", setDTBool},     {"GetDTBool", getDTBool},
    {"SetDTString", setDTString}, {"GetDTString", getDTString}, {"SetDTVector", setDTVector},
    {"GetDTVector", getDTVector}, {"SetDTAngle", setDTAngle},   {"GetDTAngle", getDTAngle},
    {"SetDTEntity", setDTEntity}, {"GetDTEntity", getDTEntity}, {nullptr, nullptr}};

}  // namespace

void bindScriptedClasses(Runtime& rt) {
    lua_State* L0 = rt.state();
    lua_rawgeti(L0, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L0, kDataTableMethods);
    lua_pop(L0, 1);
    // A class name no C++ class has is a SENT or SWEP when the modules have it registered (GMod's CreateEntityByName
    // asks the Lua registries too), whenever it was registered.
    Runtime* r = &rt;
    rt.world().classes().setFallback([r](std::string_view cls) -> std::unique_ptr<game::EntityClass> {
        if (stored(*r, "scripted_ents", cls)) return std::make_unique<ScriptedClass>(r, false);
        if (stored(*r, "weapons", cls)) return std::make_unique<ScriptedClass>(r, true);
        return nullptr;
    });
    // At creation (ents.Create, Player:Give, the map): a weapon class's slot gets its state first, so the entity's
    // first userdata already has the Weapon metatable; a scripted class's entity gets Get(class)'s members, as GMod
    // gives them before Spawn.
    rt.world().hooks.onEntityCreated = [r](game::World&, game::Entity& e) {
        const auto* scripted = dynamic_cast<const ScriptedClass*>(e.behaviour.get());
        if ((scripted && scripted->weapon()) || isEngineWeapon(e.className)) weaponsOf(*r).weapons[e.index];
        if (!scripted) return;
        lua_State* L = r->state();
        fillMembers(*r, L, e, scripted->weapon() ? "weapons" : "scripted_ents");
        // ENTITY:SetupDataTables, "called when the entity is created", after Entity:InstallDataTable gave the entity
        // NetworkVar (GMod's entity.lua in install mode; absent in standalone mode).
        pushEntity(*r, L, e.index);
        lua_getfield(L, -1, "InstallDataTable");
        if (lua_isfunction(L, -1)) {
            lua_insert(L, -2);
            (void)r->protectedCall(1, 0);
        } else {
            lua_pop(L, 2);
        }
        if (pushEntityMethod(*r, L, e, "SetupDataTables")) (void)r->protectedCall(1, 0);
    };
}

bool isScriptedWeaponClass(Runtime& rt, std::string_view cls) {
    const auto behaviour = rt.world().classes().create(cls);
    const auto* scripted = dynamic_cast<const ScriptedClass*>(behaviour.get());
    return scripted && scripted->weapon();
}

}  // namespace vestige::source::glua
