// libFuzzer: raw Deflate decoder on arbitrary bytes (3-byte declared size prefix, see fuzz_input.hpp).
#include "fuzz_input.hpp"
#include "vestige/iron3d/codec/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vestige::iron3d::codec;
    fuzz::FuzzInput in;
    if (!fuzz::splitInput(data, size, in)) return 0;
    fuzz::checkDecoder(in, [](vestige::ByteView packed, std::size_t n, const DecodeOptions& options) {
        return inflateRaw(packed, n, options);
    });
    return 0;
}
