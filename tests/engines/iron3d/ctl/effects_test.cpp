// CTLD effect section (seed 002 "CTLD и physical resources"): typed records, the tag 2/5 reader, the 21
// effect-group references, group tables and type-4 rows, Unsupported vs damaged, byte-exact rewrite, and
// preparation with an explicit CPT. Fixtures come from our own builders; the seed's fr_l_plant numbers are
// rebuilt in that shape (a regression guard on our layout; the licensed test checks the real file).
#include "vestige/iron3d/ctl/effects.hpp"

#include <gtest/gtest.h>

#include "vestige/iron3d/ctl/prepare.hpp"
#include "vestige/iron3d/ctl/register.hpp"

namespace vestige::iron3d::ctl {
namespace {

PoseRow poseRow(std::int32_t node) {
    PoseRow r;
    r.nodeId = node;
    r.frameB = 1;
    return r;
}

// A file: pose rows from `rows`, then `section` as the tail (c3, c4 from the section).
Bytes fileWith(std::uint32_t s, const std::vector<PoseRow>& rows, const EffectSection& section,
               std::optional<std::uint32_t> c3 = {}, std::optional<std::uint32_t> c4 = {}) {
    auto tail = writeEffects(section);
    EXPECT_TRUE(tail.ok()) << (tail.ok() ? "" : tail.error().render());
    auto bytes =
        build(s, 0, c3.value_or(static_cast<std::uint32_t>(section.records.size())),
              c4.value_or(static_cast<std::uint32_t>(section.tables.size())), rows, tail.ok() ? *tail : Bytes{});
    EXPECT_TRUE(bytes.ok());
    return bytes.ok() ? *bytes : Bytes{};
}

EffectSection readBack(const Bytes& bytes) {
    auto f = read(bytes);
    EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error().render());
    auto e = readEffects(*f);
    EXPECT_TRUE(e.ok()) << (e.ok() ? "" : e.error().render());
    return e.ok() ? *e : EffectSection{};
}

// fr_l_plant.ctl's shape from the seed: counts [14, 0, 5, 11, 13], 21 references [8, then 20 x u32::MAX],
// 13 group tables holding 38 type-4 rows (four f_smalllight_y, offsets 104-107; smoke_fr_02, 119-121).
EffectSection plantShaped() {
    std::vector<TypedRecord> records;
    for (std::uint32_t i = 0; i < 11; ++i)
        records.push_back(typedRecord(i % 2 ? 5 : 2, std::vector<std::uint32_t>(i % 3, i), i % 4 ? "item" : ""));
    std::vector<GroupTable> tables(13);
    for (std::uint32_t k = 0; k < 4; ++k)
        tables[8].rows.push_back(groupRow(4, "fx.rlb", "f_smalllight_y", {104 + k, 104 + k, 104 + k, 0, 0}));
    tables[8].rows.push_back(groupRow(4, "fx.rlb", "smoke_fr_02", {119, 120, 121, 1, 0x3F800000}));
    tables[8].rows.push_back(groupRow(10, "", "", {3, 0, 0, 0, 0}));  // another row type
    for (std::uint32_t i = 0; i < 33; ++i)
        tables[i % 13].rows.push_back(groupRow(4, "fx.rlb", "spark", {i, i, i, 0, 0}));
    return effectSection(std::move(records), {8}, std::move(tables));
}

TEST(CtlEffects, SeedShapedPlantReadsAndRewritesByteExact) {
    std::vector<PoseRow> rows;
    for (int i = 0; i < 5; ++i) rows.push_back(poseRow(i));
    const Bytes bytes = fileWith(14, rows, plantShaped());
    auto f = read(bytes);
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(f->counts, (std::array<std::uint32_t, 5>{14, 0, 5, 11, 13}));
    const EffectSection s = readBack(bytes);
    EXPECT_EQ(s.state, SectionState::Parsed);
    ASSERT_EQ(s.records.size(), 11u);
    EXPECT_EQ(s.records[0].offset, 0xCCCu);  // right after the five pose rows
    EXPECT_EQ(s.records[1].tag(), 5u);
    EXPECT_EQ(s.initialEffectGroup, 8u);
    ASSERT_TRUE(s.groupRefs);
    for (std::size_t i = 1; i < kGroupRefCount; ++i) EXPECT_EQ((*s.groupRefs)[i], kNoGroup);
    ASSERT_EQ(s.tables.size(), 13u);
    const auto effects = effectRows(s);
    EXPECT_EQ(effects.size(), 38u);
    std::vector<std::uint32_t> light;
    for (const auto& e : effects)
        if (e.data->resource.text() == "f_smalllight_y") light.push_back(e.data->args[0]);
    EXPECT_EQ(light, (std::vector<std::uint32_t>{104, 105, 106, 107}));
    EXPECT_EQ(s.tables[8].rows[4].resource.text(), "smoke_fr_02");
    EXPECT_EQ(s.tables[8].rows[4].archive.text(), "fx.rlb");
    EXPECT_EQ(s.tables[8].rows[5].type, 10u);
    // Byte-exact: the section alone and the whole file.
    auto tail = writeEffects(s);
    ASSERT_TRUE(tail.ok());
    EXPECT_EQ(*tail, f->tail);
    auto again = write(*f);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, bytes);
}

