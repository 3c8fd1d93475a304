// ByteReader / ByteWriter: every bound, every width, absolute offsets through sub-readers,
// bit-exact floats, fixed strings that keep their tails, overflow-checked size arithmetic.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <string>

#include "vestige/core/bytes.hpp"

namespace vestige {
namespace {

constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();

Bytes iota(std::size_t n) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(i + 1);
    return b;
}

// Checks the shape every "ran off the end" error must have.
void expectEof(const Error& e, std::uint64_t offset, std::size_t want, std::size_t remaining, std::string_view field) {
    EXPECT_EQ(e.code(), "bytes.eof");
    ASSERT_TRUE(e.offset().has_value());
    EXPECT_EQ(*e.offset(), offset);
    EXPECT_EQ(e.expectedText().value_or(""), std::to_string(want) + " byte(s)");
    EXPECT_EQ(e.actualText().value_or(""), std::to_string(remaining) + " remaining");
    if (field.empty()) {
        EXPECT_FALSE(e.find("field").has_value());
    } else {
        EXPECT_EQ(e.find("field").value_or("<none>"), field);
    }
}

TEST(ByteReader, ReadsLittleEndianAtEveryWidth) {
    const Bytes data = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xFF, 0xFE, 0xFF, 0xFD, 0xFF, 0xFF, 0xFF,
                        0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    ByteReader r(data);
    EXPECT_EQ(*r.u8(), 0x01u);
    EXPECT_EQ(*r.u16(), 0x0302u);
    EXPECT_EQ(*r.u32(), 0x07060504u);
    EXPECT_EQ(r.position(), 7u);
    ASSERT_TRUE(r.seek(0).ok());
    EXPECT_EQ(*r.u64(), 0x0807060504030201ull);
    EXPECT_EQ(*r.i8(), -1);
    EXPECT_EQ(*r.i8(), -2);
    EXPECT_EQ(*r.i16(), -513);         // FF FD -> 0xFDFF
    EXPECT_EQ(*r.i32(), -0x03000001);  // FF FF FF FC -> 0xFCFFFFFF
    ASSERT_TRUE(r.seek(15).ok());
    EXPECT_EQ(*r.i64(), -4);  // FC FF FF FF FF FF FF FF
    EXPECT_TRUE(r.atEnd());
}

TEST(ByteReader, SignedLimits) {
    ByteWriter w;
    w.i8(std::numeric_limits<std::int8_t>::min());
    w.i16(std::numeric_limits<std::int16_t>::min());
    w.i32(std::numeric_limits<std::int32_t>::min());
    w.i64(std::numeric_limits<std::int64_t>::min());
    w.i64(-1);
    ByteReader r(w.data());
    EXPECT_EQ(*r.i8(), std::numeric_limits<std::int8_t>::min());
    EXPECT_EQ(*r.i16(), std::numeric_limits<std::int16_t>::min());
    EXPECT_EQ(*r.i32(), std::numeric_limits<std::int32_t>::min());
    EXPECT_EQ(*r.i64(), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(*r.i64(), -1);
    EXPECT_TRUE(r.expectEnd().ok());
}

// One row per read kind: how many bytes it needs, and how to call it.
struct ReadKind {
    const char* name;
    std::size_t width;
    std::function<std::optional<Error>(ByteReader&, std::string_view)> read;
};

template <class R>
std::optional<Error> errorOf(R&& r) {
    if (r.ok()) return std::nullopt;
    return r.error();
}

std::vector<ReadKind> scalarKinds() {
    return {
        {"u8", 1, [](ByteReader& r, std::string_view f) { return errorOf(r.u8(f)); }},
        {"u16", 2, [](ByteReader& r, std::string_view f) { return errorOf(r.u16(f)); }},
        {"u32", 4, [](ByteReader& r, std::string_view f) { return errorOf(r.u32(f)); }},
        {"u64", 8, [](ByteReader& r, std::string_view f) { return errorOf(r.u64(f)); }},
        {"i8", 1, [](ByteReader& r, std::string_view f) { return errorOf(r.i8(f)); }},
        {"i16", 2, [](ByteReader& r, std::string_view f) { return errorOf(r.i16(f)); }},
        {"i32", 4, [](ByteReader& r, std::string_view f) { return errorOf(r.i32(f)); }},
        {"i64", 8, [](ByteReader& r, std::string_view f) { return errorOf(r.i64(f)); }},
        {"f32", 4, [](ByteReader& r, std::string_view f) { return errorOf(r.f32(f)); }},
        {"f64", 8, [](ByteReader& r, std::string_view f) { return errorOf(r.f64(f)); }},
        {"bytes(5)", 5, [](ByteReader& r, std::string_view f) { return errorOf(r.bytes(5, f)); }},
        {"fixedString(6)", 6, [](ByteReader& r, std::string_view f) { return errorOf(r.fixedString(6, f)); }},
        {"sub(7)", 7, [](ByteReader& r, std::string_view f) { return errorOf(r.sub(7, f)); }},
        {"skip(3)", 3, [](ByteReader& r, std::string_view f) { return errorOf(r.skip(3, f)); }},
    };
}

// For every kind, every start position that leaves fewer bytes than it needs, with and without a
// base offset and a field name: the read fails with bytes.eof at base+pos and does not move the reader.
TEST(ByteReader, EveryWidthPastTheEndReportsAbsoluteOffset) {
    const Bytes data = iota(16);
    for (const auto& kind : scalarKinds()) {
        for (std::uint64_t base : {std::uint64_t{0}, std::uint64_t{0x1000}, kMax64 / 2}) {
            for (std::size_t len = 0; len < kind.width; ++len) {
                for (std::size_t pos = 0; pos <= len; ++pos) {
                    SCOPED_TRACE(::testing::Message() << kind.name << " base=" << base << " len=" << len << " pos=" << pos);
                    ByteReader r(ByteView(data).first(len), base);
                    ASSERT_TRUE(r.seek(pos).ok());
                    for (std::string_view field : {std::string_view{}, std::string_view{"count"}}) {
                        auto e = kind.read(r, field);
                        ASSERT_TRUE(e.has_value());
                        expectEof(*e, base + pos, kind.width, len - pos, field);
                        EXPECT_EQ(r.position(), pos) << "a failed read must not move the reader";
                    }
                }
            }
            // Exactly enough bytes succeeds and lands at the end.
            ByteReader r(ByteView(data).first(kind.width), base);
            EXPECT_FALSE(kind.read(r, "x").has_value()) << kind.name;
            EXPECT_TRUE(r.atEnd()) << kind.name;
            EXPECT_EQ(r.absolute(), base + kind.width) << kind.name;
        }
    }
}

TEST(ByteReader, ErrorRendersFieldOffsetAndCounts) {
    const Bytes data = iota(6);
    ByteReader r(data, 0x10);
    ASSERT_TRUE(r.skip(4).ok());
    auto v = r.u32("magic");
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().render(),
              "field magic: at offset 20 (0x14): read of 4 byte(s) past the end (expected 4 byte(s), got 2 remaining) "
              "[bytes.eof]");
}

TEST(ByteReader, SubReadersReportOffsetsIntoTheWholeFile) {
    const Bytes data = iota(64);
    ByteReader file(data, 0);
    ASSERT_TRUE(file.skip(10).ok());
    auto entry = file.sub(20, "entry");
    ASSERT_TRUE(entry.ok());
    EXPECT_EQ(file.position(), 30u);
    EXPECT_EQ(entry->baseOffset(), 10u);
    EXPECT_EQ(entry->size(), 20u);
    EXPECT_EQ(*entry->u8(), 11u);  // data[10]

    ASSERT_TRUE(entry->skip(5).ok());
    auto record = entry->sub(8, "record");
    ASSERT_TRUE(record.ok());
    EXPECT_EQ(record->baseOffset(), 16u);
    EXPECT_EQ(*record->u64(), loadU64(data.data() + 16));
    auto past = record->u8("flags");
    ASSERT_FALSE(past.ok());
    expectEof(past.error(), 24, 1, 0, "flags");

    // subAt is relative to the reader's data, not its position, and does not move it.
    const auto before = entry->position();
    auto at = entry->subAt(2, 4, "table");
    ASSERT_TRUE(at.ok());
    EXPECT_EQ(entry->position(), before);
    EXPECT_EQ(at->baseOffset(), 12u);
    EXPECT_EQ(*at->u32(), loadU32(data.data() + 12));
    auto atPast = at->u8("x");
    ASSERT_FALSE(atPast.ok());
    expectEof(atPast.error(), 16, 1, 0, "x");

    // The rest of `entry` after the record: 20 - 14 = 6 bytes; reading 8 fails at 10 + 14.
    auto tail = entry->u64("tail");
    ASSERT_FALSE(tail.ok());
    expectEof(tail.error(), 24, 8, 6, "tail");

    // A sub-reader past the end of its parent.
    auto tooBig = entry->sub(7, "blob");
    ASSERT_FALSE(tooBig.ok());
    expectEof(tooBig.error(), 24, 7, 6, "blob");
}

TEST(ByteReader, SubAtOutOfRange) {
    const Bytes data = iota(8);
    ByteReader r(data, 100);
    auto ok = r.subAt(8, 0);
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ(ok->baseOffset(), 108u);
    EXPECT_TRUE(ok->atEnd());

    auto e1 = r.subAt(5, 4, "dir");
    ASSERT_FALSE(e1.ok());
    EXPECT_EQ(e1.error().code(), "bytes.range");
    EXPECT_EQ(e1.error().offset().value_or(0), 105u);
    EXPECT_EQ(e1.error().find("field").value_or(""), "dir");
    EXPECT_EQ(e1.error().expectedText().value_or(""), "end <= 8");
    EXPECT_EQ(e1.error().actualText().value_or(""), "5 + 4");

    // pos + n wraps around: must be refused, not accepted as a small range.
    auto e2 = r.subAt(4, std::numeric_limits<std::size_t>::max() - 1);
    ASSERT_FALSE(e2.ok());
    EXPECT_EQ(e2.error().code(), "bytes.range");
    auto e3 = r.subAt(9, 0);
    ASSERT_FALSE(e3.ok());
    EXPECT_EQ(e3.error().offset().value_or(0), 109u);
}

TEST(ByteReader, ArrayChecksTheMultiplicationFirst) {
    const Bytes data = iota(24);
    ByteReader r(data, 0x200);
    ASSERT_TRUE(r.skip(4).ok());

    auto fits = r.array(5, 4, "verts");
    ASSERT_TRUE(fits.ok());
    EXPECT_EQ(fits->size(), 20u);
    EXPECT_EQ(fits->baseOffset(), 0x204u);
    EXPECT_TRUE(r.atEnd());

    ASSERT_TRUE(r.seek(4).ok());
    auto tooMany = r.array(6, 4, "verts");
    ASSERT_FALSE(tooMany.ok());
    EXPECT_EQ(tooMany.error().code(), "bytes.array");
    EXPECT_EQ(tooMany.error().offset().value_or(0), 0x204u);
    EXPECT_EQ(tooMany.error().find("field").value_or(""), "verts");
    EXPECT_EQ(tooMany.error().expectedText().value_or(""), "<= 20 bytes");
    EXPECT_EQ(tooMany.error().actualText().value_or(""), "6 x 4 bytes");
    EXPECT_EQ(r.position(), 4u);

    // count * stride overflows 64 bits; a naive multiply would wrap to a small number that fits.
    auto wrap = r.array(0x8000000000000001ull, 2, "verts");  // wraps to 2
    ASSERT_FALSE(wrap.ok());
    EXPECT_EQ(wrap.error().code(), "bytes.array");
    auto wrap2 = r.array(1ull << 32, 1ull << 32);  // wraps to 0
    ASSERT_FALSE(wrap2.ok());
    EXPECT_EQ(wrap2.error().code(), "bytes.array");

    auto empty = r.array(0, kMax64);
    ASSERT_TRUE(empty.ok());
    EXPECT_EQ(empty->size(), 0u);
    EXPECT_EQ(r.position(), 4u);
}

TEST(ByteReader, SkipSeekExpectEnd) {
    const Bytes data = iota(10);
    ByteReader r(data, 50);
    ASSERT_TRUE(r.skip(10).ok());
    EXPECT_TRUE(r.atEnd());
    EXPECT_TRUE(r.expectEnd().ok());

    ASSERT_TRUE(r.seek(10).ok());
    auto s = r.seek(11);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code(), "bytes.seek");
    EXPECT_EQ(s.error().offset().value_or(0), 61u);
    EXPECT_EQ(s.error().expectedText().value_or(""), "<= 10");
    EXPECT_EQ(s.error().actualText().value_or(""), "11");
    EXPECT_EQ(r.position(), 10u);

