// RsLi reader/writer tests. Fixtures come from our writer; corrupt cases patch the decrypted table.
#include <gtest/gtest.h>

#include "vestige/iron3d/codec/codec.hpp"
#include "vestige/iron3d/rsli/rsli.hpp"

namespace vestige::iron3d::rsli {
namespace {

Bytes text(std::string_view s) { return Bytes(s.begin(), s.end()); }

NewEntry entry(std::string name, std::string_view data, Method method = Method::Stored) {
    NewEntry e;
    e.name = std::move(name);
    e.data = text(data);
    e.flags = static_cast<std::uint16_t>(method);
    return e;
}

Bytes build(const std::vector<NewEntry>& list, WriteOptions opt = {}) {
    auto r = write(list, opt);
    EXPECT_TRUE(r.ok()) << r.error().render();
    return r.ok() ? std::move(*r) : Bytes{};
}

// Decrypt the table, let `edit` patch it, encrypt it again.
template <class F>
void editTable(Bytes& b, F edit) {
    const std::uint16_t seed = loadU16(b.data() + 0x14);
    const std::size_t n = static_cast<std::size_t>(loadU16(b.data() + 4));
    std::span<std::uint8_t> table(b.data() + 32, n * 32);
    codec::xorStream(table, seed);
    edit(table);
    codec::xorStream(table, seed);
}
void put16(std::span<std::uint8_t> t, std::size_t at, std::uint16_t v) {
    t[at] = static_cast<std::uint8_t>(v);
    t[at + 1] = static_cast<std::uint8_t>(v >> 8);
}
void put32(std::span<std::uint8_t> t, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) t[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

void expectError(const Result<Archive>& r, std::string_view code, std::string_view field, std::uint64_t offset) {
    ASSERT_FALSE(r.ok()) << "expected " << code;
    EXPECT_EQ(r.error().code(), code) << r.error().render();
    EXPECT_EQ(r.error().find("field").value_or("<none>"), field) << r.error().render();
    EXPECT_EQ(r.error().offset().value_or(~0ull), offset) << r.error().render();
}

const std::string kText = "the quick brown fox jumps over the lazy dog; the quick brown fox jumps again and again.";

std::vector<NewEntry> allMethods() {
    return {entry("STORED.BIN", kText, Method::Stored), entry("XOR.BIN", kText, Method::Xor),
            entry("LZSS.BIN", kText, Method::Lzss),     entry("XLZSS.BIN", kText, Method::XorLzss),
            entry("LZHUF.BIN", kText, Method::Lzhuf),   entry("XLZHUF.BIN", kText, Method::XorLzhuf),
            entry("DEFL.BIN", kText, Method::Deflate),  entry("EMPTY", "", Method::Stored)};
}

TEST(RsliXor, SpecVector) {
    Bytes v{0x00, 0x01, 0x02, 0x03};
    codec::xorStream(v, 0x1234);
    EXPECT_EQ(v, (Bytes{0x7A, 0x86, 0xB2, 0x8C}));
}

TEST(RsliWriter, LayoutAndEncryptedTable) {
    const auto b = build({entry("B", "bb"), entry("A", "a")});
    ASSERT_EQ(b.size(), 32u + 64u + 3u);
    EXPECT_EQ(b[0], 'N');
    EXPECT_EQ(b[1], 'L');
    EXPECT_EQ(b[2], 0);
    EXPECT_EQ(b[3], 1);
    EXPECT_EQ(loadU16(b.data() + 4), 2u);
    EXPECT_EQ(loadU16(b.data() + 0x0E), kPresorted);
    EXPECT_EQ(loadU32(b.data() + 0x14), 0x1234u);
    EXPECT_NE(b[32], 'B');  // the table is encrypted
    Bytes table(b.begin() + 32, b.begin() + 96);
    codec::xorStream(table, 0x1234);
    EXPECT_EQ(table[0], 'B');
    EXPECT_EQ(loadU16(table.data() + 0x12), 1u);       // position 0 -> "A" (original 1)
    EXPECT_EQ(loadU16(table.data() + 32 + 0x12), 0u);  // position 1 -> "B"
    EXPECT_EQ(loadU32(table.data() + 0x18), 96u);
    EXPECT_EQ(loadU32(table.data() + 32 + 0x18), 98u);
    EXPECT_EQ(b[96], 'b');
    EXPECT_EQ(b[98], 'a');
}

TEST(RsliRoundTrip, EveryMethodDecodesEqual) {
    const auto list = allMethods();
    const auto b = build(list);
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok()) << a.error().render();
    ASSERT_EQ(a->size(), list.size());
    EXPECT_TRUE(a->presortedFlag());
    EXPECT_EQ(a->quirks(), kQuirkNone);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& e = a->entries()[i];
        EXPECT_EQ(e.method(), list[i].flags);
        EXPECT_EQ(e.unpackedSize, list[i].data.size());
        auto data = a->load(i);
        ASSERT_TRUE(data.ok()) << list[i].name << ": " << data.error().render();
        EXPECT_EQ(*data, list[i].data) << list[i].name;
        EXPECT_EQ(a->find(list[i].name), i);
    }
    EXPECT_LT(a->entries()[6].packedSize, kText.size());  // Deflate compresses this text
}

TEST(RsliRoundTrip, RewriteIsByteExact) {
    const auto b = build(allMethods());
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->writeLossless(), b);
    auto again = rewrite(*a);
    ASSERT_TRUE(again.ok()) << again.error().render();
    EXPECT_EQ(*again, b);
}

