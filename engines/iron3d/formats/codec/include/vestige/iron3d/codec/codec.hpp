#pragma once
// Iron3D (RsLi) payload codecs: the table/payload XOR stream, Okumura LZSS, Okumura/Yoshizaki LZHUF
// and raw Deflate (RFC 1951, no zlib header). Decoders must produce exactly `unpackedSize` bytes or
// fail with a structured error naming the input offset; they never read past the input.
// XOR+LZSS / XOR+LZHUF: the XOR key stream does not depend on the data, so callers XOR the packed
// bytes first (xorStream) and then decode.
#include <cstdint>
#include <span>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::codec {

// The RsLi XOR stream (same function encrypts and decrypts), state from key16 as in iron3d.md §3.
void xorStream(std::span<std::uint8_t> data, std::uint16_t key16);

[[nodiscard]] Result<Bytes> lzssDecode(ByteView packed, std::size_t unpackedSize);
[[nodiscard]] Bytes lzssEncode(ByteView plain);

[[nodiscard]] Result<Bytes> lzhufDecode(ByteView packed, std::size_t unpackedSize);
[[nodiscard]] Bytes lzhufEncode(ByteView plain);

[[nodiscard]] Result<Bytes> inflateRaw(ByteView packed, std::size_t unpackedSize);
[[nodiscard]] Result<Bytes> deflateRaw(ByteView plain, int level = 9);

}  // namespace vestige::iron3d::codec
