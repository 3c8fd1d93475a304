#pragma once
// Valve's LZMA wrapper for compressed lumps and game lumps:
//
//   off  size  field
//   0    4     id "LZMA"
//   4    4     actualSize  (uncompressed bytes, LE)
//   8    4     lzmaSize    (payload bytes after this 17-byte header)
//   12   5     properties  (byte0 = (pb*5 + lp)*9 + lc, bytes 1..4 = dictionary size LE)
//   17   ...   raw LZMA1 stream, no end marker required
#include <cstdint>

#include "vestige/core/bytes.hpp"

namespace vestige::source::bsp {

constexpr std::size_t kLzmaHeaderSize = 17;

// True when the data starts with the "LZMA" id.
[[nodiscard]] bool hasLzmaHeader(ByteView data);
// Decodes one wrapped block. `baseOffset` is the absolute offset of data[0] (for errors).
// `expectedSize` (when nonzero) must equal the header's actualSize. Errors: bsp.lzma.
[[nodiscard]] Result<Bytes> decompressLzma(ByteView data, std::uint64_t baseOffset, std::uint64_t expectedSize = 0);
// Wraps `data` the same way (used by the map builder for compressed fixtures).
[[nodiscard]] Result<Bytes> compressLzma(ByteView data);

}  // namespace vestige::source::bsp
