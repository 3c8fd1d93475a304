#pragma once
// CRC-32 (IEEE 802.3, zlib's polynomial) as VPK, GMA and ZIP store it.
#include <cstdint>

#include "vestige/core/bytes.hpp"

namespace vestige {

// `seed` continues an earlier value (crc32(b, crc32(a)) == crc32(a ++ b)).
[[nodiscard]] std::uint32_t crc32(ByteView data, std::uint32_t seed = 0);

}  // namespace vestige