TEST(RsliRoundTrip, ReencodingDecodedDataIsByteExact) {
    const auto b = build(allMethods());
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok());
    std::vector<NewEntry> list;
    for (std::size_t i = 0; i < a->size(); ++i) {
        NewEntry n;
        n.nameField = a->entries()[i].nameField;
        n.flags = a->entries()[i].flags;
        n.service = a->entries()[i].service;
        auto d = a->load(i);
        ASSERT_TRUE(d.ok());
        n.data = *d;
        list.push_back(std::move(n));
    }
    WriteOptions opt;
    opt.header = Bytes(a->header().begin(), a->header().end());
    EXPECT_EQ(build(list, opt), b);
}

TEST(RsliXorKey, IsTheRowsSortToOriginal) {
    // Rows: C(0) B(1) A(2): row 0 holds sort_to_original 2 (A is first in order).
    const auto b = build({entry("C", "secret", Method::Xor), entry("B", "x"), entry("A", "y")});
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->entries()[0].sortToOriginalRaw, 2);
    EXPECT_EQ(a->entries()[0].xorKey, 2u);
    Bytes expect = text("secret");
    codec::xorStream(expect, 2);
    const auto packed = a->packed(0);
    EXPECT_EQ(Bytes(packed.begin(), packed.end()), expect);
    EXPECT_NE(expect, text("secret"));
    EXPECT_EQ(asChars(*a->load(0)), "secret");
}

TEST(RsliXorKey, AddingEntriesRekeysCopiedPackedStreams) {
    auto a = Archive::read(build({entry("M", "payload-m", Method::Xor)}));
    ASSERT_TRUE(a.ok());
    NewEntry copy;
    copy.nameField = a->entries()[0].nameField;
    copy.flags = a->entries()[0].flags;
    copy.packed = Bytes(a->packed(0).begin(), a->packed(0).end());
    copy.unpackedSize = a->entries()[0].unpackedSize;
    copy.packedKey = a->entries()[0].xorKey;  // 0
    auto b = Archive::read(build({entry("A", "first"), copy}));  // M's row now holds sort_to_original 1
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->entries()[1].xorKey, 1u);
    EXPECT_EQ(asChars(*b->load(1)), "payload-m");
}

TEST(RsliHeader, UnknownBytesKept) {
    Bytes header(32);
    for (std::size_t i = 0; i < 32; ++i) header[i] = static_cast<std::uint8_t>(0xA0 + i);
    header[0] = 'N';
    header[1] = 'L';
    header[2] = 0;
    header[3] = 1;
    header[0x0E] = 0xBA;
    header[0x0F] = 0xAB;
    WriteOptions opt;
    opt.header = header;
    const auto b = build({entry("X", "1")}, opt);
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok()) << a.error().render();
    for (std::size_t i = 0; i < 32; ++i) {
        if (i == 4 || i == 5) continue;  // entry_count
        EXPECT_EQ(a->header()[i], header[i]) << i;
    }
    EXPECT_EQ(a->xorSeed(), 0xB5B4u);
    EXPECT_EQ(asChars(*a->load(0)), "1");
}

TEST(RsliLookup, UppercasesQueryAndComparesCaseSensitively) {
    const auto b = build({entry("ZETA", "z"), entry("ALPHA", "a"), entry("lower", "l"), entry("TWELVECHARSX", "t"),
                          entry("ALPHA", "dup")});
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->find("alpha"), 1u);  // duplicate: first in directory order
    EXPECT_EQ(a->find("Zeta"), 0u);
    EXPECT_EQ(a->find(std::string_view("zeta\0junk", 9)), 0u);  // query ends at its first NUL
    EXPECT_EQ(a->find("lower"), std::nullopt);  // the query is upper-cased, the stored name is not
    EXPECT_EQ(a->findNoCase("LOWER"), 2u);
    EXPECT_EQ(a->find("twelvecharsx"), 3u);
    EXPECT_FALSE(a->entries()[3].nameField.terminated);
    EXPECT_EQ(a->entries()[3].name(), "TWELVECHARSX");
    EXPECT_EQ(a->find("ALPH"), std::nullopt);
}

