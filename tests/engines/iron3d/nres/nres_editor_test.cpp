// Lossless writer, lossless editor and canonical compact.
#include <gtest/gtest.h>

#include <filesystem>

#include "nres_fixtures.hpp"
#include "vestige/core/file_io.hpp"

namespace vestige::iron3d::nres {
namespace {

using test::RawRecord;

// A non-canonical archive: a non-zero unindexed region (16..24), payload A at 24 (4 B),
// a 3-byte gap "GAP", payload B at 31 (5 B, unaligned), a trailing region "TAIL" before the directory.
// Directory order B, A; B's name field has a non-zero tail.
Bytes messy() {
    Bytes region;
    for (char c : std::string_view("UNINDEX!")) region.push_back(static_cast<std::uint8_t>(c));  // 16..24
    for (char c : std::string_view("AAAA")) region.push_back(static_cast<std::uint8_t>(c));      // 24..28
    for (char c : std::string_view("GAP")) region.push_back(static_cast<std::uint8_t>(c));       // 28..31
    for (char c : std::string_view("BBBBB")) region.push_back(static_cast<std::uint8_t>(c));     // 31..36
    for (char c : std::string_view("TAIL")) region.push_back(static_cast<std::uint8_t>(c));      // 36..40
    return test::raw(region, {{7, 1, 2, 3, "Bee", "tail!", 31, 5, 1}, {8, 4, 5, 6, "Ay", "", 24, 4, 0}});
}

Bytes slice(const Bytes& b, std::size_t at, std::size_t n) { return Bytes(b.begin() + at, b.begin() + at + n); }
Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

TEST(NresEditor, MessyFixtureReadsStrictly) {
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->preservedBytes(), 8u + 3u + 4u);
    EXPECT_EQ(asChars(a->payload(0)), "BBBBB");
    EXPECT_EQ(asChars(a->payload(1)), "AAAA");
    EXPECT_EQ(a->entries()[0].nameField.raw[4], 't');
}

TEST(NresEditor, NoEditsGivesOriginalBytes) {
    const auto original = messy();
    auto a = Archive::read(original);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->writeLossless(), original);
    Editor ed(*a);
    auto out = ed.write();
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(*out, original);
}

TEST(NresEditor, RebuildWithSameContentIsByteIdentical) {
    for (const auto& original : {messy(), test::canonical({{"one", "x"}, {"two", "yy"}, {"Three", "zzzzzzzzz"}})}) {
        auto a = Archive::read(original);
        ASSERT_TRUE(a.ok());
        Editor ed(*a);
        ASSERT_TRUE(ed.replace(0, Bytes(a->payload(0).begin(), a->payload(0).end())).ok());
        EXPECT_TRUE(ed.modified());
        auto out = ed.write();
        ASSERT_TRUE(out.ok());
        EXPECT_EQ(*out, original);
    }
}

TEST(NresEditor, ReplaceKeepsEveryOtherByteAndSegmentOrder) {
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok());
    Editor ed(*a);
    ASSERT_TRUE(ed.replace(1, text("longer-A")).ok());  // A: 4 -> 8 bytes, B shifts by 4
    auto out = ed.write();
    ASSERT_TRUE(out.ok());
    ASSERT_EQ(out->size(), messy().size() + 4);
    EXPECT_EQ(slice(*out, 16, 8), text("UNINDEX!"));
    EXPECT_EQ(slice(*out, 24, 8), text("longer-A"));
    EXPECT_EQ(slice(*out, 32, 3), text("GAP"));
    EXPECT_EQ(slice(*out, 35, 5), text("BBBBB"));
    EXPECT_EQ(slice(*out, 40, 4), text("TAIL"));
    auto b = Archive::read(*out);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(b->entries()[0].dataOffset, 35u);
    EXPECT_EQ(b->entries()[1].dataOffset, 24u);
    EXPECT_EQ(b->entries()[1].size, 8u);
    EXPECT_EQ(b->entries()[0].nameField.raw, a->entries()[0].nameField.raw);  // tail kept
    EXPECT_EQ(b->entries()[0].type, 7u);
    EXPECT_EQ(b->entries()[0].attr3, 3u);
    EXPECT_EQ(b->entries()[1].attr1, 4u);
    EXPECT_EQ(b->preservedBytes(), 15u);
}

