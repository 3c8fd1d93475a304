#include <gtest/gtest.h>
#include <zlib.h>

#include "test_data.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

using test::bytesOf;
using test::fromHex;

TEST(InflateRaw, KnownStaticBlock) {
    // "hello" as one fixed-Huffman block, produced by zlib at level 9 (raw).
    auto packed = deflateRaw(bytesOf("hello"));
    ASSERT_TRUE(packed.ok());
    EXPECT_EQ(*packed, fromHex("cb48cdc9c90700"));
    auto r = inflateRaw(*packed, 5);
    ASSERT_TRUE(r.ok()) << r.error().render();
    EXPECT_EQ(*r, bytesOf("hello"));
}

TEST(InflateRaw, RoundTripsVariedInputs) {
    for (const Bytes& plain : {Bytes{}, Bytes{0x7F}, Bytes(100000, 0), test::randomBytes(70000, 1),
                               test::wordSoup(300000, 2), test::semiCompressible(1 << 20, 3)}) {
        for (int level : {0, 1, 6, 9}) {
            auto packed = deflateRaw(plain, level);
            ASSERT_TRUE(packed.ok()) << packed.error().render();
            auto r = inflateRaw(*packed, plain.size(), DecodeOptions{.allowTrailing = false});
            ASSERT_TRUE(r.ok()) << r.error().render();
            EXPECT_EQ(*r, plain);
        }
    }
}

TEST(InflateRaw, ZlibWrappedStreamFails) {
    const Bytes plain = test::wordSoup(5000, 4);
    uLongf size = compressBound(static_cast<uLong>(plain.size()));
    Bytes wrapped(size);
    ASSERT_EQ(compress2(wrapped.data(), &size, plain.data(), static_cast<uLong>(plain.size()), 6), Z_OK);
    wrapped.resize(size);
    ASSERT_EQ(wrapped[0], 0x78);
    ASSERT_EQ(wrapped[1], 0x9C);
    auto r = inflateRaw(wrapped, plain.size());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.inflate_corrupt");
    EXPECT_EQ(r.error().find("field"), "packed");
    ASSERT_TRUE(r.error().offset().has_value());
    // Without the 2-byte header and 4-byte Adler-32 the body is the raw stream.
    ByteView body(wrapped.data() + 2, wrapped.size() - 6);
    auto raw = inflateRaw(body, plain.size(), DecodeOptions{.allowTrailing = false});
    ASSERT_TRUE(raw.ok()) << raw.error().render();
    EXPECT_EQ(*raw, plain);
}

TEST(InflateRaw, ShortOutputFails) {
    auto packed = deflateRaw(bytesOf("hello"));
    ASSERT_TRUE(packed.ok());
    auto r = inflateRaw(*packed, 6, DecodeOptions{.baseOffset = 10});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.inflate_short");
    EXPECT_EQ(r.error().offset(), 17u);
    EXPECT_EQ(r.error().expectedText(), "6 output bytes");
    EXPECT_EQ(r.error().actualText(), "5 output bytes");
}

TEST(InflateRaw, LongOutputFails) {
    const Bytes plain = test::wordSoup(200000, 8);
    auto packed = deflateRaw(plain);
    ASSERT_TRUE(packed.ok());
    for (std::size_t declared : {std::size_t{0}, std::size_t{4}, plain.size() - 1}) {
        auto r = inflateRaw(*packed, declared);
        ASSERT_FALSE(r.ok()) << declared;
        EXPECT_EQ(r.error().code(), "codec.inflate_long");
        EXPECT_EQ(r.error().expectedText(), std::to_string(declared) + " output bytes");
    }
}

TEST(InflateRaw, TruncatedStreamFails) {
    const Bytes plain = test::wordSoup(50000, 9);
    auto packed = deflateRaw(plain);
    ASSERT_TRUE(packed.ok());
    const ByteView cut(packed->data(), packed->size() / 2);
    auto r = inflateRaw(cut, plain.size());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.inflate_truncated");
    EXPECT_EQ(r.error().offset(), cut.size());
    auto empty = inflateRaw({}, 0);
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().code(), "codec.inflate_truncated");
}

TEST(InflateRaw, TrailingBytesAllowedByDefaultRejectedWhenStrict) {
    auto packed = deflateRaw(bytesOf("hello"));
    ASSERT_TRUE(packed.ok());
    Bytes padded = *packed;
    padded.push_back(0xEE);
    EXPECT_TRUE(inflateRaw(padded, 5).ok());
    auto strict = inflateRaw(padded, 5, DecodeOptions{.allowTrailing = false});
    ASSERT_FALSE(strict.ok());
    EXPECT_EQ(strict.error().code(), "codec.trailing_bytes");
    EXPECT_EQ(strict.error().offset(), packed->size());
}

TEST(InflateRaw, GarbageFails) {
    auto r = inflateRaw(fromHex("ffffffffffff"), 10);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "codec.inflate_corrupt");
}

TEST(DeflateRaw, RejectsBadLevel) {
    for (int level : {-2, -1, 10}) {
        auto r = deflateRaw(bytesOf("x"), level);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "codec.deflate_level");
        EXPECT_EQ(r.error().find("field"), "level");
    }
}

TEST(DeflateRaw, EmptyInputIsTheEmptyFinalBlock) {
    auto r = deflateRaw({});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, fromHex("0300"));
}

}  // namespace
}  // namespace vestige::iron3d::codec
