// Map I/O from Lua over the entity world's event queue and inputs (engines/source/game world_io.cpp): Entity:Fire
// (queued, fired on its tick), Entity:Input (at once), the ent_fire console command, and the hooks the world calls:
// GM:AcceptInput / ENT:AcceptInput on every input, GM:EntityKeyValue (map keys) / ENT:KeyValue on every key, and the
// scripted entity table a map entity of a SENT class starts with. One set of rules: Lua never keeps its own queue.
#include <cmath>
#include <cstdlib>
#include <string>

#include "entity_binding.hpp"
#include "vestige/core/text.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

std::string_view checkText(lua_State* L, int idx) {
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, idx, &len);
    return {s, len};
}

// tostring(v) of the value at idx as a string; "" for none/nil.
std::string paramText(lua_State* L, int idx) {
    if (lua_isnoneornil(L, idx)) return {};
    lua_getglobal(L, "tostring");
    lua_pushvalue(L, idx);
    lua_call(L, 1, 1);
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    std::string out(s ? s : "", s ? len : 0);
    lua_pop(L, 1);
    return out;
}

// Entity:Fire(input, param, delay, activator, caller): g_EventQueue.AddEvent to this entity, due at curtime + delay
// (serviced after the tick's thinks, as every output's event). The parameter is the input's value as a string
// (numbers and booleans through tostring); a missing one is the empty string.
int eFire(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    const std::string_view input = checkText(L, 2);
    const lua_Number d = luaL_optnumber(L, 4, 0);
    const EntityHandle activator = optHandle(L, 5);
    const EntityHandle caller = optHandle(L, 6);
    const float delay = std::isfinite(d) ? static_cast<float>(d) : 0.0f;
    const EntityHandle target = e->handle;
    entityTable(rt).world().postEvent(target, input, game::Variant::ofString(paramText(L, 3)), delay, activator,
                                      caller);
    return 0;
}

// Entity:Input(input, activator, caller, param): AcceptInput now, bypassing the queue.
int eInput(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkEnt(L, 1);
    const std::string_view input = checkText(L, 2);
    const EntityHandle activator = optHandle(L, 3);
    const EntityHandle caller = optHandle(L, 4);
    (void)entityTable(rt).world().acceptInput(*e, input, activator, caller, game::Variant::ofString(paramText(L, 5)));
    return 0;
}

const luaL_Reg kEntityIoMethods[] = {{"Fire", eFire}, {"Input", eInput}, {nullptr, nullptr}};

// GM:AcceptInput's value: a string, a number, a boolean or nil (wiki), from the variant's type.
void pushVariant(lua_State* L, const game::Variant& v) {
    using T = game::Variant::Type;
    switch (v.type) {
        case T::Void:
            lua_pushnil(L);
            return;
        case T::String:
            lua_pushlstring(L, v.text.data(), v.text.size());
            return;
        case T::Float:
            lua_pushnumber(L, v.number);
            return;
        case T::Integer:
            lua_pushinteger(L, v.integer);
            return;
        case T::Boolean:
            lua_pushboolean(L, v.integer != 0);
            return;
        default: {
            const std::string s = v.toString();
            lua_pushlstring(L, s.data(), s.size());
        }
    }
}

void pushOpt(Runtime& rt, lua_State* L, const game::Entity* e) { pushEntity(rt, L, e ? e->index : -1); }

// The first result is exactly `true`.
bool popTrue(lua_State* L) {
    const bool yes = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1);
    lua_pop(L, 1);
    return yes;
}

}  // namespace

