#pragma once
// Weapon selection from the keyboard, as the HL2 HUD's fast switch does it (CHudWeaponSelection with
// hud_fastswitch 1): the weapon is chosen at once and goes out in the next command (CUserCmd weaponselect); no
// bucket menu is drawn, so there is no +attack to confirm a choice.
//
//   slot1 .. slot6   the next weapon of that bucket after the active one (wrapping inside the bucket); nothing
//                    when the bucket is empty or holds only the active weapon. slot7 .. slot10 exist, as in
//                    Source, and select nothing (GMod has six buckets).
//   invnext/invprev  the next/previous weapon over all buckets, ordered by (Slot, SlotPos), wrapping.
//   lastinv          the weapon that was active before (the server's m_hLastWeapon).
//
// Weapons with the same Slot and SlotPos keep their pickup order, so every carried weapon can be reached.
#include <functional>
#include <span>
#include <vector>

namespace vestige::source::client {

class Console;
class Input;

struct SelectableWeapon {
    int index = 0;  // entity index
    int slot = 0;   // SWEP.Slot: the bucket, 0-based
    int slotPos = 0;
    bool active = false;
    bool previous = false;
};

// The entity index each command would select, 0 for nothing. `weapons` is in pickup order.
[[nodiscard]] int fastSwitch(std::span<const SelectableWeapon> weapons, int slot);
[[nodiscard]] int cycleWeapon(std::span<const SelectableWeapon> weapons, bool forward);
[[nodiscard]] int lastWeapon(std::span<const SelectableWeapon> weapons);

// Registers the commands above on `console`; `carried` is asked for the local player's weapons when one runs.
// Both must outlive this object.
class WeaponSelection {
public:
    using Provider = std::function<std::vector<SelectableWeapon>()>;
    WeaponSelection(Console& console, Input& input, Provider carried);
    WeaponSelection(const WeaponSelection&) = delete;
    WeaponSelection& operator=(const WeaponSelection&) = delete;

private:
    void select(int entityIndex);

    Input& mInput;
    Provider mCarried;
};

}  // namespace vestige::source::client
