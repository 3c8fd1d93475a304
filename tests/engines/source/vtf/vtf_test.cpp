// VTF structure: header per version, size math, data order, resources, errors, byte-exact round trips.
// Fixtures are built in memory by our own writer.
#include "vestige/source/vtf/vtf.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace vestige::source::vtf {
namespace {

using image::Image;
using image::Rgba8;

constexpr std::int32_t kRgba = static_cast<std::int32_t>(Format::RGBA8888);

// A colour that names its subimage, so order mistakes show.
Rgba8 tagColour(std::uint32_t mip, std::uint32_t frame, std::uint32_t face, std::uint32_t slice) {
    return {static_cast<std::uint8_t>(mip * 40), static_cast<std::uint8_t>(frame * 30),
            static_cast<std::uint8_t>(face * 20), static_cast<std::uint8_t>(255 - slice * 10)};
}

SubimageSource tagged(std::uint32_t width, std::uint32_t height) {
    return [=](std::uint32_t mip, std::uint32_t frame, std::uint32_t face, std::uint32_t slice) {
        return Image(std::max(1u, width >> mip), std::max(1u, height >> mip), tagColour(mip, frame, face, slice));
    };
}

Bytes mustWrite(const Vtf& v) {
    auto b = writeVtf(v);
    EXPECT_TRUE(b.ok()) << b.error().render();
    return b.ok() ? *b : Bytes{};
}

TEST(VtfSize, BlockAndPixelFormats) {
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::DXT1), 1, 1), 8u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::DXT1), 4, 4), 8u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::DXT1), 5, 5), 32u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::DXT5), 5, 3), 32u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::DXT3), 64, 64), 4096u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::RGB888), 3, 5), 45u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::RGBA16161616F), 2, 2), 32u);
    EXPECT_EQ(*imageBytes(static_cast<std::int32_t>(Format::RGBA32323232F), 1, 1), 16u);
    EXPECT_EQ(*imageBytes(-1, 16, 16), 0u);
    auto big = imageBytes(static_cast<std::int32_t>(Format::RGBA32323232F), 0xFFFFFFFFu, 0xFFFFFFFFu);
    ASSERT_FALSE(big.ok());
    EXPECT_EQ(big.error().code(), "vtf.overflow");
    auto unknown = imageBytes(37, 4, 4);
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code(), "vtf.unknown_format");
}

TEST(VtfSize, NonPowerOfTwoMipChain) {
    BuildSpec spec;
    spec.width = 5;
    spec.height = 3;
    spec.mips = 0;  // full chain: 5x3, 2x1, 1x1
    auto v = buildVtf(spec, tagged(5, 3));
    ASSERT_TRUE(v.ok()) << v.error().render();
    EXPECT_EQ(v->mipCount, 3);
    EXPECT_EQ(*v->highResBytes(), (15u + 2u + 1u) * 4u);
    // DXT5 at 5x3: 2x1 blocks, then 1 block, then 1 block.
    spec.format = static_cast<std::int32_t>(Format::DXT5);
    auto d = buildVtfRaw(spec, Bytes(32 + 16 + 16, 0xAB));
    ASSERT_TRUE(d.ok()) << d.error().render();
    EXPECT_EQ(*d->subimage(0, 0, 0), (std::pair<std::uint64_t, std::uint64_t>{32, 32}));
    EXPECT_EQ(*d->subimage(2, 0, 0), (std::pair<std::uint64_t, std::uint64_t>{0, 16}));
    auto wrong = buildVtfRaw(spec, Bytes(63));
    ASSERT_FALSE(wrong.ok());
    EXPECT_EQ(wrong.error().expectedText().value_or(""), "64");
}

