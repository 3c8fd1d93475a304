#pragma once
// Internal: LZHUF constants, position tables and the adaptive Huffman tree shared by the decoder and
// the encoder (and inspected by the tests). Parameters as in iron3d.md §3 (Okumura/Yoshizaki 1988).
#include <array>
#include <cstdint>

namespace vestige::iron3d::codec::detail {

inline constexpr int kRingSize = 4096;  // N
inline constexpr int kLookahead = 60;   // F
inline constexpr int kThreshold = 2;     // matches longer than this are coded as references
inline constexpr int kCharCount = 256 - kThreshold + kLookahead;  // N_CHAR = 314
inline constexpr int kTableSize = kCharCount * 2 - 1;             // T = 627
inline constexpr int kRoot = kTableSize - 1;                      // R = 626
inline constexpr std::uint32_t kMaxFreq = 0x8000;

// d_code / d_len from the run lengths in the spec; p_code / p_len (encoder side) are derived from them.
struct PositionTables {
    std::array<std::uint8_t, 256> dCode{};
    std::array<std::uint8_t, 256> dLen{};
    std::array<std::uint8_t, 64> pCode{};
    std::array<std::uint8_t, 64> pLen{};
};

constexpr PositionTables makePositionTables() {
    PositionTables t;
    // (number of high values, prefix length): 1 value with 3-bit codes covers 32 entries, etc.
    constexpr std::array<std::array<int, 2>, 6> kRuns = {{{1, 3}, {3, 4}, {8, 5}, {12, 6}, {24, 7}, {16, 8}}};
    int i = 0;
    int high = 0;
    for (const auto& run : kRuns) {
        for (int v = 0; v < run[0]; ++v, ++high) {
            const int span = 1 << (8 - run[1]);
            t.pCode[high] = static_cast<std::uint8_t>(i >> (8 - run[1]));
            t.pLen[high] = static_cast<std::uint8_t>(run[1]);
            for (int k = 0; k < span; ++k, ++i) {
                t.dCode[i] = static_cast<std::uint8_t>(high);
                t.dLen[i] = static_cast<std::uint8_t>(run[1]);
            }
        }
    }
    return t;
}

inline constexpr PositionTables kTables = makePositionTables();
static_assert(kTables.dCode[31] == 0 && kTables.dCode[32] == 1 && kTables.dCode[255] == 63);
static_assert(kTables.dLen[0] == 3 && kTables.dLen[80] == 5 && kTables.dLen[255] == 8);

// The adaptive Huffman tree. Nodes 0..T-1 are kept sorted by frequency; son[n] is the left child of
// node n (right child = son[n] + 1), or symbol + T for a leaf. parent[symbol + T] is a leaf's node.
class AdaptiveTree {
public:
    AdaptiveTree() { reset(); }

    void reset() {
        for (int s = 0; s < kCharCount; ++s) {
            mFreq[s] = 1;
            mSon[s] = s + kTableSize;
            mParent[s + kTableSize] = s;
        }
        for (int child = 0, node = kCharCount; node <= kRoot; child += 2, ++node) {
            mFreq[node] = mFreq[child] + mFreq[child + 1];
            mSon[node] = child;
            mParent[child] = mParent[child + 1] = node;
        }
        mFreq[kTableSize] = 0xFFFF;  // sentinel above every real count stops the reorder scan
        mParent[kRoot] = 0;
    }

    [[nodiscard]] int rootSon() const { return mSon[kRoot]; }
    [[nodiscard]] int son(int node) const { return mSon[node]; }
    [[nodiscard]] int leafNode(int symbol) const { return mParent[symbol + kTableSize]; }
    [[nodiscard]] int parent(int node) const { return mParent[node]; }
    [[nodiscard]] std::uint32_t freq(int node) const { return mFreq[node]; }

    // Count one more occurrence of `symbol` and restore the sibling property on the way to the root.
    void update(int symbol) {
        if (mFreq[kRoot] == kMaxFreq) rebuild();
        int node = mParent[symbol + kTableSize];
        do {
            const std::uint32_t f = ++mFreq[node];
            int swapWith = node + 1;
            if (f > mFreq[swapWith]) {
                // Move the node past every node whose count it now exceeds.
                while (f > mFreq[swapWith + 1]) ++swapWith;
                mFreq[node] = mFreq[swapWith];
                mFreq[swapWith] = f;

                const int a = mSon[node];
                mParent[a] = swapWith;
                if (a < kTableSize) mParent[a + 1] = swapWith;
                const int b = mSon[swapWith];
                mSon[swapWith] = a;
                mParent[b] = node;
                if (b < kTableSize) mParent[b + 1] = node;
                mSon[node] = b;
                node = swapWith;
            }
            node = mParent[node];
        } while (node != 0);
    }

private:
    // Halve all leaf counts (rounding up) and rebuild the internal nodes in frequency order.
    void rebuild() {
        int leaves = 0;
        for (int n = 0; n < kTableSize; ++n) {
            if (mSon[n] >= kTableSize) {
                mFreq[leaves] = (mFreq[n] + 1) / 2;
                mSon[leaves] = mSon[n];
                ++leaves;
            }
        }
        for (int child = 0, node = kCharCount; node < kTableSize; child += 2, ++node) {
            const std::uint32_t f = mFreq[child] + mFreq[child + 1];
            mFreq[node] = f;
            int at = node - 1;
            while (f < mFreq[at]) --at;
            ++at;
            for (int m = node; m > at; --m) {
                mFreq[m] = mFreq[m - 1];
                mSon[m] = mSon[m - 1];
            }
            mFreq[at] = f;
            mSon[at] = child;
        }
        for (int n = 0; n < kTableSize; ++n) {
            const int s = mSon[n];
            mParent[s] = n;
            if (s < kTableSize) mParent[s + 1] = n;
        }
    }

    std::array<std::uint32_t, kTableSize + 1> mFreq{};
    std::array<int, kTableSize + kCharCount> mParent{};
    std::array<int, kTableSize> mSon{};
};

}  // namespace vestige::iron3d::codec::detail
