// TMA: exact layout of the sample, round trips, the prefix decode, strict errors and the placement transform.
#include "vestige/iron3d/tma/tma.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "vestige/iron3d/tma/sample.hpp"

namespace vestige::iron3d::tma::test {
namespace {

Bytes sampleBytes() { return write(sampleMission()).value(); }

void putU32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

TEST(Tma, EmptyMissionIsElevenWords) {
    const Bytes b = write(Mission{}).value();
    ASSERT_EQ(b.size(), 44u);
    EXPECT_EQ(loadU32(b.data()), 1u);
    EXPECT_EQ(loadU32(b.data() + 8), 6u);
    EXPECT_EQ(loadU32(b.data() + 16), 10u);
    EXPECT_EQ(loadU32(b.data() + 36), 1u);
    auto m = read(b);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_TRUE(m->objects.empty());
}

TEST(Tma, SampleLayoutAndRoundTrip) {
    const Bytes b = sampleBytes();
    // 8 + path 32 + 8 + clans 73 + 113 + 8 + objects 209 + 151 + 201 + land 23 + flag 4 + description 18 + 8 +
    // extra 28.
    EXPECT_EQ(b.size(), 884u);
    auto m = read(b);
    ASSERT_TRUE(m.ok()) << m.error().render();
    EXPECT_EQ(write(*m).value(), b);
    ASSERT_EQ(m->paths.size(), 1u);
    EXPECT_EQ(m->paths[0].id, -7);
    EXPECT_EQ(m->paths[0].points[1], (Vec3{15, 14, 0}));
    ASSERT_EQ(m->clans.size(), 2u);
    EXPECT_EQ(m->clans[0].mode, 1u);
    EXPECT_EQ(m->clans[0].tag0, 1);
    EXPECT_EQ(m->clans[1].mode, 0u);
    ASSERT_EQ(m->clans[1].groups.size(), 1u);
    EXPECT_EQ(m->clans[1].groups[0].records[0][4], 5.0f);
    EXPECT_EQ(m->clans[1].res1, "SCRIPTS\\enemy.trf");
    EXPECT_EQ(m->clans[1].relations[0].otherClan, "Player");
    ASSERT_EQ(m->objects.size(), 3u);
    EXPECT_EQ(m->objects[2].rawAfterName, 0xDEADBEEFu);
    ASSERT_EQ(m->objects[2].properties.size(), 3u);
    EXPECT_EQ(m->objects[2].properties[1].name, "MaximumOre");
    EXPECT_EQ(m->objects[2].properties[1].raw[0], 500u);  // duplicates kept in file order
    EXPECT_EQ(m->objects[2].properties[2].raw[0], 600u);
    EXPECT_EQ(m->landPath, "DATA\\MAPS\\Demo\\land");
    EXPECT_EQ(m->descriptionRaw.size(), 14u);
    EXPECT_EQ(m->descriptionRaw[12], '\0');
    ASSERT_EQ(m->extras.size(), 1u);
    EXPECT_EQ(m->extras[0].raw[3], 4u);
}

TEST(Tma, LandPathPrefixAndLandFiles) {
    Bytes b = sampleBytes();
    b.resize(826);  // everything after land_path cut off: the prefix decode still works
    auto land = readLandPath(b);
    ASSERT_TRUE(land.ok()) << land.error().render();
    EXPECT_EQ(*land, "DATA\\MAPS\\Demo\\land");
    EXPECT_FALSE(read(b).ok());
    const auto f = landFiles(*land);
    EXPECT_EQ(f.directory, "DATA\\MAPS\\Demo");
    EXPECT_EQ(f.mesh, "DATA\\MAPS\\Demo\\Land.msh");
    EXPECT_EQ(f.map, "DATA\\MAPS\\Demo\\Land.map");
    EXPECT_EQ(landFiles("maps/x/land").mesh, "maps/x/Land.msh");
    EXPECT_EQ(landFiles("land").mesh, "Land.msh");
}

TEST(Tma, LpStringKeepsEmbeddedNul) {
    Mission m;
    m.landPath = std::string("A\0B", 3);
    const Bytes b = write(m).value();
    EXPECT_EQ(loadU32(b.data() + 24), 3u);
    EXPECT_EQ(read(b)->landPath, std::string("A\0B", 3));
}

TEST(Tma, SignatureLikeBytesInsideStringsAreJustText) {
    Mission m = sampleMission();
    m.objects[0].instanceName = std::string("\x01\0\0\0\x0A\0\0\0", 8);  // looks like version words
    const Bytes b = write(m).value();
    EXPECT_EQ(read(b)->objects[0].instanceName.size(), 8u);
}

TEST(Tma, StrictErrors) {
    Bytes v = sampleBytes();
    putU32(v, 0, 2);
    auto r = read(v);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "tma.bad_version");
    EXPECT_EQ(r.error().find("field"), "format_version");
    EXPECT_EQ(r.error().offset(), 0u);