TEST(VtfHeader, EveryVersionRoundTrips) {
    // Header sizes: 7.0/7.1 64, 7.2 80, 7.3+ 80 + 8 per resource (one high-res entry here).
    const std::uint32_t headerSizes[6] = {64, 64, 80, 88, 88, 88};
    for (std::uint32_t minor = 0; minor <= 5; ++minor) {
        SCOPED_TRACE(minor);
        BuildSpec spec;
        spec.versionMinor = minor;
        spec.width = 8;
        spec.height = 4;
        spec.mips = 0;
        spec.frames = 2;
        spec.flags = flag::kTrilinear | flag::kEightBitAlpha;
        spec.reflectivity = {0.25f, 0.5f, 0.75f};
        spec.bumpScale = 2.0f;
        auto v = buildVtf(spec, tagged(8, 4));
        ASSERT_TRUE(v.ok()) << v.error().render();
        const Bytes bytes = mustWrite(*v);
        const std::uint64_t high = 2 * (8 * 4 + 4 * 2 + 2 * 1 + 1 * 1) * 4;
        ASSERT_EQ(bytes.size(), headerSizes[minor] + high);
        EXPECT_EQ(loadU32(bytes.data() + 12), headerSizes[minor]);
        auto back = readVtf(bytes);
        ASSERT_TRUE(back.ok()) << back.error().render();
        EXPECT_EQ(back->versionMinor, minor);
        EXPECT_EQ(back->headerSize, headerSizes[minor]);
        EXPECT_EQ(back->width, 8);
        EXPECT_EQ(back->height, 4);
        EXPECT_EQ(back->mipCount, 4);
        EXPECT_EQ(back->frames, 2);
        EXPECT_EQ(back->flags, flag::kTrilinear | flag::kEightBitAlpha);
        EXPECT_EQ(back->reflectivity, (Vec3{0.25f, 0.5f, 0.75f}));
        EXPECT_EQ(back->bumpScale, 2.0f);
        EXPECT_EQ(back->lowResFormat, -1);
        EXPECT_EQ(back->resources.size(), minor >= 3 ? 1u : 0u);
        EXPECT_EQ(mustWrite(*back), bytes);
        for (std::uint32_t m = 0; m < 4; ++m)
            for (std::uint32_t f = 0; f < 2; ++f) {
                auto img = decodeImage(*back, m, f);
                ASSERT_TRUE(img.ok()) << img.error().render();
                EXPECT_EQ(img->at(0, 0), tagColour(m, f, 0, 0));
            }
    }
}

TEST(VtfLayout, SmallestMipFirstThenFramesFacesSlices) {
    BuildSpec spec;
    spec.versionMinor = 5;
    spec.width = 4;
    spec.height = 4;
    spec.depth = 2;
    spec.mips = 0;  // 4x4x2, 2x2x1, 1x1x1
    spec.frames = 2;
    auto v = buildVtf(spec, tagged(4, 4));
    ASSERT_TRUE(v.ok()) << v.error().render();
    ASSERT_EQ(v->mipCount, 3);
    // The first pixel in the file belongs to mip 2, frame 0; the last 4x4 slice is mip 0, frame 1, slice 1.
    Rgba8 first;
    std::memcpy(&first, v->highRes.data(), 4);
    EXPECT_EQ(first, tagColour(2, 0, 0, 0));
    EXPECT_EQ(*v->subimage(2, 1, 0), (std::pair<std::uint64_t, std::uint64_t>{4, 4}));
    EXPECT_EQ(*v->subimage(1, 0, 0), (std::pair<std::uint64_t, std::uint64_t>{8, 16}));
    EXPECT_EQ(*v->subimage(0, 0, 0, 1), (std::pair<std::uint64_t, std::uint64_t>{40 + 64, 64}));
    EXPECT_EQ(*v->subimage(0, 1, 0, 1), (std::pair<std::uint64_t, std::uint64_t>{40 + 3 * 64, 64}));
    EXPECT_EQ(v->highRes.size(), 40u + 4 * 64);
    auto bad = v->subimage(1, 0, 0, 1);  // mip 1 has one slice
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().find("field"), "slice");
    auto back = readVtf(mustWrite(*v));
    ASSERT_TRUE(back.ok()) << back.error().render();
    auto img = decodeImage(*back, 0, 1, 0, 1);
    ASSERT_TRUE(img.ok());
    EXPECT_EQ(img->at(3, 3), tagColour(0, 1, 0, 1));
}

TEST(VtfLayout, EnvmapSixAndSphereSevenFaces) {
    for (std::uint32_t faces : {6u, 7u}) {
        BuildSpec spec;
        spec.versionMinor = 4;
        spec.width = 2;
        spec.height = 2;
        spec.mips = 0;
        spec.faces = faces;
        auto v = buildVtf(spec, tagged(2, 2));
        ASSERT_TRUE(v.ok()) << v.error().render();
        EXPECT_NE(v->flags & flag::kEnvmap, 0u);
        auto back = readVtf(mustWrite(*v));
        ASSERT_TRUE(back.ok()) << back.error().render();
        EXPECT_EQ(back->faces, faces);  // 7 is detected from the room the data takes
        auto img = decodeImage(*back, 0, 0, faces - 1);
        ASSERT_TRUE(img.ok());
        EXPECT_EQ(img->at(1, 1), tagColour(0, 0, faces - 1, 0));
    }
    BuildSpec seven;
    seven.versionMinor = 5;
    seven.faces = 7;
    EXPECT_FALSE(buildVtf(seven, tagged(1, 1)).ok());  // 7.5 has no sphere map
}

