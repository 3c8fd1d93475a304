#pragma once
// MAT0: one material (NRes type 'MAT0' in Material.lib). The payload version is the NRes entry's
// attr2 (every game MAT0 has attr2 = 6); attr1 holds runtime flags [?] and is not needed here.
//
//   0x00 u16 phase_count
//   0x02 u16 anim_block_count          must be < 20
//   0x04 u8  metadata_a                version >= 2 (default 255)
//   0x05 u8  metadata_b                version >= 2 (default 255)
//   0x06 u32 metadata_c_raw            version >= 3 (default 1.0f bits) [?]
//   0x0A u32 metadata_d_raw            version >= 4 (default 0) [?]
//        prefix size: 4 (v < 2), 6 (v 2), 10 (v 3), 14 (v >= 4)
//   +P   phase_count x Phase34:  u8 parameters[18] [?], char texture_name[16] (no NUL needed at 16)
//   +..  anim_block_count blocks, packed, no alignment:
//          u32 header_raw   (bits 0..2 = mode, bits 3.. = interpolation mask)
//          u16 key_count
//          key_count x {u16 k0, u16 k1, u16 k2}
//        EOF exactly after the last block
//
// See ../shared/specs/iron3d.md section 8 and docs/texm.md.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::mat0 {

constexpr std::uint32_t kNresType = 0x3054414D;  // "MAT0"
constexpr std::uint32_t kGameVersion = 6;        // attr2 of every corpus MAT0
constexpr std::size_t kPhaseSize = 34;
constexpr std::size_t kParameterSize = 18;
constexpr std::size_t kTextureNameSize = 16;
constexpr std::uint16_t kMaxAnimBlocks = 19;     // anim_block_count must be < 20

// Size of the prefix for a payload version.
[[nodiscard]] std::size_t prefixSize(std::uint32_t version);

struct Phase {
    std::array<std::uint8_t, kParameterSize> parameters{};  // opaque [?]
    FixedString textureName;  // all 16 bytes, tail kept
    // The name used for lookup: bytes before the first NUL, ASCII whitespace trimmed. Empty = untextured.
    [[nodiscard]] std::string_view texture() const;
};

struct AnimKey {
    std::uint16_t k0 = 0, k1 = 0, k2 = 0;
    friend constexpr bool operator==(AnimKey, AnimKey) = default;
};

struct AnimBlock {
    std::uint32_t headerRaw = 0;
    std::vector<AnimKey> keys;
    [[nodiscard]] std::uint32_t mode() const { return headerRaw & 7u; }
    [[nodiscard]] std::uint32_t interpolationMask() const { return headerRaw >> 3; }
};

struct Material {
    std::uint32_t version = kGameVersion;  // from the NRes attr2, not stored in the payload
    std::uint8_t metadataA = 255;          // present for version >= 2
    std::uint8_t metadataB = 255;          // present for version >= 2
    std::uint32_t metadataCRaw = 0x3F800000;  // present for version >= 3 (1.0f)
    std::uint32_t metadataDRaw = 0;        // present for version >= 4
    std::vector<Phase> phases;
    std::vector<AnimBlock> blocks;
};

// Reads a MAT0 payload of the given version (the entry's attr2); `baseOffset` is the payload's
// absolute offset. Stops exactly at the end of the last block.
[[nodiscard]] Result<Material> read(ByteView data, std::uint32_t version, std::uint64_t baseOffset = 0);
// Byte-exact inverse of read() for the material's version.
[[nodiscard]] Result<Bytes> write(const Material& material);

// Authoring helper: a phase with zeroed parameters and `texture` NUL-padded (at most 16 bytes).
[[nodiscard]] Result<Phase> makePhase(std::string_view texture, std::array<std::uint8_t, kParameterSize> parameters = {});

}  // namespace vestige::iron3d::mat0
