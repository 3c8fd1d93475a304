// Okumura/Yoshizaki LZHUF (1988) as used by RsLi methods 0x080 / 0x0A0 (iron3d.md §3).
//
//   packed stream = one MSB-first bit string, zero-padded to a whole byte at the end
//   token   := symbol                      (adaptive Huffman code, walked from the root)
//   symbol  <  256 : literal byte
//   symbol >= 256 : length = symbol - 253 (3..60), followed by
//                   position := [prefix: 3..8 bits][low: 6 bits]   (12-bit value p)
//                   copy from ring[(r - p - 1) & 0xFFF], i.e. distance p + 1
//   ring: 4096 bytes pre-filled with 0x20, r starts at N - F = 4036.
//
// The position decode is the classic one: read 8 bits as i, high = d_code[i], then shift
// d_len[i] - 2 further bits into i and take i's low 6 bits. (The Rust reference mixes the first
// byte's low bits back in and gets distances wrong when d_len > 2; see docs/codec.md.)
//
// End of input: the decoder fails with codec.lzhuf_truncated as soon as a token needs a bit past the
// last byte. Zero bits that only pad the final byte are never read, so a well-formed stream passes.
#include <algorithm>
#include <array>

#include "match_finder.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

constexpr int kRingSize = 4096;            // N
constexpr int kLookahead = 60;             // F
constexpr int kThreshold = 2;              // matches longer than this are coded as references
constexpr int kCharCount = 256 - kThreshold + kLookahead;  // N_CHAR = 314
constexpr int kTableSize = kCharCount * 2 - 1;             // T = 627
constexpr int kRoot = kTableSize - 1;                      // R = 626
constexpr std::uint32_t kMaxFreq = 0x8000;

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

constexpr PositionTables kTables = makePositionTables();
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

// MSB-first bit source. Reads past the end yield 0 and set `overrun`; the decoder checks after each
// token, so a token that needed missing bits is reported, never emitted.
class BitSource {
public:
    explicit BitSource(ByteView data) : mData(data), mTotal(static_cast<std::uint64_t>(data.size()) * 8) {}
    unsigned bit() {
        unsigned b = 0;
        if (mPos < mTotal) b = (mData[mPos >> 3] >> (7 - (mPos & 7))) & 1u;
        ++mPos;
        return b;
    }
    unsigned bits(int n) {
        unsigned v = 0;
        for (int k = 0; k < n; ++k) v = (v << 1) | bit();
        return v;
    }
    [[nodiscard]] bool overrun() const { return mPos > mTotal; }
    [[nodiscard]] std::uint64_t position() const { return mPos; }

private:
    ByteView mData;
    std::uint64_t mTotal;
    std::uint64_t mPos = 0;
};

class BitSink {
public:
    void bit(unsigned b) {
        mAcc = static_cast<std::uint8_t>((mAcc << 1) | (b & 1u));
        if (++mCount == 8) {
            mOut.push_back(mAcc);
            mAcc = 0;
            mCount = 0;
        }
    }
    void bits(unsigned value, int n) {
        for (int k = n - 1; k >= 0; --k) bit((value >> k) & 1u);
    }
    Bytes finish() {
        if (mCount > 0) mOut.push_back(static_cast<std::uint8_t>(mAcc << (8 - mCount)));
        mCount = 0;
        mAcc = 0;
        return std::move(mOut);
    }
    void reserve(std::size_t n) { mOut.reserve(n); }

private:
    Bytes mOut;
    std::uint8_t mAcc = 0;
    int mCount = 0;
};

}  // namespace

Result<Bytes> lzhufDecode(ByteView packed, std::size_t unpackedSize) { return lzhufDecode(packed, unpackedSize, {}); }

