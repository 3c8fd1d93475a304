#include "vestige/core/rng.hpp"

namespace vestige {

Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) {
    mInc = (stream << 1u) | 1u;
    next();
    mState += seed;
    next();
}

std::uint32_t Pcg32::next() {
    const std::uint64_t old = mState;
    mState = old * 6364136223846793005ULL + mInc;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

std::uint32_t Pcg32::below(std::uint32_t bound) {
    if (bound == 0) return 0;
    const std::uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        const std::uint32_t r = next();
        if (r >= threshold) return r % bound;
    }
}

float Pcg32::unit() { return static_cast<float>(next() >> 8) * (1.0f / 16777216.0f); }

std::uint64_t fnv1a64(std::string_view data, std::uint64_t h) {
    for (unsigned char c : data) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

Pcg32& RngStreams::stream(std::string_view name) {
    auto it = mStreams.find(name);
    if (it != mStreams.end()) return it->second;
    const std::uint64_t h = fnv1a64(name);
    return mStreams.emplace(std::string(name), Pcg32(mSeed ^ h, h)).first->second;
}

}  // namespace vestige
