// CUserCmd and CMoveData (wiki.facepunch.com/gmod/CUserCmd, /CMoveData) over the world's UserCmd / MoveData of the
// player being moved. A userdata holds a pointer that is valid only inside the hook call it was made for
// (StartCommand, SetupMove, PlayerTick, Move, FinishMove); the binding clears it when the call returns, so a script
// that keeps the object gets an error instead of another tick's command.
#include <cmath>

#include "entity_binding.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

struct Boxed {
    void* p;
};

game::UserCmd* checkCmd(lua_State* L) {
    auto* b = static_cast<Boxed*>(testPayload(L, 1, sizeof(Boxed), implOf(L).userCmdMeta, nullptr, Meta::Pop));
    if (!b) luaL_typerror(L, 1, "CUserCmd");
    if (!b->p) luaL_error(L, "CUserCmd used outside the hook call it was given to");
    return static_cast<game::UserCmd*>(b->p);
}
game::MoveData* checkMove(lua_State* L) {
    auto* b = static_cast<Boxed*>(testPayload(L, 1, sizeof(Boxed), implOf(L).moveDataMeta, nullptr, Meta::Pop));
    if (!b) luaL_typerror(L, 1, "CMoveData");
    if (!b->p) luaL_error(L, "CMoveData used outside the hook call it was given to");
    return static_cast<game::MoveData*>(b->p);
}
float checkFloat(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    return std::isfinite(n) ? static_cast<float>(n) : 0.0f;  // non-finite values never enter the movement
}
std::uint32_t checkBits(lua_State* L, int idx) {
    const lua_Number n = luaL_checknumber(L, idx);
    return std::isfinite(n) ? static_cast<std::uint32_t>(static_cast<std::int64_t>(n)) : 0;
}
Vec3 checkFiniteVec(lua_State* L, int idx, bool angle) {
    Vec3 v = checkVec3(L, rtOf(L), idx, angle);
    return isFinite(v) ? v : Vec3{};
}

// ---- CUserCmd ----
#define VESTIGE_CMD_FLOAT(Get, Set, field)     \
    int Get(lua_State* L) {                    \
        lua_pushnumber(L, checkCmd(L)->field); \
        return 1;                              \
    }                                          \
    int Set(lua_State* L) {                    \
        game::UserCmd* c = checkCmd(L);        \
        c->field = checkFloat(L, 2);           \
        return 0;                              \
    }
VESTIGE_CMD_FLOAT(cGetForwardMove, cSetForwardMove, forwardMove)
VESTIGE_CMD_FLOAT(cGetSideMove, cSetSideMove, sideMove)
VESTIGE_CMD_FLOAT(cGetUpMove, cSetUpMove, upMove)
#undef VESTIGE_CMD_FLOAT
int cCommandNumber(lua_State* L) {
    lua_pushinteger(L, checkCmd(L)->commandNumber);
    return 1;
}
int cTickCount(lua_State* L) {
    lua_pushinteger(L, checkCmd(L)->tickCount);
    return 1;
}
int cGetViewAngles(lua_State* L) {
    pushAngle(rtOf(L), L, checkCmd(L)->viewAngles);
    return 1;
}
int cSetViewAngles(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    c->viewAngles = checkFiniteVec(L, 2, true);
    return 0;
}
int cGetButtons(lua_State* L) {
    lua_pushnumber(L, checkCmd(L)->buttons);
    return 1;
}
int cSetButtons(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    c->buttons = checkBits(L, 2);
    return 0;
}
int cAddKey(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    c->addKey(checkBits(L, 2));
    return 0;
}
int cRemoveKey(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    c->removeKey(checkBits(L, 2));
    return 0;
}
int cKeyDown(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    lua_pushboolean(L, c->keyDown(checkBits(L, 2)));
    return 1;
}
int cClearButtons(lua_State* L) {
    checkCmd(L)->clearButtons();
    return 0;
}
int cClearMovement(lua_State* L) {
    checkCmd(L)->clearMovement();
    return 0;
}
int cGetImpulse(lua_State* L) {
    lua_pushinteger(L, checkCmd(L)->impulse);
    return 1;
}
int cSetImpulse(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    c->impulse = static_cast<std::uint8_t>(checkBits(L, 2));
    return 0;
}
#define VESTIGE_CMD_INT(Get, Set, field, Type)                 \
    int Get(lua_State* L) {                                    \
        lua_pushinteger(L, checkCmd(L)->field);                \
        return 1;                                              \
    }                                                          \
    int Set(lua_State* L) {                                    \
        game::UserCmd* c = checkCmd(L);                        \
        c->field = static_cast<Type>(luaL_checkinteger(L, 2)); \
        return 0;                                              \
    }
