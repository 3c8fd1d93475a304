// Entity:FireBullets(bullet [, suppressHostEvents]) and Entity:MuzzleFlash (wiki Entity:FireBullets, Structures/Bullet,
// GM:EntityFireBullets, GM:PostEntityFireBullets, GM:ScalePlayerDamage) over the SDK's CBaseEntity::FireBullets
// (game/bullets.hpp):
//
//   1. the Bullet table read with the wiki's defaults (Attacker = the shooter, Damage 1, Force 1, Distance 56756,
//      HullSize 0, Num 1, Tracer 1, AmmoType "", Dir / Spread / Src (0,0,0)); GM:EntityFireBullets(ent, data) gets
//      a table of every field: false fires nothing, true fires the table as the hook left it.
//   2. a player's volley draws from RandomSeed(prediction seed & 255), reseeded per pellet with the seed + pellet
//      number (the command's MD5 seed inside its weapon's attack; -1 & 255 = 255 outside a command); anything else
//      draws from the world's uniform stream. The spread is CShotManipulator's.
//   3. per pellet: a MASK_SHOT trace from Src along the spread direction for Distance, ignoring the shooter and
//      IgnoreEntity; a player's multi-pellet volley traces every odd pellet as a 6-unit hull (HL2's shotgun rule,
//      which GMod keeps); a start-solid trace ends at its start.
//   4. the damage: Inflictor (else the shooter) and Attacker, Damage with the ammo's type bits and
//      DMG_ALWAYSGIB above 16 / DMG_NEVERGIB, the force dir * the ammo's impulse * Force at the hit position, the
//      ammo id; Inflictor as the weapon when it is one.
//   5. GM:PostEntityFireBullets(ent, {Trace, AmmoType, Tracer, Damage, Force, Attacker, TracerName}): false
//      suppresses this pellet; then Callback(attacker, trace, dmginfo) (its {damage = false} keeps the damage back);
//      a hit player goes through GM:ScalePlayerDamage(ply, hitgroup, dmginfo) (true: no damage); the damage joins
//      the volley's multidamage, dealt when the target changes and after the last pellet.
// Not built (each counted where it would change an outcome): hit groups (no hitbox traces: a hit player is
// HITGROUP_GENERIC), HullSize's box (taken as a cube of that edge), Damage 0 (the ammo's skill convars), the HL1 ammo
// types' damage type and impulse. Tracers, impact effects, decals and sounds are client effects (not made).
#include <algorithm>
#include <cmath>
#include <string>

#include "../weapons.hpp"
#include "entity_binding.hpp"
#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/game/bullets.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

constexpr int kMaxPellets = 4096;    // Num past this is refused to this many (each is a trace in C)
constexpr int kHitgroupGeneric = 0;  // HITGROUP_GENERIC

struct Bullet {
    EntityHandle attacker, inflictor, ignore;
    int callback = 0;  // stack slot of the Callback function, 0 = none
    double damage = 1, force = 1, distance = 56756, hullSize = 0, num = 1, tracer = 1;
    std::string ammo;
    std::string tracerName;
    bool hasTracerName = false;
    Vec3 dir, spread, src;
};

double numberField(lua_State* L, int t, const char* key, double fallback) {
    lua_getfield(L, t, key);
    const double v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : fallback;
    lua_pop(L, 1);
    return v;
}
Vec3 vectorField(Runtime& rt, lua_State* L, int t, const char* key) {
    lua_getfield(L, t, key);
    Vec3 v;
    (void)toVector(rt, L, -1, &v);
    lua_pop(L, 1);
    return v;
}
EntityHandle entityField(Runtime& rt, lua_State* L, int t, const char* key, EntityHandle fallback) {
    lua_getfield(L, t, key);
    const GameEntity* e = toEntity(rt, L, -1);
    const bool given = !lua_isnil(L, -1);
    lua_pop(L, 1);
    return e ? e->handle : (given ? EntityHandle{} : fallback);
}

