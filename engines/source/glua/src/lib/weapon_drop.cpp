// Player:DropWeapon(weapon = active, target = nil, velocity = nil) (wiki Player:DropWeapon, WEAPON:OnDrop; SDK
// CBasePlayer::Weapon_Drop, CBaseCombatCharacter::Weapon_Drop / Weapon_Detach, CBaseCombatWeapon::Drop / FallInit,
// CMultiplayRules::GetNextBestWeapon):
//
//   the weapon must be one the player carries; the active one first plays ACT_VM_IDLE (SendWeaponAnim). It is put at
//   the shoot position - 12 z, turned to the eyes' angles (a player's BodyAngles are its EyeAngles), and thrown:
//   with `velocity`, that velocity cut to 400 long; with `target`, VecCheckToss's arc (not built: counted, and
//   thrown as with neither); with neither, the eyes' forward x 400. Drop makes it a physics object of its world model
//   (SWEP.WorldModel, VPhysicsInitNormal) with the throw and a (200, 200, 200) deg/s spin in its own frame; a weapon
//   whose model has no collision flies as MOVETYPE_FLYGRAVITY, SOLID_BBOX of its collision bounds (PhysicsToss). Then
//   WEAPON:OnDrop, Weapon_Detach (out of the inventory, no owner: WEAPON:OwnerChanged; no Holster, as HolsterOnDetach
//   is false) and, for the active weapon, the switch to the heaviest other weapon (SWEP.Weight, the first of equal
//   ones; none when nothing is left).
// The pickup (SetPickupTouch after 1 s, DefaultTouch -> BumpWeapon): a living player touching the dropped weapon (a
// trigger of its physics bounds) with a clear MASK_SOLID line from it to the eyes takes it through Weapon_Equip
// (equipWeapon: PlayerCanPickupWeapon may refuse, the default clips' reserve again, WeaponEquip, Equip, OwnerChanged,
// active when none was); a class the player carries gives the rounds in its clips only (Weapon_EquipAmmoOnly) and an
// emptied weapon is removed.
#include <algorithm>
#include <cmath>
#include <string>

#include "../weapons.hpp"
#include "entity_binding.hpp"
#include "vestige/source/base/bspflags.hpp"
#include "vestige/source/game/world.hpp"

namespace vestige::source::glua {
namespace {
using namespace binding;

constexpr float kMaxThrow = 400.0f;        // Weapon_Drop: a given velocity is cut to 400; none gives forward x 400
constexpr float kSpin = 200.0f;            // Drop: AngularImpulse(200, 200, 200), degrees per second
constexpr int kActVmIdle = 183;            // ACT_VM_IDLE (ai_activity.h; the wiki's ACT enum)
constexpr double kPickupDelay = 1.0;       // Drop: SetThink(SetPickupTouch) at curtime + 1
constexpr int kCollisionGroupWeapon = 11;  // COLLISION_GROUP_WEAPON

// A number field of the weapon's Lua table (SWEP.Weight & co.), `fallback` when it has none.
double tableNumber(Runtime& rt, const GameEntity& w, const char* key, double fallback) {
    lua_State* L = rt.state();
    if (!pushPerEntityTable(L, implOf(rt).entityTablesRef, w.index, false)) return fallback;
    lua_getfield(L, -1, key);
    const double v = lua_isnumber(L, -1) ? lua_tonumber(L, -1) : fallback;
    lua_pop(L, 2);
    return v;
}
std::string tableString(Runtime& rt, const GameEntity& w, const char* key) {
    lua_State* L = rt.state();
    if (!pushPerEntityTable(L, implOf(rt).entityTablesRef, w.index, false)) return {};
    lua_getfield(L, -1, key);
    std::string v = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 2);
    return v;
}

// GetNextBestWeapon without a current weapon: the heaviest weapon above -1, the first of equal weights.
GameEntity* nextBest(Runtime& rt, const GameEntity& player) {
    GameEntity* best = nullptr;
    double bestWeight = -1;
    for (const EntityHandle h : arsenalOf(rt, player).weapons) {
        GameEntity* w = rt.world().get(h);
        if (!w || w->markedForDeletion) continue;
        const double weight = tableNumber(rt, *w, "Weight", 0);
        if (weight > bestWeight) {
            bestWeight = weight;
            best = w;
        }
    }
    return best;
}

// The throw velocity of Weapon_Drop (the target arc counted and not built).
Vec3 throwVelocity(Runtime& rt, lua_State* L, Vec3 forward) {
    Vec3 v;
    if (toVector(rt, L, 4, &v) && isFinite(v)) {
        const float len = length(v);
        return len > kMaxThrow ? normalize(v) * kMaxThrow : v;
    }
    if (!lua_isnoneornil(L, 3))
        countStandIn(implOf(rt), "Player:DropWeapon (a target: VecCheckToss's arc is not built, thrown forward)");
    return forward * kMaxThrow;
}

}  // namespace