VESTIGE_CMD_INT(cGetMouseX, cSetMouseX, mouseX, std::int16_t)
VESTIGE_CMD_INT(cGetMouseY, cSetMouseY, mouseY, std::int16_t)
VESTIGE_CMD_INT(cGetMouseWheel, cSetMouseWheel, mouseWheel, int)
#undef VESTIGE_CMD_INT
int cIsForced(lua_State* L) {
    lua_pushboolean(L, checkCmd(L)->forced);
    return 1;
}
int cSelectWeapon(lua_State* L) {
    game::UserCmd* c = checkCmd(L);
    GameEntity* w = checkEnt(L, 2);
    c->weaponSelect = w->index;
    return 0;
}

const luaL_Reg kUserCmd[] = {{"CommandNumber", cCommandNumber},
                             {"TickCount", cTickCount},
                             {"GetViewAngles", cGetViewAngles},
                             {"SetViewAngles", cSetViewAngles},
                             {"GetForwardMove", cGetForwardMove},
                             {"SetForwardMove", cSetForwardMove},
                             {"GetSideMove", cGetSideMove},
                             {"SetSideMove", cSetSideMove},
                             {"GetUpMove", cGetUpMove},
                             {"SetUpMove", cSetUpMove},
                             {"GetButtons", cGetButtons},
                             {"SetButtons", cSetButtons},
                             {"AddKey", cAddKey},
                             {"RemoveKey", cRemoveKey},
                             {"KeyDown", cKeyDown},
                             {"ClearButtons", cClearButtons},
                             {"ClearMovement", cClearMovement},
                             {"GetImpulse", cGetImpulse},
                             {"SetImpulse", cSetImpulse},
                             {"GetMouseX", cGetMouseX},
                             {"SetMouseX", cSetMouseX},
                             {"GetMouseY", cGetMouseY},
                             {"SetMouseY", cSetMouseY},
                             {"GetMouseWheel", cGetMouseWheel},
                             {"SetMouseWheel", cSetMouseWheel},
                             {"IsForced", cIsForced},
                             {"SelectWeapon", cSelectWeapon},
                             {nullptr, nullptr}};

// ---- CMoveData ----
#define VESTIGE_MV_FLOAT(Get, Set, field)       \
    int Get(lua_State* L) {                     \
        lua_pushnumber(L, checkMove(L)->field); \
        return 1;                               \
    }                                           \
    int Set(lua_State* L) {                     \
        game::MoveData* m = checkMove(L);       \
        m->field = checkFloat(L, 2);            \
        return 0;                               \
    }
VESTIGE_MV_FLOAT(mGetForwardSpeed, mSetForwardSpeed, forwardSpeed)
VESTIGE_MV_FLOAT(mGetSideSpeed, mSetSideSpeed, sideSpeed)
VESTIGE_MV_FLOAT(mGetUpSpeed, mSetUpSpeed, upSpeed)
VESTIGE_MV_FLOAT(mGetMaxSpeed, mSetMaxSpeed, maxSpeed)
VESTIGE_MV_FLOAT(mGetMaxClientSpeed, mSetMaxClientSpeed, maxClientSpeed)
VESTIGE_MV_FLOAT(mGetConstraintRadius, mSetConstraintRadius, constraintRadius)
VESTIGE_MV_FLOAT(mGetConstraintWidth, mSetConstraintWidth, constraintWidth)
VESTIGE_MV_FLOAT(mGetConstraintSpeedScale, mSetConstraintSpeedScale, constraintSpeedScale)
VESTIGE_MV_FLOAT(mGetFinalStepHeight, mSetFinalStepHeight, finalStepHeight)
#undef VESTIGE_MV_FLOAT
#define VESTIGE_MV_VEC(Get, Set, field, angle)              \
    int Get(lua_State* L) {                                 \
        pushVector(rtOf(L), L, checkMove(L)->field, angle); \
        return 1;                                           \
    }                                                       \
    int Set(lua_State* L) {                                 \
        game::MoveData* m = checkMove(L);                   \
        m->field = checkFiniteVec(L, 2, angle);             \
        return 0;                                           \
    }
