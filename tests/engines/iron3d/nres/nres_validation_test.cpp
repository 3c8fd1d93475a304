// One corrupt fixture per NRes validation rule; each asserts the error code, field and absolute offset.
#include <gtest/gtest.h>

#include "nres_fixtures.hpp"

namespace vestige::iron3d::nres {
namespace {

using test::canonical;
using test::patchU32;

void expectError(const Result<Archive>& r, std::string_view code, std::string_view field, std::uint64_t offset) {
    ASSERT_FALSE(r.ok()) << "expected " << code;
    EXPECT_EQ(r.error().code(), code) << r.error().render();
    EXPECT_EQ(r.error().find("field").value_or("<none>"), field) << r.error().render();
    EXPECT_EQ(r.error().offset().value_or(~0ull), offset) << r.error().render();
}

// Three entries: Zulu(16, 1 B), alpha(24, 2 B), Mike(32, 3 B); directory at 40.
Bytes three() { return canonical({{"Zulu", "z"}, {"alpha", "aa"}, {"Mike", "mmm"}}); }
constexpr std::uint64_t kDir = 40;
std::uint64_t rec(std::size_t i) { return kDir + 64 * i; }

TEST(NresValidation, Truncated) {
    const Bytes b{'N', 'R', 'e', 's', 0, 1};
    expectError(Archive::read(b), "nres.truncated", "header", 0);
}

TEST(NresValidation, BadMagic) {
    auto b = three();
    b[0] = 'X';
    expectError(Archive::read(b), "nres.bad_magic", "magic", 0);
    expectError(Archive::read(b, Profile::Compatible), "nres.bad_magic", "magic", 0);
}

TEST(NresValidation, BadVersion) {
    auto b = three();
    patchU32(b, 4, 0x101);
    expectError(Archive::read(b), "nres.bad_version", "version", 4);
}

TEST(NresValidation, NegativeCount) {
    auto b = three();
    patchU32(b, 8, 0xFFFFFFFF);
    expectError(Archive::read(b), "nres.negative_count", "entry_count", 8);
}

TEST(NresValidation, TotalSizeMismatch) {
    auto b = three();
    patchU32(b, 12, static_cast<std::uint32_t>(b.size() + 1));
    expectError(Archive::read(b), "nres.size_mismatch", "total_size", 12);
    auto longer = three();
    longer.push_back(0);  // trailing byte: total_size no longer matches
    expectError(Archive::read(longer), "nres.size_mismatch", "total_size", 12);
}

TEST(NresValidation, DirectoryDoesNotFit) {
    auto b = three();
    patchU32(b, 8, 4);  // 4*64 = 256 > 232 - 16
    expectError(Archive::read(b), "nres.directory_overflow", "entry_count", 8);
    patchU32(b, 8, 0x7FFFFFFF);  // count*64 must not wrap
    expectError(Archive::read(b), "nres.directory_overflow", "entry_count", 8);
}

TEST(NresValidation, NameWithoutNul) {
    auto b = three();
    std::fill(b.begin() + static_cast<std::ptrdiff_t>(rec(1) + 0x14), b.begin() + static_cast<std::ptrdiff_t>(rec(1) + 0x14 + 36), 'A');
    expectError(Archive::read(b), "nres.name_unterminated", "name", rec(1) + 0x14);
    expectError(Archive::read(b, Profile::Compatible), "nres.name_unterminated", "name", rec(1) + 0x14);
}

TEST(NresValidation, EmptyNameRejectedInBothProfiles) {
    auto b = three();
    b[rec(2) + 0x14] = 0;
    expectError(Archive::read(b), "nres.empty_name", "name", rec(2) + 0x14);
    expectError(Archive::read(b, Profile::Compatible), "nres.empty_name", "name", rec(2) + 0x14);
}

TEST(NresValidation, PayloadInsideHeader) {
    auto b = three();
    patchU32(b, rec(0) + 0x38, 15);
    expectError(Archive::read(b), "nres.bad_offset", "data_offset", rec(0) + 0x38);
}

TEST(NresValidation, PayloadRunsIntoDirectory) {
    auto b = three();
    patchU32(b, rec(2) + 0x0C, 9);  // 32 + 9 > 40
    expectError(Archive::read(b), "nres.bad_range", "size", rec(2) + 0x0C);
    auto wrap = three();
    patchU32(wrap, rec(2) + 0x0C, 0xFFFFFFF0);  // offset+size must not wrap
    expectError(Archive::read(wrap), "nres.bad_range", "size", rec(2) + 0x0C);
}

TEST(NresValidation, OverlappingPayloads) {
    auto b = three();
    patchU32(b, rec(2) + 0x38, 25);  // Mike [25,28) overlaps alpha [24,26)
    expectError(Archive::read(b), "nres.overlap", "data_offset", rec(2) + 0x38);
    expectError(Archive::read(b, Profile::Compatible), "nres.overlap", "data_offset", rec(2) + 0x38);
}

TEST(NresValidation, ZeroSizeEntriesNeverOverlap) {
    auto b = canonical({{"a", ""}, {"b", ""}, {"c", "ccc"}});
    ASSERT_TRUE(Archive::read(b).ok());
    patchU32(b, 16 + 8 + 64 * 0 + 0x38, 17);  // 'a' (size 0) points into c's payload at [16,19)
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok()) << a.error().render();
}

TEST(NresValidation, SortIndexOutOfRange) {
    auto b = three();
    patchU32(b, rec(1) + 0x3C, 3);
    expectError(Archive::read(b), "nres.sort_index_range", "sort_index", rec(1) + 0x3C);
    expectError(Archive::read(b, Profile::Compatible), "nres.sort_index_range", "sort_index", rec(1) + 0x3C);
}

TEST(NresValidation, SortTableNotPermutation) {
    auto b = three();
    patchU32(b, rec(2) + 0x3C, 1);  // [1,2,1]
    expectError(Archive::read(b), "nres.sort_not_permutation", "sort_index", rec(2) + 0x3C);
    auto c = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(c.ok()) << c.error().render();
    EXPECT_FALSE(c->sortTableValid());
    EXPECT_EQ(c->find("zulu"), 0u);  // linear scan
    EXPECT_EQ(c->find("ALPHA"), 1u);
    EXPECT_EQ(c->find("mike"), 2u);
}

TEST(NresValidation, SortTableNotSorted) {
    auto b = three();
    patchU32(b, rec(0) + 0x3C, 0);  // [0,2,1] lists Zulu, Mike, alpha
    patchU32(b, rec(1) + 0x3C, 2);
    patchU32(b, rec(2) + 0x3C, 1);
    expectError(Archive::read(b), "nres.sort_not_sorted", "sort_index", rec(1) + 0x3C);
    auto c = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(c.ok()) << c.error().render();
    EXPECT_FALSE(c->sortTableValid());
    EXPECT_EQ(c->find("Mike"), 2u);
    EXPECT_EQ(c->find("alpha"), 1u);
    EXPECT_EQ(c->find("zulu"), 0u);
    EXPECT_EQ(c->find("x"), std::nullopt);
}

TEST(NresValidation, Limits) {
    const auto b = three();
    Limits small;
    small.maxInput = 100;
    expectError(Archive::read(b, Profile::Strict, small), "nres.limit", "total_size", 0);
    Limits entries;
    entries.maxEntries = 2;
    expectError(Archive::read(b, Profile::Strict, entries), "nres.limit", "entry_count", 8);
    Limits payload;
    payload.maxPayload = 2;
    expectError(Archive::read(b, Profile::Strict, payload), "nres.limit", "size", rec(2) + 0x0C);
    Limits total;
    total.maxTotalPayload = 5;
    expectError(Archive::read(b, Profile::Strict, total), "nres.limit", "size", rec(2) + 0x0C);
    Limits preserved;
    preserved.maxPreserved = 17;  // 7 + 6 + 5 padding bytes
    expectError(Archive::read(b, Profile::Strict, preserved), "nres.limit", "data_region", 16);
    preserved.maxPreserved = 18;
    EXPECT_TRUE(Archive::read(b, Profile::Strict, preserved).ok());
}

TEST(NresValidation, ErrorsNameTheEntry) {
    auto b = three();
    patchU32(b, rec(1) + 0x38, 8);
    auto r = Archive::read(b);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().find("record").value_or(""), "1");
    EXPECT_EQ(r.error().find("entry").value_or(""), "alpha");
}

TEST(NresValidation, EveryTruncationFailsCleanly) {
    const auto b = three();
    for (std::size_t n = 0; n < b.size(); ++n) {
        auto r = Archive::read(ByteView(b).first(n));
        EXPECT_FALSE(r.ok()) << n;
    }
}

}  // namespace
}  // namespace vestige::iron3d::nres
