// util: TraceLine/TraceHull (through Options::trace, the collision module's plug), PointContents/IsInWorld (through
// Options::pointContents), precache no-ops; the CONTENTS_*/MASK_* (bspflags.h) and COLLISION_GROUP_* enums and
// Entity:SetCollisionGroup/GetCollisionGroup, which the trace filter compares.
#include <cmath>
#include <iterator>
#include <string>

#include "../internal.hpp"
#include "vestige/source/base/bspflags.hpp"

namespace vestige::source::glua {
namespace {

Runtime& rtOf(lua_State* L) { return runtimeOf(L); }

Vec3 fieldVec(Runtime& rt, lua_State* L, int table, const char* key, Vec3 fallback) {
    lua_getfield(L, table, key);
    Vec3 out = fallback;
    (void)toVector(rt, L, -1, &out);
    lua_pop(L, 1);
    return out;
}

void setVecField(Runtime& rt, lua_State* L, const char* key, Vec3 v) {
    pushVector(rt, L, v);
    lua_setfield(L, -2, key);
}
void setBoolField(lua_State* L, const char* key, bool v) {
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}
void setNumField(lua_State* L, const char* key, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}

// One filter element: an entity handle, or a class name standing for every live entity of that class.
void addFilter(Runtime& rt, lua_State* L, int idx, std::vector<int>& out) {
    if (GameEntity* e = toEntity(rt, L, idx)) {
        out.push_back(e->index);
    } else if (lua_type(L, idx) == LUA_TSTRING) {
        const char* cls = lua_tostring(L, idx);
        entityTable(rt).world().forEach([&](const GameEntity& e) {
            if (e.index > 0 && e.className == cls) out.push_back(e.index);
        });
    }
}

// A Lua number as a collision group: integral part, anything not a finite int (NaN, huge) is NONE (0).
int toCollisionGroup(lua_Number v) {
    return std::isfinite(v) && v >= -2147483648.0 && v <= 2147483647.0 ? static_cast<int>(v) : 0;
}

// Entity:SetCollisionGroup(group) / Entity:GetCollisionGroup(): the group the trace filter compares.
int eSetCollisionGroup(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    if (!e) return luaL_error(L, "Tried to use a NULL entity!");
    e->collisionGroup = toCollisionGroup(luaL_checknumber(L, 2));
    game::World& world = entityTable(rtOf(L)).world();
    for (const physics::BodyId b : e->physicsObjects) (void)world.physics().setCollisionGroup(b, e->collisionGroup);
    world.invalidateScene();
    return 0;
}
int eGetCollisionGroup(lua_State* L) {
    GameEntity* e = toEntity(rtOf(L), L, 1);
    if (!e) return luaL_error(L, "Tried to use a NULL entity!");
    lua_pushinteger(L, e->collisionGroup);
    return 1;
}

int traceImpl(lua_State* L, bool hull) {
    Runtime& rt = rtOf(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    TraceHit hit;
    Vec3 start, end;
    {
        TraceQuery q;
        q.hull = hull;
        q.start = fieldVec(rt, L, 1, "start", {});
        q.end = fieldVec(rt, L, 1, "endpos", q.start);
        if (hull) {
            q.mins = fieldVec(rt, L, 1, "mins", {});
            q.maxs = fieldVec(rt, L, 1, "maxs", {});
        }
        lua_getfield(L, 1, "mask");
        const double mask = lua_tonumber(L, -1);  // out of range or NaN (casting would be undefined) -> default
        q.mask = mask >= -2147483648.0 && mask <= 4294967295.0
                     ? static_cast<std::uint32_t>(static_cast<std::int64_t>(mask))
                     : 0u;
        lua_pop(L, 1);
        // filter: an entity, a class name, a table of entities and/or class names, or a function(ent) that
        // returns true for what the trace may hit; `whitelist` turns the list into the only hittable entities.
        lua_getfield(L, 1, "filter");
        const int filterIdx = lua_gettop(L);
        addFilter(rt, L, filterIdx, q.filter);
        if (lua_istable(L, filterIdx)) {
            for (int i = 1;; ++i) {
                lua_rawgeti(L, filterIdx, i);
                if (lua_isnil(L, -1)) {
                    lua_pop(L, 1);
                    break;
                }
                addFilter(rt, L, lua_gettop(L), q.filter);
                lua_pop(L, 1);
            }
        }
        if (lua_isfunction(L, filterIdx)) {
            q.shouldHitEntity = [&rt, L, filterIdx](int entity) {
                lua_pushvalue(L, filterIdx);
                pushEntity(rt, L, entity);
                if (!rt.protectedCall(1, 1)) return true;  // recorded with file:line; the entity stays solid
                const bool hit = lua_toboolean(L, -1) != 0;
                lua_pop(L, 1);
                return hit;
            };
        }
        // collisiongroup: COLLISION_GROUP_* the trace filter compares with each entity's (default NONE).
        lua_getfield(L, 1, "collisiongroup");
        q.collisionGroup = toCollisionGroup(lua_tonumber(L, -1));
        lua_pop(L, 1);
        lua_getfield(L, 1, "whitelist");
        q.whitelist = lua_toboolean(L, -1) != 0;
        lua_getfield(L, 1, "ignoreworld");
        q.ignoreWorld = lua_toboolean(L, -1) != 0;
        lua_pop(L, 2);
        start = q.start;
        end = q.end;
        if (isFinite(q.start) && isFinite(q.end) && isFinite(q.mins) && isFinite(q.maxs)) {
            hit = runTrace(rt, q);
        } else {
            warn(rt, "util.TraceLine: refused a non-finite start or end");
            hit.hitPos = q.start;
        }
        lua_settop(L, filterIdx - 1);
    }                              // q (with its vector) is gone before anything below can raise
    lua_getfield(L, 1, "output");  // GMod fills a caller-supplied result table when given one
    const int output = lua_istable(L, -1) ? lua_gettop(L) : 0;
    pushTraceResult(rt, L, hit, start, end, output);
    return 1;
}
int utilTraceLine(lua_State* L) { return traceImpl(L, false); }
int utilTraceHull(lua_State* L) { return traceImpl(L, true); }
// CONTENTS_* at a point from the map (Options::pointContents); empty without a map. A non-finite point is
// refused like a trace's (warning, CONTENTS_EMPTY).
std::uint32_t pointContentsAt(lua_State* L, const char* what) {
    Runtime& rt = rtOf(L);
    Vec3 p{};
    if (!toVector(rt, L, 1, &p)) luaL_typerror(L, 1, "Vector");
    if (!isFinite(p)) {
        warn(rt, std::string(what) + ": refused a non-finite position");
        return 0;
    }
    return rt.options().pointContents ? rt.options().pointContents(p) : 0;
}
// Source asks whether the point lies in a leaf outside the sealed map; without visibility data we
// answer from the contents: a point inside solid brushes is outside the world.
int utilIsInWorld(lua_State* L) {
    lua_pushboolean(L, (pointContentsAt(L, "util.IsInWorld") & base::contents::kSolid) == 0);
    return 1;
}
int utilPointContents(lua_State* L) {
    lua_pushnumber(L, pointContentsAt(L, "util.PointContents"));
    return 1;
}
int utilPrecache(lua_State* L) {
    lua_pushvalue(L, 1);
    return 1;
}
const luaL_Reg kUtil[] = {{"TraceLine", utilTraceLine},
                          {"TraceHull", utilTraceHull},
                          {"IsInWorld", utilIsInWorld},
                          {"PointContents", utilPointContents},
                          {"PrecacheModel", utilPrecache},
                          {"PrecacheSound", utilPrecache},
                          {nullptr, nullptr}};

}  // namespace

void openUtil(Runtime& rt, lua_State* L) {
    lua_newtable(L);
    setFuncs(L, kUtil);
    lua_setglobal(L, "util");

    // CONTENTS_* and MASK_* (bspflags.h values; GMod defines them natively, so both modes get them).
    namespace cf = base::contents;
    namespace mk = base::mask;
    const struct {
        const char* name;
        std::uint32_t value;
    } flags[] = {{"CONTENTS_EMPTY", cf::kEmpty},
                 {"CONTENTS_SOLID", cf::kSolid},
                 {"CONTENTS_WINDOW", cf::kWindow},
                 {"CONTENTS_AUX", cf::kAux},
                 {"CONTENTS_GRATE", cf::kGrate},
                 {"CONTENTS_SLIME", cf::kSlime},
                 {"CONTENTS_WATER", cf::kWater},
                 {"CONTENTS_BLOCKLOS", cf::kBlockLos},
                 {"CONTENTS_OPAQUE", cf::kOpaque},
                 {"CONTENTS_TESTFOGVOLUME", cf::kTestFogVolume},
                 {"CONTENTS_TEAM1", cf::kTeam1},
                 {"CONTENTS_TEAM2", cf::kTeam2},
                 {"CONTENTS_IGNORE_NODRAW_OPAQUE", cf::kIgnoreNodrawOpaque},
                 {"CONTENTS_MOVEABLE", cf::kMoveable},
                 {"CONTENTS_AREAPORTAL", cf::kAreaPortal},
                 {"CONTENTS_PLAYERCLIP", cf::kPlayerClip},
                 {"CONTENTS_MONSTERCLIP", cf::kMonsterClip},
                 {"CONTENTS_CURRENT_0", cf::kCurrent0},
                 {"CONTENTS_CURRENT_90", cf::kCurrent90},
                 {"CONTENTS_CURRENT_180", cf::kCurrent180},
                 {"CONTENTS_CURRENT_270", cf::kCurrent270},
                 {"CONTENTS_CURRENT_UP", cf::kCurrentUp},
                 {"CONTENTS_CURRENT_DOWN", cf::kCurrentDown},
                 {"CONTENTS_ORIGIN", cf::kOrigin},
                 {"CONTENTS_MONSTER", cf::kMonster},
                 {"CONTENTS_DEBRIS", cf::kDebris},
                 {"CONTENTS_DETAIL", cf::kDetail},
                 {"CONTENTS_TRANSLUCENT", cf::kTranslucent},
                 {"CONTENTS_LADDER", cf::kLadder},
                 {"CONTENTS_HITBOX", cf::kHitbox},
                 {"MASK_ALL", mk::kAll},
                 {"MASK_SOLID", mk::kSolid},
                 {"MASK_PLAYERSOLID", mk::kPlayerSolid},
                 {"MASK_NPCSOLID", mk::kNpcSolid},
                 {"MASK_WATER", mk::kWater},
                 {"MASK_OPAQUE", mk::kOpaque},
                 {"MASK_SHOT", mk::kShot},
                 {"MASK_CURRENT", mk::kCurrent},
                 {"MASK_PLAYERSOLID_BRUSHONLY", mk::kPlayerSolidBrushOnly},
                 {"MASK_SOLID_BRUSHONLY", cf::kSolid | cf::kMoveable | cf::kWindow | cf::kGrate},
                 {"MASK_NPCSOLID_BRUSHONLY", cf::kSolid | cf::kMoveable | cf::kMonsterClip | cf::kWindow | cf::kGrate},
                 {"MASK_NPCWORLDSTATIC", cf::kSolid | cf::kWindow | cf::kMonsterClip | cf::kGrate},
                 {"MASK_SPLITAREAPORTAL", cf::kWater | cf::kSlime},
                 {"MASK_OPAQUE_AND_NPCS", mk::kOpaque | cf::kMonster},
                 {"MASK_BLOCKLOS", cf::kSolid | cf::kMoveable | cf::kBlockLos},
                 {"MASK_BLOCKLOS_AND_NPCS", cf::kSolid | cf::kMoveable | cf::kBlockLos | cf::kMonster},
                 {"MASK_VISIBLE", mk::kOpaque | cf::kIgnoreNodrawOpaque},
                 {"MASK_VISIBLE_AND_NPCS", mk::kOpaque | cf::kMonster | cf::kIgnoreNodrawOpaque},
                 {"MASK_SHOT_HULL", cf::kSolid | cf::kMoveable | cf::kMonster | cf::kWindow | cf::kDebris | cf::kGrate},
                 {"MASK_SHOT_PORTAL", cf::kSolid | cf::kMoveable | cf::kWindow | cf::kMonster},
                 {"MASK_DEADSOLID", cf::kSolid | cf::kPlayerClip | cf::kWindow | cf::kGrate}};
    for (const auto& f : flags) {
        // Unsigned values as Lua numbers: MASK_ALL is 4294967295 as in GMod, not -1.
        lua_pushnumber(L, static_cast<double>(f.value));
        lua_setglobal(L, f.name);
    }

    // COLLISION_GROUP_* (public/const.h Collision_Group_t values) and the Entity methods that set and read them.
    const char* const groups[] = {"COLLISION_GROUP_NONE",
                                  "COLLISION_GROUP_DEBRIS",
                                  "COLLISION_GROUP_DEBRIS_TRIGGER",
                                  "COLLISION_GROUP_INTERACTIVE_DEBRIS",
                                  "COLLISION_GROUP_INTERACTIVE",
                                  "COLLISION_GROUP_PLAYER",
                                  "COLLISION_GROUP_BREAKABLE_GLASS",
                                  "COLLISION_GROUP_VEHICLE",
                                  "COLLISION_GROUP_PLAYER_MOVEMENT",
                                  "COLLISION_GROUP_NPC",
                                  "COLLISION_GROUP_IN_VEHICLE",
                                  "COLLISION_GROUP_WEAPON",
                                  "COLLISION_GROUP_VEHICLE_CLIP",
                                  "COLLISION_GROUP_PROJECTILE",
                                  "COLLISION_GROUP_DOOR_BLOCKER",
                                  "COLLISION_GROUP_PASSABLE_DOOR",
                                  "COLLISION_GROUP_DISSOLVING",
                                  "COLLISION_GROUP_PUSHAWAY",
                                  "COLLISION_GROUP_NPC_ACTOR",
                                  "COLLISION_GROUP_NPC_SCRIPTED"};
    for (int i = 0; i < static_cast<int>(std::size(groups)); ++i) {
        lua_pushinteger(L, i);
        lua_setglobal(L, groups[i]);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);  // Entity metatable (Player's falls back to it)
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, eSetCollisionGroup);
        lua_setfield(L, -2, "SetCollisionGroup");
        lua_pushcfunction(L, eGetCollisionGroup);
        lua_setfield(L, -2, "GetCollisionGroup");
    }
    lua_pop(L, 1);
}