TEST(CtlEffects, TagTwoAndFiveRecordLayout) {
    // One tag-2 record, 3 values, name "gun": count u32 at +0xAC, values at +0xB0, length at +0xBC, the text at
    // +0xC0, its NUL at +0xC3; the references follow at +0xC4.
    TypedRecord r = typedRecord(2, {7, 8, 9}, "gun");
    r.header[0x10] = 0x5A;  // an uninterpreted header byte survives
    const Bytes bytes = fileWith(0, {}, effectSection({r}, {kNoGroup}, {}));
    const std::size_t at = 128;  // S = 0, T = 0: the records start right after the 128-byte head
    EXPECT_EQ(loadU32(bytes.data() + at), 2u);
    EXPECT_EQ(loadU32(bytes.data() + at + 0xAC), 3u);
    EXPECT_EQ(loadU32(bytes.data() + at + 0xB0), 7u);
    EXPECT_EQ(loadU32(bytes.data() + at + 0xBC), 3u);
    EXPECT_EQ(std::string(bytes.begin() + at + 0xC0, bytes.begin() + at + 0xC3), "gun");
    EXPECT_EQ(bytes[at + 0xC3], 0);
    EXPECT_EQ(bytes.size(), at + 0xC4 + 4 * kGroupRefCount);
    const EffectSection s = readBack(bytes);
    ASSERT_EQ(s.records.size(), 1u);
    EXPECT_EQ(s.records[0].values, (std::vector<std::uint32_t>{7, 8, 9}));
    EXPECT_EQ(asChars(*s.records[0].name), "gun");
    EXPECT_EQ(s.records[0].header[0x10], 0x5A);
    EXPECT_FALSE(s.initialEffectGroup);  // refs[0] is the u32::MAX sentinel
}

TEST(CtlEffects, CommonCounterPatternGivesThe392ByteSize) {
    // The digest's most common CTLD: 392 bytes with counts (0, 0, 0, 1, 0). With one tag-5 record holding no
    // values and no name, this layout is exactly 128 + 0xB0 + 4 + 21 * 4 = 392 (consistency with corpus
    // statistics, not a check of a real file).
    const Bytes bytes = fileWith(0, {}, effectSection({typedRecord(5, {})}, {}, {}));
    EXPECT_EQ(bytes.size(), 392u);
    auto f = read(bytes);
    EXPECT_EQ(f->counts, (std::array<std::uint32_t, 5>{0, 0, 0, 1, 0}));
    EXPECT_EQ(readBack(bytes).state, SectionState::Parsed);
}

TEST(CtlEffects, UnknownTagIsUnsupportedAndKeepsEverything) {
    EffectSection src = effectSection({typedRecord(2, {1}), typedRecord(9, {2, 3}, "x")}, {0}, {GroupTable{}});
    const Bytes bytes = fileWith(1, {poseRow(0)}, src);
    auto f = read(bytes);
    ASSERT_TRUE(f.ok());
    ASSERT_EQ(f->rows.size(), 1u);  // the pose rows are unaffected
    const EffectSection s = readBack(bytes);
    EXPECT_EQ(s.state, SectionState::Unsupported);
    EXPECT_NE(s.unsupported.find("tag 9"), std::string::npos);
    ASSERT_EQ(s.records.size(), 1u);
    EXPECT_EQ(s.unsupportedAt, s.records[0].offset + 0xB0 + 4 + 4);
    EXPECT_FALSE(s.groupRefs);
    EXPECT_TRUE(effectRows(s).empty());
    auto tail = writeEffects(s);
    ASSERT_TRUE(tail.ok());
    EXPECT_EQ(*tail, f->tail);
    auto prepared = prepare(bytes);
    ASSERT_TRUE(prepared.ok());  // Unsupported does not reject preparation
    EXPECT_EQ(prepared->effects.state, SectionState::Unsupported);
}

