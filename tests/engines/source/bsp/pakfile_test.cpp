// PAKFILE ZIP: the stored writer and the central-directory listing agree; the listing checks every record.
#include "vestige/source/bsp/pakfile.hpp"

#include <gtest/gtest.h>

#include "vestige/core/bytes.hpp"

using namespace vestige;
using namespace vestige::source::bsp;

namespace {

Bytes bytesOf(std::string_view s) { return Bytes(s.begin(), s.end()); }
void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

}  // namespace

TEST(Pakfile, StoredZipListsBack) {
    const Bytes zip = writePakfile({{"materials/a.vmt", bytesOf("hi")}, {"b.txt", bytesOf("hello world")}});
    // Local header, 2 files: 30 + 15 + 2, then 30 + 5 + 11; central directory 46 + 15, 46 + 5; end record 22.
    ASSERT_EQ(zip.size(), 47u + 46u + 61u + 51u + 22u);
    EXPECT_EQ(loadU32(zip.data()), 0x04034b50u);
    EXPECT_EQ(loadU32(zip.data() + zip.size() - 22), 0x06054b50u);
    const auto list = listPakfile(zip, 1000);
    ASSERT_TRUE(list.ok()) << list.error().render();
    ASSERT_EQ(list->size(), 2u);
    EXPECT_EQ((*list)[0].name, "materials/a.vmt");
    EXPECT_EQ((*list)[0].method, 0);
    EXPECT_EQ((*list)[0].crc32, 0xd8932aacu);  // zlib.crc32(b"hi")
    EXPECT_EQ((*list)[0].size, 2u);
    EXPECT_EQ((*list)[0].compressedSize, 2u);
    EXPECT_EQ((*list)[0].localHeaderOffset, 0u);
    EXPECT_EQ((*list)[1].name, "b.txt");
    EXPECT_EQ((*list)[1].crc32, 0x0d4a1185u);  // zlib.crc32(b"hello world")
    EXPECT_EQ((*list)[1].localHeaderOffset, 47u);
    EXPECT_TRUE(listPakfile({}, 0)->empty());
    EXPECT_EQ(writePakfile({}).size(), 22u);
}

TEST(Pakfile, BrokenDirectoriesAreStructuredErrors) {
    Bytes zip = writePakfile({{"a", bytesOf("x")}});
    const auto noEnd = listPakfile(ByteView(zip).first(zip.size() - 1), 500);
    ASSERT_FALSE(noEnd.ok());
    EXPECT_EQ(noEnd.error().code(), "bsp.pakfile");
    EXPECT_EQ(noEnd.error().offset(), std::optional<std::uint64_t>(500));
    // Central directory offset pointing past the end record.
    Bytes bad = zip;
    put32(bad, bad.size() - 6, 0xFFFF);
    const auto outside = listPakfile(bad, 500);
    ASSERT_FALSE(outside.ok());
    EXPECT_EQ(outside.error().offset(), std::optional<std::uint64_t>(500 + bad.size() - 22 + 16));
    // An entry whose data would overlap the directory.
    bad = zip;
    put32(bad, 32 + 20, 1000);  // the central record (after the 32-byte local entry): packed size
    EXPECT_EQ(listPakfile(bad, 0).error().code(), "bsp.pakfile");
}
