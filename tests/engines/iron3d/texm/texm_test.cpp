// Texm: header checks with field + absolute offset, every pixel format from a 1x1 payload, the mip
// chain, the palette, the Page chunk, byte-exact round trips, the encoder and rect scaling.
#include "vestige/iron3d/texm/texm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "vestige/iron3d/texm/register.hpp"

namespace vestige::iron3d::texm {
namespace {

Bytes header(std::uint32_t w, std::uint32_t h, std::uint32_t mips, std::uint32_t format, std::uint32_t flags4 = 0,
             std::uint32_t flags5 = 0, std::uint32_t unknown6 = 0) {
    ByteWriter out;
    for (std::uint32_t v : {kMagic, w, h, mips, flags4, flags5, unknown6, format}) out.u32(v);
    return out.take();
}

Bytes cat(Bytes a, std::initializer_list<std::uint8_t> b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

image::Rgba8 decode1x1(const Bytes& bytes, Expansion e = Expansion::Rounding) {
    auto t = read(bytes);
    EXPECT_TRUE(t.ok()) << t.error().render();
    if (!t) return {};
    auto img = decode(*t, 0, e);
    EXPECT_TRUE(img.ok()) << img.error().render();
    if (!img) return {};
    EXPECT_EQ(img->width(), 1u);
    EXPECT_EQ(img->height(), 1u);
    EXPECT_EQ(write(*t).value(), bytes) << "round trip";
    return img->at(0, 0);
}

TEST(Texm, IndexedUsesThePaletteInStoredOrder) {
    Bytes b = header(1, 1, 1, 0);
    Bytes pal(kPaletteSize, 0);
    pal[7 * 4 + 0] = 10;
    pal[7 * 4 + 1] = 20;
    pal[7 * 4 + 2] = 30;
    pal[7 * 4 + 3] = 40;
    b.insert(b.end(), pal.begin(), pal.end());
    b.push_back(7);
    ASSERT_EQ(b.size(), 32u + 1024u + 1u);
    EXPECT_EQ(decode1x1(b), (image::Rgba8{10, 20, 30, 40}));
}

TEST(Texm, Rgb565EdgesAndRounding) {
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 565), {0x00, 0x00})), (image::Rgba8{0, 0, 0, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 565), {0xFF, 0xFF})), (image::Rgba8{255, 255, 255, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 565), {0x00, 0xF8})), (image::Rgba8{255, 0, 0, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 565), {0xE0, 0x07})), (image::Rgba8{0, 255, 0, 255}));
    // R=3, G=11, B=24: the two expansion rules differ here (spec section 16 item 4).
    const std::uint16_t v = (3 << 11) | (11 << 5) | 24;
    const Bytes b = cat(header(1, 1, 1, 565), {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8)});
    EXPECT_EQ(decode1x1(b, Expansion::Rounding), (image::Rgba8{25, 45, 197, 255}));
    EXPECT_EQ(decode1x1(b, Expansion::Replication), (image::Rgba8{24, 44, 198, 255}));
}

TEST(Texm, OtherPackedFormats) {
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 556), {0x00, 0xF8})), (image::Rgba8{255, 0, 0, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 556), {0xC0, 0x07})), (image::Rgba8{0, 255, 0, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 556), {0x3F, 0x00})), (image::Rgba8{0, 0, 255, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 4444), {0x34, 0x12})), (image::Rgba8{34, 51, 68, 17}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 88), {0x40, 0xC0})), (image::Rgba8{192, 192, 192, 64}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 888), {1, 2, 3, 0x99})), (image::Rgba8{1, 2, 3, 255}));
    EXPECT_EQ(decode1x1(cat(header(1, 1, 1, 8888), {0x80, 1, 2, 3})), (image::Rgba8{1, 2, 3, 128}));
}

TEST(Texm, Rgb888KeepsItsServiceByte) {
    const Bytes b = cat(header(1, 1, 1, 888), {1, 2, 3, 0x99});
    auto t = read(b);
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(t->mips[0][3], 0x99);
    EXPECT_EQ(write(*t).value(), b);
}