    ASSERT_TRUE(r.seek(7).ok());
    auto k = r.skip(4, "pad");
    ASSERT_FALSE(k.ok());
    expectEof(k.error(), 57, 4, 3, "pad");
    EXPECT_EQ(r.position(), 7u);

    auto end = r.expectEnd("header");
    ASSERT_FALSE(end.ok());
    EXPECT_EQ(end.error().code(), "bytes.trailing");
    EXPECT_EQ(end.error().offset().value_or(0), 57u);
    EXPECT_EQ(end.error().message(), "3 trailing byte(s) after the end of header");
    EXPECT_EQ(end.error().actualText().value_or(""), "3 more byte(s)");
    auto end2 = r.expectEnd();
    ASSERT_FALSE(end2.ok());
    EXPECT_EQ(end2.error().message(), "3 trailing byte(s) after the end of the payload");
}

TEST(ByteReader, CStringNeedsATerminator) {
    const std::string text("abc\0\0xyz", 8);
    ByteReader r(asBytes(text), 0x40);
    EXPECT_EQ(*r.cString(), "abc");
    EXPECT_EQ(r.position(), 4u);
    EXPECT_EQ(*r.cString(), "");
    EXPECT_EQ(r.position(), 5u);
    auto bad = r.cString("name");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "bytes.unterminated");
    EXPECT_EQ(bad.error().offset().value_or(0), 0x45u);
    EXPECT_EQ(bad.error().find("field").value_or(""), "name");
    EXPECT_EQ(r.position(), 5u);
    ASSERT_TRUE(r.skip(3).ok());
    auto atEnd = r.cString();
    ASSERT_FALSE(atEnd.ok());
    EXPECT_EQ(atEnd.error().code(), "bytes.unterminated");
    EXPECT_EQ(atEnd.error().offset().value_or(0), 0x48u);
}

