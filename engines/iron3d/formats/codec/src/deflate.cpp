// Raw Deflate (RFC 1951) for RsLi method 0x100, through zlib with windowBits = -15.
//
//   packed = deflate blocks only: no zlib "78 xx" header, no Adler-32, no gzip wrapper
//
// A zlib-wrapped stream must be rejected. Read as raw Deflate, the header byte 0x78 announces a
// stored block whose LEN/NLEN pair is then garbage, so zlib itself fails; we do not sniff headers
// because a legitimate raw stream may start with the same two bytes.
// The output must be exactly unpackedSize: a shorter stream and a stream with more output are errors.
#include <zlib.h>

#include <algorithm>
#include <climits>

#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

// RAII for the zlib stream so every return path frees it.
struct InflateStream {
    z_stream zs{};
    bool open = false;
    InflateStream() { open = inflateInit2(&zs, -MAX_WBITS) == Z_OK; }
    ~InflateStream() {
        if (open) inflateEnd(&zs);
    }
    InflateStream(const InflateStream&) = delete;
    InflateStream& operator=(const InflateStream&) = delete;
};

struct DeflateStream {
    z_stream zs{};
    int status = Z_STREAM_ERROR;
    explicit DeflateStream(int level) {
        status = deflateInit2(&zs, level, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY);
    }
    ~DeflateStream() {
        if (status == Z_OK) deflateEnd(&zs);
    }
    DeflateStream(const DeflateStream&) = delete;
    DeflateStream& operator=(const DeflateStream&) = delete;
};

constexpr std::size_t kChunkLimit = UINT_MAX;  // zlib counts in uInt

Error sizeError(std::string code, std::string message, std::uint64_t offset, std::size_t produced, std::size_t wanted) {
    Error e(std::move(code), std::move(message));
    e.field("packed").at(offset).expected(std::to_string(wanted) + " output bytes")
        .actual(std::to_string(produced) + " output bytes");
    return e;
}

}  // namespace

Result<Bytes> inflateRaw(ByteView packed, std::size_t unpackedSize) { return inflateRaw(packed, unpackedSize, {}); }

Result<Bytes> inflateRaw(ByteView packed, std::size_t unpackedSize, const DecodeOptions& options) {
    InflateStream s;
    if (!s.open) return Error("codec.inflate_failed", "zlib inflateInit2 failed");
    z_stream& zs = s.zs;
    const std::uint64_t base = options.baseOffset;

    // Grow the output as it is produced: unpackedSize comes from an untrusted header.
    Bytes out(std::min<std::size_t>(unpackedSize, std::max<std::size_t>(packed.size() * 4, 64 * 1024)));
    std::size_t produced = 0;
    std::size_t fed = 0;  // input bytes handed to zlib so far
    std::uint8_t probe = 0;
    auto consumed = [&]() { return fed - zs.avail_in; };

    for (;;) {
        if (zs.avail_in == 0 && fed < packed.size()) {
            const std::size_t n = std::min(packed.size() - fed, kChunkLimit);
            zs.next_in = const_cast<Bytef*>(packed.data() + fed);  // zlib's API is not const-correct
            zs.avail_in = static_cast<uInt>(n);
            fed += n;
        }
        const bool probing = produced == unpackedSize;  // full: any further output means "too long"
        if (!probing && produced == out.size())
            out.resize(std::min(unpackedSize, out.size() > unpackedSize / 2 ? unpackedSize : out.size() * 2));
        const std::size_t room = probing ? 1 : std::min(out.size() - produced, kChunkLimit);
        zs.next_out = probing ? &probe : out.data() + produced;
        zs.avail_out = static_cast<uInt>(room);

        const int ret = inflate(&zs, Z_NO_FLUSH);
        const std::size_t wrote = room - zs.avail_out;
        if (probing && wrote > 0) {
            Error e("codec.inflate_long", "Deflate stream produces more than the declared unpacked size");
            e.field("packed").at(base + consumed()).expected(std::to_string(unpackedSize) + " output bytes")
                .actual("more than " + std::to_string(unpackedSize) + " output bytes");
            return e;
        }
        if (!probing) produced += wrote;
        if (ret == Z_STREAM_END) break;
        if (ret == Z_DATA_ERROR || ret == Z_NEED_DICT || ret == Z_MEM_ERROR || ret == Z_STREAM_ERROR) {
            Error e("codec.inflate_corrupt",
                    std::string("invalid raw Deflate stream: ") + (zs.msg != nullptr ? zs.msg : "zlib error"));
            e.field("packed").at(base + consumed());
            return e;
        }
        if (ret == Z_BUF_ERROR || (wrote == 0 && zs.avail_in == 0)) {
            if (zs.avail_in == 0 && fed == packed.size())
                return sizeError("codec.inflate_truncated", "Deflate stream needs more input than the packed size",
                                 base + packed.size(), produced, unpackedSize);
        }
    }
    if (produced != unpackedSize)
        return sizeError("codec.inflate_short", "Deflate stream ended before the declared unpacked size",
                         base + consumed(), produced, unpackedSize);
    if (!options.allowTrailing && consumed() != packed.size()) {
        Error e("codec.trailing_bytes", "raw Deflate input has bytes after the end of the stream");
        e.field("packed").at(base + consumed()).expected(std::to_string(consumed()) + " packed bytes")
            .actual(std::to_string(packed.size()) + " packed bytes");
        return e;
    }
    out.resize(produced);
    return out;
}

Result<Bytes> deflateRaw(ByteView plain, int level) {
    if (level < 0 || level > 9) {
        Error e("codec.deflate_level", "Deflate level out of range");
        e.field("level").expected("0..9").actual(std::to_string(level));
        return e;
    }
    DeflateStream s(level);
    if (s.status != Z_OK) return Error("codec.deflate_failed", "zlib deflateInit2 failed");
    z_stream& zs = s.zs;
    Bytes out(std::max<std::size_t>(deflateBound(&zs, static_cast<uLong>(std::min(plain.size(), kChunkLimit))), 64));
    std::size_t fed = 0;
    std::size_t produced = 0;
    for (;;) {
        if (zs.avail_in == 0 && fed < plain.size()) {
            const std::size_t n = std::min(plain.size() - fed, kChunkLimit);
            zs.next_in = const_cast<Bytef*>(plain.data() + fed);
            zs.avail_in = static_cast<uInt>(n);
            fed += n;
        }
        if (produced == out.size()) out.resize(out.size() * 2);
        const std::size_t room = std::min(out.size() - produced, kChunkLimit);
        zs.next_out = out.data() + produced;
        zs.avail_out = static_cast<uInt>(room);
        const int ret = deflate(&zs, fed == plain.size() ? Z_FINISH : Z_NO_FLUSH);
        produced += room - zs.avail_out;
        if (ret == Z_STREAM_END) break;
        if (ret != Z_OK && ret != Z_BUF_ERROR) {
            Error e("codec.deflate_failed", std::string("zlib deflate failed: ") + (zs.msg != nullptr ? zs.msg : "?"));
            return e;
        }
    }
    out.resize(produced);
    return out;
}

}  // namespace vestige::iron3d::codec
