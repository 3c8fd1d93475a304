#pragma once
// The canonical World3D state hash (spec section 14): SHA-256 over these bytes, all little-endian.
//
//   "fparkan-world-state-v3\0"                       23 bytes, the schema string of the reference project
//   u64 tick, u64 next_sequence, u64 next_registration_seq
//   u64 slot_count
//   per slot:  u64 index, u32 generation, u8 live, u8 registered,
//              opt-u32 original_id, opt-u32 mirror_id, opt-u16 owner, opt-u64 registration_seq,
//              9 x u32 transform words (position, orientation, scale as raw IEEE-754 bits)
//   u64 queue_len, per queued command: u64 sequence, opt-handle target
//   u64 deferred_len, per deferred delete: handle
//
//   opt-X  = u8 presence flag (0/1), then X only when present
//   handle = u32 generation, u32 slot
// Nothing else (command names and arguments, end-of-frame callbacks, RNG streams) is part of it.
#include <string_view>

#include "vestige/core/bytes.hpp"
#include "vestige/core/sha256.hpp"

namespace vestige::iron3d::world {

class World3D;

inline constexpr std::string_view kStateHashSchema{"fparkan-world-state-v3\0", 23};

[[nodiscard]] Bytes canonicalStateBytes(const World3D& world);
[[nodiscard]] Sha256Digest canonicalStateHash(const World3D& world);

}  // namespace vestige::iron3d::world
