// CTLD pose rows: table start formula, reader/writer round trip, blend rules, bindings.
#include "vestige/iron3d/ctl/ctl.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "vestige/iron3d/animation/animation.hpp"
#include "vestige/iron3d/ctl/register.hpp"

namespace vestige::iron3d::ctl {
namespace {

PoseRow row(std::int32_t node, float a, float b, float blend, std::uint32_t flags) {
    PoseRow r;
    r.nodeId = node;
    r.frameA = a;
    r.frameB = b;
    r.blend = blend;
    r.flags = flags;
    for (std::size_t i = 0x10; i < 0x20; ++i) r.raw[i] = static_cast<std::uint8_t>(0xA0 + i);  // unknown bytes
    return r;
}

ControlFile fileWith(std::vector<PoseRow> rows) {
    auto bytes = build(0, 0, 1, 0, rows);
    EXPECT_TRUE(bytes.ok());
    auto f = read(*bytes);
    EXPECT_TRUE(f.ok()) << f.error().render();
    return std::move(f).value();
}

TEST(CtlLayout, SeedExampleRowStart) {
    auto start = rowTableStart(14, 0);
    ASSERT_TRUE(start.ok());
    EXPECT_EQ(*start, 3096u);  // 128 + 14 * 156 + 4 * 14 * 14 = 128 + 2184 + 784
    EXPECT_EQ(*start, 0xC18u);
    EXPECT_EQ(*rowTableStart(0, 0), 128u);
    EXPECT_EQ(*rowTableStart(2, 3), 128u + 2 * (156 + 48) + 16);
    EXPECT_FALSE(rowTableStart(0xFFFFFFFFu, 0xFFFFFFFFu).ok());
}

TEST(CtlLayout, FiveRowsEndAt0xCCCAndRoundTripByteExact) {
    std::vector<PoseRow> rows;
    for (int i = 0; i < 5; ++i) rows.push_back(row(i, 0, 10, 0.1f * i, i == 4 ? kFlagSkip : 0));
    const Bytes tail{1, 2, 3, 4, 5, 6, 7};
    auto bytes = build(14, 0, 11, 13, rows, tail);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    ASSERT_EQ(bytes->size(), 0xCCCu + tail.size());
    // Put a pattern into the uninterpreted prefix so the round trip has something to keep.
    for (std::size_t i = 20; i < 0xC18; ++i) (*bytes)[i] = static_cast<std::uint8_t>(i * 31);
    auto f = read(*bytes);
    ASSERT_TRUE(f.ok()) << f.error().render();
    EXPECT_EQ(f->counts, (std::array<std::uint32_t, 5>{14, 0, 5, 11, 13}));
    EXPECT_EQ(f->prefix.size(), 0xC18u - 20);
    ASSERT_EQ(f->rows.size(), 5u);
    EXPECT_EQ(f->rows[3].nodeId, 3);
    EXPECT_EQ(f->rows[3].blend, 0.1f * 3);
    EXPECT_EQ(f->rows[4].flags, kFlagSkip);
    EXPECT_EQ(f->rows[2].raw[0x10], 0xB0);
    EXPECT_EQ(f->tail, tail);
    // The last row's flags word sits at 0xC18 + 4 * 36 + 0x20 = 0xCC8.
    EXPECT_EQ(loadU32(bytes->data() + 0xCC8), kFlagSkip);
    auto again = write(*f);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *bytes);
}

TEST(CtlLayout, TruncationErrorsNameFieldAndOffset) {
    auto bytes = build(14, 0, 0, 0, {row(0, 0, 1, 0, 0), row(1, 0, 1, 0, 0)});
    ASSERT_TRUE(bytes.ok());
    Bytes cut(bytes->begin(), bytes->end() - 1);
    auto f = read(cut);
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().find("field"), "pose_rows");
    EXPECT_EQ(f.error().offset(), 3096u);
    Bytes header(bytes->begin(), bytes->begin() + 100);  // shorter than row_start
    auto g = read(header);
    ASSERT_FALSE(g.ok());
    EXPECT_EQ(g.error().code(), "ctl.truncated");
    auto h = read(Bytes(19, 0));
    ASSERT_FALSE(h.ok());
    EXPECT_EQ(h.error().find("field"), "counts[4]");
}

TEST(CtlBlend, WrapOnceClampInvert) {
    EXPECT_EQ(effectiveBlend(1.25f, kFlagWrap), 0.25f);
    EXPECT_EQ(effectiveBlend(-0.25f, kFlagWrap), 0.75f);
    EXPECT_EQ(effectiveBlend(2.5f, kFlagWrap), 1.5f);  // one wrap only
    EXPECT_EQ(effectiveBlend(0.5f, kFlagWrap), 0.5f);
    EXPECT_EQ(effectiveBlend(1.25f, 0), 1.0f);
    EXPECT_EQ(effectiveBlend(-0.5f, 0), 0.0f);
    EXPECT_EQ(effectiveBlend(0.25f, kFlagInvert), 0.75f);
    EXPECT_EQ(effectiveBlend(1.25f, kFlagWrap | kFlagInvert), 0.75f);  // wrap to 0.25, then invert
    EXPECT_EQ(effectiveBlend(1.25f, kFlagInvert), 0.0f);               // clamp to 1, then invert
    // time = (1 - blend) * A + blend * B with A = 2, B = 10.
    EXPECT_EQ(*rowTime(row(0, 2, 10, 1.25f, kFlagWrap)), 4.0f);  // 0.75 * 2 + 0.25 * 10
    EXPECT_EQ(*rowTime(row(0, 2, 10, 2.5f, kFlagWrap)), 14.0f);  // -0.5 * 2 + 1.5 * 10
    EXPECT_EQ(*rowTime(row(0, 2, 10, 7.0f, 0)), 10.0f);
    EXPECT_EQ(*rowTime(row(0, 2, 10, 0.25f, kFlagInvert)), 8.0f);  // 0.25 * 2 + 0.75 * 10
}