TEST(ByteReader, LpString32) {
    ByteWriter w;
    w.lpString32("hello");
    w.lpString32("");
    w.u32(3);  // claims 3 bytes, only 2 follow
    w.chars("ab");
    ByteReader r(w.data(), 1000);
    EXPECT_EQ(*r.lpString32(), "hello");
    EXPECT_EQ(*r.lpString32(), "");
    const auto start = r.position();
    auto bad = r.lpString32("title");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "bytes.string_length");
    EXPECT_EQ(bad.error().offset().value_or(0), 1000u + start);  // the length prefix
    EXPECT_EQ(bad.error().find("field").value_or(""), "title");
    EXPECT_EQ(bad.error().expectedText().value_or(""), "<= 2 bytes");
    EXPECT_EQ(bad.error().actualText().value_or(""), "3 bytes");

    // The prefix itself past the end.
    for (std::size_t len = 0; len < 4; ++len) {
        const Bytes three = iota(3);
        ByteReader p(ByteView(three).first(len), 7);
        auto e = p.lpString32("s");
        ASSERT_FALSE(e.ok());
        expectEof(e.error(), 7, 4, len, "s");
    }
}

TEST(ByteReader, LpString32HugeLengthDoesNotAllocate) {
    ByteWriter w;
    w.u32(0xFFFFFFFFu);
    ByteReader r(w.data());
    auto bad = r.lpString32();
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "bytes.string_length");
    EXPECT_EQ(bad.error().actualText().value_or(""), "4294967295 bytes");
}

