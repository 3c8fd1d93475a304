// The fast switch's choices (weapon_selection.hpp). A weapon's place is (Slot, SlotPos, pickup order): the HUD
// walks that order and picks the first place strictly after the active weapon's.
#include "vestige/source/client/weapon_selection.hpp"

#include <algorithm>
#include <string>
#include <tuple>

#include "vestige/source/client/console.hpp"
#include "vestige/source/client/input.hpp"

namespace vestige::source::client {
namespace {

constexpr int kMaxSlots = 6;  // MAX_WEAPON_SLOTS

// The weapons in selection order (indices into `weapons`).
std::vector<std::size_t> selectionOrder(std::span<const SelectableWeapon> weapons) {
    std::vector<std::size_t> order(weapons.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::tie(weapons[a].slot, weapons[a].slotPos) < std::tie(weapons[b].slot, weapons[b].slotPos);
    });
    return order;
}

}  // namespace

int fastSwitch(std::span<const SelectableWeapon> weapons, int slot) {
    if (slot < 0 || slot >= kMaxSlots) return 0;
    const std::vector<std::size_t> order = selectionOrder(weapons);
    std::vector<std::size_t> bucket;
    for (std::size_t i : order)
        if (weapons[i].slot == slot) bucket.push_back(i);
    if (bucket.empty()) return 0;
    // Start after the active weapon when it is in this bucket, else at the bucket's first.
    std::size_t start = 0;
    for (std::size_t k = 0; k < bucket.size(); ++k)
        if (weapons[bucket[k]].active) start = k + 1;
    const SelectableWeapon& next = weapons[bucket[start % bucket.size()]];
    return next.active ? 0 : next.index;
}

int cycleWeapon(std::span<const SelectableWeapon> weapons, bool forward) {
    if (weapons.empty()) return 0;
    const std::vector<std::size_t> order = selectionOrder(weapons);
    const auto n = order.size();
    std::size_t at = forward ? n - 1 : 0;  // no active weapon: the first (or, backwards, the last) in order
    for (std::size_t k = 0; k < n; ++k)
        if (weapons[order[k]].active) at = k;
    const SelectableWeapon& next = weapons[order[forward ? (at + 1) % n : (at + n - 1) % n]];
    return next.active ? 0 : next.index;
}

int lastWeapon(std::span<const SelectableWeapon> weapons) {
    for (const SelectableWeapon& w : weapons)
        if (w.previous && !w.active) return w.index;
    return 0;
}

WeaponSelection::WeaponSelection(Console& console, Input& input, Provider carried)
    : mInput(input), mCarried(std::move(carried)) {
    for (int n = 1; n <= 10; ++n)
        console.addCommand("slot" + std::to_string(n), "",
                           [this, n](const CommandArgs&) { select(fastSwitch(mCarried(), n - 1)); });
    console.addCommand("invnext", "", [this](const CommandArgs&) { select(cycleWeapon(mCarried(), true)); });
    console.addCommand("invprev", "", [this](const CommandArgs&) { select(cycleWeapon(mCarried(), false)); });
    console.addCommand("lastinv", "", [this](const CommandArgs&) { select(lastWeapon(mCarried())); });
}

void WeaponSelection::select(int entityIndex) {
    if (entityIndex > 0) mInput.selectWeapon(entityIndex);
}

}  // namespace vestige::source::client
