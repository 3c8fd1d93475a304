#include "vestige/core/md5.hpp"

#include <cmath>
#include <vector>

namespace vestige {
namespace {

// Per-round shift amounts (RFC 1321 section 3.4).
constexpr int kShift[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 5,  9,  14, 20, 5,  9,
                            14, 20, 5,  9,  14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16, 23, 4,  11, 16, 23,
                            4,  11, 16, 23, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};

// T[i] = floor(2^32 * |sin(i + 1)|), the RFC's table, computed once (sin in double is exact enough for all 64).
const std::array<std::uint32_t, 64>& sineTable() {
    static const std::array<std::uint32_t, 64> t = [] {
        std::array<std::uint32_t, 64> v{};
        for (int i = 0; i < 64; ++i)
            v[i] = static_cast<std::uint32_t>(std::floor(std::fabs(std::sin(i + 1.0)) * 4294967296.0));
        return v;
    }();
    return t;
}

constexpr std::uint32_t rotl(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

void block(std::array<std::uint32_t, 4>& s, const std::uint8_t* p) {
    std::uint32_t m[16];
    for (int i = 0; i < 16; ++i)
        m[i] = std::uint32_t{p[4 * i]} | (std::uint32_t{p[4 * i + 1]} << 8) | (std::uint32_t{p[4 * i + 2]} << 16) |
               (std::uint32_t{p[4 * i + 3]} << 24);
    const auto& t = sineTable();
    std::uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
    for (int i = 0; i < 64; ++i) {
        std::uint32_t f = 0;
        int g = 0;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        const std::uint32_t next = b + rotl(a + f + t[i] + m[g], kShift[i]);
        a = d;
        d = c;
        c = b;
        b = next;
    }
    s[0] += a;
    s[1] += b;
    s[2] += c;
    s[3] += d;
}

}  // namespace

Md5Digest md5(ByteView data) {
    std::array<std::uint32_t, 4> s{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    const std::size_t whole = data.size() / 64 * 64;
    for (std::size_t i = 0; i < whole; i += 64) block(s, data.data() + i);
    // The tail, 0x80, zeros to 56 mod 64, then the length in bits, little-endian.
    std::uint8_t tail[128] = {};
    const std::size_t rest = data.size() - whole;
    for (std::size_t i = 0; i < rest; ++i) tail[i] = data[whole + i];
    tail[rest] = 0x80;
    const std::size_t tailSize = rest < 56 ? 64 : 128;
    const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
    for (int i = 0; i < 8; ++i) tail[tailSize - 8 + i] = static_cast<std::uint8_t>(bits >> (8 * i));
    for (std::size_t i = 0; i < tailSize; i += 64) block(s, tail + i);
    Md5Digest out{};
    for (int i = 0; i < 16; ++i) out[i] = static_cast<std::uint8_t>(s[i / 4] >> (8 * (i % 4)));
    return out;
}

std::string toHex(const Md5Digest& digest) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string s;
    s.reserve(32);
    for (const std::uint8_t b : digest) {
        s.push_back(kHex[b >> 4]);
        s.push_back(kHex[b & 15]);
    }
    return s;
}

}  // namespace vestige
