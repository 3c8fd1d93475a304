// MAT0: the prefix by version (attr2), phases with full-width names and kept tails, packed animation
// blocks, exact EOF, errors with field + absolute offset, byte-exact round trips.
#include <gtest/gtest.h>

#include "vestige/iron3d/mat0/mat0.hpp"
#include "vestige/iron3d/mat0/register.hpp"

namespace vestige::iron3d::mat0 {
namespace {

Material sample(std::uint32_t version) {
    Material m;
    m.version = version;
    m.metadataA = 1;
    m.metadataB = 2;
    m.metadataCRaw = 0x40000000;  // 2.0f
    m.metadataDRaw = 0xDEADBEEF;
    std::array<std::uint8_t, kParameterSize> params{};
    for (std::size_t i = 0; i < params.size(); ++i) params[i] = static_cast<std::uint8_t>(i * 3);
    m.phases.push_back(makePhase("TEX_HULL", params).value());
    m.phases.push_back(makePhase("").value());
    AnimBlock b;
    b.headerRaw = (0x15u << 3) | 1u;  // mode 1, mask 0x15
    b.keys = {{0, 1, 2}, {10, 11, 12}};
    m.blocks.push_back(b);
    return m;
}

TEST(Mat0, PrefixSizeFollowsTheVersion) {
    EXPECT_EQ(prefixSize(0), 4u);
    EXPECT_EQ(prefixSize(1), 4u);
    EXPECT_EQ(prefixSize(2), 6u);
    EXPECT_EQ(prefixSize(3), 10u);
    EXPECT_EQ(prefixSize(4), 14u);
    EXPECT_EQ(prefixSize(6), 14u);
    for (std::uint32_t v : {0u, 2u, 3u, 4u, 6u}) {
        const auto m = sample(v);
        auto bytes = write(m);
        ASSERT_TRUE(bytes.ok());
        // prefix + 2 phases x 34 + one block: 4 + 2 + 2 x 6 (no padding).
        EXPECT_EQ(bytes->size(), prefixSize(v) + 68 + 18) << v;
        auto back = read(*bytes, v);
        ASSERT_TRUE(back.ok()) << v << ": " << back.error().render();
        EXPECT_EQ(write(*back).value(), *bytes);
        EXPECT_EQ(back->phases[0].texture(), "TEX_HULL");
        EXPECT_EQ(back->phases[0].parameters[17], 51);
        EXPECT_TRUE(back->phases[1].texture().empty());
        ASSERT_EQ(back->blocks.size(), 1u);
        EXPECT_EQ(back->blocks[0].mode(), 1u);
        EXPECT_EQ(back->blocks[0].interpolationMask(), 0x15u);
        EXPECT_EQ(back->blocks[0].keys[1], (AnimKey{10, 11, 12}));
        EXPECT_EQ(back->metadataA, v >= 2 ? 1 : 255);
        EXPECT_EQ(back->metadataCRaw, v >= 3 ? 0x40000000u : 0x3F800000u);
        EXPECT_EQ(back->metadataDRaw, v >= 4 ? 0xDEADBEEFu : 0u);
    }
    // Version 4: ten bytes after the two counts.
    const Bytes v4 = write(sample(4)).value();
    EXPECT_EQ(v4[4], 1);
    EXPECT_EQ(v4[5], 2);
    EXPECT_EQ(loadU32(v4.data() + 6), 0x40000000u);
    EXPECT_EQ(loadU32(v4.data() + 10), 0xDEADBEEFu);
    EXPECT_EQ(std::string(v4.begin() + 14 + 18, v4.begin() + 14 + 18 + 8), "TEX_HULL");
}

TEST(Mat0, EmptyMaterialIsExactlyThePrefix) {
    Material m;
    m.version = 0;
    const Bytes b = write(m).value();
    EXPECT_EQ(b, (Bytes{0, 0, 0, 0}));
    auto r = read(b, 0);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->phases.empty());
    EXPECT_TRUE(r->blocks.empty());
}

TEST(Mat0, FullWidthNamesAndTailsAreKept) {
    Bytes b = write(sample(6)).value();
    // Phase 0 name: 16 chars, no NUL.
    const std::size_t name0 = 14 + 18;
    for (std::size_t i = 0; i < 16; ++i) b[name0 + i] = static_cast<std::uint8_t>('A' + i);
    // Phase 1 name: " TEX \0" then junk after the NUL.
    const std::size_t name1 = 14 + 34 + 18;
    const char spaced[] = " TEX \0junkjunk";
    std::copy(spaced, spaced + 15, b.begin() + static_cast<std::ptrdiff_t>(name1));
    auto m = read(b, 6);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->phases[0].texture(), "ABCDEFGHIJKLMNOP");
    EXPECT_FALSE(m->phases[0].textureName.terminated);
    EXPECT_EQ(m->phases[1].texture(), "TEX");  // trimmed for lookup
    EXPECT_EQ(write(*m).value(), b);            // raw bytes kept
    EXPECT_EQ(makePhase("ABCDEFGHIJKLMNOPQ").error().code(), "mat0.bad_texture_name");
}

