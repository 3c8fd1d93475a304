// Pixel formats: hand-written bytes with exact expected RGBA, and encode/decode round trips.
#include <gtest/gtest.h>

#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {
namespace {

using image::Image;
using image::Rgba8;

Rgba8 decodeOne(Format f, Bytes bytes) {
    auto img = decode(static_cast<std::int32_t>(f), bytes, 1, 1);
    EXPECT_TRUE(img.ok()) << img.error().render();
    return img.ok() ? img->at(0, 0) : Rgba8{1, 2, 3, 4};
}

TEST(VtfDecode, EveryUncompressedFormatOnePixel) {
    EXPECT_EQ(decodeOne(Format::RGBA8888, {10, 20, 30, 40}), (Rgba8{10, 20, 30, 40}));
    EXPECT_EQ(decodeOne(Format::ABGR8888, {40, 30, 20, 10}), (Rgba8{10, 20, 30, 40}));
    EXPECT_EQ(decodeOne(Format::RGB888, {10, 20, 30}), (Rgba8{10, 20, 30, 255}));
    EXPECT_EQ(decodeOne(Format::BGR888, {30, 20, 10}), (Rgba8{10, 20, 30, 255}));
    // RGB565: red in the low 5 bits. 0x07E0 = green only; 0x001F = red only.
    EXPECT_EQ(decodeOne(Format::RGB565, {0x1F, 0x00}), (Rgba8{255, 0, 0, 255}));
    EXPECT_EQ(decodeOne(Format::RGB565, {0xE0, 0x07}), (Rgba8{0, 255, 0, 255}));
    EXPECT_EQ(decodeOne(Format::BGR565, {0x1F, 0x00}), (Rgba8{0, 0, 255, 255}));
    EXPECT_EQ(decodeOne(Format::BGR565, {0x00, 0x80}), (Rgba8{132, 0, 0, 255}));  // r=16 -> 16<<3|16>>2
    EXPECT_EQ(decodeOne(Format::I8, {77}), (Rgba8{77, 77, 77, 255}));
    EXPECT_EQ(decodeOne(Format::IA88, {77, 9}), (Rgba8{77, 77, 77, 9}));
    EXPECT_EQ(decodeOne(Format::A8, {99}), (Rgba8{0, 0, 0, 99}));
    EXPECT_EQ(decodeOne(Format::RGB888_BLUESCREEN, {0, 0, 255}), (Rgba8{0, 0, 0, 0}));
    EXPECT_EQ(decodeOne(Format::RGB888_BLUESCREEN, {1, 0, 255}), (Rgba8{1, 0, 255, 255}));
    EXPECT_EQ(decodeOne(Format::BGR888_BLUESCREEN, {255, 0, 0}), (Rgba8{0, 0, 0, 0}));
    // ARGB8888 is stored G, B, A, R: srctools' table (`saveload_rgba('gbar')`, "totally the wrong order, but it's
    // how it's actually ordered") and VTFEdit decode it so. Evidence: the reference decoders' byte order.
    EXPECT_EQ(decodeOne(Format::ARGB8888, {20, 30, 40, 10}), (Rgba8{10, 20, 30, 40}));
    EXPECT_EQ(decodeOne(Format::BGRA8888, {30, 20, 10, 40}), (Rgba8{10, 20, 30, 40}));
    EXPECT_EQ(decodeOne(Format::BGRX8888, {30, 20, 10, 0}), (Rgba8{10, 20, 30, 255}));
    EXPECT_EQ(decodeOne(Format::BGRX5551, {0x1F, 0x00}), (Rgba8{0, 0, 255, 255}));
    EXPECT_EQ(decodeOne(Format::BGRA5551, {0x00, 0x7C}), (Rgba8{255, 0, 0, 0}));
    EXPECT_EQ(decodeOne(Format::BGRA5551, {0xE0, 0x83}), (Rgba8{0, 255, 0, 255}));
    EXPECT_EQ(decodeOne(Format::BGRA4444, {0x21, 0x43}), (Rgba8{0x33, 0x22, 0x11, 0x44}));
    EXPECT_EQ(decodeOne(Format::UV88, {0x80, 0x7F}), (Rgba8{0, 255, 0, 255}));  // -128, +127
    EXPECT_EQ(decodeOne(Format::UVWQ8888, {0, 0xFF, 0x80, 0x7F}), (Rgba8{128, 127, 0, 255}));
    EXPECT_EQ(decodeOne(Format::UVLX8888, {0, 0, 7, 9}), (Rgba8{128, 128, 7, 9}));
    // Half floats: 1.0 = 0x3C00, 0.5 = 0x3800, 2.0 = 0x4000 (clamps to 1), -1.0 = 0xBC00 (clamps to 0).
    EXPECT_EQ(decodeOne(Format::RGBA16161616F, {0x00, 0x3C, 0x00, 0x38, 0x00, 0x40, 0x00, 0xBC}),
              (Rgba8{255, 128, 255, 0}));
    EXPECT_EQ(decodeOne(Format::RGBA16161616, {0xFF, 0xFF, 0x00, 0x80, 0x00, 0x00, 0x80, 0x00}),
              (Rgba8{255, 128, 0, 0}));
    EXPECT_EQ(decodeOne(Format::R32F, {0x00, 0x00, 0x00, 0x3F}), (Rgba8{128, 128, 128, 255}));  // 0.5
}

TEST(VtfDecode, P8IsRefusedClearly) {
    auto r = decode(static_cast<std::int32_t>(Format::P8), Bytes{0}, 1, 1);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vtf.unsupported_format");
    EXPECT_NE(r.error().message().find("P8"), std::string::npos);
}

TEST(VtfDecode, WrongSizeIsAnError) {
    auto r = decode(static_cast<std::int32_t>(Format::RGB888), Bytes(11), 2, 2);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().expectedText().value_or(""), "12");
}