    // Clan 0's mode sits after 8 + 32 + 8 + name (10) + raw_id + anchor (12) = 70.
    Bytes mode = sampleBytes();
    EXPECT_EQ(loadU32(mode.data() + 70), 1u);
    putU32(mode, 70, 99);
    auto rm = read(mode);
    ASSERT_FALSE(rm.ok());
    EXPECT_EQ(rm.error().code(), "tma.bad_clan_mode");
    EXPECT_EQ(rm.error().offset(), 70u);
    EXPECT_EQ(rm.error().find("record"), "0");
    EXPECT_EQ(rm.error().find("section"), "clans");

    Bytes trailing = sampleBytes();
    trailing.push_back(0);
    auto rt = read(trailing);
    ASSERT_FALSE(rt.ok());
    EXPECT_EQ(rt.error().offset(), 884u);

    Bytes truncated = sampleBytes();
    truncated.pop_back();
    EXPECT_FALSE(read(truncated).ok());

    Bytes points = sampleBytes();
    putU32(points, 12, 1000);  // path 0 point_count: 12000 bytes do not fit
    auto rp = read(points);
    ASSERT_FALSE(rp.ok());
    EXPECT_EQ(rp.error().code(), "tma.bad_count");
    EXPECT_EQ(rp.error().find("field"), "point_count");
    EXPECT_EQ(rp.error().offset(), 12u);

    Bytes paths = sampleBytes();
    putU32(paths, 4, 0xFFFFFFFF);
    EXPECT_EQ(read(paths).error().code(), "tma.bad_count");

    Bytes lp = sampleBytes();
    putU32(lp, 48, 0x00100000);  // clan 0 name length over 64 KiB
    EXPECT_EQ(read(lp).error().code(), "tma.string_too_long");
}

TEST(Tma, ObjectRules) {
    Mission m = sampleMission();
    m.objects[1].position.y = std::nanf("");
    EXPECT_FALSE(write(m).ok());
    // Object 0 starts at 242; position follows raw_kind, class, resource (4 + 24), two raw words.
    Bytes nan = sampleBytes();
    const std::size_t posAt = 242 + 8 + 28 + 8;
    EXPECT_EQ(loadF32(nan.data() + posAt), 4.0f);
    putU32(nan, posAt + 4, 0x7FC00000);
    auto r = read(nan);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "tma.not_finite");
    EXPECT_EQ(r.error().find("field"), "position");
    EXPECT_EQ(r.error().offset(), posAt);

    Bytes cls = sampleBytes();
    putU32(cls, 246, 0x80000001);
    auto rc = read(cls);
    ASSERT_FALSE(rc.ok());
    EXPECT_EQ(rc.error().code(), "tma.bad_object_class");
    EXPECT_EQ(rc.error().offset(), 246u);
}

TEST(Tma, PlacementIsRzRyRxTimesScaleThenTranslate) {
    const Mission m = sampleMission();
    const Mat4 gen = placement(m.objects[0]);  // 90 degrees about Z at (4, 4, 2)
    const Vec3 x = gen.transformPoint({1, 0, 0});
    EXPECT_NEAR(x.x, 4.0f, 1e-6f);
    EXPECT_NEAR(x.y, 5.0f, 1e-6f);
    EXPECT_NEAR(x.z, 2.0f, 1e-6f);
    const Vec3 u = placement(m.objects[1]).transformPoint({1, 1, 1});  // scale 2 at (12, 4, 3)
    EXPECT_EQ(u, (Vec3{14, 6, 5}));
    PlacedObject o;
    o.orientation = {std::numbers::pi_v<float> / 2, 0, std::numbers::pi_v<float> / 2};
    // Rx first: +Y -> +Z; then Rz leaves +Z. (Rz first would give -X.)
    const Vec3 y = placement(o).transformVector({0, 1, 0});
    EXPECT_NEAR(y.x, 0.0f, 1e-6f);
    EXPECT_NEAR(y.y, 0.0f, 1e-6f);
    EXPECT_NEAR(y.z, 1.0f, 1e-6f);
}

}  // namespace
}  // namespace vestige::iron3d::tma::test
