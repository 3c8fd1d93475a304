#pragma once
// Valve Texture Format (VTF 7.0-7.5): structure, reader, writer and pixel decoding to RGBA8.
//
// Three layers: `Vtf` keeps every header field, the raw header bytes (padding survives), the resource
// directory (7.3+, unknown resources kept), the thumbnail and high-res bytes as stored, and every byte of
// the file no field or region claims (`extras`), so write(read(x)) == x. `decode*` interprets pixels.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vestige/core/bytes.hpp"
#include "vestige/core/math.hpp"
#include "vestige/core/result.hpp"
#include "vestige/image/image.hpp"

namespace vestige::source::vtf {

constexpr std::uint32_t kIdent = 0x00465456;  // "VTF\0"

// Image format ids 0-29 are stable across Source branches; ids above 29 differ per branch and are refused.
enum class Format : std::int32_t {
    None = -1,
    RGBA8888 = 0,
    ABGR8888 = 1,
    RGB888 = 2,
    BGR888 = 3,
    RGB565 = 4,
    I8 = 5,
    IA88 = 6,
    P8 = 7,
    A8 = 8,
    RGB888_BLUESCREEN = 9,
    BGR888_BLUESCREEN = 10,
    ARGB8888 = 11,
    BGRA8888 = 12,
    DXT1 = 13,
    DXT3 = 14,
    DXT5 = 15,
    BGRX8888 = 16,
    BGR565 = 17,
    BGRX5551 = 18,
    BGRA4444 = 19,
    DXT1_ONEBITALPHA = 20,
    BGRA5551 = 21,
    UV88 = 22,
    UVWQ8888 = 23,
    RGBA16161616F = 24,
    RGBA16161616 = 25,
    UVLX8888 = 26,
    R32F = 27,
    RGB323232F = 28,
    RGBA32323232F = 29,
};

// "DXT1", "BGRA8888", ... ; "NONE" for -1; "UNKNOWN(n)" otherwise.
std::string formatName(std::int32_t format);
// Ids whose storage size is known (-1 and 0-29).
bool isKnownFormat(std::int32_t format);
bool isBlockCompressed(std::int32_t format);  // DXT1, DXT3, DXT5, DXT1_ONEBITALPHA
// Bytes of one w x h image; DXT rounds up to whole 4x4 blocks. Fails on unknown ids or overflow.
[[nodiscard]] Result<std::uint64_t> imageBytes(std::int32_t format, std::uint32_t width, std::uint32_t height);

// Texture flags (§4.4). Names for `vestige info`.
namespace flag {
constexpr std::uint32_t kPointSample = 0x1, kTrilinear = 0x2, kClampS = 0x4, kClampT = 0x8, kAnisotropic = 0x10,
                        kHintDxt5 = 0x20, kSrgb = 0x40, kNormal = 0x80, kNoMip = 0x100, kNoLod = 0x200,
                        kAllMips = 0x400, kProcedural = 0x800, kOneBitAlpha = 0x1000, kEightBitAlpha = 0x2000,
                        kEnvmap = 0x4000, kRenderTarget = 0x8000, kDepthRenderTarget = 0x10000,
                        kNoDebugOverride = 0x20000, kSingleCopy = 0x40000, kNoDepthBuffer = 0x800000,
                        kClampU = 0x2000000, kVertexTexture = 0x4000000, kSsBump = 0x8000000, kBorder = 0x20000000;
}
std::vector<std::string> flagNames(std::uint32_t flags);  // unknown bits as "0x..."

// Resource tags (7.3+).
using Tag = std::array<std::uint8_t, 3>;
constexpr Tag kTagLowRes{0x01, 0, 0};
constexpr Tag kTagHighRes{0x30, 0, 0};
constexpr Tag kTagSheet{0x10, 0, 0};
constexpr Tag kTagCrc{'C', 'R', 'C'};
constexpr Tag kTagLod{'L', 'O', 'D'};
constexpr Tag kTagTso{'T', 'S', 'O'};
constexpr Tag kTagKvd{'K', 'V', 'D'};
constexpr std::uint8_t kResourceNoData = 0x02;

struct Resource {
    Tag tag{};
    std::uint8_t flags = 0;
    // Inline value when (flags & kResourceNoData); otherwise the absolute offset of the data as read
    // (0 = let the writer place it).
    std::uint32_t value = 0;
    // Chunk payload (without its u32 length) for chunked resources other than the two images.
    Bytes data;
    [[nodiscard]] bool inlineValue() const { return (flags & kResourceNoData) != 0; }
    [[nodiscard]] bool isImage() const { return tag == kTagLowRes || tag == kTagHighRes; }
    [[nodiscard]] std::string tagText() const;  // "CRC", "\x01\0\0" as "01 00 00"
};

// Bytes of the file not claimed by the header, a resource or an image (gaps and trailing data).
struct Extra {
    std::uint64_t offset = 0;
    Bytes data;
};

struct Vtf {
    std::uint32_t versionMajor = 7;
    std::uint32_t versionMinor = 5;
    std::uint32_t headerSize = 0;  // as stored; 0 = the writer computes it
    std::uint16_t width = 0, height = 0;
    std::uint32_t flags = 0;
    std::uint16_t frames = 1;
    std::uint16_t firstFrame = 0;
    Vec3 reflectivity;
    float bumpScale = 1.0f;
    std::int32_t highResFormat = 0;
    std::uint8_t mipCount = 1;
    std::int32_t lowResFormat = -1;
    std::uint8_t lowResWidth = 0, lowResHeight = 0;
    std::uint16_t depth = 1;          // 7.2+; 1 before
    std::uint32_t faces = 1;          // derived: 1, 6 (envmap) or 7 (envmap + sphere map, 7.1-7.4)
    Bytes rawHeader;                  // the header as read (fields + padding); empty for built files
    std::vector<Resource> resources;  // 7.3+, directory order
    Bytes lowRes;                     // thumbnail bytes as stored
    Bytes highRes;                    // mips smallest first; in each: frames, faces, slices
    std::vector<Extra> extras;

