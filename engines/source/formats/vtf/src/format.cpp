// Format table, size math and flag names shared by the reader, writer and decoder.
#include <fmt/format.h>

#include "vestige/source/vtf/vtf.hpp"

namespace vestige::source::vtf {

namespace {

struct FormatRow {
    const char* name;
    std::uint32_t bytesPerPixel;  // 0 for block formats
    std::uint32_t blockBytes;     // bytes per 4x4 block, 0 for pixel formats
};

constexpr FormatRow kFormats[30] = {
    {"RGBA8888", 4, 0},
    {"ABGR8888", 4, 0},
    {"RGB888", 3, 0},
    {"BGR888", 3, 0},
    {"RGB565", 2, 0},
    {"I8", 1, 0},
    {"IA88", 2, 0},
    {"P8", 1, 0},
    {"A8", 1, 0},
    {"RGB888_BLUESCREEN", 3, 0},
    {"BGR888_BLUESCREEN", 3, 0},
    {"ARGB8888", 4, 0},
    {"BGRA8888", 4, 0},
    {"DXT1", 0, 8},
    {"DXT3", 0, 16},
    {"DXT5", 0, 16},
    {"BGRX8888", 4, 0},
    {"BGR565", 2, 0},
    {"BGRX5551", 2, 0},
    {"BGRA4444", 2, 0},
    {"DXT1_ONEBITALPHA", 0, 8},
    {"BGRA5551", 2, 0},
    {"UV88", 2, 0},
    {"UVWQ8888", 4, 0},
    {"RGBA16161616F", 8, 0},
    {"RGBA16161616", 8, 0},
    {"UVLX8888", 4, 0},
    {"R32F", 4, 0},
    {"RGB323232F", 12, 0},
    {"RGBA32323232F", 16, 0},
};

}  // namespace

std::string formatName(std::int32_t format) {
    if (format == -1) return "NONE";
    if (format >= 0 && format < 30) return kFormats[format].name;
    return fmt::format("UNKNOWN({})", format);
}

bool isKnownFormat(std::int32_t format) { return format >= -1 && format < 30; }

bool isBlockCompressed(std::int32_t format) { return format >= 0 && format < 30 && kFormats[format].blockBytes != 0; }

Result<std::uint64_t> imageBytes(std::int32_t format, std::uint32_t width, std::uint32_t height) {
    if (format == -1) return std::uint64_t{0};
    if (!isKnownFormat(format))
        return Error("vtf.unknown_format", "image format id has no known storage size")
            .expected("-1..29")
            .actual(std::to_string(format));
    const auto& row = kFormats[format];
    std::uint64_t out = 0;
    if (row.blockBytes != 0) {
        // Whole 4x4 blocks; a 1x1 or 2x2 mip still takes one block.
        const std::uint64_t bw = std::max<std::uint64_t>(1, (std::uint64_t{width} + 3) / 4);
        const std::uint64_t bh = std::max<std::uint64_t>(1, (std::uint64_t{height} + 3) / 4);
        if (!checkedMul(bw, bh, out) || !checkedMul(out, row.blockBytes, out))
            return Error("vtf.overflow", "image size overflows");
        return out;
    }
    if (!checkedMul(width, height, out) || !checkedMul(out, row.bytesPerPixel, out))
        return Error("vtf.overflow", "image size overflows");
    return out;
}

std::vector<std::string> flagNames(std::uint32_t flags) {
    static constexpr std::pair<std::uint32_t, const char*> kNames[] = {
        {flag::kPointSample, "POINTSAMPLE"},
        {flag::kTrilinear, "TRILINEAR"},
        {flag::kClampS, "CLAMPS"},
        {flag::kClampT, "CLAMPT"},
        {flag::kAnisotropic, "ANISOTROPIC"},
        {flag::kHintDxt5, "HINT_DXT5"},
        {flag::kSrgb, "SRGB"},
        {flag::kNormal, "NORMAL"},
        {flag::kNoMip, "NOMIP"},
        {flag::kNoLod, "NOLOD"},
        {flag::kAllMips, "ALL_MIPS"},
        {flag::kProcedural, "PROCEDURAL"},
        {flag::kOneBitAlpha, "ONEBITALPHA"},
        {flag::kEightBitAlpha, "EIGHTBITALPHA"},
        {flag::kEnvmap, "ENVMAP"},
        {flag::kRenderTarget, "RENDERTARGET"},
        {flag::kDepthRenderTarget, "DEPTHRENDERTARGET"},
        {flag::kNoDebugOverride, "NODEBUGOVERRIDE"},
        {flag::kSingleCopy, "SINGLECOPY"},
        {flag::kNoDepthBuffer, "NODEPTHBUFFER"},
        {flag::kClampU, "CLAMPU"},
        {flag::kVertexTexture, "VERTEXTEXTURE"},
        {flag::kSsBump, "SSBUMP"},
        {flag::kBorder, "BORDER"},
    };
    std::vector<std::string> out;
    std::uint32_t rest = flags;
    for (const auto& [bit, name] : kNames) {
        if (flags & bit) {
            out.emplace_back(name);
            rest &= ~bit;
        }
    }
    for (std::uint32_t bit = 1; bit != 0; bit <<= 1)
        if (rest & bit) out.push_back(fmt::format("0x{:X}", bit));
    return out;
}

std::string Resource::tagText() const {
    const bool printable =
        tag[0] >= 0x20 && tag[0] < 0x7F && tag[1] >= 0x20 && tag[1] < 0x7F && tag[2] >= 0x20 && tag[2] < 0x7F;
    if (printable) return std::string{static_cast<char>(tag[0]), static_cast<char>(tag[1]), static_cast<char>(tag[2])};
    return fmt::format("{:02X} {:02X} {:02X}", tag[0], tag[1], tag[2]);
}

std::uint32_t Vtf::mipWidth(std::uint32_t mip) const {
    return mip >= 32 ? 1u : std::max(1u, std::uint32_t{width} >> mip);
}
std::uint32_t Vtf::mipHeight(std::uint32_t mip) const {
    return mip >= 32 ? 1u : std::max(1u, std::uint32_t{height} >> mip);
}
std::uint32_t Vtf::mipDepth(std::uint32_t mip) const {
    return mip >= 32 ? 1u : std::max(1u, std::uint32_t{depth} >> mip);
}

const Resource* Vtf::findResource(const Tag& tag) const {
    for (const auto& r : resources)
        if (r.tag == tag) return &r;
    return nullptr;
}

namespace {

// Bytes of one mip level: frames x faces x slices subimages.
Result<std::uint64_t> mipBytes(const Vtf& v, std::uint32_t mip, std::uint64_t* subimageBytes = nullptr) {
    VESTIGE_TRY(std::uint64_t one, imageBytes(v.highResFormat, v.mipWidth(mip), v.mipHeight(mip)));
    if (subimageBytes) *subimageBytes = one;
    std::uint64_t n = 0;
    if (!checkedMul(one, v.frames, n) || !checkedMul(n, v.faces, n) || !checkedMul(n, v.mipDepth(mip), n))
        return Error("vtf.overflow", "mip level size overflows").record(mip);
    return n;
}

}  // namespace

Result<std::uint64_t> Vtf::highResBytes() const {
    std::uint64_t total = 0;
    for (std::uint32_t m = 0; m < mipCount; ++m) {
        VESTIGE_TRY(std::uint64_t n, mipBytes(*this, m));
        if (!checkedAdd(total, n, total)) return Error("vtf.overflow", "high-res data size overflows");
    }
    return total;
}

Result<std::pair<std::uint64_t, std::uint64_t>> Vtf::subimage(std::uint32_t mip, std::uint32_t frame,
                                                              std::uint32_t face, std::uint32_t slice) const {
    auto outOfRange = [](const char* what, std::uint32_t v, std::uint32_t n) {
        return Error("vtf.no_subimage", fmt::format("{} {} does not exist", what, v))
            .field(what)
            .expected(fmt::format("0..{}", n == 0 ? 0 : n - 1))
            .actual(std::to_string(v));
    };
    if (mip >= mipCount) return outOfRange("mip", mip, mipCount);
    if (frame >= frames) return outOfRange("frame", frame, frames);
    if (face >= faces) return outOfRange("face", face, faces);
    if (slice >= mipDepth(mip)) return outOfRange("slice", slice, mipDepth(mip));
    // Smallest mip first: every level after `mip` in index order precedes it in the file.
    std::uint64_t offset = 0;
    for (std::uint32_t m = mipCount - 1; m > mip; --m) {
        VESTIGE_TRY(std::uint64_t n, mipBytes(*this, m));
        offset += n;  // bounded by highResBytes(), which the reader has checked
    }
    std::uint64_t one = 0;
    VESTIGE_TRY(std::uint64_t levelBytes, mipBytes(*this, mip, &one));
    (void)levelBytes;
    const std::uint64_t index = (std::uint64_t{frame} * faces + face) * mipDepth(mip) + slice;
    return std::pair{offset + index * one, one};
}

}  // namespace vestige::source::vtf
