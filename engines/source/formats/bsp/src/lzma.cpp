// Valve LZMA blocks (see lzma.hpp for the 17-byte header). Decoding uses liblzma's raw LZMA1 decoder with the
// properties from the header and stops when the known output size is reached: Valve's streams carry no end marker.
#include "vestige/source/bsp/lzma.hpp"

#include <fmt/format.h>
#include <lzma.h>

#include <algorithm>

namespace vestige::source::bsp {

namespace {
constexpr std::uint64_t kMaxDecodedSize = 512ull * 1024 * 1024;  // far above any real lump; refuses absurd headers

Error lzmaError(std::string message, std::uint64_t at) {
    Error e("bsp.lzma", std::move(message));
    e.at(at);
    return e;
}
}  // namespace

bool hasLzmaHeader(ByteView data) {
    return data.size() >= 4 && data[0] == 'L' && data[1] == 'Z' && data[2] == 'M' && data[3] == 'A';
}

Result<Bytes> decompressLzma(ByteView data, std::uint64_t baseOffset, std::uint64_t expectedSize) {
    if (data.size() < kLzmaHeaderSize)
        return std::move(lzmaError("compressed block shorter than the 17-byte LZMA header", baseOffset)
                             .expected("17 bytes").actual(fmt::format("{} bytes", data.size())));
    if (!hasLzmaHeader(data))
        return std::move(lzmaError("compressed block does not start with 'LZMA'", baseOffset)
                             .field("id").expected("4C 5A 4D 41").actual(hexBytes(data.first(4))));
    const std::uint32_t actualSize = loadU32(data.data() + 4);
    const std::uint32_t lzmaSize = loadU32(data.data() + 8);
    const std::uint8_t props = data[12];
    const std::uint32_t dictSize = loadU32(data.data() + 13);
    if (expectedSize != 0 && actualSize != expectedSize)
        return std::move(lzmaError("LZMA actualSize differs from the directory's uncompressed size", baseOffset + 4)
                             .field("actualSize").expected(std::to_string(expectedSize))
                             .actual(std::to_string(actualSize)));
    if (actualSize > kMaxDecodedSize)
        return std::move(lzmaError("LZMA actualSize is implausibly large", baseOffset + 4).field("actualSize")
                             .actual(std::to_string(actualSize)));
    if (lzmaSize > data.size() - kLzmaHeaderSize)
        return std::move(lzmaError("LZMA payload runs past the end of the block", baseOffset + 8).field("lzmaSize")
                             .expected(fmt::format("<= {}", data.size() - kLzmaHeaderSize))
                             .actual(std::to_string(lzmaSize)));
    if (props >= 9 * 5 * 5)
        return std::move(lzmaError("invalid LZMA properties byte", baseOffset + 12).field("properties")
                             .expected("< 225").actual(std::to_string(props)));

    lzma_options_lzma options{};
    options.lc = props % 9;
    options.lp = (props / 9) % 5;
    options.pb = props / 45;
    // A dictionary larger than the whole output is never referenced; clamping keeps liblzma from allocating
    // whatever a corrupt header asks for (fuzz find: 3 GB).
    options.dict_size = std::clamp<std::uint32_t>(dictSize, 4096, std::max<std::uint32_t>(actualSize, 4096));
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1, &options}, {LZMA_VLI_UNKNOWN, nullptr}};
    lzma_stream strm = LZMA_STREAM_INIT;
    if (lzma_raw_decoder(&strm, filters) != LZMA_OK)
        return lzmaError("liblzma refused the LZMA properties", baseOffset + 12);
    Bytes out(actualSize);
    strm.next_in = data.data() + kLzmaHeaderSize;
    strm.avail_in = lzmaSize;
    strm.next_out = out.data();
    strm.avail_out = out.size();
    lzma_ret ret = LZMA_OK;
    while (strm.avail_out > 0) {
        ret = lzma_code(&strm, LZMA_FINISH);
        if (ret != LZMA_OK) break;
        if (strm.avail_in == 0 && strm.avail_out > 0) {
            // No more input but the output is not full: let the decoder flush once more, then give up.
            ret = lzma_code(&strm, LZMA_FINISH);
            if (ret == LZMA_OK && strm.avail_out > 0) ret = LZMA_BUF_ERROR;
            break;
        }
    }
    const std::size_t produced = out.size() - strm.avail_out;
    const std::size_t consumed = lzmaSize - strm.avail_in;
    lzma_end(&strm);
    if (produced != out.size())
        return std::move(lzmaError(fmt::format("LZMA stream ended early (liblzma code {})", static_cast<int>(ret)),
                                   baseOffset + kLzmaHeaderSize + consumed)
                             .expected(fmt::format("{} decoded bytes", out.size()))
                             .actual(fmt::format("{} decoded bytes", produced)));
    return out;
}

Result<Bytes> compressLzma(ByteView data) {
    lzma_options_lzma options{};
    if (lzma_lzma_preset(&options, 6)) return Error("bsp.lzma", "liblzma preset 6 unavailable");
    options.dict_size = 1u << 20;
    lzma_filter filters[2] = {{LZMA_FILTER_LZMA1, &options}, {LZMA_VLI_UNKNOWN, nullptr}};
    lzma_stream strm = LZMA_STREAM_INIT;
    if (lzma_raw_encoder(&strm, filters) != LZMA_OK) return Error("bsp.lzma", "liblzma raw encoder failed to start");
    Bytes payload(data.size() + data.size() / 2 + 1024);
    strm.next_in = data.data();
    strm.avail_in = data.size();
    strm.next_out = payload.data();
    strm.avail_out = payload.size();
    lzma_ret ret = lzma_code(&strm, LZMA_FINISH);
    const std::size_t written = payload.size() - strm.avail_out;
    lzma_end(&strm);
    if (ret != LZMA_STREAM_END) return Error("bsp.lzma", fmt::format("LZMA encoding failed (code {})", static_cast<int>(ret)));
    ByteWriter w;
    w.chars("LZMA");
    w.u32(static_cast<std::uint32_t>(data.size()));
    w.u32(static_cast<std::uint32_t>(written));
    w.u8(static_cast<std::uint8_t>((options.pb * 5 + options.lp) * 9 + options.lc));
    w.u32(options.dict_size);
    w.bytes(ByteView(payload.data(), written));
    return w.take();
}

}  // namespace vestige::source::bsp
