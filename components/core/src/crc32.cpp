#include "vestige/core/crc32.hpp"

#include <zlib.h>

#include <algorithm>
#include <limits>

namespace vestige {

std::uint32_t crc32(ByteView data, std::uint32_t seed) {
    uLong crc = seed;
    // zlib takes uInt lengths; feed larger buffers in pieces.
    constexpr std::size_t kStep = std::numeric_limits<uInt>::max();
    for (std::size_t off = 0; off < data.size(); off += kStep) {
        const std::size_t n = std::min(kStep, data.size() - off);
        crc = ::crc32(crc, reinterpret_cast<const Bytef*>(data.data() + off), static_cast<uInt>(n));
    }
    return static_cast<std::uint32_t>(crc);
}

}  // namespace vestige
