// White-box checks of the LZHUF adaptive tree: the round-trip tests cannot see a bug that the encoder
// and decoder share, so the tree's invariants are asserted directly, including across rebuilds.
#include <gtest/gtest.h>

#include <vector>

#include "lzhuf_model.hpp"
#include "vestige/core/rng.hpp"

namespace vestige::iron3d::codec::detail {
namespace {

// Sibling property and link consistency: counts ascend with the node index, every internal node's
// count is the sum of its two children, parent links point back, and every symbol has one leaf.
void expectValid(const AdaptiveTree& tree) {
    for (int n = 0; n + 1 < kTableSize; ++n) ASSERT_LE(tree.freq(n), tree.freq(n + 1)) << "node " << n;
    std::vector<int> leafSeen(kCharCount, 0);
    for (int n = 0; n < kTableSize; ++n) {
        const int s = tree.son(n);
        if (s >= kTableSize) {
            ASSERT_LT(s - kTableSize, kCharCount);
            ++leafSeen[static_cast<std::size_t>(s - kTableSize)];
            ASSERT_EQ(tree.leafNode(s - kTableSize), n);
        } else {
            ASSERT_LT(s + 1, kTableSize);
            ASSERT_EQ(tree.freq(n), tree.freq(s) + tree.freq(s + 1)) << "node " << n;
            ASSERT_EQ(tree.parent(s), n);
            ASSERT_EQ(tree.parent(s + 1), n);
        }
    }
    for (int c = 0; c < kCharCount; ++c) ASSERT_EQ(leafSeen[static_cast<std::size_t>(c)], 1) << "symbol " << c;
    ASSERT_LE(tree.freq(kRoot), kMaxFreq);
}

TEST(LzhufTree, InitialTreeIsBalancedOverUnitCounts) {
    AdaptiveTree tree;
    expectValid(tree);
    EXPECT_EQ(tree.freq(kRoot), static_cast<std::uint32_t>(kCharCount));
    EXPECT_EQ(tree.freq(0), 1u);
    // Leaves 0..313 are the symbols in order at the start.
    EXPECT_EQ(tree.son(0), kTableSize);
    EXPECT_EQ(tree.son(kCharCount - 1), kTableSize + kCharCount - 1);
}

TEST(LzhufTree, StaysValidThroughUpdatesAndRebuilds) {
    AdaptiveTree tree;
    Pcg32 rng(99);
    int rebuilds = 0;
    std::uint32_t lastRoot = tree.freq(kRoot);
    for (int i = 0; i < 120000; ++i) {
        // Skewed symbols so the tree reorders a lot; lengths (>= 256) appear too.
        const int symbol =
            rng.below(4) == 0 ? static_cast<int>(rng.below(kCharCount)) : static_cast<int>(rng.below(8));
        tree.update(symbol);
        if (tree.freq(kRoot) < lastRoot) {
            ++rebuilds;
            expectValid(tree);
            if (HasFatalFailure()) return;
        }
        lastRoot = tree.freq(kRoot);
        if (i % 4999 == 0) {
            expectValid(tree);
            if (HasFatalFailure()) return;
        }
    }
    // The root reaches 0x8000 after ~32k updates, then about every 16k: 120k updates rebuild >= 5 times.
    EXPECT_GE(rebuilds, 5);
    expectValid(tree);
}

TEST(LzhufTree, RebuildHalvesCountsRoundingUp) {
    AdaptiveTree tree;
    // All updates on one symbol: the root count is 313 + (1 + k); it hits 0x8000 after 32454 updates.
    const int toMax = static_cast<int>(kMaxFreq) - kCharCount;
    for (int i = 0; i < toMax; ++i) tree.update('x');
    ASSERT_EQ(tree.freq(kRoot), kMaxFreq);
    const std::uint32_t before = tree.freq(tree.leafNode('x'));
    EXPECT_EQ(before, 1u + static_cast<std::uint32_t>(toMax));
    tree.update('x');  // rebuild first, then count
    expectValid(tree);
    EXPECT_EQ(tree.freq(tree.leafNode('x')), (before + 1) / 2 + 1);
    EXPECT_EQ(tree.freq(tree.leafNode('y')), 1u);  // (1 + 1) / 2
    EXPECT_EQ(tree.freq(kRoot), static_cast<std::uint32_t>(kCharCount - 1) + (before + 1) / 2 + 1);
}

TEST(LzhufTree, PositionTablesMatchTheSpecRuns) {
    // d_code: 32x0, codes 1..3 x16, 4..11 x8, 12..23 x4, 24..47 x2, 48..63 x1.
    EXPECT_EQ(kTables.dCode[0], 0);
    EXPECT_EQ(kTables.dCode[31], 0);
    EXPECT_EQ(kTables.dCode[32], 1);
    EXPECT_EQ(kTables.dCode[79], 3);
    EXPECT_EQ(kTables.dCode[80], 4);
    EXPECT_EQ(kTables.dCode[143], 11);
    EXPECT_EQ(kTables.dCode[144], 12);
    EXPECT_EQ(kTables.dCode[191], 23);
    EXPECT_EQ(kTables.dCode[192], 24);
    EXPECT_EQ(kTables.dCode[239], 47);
    EXPECT_EQ(kTables.dCode[240], 48);
    EXPECT_EQ(kTables.dCode[255], 63);
    // d_len: 32x3, 48x4, 64x5, 48x6, 48x7, 16x8.
    int counts[9] = {};
    for (int i = 0; i < 256; ++i) ++counts[kTables.dLen[static_cast<std::size_t>(i)]];
    EXPECT_EQ(counts[3], 32);
    EXPECT_EQ(counts[4], 48);
    EXPECT_EQ(counts[5], 64);
    EXPECT_EQ(counts[6], 48);
    EXPECT_EQ(counts[7], 48);
    EXPECT_EQ(counts[8], 16);
    // Encoder side: the prefix of each high value decodes back to it.
    for (int high = 0; high < 64; ++high) {
        const int len = kTables.pLen[static_cast<std::size_t>(high)];
        const int firstByte = kTables.pCode[static_cast<std::size_t>(high)] << (8 - len);
        EXPECT_EQ(kTables.dCode[static_cast<std::size_t>(firstByte)], high);
        EXPECT_EQ(kTables.dLen[static_cast<std::size_t>(firstByte)], len);
    }
}

}  // namespace
}  // namespace vestige::iron3d::codec::detail
