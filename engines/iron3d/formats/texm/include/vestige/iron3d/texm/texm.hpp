#pragma once
// Texm: the Iron3D texture (NRes type 'Texm' in Textures.lib, LightMap.lib, ui_factory.lib, ...).
//
//   0x00 +---------------------------------------------+
//        | u32 magic 'Texm' (54 65 78 6D)              |
//        | u32 width    u32 height    u32 mip_count    |  all > 0
//        | u32 flags4   u32 flags5    u32 unknown6     |  opaque [?], kept
//        | u32 format  (0, 565, 556, 4444, 88, 888, 8888)
//   0x20 +---------------------------------------------+
//        | palette 256 x 4 bytes      (format 0 only)  |
//        +---------------------------------------------+
//        | mip 0: w x h x bpp                          |  level i: max(1, w>>i) x max(1, h>>i),
//        | mip 1 ... mip n-1                           |  halving with a floor of 1 each step
//        +---------------------------------------------+
//        | optional Page chunk:                        |
//        |   u32 magic 'Page' (50 61 67 65)            |
//        |   u32 rect_count                            |
//        |   rect_count x {i16 x, i16 w, i16 y, i16 h} |  note the order: x, w, y, h (base-mip pixels)
//        +---------------------------------------------+  EOF (any other tail is an error)
//
// See ../shared/specs/iron3d.md section 9 and docs/texm.md.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/image/image.hpp"

namespace vestige::iron3d::texm {

constexpr std::uint32_t kMagic = 0x6D786554;      // "Texm"
constexpr std::uint32_t kPageMagic = 0x65676150;  // "Page"
constexpr std::uint32_t kNresType = kMagic;       // the NRes entry type id of a texture
constexpr std::size_t kHeaderSize = 32;
constexpr std::size_t kPaletteSize = 1024;        // 256 entries x 4 bytes
constexpr std::size_t kPageHeaderSize = 8;
constexpr std::size_t kPageRectSize = 8;
// Policy limits (not from the game): a forged header must not make us loop or allocate without bound.
constexpr std::uint32_t kMaxMipCount = 32;
constexpr std::uint32_t kMaxSide = 65536;

enum class Format : std::uint32_t {
    Indexed = 0,      // 1 byte: palette index
    Rgb565 = 565,     // 2 bytes: R 15..11, G 10..5, B 4..0
    Rgb556 = 556,     // 2 bytes: R 15..11, G 10..6, B 5..0 (loader-only)
    Argb4444 = 4444,  // 2 bytes: A 15..12, R 11..8, G 7..4, B 3..0
    La88 = 88,        // 2 bytes: L high byte, A low byte (loader-only)
    Rgb888 = 888,     // 4 bytes: R, G, B, service byte (kept, ignored)
    Argb8888 = 8888,  // 4 bytes: A, R, G, B
};

// Every format the spec lists, in the order of the spec table.
constexpr std::array<Format, 7> kFormats = {Format::Indexed, Format::Rgb565, Format::Rgb556, Format::Argb4444,
                                            Format::La88, Format::Rgb888, Format::Argb8888};

[[nodiscard]] bool isKnownFormat(std::uint32_t format);
// Bytes per pixel of a known format (0 for an unknown one).
[[nodiscard]] std::uint32_t bytesPerPixel(Format format);
[[nodiscard]] std::string_view formatName(Format format);  // "indexed", "565", ...

struct Header {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t mipCount = 0;
    std::uint32_t flags4 = 0;    // +0x10 opaque [?]
    std::uint32_t flags5 = 0;    // +0x14 opaque, takes part in the loader's mip skip [?]
    std::uint32_t unknown6 = 0;  // +0x18 opaque [?]
    std::uint32_t format = 0;    // +0x1C raw; see Format
};

struct PageRect {
    std::int16_t x = 0, width = 0, y = 0, height = 0;  // stored x, w, y, h
    friend constexpr bool operator==(PageRect, PageRect) = default;
};

struct MipSize {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint64_t bytes = 0;
};

// The level sizes of a chain: halving with a floor of 1 each step (3x2 with 3 levels: 3x2, 1x1, 1x1).
// Fails on zero sizes, an unknown format, too many levels or a byte count that overflows.
[[nodiscard]] Result<std::vector<MipSize>> mipChain(std::uint32_t width, std::uint32_t height, std::uint32_t mipCount,
                                                    std::uint32_t format);

struct Texture {
    Header header;
    Bytes palette;                          // 1024 bytes for Format::Indexed, empty otherwise
    std::vector<Bytes> mips;                // raw level bytes, level 0 first
    std::optional<std::vector<PageRect>> page;  // present when the file has a Page chunk (possibly 0 rects)