TEST(CtlEffects, NothingAfterThePoseRowsAndTrailingBytesAreUnsupported) {
    auto bare = build(0, 0, 0, 0, {poseRow(0)});
    ASSERT_TRUE(bare.ok());
    EffectSection s = readBack(*bare);
    EXPECT_EQ(s.state, SectionState::Unsupported);
    EXPECT_NE(s.unsupported.find("ends after the pose rows"), std::string::npos);
    EffectSection src = effectSection({}, {}, {});
    src.rest = {0xDE, 0xAD};
    src.state = SectionState::Unsupported;
    const Bytes extra = fileWith(0, {}, src, 0, 0);
    s = readBack(extra);
    EXPECT_EQ(s.state, SectionState::Unsupported);
    EXPECT_NE(s.unsupported.find("2 bytes follow"), std::string::npos);
    EXPECT_TRUE(s.groupRefs);  // what was read is kept
    EXPECT_EQ(s.rest, (Bytes{0xDE, 0xAD}));
    EXPECT_EQ(*writeEffects(s), Bytes(extra.begin() + 128, extra.end()));
}

// A damaged recognised structure is an error naming the part, field and absolute offset.
TEST(CtlEffects, DamagedStructuresAreErrors) {
    const Bytes good =
        fileWith(0, {}, effectSection({typedRecord(2, {1, 2}, "ab")}, {0}, {GroupTable{{}, {groupRow(4, "a", "b")}}}));
    auto fail = [](Bytes b) {
        auto f = read(b);
        EXPECT_TRUE(f.ok());
        auto e = readEffects(*f);
        EXPECT_FALSE(e.ok());
        return e.ok() ? Error("none", "") : e.error();
    };
    // The name's NUL at 128 + 0xB0 + 8 + 4 + 2.
    Bytes b = good;
    b[128 + 0xB0 + 8 + 4 + 2] = 'c';
    Error e = fail(b);
    EXPECT_EQ(e.code(), "ctl.typed_record");
    EXPECT_EQ(e.find("field"), "name_nul");
    EXPECT_EQ(e.offset(), 128u + 0xB0 + 8 + 4 + 2);
    EXPECT_EQ(e.find("typed_record"), "0");
    // A value count that runs past the file.
    b = good;
    b[128 + 0xAC] = 0xFF;
    e = fail(b);
    EXPECT_EQ(e.find("field"), "values");
    EXPECT_EQ(e.find("typed_record"), "0");
    // A reference past the tables (c4 = 1).
    b = good;
    const std::size_t refs = 128 + 0xB0 + 8 + 4 + 3;
    b[refs + 4 * 3] = 1;
    e = fail(b);
    EXPECT_EQ(e.code(), "ctl.group_ref");
    EXPECT_EQ(e.find("field"), "group_refs[3]");
    EXPECT_EQ(e.offset(), refs + 12);
    // The group table's row count past the end.
    b = good;
    b[refs + 84] = 2;
    e = fail(b);
    EXPECT_EQ(e.find("field"), "rows");
    EXPECT_EQ(e.find("group_table"), "0");
    // Truncated inside the references.
    b.assign(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(refs + 10));
    e = fail(b);
    EXPECT_EQ(e.find("field"), "group_refs");
    EXPECT_FALSE(prepare(b).ok());
}

TEST(CtlEffects, PreparationReadsOnlyAnExplicitCpt) {
    const Bytes ctl = fileWith(0, {}, plantShaped(), 11, 13);
    cpt::PointList points;
    for (int i = 0; i < 3; ++i) points.points.push_back(cpt::makePoint("Sfx_1", {1, 2, 3}));
    auto cptBytes = cpt::write(points);
    ASSERT_TRUE(cptBytes.ok());
    auto without = prepare(ctl);
    ASSERT_TRUE(without.ok()) << without.error().render();
    EXPECT_FALSE(without->points);  // no reference: absent, effect rows still read
    EXPECT_EQ(effectRows(without->effects).size(), 38u);
    auto with = prepare(ctl, ByteView(*cptBytes));
    ASSERT_TRUE(with.ok());
    ASSERT_TRUE(with->points);
    EXPECT_EQ(with->points->points.size(), 3u);
    Bytes broken = *cptBytes;
    broken.pop_back();
    auto bad = prepare(ctl, ByteView(broken));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "cpt.size");
    EXPECT_EQ(bad.error().find("resource"), "cpt");
}

TEST(CtlEffects, DescribeShowsTheSection) {
    const Bytes bytes = fileWith(0, {}, plantShaped(), 11, 13);
    registry::FormatRegistry reg;
    registerFormat(reg);
    const auto* f = reg.detect(bytes, "fr_l_plant.ctl");
    ASSERT_NE(f, nullptr);
    auto d = f->describe(bytes, "fr_l_plant.ctl");
    ASSERT_TRUE(d.ok()) << d.error().render();
    EXPECT_NE(d->json.find("\"initial_effect_group\": 8"), std::string::npos);
    EXPECT_NE(d->json.find("\"effect_rows\": 38"), std::string::npos);
    EXPECT_NE(d->json.find("f_smalllight_y"), std::string::npos);
    EXPECT_NE(d->text.find("initial effect group 8, 13 group tables"), std::string::npos);
}

}  // namespace
}  // namespace vestige::iron3d::ctl