TEST(ByteReader, FailedLpString32DoesNotMoveTheReader) {
    ByteWriter w;
    w.u32(10);
    ByteReader r(w.data());
    ASSERT_FALSE(r.lpString32().ok());
    EXPECT_EQ(r.position(), 0u);
}

TEST(ByteReader, F32IsBitExact) {
    const std::uint32_t patterns[] = {
        0x00000000u, 0x80000000u,  // +0, -0
        0x00000001u, 0x807FFFFFu,  // denormals
        0x7F800000u, 0xFF800000u,  // +-inf
        0x7FC00000u, 0xFFC00000u,  // quiet NaNs
        0x7FC12345u, 0x7F800001u,  // NaN payload, signalling NaN
        0xFFFFFFFFu, 0x3F800000u, 0x3DCCCCCDu,
    };
    ByteWriter w;
    for (auto p : patterns) w.u32(p);
    ByteReader r(w.data());
    ByteWriter back;
    for (auto p : patterns) {
        auto f = r.f32();
        ASSERT_TRUE(f.ok());
        EXPECT_EQ(std::bit_cast<std::uint32_t>(*f), p) << std::hex << p;
        back.f32(*f);
    }
    EXPECT_EQ(back.data(), w.data());

    EXPECT_EQ(std::bit_cast<std::uint32_t>(loadF32(w.data().data() + 4 * 8)), 0x7FC12345u);
}

