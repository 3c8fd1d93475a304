// Second line: the five real VTF 7.2 samples (srctools test data) against their decoded reference PNGs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "shared.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/image/image.hpp"
#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {
namespace {

struct Sample {
    const char* name;
    Format format;
    std::size_t fileSize;
    std::uint32_t flags;
    int tolerance;            // per-channel, vs the reference decoder
    std::uint64_t differing;  // pixels differing at all (tolerance 0), pinned
    int maxDelta;             // largest per-channel difference, pinned
};

// All five decode bit-exactly (tolerance 0): DXT palettes interpolate with truncating division like the
// reference decoder; rounding to nearest would leave 862 (DXT1) / 80 (DXT5) pixels off by 1.
constexpr Sample kSamples[] = {
    {"bgr888", Format::BGR888, 16591, 0x0, 0, 0, 0}, {"bgra8888", Format::BGRA8888, 22052, 0x2000, 0, 0, 0},
    {"dxt1", Format::DXT1, 2952, 0x0, 0, 0, 0},      {"dxt5", Format::DXT5, 5696, 0x2000, 0, 0, 0},
    {"i8", Format::I8, 5669, 0x0, 0, 0, 0},
};

class Corpus : public ::testing::TestWithParam<Sample> {};

TEST_P(Corpus, ReadsRoundTripsAndDecodes) {
    const Sample& s = GetParam();
    VESTIGE_REQUIRE_SHARED(path, fmt::format("corpus/vtf/sample_{}.vtf", s.name));
    VESTIGE_REQUIRE_SHARED(pngPath, fmt::format("corpus/vtf/expected_{}.png", s.name));
    auto bytes = readFile(path);
    ASSERT_TRUE(bytes.ok()) << bytes.error().render();
    EXPECT_EQ(bytes->size(), s.fileSize);
    auto vtf = readVtf(*bytes);
    ASSERT_TRUE(vtf.ok()) << vtf.error().render();
    EXPECT_EQ(vtf->versionMajor, 7u);
    EXPECT_EQ(vtf->versionMinor, 2u);
    EXPECT_EQ(vtf->headerSize, 80u);
    EXPECT_EQ(vtf->width, 64);
    EXPECT_EQ(vtf->height, 64);
    EXPECT_EQ(vtf->depth, 1);
    EXPECT_EQ(vtf->mipCount, 7);
    EXPECT_EQ(vtf->frames, 1);
    EXPECT_EQ(vtf->faces, 1u);
    EXPECT_EQ(vtf->flags, s.flags);
    EXPECT_EQ(vtf->highResFormat, static_cast<std::int32_t>(s.format));
    EXPECT_EQ(vtf->lowResFormat, static_cast<std::int32_t>(Format::DXT1));
    EXPECT_EQ(vtf->lowResWidth, 16);
    EXPECT_EQ(vtf->lowResHeight, 16);
    EXPECT_EQ(vtf->lowRes.size(), 128u);
    EXPECT_EQ(vtf->bumpScale, 1.0f);
    EXPECT_FLOAT_EQ(vtf->reflectivity.x, 0.18734698f);
    EXPECT_TRUE(vtf->extras.empty());
    EXPECT_EQ(80 + 128 + vtf->highRes.size(), s.fileSize);

    auto written = writeVtf(*vtf);
    ASSERT_TRUE(written.ok()) << written.error().render();
    EXPECT_TRUE(*written == *bytes) << "round trip is not byte-exact";

    auto expected = image::readPng(pngPath);
    ASSERT_TRUE(expected.ok()) << expected.error().render();
    auto decoded = decodeImage(*vtf);
    ASSERT_TRUE(decoded.ok()) << decoded.error().render();
    const auto exact = image::compare(*expected, *decoded, 0);
    EXPECT_FALSE(exact.sizeMismatch);
    EXPECT_EQ(exact.differingPixels, s.differing);
    EXPECT_EQ(exact.maxDelta, s.maxDelta);
    EXPECT_TRUE(image::compare(*expected, *decoded, s.tolerance).matches());

    // Every mip and the thumbnail decode.
    for (std::uint32_t m = 0; m < vtf->mipCount; ++m) {
        auto mip = decodeImage(*vtf, m);
        ASSERT_TRUE(mip.ok()) << mip.error().render();
        EXPECT_EQ(mip->width(), 64u >> m);
    }
    auto thumb = decodeThumbnail(*vtf);
    ASSERT_TRUE(thumb.ok()) << thumb.error().render();
    EXPECT_EQ(thumb->width(), 16u);
}

INSTANTIATE_TEST_SUITE_P(Vtf, Corpus, ::testing::ValuesIn(kSamples),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace vestige::source::vtf
