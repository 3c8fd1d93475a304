#include <gtest/gtest.h>

#include "vestige/core/bytes.hpp"

namespace vestige {
namespace {

TEST(ByteReader, ReadsLittleEndian) {
    const std::uint8_t data[] = {0x01, 0x02, 0x03, 0x04};
    ByteReader r(data);
    auto v = r.u32("x");
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(*v, 0x04030201u);
    EXPECT_TRUE(r.atEnd());
}

}  // namespace
}  // namespace vestige
