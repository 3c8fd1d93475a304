#pragma once
// Shared check for the encoder round-trip fuzz targets: decode(encode(x)) == x, strictly (no trailing bytes).
#include <algorithm>
#include <cstdlib>

#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec::fuzz {

inline void requireEqual(const Result<Bytes>& decoded, ByteView plain) {
    if (!decoded.ok() || !std::equal(decoded->begin(), decoded->end(), plain.begin(), plain.end())) std::abort();
}

}  // namespace vestige::iron3d::codec::fuzz