TEST(RsliLookup, NoFlagMeansTheLoaderBuildsTheTable) {
    auto b = build({entry("B", "b"), entry("A", "a")});
    b[0x0E] = 0;
    b[0x0F] = 0;
    editTable(b, [](std::span<std::uint8_t> t) {
        put16(t, 0x12, 0x7777);  // garbage, never trusted without the flag
        put16(t, 32 + 0x12, 0xFFFF);
    });
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_FALSE(a->presortedFlag());
    EXPECT_EQ(a->sortTable(), (std::vector<std::uint32_t>{1, 0}));
    EXPECT_EQ(a->find("a"), 1u);
    EXPECT_EQ(a->find("b"), 0u);
    EXPECT_EQ(a->quirks(), kQuirkNone);
}

// ---- validation: one corrupt fixture per rule ----

TEST(RsliValidation, Truncated) { expectError(Archive::read(Bytes{'N', 'L', 0, 1}), "rsli.truncated", "header", 0); }

TEST(RsliValidation, HeaderFields) {
    const auto good = build({entry("A", "a")});
    auto b = good;
    b[1] = 'X';
    expectError(Archive::read(b), "rsli.bad_magic", "magic", 0);
    b = good;
    b[2] = 1;
    expectError(Archive::read(b), "rsli.bad_reserved", "reserved", 2);
    b = good;
    b[3] = 2;
    expectError(Archive::read(b), "rsli.bad_version", "version", 3);
    b = good;
    b[5] = 0x80;
    expectError(Archive::read(b), "rsli.negative_count", "entry_count", 4);
    b = good;
    b[4] = 3;
    expectError(Archive::read(b), "rsli.table_overflow", "entry_count", 4);
}

TEST(RsliValidation, EmptyName) {
    auto b = build({entry("A", "a"), entry("B", "b")});
    editTable(b, [](std::span<std::uint8_t> t) { t[32] = 0; });
    expectError(Archive::read(b), "rsli.empty_name", "name", 64);
}

TEST(RsliValidation, StoredSizesMustMatch) {
    auto b = build({entry("A", "aaaa")});
    editTable(b, [](std::span<std::uint8_t> t) { put32(t, 0x1C, 3); });
    expectError(Archive::read(b), "rsli.size_mismatch", "packed_size", 32 + 0x1C);
    expectError(Archive::read(b, Profile::Compatible), "rsli.size_mismatch", "packed_size", 32 + 0x1C);
}

TEST(RsliValidation, OffsetInsideTable) {
    auto b = build({entry("A", "aaaa")});
    editTable(b, [](std::span<std::uint8_t> t) { put32(t, 0x18, 40); });
    expectError(Archive::read(b), "rsli.bad_offset", "data_offset", 32 + 0x18);
}

TEST(RsliValidation, RangePastEnd) {
    auto b = build({entry("A", "aaaa", Method::Lzss)});
    editTable(b, [](std::span<std::uint8_t> t) { put32(t, 0x1C, loadU32(t.data() + 0x1C) + 1); });
    expectError(Archive::read(b), "rsli.bad_range", "packed_size", 32 + 0x1C);
    expectError(Archive::read(b, Profile::Compatible), "rsli.bad_range", "packed_size", 32 + 0x1C);
}

TEST(RsliValidation, Limits) {
    const auto b = build({entry("A", "aaaa", Method::Lzss)});
    Limits l;
    l.maxUnpacked = 3;
    expectError(Archive::read(b, Profile::Strict, l), "rsli.limit", "unpacked_size", 32 + 0x14);
    l = {};
    l.maxPacked = 1;
    expectError(Archive::read(b, Profile::Strict, l), "rsli.limit", "packed_size", 32 + 0x1C);
}

