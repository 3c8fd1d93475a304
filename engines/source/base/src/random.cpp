#include "vestige/source/base/random.hpp"

#include "vestige/core/md5.hpp"

namespace vestige::source::base {
namespace {

constexpr int kIA = 16807, kIM = 2147483647, kIQ = 127773, kIR = 2836;
constexpr double kAM = 1.0 / kIM, kRNMX = 1.0 - 1.2e-7;

// One Park-Miller step without overflow (Schrage's method).
int step(int idum) {
    const int k = idum / kIQ;
    idum = kIA * (idum - k * kIQ) - kIR * k;
    return idum < 0 ? idum + kIM : idum;
}

}  // namespace

void UniformRandomStream::setSeed(int seed) {
    // -|seed| without negating INT_MIN (kept as is: it is already negative).
    mIdum = seed < 0 ? seed : -seed;
    mIy = 0;
}

int UniformRandomStream::next() {
    constexpr int kNDiv = 1 + (kIM - 1) / kTable;
    if (mIdum <= 0 || mIy == 0) {
        // -INT_MIN would overflow; the engine's (-idum < 1) sends it to 1 as well.
        mIdum = (mIdum == INT32_MIN || -mIdum < 1) ? 1 : -mIdum;
        for (int j = kTable + 7; j >= 0; --j) {
            mIdum = step(mIdum);
            if (j < kTable) mIv[j] = mIdum;
        }
        mIy = mIv[0];
    }
    mIdum = step(mIdum);
    const int j = mIy / kNDiv;  // mIy in [1, IM - 1]: j in [0, 31]
    mIy = mIv[j];
    mIv[j] = mIdum;
    return mIy;
}

float UniformRandomStream::randomFloat(float low, float high) {
    float fl = static_cast<float>(kAM * next());
    if (fl > kRNMX) fl = static_cast<float>(kRNMX);
    return (fl * (high - low)) + low;
}

std::uint32_t md5PseudoRandom(std::uint32_t seed) {
    const std::uint8_t bytes[4] = {static_cast<std::uint8_t>(seed), static_cast<std::uint8_t>(seed >> 8),
                                   static_cast<std::uint8_t>(seed >> 16), static_cast<std::uint8_t>(seed >> 24)};
    const Md5Digest d = md5(ByteView(bytes, 4));
    return std::uint32_t{d[6]} | (std::uint32_t{d[7]} << 8) | (std::uint32_t{d[8]} << 16) | (std::uint32_t{d[9]} << 24);
}

}  // namespace vestige::source::base
