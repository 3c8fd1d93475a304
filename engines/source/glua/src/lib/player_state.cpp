// Player state the gamemodes set on spawn and read back (the wiki's Player methods): hands and view models, the
// client's userinfo variables (GetInfo / GetInfoNum), teammate avoidance and no-collide flags, the player and weapon
// colours, the drop-weapon-on-death flag, observer modes (Spectate / UnSpectate, World::startObserverMode), the
// movement hulls and eye offsets, the view punch, and the FL_* entity flags (FL_FROZEN acts: Player:Freeze is GMod's
// Lua over it).
#include <cmath>
#include <cstdint>
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
// A player whose client sent no userinfo at all (GMod install mode runs no client realm yet): GMod's listen-server
// host always has its client's variables, so the answer here is not GMod's and the call is counted.
void countMissingUserInfo(lua_State* L, const game::PlayerData& pd, const char* what) {
    if (pd.userInfo.empty()) countStandIn(implOf(rtOf(L)), what);
}
// GetInfo(name): the client's value of a userinfo variable; "" when the client has no such variable.
int pGetInfo(lua_State* L) {
    const game::PlayerData& pd = pdata(L, 1);
    countMissingUserInfo(L, pd, "Player:GetInfo (no client sent its userinfo)");
    const std::string* v = userInfo(pd, luaL_checkstring(L, 2));
    lua_pushstring(L, v ? v->c_str() : "");
    return 1;
}
// GetInfoNum(name, default): the value read as a number (atof: 0 when it is not one); `default` when absent.
int pGetInfoNum(lua_State* L) {
    const game::PlayerData& pd = pdata(L, 1);
    countMissingUserInfo(L, pd, "Player:GetInfoNum (no client sent its userinfo)");
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

// The Vector setters (colours, eye offsets): finite values only (a NaN never reaches the state; the old one stays).
int setVector(lua_State* L, Vec3 game::PlayerData::*which, const char* what) {
    GameEntity* p = checkPlayer(L, 1);
    const Vec3 v = checkVec(L, 2);
    if (!isFinite(v)) {
        refuseNonFinite(rtOf(L), what, p->index);
        return 0;
    }
    (*p->player).*which = v;
    return 0;
}
// SetPlayerColor / SetWeaponColor(Vector): 0..1 per channel.
int pSetPlayerColor(lua_State* L) { return setVector(L, &game::PlayerData::playerColor, "Player:SetPlayerColor"); }
int pSetWeaponColor(lua_State* L) { return setVector(L, &game::PlayerData::weaponColor, "Player:SetWeaponColor"); }
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
    const int mode = obsMode(L, 2);
    (void)worldOf(L).startObserverMode(*p, mode);
    return 0;
}
int pUnSpectate(lua_State* L) {
    worldOf(L).stopObserverMode(*checkPlayer(L, 1));
    return 0;
}
int pSetObserverMode(lua_State* L) {
    GameEntity* p = checkPlayer(L, 1);
    const int mode = obsMode(L, 2);
    (void)worldOf(L).setObserverMode(*p, mode);
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

// SetHull / SetHullDuck(mins, maxs): finite boxes with mins <= maxs only; the entity's bounds follow while the
// player stands. GetHull / GetHullDuck return both corners; ResetHull puts the world's hulls back.
// A standing player's entity box is its standing hull; traces see the change at once.
void hullsChanged(lua_State* L, GameEntity& p) {
    if (!p.player->move.ducked) {
        p.mins = p.player->hullMins;
        p.maxs = p.player->hullMaxs;
    }
    p.touched();
    worldOf(L).invalidateScene();
}
int setHull(lua_State* L, bool duck) {
    GameEntity* p = checkPlayer(L, 1);
    const Vec3 mins = checkVec(L, 2), maxs = checkVec(L, 3);
    if (!isFinite(mins) || !isFinite(maxs) || mins.x > maxs.x || mins.y > maxs.y || mins.z > maxs.z) {
        refuseNonFinite(rtOf(L), duck ? "Player:SetHullDuck" : "Player:SetHull", p->index);
        return 0;
    }
    game::PlayerData& pd = *p->player;
    (duck ? pd.duckHullMins : pd.hullMins) = mins;
    (duck ? pd.duckHullMaxs : pd.hullMaxs) = maxs;
    hullsChanged(L, *p);
    return 0;
}
int pSetHull(lua_State* L) { return setHull(L, false); }
int pSetHullDuck(lua_State* L) { return setHull(L, true); }
int getHull(lua_State* L, bool duck) {
    const game::PlayerData& pd = pdata(L, 1);
    pushVector(rtOf(L), L, pd.mins(duck));
    pushVector(rtOf(L), L, pd.maxs(duck));
    return 2;
}
int pGetHull(lua_State* L) { return getHull(L, false); }
int pGetHullDuck(lua_State* L) { return getHull(L, true); }
int pResetHull(lua_State* L) {
    GameEntity* p = checkPlayer(L, 1);
    const movement::MoveSettings& world = worldOf(L).options().move;
    game::PlayerData& pd = *p->player;
    pd.hullMins = world.hullMins;
    pd.hullMaxs = world.hullMaxs;
    pd.duckHullMins = world.duckHullMins;
    pd.duckHullMaxs = world.duckHullMaxs;
    hullsChanged(L, *p);
    return 0;
}
// SetViewOffset / SetViewOffsetDucked(Vector): the eye above the origin standing / ducked; the movement moves
// between the two heights as the player ducks (its next command).
int pSetViewOffset(lua_State* L) { return setVector(L, &game::PlayerData::viewOffset, "Player:SetViewOffset"); }
int pSetViewOffsetDucked(lua_State* L) {
    return setVector(L, &game::PlayerData::viewOffsetDucked, "Player:SetViewOffsetDucked");
}
int pGetViewOffset(lua_State* L) {
    pushVector(rtOf(L), L, pdata(L, 1).viewOffset);
    return 1;
}
int pGetViewOffsetDucked(lua_State* L) {
    pushVector(rtOf(L), L, pdata(L, 1).viewOffsetDucked);
    return 1;
}

// SetLadderClimbSpeed(speed): the climb speed the movement uses on ladders (finite, >= 0); GetLadderClimbSpeed.
int pSetLadderClimbSpeed(lua_State* L) {
    GameEntity* p = checkPlayer(L, 1);
    const lua_Number v = luaL_checknumber(L, 2);
    if (!std::isfinite(v) || v < 0) {
        refuseNonFinite(rtOf(L), "Player:SetLadderClimbSpeed", p->index);
        return 0;
    }
    p->player->ladderSpeed = static_cast<float>(v);
    return 0;
}
int pGetLadderClimbSpeed(lua_State* L) {
    lua_pushnumber(L, pdata(L, 1).ladderSpeed);
    return 1;
}
// SetMaxSpeed(speed): this command's max speed; as the wiki says, the engine sets it again from the walk / run
// speeds at the player's next command (World::runPlayer), so only a CMoveData:SetMaxClientSpeed lasts.
int pSetMaxSpeed(lua_State* L) {
    GameEntity* p = checkPlayer(L, 1);
    const lua_Number v = luaL_checknumber(L, 2);
    if (!std::isfinite(v)) {
        refuseNonFinite(rtOf(L), "Player:SetMaxSpeed", p->index);
        return 0;
    }
    p->player->maxSpeed = static_cast<float>(v);
    return 0;
}

// Entity flags (FL_*): AddFlags / RemoveFlags change the stored bits; a player's FL_ONGROUND and FL_DUCKING are read
// from its movement state and cannot be set. FL_FROZEN stops a player's movement, buttons and impulses.
int flagsOf(const GameEntity& e) {
    int f = e.flags;
    if (e.player) {
        f &= ~(game::fl::kOnGround | game::fl::kDucking);
        if (e.player->move.onGround) f |= game::fl::kOnGround;
        if (e.player->move.ducked) f |= game::fl::kDucking;
    }
    return f;
}
int flagArg(lua_State* L) {
    const lua_Number n = luaL_checknumber(L, 2);
    if (!std::isfinite(n) || n < -2147483648.0 || n > 4294967295.0) luaL_argerror(L, 2, "not FL_ flags");
    return static_cast<int>(static_cast<std::uint32_t>(static_cast<std::int64_t>(n)));
}
int eAddFlags(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->flags |= flagArg(L);
    e->touched();
    return 0;
}
int eRemoveFlags(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->flags &= ~flagArg(L);
    e->touched();
    return 0;
}
int eGetFlags(lua_State* L) {
    lua_pushinteger(L, flagsOf(*checkEnt(L, 1)));
    return 1;
}
int eIsFlagSet(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_pushboolean(L, (flagsOf(*e) & flagArg(L)) != 0);
    return 1;
}

// The view punch (CBasePlayer::ViewPunch / ViewPunchReset; the movement decays it, GetAimVector adds it).
int pViewPunch(lua_State* L) {
    game::PlayerData& pd = pdata(L, 1);
    const Vec3 kick = checkAng(L, 2) * 20.0f;
    if (!isFinite(kick) || !isFinite(pd.punchAngleVel + kick)) {  // huge angles overflow the float velocity
        refuseNonFinite(rtOf(L), "ViewPunch", checkPlayer(L, 1)->index);
        return 0;
    }
    pd.punchAngleVel += kick;
    return 0;
}
// ViewPunchReset(tolerance = 0): both vectors zeroed unless their squared lengths add up past tolerance^2.
int pViewPunchReset(lua_State* L) {
    game::PlayerData& pd = pdata(L, 1);
    double tolerance = luaL_optnumber(L, 2, 0);  // in double: any Lua number, squared without overflow to UB
    if (tolerance != 0) {
        tolerance *= tolerance;
        if (double(lengthSquared(pd.punchAngleVel)) + lengthSquared(pd.punchAngle) > tolerance) return 0;
    }
    pd.punchAngle = pd.punchAngleVel = {};
    return 0;
}
template <Vec3 game::PlayerData::*Field>
int getPunch(lua_State* L) {
    pushAngle(rtOf(L), L, pdata(L, 1).*Field);
    return 1;
}
template <Vec3 game::PlayerData::*Field>
int setPunch(lua_State* L) {
    game::PlayerData& pd = pdata(L, 1);
    const Vec3 a = checkAng(L, 2);
    if (!isFinite(a)) {
        refuseNonFinite(rtOf(L), "SetViewPunchAngles", checkPlayer(L, 1)->index);
        return 0;
    }
    pd.*Field = a;
    return 0;
}

const luaL_Reg kPlayerState[] = {{"ViewPunch", pViewPunch},
                                 {"ViewPunchReset", pViewPunchReset},
                                 {"GetViewPunchAngles", getPunch<&game::PlayerData::punchAngle>},
                                 {"SetViewPunchAngles", setPunch<&game::PlayerData::punchAngle>},
                                 {"GetViewPunchVelocity", getPunch<&game::PlayerData::punchAngleVel>},
                                 {"SetViewPunchVelocity", setPunch<&game::PlayerData::punchAngleVel>},
                                 {"GetHands", pGetHands},
                                 {"SetHands", pSetHands},
                                 {"GetViewModel", pGetViewModel},
                                 {"GetInfo", pGetInfo},
                                 {"GetInfoNum", pGetInfoNum},
                                 {"SetAvoidPlayers", setFlag<&game::PlayerData::avoidPlayers>},
                                 {"GetAvoidPlayers", getFlag<&game::PlayerData::avoidPlayers>},
                                 {"SetNoCollideWithTeammates", setFlag<&game::PlayerData::noCollideWithTeammates>},
                                 {"GetNoCollideWithTeammates", getFlag<&game::PlayerData::noCollideWithTeammates>},
                                 {"ShouldDropWeapon", setFlag<&game::PlayerData::dropWeaponOnDeath>},
                                 {"SetCanWalk", setFlag<&game::PlayerData::canWalk>},
                                 {"GetCanWalk", getFlag<&game::PlayerData::canWalk>},
                                 {"SetAllowFullRotation", setFlag<&game::PlayerData::allowFullRotation>},
                                 {"GetAllowFullRotation", getFlag<&game::PlayerData::allowFullRotation>},
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
                                 {"SetHull", pSetHull},
                                 {"SetHullDuck", pSetHullDuck},
                                 {"GetHull", pGetHull},
                                 {"GetHullDuck", pGetHullDuck},
                                 {"ResetHull", pResetHull},
                                 {"SetViewOffset", pSetViewOffset},
                                 {"SetViewOffsetDucked", pSetViewOffsetDucked},
                                 {"GetViewOffset", pGetViewOffset},
                                 {"GetViewOffsetDucked", pGetViewOffsetDucked},
                                 {"SetLadderClimbSpeed", pSetLadderClimbSpeed},
                                 {"GetLadderClimbSpeed", pGetLadderClimbSpeed},
                                 {"SetMaxSpeed", pSetMaxSpeed},
                                 {nullptr, nullptr}};
const luaL_Reg kEntityViewModel[] = {{"ViewModelIndex", eViewModelIndex}, {"AddFlags", eAddFlags},
                                     {"RemoveFlags", eRemoveFlags},       {"GetFlags", eGetFlags},
                                     {"IsFlagSet", eIsFlagSet},           {nullptr, nullptr}};

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