    [[nodiscard]] bool hasResources() const { return versionMinor >= 3; }
    [[nodiscard]] std::uint32_t mipWidth(std::uint32_t mip) const;
    [[nodiscard]] std::uint32_t mipHeight(std::uint32_t mip) const;
    [[nodiscard]] std::uint32_t mipDepth(std::uint32_t mip) const;
    [[nodiscard]] const Resource* findResource(const Tag& tag) const;
    // Bytes of all high-res data for this header (checked arithmetic).
    [[nodiscard]] Result<std::uint64_t> highResBytes() const;
    // Offset inside highRes and size of one subimage.
    [[nodiscard]] Result<std::pair<std::uint64_t, std::uint64_t>> subimage(std::uint32_t mip, std::uint32_t frame,
                                                                           std::uint32_t face,
                                                                           std::uint32_t slice = 0) const;
};

struct ReadOptions {
    // Largest side accepted (keeps decoded images allocatable).
    std::uint32_t maxSide = image::kMaxSide;
};

[[nodiscard]] Result<Vtf> readVtf(ByteView data, const ReadOptions& options = {});
// Serialises; byte-exact for files from readVtf. Built files get a packed layout.
[[nodiscard]] Result<Bytes> writeVtf(const Vtf& vtf);

// Pixel decoding. `oneBitAlpha` makes DXT1 use punch-through alpha (index 3 transparent when c0 <= c1).
struct DecodeOptions {
    bool oneBitAlpha = false;
};
[[nodiscard]] Result<image::Image> decode(std::int32_t format, ByteView data, std::uint32_t width, std::uint32_t height,
                                          const DecodeOptions& options = {});
// One subimage of a parsed file (DXT1 punch-through follows the one-bit-alpha flag).
[[nodiscard]] Result<image::Image> decodeImage(const Vtf& vtf, std::uint32_t mip = 0, std::uint32_t frame = 0,
                                               std::uint32_t face = 0, std::uint32_t slice = 0);
[[nodiscard]] Result<image::Image> decodeThumbnail(const Vtf& vtf);
// Encoding for the uncompressed formats (inverse of decode where the format can hold RGBA8 exactly;
// lossy formats round to nearest). DXT and P8 are refused: pass DXT bytes through buildVtf instead.
[[nodiscard]] Result<Bytes> encode(std::int32_t format, const image::Image& image);

// Building new files (in-memory fixtures, demo content).
struct BuildSpec {
    std::uint32_t versionMinor = 5;
    std::int32_t format = static_cast<std::int32_t>(Format::RGBA8888);
    std::uint16_t width = 1, height = 1, depth = 1, frames = 1;
    std::uint32_t faces = 1;  // 6 sets the envmap flag; 7 (7.1-7.4) adds the sphere map face
    std::uint8_t mips = 1;    // 0 = the full chain down to 1x1
    std::uint32_t flags = 0;
    std::uint16_t firstFrame = 0;
    Vec3 reflectivity;
    float bumpScale = 1.0f;
    std::int32_t lowResFormat = -1;  // thumbnail (optional): format, size and bytes passed through
    std::uint8_t lowResWidth = 0, lowResHeight = 0;
    Bytes lowRes;
    std::vector<Resource> extraResources;  // 7.3+: e.g. CRC / LOD / KVD, written after the images
};
// Encodes source(mip, frame, face, slice) for every subimage (uncompressed formats only).
using SubimageSource =
    std::function<image::Image(std::uint32_t mip, std::uint32_t frame, std::uint32_t face, std::uint32_t slice)>;
[[nodiscard]] Result<Vtf> buildVtf(const BuildSpec& spec, const SubimageSource& source);
// Takes high-res bytes as given (any known format, DXT included); their size must match the spec.
[[nodiscard]] Result<Vtf> buildVtfRaw(const BuildSpec& spec, Bytes highRes);

}  // namespace vestige::source::vtf