TEST(VtfDecode, Dxt1FourColourAndPunchThrough) {
    // c0 = pure red (0xF800) > c1 = pure blue (0x001F): 4-colour block. Row 0 uses indices 0,1,2,3.
    const Bytes four{0x00, 0xF8, 0x1F, 0x00, 0b11100100, 0, 0, 0};
    auto img = decode(static_cast<std::int32_t>(Format::DXT1), four, 4, 4);
    ASSERT_TRUE(img.ok());
    EXPECT_EQ(img->at(0, 0), (Rgba8{255, 0, 0, 255}));
    EXPECT_EQ(img->at(1, 0), (Rgba8{0, 0, 255, 255}));
    EXPECT_EQ(img->at(2, 0), (Rgba8{170, 0, 85, 255}));  // (2*255+0)/3, (0+255)/3
    EXPECT_EQ(img->at(3, 0), (Rgba8{85, 0, 170, 255}));
    EXPECT_EQ(img->at(3, 3), (Rgba8{255, 0, 0, 255}));  // index 0
    // c0 <= c1: 3 colours + black; punch-through makes index 3 transparent.
    const Bytes three{0x1F, 0x00, 0x00, 0xF8, 0b11100100, 0, 0, 0};
    auto opaque = decode(static_cast<std::int32_t>(Format::DXT1), three, 4, 4);
    ASSERT_TRUE(opaque.ok());
    EXPECT_EQ(opaque->at(2, 0), (Rgba8{127, 0, 127, 255}));
    EXPECT_EQ(opaque->at(3, 0), (Rgba8{0, 0, 0, 255}));
    auto punch = decode(static_cast<std::int32_t>(Format::DXT1_ONEBITALPHA), three, 4, 4);
    ASSERT_TRUE(punch.ok());
    EXPECT_EQ(punch->at(3, 0), (Rgba8{0, 0, 0, 0}));
    DecodeOptions o;
    o.oneBitAlpha = true;
    EXPECT_EQ(decode(static_cast<std::int32_t>(Format::DXT1), three, 4, 4, o)->at(3, 0), (Rgba8{0, 0, 0, 0}));
    // A 2x3 image still reads one block and crops.
    auto small = decode(static_cast<std::int32_t>(Format::DXT1), four, 2, 3);
    ASSERT_TRUE(small.ok());
    EXPECT_EQ(small->width(), 2u);
    EXPECT_EQ(small->at(1, 0), (Rgba8{0, 0, 255, 255}));
}