TEST(ByteReader, F64IsBitExact) {
    const std::uint64_t patterns[] = {0x8000000000000000ull, 0x7FF0000000000001ull, 0x7FF8DEADBEEF0001ull,
                                      0x0000000000000001ull, 0x3FF0000000000000ull};
    ByteWriter w;
    for (auto p : patterns) w.u64(p);
    ByteReader r(w.data());
    ByteWriter back;
    for (auto p : patterns) {
        auto d = r.f64();
        ASSERT_TRUE(d.ok());
        EXPECT_EQ(std::bit_cast<std::uint64_t>(*d), p);
        back.f64(*d);
    }
    EXPECT_EQ(back.data(), w.data());
}

TEST(FixedString, KeepsTheTailAfterTheNul) {
    const Bytes field = {'A', 'B', 0, 'g', 'a', 'r', 0, 0xCC, 0xCD, 'z'};
    ByteReader r(field, 0x30);
    auto s = r.fixedString(10, "name");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->text(), "AB");
    EXPECT_TRUE(s->terminated);
    EXPECT_EQ(s->raw, field);
    ByteWriter w;
    w.fixedString(*s);
    EXPECT_EQ(w.data(), field);
}

TEST(FixedString, UnterminatedUsesTheWholeField) {
    const Bytes field = {'S', 'T', 'O', 'N'};
    ByteReader r(field);
    auto s = r.fixedString(4);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->text(), "STON");
    EXPECT_FALSE(s->terminated);
    auto zero = ByteReader(field).fixedString(0);
    ASSERT_TRUE(zero.ok());
    EXPECT_EQ(zero->text(), "");
    EXPECT_FALSE(zero->terminated);
    FixedString empty;
    EXPECT_EQ(empty.text(), "");
}

TEST(ByteWriter, RoundTripsEveryKind) {
    ByteWriter w;
    w.u8(0xAB);
    w.u16(0xBEEF);
    w.u32(0xDEADBEEF);
    w.u64(0x0123456789ABCDEFull);
    w.i8(-5);
    w.i16(-300);
    w.i32(-70000);
    w.i64(-5000000000ll);
    w.f32(-0.0f);
    w.f64(3.5);
    w.bytes(asBytes("xyz"));
    w.chars("hi");
    w.zeros(2);
    w.fill(3, 0xEE);
    w.fixedString("abc", 6);
    w.lpString32("str");
    EXPECT_EQ(w.size(), 1u + 2 + 4 + 8 + 1 + 2 + 4 + 8 + 4 + 8 + 3 + 2 + 2 + 3 + 6 + 4 + 3);

    ByteReader r(w.data());
    EXPECT_EQ(*r.u8(), 0xABu);
    EXPECT_EQ(*r.u16(), 0xBEEFu);
    EXPECT_EQ(*r.u32(), 0xDEADBEEFu);
    EXPECT_EQ(*r.u64(), 0x0123456789ABCDEFull);
    EXPECT_EQ(*r.i8(), -5);
    EXPECT_EQ(*r.i16(), -300);
    EXPECT_EQ(*r.i32(), -70000);
    EXPECT_EQ(*r.i64(), -5000000000ll);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(*r.f32()), 0x80000000u);
    EXPECT_EQ(*r.f64(), 3.5);
    EXPECT_EQ(asChars(*r.bytes(3)), "xyz");
    EXPECT_EQ(asChars(*r.bytes(2)), "hi");
    EXPECT_EQ(hexBytes(*r.bytes(5)), "00 00 EE EE EE");
    auto fs = r.fixedString(6);
    EXPECT_EQ(fs->text(), "abc");
    EXPECT_EQ(hexBytes(fs->raw), "61 62 63 00 00 00");
    EXPECT_EQ(*r.lpString32(), "str");
    EXPECT_TRUE(r.expectEnd().ok());
}

