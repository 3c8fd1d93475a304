#pragma once
// The C runtime's rand() as Iron3D's MSVC build has it: a 32-bit LCG (x = x * 214013 + 2531011) returning bits
// 16..30, so 0..32767 (RAND_MAX 0x7FFF); srand(1) is the start state. Seed 002 writes the ambient variation delay as
// `10 + rand() % 10`, so the stream that feeds it must be this generator to reproduce the original's numbers.
// Each owner keeps its own instance (a named stream), never a process-wide one.
#include <cstdint>

namespace vestige::iron3d::environment {

class CrtRand {
public:
    explicit CrtRand(std::uint32_t seed = 1) : mState(seed) {}
    std::uint32_t next() {
        ++mCalls;
        mState = mState * 214013u + 2531011u;
        return (mState >> 16) & 0x7FFFu;
    }
    [[nodiscard]] std::uint32_t state() const { return mState; }
    [[nodiscard]] std::uint64_t calls() const { return mCalls; }

private:
    std::uint32_t mState;
    std::uint64_t mCalls = 0;
};

}  // namespace vestige::iron3d::environment