int playerDropWeapon(lua_State* L) {
    Runtime& rt = rtOf(L);
    game::World& world = rt.world();
    GameEntity* player = checkPlayer(L, 1);
    const int playerIndex = player->index;
    PlayerArsenal& arsenal = arsenalOf(rt, *player);
    GameEntity* w = lua_isnoneornil(L, 2) ? world.get(arsenal.active) : checkEnt(L, 2);
    if (!w || w->markedForDeletion || w->owner != player->handle || !weaponStateOf(rt, *w)) return 0;
    const int index = w->index;
    const bool wasActive = arsenal.active == w->handle;
    if (wasActive) {
        lua_pushcfunction(L, weaponSendWeaponAnim);
        pushEntity(rt, L, index);
        lua_pushinteger(L, kActVmIdle);
        (void)rt.protectedCall(2, 0);
    }
    if (!(player = world.byIndex(playerIndex)) || !(w = world.byIndex(index))) return 0;
    const Vec3 eyes = player->player->eyeAngles;
    Vec3 forward;
    angleVectors(eyes, &forward, nullptr, nullptr);
    const Vec3 velocity = throwVelocity(rt, L, forward);
    world.setOrigin(*w, player->origin + player->player->eyeOffset() - Vec3{0, 0, 12});
    world.setAngles(*w, eyes);
    // Drop: a physics object of the world model, thrown and spun; the weapon no longer follows its owner.
    if (w->model.empty()) {
        if (std::string model = tableString(rt, *w, "WorldModel"); !model.empty()) w->model = std::move(model);
    }
    if (auto body = world.physicsInitModel(*w)) {
        (void)world.physics().setVelocity(*body, velocity);
        constexpr float kRad = 3.14159265358979f / 180.0f;
        (void)world.physics().setAngularVelocity(*body,
                                                 rotate(game::anglesToQuat(eyes), Vec3{kSpin, kSpin, kSpin} * kRad));
    } else {
        // FallInit without collision: MOVETYPE_FLYGRAVITY with SOLID_BBOX (World::physicsToss moves it).
        world.setMoveType(*w, game::MoveType::FlyGravity);
        w->solid = game::Solid::Box;
        w->collisionGroup = kCollisionGroupWeapon;  // CBaseCombatWeapon::Spawn's group: players pass through it
        w->velocity = velocity;
    }
    w->noDraw = false;
    w->triggerFlag = true;  // FallInit: FSOLID_TRIGGER, so a player's touch can pick it up
    w->touched();
    if (WeaponState* s = weaponStateOf(rt, *w)) s->pickupAt = rt.curTime() + kPickupDelay;
    (void)callWeaponMethod(rt, *w, "OnDrop");
    // Weapon_Detach (HolsterOnDetach is false: no Holster): out of the inventory, no owner, not active.
    if ((player = world.byIndex(playerIndex)) == nullptr || (w = world.byIndex(index)) == nullptr) return 0;
    PlayerArsenal& a = arsenalOf(rt, *player);
    a.weapons.erase(std::remove(a.weapons.begin(), a.weapons.end(), w->handle), a.weapons.end());
    if (a.active == w->handle) a.active = {};
    w->owner = {};
    w->touched();
    (void)callWeaponMethod(rt, *w, "OwnerChanged");
    if (wasActive && (player = world.byIndex(playerIndex)) != nullptr)
        if (GameEntity* next = nextBest(rt, *player)) switchToWeapon(rt, *player, next);
    return 0;
}

void touchDroppedWeapon(Runtime& rt, GameEntity& weapon, GameEntity& player) {
    WeaponState* s = weaponStateOf(rt, weapon);
    if (!s || s->pickupAt < 0 || rt.curTime() < s->pickupAt || !player.player || !player.alive ||
        !weapon.owner.isNull() || weapon.markedForDeletion)
        return;
    game::World& world = rt.world();
    // BumpWeapon: never through walls (FVisible with MASK_SOLID, from the weapon to the player's eyes).
    const Vec3 eye = player.origin + player.player->eyeOffset();
    const game::TraceHitEntity sight =
        world.trace(weapon.worldSpaceCenter(), eye, {}, {}, base::mask::kSolid, weapon.handle);
    if (sight.result.fraction < 1.0f && sight.entity != player.handle) return;
    for (const EntityHandle h : arsenalOf(rt, player).weapons)
        if (const GameEntity* w = world.get(h); w && w->className == weapon.className) {
            // Weapon_EquipAmmoOnly: a class the player carries gives the rounds in its clips (no carry limits here:
            // all of them); emptied, it is removed (BumpWeapon: HasPrimaryAmmo is false), else it stays.
            auto& ammo = arsenalOf(rt, player).ammo;
            int taken = 0;
            const auto take = [&](int& clip, int type) {
                if (type < 1 || clip <= 0) return;
                ammo[type] += clip;
                taken += clip;
                clip = 0;
            };
            take(s->clip1, s->ammo1);
            take(s->clip2, s->ammo2);
            if (taken > 0 && s->clip1 <= 0) world.remove(weapon);  // nothing taken: it stays
            return;
        }
    const int index = weapon.index;
    if (equipWeapon(rt, player.index, index, true) != Equip::Done) return;
    if (GameEntity* w = world.byIndex(index)) {
        // Equip: the weapon follows its owner again (no physics, not a trigger, not drawn on its own).
        world.physicsDestroy(*w);
        w->triggerFlag = false;
        w->noDraw = true;
        w->velocity = {};
        w->touched();
        if (WeaponState* state = weaponStateOf(rt, *w)) state->pickupAt = -1;
    }
}

}  // namespace vestige::source::glua
