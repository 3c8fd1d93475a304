#pragma once
// Internal: a hash-chain longest-match search shared by the LZSS and LZHUF encoders.
// Positions are indices into the plain input; a match is (length, distance) with distance >= 1.
// The chain is cut by distance and by a fixed step budget, so encoding stays O(n * budget).
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "vestige/core/bytes.hpp"

namespace vestige::iron3d::codec::detail {

struct Match {
    std::size_t length = 0;
    std::size_t distance = 0;
};

class MatchFinder {
public:
    // Matches need at least 3 bytes (the hash covers 3); maxDistance must be < kWindow.
    MatchFinder(ByteView data, std::size_t maxDistance, std::size_t maxLength, int chainBudget)
        : mData(data), mMaxDistance(maxDistance), mMaxLength(maxLength), mBudget(chainBudget),
          // Small inputs get small tables: the zero-fill would otherwise dominate short payloads.
          mHashBits(std::clamp<unsigned>(static_cast<unsigned>(std::bit_width(data.size())), 8, kMaxHashBits)),
          mHead(std::size_t{1} << mHashBits, kNone), mPrev(std::min(kWindow, std::bit_ceil(data.size() + 1)), kNone) {}

    // Longest earlier match for `pos` (does not insert `pos`). Ties keep the nearest candidate.
    [[nodiscard]] Match find(std::size_t pos) const {
        Match best;
        if (pos + kMinMatch > mData.size()) return best;
        const std::size_t limit = std::min(mMaxLength, mData.size() - pos);
        const std::uint8_t* cur = mData.data() + pos;
        std::int64_t cand = mHead[hashAt(pos)];
        for (int steps = mBudget; cand != kNone && steps > 0; --steps) {
            const auto c = static_cast<std::size_t>(cand);
            const std::size_t dist = pos - c;
            if (dist > mMaxDistance) break;
            const std::uint8_t* old = mData.data() + c;
            // Cheap reject: a longer match must agree at the byte that would extend the best one
            // (best.length < limit here, otherwise the loop already stopped).
            if (old[best.length] == cur[best.length]) {
                std::size_t len = 0;
                while (len < limit && old[len] == cur[len]) ++len;
                if (len > best.length) {
                    best = {len, dist};
                    if (len == limit) break;
                }
            }
            cand = mPrev[c & (mPrev.size() - 1)];
        }
        if (best.length < kMinMatch) best = {};
        return best;
    }

    void insert(std::size_t pos) {
        if (pos + kMinMatch > mData.size()) return;
        const std::size_t h = hashAt(pos);
        mPrev[pos & (mPrev.size() - 1)] = mHead[h];
        mHead[h] = static_cast<std::int64_t>(pos);
    }

    static constexpr std::size_t kMinMatch = 3;
    static constexpr std::size_t kWindow = 8192;

private:
    static constexpr unsigned kMaxHashBits = 15;
    static constexpr std::int64_t kNone = -1;

    [[nodiscard]] std::size_t hashAt(std::size_t pos) const {
        const std::uint8_t* p = mData.data() + pos;
        const std::uint32_t v = static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
                                (static_cast<std::uint32_t>(p[2]) << 16);
        return (v * 2654435761u) >> (32 - mHashBits);
    }

    ByteView mData;
    std::size_t mMaxDistance;
    std::size_t mMaxLength;
    int mBudget;
    unsigned mHashBits;
    std::vector<std::int64_t> mHead;
    std::vector<std::int64_t> mPrev;
};

}  // namespace vestige::iron3d::codec::detail
