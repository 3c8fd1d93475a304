// Player state the gamemodes set on spawn and read back (the wiki's Player methods): hands and view models, the
// client's userinfo variables (GetInfo / GetInfoNum), teammate avoidance and no-collide flags, the player and weapon
// colours, the drop-weapon-on-death flag, and observer modes (Spectate / UnSpectate, World::startObserverMode).
#include <cmath>
#include <cstdlib>
#include <string>

#include "entity_binding.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

game::World& worldOf(lua_State* L) { return entityTable(rtOf(L)).world(); }
game::PlayerData& pdata(lua_State* L, int idx) { return *checkPlayer(L, idx)->player; }

int pGetHands(lua_State* L) {
    pushHandle(rtOf(L), L, pdata(L, 1).hands);
    return 1;
}
int pSetHands(lua_State* L) {
    game::PlayerData& pd = pdata(L, 1);
    pd.hands = optHandle(L, 2);
    return 0;
}
// GetViewModel(index = 0): one of the three the player got at its first spawn; NULL outside 0..2.
int pGetViewModel(lua_State* L) {
    game::PlayerData& pd = pdata(L, 1);
    const lua_Number i = luaL_optnumber(L, 2, 0);
    const bool inRange = std::isfinite(i) && i >= 0 && i < 3;
    pushHandle(rtOf(L), L, inRange ? pd.viewModels[static_cast<int>(i)] : game::EntityHandle{});
    return 1;
}
// Entity:ViewModelIndex(): 0..2 for a player's view model, nil for every other entity.
int eViewModelIndex(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    const GameEntity* owner = worldOf(L).get(e->owner);
    if (owner && owner->player)
        for (int i = 0; i < 3; ++i)
            if (owner->player->viewModels[i] == e->handle) {
                lua_pushinteger(L, i);
                return 1;
            }
    lua_pushnil(L);
    return 1;
}

const std::string* userInfo(const game::PlayerData& pd, std::string_view name) {
    for (const auto& [key, value] : pd.userInfo)
        if (key == name) return &value;
    return nullptr;
}
// GetInfo(name): the client's value of a userinfo variable; "" when the client has no such variable.
int pGetInfo(lua_State* L) {
    const game::PlayerData& pd = pdata(L, 1);
    const std::string* v = userInfo(pd, luaL_checkstring(L, 2));
    lua_pushstring(L, v ? v->c_str() : "");
    return 1;
}
// GetInfoNum(name, default): the value read as a number (atof: 0 when it is not one); `default` when absent.
int pGetInfoNum(lua_State* L) {
    const game::PlayerData& pd = pdata(L, 1);
    const std::string* v = userInfo(pd, luaL_checkstring(L, 2));
    const lua_Number fallback = luaL_checknumber(L, 3);
    lua_pushnumber(L, v ? std::strtod(v->c_str(), nullptr) : fallback);
    return 1;
}

// The boolean flags: Set*(bool) stores Lua's truth of the argument, Get* reads it back.
template <bool game::PlayerData::*Flag>
int setFlag(lua_State* L) {
    pdata(L, 1).*Flag = lua_toboolean(L, 2) != 0;
    return 0;
}
template <bool game::PlayerData::*Flag>
int getFlag(lua_State* L) {
    lua_pushboolean(L, pdata(L, 1).*Flag);
    return 1;
}

// SetPlayerColor / SetWeaponColor(Vector): finite channels only (a NaN never reaches the state).
int setColor(lua_State* L, Vec3 game::PlayerData::*which, const char* what) {
    game::PlayerData& pd = pdata(L, 1);
    const Vec3 c = checkVec(L, 2);
    if (!isFinite(c)) {
        refuseNonFinite(rtOf(L), what, checkEnt(L, 1)->index);
        return 0;
    }
    pd.*which = c;
    return 0;
}
int pSetPlayerColor(lua_State* L) { return setColor(L, &game::PlayerData::playerColor, "Player:SetPlayerColor"); }
int pSetWeaponColor(lua_State* L) { return setColor(L, &game::PlayerData::weaponColor, "Player:SetWeaponColor"); }
int pGetPlayerColor(lua_State* L) {
    pushVector(rtOf(L), L, pdata(L, 1).playerColor);
    return 1;
}
int pGetWeaponColor(lua_State* L) {
    pushVector(rtOf(L), L, pdata(L, 1).weaponColor);
    return 1;
}

int obsMode(lua_State* L, int idx) {
    const lua_Number m = luaL_checknumber(L, idx);
    return std::isfinite(m) && m >= 0 && m < 16 ? static_cast<int>(m) : -1;
}
int pSpectate(lua_State* L) {
    GameEntity* p = checkPlayer(L, 1);
    (void)worldOf(L).startObserverMode(*p, obsMode(L, 2));
    return 0;
}
int pUnSpectate(lua_State* L) {
    worldOf(L).stopObserverMode(*checkPlayer(L, 1));
    return 0;
}
int pSetObserverMode(lua_State* L) {
    GameEntity* p = checkPlayer(L, 1);
    (void)worldOf(L).setObserverMode(*p, obsMode(L, 2));
    return 0;
}
int pGetObserverMode(lua_State* L) {
    lua_pushinteger(L, pdata(L, 1).observerMode);
    return 1;
}
int pSpectateEntity(lua_State* L) {
    pdata(L, 1).observerTarget = optHandle(L, 2);
    return 0;
}
int pGetObserverTarget(lua_State* L) {
    pushHandle(rtOf(L), L, pdata(L, 1).observerTarget);
    return 1;
}

const luaL_Reg kPlayerState[] = {{"GetHands", pGetHands},
                                 {"SetHands", pSetHands},
                                 {"GetViewModel", pGetViewModel},
                                 {"GetInfo", pGetInfo},
                                 {"GetInfoNum", pGetInfoNum},
                                 {"SetAvoidPlayers", setFlag<&game::PlayerData::avoidPlayers>},
                                 {"GetAvoidPlayers", getFlag<&game::PlayerData::avoidPlayers>},
                                 {"SetNoCollideWithTeammates", setFlag<&game::PlayerData::noCollideWithTeammates>},
                                 {"GetNoCollideWithTeammates", getFlag<&game::PlayerData::noCollideWithTeammates>},
                                 {"ShouldDropWeapon", setFlag<&game::PlayerData::dropWeaponOnDeath>},
                                 {"SetPlayerColor", pSetPlayerColor},
                                 {"GetPlayerColor", pGetPlayerColor},
                                 {"SetWeaponColor", pSetWeaponColor},
                                 {"GetWeaponColor", pGetWeaponColor},
                                 {"Spectate", pSpectate},
                                 {"UnSpectate", pUnSpectate},
                                 {"SetObserverMode", pSetObserverMode},
                                 {"GetObserverMode", pGetObserverMode},
                                 {"SpectateEntity", pSpectateEntity},
                                 {"GetObserverTarget", pGetObserverTarget},
                                 {nullptr, nullptr}};
const luaL_Reg kEntityViewModel[] = {{"ViewModelIndex", eViewModelIndex}, {nullptr, nullptr}};

}  // namespace

void openPlayerState(Runtime& rt, lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).playerMetaRef);
    setFuncs(L, kPlayerState);
    lua_pop(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kEntityViewModel);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
