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

#include "lzhuf_model.hpp"
#include "match_finder.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace): the model constants read as in the spec

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