TEST(RsliValidation, FlaggedTableNotPermutation) {
    auto b = build({entry("B", "b"), entry("A", "a"), entry("C", "c")});
    editTable(b, [](std::span<std::uint8_t> t) { put16(t, 64 + 0x12, 1); });  // [1,0,1]
    expectError(Archive::read(b), "rsli.sort_not_permutation", "sort_to_original", 96 + 0x12);
    auto c = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(c.ok()) << c.error().render();
    EXPECT_EQ(c->quirks(), kQuirkSortTableRebuilt);
    EXPECT_EQ(c->sortTable(), (std::vector<std::uint32_t>{1, 0, 2}));
    EXPECT_EQ(c->find("C"), 2u);
    EXPECT_EQ(c->entries()[2].xorKey, 2u);  // the key follows the rebuilt table
}

TEST(RsliValidation, FlaggedTableNegativeIndex) {
    auto b = build({entry("B", "b"), entry("A", "a")});
    editTable(b, [](std::span<std::uint8_t> t) { put16(t, 0x12, 0xFFFF); });
    expectError(Archive::read(b), "rsli.sort_not_permutation", "sort_to_original", 32 + 0x12);
    auto c = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->find("A"), 1u);
}

TEST(RsliValidation, FlaggedTableNotSorted) {
    auto b = build({entry("B", "b"), entry("A", "a")});
    editTable(b, [](std::span<std::uint8_t> t) {
        put16(t, 0x12, 0);
        put16(t, 32 + 0x12, 1);
    });
    expectError(Archive::read(b), "rsli.sort_not_sorted", "sort_to_original", 64 + 0x12);
    auto c = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->sortTable(), (std::vector<std::uint32_t>{1, 0}));
    EXPECT_EQ(c->find("B"), 0u);
}

TEST(RsliValidation, UnsupportedMethodFailsOnLoad) {
    auto b = build({entry("A", "aaaa")});
    editTable(b, [](std::span<std::uint8_t> t) { put16(t, 0x10, 0x0C0); });
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok()) << a.error().render();
    auto d = a->load(0);
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.error().code(), "rsli.unsupported_method");
    EXPECT_EQ(d.error().offset().value_or(0), 32u + 0x10);
    EXPECT_EQ(write(std::vector<NewEntry>{entry("A", "a", static_cast<Method>(0x1E0))}).error().code(),
              "rsli.unsupported_method");
}

TEST(RsliValidation, OtherFlagBitsKept) {
    auto e = entry("A", kText, Method::Lzss);
    e.flags |= 0x0005;
    auto a = Archive::read(build({e}));
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->entries()[0].flags, 0x0045u);
    EXPECT_EQ(a->entries()[0].method(), 0x040u);
    EXPECT_EQ(*a->load(0), text(kText));
}

TEST(RsliValidation, CorruptPayloadIsAnError) {
    auto b = build({entry("A", kText, Method::Deflate)});
    b[96] ^= 0xFF;
    b[97] ^= 0xFF;
    auto a = Archive::read(b);
    ASSERT_TRUE(a.ok());
    auto d = a->load(0);
    EXPECT_FALSE(d.ok());
}

TEST(RsliValidation, ZlibWrappedDeflateFails) {
    // 78 9C header + stored block "hi" + adler: a zlib stream, not raw Deflate.
    NewEntry e;
    e.name = "Z";
    e.flags = static_cast<std::uint16_t>(Method::Deflate);
    e.packed = Bytes{0x78, 0x9C, 0x01, 0x02, 0x00, 0xFD, 0xFF, 'h', 'i', 0x01, 0x3B, 0x00, 0xD2};
    e.unpackedSize = 2;
    auto a = Archive::read(build({e}));
    ASSERT_TRUE(a.ok());
    EXPECT_FALSE(a->load(0).ok());
}

// ---- named quirks ----

// Spec fixture: header + 1 row (64 B), payload at 64, overlay 4 -> data_offset_raw = 60.
Bytes aoFixture(std::uint32_t overlay = 4) {
    auto b = build({entry("A", "DATA")});
    editTable(b, [](std::span<std::uint8_t> t) { put32(t, 0x18, 60); });
    b.push_back('A');
    b.push_back('O');
    for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(overlay >> (8 * i)));
    return b;
}

TEST(RsliQuirks, AoTrailer) {
    const auto b = aoFixture();
    expectError(Archive::read(b), "rsli.ao_trailer", "trailer", 68);
    auto a = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->quirks(), kQuirkAoTrailer);
    EXPECT_EQ(a->aoOverlay(), 4u);
    EXPECT_EQ(a->entries()[0].dataOffsetRaw, 60u);
    EXPECT_EQ(a->entries()[0].dataOffset, 64u);
    EXPECT_EQ(asChars(*a->load(0)), "DATA");
}

TEST(RsliQuirks, AoOverlayLargerThanFile) {
    expectError(Archive::read(aoFixture(1000), Profile::Compatible), "rsli.bad_overlay", "overlay", 70);
}

