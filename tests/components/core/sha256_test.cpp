// SHA-256 against the FIPS 180-2 appendix B vectors (evidence: the standard's published digests) and a
// split-update check (the same digest whatever the chunking).
#include "vestige/core/sha256.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace vestige;

TEST(Sha256, Fips180AppendixVectors) {
    EXPECT_EQ(toHex(sha256(asBytes("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(toHex(sha256(asBytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    const std::string million(1'000'000, 'a');
    EXPECT_EQ(toHex(sha256(asBytes(million))), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, EmptyAndChunkedUpdates) {
    EXPECT_EQ(toHex(sha256({})), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    std::string text;
    for (int i = 0; i < 300; ++i) text.push_back(static_cast<char>('A' + i % 26));
    const auto whole = sha256(asBytes(text));
    for (std::size_t chunk : {1u, 3u, 55u, 56u, 63u, 64u, 65u, 128u}) {
        Sha256 h;
        for (std::size_t i = 0; i < text.size(); i += chunk) h.update(asBytes(std::string_view(text).substr(i, chunk)));
        EXPECT_EQ(h.finish(), whole) << "chunk " << chunk;
    }
    // finish() resets: the next digest starts from the empty state.
    Sha256 h;
    h.update(asBytes("abc"));
    (void)h.finish();
    EXPECT_EQ(toHex(h.finish()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
