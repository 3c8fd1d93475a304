#pragma once
// Named, deterministic random streams. Each stream is seeded from (world seed, stream name)
// through a fixed hash, so adding a new stream never shifts the numbers of an existing one.
// The generator is PCG32 (O'Neill), implemented here for bit-stable output on every platform.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace vestige {

class Pcg32 {
public:
    Pcg32(std::uint64_t seed = 0x853c49e6748fea9bULL, std::uint64_t stream = 0xda3e39cb94b95bdbULL);
    std::uint32_t next();
    // Uniform in [0, bound) without modulo bias; bound 0 returns 0.
    std::uint32_t below(std::uint32_t bound);
    // Uniform in [0, 1) with 24 bits of precision.
    float unit();
    std::uint64_t state() const { return mState; }

private:
    std::uint64_t mState = 0;
    std::uint64_t mInc = 0;
};

// 64-bit FNV-1a; stable across runs and platforms (used for seeds and trace hashes).
std::uint64_t fnv1a64(std::string_view data, std::uint64_t seed = 0xcbf29ce484222325ULL);

class RngStreams {
public:
    explicit RngStreams(std::uint64_t worldSeed = 0) : mSeed(worldSeed) {}
    // The stream is created on first use; iteration order of the registry never matters.
    Pcg32& stream(std::string_view name);
    std::uint64_t worldSeed() const { return mSeed; }

private:
    std::uint64_t mSeed;
    std::map<std::string, Pcg32, std::less<>> mStreams;
};

}  // namespace vestige
