// Placeholder until the codec implementations land (codec work replaces this file).
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
void xorStream(std::span<std::uint8_t>, std::uint16_t) {}
Result<Bytes> lzssDecode(ByteView, std::size_t) { return Error("codec.unimplemented", "pending"); }
Bytes lzssEncode(ByteView) { return {}; }
Result<Bytes> lzhufDecode(ByteView, std::size_t) { return Error("codec.unimplemented", "pending"); }
Bytes lzhufEncode(ByteView) { return {}; }
Result<Bytes> inflateRaw(ByteView, std::size_t) { return Error("codec.unimplemented", "pending"); }
Result<Bytes> deflateRaw(ByteView, int) { return Error("codec.unimplemented", "pending"); }
}  // namespace vestige::iron3d::codec