TEST(NresEditor, AddAppendsAlignedAfterLastSegment) {
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok());
    Editor ed(*a);
    auto idx = ed.add({9, 1, 1, 1, "New", std::nullopt, text("nnn")});
    ASSERT_TRUE(idx.ok());
    EXPECT_EQ(*idx, 2u);
    auto out = ed.write();
    ASSERT_TRUE(out.ok());
    const auto original = messy();
    EXPECT_TRUE(std::equal(original.begin() + 16, original.begin() + 40, out->begin() + 16));  // whole region kept
    auto b = Archive::read(*out);
    ASSERT_TRUE(b.ok()) << b.error().render();
    ASSERT_EQ(b->size(), 3u);
    EXPECT_EQ(b->entries()[2].dataOffset, 40u);
    EXPECT_EQ(b->directoryOffset(), 48u);
    EXPECT_EQ(b->find("new"), 2u);
    EXPECT_EQ(b->find("ay"), 1u);
    EXPECT_EQ(b->find("BEE"), 0u);
}

TEST(NresEditor, RemoveDropsOnlyThePayload) {
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok());
    Editor ed(*a);
    ASSERT_TRUE(ed.remove(1).ok());  // remove A
    auto out = ed.write();
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(slice(*out, 16, 8), text("UNINDEX!"));
    EXPECT_EQ(slice(*out, 24, 3), text("GAP"));
    EXPECT_EQ(slice(*out, 27, 5), text("BBBBB"));
    EXPECT_EQ(slice(*out, 32, 4), text("TAIL"));
    auto b = Archive::read(*out);
    ASSERT_TRUE(b.ok()) << b.error().render();
    ASSERT_EQ(b->size(), 1u);
    EXPECT_EQ(b->entries()[0].sortIndex, 0u);
    EXPECT_EQ(b->find("ay"), std::nullopt);
}

TEST(NresEditor, RenameRebuildsSortTable) {
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok());
    Editor ed(*a);
    ASSERT_TRUE(ed.rename(0, "Aardvark").ok());
    EXPECT_EQ(ed.rename(0, "").error().code(), "nres.empty_name");
    EXPECT_EQ(ed.rename(0, std::string(36, 'x')).error().code(), "nres.name_too_long");
    EXPECT_EQ(ed.rename(0, std::string_view("a\0b", 3)).error().code(), "nres.name_nul");
    EXPECT_EQ(ed.rename(5, "x").error().code(), "nres.no_entry");
    auto out = ed.write();
    ASSERT_TRUE(out.ok());
    auto b = Archive::read(*out);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(b->entries()[0].name(), "Aardvark");
    EXPECT_EQ(b->entries()[0].sortIndex, 0u);  // Aardvark < Ay
    EXPECT_EQ(b->entries()[1].sortIndex, 1u);
    EXPECT_EQ(b->find("AARDVARK"), 0u);
    EXPECT_EQ(asChars(b->payload(0)), "BBBBB");
}

