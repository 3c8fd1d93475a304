// Lookup through the sort table: duplicates, case folding, and the fold direction for [ \ ] ^ _ `.
#include <gtest/gtest.h>

#include "nres_fixtures.hpp"
#include "vestige/core/text.hpp"

namespace vestige::iron3d::nres {
namespace {

using test::RawRecord;

// Names with the bytes where the two folds disagree, in directory order.
const std::vector<std::string> kOddNames{"xa", "x_", "x[", "xZ", "x`", "x\\", "x^", "x]"};
// Directory indices in sorted order under each fold.
const std::vector<std::uint32_t> kLowerOrder{2, 5, 7, 6, 1, 4, 0, 3};  // x[ x\ x] x^ x_ x` xa xZ
const std::vector<std::uint32_t> kUpperOrder{0, 3, 2, 5, 7, 6, 1, 4};  // xa xZ x[ x\ x] x^ x_ x`

Bytes oddArchive(const std::vector<std::uint32_t>& order) {
    Bytes region;
    std::vector<RawRecord> recs;
    for (std::size_t i = 0; i < kOddNames.size(); ++i) {
        RawRecord r;
        r.name = kOddNames[i];
        r.offset = static_cast<std::uint32_t>(16 + region.size());
        r.size = 1;
        r.sortIndex = order[i];
        region.push_back(static_cast<std::uint8_t>('0' + i));
        recs.push_back(r);
    }
    return test::raw(region, recs);
}

TEST(NresFold, CompareDiffersOnlyBetweenZAndA) {
    EXPECT_LT(compareNames("A_B", "AAB", SortFold::Lower), 0);
    EXPECT_GT(compareNames("A_B", "AAB", SortFold::Upper), 0);
    EXPECT_EQ(compareNames("abc", "ABC", SortFold::Lower), 0);
    EXPECT_EQ(compareNames("abc", "ABC", SortFold::Upper), 0);
    EXPECT_LT(compareNames("ab", "abc", SortFold::Lower), 0);  // shorter prefix first
    EXPECT_LT(compareNames("\x7f", "\x80", SortFold::Lower), 0);  // bytes compare unsigned
}

TEST(NresFold, BuildSortTableBothFolds) {
    std::vector<std::string_view> names(kOddNames.begin(), kOddNames.end());
    EXPECT_EQ(buildSortTable(names, SortFold::Lower), kLowerOrder);
    EXPECT_EQ(buildSortTable(names, SortFold::Upper), kUpperOrder);
}

TEST(NresFold, WriterUsesLowerFold) {
    std::vector<NewEntry> list;
    for (const auto& n : kOddNames) list.push_back({0, 0, 0, 0, n, std::nullopt, Bytes{1}});
    auto bytes = writeCanonical(list);
    ASSERT_TRUE(bytes.ok());
    auto a = Archive::read(*bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    for (std::size_t i = 0; i < kOddNames.size(); ++i) EXPECT_EQ(a->entries()[i].sortIndex, kLowerOrder[i]) << i;
    EXPECT_EQ(a->sortFold(), SortFold::Lower);
}

class NresFoldRead : public ::testing::TestWithParam<SortFold> {};

TEST_P(NresFoldRead, TableInEitherOrderReadsStrictlyAndFindsEveryName) {
    const auto fold = GetParam();
    const auto bytes = oddArchive(fold == SortFold::Lower ? kLowerOrder : kUpperOrder);
    auto a = Archive::read(bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_TRUE(a->sortTableValid());
    EXPECT_EQ(a->sortFold(), fold);
    for (std::size_t i = 0; i < kOddNames.size(); ++i) {
        EXPECT_EQ(a->find(kOddNames[i]), i) << kOddNames[i];
        EXPECT_EQ(a->find(asciiUpper(kOddNames[i])), i) << kOddNames[i];
    }
    EXPECT_EQ(a->find("x"), std::nullopt);
    EXPECT_EQ(a->find("x_a"), std::nullopt);
    EXPECT_EQ(a->find("xb"), std::nullopt);
}

INSTANTIATE_TEST_SUITE_P(BothFolds, NresFoldRead, ::testing::Values(SortFold::Lower, SortFold::Upper));

TEST(NresFold, TableSortedInNeitherFoldIsRejectedStrictly) {
    // Swap two adjacent positions of the lower order: neither fold accepts it.
    auto order = kLowerOrder;
    std::swap(order[6], order[7]);  // ... xZ xa
    const auto bytes = oddArchive(order);
    auto strict = Archive::read(bytes);
    ASSERT_FALSE(strict.ok());
    EXPECT_EQ(strict.error().code(), "nres.sort_not_sorted");
    auto compat = Archive::read(bytes, Profile::Compatible);
    ASSERT_TRUE(compat.ok()) << compat.error().render();
    EXPECT_FALSE(compat->sortTableValid());
    for (std::size_t i = 0; i < kOddNames.size(); ++i) EXPECT_EQ(compat->find(kOddNames[i]), i);
}

TEST(NresLookup, DuplicatesReturnFirstInDirectoryOrder) {
    auto bytes = test::canonical({{"b", "1"}, {"dup", "2"}, {"a", "3"}, {"DUP", "4"}, {"Dup", "5"}});
    auto a = Archive::read(bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->find("dup"), 1u);
    EXPECT_EQ(a->find("DUP"), 1u);
    EXPECT_EQ(a->find("a"), 2u);
    EXPECT_EQ(a->find("B"), 0u);
}

TEST(NresLookup, DuplicatesListedLaterFirstStillReturnLowestIndex) {
    // Table lists other, SAME(2), same(0): equal names in either order are still sorted.
    const auto bytes = test::raw(Bytes{'a', 'b', 'c'}, {{0, 0, 0, 0, "same", "", 16, 1, 1},
                                                        {0, 0, 0, 0, "other", "", 17, 1, 2},
                                                        {0, 0, 0, 0, "SAME", "", 18, 1, 0}});
    auto a = Archive::read(bytes);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->find("same"), 0u);
    EXPECT_EQ(a->find("other"), 1u);
}

TEST(NresLookup, QueryWithEmbeddedNulNeverMatches) {
    auto a = Archive::read(test::canonical({{"abc", "1"}}));
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->find(std::string_view("abc\0", 4)), std::nullopt);
    EXPECT_EQ(a->find(""), std::nullopt);
}

TEST(NresLookup, ManyEntries) {
    std::vector<std::pair<std::string, std::string>> list;
    for (int i = 999; i >= 0; --i) list.push_back({"E" + std::to_string(i), std::to_string(i)});
    auto a = Archive::read(test::canonical(list));
    ASSERT_TRUE(a.ok());
    for (int i = 0; i < 1000; ++i) {
        auto idx = a->find("e" + std::to_string(i));
        ASSERT_TRUE(idx.has_value()) << i;
        EXPECT_EQ(asChars(a->payload(*idx)), std::to_string(i));
    }
}

}  // namespace
}  // namespace vestige::iron3d::nres