TEST(CtlBlend, NegativeOrNonFiniteTimeIsAnError) {
    auto neg = rowTime(row(0, -1, -1, 0.5f, 0));
    ASSERT_FALSE(neg.ok());
    EXPECT_EQ(neg.error().code(), "ctl.bad_time");
    // Wrap once: -3.5 + 1 = -2.5 stays below zero: time = 3.5 * 0 + -2.5 * 2 = -5.
    EXPECT_FALSE(rowTime(row(0, 0, 2, -3.5f, kFlagWrap)).ok());
    EXPECT_FALSE(rowTime(row(0, 0, 2, std::numeric_limits<float>::quiet_NaN(), 0)).ok());
    EXPECT_FALSE(rowTime(row(0, 0, std::numeric_limits<float>::infinity(), 0.5f, 0)).ok());
    // In a file the error carries the row and the blend field's absolute offset.
    const ControlFile f = fileWith({row(0, 1, 2, 0, 0), row(1, -4, -4, 0, 0)});
    auto b = poseBindings(f, 2);
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(b.error().code(), "ctl.bad_time");
    EXPECT_EQ(b.error().find("record"), "1");
    EXPECT_EQ(b.error().offset(), 128u + 36 + 0x0C);
}

TEST(CtlBindings, SourceOrderLastEnabledRowWinsSkipBeforeFloatChecks) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const ControlFile f = fileWith({
        row(1, 0, 10, 0.2f, 0),           // node 1 -> 2
        row(2, 4, 8, 0.5f, 0),            // node 2 -> 6
        row(1, 0, 10, 0.5f, 0),           // node 1 -> 5 (replaces row 0)
        row(-1, -1, -1, nan, kFlagSkip),  // skipped before node id and floats are looked at
        row(1, -1, -1, 0.0f, kFlagSkip),  // skipped: does not replace row 2
    });
    auto b = poseBindings(f, 4);
    ASSERT_TRUE(b.ok()) << b.error().render();
    EXPECT_EQ(b->times[0], std::optional<float>(0.0f));  // unbound: time 0
    EXPECT_EQ(b->times[1], std::optional<float>(5.0f));
    EXPECT_EQ(b->times[2], std::optional<float>(6.0f));
    EXPECT_EQ(b->times[3], std::optional<float>(0.0f));
    EXPECT_EQ(b->row[1], std::optional<std::uint32_t>(2));
    EXPECT_EQ(b->row[2], std::optional<std::uint32_t>(1));
    EXPECT_FALSE(b->row[0].has_value());
}

TEST(CtlBindings, UnknownNodeIsAnError) {
    const ControlFile f = fileWith({row(0, 0, 1, 0, 0), row(7, 0, 1, 0, 0)});
    auto b = poseBindings(f, 3);
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(b.error().code(), "ctl.node_id");
    EXPECT_EQ(b.error().offset(), 128u + 36);
}

TEST(CtlBindings, TimeOutsideTheFrameMapUsesTheFallbackKey) {
    namespace an = iron3d::animation;
    std::vector<an::Key> keys(3);
    keys[0].time = 0;
    keys[1].time = 1;
    keys[1].position = {4, 0, 0};
    keys[2].position = {-7, 0, 0};  // fallback
    an::NodeTrack n;
    n.animMapStart = 0;
    n.fallbackKey = 2;
    auto anim = an::ModelAnimation::create({n}, keys, std::vector<std::uint16_t>{0, 1}, 2);
    ASSERT_TRUE(anim.ok());
    // Row time 9 -> frame 8 >= 2 frames -> fallback; row time 0.5 -> frame 0, alpha 0.5 -> x = 2.
    for (auto [blend, x] : {std::pair{0.9f, -7.0f}, std::pair{0.05f, 2.0f}}) {
        const ControlFile f = fileWith({row(0, 0, 10, blend, 0)});
        auto b = poseBindings(f, 1);
        ASSERT_TRUE(b.ok());
        auto g = anim->sampledHierarchyAtTimes(b->times);
        ASSERT_TRUE(g.ok());
        EXPECT_NEAR((*g)[0].translation.x, x, 1e-5f) << blend;
    }
}

TEST(CtlRegistry, ProbeByNameAndDescribeRows) {
    auto bytes = build(14, 0, 11, 13, {row(3, 0, 2, 1.75f, kFlagWrap), row(-1, -1, -1, 0, kFlagSkip)});
    ASSERT_TRUE(bytes.ok());
    registry::FormatRegistry reg;
    registerFormat(reg);
    const auto* f = reg.detect(*bytes, "fr_l_plant.CTL");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name, "ctl");
    EXPECT_EQ(reg.detect(*bytes, "fr_l_plant.bin"), nullptr);  // no magic: the name decides
    auto d = f->describe(*bytes, "fr_l_plant.ctl");
    ASSERT_TRUE(d.ok());
    EXPECT_NE(d->text.find("pose rows at 0xC18..0xC60"), std::string::npos) << d->text;
    EXPECT_NE(d->text.find("row 0: node 3 frames 0..2 blend 1.75 flags 0x1 -> time 1.5"), std::string::npos) << d->text;
    EXPECT_NE(d->text.find("row 1: node -1 frames -1..-1 blend 0 flags 0x4 -> skipped (0x4)"), std::string::npos)
        << d->text;
    EXPECT_EQ(d->json.rfind("{\n  \"format\": \"ctl\"", 0), 0u) << d->json;
}

}  // namespace
}  // namespace vestige::iron3d::ctl
