// Player methods over the world's player entity (game::PlayerData): identity, view, the movement values the
// gamemode's player class sets (they reach CGameMovement on the next command), the movement state it reports.
#include <cmath>

#include "entity_binding.hpp"

namespace vestige::source::glua::binding {
namespace {

game::PlayerData& data(GameEntity* e) { return *e->player; }

int pNick(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushstring(L, kPlayerNick);
    return 1;
}
int pSteamID(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushstring(L, "STEAM_0:0:0");
    return 1;
}
int pSteamID64(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushstring(L, "0");
    return 1;
}
int pUserID(lua_State* L) {
    lua_pushinteger(L, checkPlayer(L, 1)->index);
    return 1;
}
int pAlive(lua_State* L) {
    lua_pushboolean(L, checkPlayer(L, 1)->alive);
    return 1;
}
int pTrueP(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}
int pFalseP(lua_State* L) {
    checkPlayer(L, 1);
    lua_pushboolean(L, 0);
    return 1;
}
int pChatPrint(lua_State* L) {
    checkPlayer(L, 1);
    std::size_t len = 0;
    const char* s = luaL_checklstring(L, lua_gettop(L) >= 3 ? 3 : 2, &len);
    lua_pushlstring(L, s, len);
    lua_pushliteral(L, "\n");
    lua_concat(L, 2);
    rtOf(L).print(lua_tostring(L, -1));
    return 0;
}
// The eyes: EyePosition = Weapon_ShootPosition = origin + view offset; the movement moves the offset between 64
// and 28 while a duck runs (GMod's DuckSpeed / UnDuckSpeed timing).
Vec3 eyePos(const GameEntity& e) { return e.origin + e.player->eyeOffset(); }
int pShootPos(lua_State* L) {
    GameEntity* e = checkPlayer(L, 1);
    pushVector(rtOf(L), L, eyePos(*e));
    return 1;
}
// GetAimVector: CBasePlayer::GetAutoaimVector without autoaim: the eye angles plus the view punch.
int pAimVector(lua_State* L) {
    Vec3 f;
    const game::PlayerData& pd = data(checkPlayer(L, 1));
    angleVectors(pd.eyeAngles + pd.punchAngle, &f, nullptr, nullptr);
    pushVector(rtOf(L), L, f);
    return 1;
}
int pSetEyeAngles(lua_State* L) {
    Runtime& rt = rtOf(L);
    GameEntity* e = checkPlayer(L, 1);
    const Vec3 v = checkAng(L, 2);
    if (!isFinite(v)) {
        refuseNonFinite(rt, "SetEyeAngles", e->index);
        return 0;
    }
    setEntityVec(rt, *e, 3, v);  // SnapEyeAngles
    return 0;
}
// Player:Kill: CommitSuicide (health 0, killed by itself: PlayerDeath runs).
int pKill(lua_State* L) {
    GameEntity* e = checkPlayer(L, 1);
    if (e->alive) entityTable(rtOf(L)).world().kill(*e);
    return 0;
}

// ---- the player class values (player_manager sets them on spawn; CGameMovement reads them every command) ----
float game::PlayerClassValues::*const kSpeeds[] = {
    &game::PlayerClassValues::walkSpeed,     &game::PlayerClassValues::runSpeed,
    &game::PlayerClassValues::slowWalkSpeed, &game::PlayerClassValues::crouchedWalkSpeed,
    &game::PlayerClassValues::duckSpeed,     &game::PlayerClassValues::unDuckSpeed,
    &game::PlayerClassValues::jumpPower,     &game::PlayerClassValues::stepSize};
int setValue(lua_State* L, int which) {
    GameEntity* e = checkPlayer(L, 1);
    const lua_Number n = luaL_checknumber(L, 2);
    if (!std::isfinite(n)) {
        refuseNonFinite(rtOf(L), "Player speed", e->index);
        return 0;
    }
    data(e).values.*kSpeeds[which] = static_cast<float>(n);
    return 0;
}
int getValue(lua_State* L, int which) {
    lua_pushnumber(L, data(checkPlayer(L, 1)).values.*kSpeeds[which]);
    return 1;
}
#define VESTIGE_PLAYER_VALUE(Set, Get, which)            \
    int Set(lua_State* L) { return setValue(L, which); } \
    int Get(lua_State* L) { return getValue(L, which); }
VESTIGE_PLAYER_VALUE(pSetWalkSpeed, pGetWalkSpeed, 0)
VESTIGE_PLAYER_VALUE(pSetRunSpeed, pGetRunSpeed, 1)
VESTIGE_PLAYER_VALUE(pSetSlowWalkSpeed, pGetSlowWalkSpeed, 2)
VESTIGE_PLAYER_VALUE(pSetCrouchedWalkSpeed, pGetCrouchedWalkSpeed, 3)
VESTIGE_PLAYER_VALUE(pSetDuckSpeed, pGetDuckSpeed, 4)
VESTIGE_PLAYER_VALUE(pSetUnDuckSpeed, pGetUnDuckSpeed, 5)
VESTIGE_PLAYER_VALUE(pSetJumpPower, pGetJumpPower, 6)
VESTIGE_PLAYER_VALUE(pSetStepSize, pGetStepSize, 7)
#undef VESTIGE_PLAYER_VALUE
int pGetMaxSpeed(lua_State* L) {
    lua_pushnumber(L, data(checkPlayer(L, 1)).maxSpeed);
    return 1;
}
// Armor and its maximum: whole points (the SDK keeps them as int), non-finite values refused.
int getWhole(lua_State* L, float GameEntity::*field) {
    lua_pushinteger(L, static_cast<lua_Integer>(checkPlayer(L, 1)->*field));
    return 1;
}
int setWhole(lua_State* L, float GameEntity::*field) {
    GameEntity* e = checkPlayer(L, 1);
    const lua_Number n = luaL_checknumber(L, 2);
    if (std::isfinite(n)) e->*field = static_cast<float>(std::trunc(n));
    return 0;
}
int pArmor(lua_State* L) { return getWhole(L, &GameEntity::armor); }
int pSetArmor(lua_State* L) { return setWhole(L, &GameEntity::armor); }
int pGetMaxArmor(lua_State* L) { return getWhole(L, &GameEntity::maxArmor); }
int pSetMaxArmor(lua_State* L) { return setWhole(L, &GameEntity::maxArmor); }
int pDeaths(lua_State* L) {
    lua_pushinteger(L, data(checkPlayer(L, 1)).deaths);
    return 1;
}
int pFrags(lua_State* L) {
    lua_pushinteger(L, data(checkPlayer(L, 1)).frags);
    return 1;
}
int pTeam(lua_State* L) {
    lua_pushinteger(L, data(checkPlayer(L, 1)).team);
    return 1;
}
int pSetTeam(lua_State* L) {
    GameEntity* e = checkPlayer(L, 1);
    data(e).team = static_cast<int>(luaL_checkinteger(L, 2));
    return 0;
}

int pGetClassID(lua_State* L) {
    lua_pushinteger(L, data(checkPlayer(L, 1)).classId);
    return 1;
}
int pSetClassID(lua_State* L) {
    GameEntity* e = checkPlayer(L, 1);
    data(e).classId = static_cast<int>(luaL_checkinteger(L, 2));
    return 0;
}
// The drive library's state (Player:SetDrivingEntity(ent = NULL, mode)): stored; the drive modes are GMod's Lua.
int pSetDrivingEntity(lua_State* L) {
    GameEntity* e = checkPlayer(L, 1);
    data(e).drivingEntity = optHandle(L, 2);
    data(e).drivingMode = static_cast<int>(luaL_optinteger(L, 3, 0));
    return 0;
}
int pGetDrivingEntity(lua_State* L) {
    pushHandle(rtOf(L), L, data(checkPlayer(L, 1)).drivingEntity);
    return 1;
}
int pIsDrivingEntity(lua_State* L) {
    GameEntity* e = checkPlayer(L, 1);
    lua_pushboolean(L, entityTable(rtOf(L)).world().get(data(e).drivingEntity) != nullptr);
    return 1;
}
int pGetDrivingMode(lua_State* L) {
    lua_pushinteger(L, data(checkPlayer(L, 1)).drivingMode);
    return 1;
}

// ---- the movement state (CGameMovement's, after the last command) ----
int pOnGround(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_pushboolean(L, e->player ? e->player->move.onGround : !e->groundEntity.isNull());
    return 1;
}
int pWaterLevel(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    lua_pushinteger(L, e->player ? e->player->move.waterLevel : 0);
    return 1;
}
int pCrouching(lua_State* L) {
    lua_pushboolean(L, data(checkPlayer(L, 1)).move.ducked);
    return 1;
}
int keyTest(lua_State* L, bool (game::PlayerData::*test)(std::uint32_t) const) {
    GameEntity* e = checkPlayer(L, 1);
    const lua_Integer k = luaL_checkinteger(L, 2);
    lua_pushboolean(L, (data(e).*test)(static_cast<std::uint32_t>(k)));
    return 1;
}
int pKeyDown(lua_State* L) { return keyTest(L, &game::PlayerData::keyDown); }
int pKeyDownLast(lua_State* L) { return keyTest(L, &game::PlayerData::keyDownLast); }
int pKeyPressed(lua_State* L) { return keyTest(L, &game::PlayerData::keyPressed); }
int pKeyReleased(lua_State* L) { return keyTest(L, &game::PlayerData::keyReleased); }

}  // namespace

const luaL_Reg kPlayerMethods[] = {{"Nick", pNick},
                                   {"Name", pNick},
                                   {"GetName", pNick},
                                   {"SteamID", pSteamID},
                                   {"SteamID64", pSteamID64},
                                   {"UniqueID", pSteamID64},
                                   {"UserID", pUserID},
                                   {"Alive", pAlive},
                                   {"IsAdmin", pTrueP},
                                   {"IsSuperAdmin", pTrueP},
                                   {"IsListenServerHost", pTrueP},
                                   {"IsBot", pFalseP},
                                   {"ChatPrint", pChatPrint},
                                   {"PrintMessage", pChatPrint},
                                   {"GetShootPos", pShootPos},
                                   {"EyePos", pShootPos},
                                   {"GetAimVector", pAimVector},
                                   {"SetEyeAngles", pSetEyeAngles},
                                   {"Kill", pKill},
                                   {"SetWalkSpeed", pSetWalkSpeed},
                                   {"GetWalkSpeed", pGetWalkSpeed},
                                   {"SetRunSpeed", pSetRunSpeed},
                                   {"GetRunSpeed", pGetRunSpeed},
                                   {"SetSlowWalkSpeed", pSetSlowWalkSpeed},
                                   {"GetSlowWalkSpeed", pGetSlowWalkSpeed},
                                   {"SetCrouchedWalkSpeed", pSetCrouchedWalkSpeed},
                                   {"GetCrouchedWalkSpeed", pGetCrouchedWalkSpeed},
                                   {"SetDuckSpeed", pSetDuckSpeed},
                                   {"GetDuckSpeed", pGetDuckSpeed},
                                   {"SetUnDuckSpeed", pSetUnDuckSpeed},
                                   {"GetUnDuckSpeed", pGetUnDuckSpeed},
                                   {"SetJumpPower", pSetJumpPower},
                                   {"GetJumpPower", pGetJumpPower},
                                   {"SetStepSize", pSetStepSize},
                                   {"GetStepSize", pGetStepSize},
                                   {"GetMaxSpeed", pGetMaxSpeed},
                                   {"Armor", pArmor},
                                   {"SetArmor", pSetArmor},
                                   {"GetMaxArmor", pGetMaxArmor},
                                   {"SetMaxArmor", pSetMaxArmor},
                                   {"Deaths", pDeaths},
                                   {"Frags", pFrags},
                                   {"Team", pTeam},
                                   {"SetTeam", pSetTeam},
                                   {"GetClassID", pGetClassID},
                                   {"SetClassID", pSetClassID},
                                   {"SetDrivingEntity", pSetDrivingEntity},
                                   {"GetDrivingEntity", pGetDrivingEntity},
                                   {"IsDrivingEntity", pIsDrivingEntity},
                                   {"GetDrivingMode", pGetDrivingMode},
                                   {"Crouching", pCrouching},
                                   {"KeyDown", pKeyDown},
                                   {"KeyDownLast", pKeyDownLast},
                                   {"KeyPressed", pKeyPressed},
                                   {"KeyReleased", pKeyReleased},
                                   {nullptr, nullptr}};

// Entity methods that report the movement state (players: CGameMovement's; others: the ground link).
const luaL_Reg kMovementStateMethods[] = {{"OnGround", pOnGround}, {"WaterLevel", pWaterLevel}, {nullptr, nullptr}};

}  // namespace vestige::source::glua::binding
