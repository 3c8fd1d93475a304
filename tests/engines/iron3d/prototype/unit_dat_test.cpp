// Unit DAT layout (spec section 4.2; class word from seed 002). Fixtures from makeUnitDat/ByteWriter.
#include "vestige/iron3d/prototype/unit_dat.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/prototype/sample.hpp"

namespace vestige::iron3d::prototype {
namespace {

TEST(UnitDat, SizeFormulaAndFileOrder) {
    const UnitDat dat = sampleUnitDat();
    const Bytes bytes = writeUnitDat(dat);
    EXPECT_EQ(bytes.size(), 8u + 2 * 112);
    auto back = readUnitDat(bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->records.size(), 2u);
    EXPECT_EQ(back->records[0].resourceName(), "s_tank");
    EXPECT_EQ(back->records[1].resourceName(), "sun_01");
    EXPECT_EQ(back->records[1].parentOrLink, 0);
    EXPECT_EQ(back->classWord(), 0x80000002u);
    EXPECT_EQ(writeUnitDat(*back), bytes);
    EXPECT_TRUE(std::equal(back->records[0].raw.begin(), back->records[0].raw.end(), bytes.begin() + 8))
        << "each record's 112 raw bytes are kept";
}

TEST(UnitDat, EmptyUnitIsEightBytes) {
    auto dat = readUnitDat(Bytes{0xF1, 0xF0, 1, 2, 3, 4, 5, 6});
    ASSERT_TRUE(dat.ok());
    EXPECT_TRUE(dat->records.empty());
    EXPECT_EQ(dat->classWord(), 0x06050403u);
}

TEST(UnitDat, TruncatedOrPaddedRecordIsABadSize) {
    Bytes bytes = writeUnitDat(sampleUnitDat());
    bytes.pop_back();
    auto r = readUnitDat(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "unit_dat.bad_size");
    EXPECT_EQ(r.error().actualText(), "231 bytes");
    bytes.push_back(0);
    bytes.push_back(0);
    EXPECT_EQ(readUnitDat(bytes).error().code(), "unit_dat.bad_size");
    EXPECT_EQ(readUnitDat(Bytes(7, 0)).error().code(), "unit_dat.bad_size");
}

TEST(UnitDat, HeaderMustStartWithF1F0) {
    Bytes bytes = writeUnitDat(sampleUnitDat());
    bytes[1] = 0xF1;
    auto r = readUnitDat(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "unit_dat.bad_magic");
    EXPECT_EQ(r.error().offset(), 0u);
}

TEST(UnitDat, OpaqueHeaderDescriptionTailsAndLinksAreKept) {
    Bytes bytes = writeUnitDat(sampleUnitDat());
    for (int i = 2; i < 8; ++i) bytes[i] = static_cast<std::uint8_t>(0xA0 + i);
    const char desc[] = "desc\0tail";
    std::copy(desc, desc + 9, bytes.begin() + 8 + 112 + 72);
    bytes[8 + 68] = 0xF9;  // parent_or_link -7
    auto r = readUnitDat(bytes);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->records[0].parentOrLink, -7);
    EXPECT_EQ(r->records[1].description.text(), "desc");
    EXPECT_EQ(r->records[0].description.text(), "12345678901234567890123456789012")
        << "a description may fill all 32 bytes without a NUL";
    EXPECT_EQ(r->records[0].tail0, 0x11223344u);
    EXPECT_EQ(writeUnitDat(*r), bytes);
}

TEST(UnitDat, EmptyResourceNameReadsAndIsLeftToTheResolver) {
    auto dat = makeUnitDat({{"objects.rlb", "", 1, -1, ""}});
    ASSERT_TRUE(dat.ok());
    auto r = readUnitDat(writeUnitDat(*dat));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->records[0].resourceName(), "");
}

Bytes binding(std::uint32_t magic, std::string_view archive, std::string_view model, std::size_t extra = 0) {
    ByteWriter w;
    w.u32(magic);
    w.u32(0x80000010u);
    w.fixedString(archive, 32);
    w.fixedString(model, 32);
    w.fill(extra, 0xEE);
    return w.take();
}

TEST(UnitFile, BindingLayoutIsTheFallbackForOtherSizes) {
    const Bytes b = binding(kBindingMagic, "units.rlb", "tank", 5);
    ASSERT_NE((b.size() - 8) % 112, 0u);
    auto f = readUnitFile(b);
    ASSERT_TRUE(f.ok()) << f.error().render();
    EXPECT_EQ(f->layout, UnitLayout::Binding);
    EXPECT_EQ(f->classWord(), 0x80000010u);
    EXPECT_EQ(f->binding->tail.size(), 5u);
    EXPECT_EQ(writeUnitFile(*f), b);
    auto rec = readUnitFile(writeUnitDat(sampleUnitDat()));
    ASSERT_TRUE(rec.ok());
    EXPECT_EQ(rec->layout, UnitLayout::Records);
}

TEST(UnitFile, NeitherLayoutIsABadSizeNamingBoth) {
    auto tooSmall = readUnitFile(Bytes(20, 0));
    ASSERT_FALSE(tooSmall.ok());
    EXPECT_EQ(tooSmall.error().code(), "unit_dat.bad_size");
    EXPECT_NE(tooSmall.error().expectedText()->find("binding layout"), std::string::npos);
    EXPECT_EQ(readUnitFile(binding(0x1234, "a", "b")).error().code(), "unit_dat.bad_size");
    EXPECT_EQ(readUnitBinding(binding(kBindingMagic, "", "b")).error().code(), "unit_dat.empty_name");
    EXPECT_EQ(readUnitBinding(binding(0x1234, "a", "b")).error().code(), "unit_dat.bad_magic");
}

}  // namespace
}  // namespace vestige::iron3d::prototype
