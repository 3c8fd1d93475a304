#pragma once
// The weapon side of the session (lib/weapon.cpp): what Source keeps on CBaseCombatWeapon (clips, ammo types, next
// attack times) and on the player (its weapons, the active one, ammo by type), keyed by entity slot. The slot's state
// goes when the world frees the slot (forgetEntity), so a stale handle never finds another entity's weapon.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "internal.hpp"

namespace vestige::source::glua {

struct WeaponState {
    bool scripted = false;       // a SWEP; false: an HL2 engine weapon class Vestige has no behaviour for (kept inert)
    int clip1 = -1, clip2 = -1;  // -1: the weapon uses no clip (WEAPON_NOCLIP)
    int maxClip1 = -1, maxClip2 = -1;          // Primary/Secondary.ClipSize
    int defaultClip1 = -1, defaultClip2 = -1;  // Primary/Secondary.DefaultClip (rounds given with the weapon)
    int ammo1 = -1, ammo2 = -1;                // ammo type ids (-1: none)
    bool automatic1 = false, automatic2 = false;
    double nextPrimary = 0, nextSecondary = 0;  // CurTime at or after which an attack may run
    bool inReload = false;                      // DefaultReload started, the clips not filled yet (m_bInReload)
    std::string holdType = "normal";            // Weapon:SetHoldType (the animation set; nothing renders it yet)
    int activity = 0;                           // the view model's activity (SendWeaponAnim; 0 = ACT_RESET)
    double nextIdle = 0;                        // CurTime when that sequence has played (SetWeaponIdleTime)
    double pickupAt = -1;                       // dropped: CurTime from which a touch picks it up (-1: not dropped)
};

struct PlayerArsenal {
    std::vector<EntityHandle> weapons;  // pickup order (Player:GetWeapons)
    EntityHandle active;
    EntityHandle previous;    // the one active before (m_hLastWeapon: Player:GetPreviousWeapon, lastinv)
    std::map<int, int> ammo;  // ammo type id -> rounds in reserve
};

struct WeaponRegistry {
    std::map<int, WeaponState> weapons;                      // weapon entity slot -> state
    std::map<int, PlayerArsenal> arsenals;                   // player slot -> what it carries
    std::map<std::string, std::vector<std::string>> decals;  // game.AddDecal: name -> materials (tools register them)
    std::uint64_t attacks = 0;  // PrimaryAttack/SecondaryAttack calls the engine made (report)
    // (view model path in lower case, activity) -> its sequence's duration; nullopt: no model or no such sequence.
    std::map<std::pair<std::string, long long>, std::optional<double>> sequenceDurations;
};

// The registry of a runtime (made on first use).
WeaponRegistry& weaponsOf(Runtime& rt);
inline bool isWeaponSlot(const Runtime::Impl& impl, int index) {
    return impl.weapons && impl.weapons->weapons.count(index) > 0;
}
// GMod's default ammo types (wiki Default_Ammo_Types): name -> id, ASCII case-insensitive as CAmmoDef::Index; -1
// for anything else ("none", "").
int ammoId(std::string_view name);
// The weapon state of an entity (nullptr: not a weapon) and a player's arsenal (made on first use).
WeaponState* weaponStateOf(Runtime& rt, const GameEntity& e);
PlayerArsenal& arsenalOf(Runtime& rt, const GameEntity& player);
// Weapon:DefaultReload (lib/weapon_reload.cpp) and the end of a reload, at the start of ItemPostFrame.
int weaponDefaultReload(lua_State* L);
int weaponSendWeaponAnim(lua_State* L);
int weaponGetActivity(lua_State* L);
void checkReload(Runtime& rt, GameEntity& weapon);
const char* ammoName(int id);  // nullptr when out of range
// A weapon entity was just spawned with its class's members: clips and ammo types from SWEP.Primary/Secondary.
void initWeaponState(Runtime& rt, game::Entity& weapon);
// WEAPON:<method>() when the weapon's table has it (false: it raised), and the active-weapon switch (Holster of the
// old, Deploy of the new) (lib/weapon.cpp).
bool callWeaponMethod(Runtime& rt, const GameEntity& e, const char* method);
void switchToWeapon(Runtime& rt, GameEntity& player, GameEntity* weapon);
// Weapon_Equip in GMod's order, the second half of Player:Give and of a pickup (lib/weapon.cpp):
// GM:PlayerCanPickupWeapon(ply, wep) may refuse; the reserve from the default clips (when giveAmmo);
// GM:WeaponEquip(wep, ply) (the owner not set yet, as the wiki says); the owner; WEAPON:Equip(ply) and
// OwnerChanged; the active weapon when the player had none.
enum class Equip { Done, Refused, Gone };
Equip equipWeapon(Runtime& rt, int playerIndex, int weaponIndex, bool giveAmmo);
// Player:DropWeapon (lib/weapon_drop.cpp), registered with the Player's weapon methods, and a dropped weapon's
// touch by a player (the pickup: BumpWeapon), from the world's touch hook.
int playerDropWeapon(lua_State* L);
void touchDroppedWeapon(Runtime& rt, GameEntity& weapon, GameEntity& player);
// The world's hook point: the active weapon's ItemPostFrame for one player.
void weaponPostFrame(Runtime& rt, game::Entity& player);
// Scripted classes in the world (scripted_class.cpp): the class registry's fallback makes a registered SENT or SWEP
// class's entities (Initialize at spawn, ENT:Think with NextThink); at creation they get their members, weapon classes
// their state.
void bindScriptedClasses(Runtime& rt);
// HL2's weapon classes (GMod implements them in C++), ASCII case-insensitive.
bool isEngineWeapon(std::string_view cls);
// A registered SWEP class (its entities have the scripted weapon behaviour).
bool isScriptedWeaponClass(Runtime& rt, std::string_view cls);

}  // namespace vestige::source::glua