TraceHit runTrace(Runtime& rt, const TraceQuery& q) {
    if (rt.options().trace) return rt.options().trace(q);
    TraceHit h;
    h.hitPos = q.end;
    return h;
}

void pushTraceResult(Runtime& rt, lua_State* L, const TraceHit& hit, Vec3 start, Vec3 end, int output) {
    if (output != 0)
        lua_pushvalue(L, output);
    else
        lua_createtable(L, 0, 21);
    setBoolField(L, "Hit", hit.hit);
    setBoolField(L, "HitWorld", hit.hit && hit.entity == 0);
    setBoolField(L, "HitNonWorld", hit.hit && hit.entity > 0);
    // GMod: HitSky is SURF_SKY (0x4) and HitNoDraw SURF_NODRAW (0x80) of the hit surface's flags.
    setBoolField(L, "HitSky", hit.hit && (hit.surfaceFlags & 0x4u) != 0);
    setBoolField(L, "HitNoDraw", hit.hit && (hit.surfaceFlags & 0x80u) != 0);
    setNumField(L, "SurfaceFlags", hit.hit ? hit.surfaceFlags : 0);
    setBoolField(L, "StartSolid", hit.startSolid);
    setBoolField(L, "AllSolid", hit.allSolid);
    setNumField(L, "Fraction", hit.fraction);
    setNumField(L, "FractionLeftSolid", hit.fractionLeftSolid);
    setNumField(L, "HitGroup", 0);
    setNumField(L, "HitBox", 0);
    setNumField(L, "PhysicsBone", 0);
    setNumField(L, "MatType", 0);
    setNumField(L, "SurfaceProps", 0);
    setNumField(L, "Contents", hit.contents);
    setNumField(L, "DispFlags", hit.hit ? hit.dispFlags : 0);
    if (!hit.hit)
        lua_pushliteral(L, "**empty**");
    else if (hit.texture.empty())
        lua_pushliteral(L, "**studio**");
    else
        lua_pushlstring(L, hit.texture.data(), hit.texture.size());
    lua_setfield(L, -2, "HitTexture");
    setVecField(rt, L, "StartPos", start);
    setVecField(rt, L, "HitPos", hit.hitPos);
    setVecField(rt, L, "HitNormal", hit.hitNormal);
    setVecField(rt, L, "Normal", normalize(end - start));
    pushEntity(rt, L, hit.hit ? hit.entity : -1);
    lua_setfield(L, -2, "Entity");
}

}  // namespace vestige::source::glua
