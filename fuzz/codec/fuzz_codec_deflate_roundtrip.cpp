// libFuzzer: encode -> decode must reproduce the input: raw Deflate encoder (first byte = level).
#include "roundtrip_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::iron3d::codec;
    if (size == 0) return 0;
    const vestige::ByteView plain(data + 1, size - 1);
    auto packed = deflateRaw(plain, data[0] % 10);
    if (!packed.ok()) std::abort();
    fuzz::requireEqual(inflateRaw(*packed, plain.size(), DecodeOptions{.allowTrailing = false}), plain);
    return 0;
}