TEST(Texm, MipChainHalvesWithAFloorOfOne) {
    auto chain = mipChain(3, 2, 3, 565);
    ASSERT_TRUE(chain.ok());
    ASSERT_EQ(chain->size(), 3u);
    EXPECT_EQ((*chain)[0].width, 3u);
    EXPECT_EQ((*chain)[0].height, 2u);
    EXPECT_EQ((*chain)[0].bytes, 12u);
    EXPECT_EQ((*chain)[1].width, 1u);
    EXPECT_EQ((*chain)[1].height, 1u);
    EXPECT_EQ((*chain)[1].bytes, 2u);
    EXPECT_EQ((*chain)[2].width, 1u);
    EXPECT_EQ((*chain)[2].height, 1u);
    EXPECT_EQ((*chain)[2].bytes, 2u);
    Bytes b = header(3, 2, 3, 565);
    b.resize(32 + 16, 0xAB);
    auto t = read(b);
    ASSERT_TRUE(t.ok()) << t.error().render();
    EXPECT_EQ(t->mips.size(), 3u);
    EXPECT_EQ(decode(*t, 2).value().width(), 1u);
    EXPECT_FALSE(decode(*t, 3).ok());
    EXPECT_EQ(write(*t).value(), b);
    // One byte short of the last level.
    b.pop_back();
    auto bad = read(b);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "texm.truncated");
    EXPECT_EQ(bad.error().offset(), 32u);
    EXPECT_EQ(bad.error().expectedText(), "16 byte(s) of mips");
}

TEST(Texm, HeaderErrorsNameFieldAndAbsoluteOffset) {
    struct Case {
        Bytes bytes;
        const char* code;
        std::uint64_t offset;
        const char* field;
    };
    Bytes badMagic = header(1, 1, 1, 8888);
    badMagic[0] = 'X';
    Bytes truncated = header(1, 1, 1, 8888);
    truncated.resize(30);
    const Case cases[] = {
        {header(0, 1, 1, 8888), "texm.bad_size", 1000 + 4, "width"},
        {header(1, 0, 1, 8888), "texm.bad_size", 1000 + 8, "height"},
        {header(kMaxSide + 1, 1, 1, 8888), "texm.bad_size", 1000 + 4, "width"},
        {header(1, 1, 0, 8888), "texm.bad_mip_count", 1000 + 12, "mip_count"},
        {header(1, 1, kMaxMipCount + 1, 8888), "texm.bad_mip_count", 1000 + 12, "mip_count"},
        {header(1, 1, 1, 1234), "texm.bad_format", 1000 + 28, "format"},
        {badMagic, "texm.bad_magic", 1000, "magic"},
        {truncated, "bytes.eof", 1000 + 28, "format"},
    };
    for (const auto& c : cases) {
        auto r = read(c.bytes, 1000);
        ASSERT_FALSE(r.ok()) << c.code;
        EXPECT_EQ(r.error().code(), c.code);
        EXPECT_EQ(r.error().offset(), c.offset) << c.code;
        EXPECT_EQ(r.error().find("field"), c.field) << c.code;
    }
}

TEST(Texm, HugeDeclaredSizesFailBeforeAllocating) {
    // 65536 x 65536 x 4 x 32 levels would be ~22 GiB; the check against the payload comes first.
    auto r = read(header(kMaxSide, kMaxSide, kMaxMipCount, 8888));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "texm.truncated");
    EXPECT_EQ(r.error().offset(), 32u);
    EXPECT_EQ(r.error().expectedText(), "22906492304 byte(s) of mips");
}

TEST(Texm, PaletteMustBeComplete) {
    Bytes b = header(1, 1, 1, 0);
    b.resize(32 + 1023, 0);
    auto r = read(b, 64);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "bytes.eof");
    EXPECT_EQ(r.error().find("field"), "palette");
    EXPECT_EQ(r.error().offset(), 64u + 32u);
}