TEST(ByteWriter, LittleEndianBytes) {
    ByteWriter w;
    w.u16(0x0102);
    w.u32(0x03040506);
    w.u64(0x0708090A0B0C0D0Eull);
    EXPECT_EQ(hexBytes(w.data(), 64), "02 01 06 05 04 03 0E 0D 0C 0B 0A 09 08 07");
}

TEST(ByteWriter, FixedStringTruncatesWithoutTerminator) {
    ByteWriter w;
    w.fixedString("abcdef", 4);
    EXPECT_EQ(hexBytes(w.data()), "61 62 63 64");
    w.fixedString("", 2);
    EXPECT_EQ(w.size(), 6u);
}

TEST(ByteWriter, AlignAndPatch) {
    ByteWriter w;
    w.u8(1);
    w.alignTo(4, 0xAA);
    EXPECT_EQ(hexBytes(w.data()), "01 AA AA AA");
    w.alignTo(4);
    EXPECT_EQ(w.size(), 4u);
    w.alignTo(0);
    w.alignTo(1);
    EXPECT_EQ(w.size(), 4u);
    w.u32(0);
    w.patchU32(4, 0x11223344);
    w.patchU16(0, 0xBBCC);
    EXPECT_EQ(hexBytes(w.data()), "CC BB AA AA 44 33 22 11");
    Bytes taken = w.take();
    EXPECT_EQ(taken.size(), 8u);
}

TEST(CheckedArithmetic, MulAndAddOverflow) {
    std::uint64_t out = 12345;
    EXPECT_TRUE(checkedMul(0, kMax64, out));
    EXPECT_EQ(out, 0u);
    EXPECT_TRUE(checkedMul(kMax64, 1, out));
    EXPECT_EQ(out, kMax64);
    EXPECT_TRUE(checkedMul(0xFFFFFFFFull, 0x100000001ull, out));  // exactly 2^64 - 1
    EXPECT_EQ(out, kMax64);
    out = 7;
    EXPECT_FALSE(checkedMul(1ull << 32, 1ull << 32, out));
    EXPECT_FALSE(checkedMul(kMax64, 2, out));
    EXPECT_FALSE(checkedMul(2, kMax64, out));
    EXPECT_FALSE(checkedMul(0x100000000ull, 0x100000001ull, out));
    EXPECT_EQ(out, 7u) << "out is untouched on overflow";

    EXPECT_TRUE(checkedAdd(kMax64, 0, out));
    EXPECT_EQ(out, kMax64);
    EXPECT_TRUE(checkedAdd(kMax64 - 5, 5, out));
    EXPECT_EQ(out, kMax64);
    out = 9;
    EXPECT_FALSE(checkedAdd(kMax64, 1, out));
    EXPECT_FALSE(checkedAdd(1, kMax64, out));
    EXPECT_FALSE(checkedAdd(kMax64 / 2 + 1, kMax64 / 2 + 1, out));
    EXPECT_EQ(out, 9u);
}

TEST(Hex, Helpers) {
    EXPECT_EQ(hex(0x1F), "0x1F");
    EXPECT_EQ(hex(0), "0x0");
    EXPECT_EQ(hex(kMax64), "0xFFFFFFFFFFFFFFFF");
    const Bytes b = iota(20);
    EXPECT_EQ(hexBytes(b, 4), "01 02 03 04 ...");
    EXPECT_EQ(hexBytes(ByteView(b).first(4), 4), "01 02 03 04");
    EXPECT_EQ(hexBytes({}), "");
    EXPECT_EQ(asChars(asBytes("NRes")), "NRes");
}

}  // namespace
}  // namespace vestige