Result<Bytes> lzhufDecode(ByteView packed, std::size_t unpackedSize, const DecodeOptions& options) {
    // Best case is a 60-byte reference in 10 bits (48 bytes per input byte); bound the allocation by it.
    constexpr std::size_t kMaxExpansion = 48;
    const std::size_t cap = packed.size() > (SIZE_MAX - kLookahead) / kMaxExpansion
                                ? unpackedSize
                                : packed.size() * kMaxExpansion + kLookahead;
    Bytes out;
    out.reserve(std::min(unpackedSize, cap));

    std::array<std::uint8_t, kRingSize> ring;
    ring.fill(0x20);
    int r = kRingSize - kLookahead;
    AdaptiveTree tree;
    BitSource src(packed);

    while (out.size() < unpackedSize) {
        const std::uint64_t tokenBit = src.position();
        int c = tree.rootSon();
        while (c < kTableSize) c = tree.son(c + static_cast<int>(src.bit()));
        const int symbol = c - kTableSize;
        int distance = 0;
        if (symbol >= 256) {
            unsigned i = src.bits(8);
            const unsigned high = kTables.dCode[i];
            for (int extra = kTables.dLen[i] - 2; extra > 0; --extra) i = (i << 1) | src.bit();
            distance = static_cast<int>((high << 6) | (i & 0x3Fu)) + 1;
        }
        if (src.overrun()) {
            Error e("codec.lzhuf_truncated", "LZHUF input ended inside a token");
            e.field("packed").at(options.baseOffset + packed.size())
                .expected(std::to_string(unpackedSize) + " output bytes")
                .actual(std::to_string(out.size()) + " output bytes; token started at bit " + std::to_string(tokenBit));
            return e;
        }
        tree.update(symbol);
        if (symbol < 256) {
            const auto b = static_cast<std::uint8_t>(symbol);
            out.push_back(b);
            ring[static_cast<std::size_t>(r)] = b;
            r = (r + 1) & (kRingSize - 1);
        } else {
            const int from = (r - distance) & (kRingSize - 1);
            const std::size_t len =
                std::min<std::size_t>(static_cast<std::size_t>(symbol - 255 + kThreshold), unpackedSize - out.size());
            for (std::size_t k = 0; k < len; ++k) {
                const std::uint8_t b = ring[(static_cast<std::size_t>(from) + k) & (kRingSize - 1)];
                out.push_back(b);
                ring[static_cast<std::size_t>(r)] = b;
                r = (r + 1) & (kRingSize - 1);
            }
        }
    }
    const std::uint64_t usedBytes = (src.position() + 7) / 8;
    if (!options.allowTrailing && usedBytes != packed.size()) {
        Error e("codec.trailing_bytes", "LZHUF input has bytes after the last token needed for the unpacked size");
        e.field("packed").at(options.baseOffset + usedBytes).expected(std::to_string(usedBytes) + " packed bytes")
            .actual(std::to_string(packed.size()) + " packed bytes");
        return e;
    }
    return out;
}

Bytes lzhufEncode(ByteView plain) {
    // Same model as the decoder, driven from the other side: pick a token (greedy longest match of
    // 3..60 bytes within 4095 bytes, else a literal), emit the leaf's path root-first, then update.
    BitSink sink;
    sink.reserve(plain.size() / 2 + 16);
    AdaptiveTree tree;
    detail::MatchFinder finder(plain, kRingSize - 1, kLookahead, 96);
    std::array<std::uint8_t, kTableSize> path{};

    auto emitSymbol = [&](int symbol) {
        int depth = 0;
        for (int node = tree.leafNode(symbol); node != kRoot; node = tree.parent(node))
            path[static_cast<std::size_t>(depth++)] = static_cast<std::uint8_t>(node - tree.son(tree.parent(node)));
        while (depth > 0) sink.bit(path[static_cast<std::size_t>(--depth)]);
        tree.update(symbol);
    };

    std::size_t pos = 0;
    while (pos < plain.size()) {
        const detail::Match m = finder.find(pos);
        if (m.length > static_cast<std::size_t>(kThreshold)) {
            emitSymbol(static_cast<int>(m.length) + 255 - kThreshold);
            const auto p = static_cast<unsigned>(m.distance - 1);
            sink.bits(kTables.pCode[p >> 6], kTables.pLen[p >> 6]);
            sink.bits(p & 0x3Fu, 6);
            for (std::size_t k = 0; k < m.length; ++k) finder.insert(pos + k);
            pos += m.length;
        } else {
            emitSymbol(plain[pos]);
            finder.insert(pos);
            ++pos;
        }
    }
    return sink.finish();
}

}  // namespace vestige::iron3d::codec
