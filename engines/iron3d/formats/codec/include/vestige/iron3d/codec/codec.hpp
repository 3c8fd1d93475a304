#pragma once
// Iron3D (RsLi) payload codecs: the table/payload XOR stream, Okumura LZSS, Okumura/Yoshizaki LZHUF
// and raw Deflate (RFC 1951, no zlib header). Decoders must produce exactly `unpackedSize` bytes or
// fail with a structured error naming the input offset; they never read past the input.
// XOR+LZSS / XOR+LZHUF: the XOR key stream does not depend on the data, so callers XOR the packed
// bytes first (xorStream) and then decode.
//
// Error codes (all carry .field("packed") and .at(offset into the packed bytes + baseOffset)):
//   codec.lzss_truncated    input ended inside a group: the control byte announces a token that is missing
//   codec.lzss_short        input ended where a new control byte was due, before unpackedSize bytes
//   codec.lzhuf_truncated   the decoder needed bits beyond the last input byte
//   codec.inflate_corrupt   zlib rejected the stream (this includes zlib-wrapped "78 9C" streams)
//   codec.inflate_truncated the stream needs more input than given
//   codec.inflate_short     the stream ended before unpackedSize bytes
//   codec.inflate_long      the stream would produce more than unpackedSize bytes
//   codec.trailing_bytes    only with DecodeOptions::allowTrailing = false: unread input after the end
//   codec.deflate_level / codec.deflate_failed   deflateRaw errors
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

// ---- Additions (the functions above keep their meaning: default options) ----

struct DecodeOptions {
    // Added to every error offset so a container can report absolute file offsets.
    std::uint64_t baseOffset = 0;
    // The spec's decoders stop as soon as unpackedSize bytes exist; unread input after that point is
    // accepted by default (a packed range may be padded). false = strict: leftover bytes are an error.
    // LZHUF counts the final partially used byte as read (its low bits are padding).
    bool allowTrailing = true;
};

[[nodiscard]] Result<Bytes> lzssDecode(ByteView packed, std::size_t unpackedSize, const DecodeOptions& options);
[[nodiscard]] Result<Bytes> lzhufDecode(ByteView packed, std::size_t unpackedSize, const DecodeOptions& options);
[[nodiscard]] Result<Bytes> inflateRaw(ByteView packed, std::size_t unpackedSize, const DecodeOptions& options);

// Convenience for the XOR variants (methods 0x060 / 0x0A0): copy, xorStream with key16, decode.
[[nodiscard]] Result<Bytes> xorLzssDecode(ByteView packed, std::size_t unpackedSize, std::uint16_t key16,
                                          const DecodeOptions& options = {});
[[nodiscard]] Result<Bytes> xorLzhufDecode(ByteView packed, std::size_t unpackedSize, std::uint16_t key16,
                                           const DecodeOptions& options = {});

}  // namespace vestige::iron3d::codec
