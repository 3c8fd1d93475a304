#include <gtest/gtest.h>

#include "test_data.hpp"
#include "vestige/iron3d/codec/codec.hpp"

namespace vestige::iron3d::codec {
namespace {

using test::fromHex;

TEST(XorStream, SpecVector) {
    Bytes data = fromHex("00010203");
    xorStream(data, 0x1234);
    EXPECT_EQ(data, fromHex("7A86B28C"));
}

TEST(XorStream, IsAnInvolution) {
    const Bytes original = test::randomBytes(1000, 7);
    for (std::uint16_t key : {0x0000, 0x0001, 0x1234, 0xABBA, 0xFFFF}) {
        Bytes data = original;
        xorStream(data, key);
        if (key != 0) {
            EXPECT_NE(data, original) << key;
        }
        xorStream(data, key);
        EXPECT_EQ(data, original) << key;
    }
}

TEST(XorStream, KeyOneFirstByteIsTwo) {
    // key 1: lo = 0 ^ (1 << 1) = 2, so 0x02 -> 0x00 (the spec's XOR-LZHUF vector relies on this).
    Bytes data = {0x02};
    xorStream(data, 1);
    EXPECT_EQ(data, Bytes{0x00});
}

TEST(XorStream, StateRunsAcrossTheWholeBuffer) {
    // One call over 8 bytes is not two calls over 4 bytes: the state is not reset.
    Bytes whole(8, 0);
    xorStream(whole, 0x1234);
    Bytes half(4, 0);
    xorStream(half, 0x1234);
    EXPECT_TRUE(std::equal(half.begin(), half.end(), whole.begin()));
    Bytes second(4, 0);
    xorStream(second, 0x1234);
    EXPECT_FALSE(std::equal(second.begin(), second.end(), whole.begin() + 4));
}

TEST(XorStream, EmptyIsNoOp) {
    Bytes data;
    xorStream(data, 0x1234);
    EXPECT_TRUE(data.empty());
}

}  // namespace
}  // namespace vestige::iron3d::codec
