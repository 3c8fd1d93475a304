#pragma once
// Deterministic inputs shared by the codec tests (seeded PCG32, never the wall clock).
#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

#include "vestige/core/bytes.hpp"
#include "vestige/core/rng.hpp"

namespace vestige::iron3d::codec::test {

inline Bytes bytesOf(std::string_view s) { return {s.begin(), s.end()}; }
inline Bytes fromHex(std::string_view hex) {
    Bytes out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
    return out;
}
inline Bytes randomBytes(std::size_t n, std::uint64_t seed) {
    Pcg32 rng(seed);
    Bytes out(n);
    for (auto& b : out) b = static_cast<std::uint8_t>(rng.next() >> 24);
    return out;
}
// Text-like data: words from a small vocabulary, so there are matches at many distances.
inline Bytes wordSoup(std::size_t n, std::uint64_t seed) {
    static constexpr std::string_view kWords[] = {"iron ", "strategy ", "parkan ", "robot ", "planet ", "base ",
                                                  "energy ", "the ", "of ", "clan ", "mission\n", "42 "};
    Pcg32 rng(seed);
    Bytes out;
    while (out.size() < n) {
        auto w = kWords[rng.below(std::size(kWords))];
        out.insert(out.end(), w.begin(), w.end());
    }
    out.resize(n);
    return out;
}
// Random runs of random length mixed with literals: compressible but not trivially.
inline Bytes semiCompressible(std::size_t n, std::uint64_t seed) {
    Pcg32 rng(seed);
    Bytes out;
    out.reserve(n);
    while (out.size() < n) {
        if (out.size() > 64 && rng.below(2) == 0) {
            const std::size_t dist = 1 + rng.below(static_cast<std::uint32_t>(std::min<std::size_t>(out.size(), 4000)));
            const std::size_t len = 3 + rng.below(40);
            for (std::size_t k = 0; k < len; ++k) out.push_back(out[out.size() - dist]);
        } else {
            const std::size_t len = 1 + rng.below(8);
            for (std::size_t k = 0; k < len; ++k) out.push_back(static_cast<std::uint8_t>(rng.next() >> 24));
        }
    }
    out.resize(n);
    return out;
}

}  // namespace vestige::iron3d::codec::test
