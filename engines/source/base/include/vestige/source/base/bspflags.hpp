#pragma once
// Source's brush contents, surface flags and trace masks: the values of the SDK's public/bspflags.h, in one
// place for every Source module (the BSP reader and builder, collision, movement, the game, GLua's CONTENTS_* /
// MASK_* globals). One type, std::uint32_t: the BSP stores contents and texinfo flags as int32 bit sets and its
// readers keep them so; code that tests or combines flags works on these unsigned values.
//
// A volume blocks a trace iff (volume contents & mask) != 0; liquids are volumes like any other and are found
// with a point-contents query.
#include <cstdint>

namespace vestige::source::base {

// CONTENTS_*: what a brush (or leaf) is made of.
namespace contents {
constexpr std::uint32_t kEmpty = 0x0;
constexpr std::uint32_t kSolid = 0x1;
constexpr std::uint32_t kWindow = 0x2;
constexpr std::uint32_t kAux = 0x4;
constexpr std::uint32_t kGrate = 0x8;  // lets bullets and sight through, blocks movement
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
constexpr std::uint32_t kOrigin = 0x1000000;  // removed by vbsp before the map is written
constexpr std::uint32_t kMonster = 0x2000000;
constexpr std::uint32_t kDebris = 0x4000000;
constexpr std::uint32_t kDetail = 0x8000000;
constexpr std::uint32_t kTranslucent = 0x10000000;
constexpr std::uint32_t kLadder = 0x20000000;
constexpr std::uint32_t kHitbox = 0x40000000;
}  // namespace contents

// SURF_*: texinfo flags of a face or brush side.
namespace surf {
constexpr std::uint32_t kLight = 0x1;
constexpr std::uint32_t kSky2d = 0x2;
constexpr std::uint32_t kSky = 0x4;
constexpr std::uint32_t kWarp = 0x8;
constexpr std::uint32_t kTrans = 0x10;
constexpr std::uint32_t kNoPortal = 0x20;
constexpr std::uint32_t kTrigger = 0x40;
constexpr std::uint32_t kNoDraw = 0x80;
constexpr std::uint32_t kHint = 0x100;
constexpr std::uint32_t kSkip = 0x200;
constexpr std::uint32_t kNoLight = 0x400;
constexpr std::uint32_t kBumpLight = 0x800;
constexpr std::uint32_t kNoShadows = 0x1000;
constexpr std::uint32_t kNoDecals = 0x2000;
constexpr std::uint32_t kNoChop = 0x4000;
constexpr std::uint32_t kHitbox = 0x8000;
}  // namespace surf

// MASK_*: the contents a trace stops at.
namespace mask {
using namespace contents;
constexpr std::uint32_t kAll = 0xFFFFFFFFu;
constexpr std::uint32_t kSolid = contents::kSolid | kMoveable | kWindow | kMonster | kGrate;
// Player movement: adds player clips; grates block the player (they only let bullets through).
constexpr std::uint32_t kPlayerSolid = contents::kSolid | kMoveable | kPlayerClip | kWindow | kMonster | kGrate;
constexpr std::uint32_t kNpcSolid = contents::kSolid | kMoveable | kMonsterClip | kWindow | kMonster | kGrate;
constexpr std::uint32_t kWater = contents::kWater | kMoveable | kSlime;
constexpr std::uint32_t kOpaque = contents::kSolid | kMoveable | contents::kOpaque;
constexpr std::uint32_t kOpaqueAndNpcs = kOpaque | kMonster;
constexpr std::uint32_t kBlockLos = contents::kSolid | kMoveable | contents::kBlockLos;
constexpr std::uint32_t kBlockLosAndNpcs = kBlockLos | kMonster;
constexpr std::uint32_t kVisible = kOpaque | kIgnoreNodrawOpaque;
constexpr std::uint32_t kVisibleAndNpcs = kOpaqueAndNpcs | kIgnoreNodrawOpaque;
constexpr std::uint32_t kShot = contents::kSolid | kMoveable | kMonster | kWindow | kDebris | kHitbox;
constexpr std::uint32_t kShotHull = contents::kSolid | kMoveable | kMonster | kWindow | kDebris | kGrate;
constexpr std::uint32_t kShotPortal = contents::kSolid | kMoveable | kWindow | kMonster;
constexpr std::uint32_t kSolidBrushOnly = contents::kSolid | kMoveable | kWindow | kGrate;
constexpr std::uint32_t kPlayerSolidBrushOnly = contents::kSolid | kMoveable | kWindow | kPlayerClip | kGrate;
constexpr std::uint32_t kNpcSolidBrushOnly = contents::kSolid | kMoveable | kWindow | kMonsterClip | kGrate;
constexpr std::uint32_t kNpcWorldStatic = contents::kSolid | kWindow | kMonsterClip | kGrate;
constexpr std::uint32_t kSplitAreaPortal = contents::kWater | kSlime;
constexpr std::uint32_t kCurrent = kCurrent0 | kCurrent90 | kCurrent180 | kCurrent270 | kCurrentUp | kCurrentDown;
constexpr std::uint32_t kDeadSolid = contents::kSolid | kPlayerClip | kWindow | kGrate;
}  // namespace mask

}  // namespace vestige::source::base
