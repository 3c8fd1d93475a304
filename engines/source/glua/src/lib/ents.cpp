// ents and player libraries and the Entity()/Player() constructors over the entity table (EntityTable, the one
// seam between the bindings and the entity list): lookups by class/model/name with `*` wildcards, sphere and box
// queries, the player list.
#include <cmath>
#include <string>
#include <vector>

#include "../internal.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

Vec3 checkVec(lua_State* L, int idx) {
    Vec3 v;
    if (!toVector(rtOf(L), L, idx, &v)) luaL_typerror(L, idx, "Vector");
    return v;
}

// ---- constructors and libraries ----
int lEntity(lua_State* L) {
    const lua_Number n = luaL_checknumber(L, 1);
    pushEntity(rtOf(L), L, std::isfinite(n) ? static_cast<int>(n) : -1);
    return 1;
}

int lPlayer(lua_State* L) {
    // Player(userID): user ids equal entity indices here.
    const lua_Number n = luaL_checknumber(L, 1);
    Runtime& rt = rtOf(L);
    const int i = std::isfinite(n) ? static_cast<int>(n) : -1;
    const GameEntity* e = i >= 1 ? entityTable(rt).liveAt(i) : nullptr;
    if (e && e->isPlayer())
        pushEntity(rt, L, i);
    else
        pushEntity(rt, L, -1);
    return 1;
}

int pushMatching(lua_State* L, bool (*pred)(lua_State*, const GameEntity&), bool playersOnly = false) {
    Runtime& rt = rtOf(L);
    lua_newtable(L);
    const int table = lua_gettop(L);
    // Creation order, as the world iterates; the world itself is not listed. Matches are collected first: pushing
    // allocates, and a predicate reads the stack only.
    std::vector<int> found;
    entityTable(rt).world().forEach([&](const GameEntity& e) {
        if (e.index == 0 || (playersOnly && !e.isPlayer()) || (pred && !pred(L, e))) return;
        found.push_back(e.index);
    });
    int n = 0;
    for (int index : found) {
        pushEntity(rt, L, index);
        lua_rawseti(L, table, ++n);
    }
    return 1;
}

int entsGetAll(lua_State* L) { return pushMatching(L, nullptr); }
int entsGetCount(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(entityTable(rtOf(L)).world().count()));
    return 1;
}
int entsGetByIndex(lua_State* L) { return lEntity(L); }
int entsCreate(lua_State* L) {
    std::size_t len = 0;
    const char* cls = luaL_checklstring(L, 1, &len);
    Runtime& rt = rtOf(L);
    const int index = createEntity(rt, std::string_view(cls, len));
    pushEntity(rt, L, index);
    return 1;
}
int entsFindByClass(lua_State* L) {
    luaL_checkstring(L, 1);
    return pushMatching(L,
                        [](lua_State* S, const GameEntity& e) { return globMatch(lua_tostring(S, 1), e.className); });
}
int entsFindByModel(lua_State* L) {
    luaL_checkstring(L, 1);
    return pushMatching(L, [](lua_State* S, const GameEntity& e) { return globMatch(lua_tostring(S, 1), e.model); });
}
int entsFindByName(lua_State* L) {
    luaL_checkstring(L, 1);
    return pushMatching(L,
                        [](lua_State* S, const GameEntity& e) { return globMatch(lua_tostring(S, 1), e.targetName); });
}
// The query shape lives in a static while pushMatching runs (it calls no Lua that could re-enter).
Vec3 gQueryA, gQueryB;
double gQueryR = 0;
int entsFindInSphere(lua_State* L) {
    gQueryA = checkVec(L, 1);
    gQueryR = luaL_checknumber(L, 2);
    return pushMatching(L, [](lua_State*, const GameEntity& e) {
        return static_cast<double>(lengthSquared(e.origin - gQueryA)) <= gQueryR * gQueryR;
    });
}
int entsFindInBox(lua_State* L) {
    const Vec3 a = checkVec(L, 1), b = checkVec(L, 2);
    gQueryA = minComponents(a, b);
    gQueryB = maxComponents(a, b);
    return pushMatching(L, [](lua_State*, const GameEntity& e) {
        Aabb box{gQueryA, gQueryB};
        return box.contains(e.origin);
    });
}
int playerGetAll(lua_State* L) { return pushMatching(L, nullptr, true); }
int playerGetCount(lua_State* L) {
    lua_pushinteger(L, entityTable(rtOf(L)).world().players());
    return 1;
}
int playerGetBots(lua_State* L) {
    lua_newtable(L);
    return 1;
}

const luaL_Reg kEnts[] = {{"GetAll", entsGetAll},           {"GetCount", entsGetCount},
                          {"GetByIndex", entsGetByIndex},   {"Create", entsCreate},
                          {"FindByClass", entsFindByClass}, {"FindByModel", entsFindByModel},
                          {"FindByName", entsFindByName},   {"FindInSphere", entsFindInSphere},
                          {"FindInBox", entsFindInBox},     {nullptr, nullptr}};
const luaL_Reg kPlayer[] = {{"GetAll", playerGetAll},   {"GetHumans", playerGetAll}, {"GetCount", playerGetCount},
                            {"GetBots", playerGetBots}, {"GetByID", lPlayer},        {nullptr, nullptr}};

}  // namespace

void openEnts(Runtime& /*rt*/, lua_State* L) {
    lua_pushcfunction(L, lEntity);
    lua_setglobal(L, "Entity");
    lua_pushcfunction(L, lPlayer);
    lua_setglobal(L, "Player");
    lua_newtable(L);
    setFuncs(L, kEnts);
    lua_setglobal(L, "ents");
    lua_newtable(L);
    setFuncs(L, kPlayer);
    lua_setglobal(L, "player");
}

}  // namespace vestige::source::glua