VESTIGE_MV_VEC(mGetAngles, mSetAngles, angles, true)
VESTIGE_MV_VEC(mGetAbsMoveAngles, mSetAbsMoveAngles, absMoveAngles, true)
VESTIGE_MV_VEC(mGetMoveAngles, mSetMoveAngles, moveAngles, true)
VESTIGE_MV_VEC(mGetOldAngles, mSetOldAngles, oldAngles, true)
VESTIGE_MV_VEC(mGetOrigin, mSetOrigin, origin, false)
VESTIGE_MV_VEC(mGetVelocity, mSetVelocity, velocity, false)
VESTIGE_MV_VEC(mGetConstraintCenter, mSetConstraintCenter, constraintCenter, false)
VESTIGE_MV_VEC(mGetFinalIdealVelocity, mSetFinalIdealVelocity, finalIdealVelocity, false)
VESTIGE_MV_VEC(mGetFinalJumpVelocity, mSetFinalJumpVelocity, finalJumpVelocity, false)
#undef VESTIGE_MV_VEC
int mGetButtons(lua_State* L) {
    lua_pushnumber(L, checkMove(L)->buttons);
    return 1;
}
int mSetButtons(lua_State* L) {
    game::MoveData* m = checkMove(L);
    m->buttons = checkBits(L, 2);
    return 0;
}
int mGetOldButtons(lua_State* L) {
    lua_pushnumber(L, checkMove(L)->oldButtons);
    return 1;
}
int mSetOldButtons(lua_State* L) {
    game::MoveData* m = checkMove(L);
    m->oldButtons = checkBits(L, 2);
    return 0;
}
int mGetImpulseCommand(lua_State* L) {
    lua_pushinteger(L, checkMove(L)->impulseCommand);
    return 1;
}
int mSetImpulseCommand(lua_State* L) {
    game::MoveData* m = checkMove(L);
    m->impulseCommand = static_cast<int>(luaL_checkinteger(L, 2));
    return 0;
}
int mAddKey(lua_State* L) {
    game::MoveData* m = checkMove(L);
    m->addKey(checkBits(L, 2));
    return 0;
}
int mRemoveKeys(lua_State* L) {
    game::MoveData* m = checkMove(L);
    m->removeKeys(checkBits(L, 2));
    return 0;
}
int mKeyTest(lua_State* L, bool (game::MoveData::*test)(std::uint32_t) const) {
    game::MoveData* m = checkMove(L);
    lua_pushboolean(L, (m->*test)(checkBits(L, 2)));
    return 1;
}
int mKeyDown(lua_State* L) { return mKeyTest(L, &game::MoveData::keyDown); }
int mKeyPressed(lua_State* L) { return mKeyTest(L, &game::MoveData::keyPressed); }
int mKeyReleased(lua_State* L) { return mKeyTest(L, &game::MoveData::keyReleased); }
int mKeyWasDown(lua_State* L) { return mKeyTest(L, &game::MoveData::keyWasDown); }
int mClearButtons(lua_State* L) {
    checkMove(L)->clearButtons();
    return 0;
}
int mClearMovement(lua_State* L) {
    checkMove(L)->clearMovement();
    return 0;
}

