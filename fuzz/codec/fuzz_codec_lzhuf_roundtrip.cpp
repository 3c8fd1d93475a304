// libFuzzer: encode -> decode must reproduce the input: LZHUF encoder.
#include "roundtrip_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::iron3d::codec;
    const vestige::ByteView plain(data, size);
    fuzz::requireEqual(lzhufDecode(lzhufEncode(plain), plain.size(), DecodeOptions{.allowTrailing = false}), plain);
    return 0;
}
