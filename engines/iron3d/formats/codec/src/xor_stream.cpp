// RsLi XOR stream (iron3d.md §3). Two state bytes seeded from key16; the key stream never looks at
// the data, so applying it twice restores the input.
//
//   key16 = [hi:8][lo:8]
//   per byte:  lo = hi ^ ((lo << 1) & 0xFF);  out = in ^ lo;  hi = lo ^ (hi >> 1)
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {

void xorStream(std::span<std::uint8_t> data, std::uint16_t key16) {
    auto lo = static_cast<std::uint8_t>(key16 & 0xFF);
    auto hi = static_cast<std::uint8_t>(key16 >> 8);
    for (auto& b : data) {
        lo = static_cast<std::uint8_t>(hi ^ static_cast<std::uint8_t>(lo << 1));
        b ^= lo;
        hi = static_cast<std::uint8_t>(lo ^ (hi >> 1));
    }
}

Result<Bytes> xorLzssDecode(ByteView packed, std::size_t unpackedSize, std::uint16_t key16,
                            const DecodeOptions& options) {
    Bytes plainPacked(packed.begin(), packed.end());
    xorStream(plainPacked, key16);
    return lzssDecode(plainPacked, unpackedSize, options);
}

Result<Bytes> xorLzhufDecode(ByteView packed, std::size_t unpackedSize, std::uint16_t key16,
                             const DecodeOptions& options) {
    Bytes plainPacked(packed.begin(), packed.end());
    xorStream(plainPacked, key16);
    return lzhufDecode(plainPacked, unpackedSize, options);
}

}  // namespace vestige::iron3d::codec