    [[nodiscard]] Format format() const { return static_cast<Format>(header.format); }
    [[nodiscard]] MipSize mipSize(std::uint32_t level) const;
};

// Reads a whole Texm payload. `baseOffset` is the payload's absolute offset in its file (errors
// report absolute offsets). Stops exactly at the end: EOF after the mips, or a complete Page chunk.
[[nodiscard]] Result<Texture> read(ByteView data, std::uint64_t baseOffset = 0);
// Header only (no level bytes checked beyond the header itself).
[[nodiscard]] Result<Header> readHeader(ByteView data, std::uint64_t baseOffset = 0);
// Byte-exact inverse of read(); validates the level sizes against the header first.
[[nodiscard]] Result<Bytes> write(const Texture& texture);

// How 4/5/6-bit channels widen to 8 bits. The reference decoder rounds; the original docs speak of
// bit replication. They differ for a few values (see docs/texm.md), so both are available.
enum class Expansion {
    Rounding,     // 5-bit (v*255+15)/31, 6-bit (v*255+31)/63, 4-bit v*17
    Replication,  // 5-bit v<<3|v>>2, 6-bit v<<2|v>>4, 4-bit v<<4|v
};
[[nodiscard]] std::uint8_t expand4(std::uint32_t v, Expansion e = Expansion::Rounding);
[[nodiscard]] std::uint8_t expand5(std::uint32_t v, Expansion e = Expansion::Rounding);
[[nodiscard]] std::uint8_t expand6(std::uint32_t v, Expansion e = Expansion::Rounding);

// Decodes one level to RGBA8 (rows top to bottom, as stored).
[[nodiscard]] Result<image::Image> decode(const Texture& texture, std::uint32_t level = 0,
                                          Expansion expansion = Expansion::Rounding);
// Decodes `pixels` (exactly w*h*bpp bytes) of `format` into `out` (w*h*4 bytes, RGBA). The palette
// is used for Format::Indexed only. Low level: no allocation; used by decode() and the benchmark.
void decodePixels(Format format, const std::uint8_t* pixels, std::size_t pixelCount, const std::uint8_t* palette,
                  std::uint8_t* out, Expansion expansion = Expansion::Rounding);

// Authoring (fixtures, demo): encodes an RGBA image into `format` with `mipCount` levels made by a
// 2x2 box filter. Indexed images need at most 256 distinct colours (palette entries in first-use
// order, stored R, G, B, A); 888 writes `serviceByte` as the 4th byte of every pixel.
struct EncodeOptions {
    Format format = Format::Argb8888;
    std::uint32_t mipCount = 1;
    std::uint32_t flags4 = 0, flags5 = 0, unknown6 = 0;
    std::uint8_t serviceByte = 0;
    std::optional<std::vector<PageRect>> page;
};
[[nodiscard]] Result<Texture> encode(const image::Image& image, const EncodeOptions& options);

// Page rectangle of the base level rescaled to a smaller level (policy of the reference runtime):
// new origin floor(x*mipW/baseW), new end ceil((x+w)*mipW/baseW); likewise for y/h.
[[nodiscard]] PageRect scaleRect(PageRect rect, std::uint32_t baseWidth, std::uint32_t baseHeight,
                                 std::uint32_t mipWidth, std::uint32_t mipHeight);

}  // namespace vestige::iron3d::texm
