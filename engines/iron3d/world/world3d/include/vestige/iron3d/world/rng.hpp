#pragma once
// Named random streams (spec section 14): world, ai (AI/script), fx (FX instances), atmosphere and cosmetic,
// each with its own state and call counter, so a subsystem drawing more numbers never shifts another's.
//
//   construction  state = 0x9e3779b97f4a7c15 ^ seed; for each name byte: state ^= byte, state = mix(state);
//                 a zero result becomes 0x6a09e667f3bcc909
//   next_u32      state = mix(state); return state >> 32          (calls += 1)
//   mix(x)        x += 0x9e3779b97f4a7c15; x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9;
//                 x = (x ^ x >> 27) * 0x94d049bb133111eb; return x ^ x >> 31      (SplitMix64's finaliser)
//
// The cosmetic stream (name "cosmetic" or "cosmetic.<anything>") is never part of a digest or a hashed trace:
// presentation may draw from it freely without changing the simulation's identity.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "vestige/core/sha256.hpp"

namespace vestige::iron3d::world {

inline constexpr std::string_view kStreamWorld = "world";
inline constexpr std::string_view kStreamAi = "ai";
inline constexpr std::string_view kStreamFx = "fx";
inline constexpr std::string_view kStreamAtmosphere = "atmosphere";
inline constexpr std::string_view kStreamCosmetic = "cosmetic";

[[nodiscard]] std::uint64_t splitMix64(std::uint64_t value);
[[nodiscard]] bool isCosmeticStream(std::string_view name);

class NamedRngStream {
public:
    NamedRngStream(std::uint64_t seed, std::string_view name);
    std::uint32_t nextU32();
    [[nodiscard]] std::uint64_t calls() const { return mCalls; }
    [[nodiscard]] std::uint64_t state() const { return mState; }
    [[nodiscard]] const std::string& name() const { return mName; }

private:
    std::string mName;
    std::uint64_t mState = 0;
    std::uint64_t mCalls = 0;
};

class RngStreams {
public:
    explicit RngStreams(std::uint64_t seed = 0) : mSeed(seed) {}
    // Created on first use; creation order never matters (each stream depends only on seed and name).
    NamedRngStream& stream(std::string_view name);
    [[nodiscard]] const NamedRngStream* find(std::string_view name) const;
    [[nodiscard]] std::uint64_t seed() const { return mSeed; }
    [[nodiscard]] const std::map<std::string, NamedRngStream, std::less<>>& streams() const { return mStreams; }
    // SHA-256 of "vestige-rng-v1\0", u64 stream count, then per non-cosmetic stream in name order: u32 name
    // length, name bytes, u64 state, u64 calls (little-endian) [P: a Vestige layout, not the reference's].
    [[nodiscard]] Sha256Digest digest() const;
    // {"ai":{"calls":2,"state":"0x..."},...}: the counters a trace line carries (cosmetic only when asked).
    [[nodiscard]] std::string countersJson(bool includeCosmetic = false) const;

private:
    std::uint64_t mSeed;
    std::map<std::string, NamedRngStream, std::less<>> mStreams;
};

}  // namespace vestige::iron3d::world
