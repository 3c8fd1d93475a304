#pragma once
// SHA-256 (FIPS 180-4), for canonical state hashes that must match other implementations bit for bit
// (the Iron3D World3D state hash). Not a general crypto toolkit: no HMAC, no constant-time promises.
// Checked against the FIPS 180-2 appendix vectors ("abc", the 448-bit message, one million 'a').
#include <array>
#include <cstdint>
#include <string>

#include "vestige/core/bytes.hpp"

namespace vestige {

using Sha256Digest = std::array<std::uint8_t, 32>;

class Sha256 {
public:
    Sha256();
    void update(ByteView data);
    // Pads, returns the digest and resets to the empty state.
    [[nodiscard]] Sha256Digest finish();

private:
    void block(const std::uint8_t* p);
    std::array<std::uint32_t, 8> mState{};
    std::array<std::uint8_t, 64> mBuffer{};
    std::size_t mBuffered = 0;
    std::uint64_t mLength = 0;  // bytes
};

[[nodiscard]] Sha256Digest sha256(ByteView data);
// Lower-case hex of the 32 bytes.
[[nodiscard]] std::string toHex(const Sha256Digest& digest);

}  // namespace vestige
