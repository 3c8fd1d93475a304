#pragma once
// Source's random numbers, as the game code draws them:
// * UniformRandomStream: vstdlib's CUniformRandomStream, Park-Miller "minimal standard" with a 32-entry Bays-Durham
//   shuffle (Numerical Recipes' ran1). setSeed(s) stores -|s| and empties the table, so the next draw refills it.
//   randomFloat is the engine's float arithmetic: fl = float(AM * n) capped at 1 - 1.2e-7, fl * (hi - lo) + lo.
// * md5PseudoRandom: tier1's MD5_PseudoRandom: the MD5 of the seed's four little-endian bytes, digest bytes 6..9 read
//   as a little-endian word. A CUserCmd's random_seed is md5PseudoRandom(command_number) & 0x7fffffff.
#include <cstdint>

namespace vestige::source::base {

class UniformRandomStream {
public:
    explicit UniformRandomStream(int seed = 0) { setSeed(seed); }
    void setSeed(int seed);
    [[nodiscard]] int next();  // in [1, 2^31 - 2]
    [[nodiscard]] float randomFloat(float low = 0.0f, float high = 1.0f);

private:
    static constexpr int kTable = 32;
    int mIdum = 0, mIy = 0;
    int mIv[kTable] = {};
};

[[nodiscard]] std::uint32_t md5PseudoRandom(std::uint32_t seed);

}  // namespace vestige::source::base