bool runEngineCommand(lua_State* L, const char* name, int first) {
    if (!iequals(name, "ent_fire")) return false;
    Runtime& rt = rtOf(L);
    const int n = lua_gettop(L) - first;  // arguments after the name
    bool cheats = false;
    lua_getglobal(L, "GetConVarNumber");
    if (lua_isfunction(L, -1)) {
        lua_pushliteral(L, "sv_cheats");
        lua_call(L, 1, 1);
        cheats = lua_tonumber(L, -1) != 0;
    }
    lua_pop(L, 1);
    // FCVAR_CHEAT (the engine's console refuses it without sv_cheats).
    if (!cheats) {
        rt.print("Can't use cheat command ent_fire in multiplayer, unless the server has sv_cheats set to 1.\n");
        return true;
    }
    if (n < 1) {
        rt.print("Usage:\n   ent_fire <target> [action] [value] [delay]\n");
        return true;
    }
    // Every argument becomes its tostring() text first (Lua calls, before any C++ string exists).
    for (int i = first + 1; i <= first + n; ++i) {
        lua_getglobal(L, "tostring");
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);
        lua_replace(L, i);
    }
    const auto arg = [&](int k) {
        std::size_t len = 0;
        const char* s = lua_tolstring(L, first + k, &len);
        return std::string(s ? s : "", s ? len : 0);
    };
    // CC_Ent_Fire: target, action ("Use" when absent), value (a string, void when absent), delay (atoi: whole
    // seconds), activator and caller = the command's player.
    const std::string target = arg(1);
    const std::string action = n >= 2 ? arg(2) : std::string("Use");
    game::Variant value;
    if (n >= 3) value = game::Variant::ofString(arg(3));
    const int delay = n >= 4 ? std::atoi(arg(4).c_str()) : 0;
    game::World& world = entityTable(rt).world();
    const game::Entity* player = world.player(1);
    const EntityHandle by = player ? player->handle : EntityHandle{};
    world.postEvent(target, action, std::move(value), static_cast<float>(delay), by, by);
    return true;
}

void openEntityIo(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kEntityIoMethods);
    lua_pop(L, 1);
}

void bindEntityIo(Runtime& rt) {
    game::GameHooks& hooks = rt.world().hooks;
    Runtime* r = &rt;
    // CBaseEntity::AcceptInput in GMod: GM:AcceptInput(ent, input, activator, caller, value) first (true stops the
    // input), then a scripted entity's ENT:AcceptInput(input, activator, caller, param) (true: handled).
    hooks.acceptInput = [r](game::World&, game::Entity& target, std::string_view input, game::Entity* activator,
                            game::Entity* caller, const game::Variant& value) {
        lua_State* L = r->state();
        if (pushHookCall(*r, L, "AcceptInput")) {
            pushEntity(*r, L, target.index);
            lua_pushlstring(L, input.data(), input.size());
            pushOpt(*r, L, activator);
            pushOpt(*r, L, caller);
            pushVariant(L, value);
            if (r->protectedCall(7, 1) && popTrue(L)) return true;
        }
        if (pushEntityMethod(*r, L, target, "AcceptInput")) {
            lua_pushlstring(L, input.data(), input.size());
            pushOpt(*r, L, activator);
            pushOpt(*r, L, caller);
            const std::string param = value.toString();
            lua_pushlstring(L, param.data(), param.size());
            if (r->protectedCall(5, 1) && popTrue(L)) return true;
        }
        return false;
    };
    // GM:EntityKeyValue(ent, key, value) for the map's keys (a string back replaces the value), then a scripted
    // entity's ENT:KeyValue(key, value) for every key (true suppresses it), in the lump's order.
    hooks.keyValue = [r](game::World&, game::Entity& e, std::string_view key, std::string& value, bool fromMap) {
        lua_State* L = r->state();
        if (fromMap && pushHookCall(*r, L, "EntityKeyValue")) {
            pushEntity(*r, L, e.index);
            lua_pushlstring(L, key.data(), key.size());
            lua_pushlstring(L, value.data(), value.size());
            if (r->protectedCall(5, 1)) {
                if (lua_type(L, -1) == LUA_TSTRING) {
                    std::size_t len = 0;
                    const char* s = lua_tolstring(L, -1, &len);
                    value.assign(s, len);
                }
                lua_pop(L, 1);
            }
        }
        if (pushEntityMethod(*r, L, e, "KeyValue")) {
            lua_pushlstring(L, key.data(), key.size());
            lua_pushlstring(L, value.data(), value.size());
            if (r->protectedCall(3, 1)) return popTrue(L);
        }
        return false;
    };
}

}  // namespace vestige::source::glua
