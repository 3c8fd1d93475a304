#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>

#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"

namespace vestige::image {
namespace {

Image pattern(std::uint32_t w, std::uint32_t h) {
    Image img(w, h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            img.set(x, y, {static_cast<std::uint8_t>(x * 17), static_cast<std::uint8_t>(y * 29),
                           static_cast<std::uint8_t>((x ^ y) * 5), static_cast<std::uint8_t>(255 - x)});
    return img;
}

// A PNG built chunk by chunk (our own minimal writer), to reach decoder paths our encoder never emits.
void chunk(Bytes& out, const char* type, const Bytes& data) {
    auto be32 = [&](std::uint32_t v) {
        for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
    };
    be32(static_cast<std::uint32_t>(data.size()));
    const std::size_t typeAt = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    be32(static_cast<std::uint32_t>(crc32(0, out.data() + typeAt, static_cast<uInt>(4 + data.size()))));
}
Bytes handPng(std::uint32_t w, std::uint32_t h, std::uint8_t depth, std::uint8_t colour, const Bytes& raw,
              const Bytes& plte = {}) {
    Bytes out{0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    Bytes ihdr{static_cast<std::uint8_t>(w >> 24), static_cast<std::uint8_t>(w >> 16), static_cast<std::uint8_t>(w >> 8),
               static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(h >> 24), static_cast<std::uint8_t>(h >> 16),
               static_cast<std::uint8_t>(h >> 8), static_cast<std::uint8_t>(h), depth, colour, 0, 0, 0};
    chunk(out, "IHDR", ihdr);
    if (!plte.empty()) chunk(out, "PLTE", plte);
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    Bytes z(size);
    EXPECT_EQ(compress(z.data(), &size, raw.data(), static_cast<uLong>(raw.size())), Z_OK);
    z.resize(size);
    chunk(out, "IDAT", z);
    chunk(out, "IEND", {});
    return out;
}

TEST(Png, RoundTripIsExact) {
    const Image img = pattern(13, 7);
    auto png = encodePng(img);
    ASSERT_TRUE(png.ok());
    auto back = decodePng(*png);
    ASSERT_TRUE(back.ok()) << back.error().render();
    EXPECT_EQ(*back, img);
    // Deterministic bytes: encoding twice gives the same file.
    EXPECT_EQ(*encodePng(img), *png);
}

TEST(Png, GreyAndPaletteExpandToRgba) {
    // 2x2 grey, filter byte 0 per row.
    auto grey = decodePng(handPng(2, 2, 8, 0, {0, 10, 200, 0, 30, 255}));
    ASSERT_TRUE(grey.ok()) << grey.error().render();
    EXPECT_EQ(grey->at(1, 0), (Rgba8{200, 200, 200, 255}));
    EXPECT_EQ(grey->at(0, 1), (Rgba8{30, 30, 30, 255}));
    // 2x1 palette, 8-bit indices.
    auto pal = decodePng(handPng(2, 1, 8, 3, {0, 1, 0}, {1, 2, 3, 250, 251, 252}));
    ASSERT_TRUE(pal.ok()) << pal.error().render();
    EXPECT_EQ(pal->at(0, 0), (Rgba8{250, 251, 252, 255}));
    EXPECT_EQ(pal->at(1, 0), (Rgba8{1, 2, 3, 255}));
    // 16-bit RGB: strip to the high byte.
    auto deep = decodePng(handPng(1, 1, 16, 2, {0, 0x12, 0x34, 0xAB, 0xCD, 0xFF, 0x00}));
    ASSERT_TRUE(deep.ok()) << deep.error().render();
    EXPECT_EQ(deep->at(0, 0), (Rgba8{0x12, 0xAB, 0xFF, 255}));
}

TEST(Png, BadSignatureNamesOffsetZero) {
    const Bytes junk{'G', 'I', 'F', '8', '9', 'a', 0, 0, 0};
    auto r = decodePng(junk);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "image.png_signature");
    EXPECT_EQ(r.error().offset(), 0u);
    EXPECT_EQ(r.error().find("field"), "signature");
}

TEST(Png, TruncatedDataFailsWithTheOffsetReached) {
    auto png = encodePng(pattern(16, 16));
    ASSERT_TRUE(png.ok());
    // Cut inside the IDAT chunk: the header phase succeeds, the pixel phase runs out of data.
    const std::size_t cutAt = png->size() - 20;
    Bytes cut(png->begin(), png->begin() + static_cast<std::ptrdiff_t>(cutAt));
    auto r = decodePng(cut);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "image.png_data");
    // The failed read is the IDAT payload, which starts after signature (8), IHDR (25) and IDAT's header (8).
    EXPECT_EQ(r.error().offset(), 41u);
    Bytes header(png->begin(), png->begin() + 20);  // inside IHDR
    r = decodePng(header);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "image.png_header");
}

TEST(Png, CorruptCrcIsAnError) {
    auto png = encodePng(pattern(4, 4));
    ASSERT_TRUE(png.ok());
    Bytes bad = *png;
    bad[29] ^= 0xFF;  // IHDR CRC
    EXPECT_FALSE(decodePng(bad).ok());
}

TEST(Png, ForgedHugeHeaderIsRefusedBeforeAllocating) {
    // 16384 x 16384 RGBA declared in a ~60-byte file.
    auto r = decodePng(handPng(16384, 16384, 8, 6, {0, 1, 2, 3, 4}));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "image.png_too_large");
    EXPECT_EQ(r.error().offset(), 16u);
    // Beyond the side limit libpng itself refuses the header.
    r = decodePng(handPng(20000, 1, 8, 6, {0}));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "image.png_header");
}

