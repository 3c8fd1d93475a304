#include <gtest/gtest.h>

#include "test_data.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

using test::bytesOf;
using test::fromHex;

TEST(LzssDecode, SpecLiteralVector) {
    auto r = lzssDecode(fromHex("07414243"), 3);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("ABC"));
}

TEST(LzssDecode, SpecRingWrapVector) {
    // offset 0xFFF, length 4: reads ring[0xFFF], ring[0x000..0x002], all initial spaces.
    auto r = lzssDecode(fromHex("00FFF1"), 4);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("    "));
}

TEST(LzssDecode, SpecUnusedControlBitsVector) {
    auto r = lzssDecode(Bytes{0x03, 'o', 'k'}, 2);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("ok"));
}

TEST(LzssDecode, ReferenceToJustWrittenBytesOverlaps) {
    // 'a' at ring 0xFEE, then offset 0xFEE length 5 repeats it while it is being written.
    auto r = lzssDecode(Bytes{0x01, 'a', 0xEE, 0xF2}, 6);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("aaaaaa"));
}

TEST(LzssDecode, StopsInsideAReferenceAtUnpackedSize) {
    auto r = lzssDecode(fromHex("00FFF1"), 2);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("  "));
}

TEST(LzssDecode, ZeroSizeReadsNothing) {
    auto r = lzssDecode({}, 0);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->empty());
}

TEST(LzssDecode, MissingLiteralNamesOffset) {
    auto r = lzssDecode(Bytes{0x03, 'o'}, 2);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.lzss_truncated");
    EXPECT_EQ(r.error().offset(), 2u);
    EXPECT_EQ(r.error().find("field"), "packed");
    EXPECT_EQ(r.error().actualText(), "1 output bytes");
}

TEST(LzssDecode, HalfReferenceNamesOffset) {
    auto r = lzssDecode(Bytes{0x00, 0xFF}, 4);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.lzss_truncated");
    EXPECT_EQ(r.error().offset(), 1u);
}

TEST(LzssDecode, ShortOutputNamesOffset) {
    // 8 literals use the whole control byte; the 9th byte would need a new control byte at offset 9.
    Bytes packed = {0xFF, '1', '2', '3', '4', '5', '6', '7', '8'};
    auto r = lzssDecode(packed, 9);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.lzss_short");
    EXPECT_EQ(r.error().offset(), 9u);
    EXPECT_EQ(r.error().expectedText(), "9 output bytes");
    EXPECT_EQ(r.error().actualText(), "8 output bytes");
    EXPECT_EQ(lzssDecode({}, 1).error().code(), "codec.lzss_short");
}

TEST(LzssDecode, BaseOffsetMakesErrorsAbsolute) {
    auto r = lzssDecode(Bytes{0x03, 'o'}, 2, DecodeOptions{.baseOffset = 0x1000});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().offset(), 0x1002u);
}

TEST(LzssDecode, TrailingBytesAllowedByDefaultRejectedWhenStrict) {
    const Bytes packed = fromHex("0741424399");
    auto lenient = lzssDecode(packed, 3);
    ASSERT_TRUE(lenient.ok());
    EXPECT_EQ(*lenient, bytesOf("ABC"));
    auto strict = lzssDecode(packed, 3, DecodeOptions{.allowTrailing = false});
    ASSERT_FALSE(strict.ok());
    EXPECT_EQ(strict.error().code(), "codec.trailing_bytes");
    EXPECT_EQ(strict.error().offset(), 4u);
    EXPECT_TRUE(lzssDecode(fromHex("07414243"), 3, DecodeOptions{.allowTrailing = false}).ok());
}

TEST(LzssDecode, HugeDeclaredSizeFailsWithoutHugeAllocation) {
    // Control bits 3..7 announce references, the first of which is missing.
    auto r = lzssDecode(fromHex("07414243"), std::size_t{1} << 40);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.lzss_truncated");
    EXPECT_EQ(r.error().offset(), 4u);
}

TEST(LzssDecode, XorVariantDecryptsThenDecodes) {
    const Bytes plain = test::wordSoup(5000, 17);
    Bytes packed = lzssEncode(plain);
    xorStream(packed, 0x0123);
    auto r = xorLzssDecode(packed, plain.size(), 0x0123, DecodeOptions{.allowTrailing = false});
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, plain);
    // The wrong key gives garbage or an error, never the plain text.
    auto wrong = xorLzssDecode(packed, plain.size(), 0x0124);
    EXPECT_TRUE(!wrong.ok() || *wrong != plain);
}

TEST(LzssEncode, ExactBytesForSmallInputs) {
    EXPECT_EQ(lzssEncode(bytesOf("ABC")), fromHex("07414243"));
    // a, b, c literals then offset 0xFEE (where 'a' went) length 6.
    EXPECT_EQ(lzssEncode(bytesOf("abcabcabc")), fromHex("07616263EEF3"));
    EXPECT_TRUE(lzssEncode({}).empty());
}

void expectRoundTrip(const Bytes& plain) {
    const Bytes packed = lzssEncode(plain);
    auto r = lzssDecode(packed, plain.size(), DecodeOptions{.allowTrailing = false});
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, plain);
}

TEST(LzssEncode, RoundTripsVariedInputs) {
    expectRoundTrip({});
    expectRoundTrip({0x42});
    expectRoundTrip(Bytes(10000, 0x20));
    expectRoundTrip(Bytes(10000, 0xAB));
    expectRoundTrip(test::randomBytes(50000, 1));
    expectRoundTrip(test::wordSoup(100000, 2));
    expectRoundTrip(test::semiCompressible(200000, 3));
    for (std::size_t n = 0; n < 40; ++n) expectRoundTrip(test::wordSoup(n, n));
}

TEST(LzssEncode, MatchesAtTheWindowEdge) {
    // The same 100 random bytes repeated 4095 and 4096 bytes apart: the first is reachable, the
    // second is not, and both must still decode.
    Bytes block = test::randomBytes(100, 9);
    for (std::size_t gap : {3995u, 3996u, 3997u, 5000u}) {
        Bytes plain = block;
        Bytes filler = test::randomBytes(gap, gap);
        plain.insert(plain.end(), filler.begin(), filler.end());
        plain.insert(plain.end(), block.begin(), block.end());
        expectRoundTrip(plain);
    }
}

TEST(LzssEncode, CompressesRepetitiveData) {
    const Bytes same(10000, 0xAB);
    // 18 bytes per 2-byte reference plus a control byte per 8 tokens: ~1181 bytes.
    EXPECT_LT(lzssEncode(same).size(), 1300u);
    const Bytes text = test::wordSoup(100000, 5);
    EXPECT_LT(lzssEncode(text).size(), text.size() / 2);
    // Incompressible data grows by one control byte per 8 literals (a chance 3-byte match may save a little).
    const Bytes noise = test::randomBytes(8000, 6);
    EXPECT_LE(lzssEncode(noise).size(), 9000u);
    EXPECT_GE(lzssEncode(noise).size(), 8990u);
}

}  // namespace
}  // namespace vestige::iron3d::codec