TEST(VtfResources, InlineChunkAndUnknownResourcesSurvive) {
    BuildSpec spec;
    spec.versionMinor = 5;
    spec.width = 4;
    spec.height = 4;
    spec.lowResFormat = static_cast<std::int32_t>(Format::DXT1);
    spec.lowResWidth = 4;
    spec.lowResHeight = 4;
    spec.lowRes = Bytes{0x00, 0xF8, 0x1F, 0x00, 0x00, 0x00, 0x00, 0x00};
    spec.extraResources.push_back({kTagCrc, kResourceNoData, 0xDEADBEEF, {}});
    spec.extraResources.push_back({kTagKvd, 0, 0, Bytes{'a', ' ', '1'}});
    spec.extraResources.push_back({Tag{'Z', 'Z', 'Z'}, 0, 0, Bytes{1, 2, 3, 4, 5}});
    auto v = buildVtf(spec, tagged(4, 4));
    ASSERT_TRUE(v.ok()) << v.error().render();
    ASSERT_EQ(v->resources.size(), 5u);
    // Sorted by tag: 01 00 00, 30 00 00, CRC, KVD, ZZZ.
    EXPECT_EQ(v->resources[0].tag, kTagLowRes);
    EXPECT_EQ(v->resources[1].tag, kTagHighRes);
    EXPECT_EQ(v->resources[2].tag, kTagCrc);
    const Bytes bytes = mustWrite(*v);
    // header 80 + 5*8 = 120, thumbnail 8, high-res 64, KVD 4+3, ZZZ 4+5.
    ASSERT_EQ(bytes.size(), 120u + 8 + 64 + 7 + 9);
    auto back = readVtf(bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    EXPECT_EQ(back->headerSize, 120u);
    EXPECT_EQ(back->resources[0].value, 120u);
    EXPECT_EQ(back->resources[1].value, 128u);
    EXPECT_EQ(back->findResource(kTagCrc)->value, 0xDEADBEEFu);
    EXPECT_EQ(back->findResource(kTagKvd)->data, (Bytes{'a', ' ', '1'}));
    EXPECT_EQ(back->findResource(Tag{'Z', 'Z', 'Z'})->data, (Bytes{1, 2, 3, 4, 5}));
    EXPECT_EQ(back->lowRes, spec.lowRes);
    auto thumb = decodeThumbnail(*back);
    ASSERT_TRUE(thumb.ok());
    EXPECT_EQ(thumb->at(0, 0), (Rgba8{255, 0, 0, 255}));
    EXPECT_EQ(mustWrite(*back), bytes);
}

TEST(VtfResources, EmptyThumbnailEntryAndDuplicateImage) {
    BuildSpec spec;
    spec.versionMinor = 3;
    spec.width = 2;
    spec.height = 2;
    auto v = buildVtf(spec, tagged(2, 2));
    ASSERT_TRUE(v.ok());
    // A thumbnail entry whose header says "no thumbnail": its value (0 here) is kept as it was.
    v->resources.insert(v->resources.begin(), Resource{kTagLowRes, 0, 0, {}});
    const Bytes bytes = mustWrite(*v);
    auto back = readVtf(bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->resources.size(), 2u);
    EXPECT_EQ(back->resources[0].value, 0u);
    EXPECT_TRUE(back->lowRes.empty());
    EXPECT_EQ(mustWrite(*back), bytes);
    // Two high-res entries are ambiguous and refused.
    Bytes dup = bytes;
    dup[80] = 0x30;
    auto r = readVtf(dup);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vtf.duplicate_resource");
    EXPECT_EQ(r.error().offset(), 88u);
}

TEST(VtfRoundTrip, GapsTrailingBytesAndPaddingKept) {
    BuildSpec spec;
    spec.versionMinor = 3;
    spec.width = 2;
    spec.height = 2;
    spec.extraResources.push_back({kTagKvd, 0, 0, Bytes{'x'}});
    auto v = buildVtf(spec, tagged(2, 2));
    ASSERT_TRUE(v.ok());
    Bytes bytes = mustWrite(*v);
    // Hand-edit: non-zero header padding, a 3-byte gap before the KVD chunk, 2 trailing bytes.
    bytes[28] = 0x11;
    bytes[44] = 0x22;
    bytes[66] = 0x33;
    bytes[75] = 0x44;
    const std::uint32_t kvdOffset = loadU32(bytes.data() + 80 + 8 * 1 + 4);
    bytes.insert(bytes.begin() + kvdOffset, {0xA1, 0xA2, 0xA3});
    const std::uint32_t moved = kvdOffset + 3;
    std::memcpy(bytes.data() + 80 + 8 + 4, &moved, 4);
    bytes.push_back(0xEE);
    bytes.push_back(0xFF);
    auto back = readVtf(bytes);
    ASSERT_TRUE(back.ok()) << back.error().render();
    ASSERT_EQ(back->extras.size(), 2u);
    EXPECT_EQ(back->extras[0].offset, kvdOffset);
    EXPECT_EQ(back->extras[0].data, (Bytes{0xA1, 0xA2, 0xA3}));
    EXPECT_EQ(back->extras[1].data, (Bytes{0xEE, 0xFF}));
    EXPECT_EQ(mustWrite(*back), bytes);
}

TEST(VtfErrors, NameFieldAndOffset) {
    BuildSpec spec;
    spec.versionMinor = 2;
    spec.width = 4;
    spec.height = 4;
    auto v = buildVtf(spec, tagged(4, 4));
    ASSERT_TRUE(v.ok());
    const Bytes good = mustWrite(*v);
    auto expectError = [](const Bytes& b, const char* code, const char* field, std::uint64_t offset) {
        auto r = readVtf(b);
        ASSERT_FALSE(r.ok()) << code;
        EXPECT_EQ(r.error().code(), code) << r.error().render();
        EXPECT_EQ(r.error().find("field"), field) << r.error().render();
        EXPECT_EQ(r.error().offset(), offset) << r.error().render();
    };
    Bytes b = good;
    b[0] = 'X';
    expectError(b, "vtf.bad_magic", "signature", 0);
    b = good;
    b[8] = 6;
    expectError(b, "vtf.bad_version", "versionMinor", 8);
    b = good;
    b[56] = 4;  // 4x4 has at most 3 levels
    expectError(b, "vtf.bad_mip_count", "mipCount", 56);
    b = good;
    b[52] = 37;  // ATI2N in one branch, something else in another: refused
    expectError(b, "vtf.unknown_format", "highResImageFormat", 52);
    b = good;
    b[16] = 0;
    expectError(b, "vtf.bad_size", "width", 16);
    b = good;
    b.pop_back();
    expectError(b, "vtf.truncated", "highResData", 80);
    b = good;
    b.resize(40);
    auto shortHeader = readVtf(b);
    ASSERT_FALSE(shortHeader.ok());
    EXPECT_EQ(shortHeader.error().code(), "vtf.bad_header_size");
    EXPECT_EQ(shortHeader.error().offset(), 12u);
}

TEST(VtfErrors, ResourceChunkPastEnd) {
    BuildSpec spec;
    spec.width = 1;
    spec.height = 1;
    spec.extraResources.push_back({kTagKvd, 0, 0, Bytes{'x'}});
    auto v = buildVtf(spec, tagged(1, 1));
    ASSERT_TRUE(v.ok());
    Bytes b = mustWrite(*v);
    const std::uint32_t kvd = loadU32(b.data() + 80 + 8 + 4);
    b[kvd] = 200;  // length runs past the end
    auto r = readVtf(b);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code(), "vtf.truncated");
    EXPECT_EQ(r.error().offset(), 80u + 8 + 4);
    EXPECT_EQ(r.error().find("record"), "1");
}

TEST(VtfFlags, Names) {
    EXPECT_EQ(flagNames(flag::kClampS | flag::kEnvmap | 0x40000000u),
              (std::vector<std::string>{"CLAMPS", "ENVMAP", "0x40000000"}));
    EXPECT_EQ(formatName(13), "DXT1");
    EXPECT_EQ(formatName(-1), "NONE");
    EXPECT_EQ(formatName(99), "UNKNOWN(99)");
}

}  // namespace
}  // namespace vestige::source::vtf
