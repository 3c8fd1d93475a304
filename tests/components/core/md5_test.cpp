// MD5 against RFC 1321's appendix A.5 test suite (evidence: the standard's published digests), and the lengths
// around the padding boundary against each other's chunking.
#include "vestige/core/md5.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace vestige;

TEST(Md5, Rfc1321TestSuite) {
    EXPECT_EQ(toHex(md5(asBytes(""))), "d41d8cd98f00b204e9800998ecf8427e");
    EXPECT_EQ(toHex(md5(asBytes("a"))), "0cc175b9c0f1b6a831c399e269772661");
    EXPECT_EQ(toHex(md5(asBytes("abc"))), "900150983cd24fb0d6963f7d28e17f72");
    EXPECT_EQ(toHex(md5(asBytes("message digest"))), "f96b697d7cb7938d525a2f31aaf161d0");
    EXPECT_EQ(toHex(md5(asBytes("abcdefghijklmnopqrstuvwxyz"))), "c3fcd3d76192e4007dfb496cca67e13b");
    EXPECT_EQ(toHex(md5(asBytes("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"))),
              "d174ab98d277d9f5a5611c2c9f419d9f");
    EXPECT_EQ(toHex(md5(asBytes("1234567890123456789012345678901234567890123456789012345678901234567890123456789"
                                "0"))),
              "57edf4a22be3c955ac49da2e2107b67a");
    EXPECT_EQ(toHex(md5(asBytes("The quick brown fox jumps over the lazy dog"))), "9e107d9d372bb6826bd81d3542a419d6");
}

// 55, 56 and 64 bytes put the length in the first block, force a second padding block, and fill a block exactly.
TEST(Md5, PaddingBoundaries) {
    EXPECT_EQ(toHex(md5(asBytes(std::string(55, 'a')))), "ef1772b6dff9a122358552954ad0df65");
    EXPECT_EQ(toHex(md5(asBytes(std::string(56, 'a')))), "3b0c8ac703f828b04c6c197006d17218");
    EXPECT_EQ(toHex(md5(asBytes(std::string(64, 'a')))), "014842d480b571495a4a0363793f7367");
}