TEST(RsliQuirks, AoPayloadMayNotReachIntoTrailer) {
    expectError(Archive::read(aoFixture(5), Profile::Compatible), "rsli.bad_range", "packed_size", 32 + 0x1C);
}

Bytes interf8(std::string name, Method method, std::uint32_t overrun) {
    auto b = build({entry("FIRST.TEX", "first", Method::Deflate), entry(std::move(name), kText, method)});
    editTable(b, [&](std::span<std::uint8_t> t) { put32(t, 32 + 0x1C, loadU32(t.data() + 32 + 0x1C) + overrun); });
    return b;
}

TEST(RsliQuirks, DeflateEofPlusOne) {
    const auto b = interf8("INTERF8.TEX", Method::Deflate, 1);
    expectError(Archive::read(b), "rsli.deflate_eof_plus_one", "packed_size", 64 + 0x1C);
    auto a = Archive::read(b, Profile::Compatible);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_EQ(a->quirks(), kQuirkDeflateEofPlusOne);
    EXPECT_EQ(a->entries()[1].packedAvailable + 1, a->entries()[1].packedSize);
    auto d = a->load(1);
    ASSERT_TRUE(d.ok()) << d.error().render();
    EXPECT_EQ(*d, text(kText));
    // Name match is case-insensitive.
    EXPECT_TRUE(Archive::read(interf8("interf8.tex", Method::Deflate, 1), Profile::Compatible).ok());
}

TEST(RsliQuirks, DeflateEofPlusOneOnlyWhenEveryConditionHolds) {
    expectError(Archive::read(interf8("INTERF8.TEX", Method::Deflate, 2), Profile::Compatible), "rsli.bad_range",
                "packed_size", 64 + 0x1C);
    expectError(Archive::read(interf8("INTERF9.TEX", Method::Deflate, 1), Profile::Compatible), "rsli.bad_range",
                "packed_size", 64 + 0x1C);
    expectError(Archive::read(interf8("INTERF8.TEX", Method::Lzss, 1), Profile::Compatible), "rsli.bad_range",
                "packed_size", 64 + 0x1C);
}

// ---- codec vectors through the container ----

TEST(RsliCodecVectors, PackedStreamsFromTheSpec) {
    auto packedEntry = [](std::string name, Method m, Bytes packed, std::uint32_t size) {
        NewEntry e;
        e.name = std::move(name);
        e.flags = static_cast<std::uint16_t>(m);
        e.packed = std::move(packed);
        e.unpackedSize = size;
        return e;
    };
    auto a = Archive::read(build({packedEntry("ABC", Method::Lzss, {0x07, 'A', 'B', 'C'}, 3),
                                  packedEntry("SPACES", Method::Lzss, {0x00, 0xFF, 0xF1}, 4),
                                  packedEntry("ABCS", Method::Lzhuf, {0xf6, 0xfb, 0xbd, 0xf2, 0x40, 0x20}, 12),
                                  packedEntry("T", Method::Lzhuf, {0x00}, 1)}));
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(asChars(*a->load(0)), "ABC");
    EXPECT_EQ(asChars(*a->load(1)), "    ");
    auto abc = a->load(2);
    ASSERT_TRUE(abc.ok()) << abc.error().render();
    EXPECT_EQ(asChars(*abc), "abcabcabcabc");
    EXPECT_EQ(asChars(*a->load(3)), "t");
}

TEST(RsliFuzzish, EveryTruncationFailsOrLoadsCleanly) {
    const auto b = build(allMethods());
    for (std::size_t n = 0; n < b.size(); ++n) {
        auto a = Archive::read(ByteView(b).first(n));
        EXPECT_FALSE(a.ok()) << n;  // the last payload always ends at EOF
    }
}

}  // namespace
}  // namespace vestige::iron3d::rsli

namespace vestige::iron3d::rsli {
namespace {

TEST(RsliWriter, PayloadEndingLikeAnAoTrailerIsPadded) {
    NewEntry e;
    e.name = "TAIL";
    e.data = Bytes{'x', 'A', 'O', 1, 2, 3, 4};
    auto b = write(std::vector<NewEntry>{e});
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->size(), 32u + 32u + 7u + 1u);  // one zero moves "AO" out of the trailer position
    auto a = Archive::read(*b);
    ASSERT_TRUE(a.ok()) << a.error().render();
    EXPECT_FALSE(a->aoOverlay().has_value());
    EXPECT_EQ(*a->load(0), e.data);
}

}  // namespace
}  // namespace vestige::iron3d::rsli