// Two entries named alike may be listed in either order in a valid sort table; a payload edit keeps the file's
// own order (found by fuzz_land_msh: a Land.msh with two "Res14" names did not write back byte-exact), and a
// rename rebuilds it as a stable sort.
TEST(NresEditor, PayloadEditKeepsTheTieOrderOfEqualNames) {
    Bytes region;
    for (char c : std::string_view("AAAABBBB")) region.push_back(static_cast<std::uint8_t>(c));
    const auto original = test::raw(region, {{1, 0, 0, 0, "Same", "", 16, 4, 1}, {2, 0, 0, 0, "same", "", 20, 4, 0}});
    auto a = Archive::read(original);
    ASSERT_TRUE(a.ok()) << a.error().render();
    ASSERT_TRUE(a->sortTableValid());
    Editor ed(*a);
    ASSERT_TRUE(ed.replace(0, text("AAAA")).ok());
    auto out = ed.write();
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(*out, original);
    ASSERT_TRUE(ed.rename(1, "same").ok());
    auto renamed = ed.write();
    ASSERT_TRUE(renamed.ok());
    auto b = Archive::read(*renamed);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(b->entries()[0].sortIndex, 0u);
    EXPECT_EQ(b->entries()[1].sortIndex, 1u);
}

TEST(NresEditor, CanonicalCompactDropsUnindexedRegions) {
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok());
    auto out = writeCanonical(*a);
    ASSERT_TRUE(out.ok());
    // header 16 + B (5 -> 8) + A (4 -> 8) + 2*64
    ASSERT_EQ(out->size(), 16u + 8u + 8u + 128u);
    auto b = Archive::read(*out);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(b->entries()[0].dataOffset, 16u);
    EXPECT_EQ(b->entries()[1].dataOffset, 24u);
    EXPECT_EQ(asChars(b->payload(0)), "BBBBB");
    EXPECT_EQ(b->entries()[0].nameField.raw, a->entries()[0].nameField.raw);
    EXPECT_EQ(b->preservedBytes(), 3u + 4u);
    // Canonical is a fixed point.
    auto again = writeCanonical(*b);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *out);
}

TEST(NresEditor, SaveIsAtomicAndReadable) {
    const auto dir = std::filesystem::temp_directory_path() / "vestige_nres_editor_test";
    std::filesystem::create_directories(dir);
    const auto path = dir / "edited.lib";
    auto a = Archive::read(messy());
    ASSERT_TRUE(a.ok());
    Editor ed(*a);
    ASSERT_TRUE(ed.replace(0, text("b")).ok());
    ASSERT_TRUE(ed.save(path).ok());
    auto bytes = readFile(path);
    ASSERT_TRUE(bytes.ok());
    auto b = Archive::read(*bytes);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(asChars(b->payload(0)), "b");
    std::filesystem::remove_all(dir);
}

TEST(NresWriter, RejectsBadNames) {
    std::vector<NewEntry> list{{0, 0, 0, 0, std::string(35, 'a'), std::nullopt, {}}};
    EXPECT_TRUE(writeCanonical(list).ok());
    list[0].name = std::string(36, 'a');
    EXPECT_EQ(writeCanonical(list).error().code(), "nres.name_too_long");
    list[0].name = "";
    EXPECT_EQ(writeCanonical(list).error().code(), "nres.empty_name");
    list[0].name = std::string("a\0b", 3);
    EXPECT_EQ(writeCanonical(list).error().code(), "nres.name_nul");
    FixedString f;
    f.raw.assign(36, 'a');
    list[0].nameField = f;
    EXPECT_EQ(writeCanonical(list).error().code(), "nres.name_unterminated");
    f.raw.assign(35, 0);
    list[0].nameField = f;
    EXPECT_EQ(writeCanonical(list).error().code(), "nres.bad_name_field");
}

TEST(NresWriter, NameFieldTailRoundTrips) {
    FixedString f;
    f.raw.assign(36, 0xCD);
    f.raw[0] = 'n';
    f.raw[1] = 0;
    std::vector<NewEntry> list{{1, 2, 3, 4, "", f, text("payload")}};
    auto bytes = writeCanonical(list);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    auto a = Archive::read(*bytes);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->entries()[0].nameField.raw, f.raw);
    EXPECT_EQ(a->entries()[0].name(), "n");
    auto again = writeCanonical(*a);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *bytes);
}

}  // namespace
}  // namespace vestige::iron3d::nres