const luaL_Reg kMoveData[] = {{"GetButtons", mGetButtons},
                              {"SetButtons", mSetButtons},
                              {"GetOldButtons", mGetOldButtons},
                              {"SetOldButtons", mSetOldButtons},
                              {"GetImpulseCommand", mGetImpulseCommand},
                              {"SetImpulseCommand", mSetImpulseCommand},
                              {"AddKey", mAddKey},
                              {"RemoveKeys", mRemoveKeys},
                              {"KeyDown", mKeyDown},
                              {"KeyPressed", mKeyPressed},
                              {"KeyReleased", mKeyReleased},
                              {"KeyWasDown", mKeyWasDown},
                              {"ClearButtons", mClearButtons},
                              {"ClearMovement", mClearMovement},
                              {"GetAngles", mGetAngles},
                              {"SetAngles", mSetAngles},
                              {"GetAbsMoveAngles", mGetAbsMoveAngles},
                              {"SetAbsMoveAngles", mSetAbsMoveAngles},
                              {"GetMoveAngles", mGetMoveAngles},
                              {"SetMoveAngles", mSetMoveAngles},
                              {"GetOldAngles", mGetOldAngles},
                              {"SetOldAngles", mSetOldAngles},
                              {"GetForwardSpeed", mGetForwardSpeed},
                              {"SetForwardSpeed", mSetForwardSpeed},
                              {"GetSideSpeed", mGetSideSpeed},
                              {"SetSideSpeed", mSetSideSpeed},
                              {"GetUpSpeed", mGetUpSpeed},
                              {"SetUpSpeed", mSetUpSpeed},
                              {"GetMaxSpeed", mGetMaxSpeed},
                              {"SetMaxSpeed", mSetMaxSpeed},
                              {"GetMaxClientSpeed", mGetMaxClientSpeed},
                              {"SetMaxClientSpeed", mSetMaxClientSpeed},
                              {"GetOrigin", mGetOrigin},
                              {"SetOrigin", mSetOrigin},
                              {"GetVelocity", mGetVelocity},
                              {"SetVelocity", mSetVelocity},
                              {"GetConstraintCenter", mGetConstraintCenter},
                              {"SetConstraintCenter", mSetConstraintCenter},
                              {"GetConstraintRadius", mGetConstraintRadius},
                              {"SetConstraintRadius", mSetConstraintRadius},
                              {"GetConstraintWidth", mGetConstraintWidth},
                              {"SetConstraintWidth", mSetConstraintWidth},
                              {"GetConstraintSpeedScale", mGetConstraintSpeedScale},
                              {"SetConstraintSpeedScale", mSetConstraintSpeedScale},
                              {"GetFinalIdealVelocity", mGetFinalIdealVelocity},
                              {"SetFinalIdealVelocity", mSetFinalIdealVelocity},
                              {"GetFinalJumpVelocity", mGetFinalJumpVelocity},
                              {"SetFinalJumpVelocity", mSetFinalJumpVelocity},
                              {"GetFinalStepHeight", mGetFinalStepHeight},
                              {"SetFinalStepHeight", mSetFinalStepHeight},
                              {nullptr, nullptr}};

int boxedToString(lua_State* L) {
    lua_pushstring(L, lua_topointer(L, lua_upvalueindex(1)) == implOf(L).userCmdMeta ? "CUserCmd" : "CMoveData");
    return 1;
}

int makeMeta(lua_State* L, const char* name, const luaL_Reg* regs, int id, const void** identity) {
    const int ref = newMetatable(L, name, regs, id, identity);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, boxedToString, 1);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    return ref;
}

}  // namespace

void openUserCmd(Runtime& rt, lua_State* L) {
    auto& impl = implOf(rt);
    // TypeIDs: TYPE_USERCMD 19, TYPE_MOVEDATA 17 (the wiki's TYPE enumeration).
    impl.userCmdMetaRef = makeMeta(L, "CUserCmd", kUserCmd, 19, &impl.userCmdMeta);
    impl.moveDataMetaRef = makeMeta(L, "CMoveData", kMoveData, 17, &impl.moveDataMeta);
}

void* pushBoxed(Runtime& rt, lua_State* L, void* p, bool moveData) {
    auto& impl = implOf(rt);
    auto* b = static_cast<Boxed*>(lua_newuserdata(L, sizeof(Boxed)));
    b->p = p;
    lua_rawgeti(L, LUA_REGISTRYINDEX, moveData ? impl.moveDataMetaRef : impl.userCmdMetaRef);
    lua_setmetatable(L, -2);
    return b;
}

void clearBoxed(void* boxed) {
    if (boxed) static_cast<Boxed*>(boxed)->p = nullptr;
}

}  // namespace vestige::source::glua