// The table at t into b (the callback function left on the stack, its slot in b.callback).
void readBullet(Runtime& rt, lua_State* L, int t, const GameEntity& shooter, Bullet& b) {
    b.attacker = entityField(rt, L, t, "Attacker", shooter.handle);
    b.inflictor = entityField(rt, L, t, "Inflictor", {});
    b.ignore = entityField(rt, L, t, "IgnoreEntity", {});
    b.damage = numberField(L, t, "Damage", 1);
    b.force = numberField(L, t, "Force", 1);
    b.distance = numberField(L, t, "Distance", 56756);
    b.hullSize = numberField(L, t, "HullSize", 0);
    b.num = numberField(L, t, "Num", 1);
    b.tracer = numberField(L, t, "Tracer", 1);
    lua_getfield(L, t, "AmmoType");
    b.ammo = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_getfield(L, t, "TracerName");
    b.hasTracerName = lua_type(L, -1) == LUA_TSTRING;
    b.tracerName = b.hasTracerName ? lua_tostring(L, -1) : "";
    lua_pop(L, 2);
    b.dir = vectorField(rt, L, t, "Dir");
    b.spread = vectorField(rt, L, t, "Spread");
    b.src = vectorField(rt, L, t, "Src");
    lua_getfield(L, t, "Callback");
    if (lua_isfunction(L, -1)) {
        b.callback = lua_gettop(L);
    } else {
        lua_pop(L, 1);
        b.callback = 0;
    }
}

void setNumber(lua_State* L, const char* key, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, key);
}
void setString(lua_State* L, const char* key, const std::string& v) {
    lua_pushlstring(L, v.data(), v.size());
    lua_setfield(L, -2, key);
}

void setHandle(Runtime& rt, lua_State* L, const char* key, EntityHandle h) {
    pushHandle(rt, L, h);
    lua_setfield(L, -2, key);
}
void setVector(Runtime& rt, lua_State* L, const char* key, Vec3 v) {
    pushVector(rt, L, v);
    lua_setfield(L, -2, key);
}

// The Bullet table GM:EntityFireBullets sees: every field, defaults filled in.
void pushBulletTable(Runtime& rt, lua_State* L, const Bullet& b) {
    lua_createtable(L, 0, 16);
    setHandle(rt, L, "Attacker", b.attacker);
    setHandle(rt, L, "Inflictor", b.inflictor);
    setHandle(rt, L, "IgnoreEntity", b.ignore);
    if (b.callback != 0) {
        lua_pushvalue(L, b.callback);
        lua_setfield(L, -2, "Callback");
    }
    setNumber(L, "Damage", b.damage);
    setNumber(L, "Force", b.force);
    setNumber(L, "Distance", b.distance);
    setNumber(L, "HullSize", b.hullSize);
    setNumber(L, "Num", b.num);
    setNumber(L, "Tracer", b.tracer);
    setString(L, "AmmoType", b.ammo);
    if (b.hasTracerName) setString(L, "TracerName", b.tracerName);
    setVector(rt, L, "Dir", b.dir);
    setVector(rt, L, "Spread", b.spread);
    setVector(rt, L, "Src", b.src);
}

// hook.Call(name, GAMEMODE, ...) with `nargs` arguments pushed by `push`; the first result as -1 (nil / not a
// boolean), 0 (false) or 1 (true).
template <typename Push>
int hookVerdict(Runtime& rt, lua_State* L, const char* name, int nargs, Push&& push) {
    if (!pushHookCall(rt, L, name)) return -1;
    push();
    int verdict = -1;
    if (rt.protectedCall(nargs + 2, 1)) {
        if (lua_type(L, -1) == LUA_TBOOLEAN) verdict = lua_toboolean(L, -1) ? 1 : 0;
        lua_pop(L, 1);
    }
    return verdict;
}

// Numbers the engine can hold: finite, and within +-1e9 so every float made from them (damage, force, distance,
// the hull) and the trace's end stay finite.
bool usable(double v) { return std::isfinite(v) && std::fabs(v) <= 1e9; }
bool usable(const Bullet& b) {
    return usable(b.damage) && usable(b.force) && usable(b.distance) && usable(b.hullSize) && std::isfinite(b.num) &&
           isFinite(b.dir) && isFinite(b.spread) && isFinite(b.src);
}

