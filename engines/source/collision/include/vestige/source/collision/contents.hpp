#pragma once
// Source contents flags and trace masks (bspflags.h values, spec §2.1). A volume blocks a trace iff
// (volume.contents & mask) != 0; liquids are volumes like any other and are found with pointContents.
#include <cstdint>

namespace vestige::source::collision {

namespace contents {
constexpr std::uint32_t kEmpty = 0x0;
constexpr std::uint32_t kSolid = 0x1;
constexpr std::uint32_t kWindow = 0x2;
constexpr std::uint32_t kAux = 0x4;
constexpr std::uint32_t kGrate = 0x8;
constexpr std::uint32_t kSlime = 0x10;
constexpr std::uint32_t kWater = 0x20;
constexpr std::uint32_t kBlockLos = 0x40;
constexpr std::uint32_t kOpaque = 0x80;
constexpr std::uint32_t kTestFogVolume = 0x100;
constexpr std::uint32_t kTeam1 = 0x800;
constexpr std::uint32_t kTeam2 = 0x1000;
constexpr std::uint32_t kIgnoreNodrawOpaque = 0x2000;
constexpr std::uint32_t kMoveable = 0x4000;
constexpr std::uint32_t kAreaPortal = 0x8000;
constexpr std::uint32_t kPlayerClip = 0x10000;
constexpr std::uint32_t kMonsterClip = 0x20000;
constexpr std::uint32_t kCurrent0 = 0x40000;
constexpr std::uint32_t kCurrent90 = 0x80000;
constexpr std::uint32_t kCurrent180 = 0x100000;
constexpr std::uint32_t kCurrent270 = 0x200000;
constexpr std::uint32_t kCurrentUp = 0x400000;
constexpr std::uint32_t kCurrentDown = 0x800000;
constexpr std::uint32_t kOrigin = 0x1000000;
constexpr std::uint32_t kMonster = 0x2000000;
constexpr std::uint32_t kDebris = 0x4000000;
constexpr std::uint32_t kDetail = 0x8000000;
constexpr std::uint32_t kTranslucent = 0x10000000;
constexpr std::uint32_t kLadder = 0x20000000;
constexpr std::uint32_t kHitbox = 0x40000000;
}  // namespace contents

namespace mask {
using namespace contents;
constexpr std::uint32_t kAll = 0xFFFFFFFFu;
constexpr std::uint32_t kSolid = contents::kSolid | kMoveable | kWindow | kMonster | kGrate;
// Player movement: adds player clips; grates block the player (they only let bullets through).
constexpr std::uint32_t kPlayerSolid = contents::kSolid | kMoveable | kPlayerClip | kWindow | kMonster | kGrate;
constexpr std::uint32_t kPlayerSolidBrushOnly = contents::kSolid | kMoveable | kWindow | kPlayerClip | kGrate;
constexpr std::uint32_t kNpcSolid = contents::kSolid | kMoveable | kMonsterClip | kWindow | kMonster | kGrate;
constexpr std::uint32_t kWater = contents::kWater | kMoveable | kSlime;
constexpr std::uint32_t kShot = contents::kSolid | kMoveable | kMonster | kWindow | kDebris | kHitbox;
constexpr std::uint32_t kOpaque = contents::kSolid | kMoveable | contents::kOpaque;
constexpr std::uint32_t kCurrent = kCurrent0 | kCurrent90 | kCurrent180 | kCurrent270 | kCurrentUp | kCurrentDown;
}  // namespace mask

}  // namespace vestige::source::collision