TEST(VtfDecode, Dxt3AndDxt5Alpha) {
    // Colour block: c0 = white, all indices 0.
    const Bytes colour{0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0};
    Bytes dxt3{0x10, 0x32, 0, 0, 0, 0, 0, 0xF0};
    dxt3.insert(dxt3.end(), colour.begin(), colour.end());
    auto a = decode(static_cast<std::int32_t>(Format::DXT3), dxt3, 4, 4);
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->at(0, 0).a, 0x00);
    EXPECT_EQ(a->at(1, 0).a, 0x11);
    EXPECT_EQ(a->at(2, 0).a, 0x22);
    EXPECT_EQ(a->at(3, 0).a, 0x33);
    EXPECT_EQ(a->at(3, 3).a, 0xFF);
    EXPECT_EQ(a->at(0, 0).r, 255);
    // DXT5: a0 = 200, a1 = 100 (8-step). Pixel 0 index 0, pixel 1 index 1, pixel 2 index 2, pixel 3 index 7.
    // Bits: 000 001 010 111 -> 0b111'010'001'000 = 0xE88.
    Bytes dxt5{200, 100, 0x88, 0x0E, 0, 0, 0, 0};
    dxt5.insert(dxt5.end(), colour.begin(), colour.end());
    auto b = decode(static_cast<std::int32_t>(Format::DXT5), dxt5, 4, 4);
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b->at(0, 0).a, 200);
    EXPECT_EQ(b->at(1, 0).a, 100);
    EXPECT_EQ(b->at(2, 0).a, (6 * 200 + 100) / 7);      // 185
    EXPECT_EQ(b->at(3, 0).a, (1 * 200 + 6 * 100) / 7);  // 114
    // a0 <= a1: 6-step with 0 and 255.
    Bytes dxt5b{50, 100, 0xC0, 0x0F, 0, 0, 0, 0};  // pixel 2 index 7, pixel 3 index 7? 0xFC0 -> p2=7, p3=7
    dxt5b[2] = 0x30;                               // p0 = 0, p1 = 6 (bits 3..5 = 110), p2 = 0
    dxt5b[3] = 0x00;
    dxt5b.insert(dxt5b.end(), colour.begin(), colour.end());
    auto c = decode(static_cast<std::int32_t>(Format::DXT5), dxt5b, 4, 4);
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->at(1, 0).a, 0);
}

TEST(VtfEncode, LosslessFormatsRoundTrip) {
    Image img(3, 2);
    for (std::uint32_t y = 0; y < 2; ++y)
        for (std::uint32_t x = 0; x < 3; ++x)
            img.set(x, y,
                    {static_cast<std::uint8_t>(x * 80), static_cast<std::uint8_t>(y * 200),
                     static_cast<std::uint8_t>(17 + x), static_cast<std::uint8_t>(255 - x * 50)});
    for (Format f : {Format::RGBA8888, Format::ABGR8888, Format::ARGB8888, Format::BGRA8888, Format::UVWQ8888,
                     Format::UVLX8888, Format::RGBA16161616, Format::RGBA16161616F, Format::RGBA32323232F}) {
        SCOPED_TRACE(formatName(static_cast<std::int32_t>(f)));
        auto enc = encode(static_cast<std::int32_t>(f), img);
        ASSERT_TRUE(enc.ok()) << enc.error().render();
        auto dec = decode(static_cast<std::int32_t>(f), *enc, 3, 2);
        ASSERT_TRUE(dec.ok()) << dec.error().render();
        EXPECT_EQ(*dec, img);
    }
    // 16-bit formats quantise: BGRA4444 is off by at most 8, 565 by at most 4.
    for (auto [f, tol] : {std::pair{Format::BGRA4444, 8}, std::pair{Format::BGR565, 4}}) {
        auto enc = encode(static_cast<std::int32_t>(f), img);
        ASSERT_TRUE(enc.ok());
        auto dec = decode(static_cast<std::int32_t>(f), *enc, 3, 2);
        ASSERT_TRUE(dec.ok());
        Image opaque = img;
        if (f == Format::BGR565)
            for (std::uint32_t y = 0; y < 2; ++y)
                for (std::uint32_t x = 0; x < 3; ++x) {
                    auto p = opaque.at(x, y);
                    p.a = 255;
                    opaque.set(x, y, p);
                }
        EXPECT_TRUE(image::compare(opaque, *dec, tol).matches());
    }
    auto dxt = encode(static_cast<std::int32_t>(Format::DXT1), img);
    ASSERT_FALSE(dxt.ok());
    EXPECT_EQ(dxt.error().code(), "vtf.unsupported_format");
}

}  // namespace
}  // namespace vestige::source::vtf
