#pragma once
// RGBA8 images: the pixel container shared by the renderer, capture, golden tests and PNG I/O.
// Rows are stored top to bottom (row 0 is the top of the picture), 4 bytes per pixel, no padding.
#include <cstdint>
#include <filesystem>

#include "vestige/core/bytes.hpp"
#include "vestige/core/result.hpp"

namespace vestige::image {

struct Rgba8 {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
    friend constexpr bool operator==(Rgba8, Rgba8) = default;
};

// Largest side we accept when decoding; keeps width*height*4 far below any size_t overflow and
// refuses decompression bombs (a 1x2^31 PNG header costs nothing to forge).
constexpr std::uint32_t kMaxSide = 16384;

class Image {
public:
    Image() = default;
    Image(std::uint32_t width, std::uint32_t height, Rgba8 fill = {0, 0, 0, 255});

    [[nodiscard]] std::uint32_t width() const { return mWidth; }
    [[nodiscard]] std::uint32_t height() const { return mHeight; }
    [[nodiscard]] bool empty() const { return mWidth == 0 || mHeight == 0; }
    [[nodiscard]] Rgba8 at(std::uint32_t x, std::uint32_t y) const;
    void set(std::uint32_t x, std::uint32_t y, Rgba8 c);
    [[nodiscard]] std::uint8_t* data() { return mPixels.data(); }
    [[nodiscard]] const std::uint8_t* data() const { return mPixels.data(); }
    [[nodiscard]] const Bytes& bytes() const { return mPixels; }
    [[nodiscard]] std::size_t rowBytes() const { return static_cast<std::size_t>(mWidth) * 4; }
    // Reverses the row order (GL read-back is bottom-up).
    void flipRows();

    friend bool operator==(const Image&, const Image&) = default;

private:
    std::uint32_t mWidth = 0;
    std::uint32_t mHeight = 0;
    Bytes mPixels;
};

// PNG encoding: 8-bit RGBA, no time/text chunks, fixed zlib level, so equal images give equal bytes.
[[nodiscard]] Result<Bytes> encodePng(const Image& image);
// Decodes any PNG libpng understands (palette, grey, 16-bit, interlaced) to RGBA8. Errors name the
// byte offset the decoder had reached.
[[nodiscard]] Result<Image> decodePng(ByteView data);
[[nodiscard]] Status writePng(const std::filesystem::path& path, const Image& image);
[[nodiscard]] Result<Image> readPng(const std::filesystem::path& path);

// Per-channel comparison with a tolerance. The diff image shows matching pixels as a dimmed grey
// copy of `expected` and differing pixels in red whose brightness grows with the error.
struct DiffResult {
    std::uint64_t differingPixels = 0;  // pixels with any channel off by more than the tolerance
    int maxDelta = 0;                   // largest per-channel absolute difference seen
    bool sizeMismatch = false;
    Image diff;
    [[nodiscard]] bool matches() const { return !sizeMismatch && differingPixels == 0; }
};
[[nodiscard]] DiffResult compare(const Image& expected, const Image& actual, int tolerance);
// compare(), and on mismatch writes `diffPath` (the diff image) next to `actualPath` (what we got);
// returns an error describing the mismatch.
[[nodiscard]] Status expectSimilar(const Image& expected, const Image& actual, int tolerance,
                                   const std::filesystem::path& diffPath, const std::filesystem::path& actualPath);

}  // namespace vestige::image
