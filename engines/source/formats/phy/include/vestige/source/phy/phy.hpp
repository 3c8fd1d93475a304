#pragma once
// Studio model collision (.phy, next to the .mdl):
//
//   0 i32 size        16 (sizeof phyheader_t)
//   4 i32 id          0
//   8 i32 solidCount
//  12 i32 checkSum    the .mdl's studiohdr_t::checksum
//  16 solidCount solids (collide.hpp), then the key text (keys.hpp): solid, ragdollconstraint, collisionrules,
//     editparams, ... blocks, normally ending with a NUL.
//
// Layers: PhyFile (raw header + the VCollide block, byte-exact), PhyModel (keys.hpp: the text interpreted, the
// solids' convex pieces in Source inches).
#include <cstdint>
#include <optional>

#include "vestige/source/phy/collide.hpp"

namespace vestige::source::phy {

constexpr std::size_t kPhyHeaderSize = 16;

struct PhyHeader {
    std::int32_t size = static_cast<std::int32_t>(kPhyHeaderSize);
    std::int32_t id = 0;
    std::int32_t solidCount = 0;
    std::int32_t checksum = 0;
    friend bool operator==(const PhyHeader&, const PhyHeader&) = default;
};

struct PhyFile {
    PhyHeader header;
    Collide collide;
    friend bool operator==(const PhyFile&, const PhyFile&) = default;
};

struct PhyReadOptions {
    std::optional<std::int32_t> expectedChecksum;  // the .mdl's checksum, when known: a mismatch is refused
};

// Errors: phy.truncated (bytes.eof), phy.header_size, phy.checksum, plus readCollide's.
[[nodiscard]] Result<PhyFile> readPhy(ByteView data, const PhyReadOptions& options = {});
// solidCount is taken from the collide block.
[[nodiscard]] Result<Bytes> writePhy(const PhyFile& phy);

}  // namespace vestige::source::phy
