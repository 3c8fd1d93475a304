// NRes reader/writer tests. Fixtures are built with our own writer (or by hand for corrupt cases).
#include <gtest/gtest.h>

#include "vestige/iron3d/nres/nres.hpp"

namespace vestige::iron3d::nres {
namespace {

NewEntry entry(std::string name, std::string_view data, std::uint32_t type = 0) {
    NewEntry e;
    e.type = type;
    e.name = std::move(name);
    e.data.assign(data.begin(), data.end());
    return e;
}

TEST(NresWriter, TinyFixtureIs88Bytes) {
    std::vector<NewEntry> list{entry("one", "x")};
    auto bytes = writeCanonical(list);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    ASSERT_EQ(bytes->size(), 88u);
    const Bytes header{'N', 'R', 'e', 's', 0x00, 0x01, 0, 0, 1, 0, 0, 0, 88, 0, 0, 0};
    EXPECT_TRUE(std::equal(header.begin(), header.end(), bytes->begin()));
    EXPECT_EQ((*bytes)[16], 'x');
    for (int i = 17; i < 24; ++i) EXPECT_EQ((*bytes)[i], 0) << i;
    EXPECT_EQ(loadU32(bytes->data() + 24 + 0x38), 16u);  // data_offset
    EXPECT_EQ(loadU32(bytes->data() + 24 + 0x3C), 0u);   // sort_index
    EXPECT_EQ(loadU32(bytes->data() + 24 + 0x0C), 1u);   // size

    auto a = Archive::read(*bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    ASSERT_EQ(a->size(), 1u);
    EXPECT_EQ(a->entries()[0].name(), "one");
    EXPECT_EQ(asChars(a->payload(0)), "x");
    EXPECT_EQ(a->find("ONE"), 0u);
    EXPECT_EQ(a->find("two"), std::nullopt);
    EXPECT_EQ(a->directoryOffset(), 24u);
    EXPECT_EQ(a->preservedBytes(), 7u);
}

TEST(NresWriter, EmptyArchiveIs16Bytes) {
    auto bytes = writeCanonical(std::span<const NewEntry>{});
    ASSERT_TRUE(bytes.ok());
    const Bytes expected{'N', 'R', 'e', 's', 0x00, 0x01, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0};
    EXPECT_EQ(*bytes, expected);
    auto a = Archive::read(*bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->size(), 0u);
    EXPECT_EQ(a->find("x"), std::nullopt);
}

TEST(NresLookup, SpecExampleSortTable) {
    std::vector<NewEntry> list{entry("Zulu", "z", 1), entry("alpha", "aa", 2), entry("Mike", "mmm", 1)};
    auto bytes = writeCanonical(list);
    ASSERT_TRUE(bytes.ok());
    auto a = Archive::read(*bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->entries()[0].sortIndex, 1u);
    EXPECT_EQ(a->entries()[1].sortIndex, 2u);
    EXPECT_EQ(a->entries()[2].sortIndex, 0u);
    EXPECT_EQ(a->find("zulu"), 0u);
    EXPECT_EQ(a->find("ALPHA"), 1u);
    EXPECT_EQ(a->find("mike"), 2u);
    EXPECT_EQ(a->find("mik"), std::nullopt);
    EXPECT_EQ(a->find("mikes"), std::nullopt);
    EXPECT_EQ(a->findByType(1), (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(a->findByType(9), std::vector<std::size_t>{});
    EXPECT_EQ(asChars(a->payload(2)), "mmm");
    EXPECT_EQ(a->entries()[0].dataOffset, 16u);
    EXPECT_EQ(a->entries()[1].dataOffset, 24u);
    EXPECT_EQ(a->entries()[2].dataOffset, 32u);
    EXPECT_EQ(a->bytes().size(), 40u + 3u * 64u);
}

}  // namespace
}  // namespace vestige::iron3d::nres
