#pragma once
// Initial ore of a placed object (seed 002 "Начальные свойства запасов руды"). Behavior keeps CurrentOre and
// MaximumOre in one property record with key 0x02000100: the current amount in its main float word, the limit in
// its extra DWORD. On load (MisLoad.dll) each descriptor looks up the *first* property whose name matches exactly
// (case-sensitive) and hands its raw word [1] to the descriptor's setter, chosen by the descriptor's code (4, 5),
// not by its row in the table:
//
//   current = first_exact("CurrentOre").raw[1]  ?? class default current   (bits kept, no float round trip)
//   maximum = class default maximum                                        (MaximumOre's setter changes nothing)
//
//   class word   CurrentOre  MaximumOre      (Behavior RVA 0x8790)
//   0x80000004        0          500
//   0x80000008        0         4000
//   0x01002000        0         2000
//   0x01004000     2000         2000
//   any other         0            0
//
// The class default's current goes into the float word as that number (2000 -> 2000.0f); the maximum is kept as
// the integer in the DWORD [reading of "дополнительное DWORD"].
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vestige/iron3d/ai/distributor.hpp"

namespace vestige::iron3d::ai {

constexpr std::uint32_t kOrePropertyKey = 0x02000100;
constexpr std::uint32_t kCurrentOreCode = 4;
constexpr std::uint32_t kMaximumOreCode = 5;

struct OreDefaults {
    std::uint32_t current = 0;
    std::uint32_t maximum = 0;
};
[[nodiscard]] OreDefaults oreClassDefaults(std::uint32_t classWord);

struct OreDescriptor {
    std::string name;
    std::uint32_t code = 0;
};
// {CurrentOre, 4}, {MaximumOre, 5}: Behavior's descriptor rows in their usual order.
[[nodiscard]] std::vector<OreDescriptor> oreDescriptors();

struct OreProperty {
    std::uint32_t key = kOrePropertyKey;
    std::uint32_t valueBits = 0;  // float word: CurrentOre
    std::uint32_t extra = 0;      // DWORD: MaximumOre
};

// The setter of descriptor code `code`: 4 writes the main word, 5 reads the extra word and writes nothing.
// Returns whether the property changed.
bool setOreByCode(OreProperty& property, std::uint32_t code, std::uint32_t raw);

struct OreState {
    Handle handle;
    std::uint32_t tmaIndex = 0;
    std::uint32_t classWord = 0;
    OreProperty property;
    bool fromTma = false;  // CurrentOre came from the TMA property bag
};

// The state of one object with a Unit DAT (no class word: nullopt). Traced as "behavior" ore writes.
[[nodiscard]] std::optional<OreState> initialOre(const PlacedUnit& unit, std::span<const OreDescriptor> descriptors,
                                                 const Tracer& trace = {});

}  // namespace vestige::iron3d::ai