TEST(Png, EmptyImageCannotBeEncoded) {
    auto r = encodePng(Image());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "image.empty");
}

TEST(Image, FlipRowsReversesOrder) {
    Image img = pattern(3, 3);
    const Rgba8 top = img.at(1, 0), bottom = img.at(1, 2);
    img.flipRows();
    EXPECT_EQ(img.at(1, 0), bottom);
    EXPECT_EQ(img.at(1, 2), top);
}

TEST(Diff, ToleranceAndCounts) {
    const Image a = pattern(8, 8);
    Image b = a;
    Rgba8 p = b.at(2, 3);
    p.g = static_cast<std::uint8_t>(p.g + 3);
    b.set(2, 3, p);
    Rgba8 q = b.at(5, 5);
    q.r = static_cast<std::uint8_t>(q.r ^ 0x80);
    b.set(5, 5, q);
    auto d = compare(a, b, 2);
    EXPECT_EQ(d.differingPixels, 2u);
    EXPECT_EQ(d.maxDelta, 128);
    EXPECT_FALSE(d.matches());
    EXPECT_EQ(d.diff.at(5, 5).r, 255);  // red marks the worst pixel
    EXPECT_EQ(d.diff.at(5, 5).g, 0);
    d = compare(a, b, 128);
    EXPECT_TRUE(d.matches());
    EXPECT_TRUE(compare(a, Image(8, 9), 255).sizeMismatch);
}

TEST(Diff, ExpectSimilarWritesTheDiffImage) {
    const auto dir = std::filesystem::path(::testing::TempDir()) / "vestige_image_diff";
    std::filesystem::create_directories(dir);
    const Image a = pattern(8, 8);
    Image b = a;
    b.set(0, 0, {0, 0, 0, 0});
    auto st = expectSimilar(a, b, 4, dir / "d.png", dir / "a.png");
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code(), "image.mismatch");
    auto diff = readPng(dir / "d.png");
    ASSERT_TRUE(diff.ok());
    EXPECT_EQ(diff->width(), 8u);
    EXPECT_GT(diff->at(0, 0).r, 128);
    auto actual = readPng(dir / "a.png");
    ASSERT_TRUE(actual.ok());
    EXPECT_EQ(*actual, b);
    EXPECT_TRUE(expectSimilar(a, a, 0, dir / "never.png", {}).ok());
    EXPECT_FALSE(std::filesystem::exists(dir / "never.png"));
}

}  // namespace
}  // namespace vestige::image
