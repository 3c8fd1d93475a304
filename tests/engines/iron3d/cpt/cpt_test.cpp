// CPT point lists (seed 002): count, 36-byte records, 32-byte names, six finite floats, the raw words at +4/+8;
// byte-exact rewrite and structured errors per field. Fixtures from our own writer.
#include "vestige/iron3d/cpt/cpt.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "vestige/iron3d/cpt/register.hpp"

namespace vestige::iron3d::cpt {
namespace {

PointList twoPoints() {
    PointList l;
    l.points.push_back(makePoint("TurretCenter", {1, 2, 3}, {0, 0, 1}, 4, -1, 0));
    l.points.push_back(makePoint("Sfx_1", {-0.5f, 8, 0.25f}, {1, 0, 0}, -7, 12, 0x80000000u));
    return l;
}

TEST(Cpt, LayoutOfRecordsAndNames) {
    auto bytes = write(twoPoints());
    ASSERT_TRUE(bytes.ok());
    ASSERT_EQ(bytes->size(), 4u + 2 * 36 + 2 * 32);
    const std::uint8_t* b = bytes->data();
    EXPECT_EQ(loadU32(b), 2u);
    EXPECT_EQ(loadU32(b + 4 + 36), 0x80000000u);                        // record 1 flags
    EXPECT_EQ(static_cast<std::int32_t>(loadU32(b + 4 + 36 + 4)), -7);  // word +4
    EXPECT_EQ(static_cast<std::int32_t>(loadU32(b + 4 + 36 + 8)), 12);  // word +8
    EXPECT_EQ(loadF32(b + 4 + 0x0C + 8), 3.0f);                         // record 0 a[2]
    EXPECT_EQ(loadF32(b + 4 + 0x18 + 8), 1.0f);                         // record 0 b[2]
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(b + 4 + 72)), "TurretCenter");
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(b + 4 + 72 + 32)), "Sfx_1");
}

TEST(Cpt, RoundTripKeepsNameTailsAndRawWords) {
    PointList l = twoPoints();
    l.points[0].name.raw[20] = 0x7E;  // bytes after the NUL are data
    auto bytes = write(l);
    ASSERT_TRUE(bytes.ok());
    auto back = read(*bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->points.size(), 2u);
    EXPECT_EQ(back->points[0].name.text(), "TurretCenter");
    EXPECT_EQ(back->points[0].name.raw[20], 0x7E);
    EXPECT_EQ(back->points[1].flags, 0x80000000u);
    EXPECT_EQ(back->points[1].word4, -7);
    EXPECT_EQ(back->points[0].word8, -1);
    EXPECT_EQ(back->points[1].a, (Vec3{-0.5f, 8, 0.25f}));
    auto again = write(*back);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *bytes);
}

TEST(Cpt, SeedCountsGiveExactSizes) {
    // fr_l_plant.cpt holds 155 points and u_all_def_a_01.cpt 6 (seed 002): 4 + 68 * count bytes.
    for (const std::uint32_t n : {155u, 6u, 0u}) {
        PointList l;
        for (std::uint32_t i = 0; i < n; ++i) l.points.push_back(makePoint("p", {float(i), 0, 0}));
        auto bytes = write(l);
        ASSERT_TRUE(bytes.ok());
        EXPECT_EQ(bytes->size(), 4u + 68u * n);
        auto back = read(*bytes);
        ASSERT_TRUE(back.ok());
        EXPECT_EQ(back->points.size(), n);
    }
}

TEST(Cpt, StructuredErrors) {
    auto bytes = *write(twoPoints());
    Bytes longer = bytes;
    longer.push_back(0);
    auto e = read(longer);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "cpt.size");
    EXPECT_EQ(e.error().find("field"), "count");
    EXPECT_NE(e.error().render().find("4 + 68 * 2 = 140 bytes"), std::string::npos);
    Bytes huge = bytes;
    huge[3] = 0xFF;  // count 0xFF000002: far past the file
    EXPECT_EQ(read(huge).error().code(), "cpt.size");
    EXPECT_EQ(read(Bytes{1, 0}).error().code(), "bytes.eof");
    Bytes nan = bytes;
    const float q = std::numeric_limits<float>::quiet_NaN();
    const auto bits = std::bit_cast<std::uint32_t>(q);
    for (int i = 0; i < 4; ++i)
        nan[4 + 36 + 0x18 + 4 + i] = static_cast<std::uint8_t>(bits >> (8 * i));  // record 1 b[1]
    e = read(nan);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code(), "cpt.non_finite");
    EXPECT_EQ(e.error().find("record"), "1");
    EXPECT_EQ(e.error().find("field"), "b[1]");
    EXPECT_EQ(e.error().offset(), 4u + 36 + 0x18 + 4);
    PointList l = twoPoints();
    l.points[1].name.raw.resize(31);
    EXPECT_EQ(write(l).error().code(), "cpt.name_field");
    l = twoPoints();
    l.points[0].a.y = std::numeric_limits<float>::infinity();
    EXPECT_EQ(write(l).error().code(), "cpt.non_finite");
}

TEST(Cpt, ProbeAndDescribe) {
    auto bytes = *write(twoPoints());
    registry::FormatRegistry reg;
    registerFormat(reg);
    const auto* f = reg.detect(bytes, "fr_l_plant.cpt");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name, "cpt");
    EXPECT_EQ(reg.detect(bytes, "fr_l_plant.bin"), nullptr);  // no magic: the name decides
    Bytes cut(bytes.begin(), bytes.end() - 1);
    EXPECT_EQ(reg.detect(cut, "x.cpt"), nullptr);
    auto d = f->describe(bytes, "fr_l_plant.cpt");
    ASSERT_TRUE(d.ok());
    EXPECT_NE(d->json.find("\"name\": \"TurretCenter\""), std::string::npos);
    EXPECT_NE(d->json.find("\"word4\": -7"), std::string::npos);
    EXPECT_NE(d->text.find("2 points"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::cpt