// The FiredBullet table GM:PostEntityFireBullets sees; the trace table is at stack slot `trace`.
void pushFiredBullet(Runtime& rt, lua_State* L, const Bullet& b, int trace) {
    lua_createtable(L, 0, 7);
    lua_pushvalue(L, trace);
    lua_setfield(L, -2, "Trace");
    setString(L, "AmmoType", b.ammo);
    setNumber(L, "Tracer", b.tracer);
    setNumber(L, "Damage", b.damage);
    setNumber(L, "Force", b.force);
    setHandle(rt, L, "Attacker", b.attacker);
    if (b.hasTracerName) setString(L, "TracerName", b.tracerName);
}

// Callback(attacker, trace, dmginfo): false when its returned table says damage = false.
bool runCallback(Runtime& rt, lua_State* L, const Bullet& b, int trace, game::DamageInfo& info) {
    lua_pushvalue(L, b.callback);
    pushHandle(rt, L, b.attacker);
    lua_pushvalue(L, trace);
    void* box = pushDamageInfo(rt, L, &info);
    bool damage = true;
    if (rt.protectedCall(3, 1)) {
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "damage");
            damage = !(lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    clearDamageInfo(box);
    return damage;
}

// GM:ScalePlayerDamage(ply, hitgroup, dmginfo): true keeps the damage from the player.
bool scalePlayerDamage(Runtime& rt, lua_State* L, const GameEntity& player, game::DamageInfo& info) {
    void* box = nullptr;
    const int verdict = hookVerdict(rt, L, "ScalePlayerDamage", 3, [&] {
        pushEntity(rt, L, player.index);
        lua_pushinteger(L, kHitgroupGeneric);
        box = pushDamageInfo(rt, L, &info);
    });
    clearDamageInfo(box);
    return verdict == 1;
}

// FireBullets inside its own hooks or callback nests; GMod crashes on the loop (the wiki's warning on
// EntityFireBullets), here the 16th level raises a Lua error instead.
thread_local int gDepth = 0;
struct DepthGuard {
    DepthGuard() { ++gDepth; }
    ~DepthGuard() { --gDepth; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
};

int eFireBullets(lua_State* L) {
    if (gDepth >= 16) return luaL_error(L, "FireBullets called from its own hooks 16 levels deep (an endless loop)");
    const DepthGuard depth;
    Runtime& rt = rtOf(L);
    game::World& world = rt.world();
    const GameEntity* shooter = checkEnt(L, 1);
    const EntityHandle self = shooter->handle;
    const int selfIndex = shooter->index;
    const bool isPlayer = shooter->player != nullptr;
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    Bullet b;
    readBullet(rt, L, 2, *shooter, b);
    pushBulletTable(rt, L, b);
    const int edited = lua_gettop(L);
    const int verdict = hookVerdict(rt, L, "EntityFireBullets", 2, [&] {
        pushEntity(rt, L, selfIndex);
        lua_pushvalue(L, edited);
    });
    if (verdict == 0) return 0;
    if (verdict == 1) {
        const GameEntity* now = world.get(self);
        if (!now) return 0;
        readBullet(rt, L, edited, *now, b);
    }
    if (!usable(b)) {
        warn(rt, "FireBullets: refused a non-finite value or one past 1e9 for entity " + std::to_string(selfIndex));
        return 0;
    }
    if (b.num > kMaxPellets)
        warn(rt, "FireBullets: Num " + std::to_string(b.num) + " is over " + std::to_string(kMaxPellets) +
                     " pellets; " + std::to_string(kMaxPellets) + " fired");
    const int pellets = static_cast<int>(std::clamp(std::floor(b.num), 0.0, double(kMaxPellets)));
    const int ammoId = game::ammoTypeId(b.ammo);
    const game::AmmoType* ammo = game::ammoType(ammoId);
    auto& impl = implOf(rt);
    if (!ammo || !ammo->known) countStandIn(impl, "Entity:FireBullets (the damage type and force of this ammo type)");
    if (b.damage == 0) countStandIn(impl, "Entity:FireBullets (Damage 0: the ammo's skill convars)");
    if (b.hullSize > 0) countStandIn(impl, "Entity:FireBullets (HullSize: the hull's box)");
    const std::uint32_t ammoBits = ammo ? ammo->damageType : game::dmg::kBullet;
    const float impulse = ammo ? ammo->force : 0.0f;
    const auto damage = static_cast<float>(b.damage);
    const std::uint32_t damageType = damage == 0 ? ammoBits : game::bulletDamageType(ammoBits, damage);

    const GameEntity* inflictorEntity = world.get(b.inflictor);
    game::DamageInfo proto =
        game::DamageInfo::make(inflictorEntity ? b.inflictor : self, b.attacker, damage, damageType);
    if (inflictorEntity && weaponStateOf(rt, *inflictorEntity)) proto.weapon = b.inflictor;
    proto.ammoType = ammoId;

    // RandomSeed(iSeed) before each of a player's pellets (iSeed = prediction seed & 255, + 1 per pellet).
    const int seed = isPlayer ? (world.predictionSeed() & 255) : 0;
    base::UniformRandomStream seeded;
    base::UniformRandomStream& random = isPlayer ? seeded : world.uniformRandom();
    const game::ShotManipulator shot(b.dir);
    game::MultiDamage volley;
    const int top = lua_gettop(L);
    for (int i = 0; i < pellets; ++i) {
        charge(L, 1000);  // a trace and its hooks: the budget sees the volley
        if (isPlayer) seeded.setSeed(seed + i);
        const Vec3 dir = shot.applySpread(b.spread, random);
        const Vec3 start = b.src, end = b.src + dir * static_cast<float>(b.distance);
        if (!isFinite(end)) {  // a huge Dir times the distance
            refuseNonFinite(rt, "FireBullets (the shot's end)", selfIndex);
            break;
        }
        TraceHit hit;
        {
            TraceQuery q;
            q.start = start;
            q.end = end;
            q.mask = base::mask::kShot;
            q.filter = {selfIndex};
            if (const GameEntity* ig = world.get(b.ignore)) q.filter.push_back(ig->index);
            if (b.hullSize > 0 || (isPlayer && pellets > 1 && i % 2 == 1)) {
                const float h = b.hullSize > 0 ? static_cast<float>(b.hullSize / 2) : 3.0f;
                q.hull = true;
                q.mins = {-h, -h, -h};
                q.maxs = {h, h, h};
            }
            hit = runTrace(rt, q);
        }  // the query (its filter vector) is gone before anything below can raise
        if (hit.startSolid) {
            hit.hitPos = start;
            hit.fraction = 0;
        }
        pushTraceResult(rt, L, hit, start, end);
        const int trace = lua_gettop(L);
        game::DamageInfo info = proto;
        info.damageForce = normalize(dir) * impulse * static_cast<float>(b.force);
        info.damagePosition = hit.hitPos;
        const bool suppressed = hookVerdict(rt, L, "PostEntityFireBullets", 2, [&] {
                                    pushEntity(rt, L, selfIndex);
                                    pushFiredBullet(rt, L, b, trace);
                                }) == 0;
        bool deal = !suppressed;
        if (deal && b.callback != 0) deal = runCallback(rt, L, b, trace, info);
        // DispatchTraceAttack: TraceAttack adds to the multidamage only for an entity that takes damage.
        GameEntity* target = hit.fraction != 1.0f && hit.entity >= 0 ? world.byIndex(hit.entity) : nullptr;
        if (target && target->takeDamage == game::takedamage::kNo) target = nullptr;
        if (deal && target && target->player) {
            countStandIn(impl, "Entity:FireBullets (hit groups: a player is hit as HITGROUP_GENERIC)");
            deal = !scalePlayerDamage(rt, L, *target, info);
        }
        if (deal && target && damage != 0) volley.add(world, *target, info);
        lua_settop(L, top);
    }
    volley.apply(world);
    return 0;
}

// Entity:MuzzleFlash(): CBaseEntity::MuzzleFlash on the server, the parity a client's muzzle light follows.
int eMuzzleFlash(lua_State* L) {
    GameEntity* e = checkEnt(L, 1);
    e->muzzleFlashParity = static_cast<std::uint8_t>((e->muzzleFlashParity + 1) & 3);
    e->touched();
    return 0;
}

}  // namespace

void openFireBullets(Runtime& rt, lua_State* L) {
    static const luaL_Reg kMethods[] = {
        {"FireBullets", eFireBullets}, {"MuzzleFlash", eMuzzleFlash}, {nullptr, nullptr}};
    lua_rawgeti(L, LUA_REGISTRYINDEX, implOf(rt).entityMetaRef);
    setFuncs(L, kMethods);
    lua_pop(L, 1);
}

}  // namespace vestige::source::glua