TEST(Mat0, ErrorsNameFieldAndAbsoluteOffset) {
    const Bytes good = write(sample(6)).value();  // 100 bytes
    ASSERT_EQ(good.size(), 100u);
    {
        Bytes b = good;
        b[2] = 20;  // 20 animation blocks
        auto r = read(b, 6, 500);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "mat0.bad_block_count");
        EXPECT_EQ(r.error().offset(), 502u);
        EXPECT_EQ(r.error().find("field"), "anim_block_count");
    }
    {
        Bytes b = good;
        b.push_back(0);
        auto r = read(b, 6, 500);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "mat0.trailing");
        EXPECT_EQ(r.error().offset(), 600u);
    }
    {
        Bytes b = good;
        b[0] = 0xFF;  // 255 phases: 8670 bytes promised, 86 there
        auto r = read(b, 6, 500);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "bytes.array");
        EXPECT_EQ(r.error().find("field"), "phases");
        EXPECT_EQ(r.error().offset(), 514u);
    }
    {
        Bytes b = good;
        b[14 + 68 + 4] = 3;  // key_count 3, two keys present
        auto r = read(b, 6, 500);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code(), "bytes.array");
        EXPECT_EQ(r.error().find("field"), "block.keys");
        EXPECT_EQ(r.error().find("record"), "0");
        EXPECT_EQ(r.error().offset(), 500u + 14 + 68 + 6);
    }
    {
        // Read as the wrong version: a v6 payload read as v2 does not end where it should.
        auto r = read(good, 2);
        ASSERT_FALSE(r.ok());
    }
}

TEST(Mat0, GuessVersionAndProbe) {
    EXPECT_EQ(guessVersion(write(sample(6)).value()), 6u);
    EXPECT_EQ(guessVersion(write(sample(3)).value()), 3u);
    EXPECT_EQ(guessVersion(write(sample(2)).value()), 2u);
    EXPECT_EQ(guessVersion(write(sample(0)).value()), 0u);
    EXPECT_EQ(probe(write(sample(6)).value(), "HULL"), 40);
    EXPECT_EQ(probe(write(sample(2)).value(), "HULL"), 15);
    EXPECT_EQ(probe(asBytes("NRes"), "x"), 0);
    EXPECT_EQ(probe(asBytes("ab"), "x"), 0);
}

TEST(Mat0, Describe) {
    const auto d = describe(sample(6), "Material.lib:HULL", "attr2");
    EXPECT_NE(d.json.find(R"("version":6,"version_source":"attr2","metadata":{"a":1,"b":2,"c_raw":1073741824,"d_raw":3735928559})"),
              std::string::npos) << d.json;
    EXPECT_NE(d.json.find(R"("texture":"TEX_HULL","parameters":"00 03 06 09 0C 0F 12 15 18 1B 1E 21 24 27 2A 2D 30 33")"),
              std::string::npos) << d.json;
    EXPECT_NE(d.json.find(R"("blocks":[{"mode":1,"mask":21,"header_raw":169,"keys":[[0,1,2],[10,11,12]]}])"), std::string::npos)
        << d.json;
    EXPECT_NE(d.text.find("phase 1: texture (none: untextured)"), std::string::npos) << d.text;
}

}  // namespace
}  // namespace vestige::iron3d::mat0
