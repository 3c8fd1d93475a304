// Okumura LZSS as used by RsLi method 0x040 (iron3d.md §3).
//
//   packed stream = groups of  [control u8] [token]{up to 8}
//   control bits are consumed LSB first: 1 = literal, 0 = reference
//   literal   : [byte]
//   reference : [lo u8][hi u8]   offset = lo | ((hi & 0xF0) << 4)   (12-bit ring position)
//                                length = (hi & 0x0F) + 3            (3..18)
//   ring: 4096 bytes pre-filled with 0x20, write position starts at 0xFEE; every output byte is
//   also written to the ring. Decoding stops as soon as unpackedSize bytes exist (a reference
//   may be cut short, unused control bits are ignored).
#include <algorithm>
#include <array>

#include "match_finder.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

constexpr std::size_t kRingSize = 4096;
constexpr std::size_t kRingMask = kRingSize - 1;
constexpr std::size_t kRingStart = 0xFEE;
constexpr std::size_t kMinLength = 3;
constexpr std::size_t kMaxLength = 18;
// A reference may reach back 4096 bytes in principle; one less keeps the source clearly distinct
// from the slot being written.
constexpr std::size_t kMaxDistance = kRingSize - 1;
// A 2-byte reference yields at most 18 bytes, so the output can never exceed 9x the input; used
// only to bound the initial allocation for hostile unpackedSize values.
constexpr std::size_t kMaxExpansion = 9;

Error lzssError(std::string code, std::string message, std::uint64_t offset, std::size_t produced,
                std::size_t wanted) {
    Error e(std::move(code), std::move(message));
    e.field("packed").at(offset).expected(std::to_string(wanted) + " output bytes")
        .actual(std::to_string(produced) + " output bytes");
    return e;
}

}  // namespace

Result<Bytes> lzssDecode(ByteView packed, std::size_t unpackedSize) { return lzssDecode(packed, unpackedSize, {}); }

Result<Bytes> lzssDecode(ByteView packed, std::size_t unpackedSize, const DecodeOptions& options) {
    Bytes out;
    out.reserve(std::min(unpackedSize, packed.size() > SIZE_MAX / kMaxExpansion ? unpackedSize
                                                                                : packed.size() * kMaxExpansion));
    std::array<std::uint8_t, kRingSize> ring;
    ring.fill(0x20);
    std::size_t r = kRingStart;
    std::size_t in = 0;
    unsigned flags = 0;  // bit 8.. mark how many control bits remain (classic sentinel trick)
    const std::uint64_t base = options.baseOffset;

    while (out.size() < unpackedSize) {
        flags >>= 1;
        if ((flags & 0x100) == 0) {
            if (in >= packed.size())
                return lzssError("codec.lzss_short", "LZSS input ended before the declared unpacked size",
                                 base + in, out.size(), unpackedSize);
            flags = packed[in++] | 0xFF00u;
        }
        if (flags & 1) {
            if (in >= packed.size())
                return lzssError("codec.lzss_truncated", "LZSS input ended where a literal byte was expected",
                                 base + in, out.size(), unpackedSize);
            const std::uint8_t c = packed[in++];
            out.push_back(c);
            ring[r] = c;
            r = (r + 1) & kRingMask;
        } else {
            if (in + 2 > packed.size())
                return lzssError("codec.lzss_truncated", "LZSS input ended inside a 2-byte reference", base + in,
                                 out.size(), unpackedSize);
            const unsigned lo = packed[in];
            const unsigned hi = packed[in + 1];
            in += 2;
            const std::size_t offset = lo | ((hi & 0xF0u) << 4);
            const std::size_t len = std::min<std::size_t>((hi & 0x0Fu) + kMinLength, unpackedSize - out.size());
            for (std::size_t k = 0; k < len; ++k) {
                const std::uint8_t c = ring[(offset + k) & kRingMask];
                out.push_back(c);
                ring[r] = c;
                r = (r + 1) & kRingMask;
            }
        }
    }
    if (!options.allowTrailing && in != packed.size()) {
        Error e("codec.trailing_bytes", "LZSS input has bytes after the last token needed for the unpacked size");
        e.field("packed").at(base + in).expected(std::to_string(in) + " packed bytes")
            .actual(std::to_string(packed.size()) + " packed bytes");
        return e;
    }
    return out;
}

Bytes lzssEncode(ByteView plain) {
    // Greedy parse over a hash-chain search. Distances are mapped to ring positions the way the
    // decoder will see them: the byte at plain[pos - d] sits at ring[(kRingStart + pos - d) & mask].
    Bytes out;
    out.reserve(plain.size() + plain.size() / 8 + 1);
    detail::MatchFinder finder(plain, kMaxDistance, kMaxLength, 96);
    std::size_t controlAt = 0;
    int tokenCount = 8;  // forces a new control byte at the first token
    auto beginToken = [&]() {
        if (tokenCount == 8) {
            controlAt = out.size();
            out.push_back(0);
            tokenCount = 0;
        }
    };
    std::size_t pos = 0;
    while (pos < plain.size()) {
        const detail::Match m = finder.find(pos);
        beginToken();
        if (m.length >= kMinLength) {
            const std::size_t offset = (kRingStart + pos - m.distance) & kRingMask;
            out.push_back(static_cast<std::uint8_t>(offset & 0xFF));
            out.push_back(static_cast<std::uint8_t>(((offset >> 4) & 0xF0) | (m.length - kMinLength)));
            for (std::size_t k = 0; k < m.length; ++k) finder.insert(pos + k);
            pos += m.length;
        } else {
            out[controlAt] = static_cast<std::uint8_t>(out[controlAt] | (1u << tokenCount));
            out.push_back(plain[pos]);
            finder.insert(pos);
            ++pos;
        }
        ++tokenCount;
    }
    return out;
}

}  // namespace vestige::iron3d::codec
