#include <gtest/gtest.h>

#include "test_data.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

using test::bytesOf;
using test::fromHex;

constexpr std::string_view kHelloVector =
    "fa7c7f187fbdc6b3ebfec2fd6ffe180076efadddeb6d62e25ba6e60dabfb345e"
    "de589aea8b3558a39a84daaaa2651364a664b8e894f91f1c5700";

std::string hello3() { return "hello, iron3d world! hello, iron3d world! hello, iron3d world! "; }

TEST(LzhufDecode, SpecOneLiteral) {
    auto r = lzhufDecode(Bytes{0x00}, 1);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("t"));
}

TEST(LzhufDecode, SpecXorKeyOneVariant) {
    auto r = xorLzhufDecode(Bytes{0x02}, 1, 1);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("t"));
    // The same thing spelled out: xorStream, then decode.
    Bytes packed = {0x02};
    xorStream(packed, 1);
    EXPECT_EQ(packed, Bytes{0x00});
}

TEST(LzhufDecode, SpecBackReferenceUsesClassicPosition) {
    // Literals a, b, c then length 9 at encoded position 2 (distance 3). The Rust reference's
    // position decode yields "abcbcbcbcbcb" here.
    auto r = lzhufDecode(fromHex("f6fbbdf24020"), 12);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("abcabcabcabc"));
}

TEST(LzhufDecode, SpecRunOfA) {
    auto r = lzhufDecode(fromHex("e6ce8000"), 21);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, Bytes(21, 'A'));
}

TEST(LzhufDecode, SpecLiteralOnlyVector) {
    const Bytes packed = fromHex(kHelloVector);
    ASSERT_EQ(packed.size(), 58u);
    auto r = lzhufDecode(packed, 63);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf(hello3()));
    EXPECT_TRUE(lzhufDecode(packed, 63, DecodeOptions{.allowTrailing = false}).ok());
}

TEST(LzhufDecode, XorVariantOfEveryVector) {
    for (auto [hex, plain] : {std::pair<std::string_view, std::string>{"f6fbbdf24020", "abcabcabcabc"},
                              {"e6ce8000", std::string(21, 'A')},
                              {kHelloVector, hello3()}}) {
        for (std::uint16_t key : {0x0001, 0x1234, 0xFFFF}) {
            Bytes packed = fromHex(hex);
            xorStream(packed, key);
            auto r = xorLzhufDecode(packed, plain.size(), key);
            ASSERT_TRUE(r.ok()) << r.error().render();
            EXPECT_EQ(*r, bytesOf(plain));
        }
    }
}

TEST(LzhufDecode, ZeroSizeReadsNothing) {
    auto r = lzhufDecode({}, 0, DecodeOptions{.allowTrailing = false});
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->empty());
}

TEST(LzhufDecode, RunningOutOfBitsIsAnError) {
    auto r = lzhufDecode({}, 1);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.lzhuf_truncated");
    EXPECT_EQ(r.error().offset(), 0u);
    EXPECT_EQ(r.error().find("field"), "packed");

    // Cut the back-reference vector inside its position bits.
    auto cut = lzhufDecode(fromHex("f6fbbdf2"), 12, DecodeOptions{.baseOffset = 100});
    ASSERT_FALSE(cut.ok());
    EXPECT_EQ(cut.error().code(), "codec.lzhuf_truncated");
    EXPECT_EQ(cut.error().offset(), 104u);
    EXPECT_EQ(cut.error().expectedText(), "12 output bytes");
}

TEST(LzhufDecode, DeclaringMoreThanTheStreamHoldsFails) {
    // Padding bits of the last byte may decode as a few extra symbols, but never as thousands.
    auto r = lzhufDecode(fromHex(kHelloVector), 10000);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.lzhuf_truncated");
    EXPECT_EQ(r.error().offset(), 58u);
    auto huge = lzhufDecode(Bytes{0x00}, std::size_t{1} << 40);
    ASSERT_FALSE(huge.ok());
    EXPECT_EQ(huge.error().code(), "codec.lzhuf_truncated");
}

TEST(LzhufDecode, TrailingBytesAllowedByDefaultRejectedWhenStrict) {
    Bytes packed = fromHex("e6ce8000");
    packed.push_back(0x55);
    EXPECT_TRUE(lzhufDecode(packed, 21).ok());
    auto strict = lzhufDecode(packed, 21, DecodeOptions{.allowTrailing = false});
    ASSERT_FALSE(strict.ok());
    EXPECT_EQ(strict.error().code(), "codec.trailing_bytes");
    EXPECT_EQ(strict.error().offset(), 4u);
}

TEST(LzhufEncode, ReproducesTheSpecVectors) {
    EXPECT_EQ(lzhufEncode(bytesOf("t")), Bytes{0x00});
    EXPECT_EQ(lzhufEncode(bytesOf("abcabcabcabc")), fromHex("f6fbbdf24020"));
    EXPECT_EQ(lzhufEncode(Bytes(21, 'A')), fromHex("e6ce8000"));
    EXPECT_TRUE(lzhufEncode({}).empty());
}

void expectRoundTrip(const Bytes& plain) {
    const Bytes packed = lzhufEncode(plain);
    auto r = lzhufDecode(packed, plain.size(), DecodeOptions{.allowTrailing = false});
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, plain);
}

TEST(LzhufEncode, RoundTripsVariedInputs) {
    expectRoundTrip({});
    expectRoundTrip({0x00});
    expectRoundTrip({0xFF});
    expectRoundTrip(Bytes(100000, 0x20));
    expectRoundTrip(Bytes(100000, 0x01));
    expectRoundTrip(test::randomBytes(50000, 11));
    expectRoundTrip(test::wordSoup(150000, 12));
    expectRoundTrip(test::semiCompressible(300000, 13));
    expectRoundTrip(bytesOf(hello3()));
    for (std::size_t n = 0; n < 70; ++n) expectRoundTrip(test::randomBytes(n, n));
}

TEST(LzhufEncode, RebuildsTheTreeOnLongLiteralRuns) {
    // > 0x8000 symbols forces the frequency halving (reconstruct) at least once on both sides.
    expectRoundTrip(test::randomBytes(120000, 21));
}

TEST(LzhufEncode, CompressesRepetitiveData) {
    // ~10 bits per 60-byte reference once the tree has adapted: about 47:1.
    EXPECT_LT(lzhufEncode(Bytes(100000, 0xAB)).size(), 2200u);
    const Bytes text = test::wordSoup(100000, 5);
    EXPECT_LT(lzhufEncode(text).size(), text.size() / 3);
    EXPECT_LT(lzhufEncode(text).size(), lzssEncode(text).size());
}

}  // namespace
}  // namespace vestige::iron3d::codec
