// libFuzzer: encode -> decode must reproduce the input: LZSS encoder, plus the XOR stream involution
// (first byte seeds the key).
#include "roundtrip_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::iron3d::codec;
    const vestige::ByteView plain(data, size);
    fuzz::requireEqual(lzssDecode(lzssEncode(plain), plain.size(), DecodeOptions{.allowTrailing = false}), plain);
    if (size > 0) {
        vestige::Bytes x(plain.begin(), plain.end());
        const auto key = static_cast<std::uint16_t>(data[0] * 0x0101u + size);
        xorStream(x, key);
        xorStream(x, key);
        fuzz::requireEqual(x, plain);
    }
    return 0;
}
