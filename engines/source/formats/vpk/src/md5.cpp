// MD5 (RFC 1321) for the VPK v2 checksum sections, and the zlib CRC32 used by entries.
#include <zlib.h>

#include <cmath>

#include "vestige/source/vpk/vpk.hpp"

namespace vestige::source::vpk {
namespace {

struct Md5Tables {
    std::array<std::uint32_t, 64> k{};
    Md5Tables() {
        // K[i] = floor(|sin(i + 1)| * 2^32); exact in IEEE double (checked by the test vectors).
        for (int i = 0; i < 64; ++i)
            k[i] = static_cast<std::uint32_t>(std::floor(std::fabs(std::sin(i + 1.0)) * 4294967296.0));
    }
};

constexpr std::array<std::uint8_t, 16> kShift{7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

std::uint32_t rotl(std::uint32_t x, unsigned s) { return (x << s) | (x >> (32 - s)); }

void block(std::uint32_t (&state)[4], const std::uint8_t* p, const Md5Tables& t) {
    std::uint32_t m[16];
    for (int i = 0; i < 16; ++i) m[i] = loadU32(p + 4 * i);
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    for (unsigned i = 0; i < 64; ++i) {
        std::uint32_t f = 0;
        unsigned g = 0;
        const unsigned round = i / 16;
        if (round == 0) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (round == 1) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (round == 2) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        f += a + t.k[i] + m[g];
        a = d;
        d = c;
        c = b;
        b += rotl(f, kShift[round * 4 + i % 4]);
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
}

}  // namespace

Md5 md5(ByteView data) {
    static const Md5Tables tables;
    std::uint32_t state[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
    const std::size_t full = data.size() / 64 * 64;
    for (std::size_t off = 0; off < full; off += 64) block(state, data.data() + off, tables);
    // Tail: the remaining bytes, 0x80, zeros up to 56 mod 64, then the bit length (little-endian).
    std::uint8_t tail[128] = {};
    const std::size_t rest = data.size() - full;
    if (rest) std::memcpy(tail, data.data() + full, rest);
    tail[rest] = 0x80;
    const std::size_t tailSize = rest < 56 ? 64 : 128;
    const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
    for (int i = 0; i < 8; ++i) tail[tailSize - 8 + i] = static_cast<std::uint8_t>(bits >> (8 * i));
    for (std::size_t off = 0; off < tailSize; off += 64) block(state, tail + off, tables);
    Md5 out{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) out[4 * i + j] = static_cast<std::uint8_t>(state[i] >> (8 * j));
    return out;
}

std::string md5Hex(const Md5& digest) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    for (auto b : digest) {
        s += kDigits[b >> 4];
        s += kDigits[b & 15];
    }
    return s;
}

std::uint32_t crc32(ByteView data) {
    uLong crc = ::crc32(0L, Z_NULL, 0);
    std::size_t off = 0;
    while (off < data.size()) {  // zlib takes uInt lengths
        const std::size_t n = std::min<std::size_t>(data.size() - off, 1u << 30);
        crc = ::crc32(crc, data.data() + off, static_cast<uInt>(n));
        off += n;
    }
    return static_cast<std::uint32_t>(crc);
}

}  // namespace vestige::source::vpk
