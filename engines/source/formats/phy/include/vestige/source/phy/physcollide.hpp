#pragma once
// The map's collision lumps, read from the bytes the BSP reader keeps (Bsp::lumps[i].data, LZMA undone).
//
// LUMP_PHYSCOLLIDE (29), one record per brush model with physics:
//    0 i32 modelIndex   4 i32 dataSize   8 i32 keydataSize   12 i32 solidCount
//   16 dataSize bytes of size-prefixed solids (collide.hpp), then keydataSize bytes of key text
//      (staticsolid {"index" "contents"}, materialtable, virtualterrain, ...)
//   the list ends with a record whose modelIndex is -1 (vbsp writes -1, -1, 0, 0 and nothing after it).
// LUMP_PHYSDISP (28):
//    0 u16 count   2 u16 size[count] (0xFFFF: that displacement has no collision)   then the blobs in order, each a
//    serialised VPHY solid of model type VIRTUAL whose triangles come from the displacement itself at load.
#include <optional>

#include "vestige/source/bsp/bsp.hpp"
#include "vestige/source/phy/collide.hpp"

namespace vestige::source::phy {

struct PhysModel {
    std::int32_t modelIndex = 0;
    Collide collide;  // keyText = the record's key data
    friend bool operator==(const PhysModel&, const PhysModel&) = default;
};

struct PhysCollideLump {
    std::vector<PhysModel> models;
    // The terminating record's other three fields, as stored.
    std::int32_t endDataSize = -1, endKeySize = 0, endSolidCount = 0;
    Bytes trailing;  // bytes after the terminator (vbsp writes none)
    friend bool operator==(const PhysCollideLump&, const PhysCollideLump&) = default;
};

struct PhysDispLump {
    std::vector<std::optional<Solid>> displacements;  // nullopt: size 0xFFFF (no collision)
    friend bool operator==(const PhysDispLump&, const PhysDispLump&) = default;
};

// `baseOffset` = the lump's file offset, for errors. Errors (phy.*): truncated, physcollide_record,
// physcollide_end (no -1 record), plus the solids'.
[[nodiscard]] Result<PhysCollideLump> readPhysCollide(ByteView lump, std::uint64_t baseOffset = 0);
[[nodiscard]] Result<Bytes> writePhysCollide(const PhysCollideLump& lump);
[[nodiscard]] Result<PhysDispLump> readPhysDisp(ByteView lump, std::uint64_t baseOffset = 0);
[[nodiscard]] Result<Bytes> writePhysDisp(const PhysDispLump& lump);

// The map's lumps; nullopt when the lump is empty.
[[nodiscard]] Result<std::optional<PhysCollideLump>> physCollideOf(const bsp::Bsp& map);
[[nodiscard]] Result<std::optional<PhysDispLump>> physDispOf(const bsp::Bsp& map);

}  // namespace vestige::source::phy
