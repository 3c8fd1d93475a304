#pragma once
// Splits a fuzz input into a declared unpacked size (first 3 bytes, little-endian, capped at 1 MiB)
// and the packed payload, so the fuzzer controls both like an RsLi entry header would.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "vestige/core/bytes.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec::fuzz {

constexpr std::size_t kMaxUnpacked = std::size_t{1} << 20;

struct FuzzInput {
    std::size_t unpackedSize = 0;
    ByteView packed;
};

inline bool splitInput(const std::uint8_t* data, std::size_t size, FuzzInput& out) {
    if (size < 3) return false;
    out.unpackedSize = (static_cast<std::size_t>(data[0]) | (static_cast<std::size_t>(data[1]) << 8) |
                        (static_cast<std::size_t>(data[2]) << 16)) % (kMaxUnpacked + 1);
    out.packed = ByteView(data + 3, size - 3);
    return true;
}

// Any success must have exactly the declared size; a strict success must equal the lenient one.
template <class Decode>
void checkDecoder(const FuzzInput& in, Decode decode) {
    auto lenient = decode(in.packed, in.unpackedSize, DecodeOptions{});
    auto strict = decode(in.packed, in.unpackedSize, DecodeOptions{.baseOffset = 1000, .allowTrailing = false});
    if (lenient.ok() && lenient->size() != in.unpackedSize) std::abort();
    if (strict.ok() && (!lenient.ok() || *strict != *lenient)) std::abort();
    if (!lenient.ok() && (lenient.error().code().empty() || !lenient.error().offset())) std::abort();
    if (!strict.ok() && (!strict.error().offset() || *strict.error().offset() < 1000)) std::abort();
}

}  // namespace vestige::iron3d::codec::fuzz