TEST(Texm, PageChunkPresentAbsentAndBad) {
    const Bytes base = cat(header(4, 4, 1, 88), {});
    Bytes px(32, 0x11);
    Bytes plain = base;
    plain.insert(plain.end(), px.begin(), px.end());
    auto none = read(plain);
    ASSERT_TRUE(none.ok());
    EXPECT_FALSE(none->page.has_value());

    ByteWriter w;
    w.bytes(plain);
    w.u32(kPageMagic);
    w.u32(2);
    for (std::int16_t v : {0, 2, 0, 4, 2, 2, -1, 3}) w.i16(v);
    const Bytes paged = w.take();
    auto t = read(paged);
    ASSERT_TRUE(t.ok()) << t.error().render();
    ASSERT_TRUE(t->page.has_value());
    ASSERT_EQ(t->page->size(), 2u);
    EXPECT_EQ((*t->page)[0], (PageRect{0, 2, 0, 4}));
    EXPECT_EQ((*t->page)[1], (PageRect{2, 2, -1, 3}));
    EXPECT_EQ(write(*t).value(), paged);

    // Zero rects: an 8-byte chunk.
    Bytes empty = plain;
    for (std::uint8_t v : {0x50, 0x61, 0x67, 0x65, 0, 0, 0, 0}) empty.push_back(v);
    auto e = read(empty);
    ASSERT_TRUE(e.ok());
    EXPECT_TRUE(e->page.has_value() && e->page->empty());
    EXPECT_EQ(write(*e).value(), empty);

    // rect_count promises 3 rects, 2 follow.
    Bytes shortPage = paged;
    shortPage[plain.size() + 4] = 3;
    auto s = read(shortPage);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code(), "texm.bad_page");
    EXPECT_EQ(s.error().offset(), plain.size() + 4);
    // One stray byte after a complete chunk.
    Bytes extra = paged;
    extra.push_back(0);
    EXPECT_EQ(read(extra).error().code(), "texm.bad_page");
    // Not a Page magic.
    Bytes other = paged;
    other[plain.size()] = 'Q';
    auto o = read(other);
    ASSERT_FALSE(o.ok());
    EXPECT_EQ(o.error().code(), "texm.bad_tail");
    EXPECT_EQ(o.error().offset(), plain.size());
    // Fewer than 8 bytes of tail.
    Bytes three = plain;
    three.insert(three.end(), {1, 2, 3});
    auto th = read(three);
    ASSERT_FALSE(th.ok());
    EXPECT_EQ(th.error().code(), "texm.bad_tail");
    EXPECT_EQ(th.error().offset(), plain.size());
}

image::Image gradient(std::uint32_t w, std::uint32_t h) {
    image::Image img(w, h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            img.set(x, y,
                    {static_cast<std::uint8_t>(x * 255 / (w - 1)), static_cast<std::uint8_t>(y * 255 / (h - 1)),
                     static_cast<std::uint8_t>((x + y) & 1 ? 255 : 0), static_cast<std::uint8_t>(128 + x)});
    return img;
}

TEST(Texm, EncodeDecodeEveryFormat) {
    const auto img = gradient(8, 4);
    for (Format f : kFormats) {
        EncodeOptions o;
        o.format = f;
        o.mipCount = 4;
        auto t = encode(img, o);
        ASSERT_TRUE(t.ok()) << formatName(f) << ": " << t.error().render();
        auto bytes = write(*t);
        ASSERT_TRUE(bytes.ok());
        auto back = read(*bytes);
        ASSERT_TRUE(back.ok()) << back.error().render();
        EXPECT_EQ(write(*back).value(), *bytes);
        EXPECT_EQ(back->mips.size(), 4u);
        EXPECT_EQ(back->mipSize(3).width, 1u);
        EXPECT_EQ(back->mipSize(3).height, 1u);
        auto level0 = decode(*back, 0);
        ASSERT_TRUE(level0.ok());
        if (f == Format::Argb8888 || f == Format::Indexed) { EXPECT_EQ(*level0, img) << formatName(f); }
        // Every stored channel survives within its quantisation step; formats without alpha read 255.
        const bool alpha = f == Format::Argb8888 || f == Format::Indexed || f == Format::Argb4444 || f == Format::La88;
        const int tol = f == Format::Argb4444 ? 9 : 5;
        int worst = 0;
        for (std::uint32_t y = 0; y < 4; ++y)
            for (std::uint32_t x = 0; x < 8; ++x) {
                const auto a = img.at(x, y), b = level0->at(x, y);
                if (f != Format::La88) {
                    worst = std::max({worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
                } else {
                    EXPECT_EQ(b.r, b.g);
                    EXPECT_EQ(b.g, b.b);
                }
                if (alpha)
                    worst = std::max(worst, std::abs(a.a - b.a));
                else
                    EXPECT_EQ(b.a, 255);
            }
        EXPECT_LE(worst, tol) << formatName(f);
    }
}

TEST(Texm, IndexedEncoderRefusesMoreThan256Colours) {
    image::Image img(32, 16);
    for (std::uint32_t i = 0; i < 512; ++i)
        img.set(i % 32, i / 32, {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8), 0, 255});
    EncodeOptions o;
    o.format = Format::Indexed;
    auto t = encode(img, o);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code(), "texm.palette_full");
}

TEST(Texm, WriterRefusesInconsistentLevels) {
    auto t = encode(gradient(4, 4), {Format::Rgb565, 2});
    ASSERT_TRUE(t.ok());
    t->mips[1].push_back(0);
    auto w = write(*t);
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code(), "texm.bad_mips");
}

TEST(Texm, PageRectScaling) {
    // 5x3 base, rect (x 1, w 3, y 1, h 2) at a 2x1 level -> (0, 2, 0, 1).
    EXPECT_EQ(scaleRect({1, 3, 1, 2}, 5, 3, 2, 1), (PageRect{0, 2, 0, 1}));
    EXPECT_EQ(scaleRect({64, 64, 0, 32}, 256, 128, 128, 64), (PageRect{32, 32, 0, 16}));
    EXPECT_EQ(scaleRect({1, 1, 1, 1}, 4, 4, 1, 1), (PageRect{0, 1, 0, 1}));
}

TEST(Texm, ExpansionTables) {
    EXPECT_EQ(expand5(31), 255);
    EXPECT_EQ(expand6(63), 255);
    EXPECT_EQ(expand4(15), 255);
    int differ5 = 0, differ6 = 0;
    for (std::uint32_t v = 0; v < 32; ++v) differ5 += expand5(v) != expand5(v, Expansion::Replication);
    for (std::uint32_t v = 0; v < 64; ++v) differ6 += expand6(v) != expand6(v, Expansion::Replication);
    EXPECT_EQ(differ5, 4);   // v in {3, 7, 24, 28}
    EXPECT_EQ(differ6, 10);  // v in {11..15, 48..52}
}

TEST(Texm, DescribeAndPngExport) {
    EncodeOptions o{Format::Rgb565, 3};
    o.page = std::vector<PageRect>{{0, 4, 0, 2}};
    auto t = encode(gradient(8, 4), o);
    ASSERT_TRUE(t.ok());
    auto bytes = write(*t).value();
    EXPECT_EQ(probe(bytes, "x"), 100);
    EXPECT_EQ(probe(asBytes("NRes"), "x"), 0);
    const auto d = describe(*t, "Textures.lib:GRAD");
    EXPECT_EQ(
        d.json.rfind(R"({"format":"texm","label":"Textures.lib:GRAD","width":8,"height":4,"pixel_format":565,)", 0), 0u)
        << d.json;
    EXPECT_NE(d.json.find(
                  R"("mips":[{"level":0,"width":8,"height":4,"bytes":64},{"level":1,"width":4,"height":2,"bytes":16},)"
                  R"({"level":2,"width":2,"height":1,"bytes":4}])"),
              std::string::npos)
        << d.json;
    EXPECT_NE(d.json.find(R"("page":[{"x":0,"width":4,"y":0,"height":2}])"), std::string::npos) << d.json;
    EXPECT_NE(d.text.find("mip 2: 2x1, 4 bytes"), std::string::npos) << d.text;
    registry::ExportOptions opts;
    opts.values["mip"] = "1";
    auto png = exportPng(bytes, opts);
    ASSERT_TRUE(png.ok()) << png.error().render();
    auto img = image::decodePng(*png);
    ASSERT_TRUE(img.ok());
    EXPECT_EQ(img->width(), 4u);
    EXPECT_EQ(img->height(), 2u);
    EXPECT_EQ(*img, decode(*t, 1).value());
    opts.values["mip"] = "3";
    auto bad = exportPng(bytes, opts);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code(), "export.bad_option");
    EXPECT_EQ(bad.error().expectedText(), "0..2");
}

}  // namespace
}  // namespace vestige::iron3d::texm
